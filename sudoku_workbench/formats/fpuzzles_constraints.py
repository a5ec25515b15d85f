"""f-puzzles' thermometers, arrows, kropki dots and XV pairs, read into ``core.constraints`` and written back.

The keys, from the published decoders (dclamage's SudokuSolver, SudokuPad's sudokutools):
``thermometer`` (objects with ``lines``, each a line of cells from the bulb; a line is a thermometer
here, so a branched one is several), ``arrow`` (``cells``, the bulb, and ``lines``, each a shaft that
starts in the bulb: the bulb's cells are left out of it), ``difference`` (white dots, ``cells``: two
cells; a ``value`` other than 1 is another constraint), ``ratio`` (black dots; a ``value`` other than
2 likewise), ``xv`` (``cells`` and ``value`` ``"X"`` or ``"V"``), ``nonconsecutive`` (every white dot
given) and ``negative``, a list naming the negative rules: ``difference``, ``ratio``, ``xv``. Writing,
the white half is ``nonconsecutive`` (which every decoder reads), the others go in ``negative``.
"""

from __future__ import annotations

from typing import Any

from sudoku_workbench.core.constraints import (
    XV,
    Arrow,
    Constraint,
    Dot,
    NoOtherDots,
    NoOtherXV,
    Thermo,
    checked_constraints,
)
from sudoku_workbench.core.errors import ShapeError
from sudoku_workbench.core.geometry import Geometry
from sudoku_workbench.formats.json_reader import JsonReader

__all__ = ["KEYS", "cell_refs", "read_constraints", "write_constraints"]

#: The f-puzzles keys read here.
KEYS = frozenset({"thermometer", "arrow", "difference", "ratio", "xv", "negative", "nonconsecutive"})
_NEGATIVES = ("difference", "ratio", "xv")


def cell_refs(reader: JsonReader, refs: Any, n: int, path: str) -> list[int]:
    """The cells of a list of ``R1C1``-style names."""
    if not isinstance(refs, list):
        raise reader.error(path, "expected a list of cells")
    found = []
    for ref in refs:
        row, _, col = ref.upper().removeprefix("R").partition("C") if isinstance(ref, str) else ("", "", "")
        if not (row.isdigit() and col.isdigit() and 1 <= int(row) <= n and 1 <= int(col) <= n):
            raise reader.error(path, f"{ref!r} is not a cell R1C1 to R{n}C{n}")
        found.append((int(row) - 1) * n + int(col) - 1)
    return found


def read_constraints(reader: JsonReader, data: dict[str, Any], n: int) -> list[Constraint]:
    """The constraints under the keys of :data:`KEYS`, each checked (an error names key and item)."""
    found: list[Constraint] = []
    for key in ("thermometer", "arrow", "difference", "ratio", "xv"):
        for index, item in enumerate(reader.get(data, key, list, key, [])):
            path = f"{key}[{index}]"
            if not isinstance(item, dict):
                raise reader.error(path, "expected an object")
            for made in _READERS[key](reader, item, n, path):
                try:
                    found += checked_constraints(n, [made])
                except ShapeError as err:
                    raise reader.error(path, str(err)) from None
    found += _negatives(reader, data)
    return found


def _thermometers(reader: JsonReader, item: dict[str, Any], n: int, path: str) -> list[Constraint]:
    lines = reader.get(item, "lines", list, f"{path}.lines")
    return [Thermo(tuple(cell_refs(reader, line, n, f"{path}.lines[{i}]"))) for i, line in enumerate(lines)]


def _arrows(reader: JsonReader, item: dict[str, Any], n: int, path: str) -> list[Constraint]:
    bulb = tuple(cell_refs(reader, item.get("cells"), n, f"{path}.cells"))
    lines = reader.get(item, "lines", list, f"{path}.lines", [])
    shafts = [cell_refs(reader, line, n, f"{path}.lines[{i}]") for i, line in enumerate(lines)]
    return [Arrow(bulb, tuple(c for c in shaft if c not in bulb)) for shaft in shafts or [[]]]


