"""Where the library's database lives: the user's data folder, or the file a test or a script names.

The window keeps its files in Qt's GenericDataLocation plus ``sudoku-workbench`` (``gui/session/storage.py``);
this module finds the same folder without Qt, so the window and the command line open one library.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

__all__ = ["DB_ENV", "DB_NAME", "default_library_path"]

#: The environment variable that names another database file (tests, scripts, a second library).
DB_ENV = "SUDOKU_WORKBENCH_LIBRARY"
#: The database's file name inside the data folder.
DB_NAME = "library.sqlite3"
_APP_FOLDER = "sudoku-workbench"


def _generic_data_dir() -> Path:
    """Qt's GenericDataLocation on each platform, as its documentation gives it."""
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def default_library_path(
    explicit: str | os.PathLike[str] | None = None, data_dir: Path | None = None
) -> Path:
    """The database: ``explicit`` if given, else ``$SUDOKU_WORKBENCH_LIBRARY``, else the data folder's.

    ``data_dir`` is the data folder when the caller knows it (the window's, which Qt may have moved).
    """
    if explicit:
        return Path(explicit)
    named = os.environ.get(DB_ENV)
    if named:
        return Path(named)
    return (data_dir or _generic_data_dir() / _APP_FOLDER) / DB_NAME
