"""Solving by hand: hints in three depths, the digit bar, candidates toggled and coloured by mouse,
pencil marks hidden, and Ctrl + / − growing the board and the text."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage

from sudoku_workbench.gui.board.drawing.paint import Colours
from sudoku_workbench.logic.engine import next_step
from tests.gui.conftest import settle
from tests.gui.test_editing import NEWSPAPER
from tests.gui.test_logic import HARD, trigger_paste


def press(qtbot, button) -> None:
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def board_image(window) -> QImage:
    return window.board.grab().toImage()


def corner(window, cell: int) -> QColor:
    """The colour just inside a cell's top-left corner (clear of digits and candidates)."""
    rect = window.board.cell_rect(cell)
    return board_image(window).pixelColor(int(rect.left()) + 3, int(rect.top()) + 3)


def test_hint_goes_from_where_to_look_to_the_technique_to_the_step(qtbot, window, shot):
    trigger_paste(qtbot, window, HARD)
    settle(qtbot, window)
    grid = window.session.grid
    expected = next_step(grid)
    assert expected is not None
    button = window.panel.buttons["hint"]
    finding = window.panel.finding

    with qtbot.waitSignal(window.session.job_finished, timeout=10_000):
        press(qtbot, button)
    assert finding.text().startswith("Hint 1 of 3: look at ")
    assert window.board.step is not None
    assert window.board.step.highlights.units  # only the houses are shown
    assert not window.board.step.placements
    assert not window.board.step.eliminations
    shot(window, "hint-depth-1")

    press(qtbot, button)
    name = window.panel.rule_names[expected.rule]
    assert finding.text().startswith(f"Hint 2 of 3: the technique is {name}, in ")
    shot(window, "hint-depth-2")

    press(qtbot, button)
    assert finding.text().startswith(f"Hint 3 of 3: {name}: {expected.summary(grid.geometry)}.")
    assert window.board.step == expected
    assert window.session.grid is grid  # a hint shows the step, it does not make it
    assert window.session.history.steps == ()
    shot(window, "hint-depth-3")

    with qtbot.waitSignal(window.session.history_changed, timeout=10_000):
        press(qtbot, window.panel.buttons["step"])
    assert window.session.history.steps == (expected,)
    assert not finding.isVisible()  # the hint spoke of the position before
    settle(qtbot, window)


def test_the_digit_bar_tints_cells_holding_or_allowing_a_digit(qtbot, window):
    trigger_paste(qtbot, window, NEWSPAPER)
    settle(qtbot, window)
    grid = window.session.grid
    holding = grid.values.index(5)
    allowing = next(c for c in grid.empty_cells if 5 in grid.candidates_of(c) and c != window.board.selected)
    neither = next(
        c for c in grid.empty_cells if 5 not in grid.candidates_of(c) and c != window.board.selected
    )
    plain = corner(window, neither)
    press(qtbot, window.digit_bar.button(5))
    assert window.board.highlight_digit == 5
    tints = {corner(window, holding).name(), corner(window, allowing).name(), corner(window, neither).name()}
    assert len(tints) == 3, tints  # holding, allowing and neither look different
    assert corner(window, neither) == plain
    # Alt+5 on the board switches it off again, and the bar follows
    window.board.setFocus()
    qtbot.keyClick(window.board, Qt.Key.Key_5, Qt.KeyboardModifier.AltModifier)
    assert window.board.highlight_digit == 0
    assert not window.digit_bar.button(5).isChecked()
    assert corner(window, holding) == corner(window, holding)  # stable after repaint
    assert window.session.grid is grid  # highlighting changes nothing of the puzzle


def first_candidate(qtbot, window) -> tuple[int, int, QPoint]:
    """The newspaper puzzle pasted; its first empty cell, that cell's first candidate and its spot."""
    trigger_paste(qtbot, window, NEWSPAPER)
    cell = window.session.grid.empty_cells[0]
    digit = window.session.grid.candidates_of(cell)[0]
    return cell, digit, window.board.candidate_point((cell, digit)).toPoint()


def ink(image: QImage, rect) -> int:
    """How many pixels inside the rectangle (3 px in from its edges) are darker than light grey."""
    inner = rect.toRect().adjusted(3, 3, -3, -3)
    pixels = ((x, y) for x in range(inner.left(), inner.right()) for y in range(inner.top(), inner.bottom()))
    return sum(1 for x, y in pixels if image.pixelColor(x, y).lightness() < 200)


def test_candidates_are_struck_and_coloured_on_their_own_spot(qtbot, window):
    board = window.board
    cell, digit, spot = first_candidate(qtbot, window)
    assert board.candidate_at(board.candidate_point((cell, digit))) == (cell, digit)

    qtbot.mouseClick(board, Qt.MouseButton.RightButton, pos=spot)
    assert digit not in window.session.grid.candidates_of(cell)
    qtbot.mouseClick(board, Qt.MouseButton.RightButton, pos=spot)
    assert digit in window.session.grid.candidates_of(cell)

    first, second = Colours.for_palette(board.palette()).marker
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, spot)
    assert board.markers == {(cell, digit): 0}
    sub = board.cell_rect(cell).width() / 3
    near_edge = spot + QPoint(-int(sub / 2) + 2, -int(sub / 2) + 2)
    seen = board_image(window).pixelColor(near_edge)
    assert seen.green() > max(seen.red(), seen.blue()), seen.name()  # the first colour
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, spot)
    assert board.markers == {(cell, digit): 1}
    seen = board_image(window).pixelColor(near_edge)
    assert seen.red() > max(seen.green(), seen.blue()), seen.name()  # the second colour
    assert first != second
    window.acts["clear_markers"].trigger()
    assert board.markers == {}
    window.session.dirty = False
    settle(qtbot, window)


def test_pencil_marks_hide_and_ctrl_plus_grows_board_and_text(qtbot, window):
    board = window.board
    cell, _, _ = first_candidate(qtbot, window)
    shown = board_image(window)
    toggle = next(
        b
        for b in window.digit_bar.findChildren(type(window.digit_bar.button(1)))
        if b.text() == "Pencil marks"
    )
    press(qtbot, toggle)
    assert not board.show_candidates
    hidden = board_image(window)
    assert ink(shown, board.cell_rect(cell)) > 20  # the candidates' glyphs
    assert ink(hidden, board.cell_rect(cell)) == 0  # an empty white cell
    press(qtbot, toggle)
    assert board.show_candidates

    size = window.panel.font().pointSizeF()
    qtbot.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert board.zoom == 1.25
    assert window.panel.font().pointSizeF() > size
    qtbot.keyClick(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert board.zoom == 1.0
    assert window.panel.font().pointSizeF() == size
    settle(qtbot, window)


def test_a_step_without_houses_points_at_the_boxes_of_its_cells():
    from sudoku_workbench.core import Step, geometry
    from sudoku_workbench.gui.panels.hints import hint_preview, hint_text, hint_units

    geo = geometry(3, 3)
    step = Step("naked_single", ((40, 5),), explanation="r5c5 can only hold 5")
    assert hint_units(step, geo) == (2 * 9 + 4,)
    assert hint_text(step, 1, geo, {}).startswith("Hint 1 of 3: look at box 5.")
    assert hint_text(step, 3, geo, {"naked_single": "Naked single"}).startswith(
        "Hint 3 of 3: Naked single: r5c5=5. r5c5 can only hold 5"
    )
    assert hint_preview(step, 1, geo).placements == ()
    assert hint_preview(step, 3, geo) is step