def _pair(reader: JsonReader, item: dict[str, Any], n: int, path: str) -> tuple[int, int]:
    cells = cell_refs(reader, item.get("cells"), n, f"{path}.cells")
    if len(cells) != 2:
        raise reader.error(f"{path}.cells", f"expected the two cells the mark lies between, not {len(cells)}")
    return cells[0], cells[1]


def _dot(black: bool) -> Any:
    plain, word = (2, "ratio") if black else (1, "difference")

    def read(reader: JsonReader, item: dict[str, Any], n: int, path: str) -> list[Constraint]:
        value = item.get("value", plain)
        if str(value) not in (str(plain), ""):
            raise reader.error(f"{path}.value", f"a {word} of {value} has no rules here yet (only {plain})")
        return [Dot(*_pair(reader, item, n, path), black)]

    return read


def _xv(reader: JsonReader, item: dict[str, Any], n: int, path: str) -> list[Constraint]:
    value = item.get("value")
    if value not in ("X", "V", "x", "v"):
        raise reader.error(f"{path}.value", f'{value!r} is no XV mark (expected "X" or "V")')
    return [XV(*_pair(reader, item, n, path), 10 if value.upper() == "X" else 5)]


_READERS = {
    "thermometer": _thermometers,
    "arrow": _arrows,
    "difference": _dot(False),
    "ratio": _dot(True),
    "xv": _xv,
}


def _negatives(reader: JsonReader, data: dict[str, Any]) -> list[Constraint]:
    names = reader.get(data, "negative", list, "negative", [])
    unknown = [name for name in names if name not in _NEGATIVES]
    if unknown:
        raise reader.error("negative", f"the negative rule of {unknown[0]!r} has no rules here yet")
    white = "difference" in names or reader.get(data, "nonconsecutive", bool, "nonconsecutive", False)
    black = "ratio" in names
    found: list[Constraint] = [NoOtherDots(white, black)] if white or black else []
    return [*found, NoOtherXV()] if "xv" in names else found


def _ref(geo: Geometry, cell: int) -> str:
    return f"R{geo.row_of[cell] + 1}C{geo.col_of[cell] + 1}"


def _touching_bulb_cell(geo: Geometry, arrow: Arrow) -> int:
    """The bulb cell a written shaft starts from: the first one touching the shaft's first cell."""
    first = arrow.shaft[0]
    return next(
        b
        for b in arrow.bulb
        if max(abs(geo.row_of[b] - geo.row_of[first]), abs(geo.col_of[b] - geo.col_of[first])) == 1
    )


def write_constraints(geo: Geometry, data: dict[str, Any]) -> None:
    """Add the shape's constraints to an f-puzzles object, under the keys the decoders read."""

    def refs(cells: tuple[int, ...]) -> list[str]:
        return [_ref(geo, c) for c in cells]

    arrows: dict[tuple[int, ...], list[list[str]]] = {}
    for item in geo.constraints:
        if isinstance(item, Thermo):
            data.setdefault("thermometer", []).append({"lines": [refs(item.cells)]})
        elif isinstance(item, Arrow):
            arrows.setdefault(item.bulb, []).append(refs((_touching_bulb_cell(geo, item), *item.shaft)))
        elif isinstance(item, Dot):
            data.setdefault("ratio" if item.black else "difference", []).append(
                {"cells": refs((item.a, item.b))}
            )
        elif isinstance(item, XV):
            mark = "X" if item.total == 10 else "V"
            data.setdefault("xv", []).append({"cells": refs((item.a, item.b)), "value": mark})
        elif isinstance(item, NoOtherDots):
            if item.white:
                data["nonconsecutive"] = True
            if item.black:
                data.setdefault("negative", []).append("ratio")
        else:
            data.setdefault("negative", []).append("xv")
    if arrows:
        data["arrow"] = [{"cells": refs(bulb), "lines": lines} for bulb, lines in arrows.items()]
