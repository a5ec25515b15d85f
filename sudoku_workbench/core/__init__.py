"""The value types every other package builds on: geometry, grid, steps, errors, cancel token.

Standard library only; never imports Qt, numpy or networkx.
"""

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import Cancelled, Contradiction, FileError, FormatError, WorkbenchError
from sudoku_workbench.core.geometry import (
    BOX_SHAPES,
    Candidate,
    Cell,
    Digit,
    Geometry,
    digit_char,
    digit_from_char,
    geometry,
    geometry_for_size,
)
from sudoku_workbench.core.grid import Grid, Problem, ProblemKind
from sudoku_workbench.core.step import Chain, Form, Highlights, Link, Step, candidate_name

__all__ = [
    "BOX_SHAPES",
    "CancelToken",
    "Cancelled",
    "Candidate",
    "Cell",
    "Chain",
    "Contradiction",
    "Digit",
    "FileError",
    "Form",
    "FormatError",
    "Geometry",
    "Grid",
    "Highlights",
    "Link",
    "Problem",
    "ProblemKind",
    "Step",
    "WorkbenchError",
    "candidate_name",
    "digit_char",
    "digit_from_char",
    "geometry",
    "geometry_for_size",
]
