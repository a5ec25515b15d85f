"""Thermometers, arrows, kropki dots and X/V drawn on the board (issue 41), under the candidates.

Each kind is drawn alone on an empty 9x9 and looked for where it belongs, against the plain board; a
step of a constraint rule draws its constraint in the highlight colour; the window's kept picture
follows the puzzle; the candidates' ink stays as it was; Export image, booklets and the techniques'
pictures draw them too.
"""

from __future__ import annotations

import dataclasses
import math
import shutil
import subprocess

import numpy as np
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QImage

from sudoku_workbench.core import Grid, geometry_for_size
from sudoku_workbench.core.cages import Cage
from sudoku_workbench.core.constraints import XV, Arrow, Constraint, Dot, Thermo
from sudoku_workbench.core.geometry import geometry, with_cages, with_constraints
from sudoku_workbench.formats.fpuzzles import format_link
from sudoku_workbench.formats.records import parse_puzzle
from sudoku_workbench.gui.board import canvas as board_canvas
from sudoku_workbench.gui.board.drawing.constraints import step_constraints
from sudoku_workbench.gui.board.layer import KeptLayer
from sudoku_workbench.gui.board.view import BoardView
from sudoku_workbench.library.booklet_plan import BookletItem, booklet_item
from sudoku_workbench.logic.constraints.arrows import arrow_bounds
from sudoku_workbench.logic.constraints.marks import mark_pairs
from sudoku_workbench.logic.constraints.thermometers import thermo_bounds
from tests.gui.conftest import board_of, board_pixels, candidate_ink
from tests.logic.constraint_puzzles import constraint_puzzle


def _board(qtbot, grid: Grid, side: int = 540, candidates: bool = False) -> BoardView:
    return board_of(qtbot, grid, side, candidates)


def _grid(*items: Constraint, n: int = 9) -> Grid:
    return Grid.empty(with_constraints(geometry_for_size(n), items))


class _Picture:
    """A board's picture, read at points given in cells: (1.5, 0.5) is the centre of r1c2."""

    def __init__(self, board: BoardView) -> None:
        self.image = board.grab().toImage()
        layout = board.layout_now()
        self.left, self.top, self.cell = layout.left, layout.top, layout.cell

    def colour(self, x: float, y: float) -> QColor:
        return QColor(self.image.pixel(round(self.left + x * self.cell), round(self.top + y * self.cell)))

    def grey(self, x: float, y: float) -> bool:
        """Neither white nor black, and no colour: a thermometer's or an arrow's grey."""
        c = self.colour(x, y)
        channels = (c.red(), c.green(), c.blue())
        return 90 < c.lightness() < 235 and max(channels) - min(channels) < 12

    def white(self, x: float, y: float) -> bool:
        return self.colour(x, y).lightness() > 245

    def dark(self, x: float, y: float) -> bool:
        return self.colour(x, y).lightness() < 80

    def reddish(self, x: float, y: float) -> bool:
        c = self.colour(x, y)
        return c.red() - c.blue() > 40


def test_a_thermometer_is_a_grey_bulb_with_a_thick_line_through_its_cells(qtbot):
    plain = _Picture(_board(qtbot, _grid()))
    thermo = _Picture(_board(qtbot, _grid(Thermo((0, 1, 10)))))
    assert plain.white(0.5, 0.5)
    assert plain.white(0.5, 0.8)
    assert thermo.grey(0.5, 0.5)
    assert thermo.grey(0.5, 0.8)
    assert thermo.grey(0.15, 0.5)  # the bulb
    assert thermo.grey(1.0 + 0.2, 0.5)
    assert thermo.grey(1.5, 0.5)
    assert thermo.grey(1.5, 1.5)  # the line
    assert thermo.white(1.5, 0.5 - 0.25)
    assert thermo.white(1.5 - 0.25, 1.2)  # thick, not the whole cell
    assert thermo.white(0.5, 1.5)  # and only where it runs


