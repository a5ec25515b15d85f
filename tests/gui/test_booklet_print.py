"""File → Print booklet…: the open collection becomes a PDF in the worker; Esc stops it unwritten."""

from __future__ import annotations

from PySide6.QtCore import Qt

from sudoku_workbench.core.history import History
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.gui.collection.booklet_print import BookletOptions
from sudoku_workbench.gui.session.job_kinds import JobKind
from tests.gui.conftest import settle
from tests.gui.test_booklet import _pdf_pages

#: Seven different puzzles (a 9x9 puzzle and its relabellings are enough: the booklet reads each line).
_PUZZLES = [
    "".join(str((int(c) + shift - 1) % 9 + 1) if c != "." else "." for c in line)
    for line in ["..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."]
    for shift in range(7)
]


def _options(per_page: int, ratings: bool) -> BookletOptions:
    options = BookletOptions(None)
    options.per_page.setCurrentText(str(per_page))
    options.ratings.setChecked(ratings)
    return options


def test_the_open_collection_prints_with_its_solutions(qtbot, window, tmp_path):
    source = tmp_path / "seven.txt"
    source.write_text("\n".join(_PUZZLES) + "\n", encoding="utf-8")
    window.collection.open_collection(source)
    settle(qtbot, window)
    out = tmp_path / "seven.pdf"
    told: list[str] = []
    window.session.message.connect(told.append)
    with qtbot.waitSignal(window.session.job_finished, timeout=60_000):
        window.booklet.print_booklet(out, _options(4, ratings=False))
    # 7 puzzles at 4 a page: 2 pages; their 7 solutions at 12 a page: 1 more
    assert _pdf_pages(out.read_bytes()) == 3
    assert told[-1] == f"Wrote {out}: 3 pages, 7 puzzles"
    assert source.read_text(encoding="utf-8").splitlines() == _PUZZLES  # the input is untouched


def test_without_a_collection_the_puzzle_on_the_board_prints(window):
    window.session.set_puzzle(History(parse_line(_PUZZLES[2])), dirty=False)
    assert window.booklet.puzzles() == ([_PUZZLES[2]], "Sudoku")


def test_esc_stops_the_booklet_and_writes_nothing(qtbot, window, tmp_path):
    source = tmp_path / "seven.txt"
    source.write_text("\n".join(_PUZZLES * 100) + "\n", encoding="utf-8")
    window.collection.open_collection(source)
    settle(qtbot, window)
    out = tmp_path / "many.pdf"
    window.booklet.print_booklet(out, _options(1, ratings=True))  # rating 700 puzzles takes a while
    qtbot.wait(100)
    assert window.session.busy(JobKind.BOOKLET)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not window.session.worker.active_jobs(), timeout=10_000)
    assert not out.exists()
