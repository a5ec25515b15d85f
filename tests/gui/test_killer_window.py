"""Killer puzzles in the window: cages drawn, made and removed on the board, and New killer."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent
from PySide6.QtWidgets import QApplication, QInputDialog

from sudoku_workbench.core import Grid, geometry_for_size
from sudoku_workbench.core.cages import Cage
from sudoku_workbench.core.geometry import with_cages
from sudoku_workbench.core.history import History
from sudoku_workbench.gui import dialogs
from sudoku_workbench.gui.board.drawing.cages import INSET, SUM_BAND, cage_loops, step_cages
from sudoku_workbench.gui.board.drawing.layout import READABLE_PX
from sudoku_workbench.gui.board.view import BoardView
from sudoku_workbench.logic.engine import next_step, rule_by_id
from sudoku_workbench.logic.rule_types import Shape
from sudoku_workbench.search.solve import first_solutions
from tests.gui.conftest import board_of, dangling_jobs, settle
from tests.gui.test_editing import trigger

#: Two cages of a 9x9: an L of three cells from r1c1 (sum 12) and a pair r5c5–r5c6 without a sum.
L_CAGE = Cage((0, 1, 9), 12)
PAIR = Cage((40, 41), None)


def _board(qtbot, grid: Grid, side: int = 540, candidates: bool = True) -> BoardView:
    return board_of(qtbot, grid, side, candidates)


def _dark(image: QImage, x: float, y: float) -> bool:
    return QColor(image.pixel(round(x), round(y))).lightness() < 128


def _runs(image: QImage, y: float, x0: float, x1: float) -> int:
    """How many separate dark runs a row of pixels crosses (a dashed line: several; a solid one: 1).

    The rows tested lie within one cell, between the grid's lines.
    """
    runs, before = 0, False
    for x in range(round(x0), round(x1)):
        dark = _dark(image, x, y)
        runs += dark and not before
        before = dark
    return runs


def test_a_cage_outline_follows_the_boundary_with_its_corners_inset():
    inset = {(a / 2 + b * INSET, c / 2 + d * INSET) for (a, b), (c, d) in cage_loops(L_CAGE.cells, 9)[0]}
    low, high, one = INSET, 2 - INSET, 1 - INSET
    # Six corners of the L: the inner corner lies inside r1c1's cell square, INSET from both walls.
    assert inset == {(low, low), (high, low), (high, one), (one, one), (one, high), (low, high)}
    ring = cage_loops([0, 1, 2, 9, 11, 18, 19, 20], 9)  # a ring round r2c2: outside and inside lines
    assert len(ring) == 2


def test_cages_are_drawn_dashed_with_the_sum_in_the_corner_and_a_plain_board_has_none(qtbot):
    geo = with_cages(geometry_for_size(9), [L_CAGE, PAIR])
    caged = _board(qtbot, Grid.empty(geo), candidates=False).grab().toImage()
    plain_board = _board(qtbot, Grid.empty(geometry_for_size(9)), candidates=False)
    plain = plain_board.grab().toImage()
    layout = plain_board.layout_now()
    cell, left, top = layout.cell, layout.left, layout.top
    # The top of the L runs along row 1 (here across r1c1), INSET below the wall, in dashes.
    y = top + INSET * cell
    assert _runs(caged, y, left + 0.15 * cell, left + 0.85 * cell) >= 3
    assert _runs(plain, y, left + 0.15 * cell, left + 0.85 * cell) == 0
    # The pair without a sum: dashed along its bottom, and no sum in its corner.
    y = top + (5 - INSET) * cell
    assert _runs(caged, y, left + 4.15 * cell, left + 4.85 * cell) >= 3
    # The sum 12 is written in r1c1's top left corner, over the lines the same cage without a sum has there.
    unsummed = with_cages(geometry_for_size(9), [Cage(L_CAGE.cells), PAIR])
    lines_only = _board(qtbot, Grid.empty(unsummed), candidates=False).grab().toImage()

    x0, y0 = round(left), round(top)
    corner = [(x0 + i, y0 + j) for i in range(2, int(cell / 3)) for j in range(2, int(cell / 5))]

    def lightness(image: QImage, x: int, y: int) -> int:
        return QColor(image.pixel(x, y)).lightness()

    assert all(lightness(plain, x, y) > 200 for x, y in corner)
    changed = [(x, y) for x, y in corner if abs(lightness(caged, x, y) - lightness(lines_only, x, y)) > 80]
    assert len(changed) >= 15, "the sum changes its corner (a third of the cell across, a fifth down)"


def test_export_and_print_draw_the_cages_too(qtbot):
    """Pictures draw the cages afresh (not from the window's kept layer): the same dashes."""
    board = _board(qtbot, Grid.empty(with_cages(geometry_for_size(9), [L_CAGE])), candidates=False)
    layout = board.layout_now()
    with board.as_picture() as rect:
        picture = board.grab(rect).toImage()
    left, top = layout.left - rect.left(), layout.top - rect.top()
    assert (
        _runs(picture, top + INSET * layout.cell, left + 0.15 * layout.cell, left + 0.85 * layout.cell) >= 3
    )


def test_candidates_keep_clear_of_the_cages_and_stay_where_they_were_on_a_plain_board(qtbot):
    plain = _board(qtbot, Grid.empty(geometry_for_size(9))).layout_now()
    assert (plain.band, plain.inset) == (0, 0)
    first = plain.spot(plain.cell_rect(0), 1)
    assert (first.left(), first.top(), first.width()) == (plain.left, plain.top, plain.cell / 3)
    geo = with_cages(geometry_for_size(9), [L_CAGE])
    caged = _board(qtbot, Grid.empty(geo)).layout_now()
    rect = caged.cell_rect(0)
    spots = [caged.spot(rect, d) for d in range(1, 10)]
    assert min(s.top() for s in spots) >= rect.top() + SUM_BAND * rect.height() - 1e-9
    assert max(s.bottom() for s in spots) <= rect.bottom() - INSET * rect.height() + 1e-9
    assert caged.candidate_at(spots[4].center()) == (0, 5)  # a click finds the spot where it is drawn
    # The room the window gives a board for readable candidates is larger on a killer, and enough.
    killer = _board(qtbot, Grid.empty(geo))
    side = killer.readable_side()
    assert side > _board(qtbot, Grid.empty(geometry_for_size(9))).readable_side()
    killer.resize(side, side)
    assert killer.candidate_pixel_size() >= READABLE_PX
    killer.resize(side - 12, side - 12)
    assert killer.candidate_pixel_size() < READABLE_PX


def test_a_cage_rules_step_draws_its_cage_in_the_highlight_colour(qtbot):
    geo = with_cages(geometry_for_size(9), [Cage((0, 1), 17), PAIR])
    grid = Grid.empty(geo)
    step = next_step(grid)
    assert step is not None
    assert rule_by_id(step.rule).shape is Shape.CAGES
    assert step_cages(geo, step) == {0}

    def reddish_dashes(shown) -> int:
        board = _board(qtbot, grid, candidates=False)
        board.set_step(shown)
        image = board.grab().toImage()
        layout = board.layout_now()
        y = round(layout.top + INSET * layout.cell)
        row = [
            QColor(image.pixel(x, y)) for x in range(round(layout.left), round(layout.left + 2 * layout.cell))
        ]
        return sum(c.red() - c.green() > 80 for c in row)

    # The same cells shaded by another rule's step: the cage's line stays ink, not the highlight colour.
    other = replace(step, rule="naked_single")
    assert step_cages(geo, other) == set()
    assert reddish_dashes(step) > 10
    assert reddish_dashes(other) == 0


def _new_9x9(window, monkeypatch) -> None:
    label = geometry_for_size(9).label
    monkeypatch.setattr(QInputDialog, "getItem", lambda *args, **kw: (label, True))
    trigger(window, "new")
    trigger(window, "givens_mode")


def _click(qtbot, board: BoardView, cell: int, ctrl: bool = False) -> None:
    modifier = Qt.KeyboardModifier.ControlModifier if ctrl else Qt.KeyboardModifier.NoModifier
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, modifier, board.cell_rect(cell).center().toPoint())


