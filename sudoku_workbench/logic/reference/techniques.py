"""The techniques reference: for each rule of the engine, its text, its source and an example position.

The texts (``<rule id>.md``), the example positions (``examples.json``, found by
``packaging/find_technique_examples.py``) and their pictures (``<rule id>.png``) are shipped in
``sudoku_workbench/resources/techniques/`` and read through :mod:`importlib.resources`, so the Help
menu, the README and the tests all show the same thing. The entries are named by the rule table's ids;
the tests check that every row has an entry and that its own finder fires on its example.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable

from sudoku_workbench.core.cages import Cage
from sudoku_workbench.core.errors import ShapeError, WorkbenchError
from sudoku_workbench.core.geometry import BOX_SHAPES, Geometry, geometry, with_cages, with_constraints
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.fpuzzles_constraints import read_constraints
from sudoku_workbench.formats.json_reader import JsonReader
from sudoku_workbench.logic.engine import Level, rule_by_id
from sudoku_workbench.logic.rule_table import TABLE

__all__ = ["Technique", "TechniqueError", "picture", "technique", "techniques"]

_PACKAGE = "sudoku_workbench.resources"
_FOLDER = "techniques"
_SOURCE_PREFIX = "Source:"


class TechniqueError(WorkbenchError):
    """The reference has no entry for a rule, or an entry is malformed."""


@dataclass(frozen=True)
class Technique:
    """One rule as the reference shows it: plain-words text, where it comes from, an example position.

    ``example`` is the position before the step (givens, entries and pencil marks); ``solution`` is
    the puzzle's unique solution; ``engine_first`` tells whether the engine itself picks this rule
    there (False when a simpler rule would come first, as for rules that other rules always cover).
    """

    rule_id: str
    name: str
    level: Level
    text: str
    source: str
    example: Grid | None
    solution: Grid | None
    engine_first: bool
    origin: str


def _folder() -> Traversable:
    return resources.files(_PACKAGE).joinpath(_FOLDER)


@functools.cache
def _examples() -> dict[str, dict[str, object]]:
    path = _folder().joinpath("examples.json")
    if not path.is_file():
        return {}
    records = json.loads(path.read_text(encoding="utf-8"))["examples"]
    return {str(record["rule"]): record for record in records}


def _grid(record: dict[str, object], values_key: str) -> Grid:
    """A position from an example record: givens from ``puzzle``, entries and candidates as stored.

    Read through the document reader's checks, so a malformed record names its field.

    Raises:
        FormatError: for a field of the wrong shape.
    """
    reader = JsonReader("", f"examples.json, rule {record.get('rule')}")
    box = reader.get(record, "box", list, "box")
    if len(box) != 2 or tuple(box) not in BOX_SHAPES.values():
        raise reader.error("box", f"{box!r} is not a supported box shape")
    extras = reader.get(record, "extras", list, "extras", [])
    try:
        shape = geometry(box[0], box[1], tuple(str(name) for name in extras))
    except ShapeError as error:
        raise reader.error("extras", str(error)) from None
    geo = _constrained(reader, record, _caged(reader, record, shape))
    givens = reader.digits(geo, reader.get(record, "puzzle", str, "puzzle"), "puzzle")
    values = reader.digits(geo, reader.get(record, values_key, str, values_key), values_key)
    entries = tuple(0 if g else v for g, v in zip(givens, values, strict=True))
    if values_key != "values":
        return Grid(geo, givens, entries, (0,) * geo.size)
    marks = reader.get(record, "candidates", list, "candidates")
    if len(marks) != geo.size:
        raise reader.error("candidates", f"expected {geo.size} cells but found {len(marks)}")
    candidates = tuple(
        sum(1 << (d - 1) for d in reader.digits(geo, str(mark), f"candidates[{cell}]", blank=False))
        for cell, mark in enumerate(marks)
    )
    return Grid(geo, givens, entries, candidates)


def _caged(reader: JsonReader, record: dict[str, object], geo: Geometry) -> Geometry:
    """The shape with the record's killer cages (``"cages": [[total, [cell, …]], …]``), if it has any.

    Raises:
        FormatError: for a cage that is not a total and a list of cells, or cannot be on the grid.
    """
    cages = []
    for index, item in enumerate(reader.get(record, "cages", list, "cages", [])):
        if not (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], int)
            and isinstance(item[1], list)
        ):
            raise reader.error(f"cages[{index}]", "expected [total, [cell, …]]")
        cages.append(Cage(tuple(item[1]), item[0]))
    try:
        return with_cages(geo, cages) if cages else geo
    except ShapeError as error:
        raise reader.error("cages", str(error)) from None


def _constrained(reader: JsonReader, record: dict[str, object], geo: Geometry) -> Geometry:
    """The shape with the record's thermometers, arrows, dots and XV (f-puzzles' keys), if any."""
    found = reader.get(record, "constraints", dict, "constraints", {})
    try:
        return with_constraints(geo, read_constraints(reader, found, geo.n)) if found else geo
    except ShapeError as error:
        raise reader.error("constraints", str(error)) from None


def _split_text(markdown: str) -> tuple[str, str]:
    """The description paragraphs and the source line of a technique file."""
    text, source = [], ""
    for line in markdown.strip().splitlines():
        if line.startswith(_SOURCE_PREFIX):
            source = line.removeprefix(_SOURCE_PREFIX).strip()
        else:
            text.append(line)
    return "\n".join(text).strip(), source


def technique(rule_id: str) -> Technique:
    """The reference entry of one rule.

    Raises:
        KeyError: when no rule has that id.
        TechniqueError: when the rule has no text in the reference.
    """
    rule = rule_by_id(rule_id)
    path = _folder().joinpath(f"{rule_id}.md")
    if not path.is_file():
        raise TechniqueError(f"the techniques reference has no text for rule {rule_id!r}")
    text, source = _split_text(path.read_text(encoding="utf-8"))
    record = _examples().get(rule_id)
    return Technique(
        rule_id=rule_id,
        name=rule.name,
        level=rule.level,
        text=text,
        source=source,
        example=_grid(record, "values") if record else None,
        solution=_grid(record, "solution") if record else None,
        engine_first=bool(record and record.get("engine_first")),
        origin=str(record["source"]) if record else "",
    )


def techniques() -> tuple[Technique, ...]:
    """Every rule's entry, in the table's order (simplest first)."""
    return tuple(technique(rule.id) for rule in TABLE)


def picture(rule_id: str) -> bytes | None:
    """The PNG of a rule's example with the step's highlights, or None when none was rendered."""
    path = _folder().joinpath(f"{rule_id}.png")
    return path.read_bytes() if path.is_file() else None
