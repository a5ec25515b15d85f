"""The workbench document: a :class:`~sudoku_workbench.core.history.History` saved (save, autosave).

JSON, format version 1. Cells are 0-based row-major numbers, digits 1 … N, candidates ``[cell, digit]``::

    {"format": "sudoku-workbench", "version": 1, "title": "", "box": [3, 3],
     (or, for a jigsaw, "regions": "AAABBB…", its region map in letters; "variants": ["x"] if any;
     "cages": [{"cells": [0, 1], "sum": 17}, …] for killer cages, "sum" left out for a cage without one)
     "constraints": {"thermometer": [{"lines": [["R1C1", "R1C2"]]}], …},   thermometers, arrows, dots,
                                                    XV, if any: f-puzzles' keys (``fpuzzles_constraints``)
     "puzzle": "53..7....…",                        the givens, one line
     "position": {"entries": "…", "candidates": ["", "129", …]},   the current position
     "start": {"entries": …, "candidates": …},      optional: where the history starts, when not the puzzle
     "history": [{"rule": "naked_single", "placements": [[0, 5]], "eliminations": [],
                  "explanation": "…", "highlights": {"cells": [0], "links": [...], …},
                  "form": {"sashimi": true, …}},          optional: the step's form where not plain
                 …],
     "cursor": 1}                                   steps before the cursor are applied, the rest redo

Loading checks the version and every shape and reports a problem as a FormatError naming the field, then
replays the steps from the start. Puzzle edits that were undone or could be undone are not saved.
Hostile JSON (nesting thousands deep, integers of thousands of digits, files beyond
:data:`DOCUMENT_LIMIT`) is a FormatError too, never a RecursionError or a memory blow-up.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import fields
from typing import Any

from sudoku_workbench.core.cages import Cage
from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import (
    BOX_SHAPES,
    REGION_LETTERS,
    Candidate,
    Geometry,
    ShapeError,
    digit_char,
    geometry,
    jigsaw,
    with_cages,
    with_constraints,
)
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.history import History
from sudoku_workbench.core.step import Chain, Form, Highlights, Link, Step
from sudoku_workbench.formats.atomic import write_atomic
from sudoku_workbench.formats.fpuzzles import parse_fpuzzles
from sudoku_workbench.formats.fpuzzles_constraints import KEYS, read_constraints, write_constraints
from sudoku_workbench.formats.json_reader import JsonReader, load_json_object
from sudoku_workbench.formats.reading import read_text

__all__ = [
    "DOCUMENT_LIMIT",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "format_document",
    "parse_document",
    "read_document",
    "read_json_file",
    "write_document",
]

FORMAT_NAME = "sudoku-workbench"
FORMAT_VERSION = 1
#: The largest document read, in characters: a 25x25 puzzle solved by logic with every step saved takes
#: a few MB; the bound keeps the memory of decoding any file under ~200 MB.
DOCUMENT_LIMIT = 8 << 20


def format_document(history: History) -> str:
    """The history as JSON text (see the module notes for the layout)."""
    grid = history.grid
    geo = grid.geometry
    data: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "title": history.title,
        **_shape_data(geo),
        "puzzle": _digits_line(grid.givens),
        "position": _position_data(grid),
    }
    if history.records and history.start != history.start.puzzle():
        data["start"] = _position_data(history.start)
    data["history"] = [_step_data(step) for step in history.steps]
    data["cursor"] = history.cursor
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def parse_document(text: str, source: str = "<document>") -> History:
    """The history saved in a document's JSON text.

    When the steps do not lead to the saved position, the position is kept (it is what was seen) and
    the history starts there.

    Raises:
        FormatError: for broken JSON (with its line and column), a foreign or newer format version,
            any field of the wrong shape (named by its path, such as ``history[3].placements[0]``), or
            a step that cannot be applied.
    """
    if len(text) > DOCUMENT_LIMIT:
        raise FormatError(f"a document larger than {DOCUMENT_LIMIT:,} characters", source)
    data = load_json_object(text, source, "a workbench document")
    reader = JsonReader(text, source)
    _check_version(reader, data)
    geo = _read_constraints(reader, data, _read_shape(reader, data))
    givens = reader.digits(geo, reader.get(data, "puzzle", str, "puzzle"), "puzzle")
    grid = _read_position(reader, geo, givens, data, "position")
    steps = tuple(
        _read_step(reader, geo, item, f"history[{i}]")
        for i, item in enumerate(reader.get(data, "history", list, "history", []))
    )
    cursor = reader.get(data, "cursor", int, "cursor", len(steps))
    if not 0 <= cursor <= len(steps):
        raise reader.error("cursor", f"{cursor} is outside the history of {len(steps)} steps")
    title = reader.get(data, "title", str, "title", "")
    if "start" in data:
        start = _read_position(reader, geo, givens, data, "start")
    else:
        start = grid.puzzle() if steps else grid
    try:
        history = History.replay(start, steps, cursor, title)
    except ValueError as err:
        raise reader.error("history", str(err)) from err
    return history if history.grid == grid else History(grid, title=title)


def _shape_data(geo: Geometry) -> dict[str, Any]:
    """The shape's fields: ``box`` or a jigsaw's ``regions`` (letters, row-major), and any ``variants``."""
    data: dict[str, Any] = (
        {"box": list(geo.box)} if geo.box else {"regions": "".join(REGION_LETTERS[r] for r in geo.region_of)}
    )
    if geo.extras:
        data["variants"] = list(geo.extras)
    if geo.cages:
        data["cages"] = [
            {"cells": list(cage.cells)} | ({} if cage.total is None else {"sum": cage.total})
            for cage in geo.cages
        ]
    if geo.constraints:
        write_constraints(geo, data.setdefault("constraints", {}))
    return data


def _read_shape(reader: JsonReader, data: dict[str, Any]) -> Geometry:
    geo = _read_regions(reader, data)
    cages = [
        _read_cage(reader, geo, item, f"cages[{i}]")
        for i, item in enumerate(reader.get(data, "cages", list, "cages", []))
    ]
    try:
        return with_cages(geo, cages)
    except ShapeError as err:
        raise reader.error("cages", str(err)) from None


def _read_cage(reader: JsonReader, geo: Geometry, item: Any, path: str) -> Cage:
    if not isinstance(item, dict):
        raise reader.error(path, "expected a cage object with cells and a sum")
    cells = tuple(
        reader.cell(geo, c, f"{path}.cells") for c in reader.get(item, "cells", list, f"{path}.cells")
    )
    total = reader.get(item, "sum", int, f"{path}.sum") if "sum" in item else None
    return Cage(cells, total)


def _read_regions(reader: JsonReader, data: dict[str, Any]) -> Geometry:
    variants = reader.get(data, "variants", list, "variants", [])
    if not all(isinstance(name, str) for name in variants):
        raise reader.error("variants", f"{variants!r} is not a list of variant names")
    try:
        if "regions" in data:
            return jigsaw(reader.get(data, "regions", str, "regions").upper(), variants)
        box = reader.get(data, "box", list, "box")
        if len(box) != 2 or tuple(box) not in BOX_SHAPES.values():
            shapes = ", ".join(f"[{r}, {c}]" for r, c in BOX_SHAPES.values())
            raise reader.error("box", f"{box!r} is not a supported box shape; expected one of {shapes}")
        return geometry(box[0], box[1], variants)
    except ShapeError as err:
        raise reader.error("regions" if "regions" in data else "variants", str(err)) from None


def _read_constraints(reader: JsonReader, data: dict[str, Any], geo: Geometry) -> Geometry:
    """The shape with the document's thermometers, arrows, dots and XV (f-puzzles' keys) on it."""
    found = reader.get(data, "constraints", dict, "constraints", {})
    unknown = sorted(set(found) - KEYS)
    if unknown:
        raise reader.error("constraints", f"{unknown[0]!r} is not a constraint the workbench knows")
    try:
        return with_constraints(geo, read_constraints(reader, found, geo.n))
    except ShapeError as err:
        raise reader.error("constraints", str(err)) from None


def write_document(path: str | os.PathLike[str], history: History) -> None:
    """Write a document all or nothing (see :mod:`.atomic`), as autosave needs.

    Raises:
        FileError: naming the file when it cannot be written (the old one is then unchanged).
    """
    write_atomic(path, format_document(history))


def read_document(path: str | os.PathLike[str]) -> History:
    """Read a document file (an f-puzzles puzzle saved as ``.json`` gives a fresh history of its puzzle).

    Raises:
        FormatError: when the file cannot be read, is too large, is not UTF-8 text, or is no valid document.
    """
    return read_json_file(path)[0]


def read_json_file(path: str | os.PathLike[str]) -> tuple[History, bool]:
    """:func:`read_document`'s history, and whether the file was one of our documents (not f-puzzles')."""
    source = os.fspath(path)
    text = read_text(path, source, DOCUMENT_LIMIT)
    foreign = foreign_puzzle(text, source)
    return (History(foreign), False) if foreign is not None else (parse_document(text, source), True)


def foreign_puzzle(text: str, source: str) -> Grid | None:
    """The puzzle of an f-puzzles JSON object (a ``grid`` and no ``format``), or None for our documents.

    Both are JSON files people name ``.json``; only ours carries ``format``.
    """
    if '"grid"' in text and "format" not in load_json_object(text, source, "a puzzle"):
        return parse_fpuzzles(text, source)
    return None


def _digits_line(digits: Sequence[int]) -> str:
    return "".join(digit_char(d) if d else "." for d in digits)


def _position_data(grid: Grid) -> dict[str, Any]:
    return {
        "entries": _digits_line(grid.entries),
        "candidates": ["".join(map(digit_char, grid.candidates_of(c))) for c in range(grid.geometry.size)],
    }


def _pairs(candidates: Sequence[Candidate]) -> list[list[int]]:
    return [[cell, digit] for cell, digit in candidates]


def _step_data(step: Step) -> dict[str, Any]:
    marks = step.highlights
    highlights: dict[str, Any] = {
        "cells": list(marks.cells),
        "units": list(marks.units),
        "pattern": _pairs(marks.pattern),
        "links": [{"start": list(k.start), "end": list(k.end), "strong": k.strong} for k in marks.links],
        "chains": [
            {"cells": list(c.cells), "labels": list(c.labels), "closed": c.closed} for c in marks.chains
        ],
        "matching": _pairs(marks.matching),
    }
    data = {
        "rule": step.rule,
        "placements": _pairs(step.placements),
        "eliminations": _pairs(step.eliminations),
        "explanation": step.explanation,
        "highlights": {key: value for key, value in highlights.items() if value},
    }
    form = _form_data(step.form)
    if form:  # most steps are plain: their documents stay as they were
        data["form"] = form
    return data


#: A plain step's form: what a fact left out of a document is.
_PLAIN = Form()


def _form_data(form: Form) -> dict[str, Any]:
    """The facts of a step's form that differ from a plain step's."""
    facts = {f.name: getattr(form, f.name) for f in fields(Form)}
    return {name: value for name, value in facts.items() if value != getattr(_PLAIN, name)}


def _check_version(reader: JsonReader, data: dict[str, Any]) -> None:
    if data.get("format") != FORMAT_NAME:
        raise reader.error("format", f"not a workbench document: 'format' should be {FORMAT_NAME!r}")
    version = reader.get(data, "version", int, "version")
    if version > FORMAT_VERSION:
        message = f"document version {version} is newer than this program reads (up to {FORMAT_VERSION})"
        raise reader.error("version", message)
    if version < 1:
        raise reader.error("version", f"document version {version} does not exist (versions start at 1)")


def _read_position(reader: JsonReader, geo: Geometry, givens: tuple[int, ...], data: Any, path: str) -> Grid:
    position = reader.get(data, path, dict, path)
    entries = reader.digits(geo, reader.get(position, "entries", str, f"{path}.entries"), f"{path}.entries")
    marks = reader.get(position, "candidates", list, f"{path}.candidates")
    if len(marks) != geo.size:
        raise reader.error(f"{path}.candidates", f"expected {geo.size} cells but found {len(marks)}")
    masks = []
    for cell, text in enumerate(marks):
        where = f"{path}.candidates[{cell}]"
        if not isinstance(text, str):
            raise reader.error(where, "expected a string of candidate digits")
        digits = reader.digits(geo, text, where, blank=False)
        if digits and (givens[cell] or entries[cell]):
            raise reader.error(where, f"{geo.cell_name(cell)} is filled, so it has no candidates")
        masks.append(sum(1 << (d - 1) for d in set(digits)))
    for cell, (given, entry) in enumerate(zip(givens, entries, strict=True)):
        if given and entry:
            raise reader.error(f"{path}.entries", f"{geo.cell_name(cell)} holds both a given and an entry")
    return Grid(geo, givens, entries, tuple(masks))


def _read_step(reader: JsonReader, geo: Geometry, item: Any, path: str) -> Step:
    if not isinstance(item, dict):
        raise reader.error(path, "expected a step object")
    marks = reader.get(item, "highlights", dict, f"{path}.highlights", {})
    where = f"{path}.highlights"
    highlights = Highlights(
        cells=tuple(
            reader.cell(geo, c, f"{where}.cells") for c in reader.get(marks, "cells", list, where, [])
        ),
        units=tuple(
            reader.unit(geo, u, f"{where}.units") for u in reader.get(marks, "units", list, where, [])
        ),
        pattern=reader.candidates(geo, marks, "pattern", where),
        links=tuple(
            _read_link(reader, geo, k, f"{where}.links") for k in reader.get(marks, "links", list, where, [])
        ),
        chains=tuple(
            _read_chain(reader, geo, c, f"{where}.chains")
            for c in reader.get(marks, "chains", list, where, [])
        ),
        matching=reader.candidates(geo, marks, "matching", where),
    )
    return Step(
        rule=reader.get(item, "rule", str, f"{path}.rule"),
        placements=reader.candidates(geo, item, "placements", path),
        eliminations=reader.candidates(geo, item, "eliminations", path),
        highlights=highlights,
        explanation=reader.get(item, "explanation", str, f"{path}.explanation", ""),
        form=_read_form(reader, item, path),
    )


def _read_form(reader: JsonReader, item: dict[str, Any], path: str) -> Form:
    """The step's form; a document without one (all before forms were saved) has plain steps."""
    data = reader.get(item, "form", dict, f"{path}.form", {})
    values: dict[str, Any] = {}
    for field in fields(Form):
        where = f"{path}.form.{field.name}"
        plain = getattr(_PLAIN, field.name)
        value = reader.get(data, field.name, type(plain), where, plain)
        if not isinstance(value, bool) and value < 0:
            raise reader.error(where, f"{value} is not a count (expected 0 or more)")
        values[field.name] = value
    return Form(**values)


def _read_link(reader: JsonReader, geo: Geometry, item: Any, path: str) -> Link:
    if not isinstance(item, dict):
        raise reader.error(path, "expected a link object")
    return Link(
        reader.candidate(geo, item.get("start"), f"{path}.start"),
        reader.candidate(geo, item.get("end"), f"{path}.end"),
        reader.get(item, "strong", bool, f"{path}.strong", True),
    )


def _read_chain(reader: JsonReader, geo: Geometry, item: Any, path: str) -> Chain:
    if not isinstance(item, dict):
        raise reader.error(path, "expected a chain object")
    return Chain(
        tuple(reader.cell(geo, c, f"{path}.cells") for c in reader.get(item, "cells", list, f"{path}.cells")),
        tuple(
            reader.digit(geo, d, f"{path}.labels") for d in reader.get(item, "labels", list, f"{path}.labels")
        ),
        reader.get(item, "closed", bool, f"{path}.closed", False),
    )
