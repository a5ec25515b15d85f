"""A puzzle from a picture in the window: the file dialog, Ctrl+V of an image, a dropped file, the review.

The reading runs in the worker; the tests wait for the review to open. Photos are training photos of
the Wicht–Hennebert set (never its test pictures), their givens from ``truth.tsv``; screenshots are the
window's own Export image.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication, QImage
from PySide6.QtWidgets import QApplication, QMessageBox

from sudoku_workbench.core.geometry import geometry_for_size
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.gui import dialogs
from sudoku_workbench.gui.main_window import MainWindow
from sudoku_workbench.gui.picture.reading import PictureRead
from sudoku_workbench.search.solve import solve
from sudoku_workbench.vision.reader import Reading
from tests.gui.test_editing import NEWSPAPER, trigger
from tests.gui.test_keyboard_stories import CTRL, Key, file_dialogs, press

PHOTOS = Path(__file__).resolve().parents[3] / "shared" / "data" / "photos" / "train"
needs_photos = pytest.mark.skipif(not PHOTOS.is_dir(), reason="needs ../shared/data/photos/train")
#: A harder classic than NEWSPAPER, for a second, different puzzle.
OTHER = "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759.."


def truth(name: str) -> str:
    lines = (PHOTOS / "truth.tsv").read_text().splitlines()
    return dict(line.split("\t") for line in lines if line)[name].strip()


def wait_review(qtbot, window: MainWindow):
    qtbot.waitUntil(lambda: window.pictures.review is not None, timeout=30_000)
    review = window.pictures.review
    assert review is not None
    return review


def import_photo(qtbot, window: MainWindow, monkeypatch, path: Path):
    file_dialogs(monkeypatch, path)
    trigger(window, "import_picture")
    return wait_review(qtbot, window)


def errors(monkeypatch) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "show_error", lambda parent, title, text: shown.append((title, text)))
    return shown


def export_png(window: MainWindow, line: str, path: Path) -> Path:
    """The puzzle drawn by the window's own Export image (pencil marks shown, as a person would)."""
    window.session.paste_puzzle(parse_line(line))
    window.files.export_image(path)
    window.session.dirty = False
    return path


@needs_photos
def test_a_training_photo_becomes_the_puzzle_on_accept(qtbot, window, monkeypatch):
    review = import_photo(qtbot, window, monkeypatch, PHOTOS / "image1.jpg")
    assert window.pictures.dock.isVisible()
    assert len(review.read.reading.corners) == 4
    assert window.board.grid.givens == review.grid().givens  # the board shows the reading
    assert window.session.grid.givens == Grid.empty(geometry_for_size(9)).givens  # not yet the puzzle
    qtbot.mouseClick(window.pictures.panel.accept_button, Qt.MouseButton.LeftButton)
    assert window.pictures.review is None
    assert not window.pictures.dock.isVisible()
    assert window.session.grid.to_line() == truth("image1.jpg")
    assert window.board.grid.to_line() == truth("image1.jpg")


@needs_photos
def test_one_undo_brings_the_old_puzzle_back(qtbot, window, monkeypatch):
    window.session.paste_puzzle(parse_line(NEWSPAPER))
    window.session.dirty = False
    import_photo(qtbot, window, monkeypatch, PHOTOS / "image1.jpg")
    window.pictures.accept()
    assert window.session.grid.to_line() == truth("image1.jpg")
    trigger(window, "undo")
    assert window.session.grid.to_line() == NEWSPAPER
    trigger(window, "redo")
    assert window.session.grid.to_line() == truth("image1.jpg")


@needs_photos
def test_cancel_leaves_the_old_puzzle_and_its_marks(qtbot, window, monkeypatch):
    window.session.paste_puzzle(parse_line(NEWSPAPER))
    review = import_photo(qtbot, window, monkeypatch, PHOTOS / "image1.jpg")
    assert window.board.grid.givens == review.grid().givens
    press(Key.Key_Escape)
    assert window.pictures.review is None
    assert window.session.grid.to_line() == NEWSPAPER
    assert window.board.grid.to_line() == NEWSPAPER
    assert window.board.pencil == window.session.history.pencil_marks()


def test_a_doubtful_cell_is_marked_and_typing_fixes_it(qtbot, window):
    """A reading with r1c2 read wrongly as 4 and in doubt: it is marked; typing 3 fixes and unmarks it."""
    right = parse_line(NEWSPAPER)
    values = list(right.givens)
    values[1] = 4
    confidence = tuple(0.55 if cell == 1 else 0.99 for cell in range(81))
    misread = Reading(Grid.from_values(right.geometry, values), confidence, (), (1,), ((0, 0),) * 4, False)
    told: list[str] = []
    window.session.message.connect(told.append)
    window.pictures._open_review(PictureRead("test", misread, QImage()))
    review = window.pictures.review
    assert told[-1] == "Read the picture: 1 cell to check"
    assert window.board.marks == frozenset({1})
    assert window.board.selected == 1  # the first doubtful cell is selected for the person
    assert window.board.grid.values[1] == 4
    press(Key.Key_3)
    assert window.board.grid.values[1] == 3
    assert window.board.marks == frozenset()
    assert review.doubtful == set()
    assert "Nothing left in doubt" in window.pictures.panel.text.text()
    assert told[-1] == "Read the picture: 0 cells to check"  # the status line counts down too
    press(Key.Key_Return, CTRL)  # Ctrl+Enter accepts
    assert window.session.grid.to_line() == NEWSPAPER