def test_an_arrow_is_a_circle_round_its_bulb_and_a_line_ending_in_a_head(qtbot):
    arrow = _Picture(_board(qtbot, _grid(Arrow((0,), (1, 2)))))
    assert arrow.white(0.5, 0.5)  # an empty circle
    ring = [arrow.grey(0.5, 0.5 + t / 100) for t in range(20, 50)]
    assert any(ring)
    assert not all(ring)  # crossed once on the way down from the centre
    assert arrow.grey(1.5, 0.5)
    assert arrow.white(1.5, 0.6)  # a thin line along row 1
    # The head's wings reach back from the tip at r1c3's centre, above and below the line.
    half = 0.24 / 2  # half a wing
    for sign in (-1, 1):
        x, y = 2.5 - half * math.cos(0.7), 0.5 + sign * half * math.sin(0.7)
        assert any(arrow.grey(x + dx / 100, y + dy / 100) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    assert arrow.white(2.5 - 0.15, 0.5 + 0.06)  # between the line and a wing


def test_a_bulb_of_two_cells_is_one_rounded_outline_round_both(qtbot):
    arrow = _Picture(_board(qtbot, _grid(Arrow((0, 1), (11, 20)))))
    # No circle's edge inside the bulb on either side of the grid's line between its cells.
    assert not any(arrow.grey(1 + sign * t / 100, 0.5) for sign in (-1, 1) for t in range(4, 13))
    down = [arrow.grey(1.0, 0.5 + t / 100) for t in range(20, 50)]
    assert any(down)  # the outline runs straight across the edge between them


@pytest.mark.parametrize("black", [False, True])
def test_a_kropki_dot_sits_on_the_edge_between_its_cells(qtbot, black):
    plain = _Picture(_board(qtbot, _grid()))
    dot = _Picture(_board(qtbot, _grid(Dot(3, 4, black))))
    edge = (4.0, 0.5)
    assert plain.dark(*edge)
    assert plain.white(4.05, 0.5)  # the grid's line between r1c4 and r1c5
    inside = [dot.colour(4.0 + dx, 0.5 + dy) for dx in (-0.05, 0.05) for dy in (-0.05, 0.05)]
    assert all((c.lightness() < 40) if black else (c.lightness() > 245) for c in inside)
    assert dot.dark(4.0, 0.5) if black else dot.white(4.0, 0.5 - 0.04)  # over the grid's line
    assert dot.white(4.0 + 0.2, 0.5)  # small


def test_x_and_v_are_letters_on_their_edge(qtbot):
    def ink(*items: XV) -> np.ndarray:
        """Dark pixels round the edge between r2c3 and r2c4, a fiftieth of a cell apart."""
        picture = _Picture(_board(qtbot, _grid(*items)))
        return np.array(
            [[picture.dark(3.0 + dx / 50, 1.5 + dy / 50) for dx in range(-8, 9)] for dy in range(-8, 9)]
        )

    plain, x, v = ink(), ink(XV(11, 12, 10)), ink(XV(11, 12, 5))
    assert x.sum() > plain.sum() + 30
    assert v.sum() > plain.sum() + 20
    assert (x != v).sum() > 15  # two different letters
    assert x[12:, :5].sum() > 0
    assert v[12:, :5].sum() == 0  # an X has a foot on the left, a V none


def test_a_constraint_rules_step_draws_its_constraint_in_the_highlight_colour(qtbot):
    grid = _grid(Thermo((0, 1, 2)), Arrow((72,), (73, 74)), Dot(40, 41, True))
    shown = {
        "thermo_bounds": (next(thermo_bounds(grid)), (1.5, 0.5)),
        "arrow_bounds": (next(arrow_bounds(grid)), (1.5, 8.5)),
        "mark_pairs": (next(mark_pairs(grid)), (5.0, 4.5)),
    }
    for rule, (step, (x, y)) in shown.items():
        assert step.rule == rule
        assert len(step_constraints(grid.geometry, step)) == 1
        board = _board(qtbot, grid)
        assert not _Picture(board).reddish(x, y)
        board.set_step(step)
        assert _Picture(board).reddish(x, y), rule
        board.set_step(dataclasses.replace(step, rule="naked_single"))  # another rule on the same cells
        assert not _Picture(board).reddish(x, y), rule


def test_the_kept_picture_follows_the_puzzle_and_is_drawn_once_for_many_repaints(qtbot):
    board = _board(qtbot, _grid(Thermo((0, 1, 2))))
    assert _Picture(board).grey(1.5, 0.5)
    layer = board._constraints
    drawn = layer.redrawn
    for cell in (5, 6, 7):
        board.set_hovered(cell)
        _Picture(board)
    assert layer.redrawn == drawn
    board.set_grid(_grid(Thermo((27, 28, 29))))
    moved = _Picture(board)
    assert moved.white(1.5, 0.5)
    assert moved.grey(1.5, 3.5)
    board.resize(420, 420)
    assert _Picture(board).grey(1.5, 3.5)
    assert layer.redrawn == drawn + 2


#: A 16x16 with every kind, all its candidates open (made puzzles of that size take CP-SAT too long).
_SIXTEEN = (
    Thermo((0, 1, 2, 18, 34)),
    Arrow((20,), (37, 53, 69)),
    Arrow((100,), (117, 134)),
    Dot(5, 6, False),
    Dot(7, 23, True),
    XV(9, 10, 10),
    XV(140, 156, 5),
)


@pytest.mark.parametrize(("box", "side"), [((3, 3), 560), ((2, 3), 420), ((2, 2), 300), ((4, 4), 760)])
def test_the_candidates_stay_readable_over_every_kind(qtbot, monkeypatch, box, side):
    """The same board with its constraints and without (not drawn, same layout): the candidates' ink stays."""
    if box == (4, 4):
        grid = Grid.empty(with_constraints(geometry(*box), _SIXTEEN))
    else:
        grid, _ = constraint_puzzle(5, ("thermo", "arrow", "kropki", "xv"), box)
    board = _board(qtbot, grid, side, candidates=True)
    board.show()
    qtbot.waitExposed(board)
    drawn = board_pixels(board)
    monkeypatch.setattr(board_canvas, "draw_constraints", lambda **_: None)
    board._constraints = KeptLayer()  # made anew, without them
    plain = board_pixels(board)
    # The candidates' ink on the board without the constraints: the pixels a glyph covers (dark), and
    # of those the glyphs' solid cores (at least nine tenths the candidate's colour).
    ink = candidate_ink(board, grid.empty_cells, plain)
    core = candidate_ink(board, grid.empty_cells, plain, darker_than=115)
    assert core.sum() > 1000
    # Drawn over a glyph, a grey line or a dot would lighten its ink; drawn under, only the glyph's
    # soft edge darkens where it meets a line.
    lighter = ink & ((drawn - plain).sum(axis=2) > 60)
    changed = np.abs(drawn - plain).sum(axis=2) > 60
    assert lighter.sum() == 0, f"{lighter.sum()} of {ink.sum()} candidate pixels lightened"
    covered = (changed & core).sum()
    assert covered <= core.sum() * 0.002, f"{covered} of {core.sum()} solid candidate pixels changed"
    assert changed.sum() > 1500  # and the constraints are drawn


def test_export_and_print_draw_the_constraints_afresh(qtbot):
    board = _board(qtbot, _grid(Thermo((0, 1, 2)), Dot(40, 41, True)))
    layout = board.layout_now()
    with board.as_picture() as rect:
        image = board.grab(rect).toImage()
    at = QPointF(layout.left - rect.left(), layout.top - rect.top())
    thermo = QColor(image.pixel((at + QPointF(1.5, 0.5) * layout.cell).toPoint()))
    dot = QColor(image.pixel((at + QPointF(5.05, 4.5) * layout.cell).toPoint()))
    assert 150 < thermo.lightness() < 235
    assert dot.lightness() < 40


def test_the_techniques_pictures_draw_their_constraints(qapp):
    from sudoku_workbench.gui.techniques.pictures import render_example

    for rule in ("thermo_bounds", "arrow_bounds", "mark_pairs"):
        image = render_example(rule)
        assert image is not None
        pixels = image.convertToFormat(QImage.Format.Format_RGB32)
        colours = {
            QColor(pixels.pixel(x, y)).rgb() for x in range(0, image.width(), 3) for y in range(0, 330, 3)
        }
        highlight = [c for c in colours if QColor(c).red() - QColor(c).blue() > 120]
        assert highlight, f"{rule}: its constraint in the highlight colour"


def _greys(pdf: bytes, tmp_path) -> int:
    """The light grey pixels of a one-page PDF as pdftoppm renders it (a thermometer's grey)."""
    path = tmp_path / "b.pdf"
    path.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "40", "-gray", str(path), str(tmp_path / "p")], check=True)
    pages = sorted(tmp_path.glob("p-*.pgm"))
    raw = pages[0].read_bytes()
    for page in pages:
        page.unlink()
    return sum(1 for b in raw[raw.index(b"255\n") + 4 :] if 170 < b < 235)


