"""Files of the window: opening and saving puzzles and documents, the recovery file, recent files.

The recovery file and the recent list live in the user's data folder (``QStandardPaths``); tests pass
another folder. Reading and writing go through ``formats`` (puzzle files) and ``formats.document`` (our
JSON document with the step history).
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from sudoku_workbench.core.history import History
from sudoku_workbench.formats.document import load_document, save_document
from sudoku_workbench.formats.files import DOCUMENT_SUFFIXES, read_file, write_file

__all__ = ["RECENT_LIMIT", "Storage"]

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
            return load_document(path)
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
        save_document(path, history)

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