@needs_photos
def test_a_photo_with_doubts_is_put_right_by_confirming_and_typing(qtbot, window, monkeypatch):
    """Every marked cell is looked at (Enter if right, the digit if wrong), any wrong unmarked one typed."""
    name = "image1083.jpg"
    review = import_photo(qtbot, window, monkeypatch, PHOTOS / name)
    marked = set(review.doubtful)
    assert marked, "this photo's reading has cells in doubt"
    assert window.board.marks == frozenset(marked)
    right = parse_line(truth(name)).givens
    for cell in sorted(marked):
        window.board.select(cell)
        if review.values[cell] == right[cell]:
            qtbot.mouseClick(window.pictures.panel.confirm_button, Qt.MouseButton.LeftButton)
        else:
            press(Key(Key.Key_0 + right[cell]) if right[cell] else Key.Key_Delete)
        assert cell not in window.board.marks
    for cell in range(81):
        if review.values[cell] != right[cell]:
            qtbot.mouseClick(
                window.board, Qt.MouseButton.LeftButton, pos=window.board.cell_rect(cell).center().toPoint()
            )
            press(Key(Key.Key_0 + right[cell]) if right[cell] else Key.Key_Delete)
    assert window.board.marks == frozenset()
    window.pictures.accept()
    assert window.session.grid.to_line() == truth(name)


def test_ctrl_v_of_an_image_reads_the_programs_own_export_exactly(qtbot, window, tmp_path):
    png = export_png(window, OTHER, tmp_path / "board.png")
    window.session.paste_puzzle(parse_line(NEWSPAPER))
    window.session.dirty = False
    QGuiApplication.clipboard().setImage(QImage(str(png)))
    press(Key.Key_V, CTRL)
    review = wait_review(qtbot, window)
    assert review.doubtful == set()
    window.pictures.accept()
    assert window.session.grid.to_line() == OTHER


def test_ctrl_v_of_text_still_pastes_the_puzzle(qtbot, window):
    mime = QMimeData()
    mime.setText(OTHER)
    mime.setImageData(QImage(40, 40, QImage.Format.Format_RGB32))  # the text is a puzzle: it wins
    QGuiApplication.clipboard().setMimeData(mime)
    press(Key.Key_V, CTRL)
    assert window.pictures.review is None
    assert window.session.grid.to_line() == OTHER


def test_a_dropped_export_of_a_16x16_reads_exactly(qtbot, window, tmp_path):
    geo = geometry_for_size(16)
    full = solve(Grid.empty(geo))
    assert full is not None
    rng = random.Random(16)
    grid = Grid.from_values(geo, [v if rng.random() < 0.35 else 0 for v in full.values])
    png = export_png(window, grid.to_line(), tmp_path / "sixteen.png")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(png))])
    enter = QDragEnterEvent(
        QPoint(50, 50),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted()
    drop = QDropEvent(
        window.rect().center().toPointF(),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(window, drop)
    review = wait_review(qtbot, window)
    assert review.geometry.n == 16
    window.pictures.accept()
    assert window.session.grid.to_line() == grid.to_line()


@pytest.mark.parametrize(
    ("content", "words"), [(b"not a picture at all", "not a picture"), (None, "no grid")]
)
def test_a_file_that_is_no_picture_of_a_grid_gives_one_message(
    qtbot, window, monkeypatch, tmp_path, content, words
):
    window.session.paste_puzzle(parse_line(NEWSPAPER))
    path = tmp_path / "notes.png"
    if content is None:
        blank = QImage(300, 200, QImage.Format.Format_RGB32)
        blank.fill(Qt.GlobalColor.white)
        assert blank.save(str(path))
    else:
        path.write_bytes(content)
    shown = errors(monkeypatch)
    file_dialogs(monkeypatch, path)
    trigger(window, "import_picture")
    qtbot.waitUntil(lambda: bool(shown), timeout=30_000)
    assert len(shown) == 1
    title, text = shown[0]
    assert "picture" in title
    assert words in text
    assert "notes.png" in text
    assert window.pictures.review is None
    assert window.session.grid.to_line() == NEWSPAPER


@needs_photos
@pytest.mark.parametrize(
    ("answer", "replaced"),
    [(QMessageBox.StandardButton.Cancel, False), (QMessageBox.StandardButton.Discard, True)],
)
def test_accept_over_a_modified_puzzle_asks_first(qtbot, window, monkeypatch, answer, replaced):
    window.session.paste_puzzle(parse_line(NEWSPAPER))
    assert window.session.dirty
    asked: list[str] = []

    def ask(parent) -> QMessageBox.StandardButton:
        asked.append("asked")
        return answer

    monkeypatch.setattr(dialogs, "ask_save_changes", ask)
    import_photo(qtbot, window, monkeypatch, PHOTOS / "image1.jpg")
    window.pictures.accept()
    assert asked == ["asked"]
    assert (window.session.grid.to_line() == truth("image1.jpg")) is replaced
    assert (window.pictures.review is None) is replaced  # asked and refused: the review stays open
    if not replaced:
        window.pictures.cancel()
        assert window.session.grid.to_line() == NEWSPAPER


def test_the_reading_runs_on_a_pool_thread_not_the_ui_thread(qtbot, window, monkeypatch, tmp_path):
    import threading

    from sudoku_workbench.gui.picture import importing as picture_import
    from sudoku_workbench.gui.picture import reading as picture_reading

    png = export_png(window, NEWSPAPER, tmp_path / "board.png")
    threads: list[threading.Thread] = []
    real = picture_reading.read_file

    def recording(path: Path) -> PictureRead:
        threads.append(threading.current_thread())
        return real(path)

    monkeypatch.setattr(picture_import, "read_file", recording)
    window.pictures.import_file(png)
    wait_review(qtbot, window)
    assert threads
    assert threads[0] is not threading.main_thread()
    window.pictures.cancel()