def _drag(board: BoardView, cells: list[int]) -> None:
    """Press on the first cell and move over the others with the left button held, then let go."""
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    points = [board.cell_rect(c).center() for c in cells]
    kinds = [QEvent.Type.MouseButtonPress] + [QEvent.Type.MouseMove] * (len(cells) - 1)
    for kind, point in zip(kinds, points, strict=True):
        global_point = QPointF(board.mapToGlobal(point.toPoint()))
        QApplication.sendEvent(board, QMouseEvent(kind, point, global_point, left, left, none))
    release = QMouseEvent(
        QEvent.Type.MouseButtonRelease, points[-1], QPointF(board.mapToGlobal(QPoint())), left, left, none
    )
    QApplication.sendEvent(board, release)


def test_make_cage_from_dragged_and_ctrl_clicked_cells_is_one_undoable_edit(qtbot, window, monkeypatch):
    _new_9x9(window, monkeypatch)
    session, board = window.session, window.board
    board.set_show_candidates(False)  # the line's pixels are the cage's alone
    asked: list[str] = []

    def ask(parent, cells: str) -> str:
        asked.append(cells)
        return "12"

    monkeypatch.setattr(dialogs, "ask_cage_sum", ask)
    _drag(board, [0, 1])
    _click(qtbot, board, 9, ctrl=True)
    assert board.chosen_cells() == (0, 1, 9)
    trigger(window, "make_cage")
    assert asked == ["r1c1, r1c2, r2c1"]
    assert session.grid.geometry.cages == (Cage((0, 1, 9), 12),)
    assert board.grid is not None
    assert board.grid.geometry.cages == session.grid.geometry.cages
    layout = board.layout_now()
    on_the_line = (
        layout.top + INSET * layout.cell,
        layout.left + 0.15 * layout.cell,
        layout.left + 0.85 * layout.cell,
    )
    assert _runs(board.grab().toImage(), *on_the_line) >= 3
    assert session.dirty
    # The keyboard chooses too: Shift+Right from r5c5 takes in r5c6; an empty answer: a cage without a sum.
    monkeypatch.setattr(dialogs, "ask_cage_sum", lambda parent, cells: "")
    _click(qtbot, board, 40)
    qtbot.keyClick(board, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    trigger(window, "make_cage")
    assert session.grid.geometry.cages == (Cage((0, 1, 9), 12), PAIR)
    trigger(window, "undo")
    assert session.grid.geometry.cages == (Cage((0, 1, 9), 12),)
    trigger(window, "undo")
    assert session.grid.geometry.cages == ()
    board.set_hovered(-1)  # the mouse's outline, left on r1c2 by the drag, crosses the line too
    assert _runs(board.grab().toImage(), *on_the_line) == 0  # the board drew the cage away
    trigger(window, "redo")
    assert session.grid.geometry.cages == (Cage((0, 1, 9), 12),)
    # Remove cage takes the cage of the selected cell away, and Undo brings it back.
    _click(qtbot, board, 1)
    trigger(window, "remove_cage")
    assert session.grid.geometry.cages == ()
    trigger(window, "undo")
    assert session.grid.geometry.cages == (Cage((0, 1, 9), 12),)
    settle(qtbot, window)


def test_a_cage_that_cannot_be_is_refused_with_its_reason(qtbot, window, monkeypatch):
    _new_9x9(window, monkeypatch)
    session, board = window.session, window.board
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, text: shown.append((title, text)))
    answers = iter(["30", "x1", "3", "5"])
    monkeypatch.setattr(dialogs, "ask_cage_sum", lambda parent, cells: next(answers))
    _click(qtbot, board, 0)
    _click(qtbot, board, 1, ctrl=True)
    trigger(window, "make_cage")  # 30 in two cells: at most 9 + 8
    trigger(window, "make_cage")  # not a number
    assert session.grid.geometry.cages == ()
    assert "r1c1" in shown[0][1]
    assert "3..17" in shown[0][1]
    assert "'x1' is not a sum" in shown[1][1]
    trigger(window, "make_cage")  # 1 + 2: fine
    _click(qtbot, board, 1)
    _click(qtbot, board, 2, ctrl=True)
    trigger(window, "make_cage")  # overlaps the first at r1c2
    assert "share r1c2" in shown[2][1]
    assert session.grid.geometry.cages == (Cage((0, 1), 3),)
    assert len(shown) == 3
    settle(qtbot, window)


