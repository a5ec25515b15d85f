"""Explanations say how two cells see each other: through a house, a knight's or king's move, a cage.

A sentence that says "which sees r5c1" on an anti-knight grid where the two cells share no house would
send the reader looking for a house that is not there; every sight claimed in words is checked here
against the shape.
"""

from __future__ import annotations

import re

from sudoku_workbench.core.cages import Cage
from sudoku_workbench.core.geometry import geometry, with_cages
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import solve_by_logic
from sudoku_workbench.logic.forcing._literals import peer_why

#: An anti-knight puzzle (one solution) whose path has a W-Wing linked by a knight's move.
ANTI_KNIGHT = "......85..4....19....8...........37...........76...........3....89....1..67...... +antiknight"
_CLAIM = re.compile(r"(r\d+c\d+) \(which (sees|is a knight's move from) (r\d+c\d+)\)")


def test_the_sight_names_the_house_or_the_move() -> None:
    knight = geometry(3, 3, ("antiknight",))
    cell = knight.cell
    assert knight.sight(cell(0, 0), cell(0, 5)) == "sees r1c6"
    assert knight.sight(cell(0, 2), cell(1, 4)) == "is a knight's move from r2c5"
    king = geometry(3, 3, ("antiking",))
    assert king.sight(king.cell(2, 2), king.cell(3, 3)) == "is a king's move from r4c4"
    caged = with_cages(geometry(3, 3), [Cage((0, 40), 10)])
    assert caged.sight(0, 40) == "is in the same cage as r5c5"
    assert peer_why(knight, cell(1, 4), cell(0, 2)) == "it is a knight's move from r1c3"
    assert peer_why(knight, cell(0, 5), cell(0, 0)) == "it sees r1c1"


def test_every_sight_claimed_in_a_path_holds_on_the_shape() -> None:
    grid = parse_line(ANTI_KNIGHT)
    geo = grid.geometry
    names = {name: cell for cell, name in enumerate(geo.cell_names)}
    claims = []
    for step in solve_by_logic(grid).steps:
        claims += _CLAIM.findall(step.explanation)
    assert any(how != "sees" for _, how, _ in claims), "the path should link through a knight's move"
    for a, how, b in claims:
        shared = set(geo.units_of[names[a]]) & set(geo.units_of[names[b]])
        assert bool(shared) == (how == "sees"), (a, how, b)
        assert names[b] in geo.peers[names[a]]
