"""GUI test fixtures: offscreen Qt, a window with its files in a temporary folder, a check that no
test leaves a worker job running (napari's dangling-thread fixture, for our worker), and a heartbeat
that measures the longest stall of the UI thread during each test's body (reported at the end by
tests/conftest.py, which also hears it from pytest-xdist's worker processes)."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import PySide6.QtWidgets
import pytest
from PySide6.QtGui import QImage

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.gui.app import prepare_qt_environment
from sudoku_workbench.gui.board.view import BoardView
from sudoku_workbench.gui.main_window import MainWindow
from sudoku_workbench.gui.session import ui_thread_gc
from sudoku_workbench.gui.session.job_kinds import QUIET_JOBS
from sudoku_workbench.gui.session.storage import Storage
from sudoku_workbench.gui.session.worker import live_workers
from tests.conftest import UI_STALL
from tests.gui.heartbeat import heartbeat

prepare_qt_environment()  # as the program does, before pytest-qt makes the application


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.gui)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """Run a heartbeat through the test body (not its fixtures): a gap is a stall a person would feel.

    The gap also counts work the test itself does on the UI thread between two events (a test that
    computes an expected answer), so the number is an upper bound of the window's own stalls. It goes
    into the test's report (a user property), so it reaches the summary from any worker process.
    """
    here = Path(__file__).parent
    if here not in Path(item.fspath).parents:
        yield
        return
    with heartbeat() as beat:
        yield
    item.user_properties.append((UI_STALL, beat.longest))


def dangling_jobs() -> dict[int, list[int]]:
    """Job ids still running, per live worker."""
    return {id(w): w.active_jobs() for w in live_workers() if w.active_jobs()}


@pytest.fixture(autouse=True)
def collect_on_the_ui_thread(qapp) -> Iterator[None]:
    """As in the program: while the test's pool threads may run, only the UI thread collects cycles."""
    ui_thread_gc.hold()
    yield
    ui_thread_gc.release()


@pytest.fixture(autouse=True)
def no_dangling_jobs(qapp, collect_on_the_ui_thread) -> Iterator[None]:
    """Fail a test that leaves any worker job running (shut down before collection goes back to normal)."""
    yield
    leftover = dangling_jobs()
    for worker in live_workers():
        worker.shutdown()
    assert not leftover, f"worker jobs left running: {leftover}"


@pytest.fixture(autouse=True)
def no_unexpected_message_boxes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A modal box would hang an offscreen test: fail instead, unless the test replaces the box."""
    from PySide6.QtWidgets import QMessageBox

    def unexpected(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"unexpected message box: {args[1:3]}")

    for name in ("question", "warning", "information", "critical"):
        monkeypatch.setattr(QMessageBox, name, unexpected)


@pytest.fixture
def storage(tmp_path: Path) -> Storage:
    """Recovery file and recent list in a temporary folder, never the user's."""
    return Storage(tmp_path / "appdata")


def board_of(qtbot, grid: Grid, side: int, candidates: bool) -> BoardView:
    """A lone board of ``side`` pixels showing ``grid``, no cell chosen (for pictures of the drawing)."""
    board = BoardView()
    qtbot.addWidget(board)
    board.set_grid(grid)
    board.set_show_candidates(candidates)
    board.selected = -1
    board.resize(side, side)
    return board


def board_pixels(board: PySide6.QtWidgets.QWidget) -> np.ndarray:
    """A board's picture as an array of RGB pixels (rows, columns, 3), as ints to subtract."""
    image = board.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    pixels = np.frombuffer(image.constBits(), np.uint8).reshape(image.height(), image.bytesPerLine())
    return pixels[:, : 4 * image.width()].reshape(image.height(), image.width(), 4)[..., :3].astype(int)


def candidate_ink(board, cells, pixels: np.ndarray, darker_than: int = 140) -> np.ndarray:
    """Where the candidates' glyphs are on a board's picture: pixels darker than ``darker_than`` (on
    average over the channels) inside the given cells, away from their lines."""
    ink = np.zeros(pixels.shape[:2], bool)
    dark = pixels.sum(axis=2) < 3 * darker_than
    for cell in cells:
        rect = board.cell_rect(cell).toAlignedRect().adjusted(2, 2, -2, -2)
        area = (slice(rect.top(), rect.bottom()), slice(rect.left(), rect.right()))
        ink[area] = dark[area]
    return ink


def settle(qtbot, window: MainWindow, timeout: int = 20_000) -> None:
    """Wait until the window's session has no job running and no status refresh due."""
    qtbot.waitUntil(window.session.idle, timeout=timeout)


@pytest.fixture
def window(qtbot, storage: Storage) -> Iterator[MainWindow]:
    """A shown main window; at the end only housekeeping jobs may still run (they are awaited)."""
    win = MainWindow(storage)
    win.resize(1280, 800)
    win.show()
    qtbot.waitExposed(win)
    yield win
    session = win.session
    busy = [k for k in session.running() if k not in QUIET_JOBS]
    if not busy:
        qtbot.waitUntil(session.idle, timeout=20_000)
    session.dirty = False
    win.close()
    win.deleteLater()
    assert not busy, f"the test left jobs running: {busy}"


@pytest.fixture
def shown(qtbot, window: MainWindow) -> MainWindow:
    """The window as a person finds it: shown, exposed and the active window."""
    window.activateWindow()
    window.raise_()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: PySide6.QtWidgets.QApplication.activeWindow() is window)
    return window


@pytest.fixture
def shot(artifacts_dir: Path):
    """``shot(widget, "name")`` saves ``widget.grab()`` as tests/artifacts/gui-name.png (returns the path)."""

    def save(widget, name: str) -> Path:
        path = artifacts_dir / f"gui-{name}.png"
        assert widget.grab().save(str(path)), path
        return path

    return save