def test_new_killer_makes_a_unique_caged_puzzle_that_logic_explains(qtbot, window, monkeypatch):
    """On 6x6, whose rating takes milliseconds (a 9x9 killer's can take the puzzle rating a minute)."""
    label = geometry_for_size(6).label
    monkeypatch.setattr(QInputDialog, "getItem", lambda *args, **kw: (label, True))
    with qtbot.waitSignal(window.session.job_finished, timeout=120_000):
        trigger(window, "new_killer")
    settle(qtbot, window)
    session = window.session
    grid = session.grid
    assert grid.geometry.cages
    assert not any(grid.givens)
    assert grid.geometry.n == 6
    assert sum(c.total or 0 for c in grid.geometry.cages) == 6 * 21
    assert not session.dirty
    assert not session.givens_mode
    assert window.board.grid is grid
    solutions = first_solutions(grid, 2)
    assert len(solutions) == 1
    with qtbot.waitSignal(session.job_finished, timeout=120_000):
        trigger(window, "logic")
    settle(qtbot, window)
    steps = session.history.steps
    cage_steps = [s for s in steps if rule_by_id(s.rule).shape is Shape.CAGES]
    assert cage_steps, [s.rule for s in steps]
    assert all(solutions[0].values[c] == d for s in steps for c, d in s.placements)
    assert all(solutions[0].values[c] != d for s in steps for c, d in s.eliminations)
    # The board shows the last step; going back to a cage step draws its cages in the highlight colour.
    window.panel.position_chosen.emit(steps.index(cage_steps[0]) + 1)
    assert step_cages(grid.geometry, window.board.step)