_THERMOS = (Thermo((0, 1, 2, 11, 20)), Thermo((80, 79, 78)))


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm is not installed")
def test_a_booklet_draws_the_constraints(qapp, tmp_path):
    from sudoku_workbench.gui.collection.booklet import booklet_pdf

    def greys(grid: Grid) -> int:
        pdf, _pages = booklet_pdf([BookletItem(1, format_link(grid), "", "")], "T", 1, solutions=False)
        return _greys(pdf, tmp_path)

    assert greys(_grid(*_THERMOS)) > greys(_grid()) + 100


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm is not installed")
def test_the_booklet_command_keeps_the_constraints_of_a_link(qapp, tmp_path):
    """The command hands each puzzle to its workers as a line, which once dropped the thermometers."""
    from sudoku_workbench.cli import main

    def greys(grid: Grid) -> int:
        source, out = tmp_path / "in.txt", tmp_path / "out.pdf"
        source.write_text(format_link(grid) + "\n", encoding="utf-8")
        args = ["booklet", str(source), "-o", str(out), "--per-page", "1", "--no-ratings", "--no-solutions"]
        assert main([*args, "--jobs", "1"]) == 0
        return _greys(out.read_bytes(), tmp_path)

    item = booklet_item((1, format_link(_grid(*_THERMOS)), False, False))
    assert parse_puzzle(item.puzzle).geometry.constraints == _THERMOS
    assert greys(_grid(*_THERMOS)) > greys(_grid()) + 100


def test_a_killer_with_thermometers_draws_both_and_keeps_the_cages_room(qtbot):
    geo = with_constraints(with_cages(geometry_for_size(9), [Cage((0, 1), 10)]), [Thermo((40, 41, 42))])
    board = _board(qtbot, Grid.empty(geo))
    picture = _Picture(board)
    assert picture.grey(5.5, 4.5)
    assert sum(picture.dark(0.2 + t / 100, 0.09) for t in range(60)) >= 10  # the cage's dashes
    layout = board.layout_now()
    assert layout.band == 0.2
    assert layout.inset == pytest.approx(0.1)
