"""What the logic commands share: grids sent to worker processes compactly, and JSON for a trace."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import Candidate, Geometry, geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step

__all__ = ["Packed", "pack", "packed_input", "step_record", "unpack"]

#: A grid as plain tuples (box shape, givens, entries, candidates), cheap to pickle.
Packed = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def pack(grid: Grid) -> Packed:
    """The grid as plain tuples, so worker processes do not receive the geometry's tables."""
    geo = grid.geometry
    return (geo.box_rows, geo.box_cols, grid.givens, grid.entries, grid.candidates)


def unpack(packed: Packed) -> Grid:
    """The grid :func:`pack` describes, on the shared cached geometry."""
    rows, cols, givens, entries, candidates = packed
    return Grid(geometry(rows, cols), givens, entries, candidates)


def packed_input(
    records: Iterable[tuple[int, Grid | FormatError]],
) -> Iterator[tuple[int, Packed | str]]:
    """Records with grids packed and bad records turned into their message."""
    for number, item in records:
        yield number, (str(item) if isinstance(item, FormatError) else pack(item))


def _triples(geo: Geometry, candidates: Iterable[Candidate]) -> list[list[int]]:
    return [[geo.row_of[cell] + 1, geo.col_of[cell] + 1, digit] for cell, digit in candidates]


def step_record(geo: Geometry, step: Step) -> dict[str, object]:
    """A step as the trace writes it: rule, 1-based ``[row, col, digit]`` lists, explanation."""
    return {
        "rule": step.rule,
        "placements": _triples(geo, step.placements),
        "eliminations": _triples(geo, step.eliminations),
        "explanation": step.explanation,
    }
