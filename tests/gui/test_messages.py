"""Messages that read right: OK's summary with details on demand, wrapped step rows, an unclipped
techniques list, and opened puzzles that are not "unsaved"."""

from __future__ import annotations

from PySide6.QtCore import Qt

from sudoku_workbench.gui.techniques.dialog import TechniquesDialog
from tests.gui.conftest import settle
from tests.gui.test_editing import NEWSPAPER, trigger
from tests.gui.test_logic import HARD, trigger_paste


def click_link(qtbot, browser, text: str) -> None:
    """Click the link whose text starts with ``text`` in a text browser, as a person would."""
    cursor = browser.document().find(text)
    assert not cursor.isNull(), f"no {text!r} in {browser.toPlainText()!r}"
    cursor.setPosition(cursor.selectionStart() + 2)
    point = browser.cursorRect(cursor).center()
    qtbot.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=point)


def test_ok_explains_in_one_line_and_lists_the_placements_on_demand(qtbot, window):
    trigger_paste(qtbot, window, NEWSPAPER)
    empty = len(window.session.grid.empty_cells)
    with qtbot.waitSignal(window.session.job_finished, timeout=30_000):
        trigger(window, "ok")
    listing = window.panel.steps
    assert listing.item(listing.count() - 1).text() == f"1. Search: {empty} placements"
    text = window.panel.explanation.toPlainText()
    assert f"The search placed {empty} digits (" in text
    assert " s)." in text
    assert "r1c3=" not in text  # the placements wait until asked for
    click_link(qtbot, window.panel.explanation, "Show every placement")
    text = window.panel.explanation.toPlainText()
    assert "r1c3=4" in text
    click_link(qtbot, window.panel.explanation, "Hide the details")
    assert "r1c3=4" not in window.panel.explanation.toPlainText()
    settle(qtbot, window)


def test_long_step_rows_wrap_instead_of_scrolling_sideways(qtbot, window, shot):
    trigger_paste(qtbot, window, HARD)
    with qtbot.waitSignal(window.session.job_finished, timeout=60_000):
        trigger(window, "logic")
    settle(qtbot, window)
    listing = window.panel.steps
    assert listing.horizontalScrollBar().maximum() == 0
    line = listing.fontMetrics().height()
    longest = max(range(1, listing.count()), key=lambda r: len(listing.item(r).text()))
    assert listing.fontMetrics().horizontalAdvance(listing.item(longest).text()) > listing.viewport().width()
    listing.scrollToItem(listing.item(longest))
    rect = listing.visualItemRect(listing.item(longest))
    assert rect.height() >= 2 * line  # wrapped onto a second line
    assert rect.right() <= listing.viewport().width()
    shot(window, "wrapped-step-rows")


def test_the_techniques_list_shows_every_name_whole(qtbot):
    dialog = TechniquesDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.resize(600, 500)  # a small screen: the page gives way, not the names
    qtbot.wait(50)
    rules = dialog.rules
    metrics = rules.fontMetrics()
    widest = max(metrics.horizontalAdvance(rules.item(r).text()) for r in range(rules.count()))
    assert widest <= rules.viewport().width()


def test_an_opened_puzzle_is_not_unsaved_until_changed(qtbot, window, tmp_path):
    path = tmp_path / "newspaper.txt"
    path.write_text(NEWSPAPER + "\n", encoding="utf-8")
    window.files.open(path)
    assert not window.session.dirty
    assert window.windowTitle().startswith("newspaper.txt — ")
    window.files.open(path)  # no "Save them first?" box (the fixture fails the test on one)
    window.board.setFocus()
    window.board.select(2)
    qtbot.keyClick(window.board, Qt.Key.Key_4)
    assert window.session.dirty
    assert window.windowTitle().startswith("newspaper.txt * ")
    window.session.dirty = False
    settle(qtbot, window)


def test_check_names_a_needed_candidate_struck_out_by_hand(qtbot, window):
    from sudoku_workbench.search.solve import solve

    trigger_paste(qtbot, window, NEWSPAPER)
    solution = solve(window.session.grid)
    assert solution is not None
    needed = (2, solution.values[2])
    board = window.board
    qtbot.mouseClick(board, Qt.MouseButton.RightButton, pos=board.candidate_point(needed).toPoint())
    settle(qtbot, window)
    assert "This position: no solution" in window.panel.status.text()
    qtbot.mouseClick(window.panel.buttons["check"], Qt.MouseButton.LeftButton)
    settle(qtbot, window)
    text = window.panel.finding.text()
    verdict = "Check: the puzzle has one solution"
    assert text == f"{verdict}; the solution needs candidates you struck out: r1c3:{needed[1]}"
    assert 2 in board.marks
    window.session.dirty = False


def test_rows_after_the_shown_step_are_greyed_as_the_cursor_moves(qtbot, window):
    trigger_paste(qtbot, window, NEWSPAPER)
    with qtbot.waitSignal(window.session.job_finished, timeout=30_000):
        trigger(window, "logic")
    listing = window.panel.steps
    text, mid = window.panel.palette().text().color(), window.panel.palette().mid().color()

    def colours() -> list[bool]:
        return [listing.item(r).foreground().color() == text for r in range(1, listing.count())]

    count = listing.count() - 1
    assert colours() == [True] * count
    listing.scrollToItem(listing.item(10))
    qtbot.mouseClick(
        listing.viewport(), Qt.MouseButton.LeftButton, pos=listing.visualItemRect(listing.item(10)).center()
    )
    assert colours() == [True] * 10 + [False] * (count - 10)
    trigger(window, "step")
    assert colours() == [True] * 11 + [False] * (count - 11)
    trigger(window, "back")
    trigger(window, "back")
    assert colours() == [True] * 9 + [False] * (count - 9)
    assert listing.item(count).foreground().color() == mid
    settle(qtbot, window)


def test_ok_names_the_exact_number_of_search_nodes(qtbot, window):
    """A puzzle the search must branch on: the summary gives the node count the search really took."""
    from sudoku_workbench.search.solve import solve_counting
    from tests.search.test_solve import HARD_FOR_SEARCH

    trigger_paste(qtbot, window, HARD_FOR_SEARCH)
    expected = solve_counting(window.session.grid).nodes
    with qtbot.waitSignal(window.session.job_finished, timeout=30_000):
        trigger(window, "ok")
    text = window.panel.explanation.toPlainText()
    assert f"({expected:,} search nodes, " in text
    assert "about" not in text
    settle(qtbot, window)