def test_esc_stops_new_killer_and_keeps_the_puzzle(qtbot, window, monkeypatch):
    window.session.set_puzzle(History(Grid.empty(geometry_for_size(9))), dirty=False)
    before = window.session.grid
    label = geometry_for_size(9).label
    monkeypatch.setattr(QInputDialog, "getItem", lambda *args, **kw: (label, True))
    trigger(window, "new_killer")
    assert window.acts["cancel"].isEnabled()
    trigger(window, "cancel")
    qtbot.waitUntil(lambda: not dangling_jobs(), timeout=120_000)
    qtbot.wait(50)
    assert window.session.grid is before
    settle(qtbot, window)


def test_a_45_rule_step_draws_the_cages_inside_its_houses_and_those_of_its_outies():
    from sudoku_workbench.gui.techniques.pictures import example_step
    from sudoku_workbench.logic.reference.techniques import technique

    step, example = example_step("rule_45"), technique("rule_45").example
    assert step is not None
    assert example is not None
    geo = example.geometry
    houses = {c for unit in step.highlights.units for c in geo.units[unit]}
    used = step_cages(geo, step)
    inside = {i for i, cage in enumerate(geo.cages) if houses.issuperset(cage.cells)}
    assert inside
    assert inside <= used
    for index in used - inside:  # the others stick out: one of their cells outside is an outie shown
        assert any(c not in houses for c in geo.cages[index].cells if c in step.highlights.cells)
    shown = step.highlights.cells
    outies = {geo.cage_of[c] for c in shown if c not in houses}
    innies_only = {geo.cage_of[c] for c in shown if c in houses} - inside - outies
    assert not innies_only & used
