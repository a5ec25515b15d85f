"""Files of the window: opening and saving puzzles and documents, the recovery file, recent files.

The recovery file and the recent list live in the user's data folder (``QStandardPaths``); tests pass
another folder. Reading and writing go through ``formats`` (puzzle files) and ``formats.document`` (our
JSON document with the step history).
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.formats.document import Document, load_document, save_document
from sudoku_workbench.formats.files import read_file, write_file
from sudoku_workbench.gui.history import GIVEN, History

__all__ = ["DOCUMENT_SUFFIXES", "RECENT_LIMIT", "Storage", "document_of"]

#: Suffixes of our own document (puzzle, entries, candidates and step history).
DOCUMENT_SUFFIXES = (".json", ".sudoku")
#: How many files File → Open recent lists.
RECENT_LIMIT = 8


class Storage:
    """Where the session's files go; every method raises on failure with a message naming the place."""

    def __init__(self, data_dir: Path | None = None) -> None:
        if data_dir is None:
            location = QStandardPaths.StandardLocation.AppDataLocation
            data_dir = Path(QStandardPaths.writableLocation(location) or Path.home() / ".sudoku-workbench")
        self.data_dir = data_dir

    @property
    def recovery_path(self) -> Path:
        """The autosave file; it exists only while there are unsaved changes."""
        return self.data_dir / "recovery.json"

    # ---- documents and puzzle files ----------------------------------------------------------
    def read(self, path: Path) -> History:
        """The history stored in a file: a document's, or a fresh one for a puzzle file.

        Raises:
            FormatError: naming the file, line and column of what is wrong.
            OSError: when the file cannot be read.
        """
        if path.suffix.lower() in DOCUMENT_SUFFIXES:
            return _history_of(load_document(path), str(path))
        return History(read_file(path))

    def write(self, path: Path, history: History) -> None:
        """Save: our document (with the history) for ``.json``, else the puzzle file the suffix names.

        Raises:
            FormatError: when the suffix names no format we write.
            OSError: when the file cannot be written.
        """
        if path.suffix.lower() in DOCUMENT_SUFFIXES:
            self._write_document(path, history)
        else:
            write_file(path, history.grid)

    def _write_document(self, path: Path, history: History) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        save_document(path, document_of(history))

    # ---- recovery ----------------------------------------------------------------------------
    def write_recovery(self, history: History, path: Path | None) -> None:
        """Autosave the history (and which file it belongs to) to the recovery file."""
        self._write_document(self.recovery_path, history)
        self._origin_path().write_text(json.dumps({"path": str(path) if path else None}), encoding="utf-8")

    def read_recovery(self) -> tuple[History, Path | None] | None:
        """The autosaved history left by a crash, or None when there is none (or it is unreadable)."""
        if not self.recovery_path.exists():
            return None
        try:
            history = self.read(self.recovery_path)
            origin = json.loads(self._origin_path().read_text(encoding="utf-8")).get("path")
        except (OSError, ValueError):
            return None
        return history, Path(origin) if origin else None

    def discard_recovery(self) -> None:
        """Remove the recovery file (after a save, or a clean close)."""
        for path in (self.recovery_path, self._origin_path()):
            path.unlink(missing_ok=True)

    def _origin_path(self) -> Path:
        return self.data_dir / "recovery-origin.json"

    # ---- recent files ------------------------------------------------------------------------
    def recent(self) -> list[Path]:
        """Recently opened or saved files, newest first, those still present."""
        try:
            names = json.loads((self.data_dir / "recent.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return []
        return [Path(n) for n in names if isinstance(n, str) and Path(n).exists()]

    def remember(self, path: Path) -> None:
        """Put a file at the top of the recent list."""
        names = [str(path.resolve())] + [str(p) for p in self.recent() if p.resolve() != path.resolve()]
        self.data_dir.mkdir(parents=True, exist_ok=True)
        (self.data_dir / "recent.json").write_text(json.dumps(names[:RECENT_LIMIT]), encoding="utf-8")


def document_of(history: History) -> Document:
    """The document of a history.

    The document keeps one set of givens, so clue edits (Givens mode) are folded into its start: the
    saved history begins after the last clue edit, or at the current position if that edit was undone.
    """
    records = history.records
    last_given = max((i for i, r in enumerate(records) if r.step.rule == GIVEN), default=-1)
    if last_given < 0:
        start, steps, cursor = history.start, history.steps, history.cursor
    elif history.cursor > last_given:
        start = records[last_given].grid
        steps = tuple(r.step for r in records[last_given + 1 :])
        cursor = history.cursor - last_given - 1
    else:
        start, steps, cursor = history.grid, (), 0
    plain_start = start == start.puzzle()
    return Document(history.grid, steps, cursor, None if plain_start else start)


def _history_of(doc: Document, source: str) -> History:
    try:
        start = doc.start if doc.start is not None else doc.grid.puzzle()
        history = History.replay(start, tuple(doc.history), doc.cursor)
    except ValueError as err:
        raise FormatError(f"the step history does not replay: {err}", source) from err
    if history.grid != doc.grid:
        # The history does not lead to the saved position: keep the position, which is what was seen.
        return History(doc.grid)
    return history
