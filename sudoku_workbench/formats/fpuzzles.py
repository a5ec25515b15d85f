"""f-puzzles puzzles: their JSON, and the links f-puzzles and SudokuPad share (LZ-string in base64).

The layout, from the published decoders (dclamage's SudokuSolver and SudokuPad's sudokutools): an
object with ``size``, ``grid`` (``size`` rows of cell objects: ``value``, ``given``, and ``region``, the
0-based region when it is not the cell's default box), the flags ``diagonal+``, ``diagonal-``,
``antiknight``, ``antiking``, ``disjointgroups``, and lists of constraints (``extraregion``,
``killercage``, ``thermometer``, …) whose cells are written ``R1C1``; a killer cage is
``{"cells": ["R1C1", …], "value": "17"}``, its sum a string (a number is read too) that is left out
for a cage without a sum. A link is
``https://www.f-puzzles.com/?load=`` and the JSON compressed by LZ-string into base64; SudokuPad's
``fpuzzles…`` and ``fpuz…`` links carry the same. Constraints the workbench has no rules for yet are
refused by name, so a puzzle is never solved with some of its rules silently dropped.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from typing import TYPE_CHECKING, Any

from sudoku_workbench.core.cages import Cage, checked_cages
from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import (
    JIGSAW_SIZES,
    Geometry,
    ShapeError,
    box_regions,
    geometry,
    jigsaw,
    with_cages,
    with_constraints,
)
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.fpuzzles_constraints import KEYS, cell_refs, read_constraints, write_constraints
from sudoku_workbench.formats.json_reader import JsonReader, load_json_object

if TYPE_CHECKING:
    from lzstring import LZString

__all__ = ["LINK_LIMIT", "format_fpuzzles", "format_link", "is_link", "parse_fpuzzles", "parse_link"]

#: The longest compressed puzzle read from a link: LZ-string output can grow with the square of its
#: input, so the bound keeps a hostile link's JSON to a few tens of MB (a 16x16 jigsaw needs ~2,000).
LINK_LIMIT = 20_000
LINK_PREFIX = "https://www.f-puzzles.com/?load="

#: Flags that switch a variant on, and the workbench's name for it.
_FLAGS = {"antiknight": "antiknight", "antiking": "antiking", "disjointgroups": "disjoint"}
_DIAGONALS = ("diagonal+", "diagonal-")
#: Keys that say nothing about the rules (the solution, pencil marks and drawings are not read).
_PASSIVE = {
    "size",
    "title",
    "author",
    "ruleset",
    "grid",
    "solution",
    "text",
    "line",
    "rectangle",
    "circle",
    "cage",
}
#: Constraints with no rules here yet, by the name messages give them.
_NOT_YET = {
    "littlekillersum": "little killer sums",
    "palindrome": "palindromes",
    "renban": "renban lines",
    "whispers": "German whispers",
    "betweenline": "between lines",
    "odd": "odd cells",
    "even": "even cells",
    "minimum": "minimum cells",
    "maximum": "maximum cells",
    "clone": "clones",
    "quadruple": "quadruples",
    "sandwichsum": "sandwich sums",
    "xsum": "X-sums",
    "skyscraper": "skyscraper clues",
    "lockout": "lockout lines",
    "entropicline": "entropic lines",
    "regionsumline": "region sum lines",
    "doublearrow": "double arrows",
}
#: Keys read into the shape beyond the flags: windoku's windows and killer cages.
_SHAPED = {"extraregion", "killercage"}
_BASE64 = re.compile(r"[A-Za-z0-9+/=]+")


def parse_fpuzzles(text: str, source: str = "<f-puzzles>") -> Grid:
    """The puzzle of an f-puzzles JSON text: givens, the solver's digits as entries, the shape.

    Raises:
        FormatError: naming the field: a grid of the wrong shape, a region map that cannot be (a hole,
            a region of the wrong size), an unknown key, or a constraint with no rules here yet.
    """
    data = load_json_object(text, source, "an f-puzzles puzzle")
    reader = JsonReader(text, source)
    _check_keys(reader, data)
    n = reader.get(data, "size", int, "size")
    if n not in JIGSAW_SIZES:
        raise reader.error("size", f"{n} is not a grid size of 4 to 25")
    rows = reader.get(data, "grid", list, "grid")
    if len(rows) != n or not all(isinstance(row, list) and len(row) == n for row in rows):
        raise reader.error("grid", f"expected {n} rows of {n} cells")
    cells = [
        _cell(reader, cell, f"grid[{i // n}][{i % n}]")
        for i, cell in enumerate(c for row in rows for c in row)
    ]
    default = _default_regions(n)
    regions = [default[i] if region is None else region for i, (_, _, region) in enumerate(cells)]
    if any(not 0 <= region < n for region in regions):
        bad = next(i for i, region in enumerate(regions) if not 0 <= region < n)
        raise reader.error(
            f"grid[{bad // n}][{bad % n}].region", f"{regions[bad]} is not a region of 0 to {n - 1}"
        )
    try:
        geo = jigsaw(regions, _extras(reader, data, n))
    except ShapeError as err:
        raise reader.error("grid", str(err)) from None
    geo = _with_killer_cages(reader, data, geo)
    try:
        geo = with_constraints(geo, read_constraints(reader, data, n))
    except ShapeError as err:  # two marks on one pair of cells (each mark alone was checked)
        raise reader.error("xv" if "dot" not in str(err) else "difference", str(err)) from None
    givens = [value if given else 0 for value, given, _ in cells]
    entries = [0 if given else value for value, given, _ in cells]
    if any(not 0 <= v <= n for v in givens + entries):
        raise reader.error("grid", f"a value outside 1 to {n}")
    return Grid.from_values(geo, givens, entries)


def format_fpuzzles(grid: Grid, title: str = "") -> str:
    """The position as f-puzzles JSON (givens, entries as the solver's digits, regions, variants)."""
    geo = grid.geometry
    n = geo.n
    default = _default_regions(n)
    rows = []
    for r in range(n):
        row = []
        for cell in range(r * n, r * n + n):
            item: dict[str, Any] = {}
            if grid.values[cell]:
                item["value"] = grid.values[cell]
                item["given"] = bool(grid.givens[cell])
            if geo.region_of[cell] != default[cell] or not geo.box:
                item["region"] = geo.region_of[cell]
            row.append(item)
        rows.append(row)
    data: dict[str, Any] = {"size": n, "title": title, "grid": rows}
    for flag, name in (("diagonal+", "x"), ("diagonal-", "x"), *_FLAGS.items()):
        if name in geo.extras:
            data[flag] = True
    if "windoku" in geo.extras:
        data["extraregion"] = [{"cells": [_cell_ref(geo, c) for c in geo.units[u]]} for u in geo.windows]
    if geo.cages:
        data["killercage"] = _killer_cage_data(geo)
    write_constraints(geo, data)
    return json.dumps(data, separators=(",", ":"))


def is_link(text: str) -> bool:
    """Whether a line is a link that may carry an f-puzzles puzzle (f-puzzles' or SudokuPad's)."""
    stripped = text.strip().lower()
    return stripped.startswith(("http://", "https://", "www.", "f-puzzles.com", "sudokupad.app"))


def parse_link(text: str, source: str = "<link>", line: int = 0) -> Grid:
    """The puzzle an f-puzzles link (``?load=``) or a SudokuPad ``fpuzzles``/``fpuz`` link carries.

    Raises:
        FormatError: for a link that carries no f-puzzles puzzle, or whose data does not decode.
    """
    link = urllib.parse.unquote(text.strip())
    match = re.search(r"[?&]load=([^&#\s]+)", link) or re.search(r"fpuz(?:zles)?([A-Za-z0-9+/= ]+)", link)
    if match is None:
        raise FormatError("this link carries no f-puzzles puzzle (expected ?load=… or fpuz…)", source, line)
    packed = match.group(1).replace(" ", "+")
    if len(packed) > LINK_LIMIT:
        raise FormatError(f"a link's puzzle longer than {LINK_LIMIT:,} characters", source, line)
    if not _BASE64.fullmatch(packed):
        raise FormatError("the link's puzzle is not base64 text", source, line)
    try:
        unpacked: str | None = _lz_string().decompressFromBase64(packed)
    except (KeyError, IndexError, TypeError, ValueError):
        unpacked = None
    if not unpacked:
        raise FormatError("the link's puzzle does not decode (LZ-string in base64)", source, line)
    try:
        return parse_fpuzzles(unpacked, source)
    except FormatError as err:
        raise FormatError(f"in the link's puzzle: {err.message}", source, line) from None


def format_link(grid: Grid, title: str = "") -> str:
    """An f-puzzles link to the position (SudokuPad opens it too)."""
    return LINK_PREFIX + _lz_string().compressToBase64(format_fpuzzles(grid, title))


def _check_keys(reader: JsonReader, data: dict[str, Any]) -> None:
    for key, value in data.items():
        if key in _NOT_YET:
            if value:
                raise reader.error(key, f"{_NOT_YET[key]} have no rules here yet; this puzzle cannot be read")
        elif (
            key not in _PASSIVE | KEYS and key not in _FLAGS and key not in _DIAGONALS and key not in _SHAPED
        ):
            raise reader.error(key, "an f-puzzles key the workbench does not know")


def _cell(reader: JsonReader, cell: Any, path: str) -> tuple[int, bool, int | None]:
    """(value, given, region or None for the default) of one cell object."""
    if not isinstance(cell, dict):
        raise reader.error(path, "expected a cell object")
    value = reader.get(cell, "value", int, f"{path}.value", 0)
    given = reader.get(cell, "given", bool, f"{path}.given", False)
    if "region" in cell and cell["region"] is None:
        raise reader.error(f"{path}.region", "a cell outside every region is not supported")
    region = reader.get(cell, "region", int, f"{path}.region", -1)
    return value, given and bool(value), None if region == -1 and "region" not in cell else region


def _extras(reader: JsonReader, data: dict[str, Any], n: int) -> list[str]:
    extras = [name for flag, name in _FLAGS.items() if reader.get(data, flag, bool, flag, False)]
    diagonals = [reader.get(data, flag, bool, flag, False) for flag in _DIAGONALS]
    if all(diagonals):
        extras.append("x")
    elif any(diagonals):
        raise reader.error(
            _DIAGONALS[diagonals.index(True)], "one diagonal alone is not supported (X needs both)"
        )
    regions = reader.get(data, "extraregion", list, "extraregion", [])
    if regions:
        found = {frozenset(_cells_of(reader, item, n, f"extraregion[{i}]")) for i, item in enumerate(regions)}
        if found != _windoku_windows(n) or len(found) != len(regions):
            raise reader.error(
                "extraregion", "extra regions other than windoku's four windows have no rules here yet"
            )
        extras.append("windoku")
    return extras


def _with_killer_cages(reader: JsonReader, data: dict[str, Any], geo: Geometry) -> Geometry:
    """``geo`` with the puzzle's ``killercage`` list, each cage checked and named by its place."""
    items = reader.get(data, "killercage", list, "killercage", [])
    cages: list[Cage] = []
    for i, item in enumerate(items):
        path = f"killercage[{i}]"
        cage = Cage(tuple(_cells_of(reader, item, geo.n, path)), _cage_sum(reader, item, path))
        try:
            cages += checked_cages(geo.n, [cage])
        except ShapeError as err:
            raise reader.error(path, str(err)) from None
    try:
        return with_cages(geo, cages) if cages else geo
    except ShapeError as err:
        raise reader.error("killercage", str(err)) from None


def _cage_sum(reader: JsonReader, item: dict[str, Any], path: str) -> int | None:
    """A killer cage's sum: its ``value``, a whole number as f-puzzles writes it (text) or as a number."""
    value = item.get("value")
    if value is None or value == "":
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() and len(value) <= 6:
        return int(value)
    raise reader.error(
        f"{path}.value", f"{value!r} is no cage sum (a whole number; leave it out for a cage without a sum)"
    )


def _killer_cage_data(geo: Geometry) -> list[dict[str, Any]]:
    """The cages as f-puzzles writes them: cells ``R1C1`` and the sum as text (none for no sum)."""
    return [
        {"cells": [_cell_ref(geo, c) for c in cage.cells]}
        | ({} if cage.total is None else {"value": str(cage.total)})
        for cage in geo.cages
    ]


def _windoku_windows(n: int) -> set[frozenset[int]]:
    """The cells of windoku's windows on an N×N grid with square boxes (none on other grids)."""
    box = _box_of(n)
    if box[0] != box[1]:
        return set()
    windoku = geometry(*box, ("windoku",))
    return {frozenset(windoku.units[u]) for u in windoku.windows}


def _cells_of(reader: JsonReader, item: Any, n: int, path: str) -> list[int]:
    refs = reader.get(item, "cells", list, f"{path}.cells") if isinstance(item, dict) else None
    if refs is None:
        raise reader.error(path, "expected an object with cells")
    return cell_refs(reader, refs, n, f"{path}.cells")


def _default_regions(n: int) -> list[int]:
    """f-puzzles' default regions: boxes as near square as divide N (rows of N cells for a prime N)."""
    return list(box_regions(n, *_box_of(n)))


def _box_of(n: int) -> tuple[int, int]:
    rows = int(n**0.5)
    while n % rows:
        rows -= 1
    return rows, n // rows


def _cell_ref(geo: Geometry, cell: int) -> str:
    return f"R{geo.row_of[cell] + 1}C{geo.col_of[cell] + 1}"


def _lz_string() -> LZString:
    """The links' compressor, imported on first use.

    lzstring pulls in ``future`` and ``logging``: about 8 ms of every command's start-up otherwise.
    """
    import lzstring

    return lzstring.LZString()
