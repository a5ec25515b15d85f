"""The package's exception hierarchy: one base, located format errors, contradictions, cancellation."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Cancelled", "Contradiction", "FileError", "FormatError", "ShapeError", "WorkbenchError"]


class WorkbenchError(Exception):
    """Base of every error this package raises on purpose."""


class FormatError(WorkbenchError, ValueError):
    """Malformed input, located so a person can find and fix it.

    ``line`` and ``column`` are 1-based; 0 means "not applicable" (a whole-file problem).
    """

    def __init__(self, message: str, source: str = "<input>", line: int = 0, column: int = 0) -> None:
        self.message = message
        self.source = source
        self.line = line
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        place = self.source
        if self.line:
            place += f", line {self.line}"
        if self.column:
            place += f", column {self.column}"
        return f"{place}: {self.message}"


class ShapeError(WorkbenchError, ValueError):
    """A shape that cannot be: a region map with a hole, a region of the wrong size, a misfit extra or cage.

    The message names the problem and where it is.
    """


class FileError(WorkbenchError, OSError):
    """A file cannot be written (full disk, read-only place, a folder in the way); the message names it.

    It is an ``OSError`` too, so code that guards file access with ``except OSError`` keeps working.
    """

    def __init__(self, message: str, path: str) -> None:
        self.path = path
        super().__init__(f"{path}: {message}")

    def __str__(self) -> str:
        return str(self.args[0])


class Contradiction(WorkbenchError):
    """The position is impossible; ``cells`` are the ones at fault (for highlighting)."""

    def __init__(self, message: str, cells: Sequence[int] = ()) -> None:
        self.cells = tuple(cells)
        super().__init__(message)


class Cancelled(WorkbenchError):
    """A long job was stopped through its cancel token."""
