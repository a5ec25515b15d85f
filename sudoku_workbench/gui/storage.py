"""Files of the window: opening and saving puzzles and documents, the recovery file, recent files.

The recovery files (one per window, see ``formats.recovery``) and the recent list live in the user's
data folder (``QStandardPaths``); tests pass another folder. Reading and writing go through ``formats``
(puzzle files) and ``formats.document`` (our JSON document with the step history); every write is atomic
(``formats.atomic``).
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from sudoku_workbench.core.history import History
from sudoku_workbench.formats.atomic import write_atomic
from sudoku_workbench.formats.document import format_document, parse_document, read_document, write_document
from sudoku_workbench.formats.files import DOCUMENT_SUFFIXES, read_file, write_file
from sudoku_workbench.formats.recovery import RecoveryFile

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
        self.recovery = RecoveryFile(data_dir)

    @property
    def recovery_path(self) -> Path:
        """This window's autosave file; it exists only while there are unsaved changes."""
        return self.recovery.path

    # ---- documents and puzzle files ----------------------------------------------------------
    def read(self, path: Path) -> History:
        """The history stored in a file: a document's, or a fresh one for a puzzle file.

        Raises:
            FormatError: naming the file, line and column of what is wrong.
            OSError: when the file cannot be read.
        """
        if path.suffix.lower() in DOCUMENT_SUFFIXES:
            return read_document(path)
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
        write_document(path, history)

    # ---- recovery ----------------------------------------------------------------------------
    def write_recovery(self, history: History, path: Path | None) -> None:
        """Autosave the history (and which file it belongs to) to this window's recovery file.

        Raises:
            FileError: when the data folder cannot be written (full, read-only).
        """
        self.recovery.write(format_document(history), str(path) if path else None)

    def claim_recovery(self) -> bool:
        """Take over the autosave of a window that did not close cleanly; True when there was one."""
        return self.recovery.claim_orphan()

    def read_recovery(self) -> tuple[History, Path | None] | None:
        """This window's autosaved (or claimed) history, or None when there is none or it is unreadable."""
        found = self.recovery.read()
        if found is None:
            return None
        text, origin = found
        try:
            history = parse_document(text, str(self.recovery_path))
        except ValueError:
            return None
        return history, Path(origin) if origin else None

    def discard_recovery(self) -> None:
        """Remove this window's recovery file (after a save, or a clean close); other windows' stay."""
        self.recovery.discard()

    # ---- recent files ------------------------------------------------------------------------
    def recent(self) -> list[Path]:
        """Recently opened or saved files, newest first, those still present."""
        try:
            names = json.loads((self.data_dir / "recent.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return []
        return [Path(n) for n in names if isinstance(n, str) and Path(n).exists()]

    def remember(self, path: Path) -> None:
        """Put a file at the top of the recent list.

        Raises:
            OSError: when the data folder cannot be written.
        """
        names = [str(path.resolve())] + [str(p) for p in self.recent() if p.resolve() != path.resolve()]
        self.data_dir.mkdir(parents=True, exist_ok=True)
        write_atomic(self.data_dir / "recent.json", json.dumps(names[:RECENT_LIMIT]))
