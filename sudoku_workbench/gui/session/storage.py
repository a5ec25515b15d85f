"""Files of the window: opening and saving puzzles and documents, the recovery file, recent files.

The recovery files (one per window, see ``formats.recovery``), the recent list and the settings live in
the user's data folder (``QStandardPaths``, one level: ``…/sudoku-workbench``); tests pass another
folder. Versions before this one wrote to a doubled folder (``…/sudoku-workbench/sudoku-workbench``,
Qt's AppDataLocation with organisation and application of the same name); its recovery files and recent
list are still found, so no autosaved work is lost in the move. Reading and writing go through ``formats``
(puzzle files) and ``formats.document`` (our JSON document with the step history); every write is atomic
(``formats.atomic``).
"""

from __future__ import annotations

import contextlib
import json
import threading
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from sudoku_workbench.core.errors import FileError
from sudoku_workbench.core.history import History
from sudoku_workbench.formats.atomic import write_atomic
from sudoku_workbench.formats.document import format_document, parse_document, read_json_file, write_document
from sudoku_workbench.formats.files import DOCUMENT_SUFFIXES, read_file, write_file
from sudoku_workbench.formats.recovery import RecoveryFile

__all__ = ["APP_FOLDER", "RECENT_LIMIT", "Storage", "default_data_dirs"]

#: How many files File → Open recent lists.
RECENT_LIMIT = 8
#: The data folder's name (and the application's name given to Qt).
APP_FOLDER = "sudoku-workbench"


def default_data_dirs() -> tuple[Path, tuple[Path, ...]]:
    """The user's data folder, and the older folders whose recovery files are still offered back.

    GenericDataLocation plus our name gives one level on every platform; AppDataLocation (the old
    choice) appends the organisation and the application name, both ours, hence the doubled folder.
    """
    generic = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    legacy = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    home = Path.home() / f".{APP_FOLDER}"
    data_dir = Path(generic) / APP_FOLDER if generic else home
    older = [Path(legacy)] if legacy else []
    return data_dir, tuple(p for p in [*older, home] if p != data_dir)


class Storage:
    """Where the session's files go; every method raises on failure with a message naming the place."""

    def __init__(self, data_dir: Path | None = None, older_dirs: tuple[Path, ...] = ()) -> None:
        """``older_dirs``: folders earlier versions used; by default (no ``data_dir``) the real ones."""
        if data_dir is None:
            data_dir, older_dirs = default_data_dirs()
        self.data_dir = data_dir
        self.older_dirs = older_dirs
        self.recovery = RecoveryFile(data_dir)
        self._recent_lock = threading.Lock()
        #: ``.json`` files read as f-puzzles puzzles, which Save does not write over.
        self._foreign: set[Path] = set()
        self._adopt_older_settings()

    def _adopt_older_settings(self) -> None:
        """Copy the remembered dialog choices of an older data folder, once (a copy that fails is skipped)."""
        mine = self.data_dir / "settings.ini"
        older = next((d / mine.name for d in self.older_dirs if (d / mine.name).is_file()), None)
        if older is None or mine.exists():
            return
        with contextlib.suppress(OSError):
            self.data_dir.mkdir(parents=True, exist_ok=True)
            write_atomic(mine, older.read_bytes())

    def settings(self) -> QSettings:
        """The remembered choices of dialogs, in ``settings.ini`` beside the recovery files."""
        return QSettings(str(self.data_dir / "settings.ini"), QSettings.Format.IniFormat)

    # ---- where file dialogs start ------------------------------------------------------------
    def last_folder(self) -> Path:
        """The folder of the last file opened or saved; the first time, the user's documents (or home)."""
        saved = self.settings().value("files/last_folder", "")
        if isinstance(saved, str) and saved and Path(saved).is_dir():
            return Path(saved)
        documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        return Path(documents) if documents and Path(documents).is_dir() else Path.home()

    def remember_folder(self, path: Path) -> None:
        """File dialogs start next time in the folder of ``path`` (a file chosen in one)."""
        settings = self.settings()
        settings.setValue("files/last_folder", str(path.resolve().parent))
        settings.sync()

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
        if not self.is_document(path):
            return History(read_file(path))
        history, ours = read_json_file(path)
        if not ours:
            self._foreign.add(path.resolve())
        return history

    def is_document(self, path: Path | None) -> bool:
        """Whether ``path`` names a workbench document, the only file Save writes over in place.

        An f-puzzles ``.json`` read here is not one: our document written over it would change its format.
        """
        if path is None or path.suffix.lower() not in DOCUMENT_SUFFIXES:
            return False
        return path.resolve() not in self._foreign

    def write(self, path: Path, history: History) -> None:
        """Save: our document (with the history) for ``.json``, else the puzzle file the suffix names.

        Raises:
            FormatError: when the suffix names no format we write.
            OSError: when the file cannot be written.
        """
        if path.suffix.lower() in DOCUMENT_SUFFIXES:
            self._write_document(path, history)
            self._foreign.discard(path.resolve())
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
        """Take over the autosave of a window that did not close cleanly; True when there was one.

        An orphan in an older data folder is copied into this window's recovery file first, and removed
        there only once the copy is written.
        """
        if self.recovery.claim_orphan():
            return True
        return any(folder.is_dir() and self._claim_from(folder) for folder in self.older_dirs)

    def _claim_from(self, folder: Path) -> bool:
        older = RecoveryFile(folder)
        if not older.claim_orphan():
            return False
        try:
            found = older.read()
        except FileError:  # too large: left where it is, like an unreadable one
            found = None
        if found is None:  # unreadable: left where it is
            return False
        try:
            self.recovery.write(*found)
        except OSError:
            return False
        older.discard()
        return True

    def read_recovery(self) -> tuple[History, Path | None] | None:
        """This window's autosaved (or claimed) history, or None when there is none or it is unreadable.

        Raises:
            FileError: when the recovery file is too large to be read (``RecoveryFile.read``).
        """
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
        names: object = []
        for folder in (self.data_dir, *self.older_dirs):
            try:
                names = json.loads((folder / "recent.json").read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            break
        if not isinstance(names, list):
            return []
        return [Path(n) for n in names if isinstance(n, str) and Path(n).exists()]

    def remember(self, path: Path) -> None:
        """Put a file at the top of the recent list (from any thread: one update at a time).

        Raises:
            OSError: when the data folder cannot be written.
        """
        with self._recent_lock:
            names = [str(path.resolve())] + [str(p) for p in self.recent() if p.resolve() != path.resolve()]
            self.data_dir.mkdir(parents=True, exist_ok=True)
            write_atomic(self.data_dir / "recent.json", json.dumps(names[:RECENT_LIMIT]))
