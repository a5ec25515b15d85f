"""Start the Qt application and the main window, offer recovered work, or render a screenshot.

``sudoku-workbench gui [FILE] --screenshot OUT.png [--logic] [--steps K] [--graph KIND] [--size WxH]``
renders the window offscreen in that state, saves the picture and exits (the README's pictures).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

# Qt is imported inside the functions: the screenshot mode must choose the platform first.
if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from sudoku_workbench.gui.main_window import MainWindow

from sudoku_workbench.gui.display_check import display_problem

__all__ = ["build_parser", "main", "offer_recovery", "prepare_qt_environment", "shown_state", "wait_for_jobs"]


def build_parser() -> argparse.ArgumentParser:
    """Arguments of ``sudoku-workbench gui``."""
    parser = argparse.ArgumentParser(prog="sudoku-workbench gui", description="Open the workbench window.")
    parser.add_argument("file", nargs="?", type=Path, help="a puzzle file or workbench document to open")
    parser.add_argument("--screenshot", type=Path, metavar="OUT.png", help="render offscreen, save, exit")
    parser.add_argument("--logic", action="store_true", help="press Logic before the screenshot")
    parser.add_argument("--steps", type=int, metavar="K", help="show the position after K steps")
    parser.add_argument(
        "--graph",
        choices=("bilocation", "bivalue"),
        help="pin this graph in the pane (default: follow the step)",
    )
    parser.add_argument(
        "--size", type=_window_size, default="1280x800", metavar="WxH", help="window size (default 1280x800)"
    )
    return parser


def _window_size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit() and 0 < int(width) <= 10000 and 0 < int(height) <= 10000):
        raise argparse.ArgumentTypeError(f"{text!r} is not a window size such as 1280x800")
    return int(width), int(height)


def prepare_qt_environment() -> None:
    """What Qt reads from the environment, set (unless the user set it) before the application exists.

    Qt's raster engine hands a fill of more than about 96 spans to a pool of threads and waits for them.
    On a loaded two-core machine those threads wait for a processor: painting a forcing net's step
    took 20–35 ms of the UI thread that way and 17–24 ms on the UI thread alone, since the board's
    shapes are small.
    """
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")


def main(argv: list[str]) -> int:
    """Run the window until it is closed (or save a screenshot); return the exit code."""
    args = build_parser().parse_args(argv)
    if args.screenshot is not None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    problem = display_problem()
    if problem is not None:
        print(f"sudoku-workbench: {problem}", file=sys.stderr)
        return 2
    prepare_qt_environment()
    import pyqtgraph  # after PySide6, so it binds to it
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    # The window's modules before hold(), which freezes what start-up made out of every later collection.
    from sudoku_workbench.gui import main_window, ui_thread_gc  # noqa: F401

    # High-DPI: fractional scale factors (125 %, 150 %) are kept, not rounded; the board paints in floats.
    if QApplication.instance() is None:
        QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    pyqtgraph.setConfigOptions(antialias=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("sudoku-workbench")
    app.setOrganizationName("sudoku-workbench")
    ui_thread_gc.hold()  # for the program's whole life: its pool threads must never collect Qt objects
    if args.screenshot is not None:
        return _screenshot(app, args)
    return _run(app, args.file)


def _run(app: QApplication, file: Path | None) -> int:
    from sudoku_workbench.gui.main_window import MainWindow
    from sudoku_workbench.gui.theme import apply_theme, system_prefers_dark

    apply_theme(app, system_prefers_dark())
    window = MainWindow()
    window.show_on_screen()
    offer_recovery(window)
    if file is not None:
        window.session.open_file(file)
    window.focus_board()  # the recovery question, if asked, had the keys
    return int(app.exec())


def offer_recovery(window: MainWindow) -> bool:
    """After a crash, ask whether to restore the autosaved work; True when it was restored."""
    from sudoku_workbench.gui import dialogs

    session = window.session
    if not session.storage.claim_recovery():
        return False
    if dialogs.ask_recover(window):
        return bool(session.recover())
    session.storage.discard_recovery()
    return False


def wait_for_jobs(window: MainWindow, timeout: float = 60.0) -> bool:
    """Let the event loop run until the window's session has no job left; False on timeout."""
    from PySide6.QtCore import QCoreApplication

    session = window.session
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        QCoreApplication.processEvents()
        if not session.worker.active_jobs() and session.idle():
            QCoreApplication.processEvents()
            return True
        time.sleep(0.01)
    return False


def _screenshot(app: QApplication, args: argparse.Namespace) -> int:
    from sudoku_workbench.formats.atomic import write_atomic
    from sudoku_workbench.gui.main_window import MainWindow
    from sudoku_workbench.gui.storage import Storage
    from sudoku_workbench.gui.window_files import png_bytes

    class ScreenshotWindow(MainWindow):
        """The window of a screenshot: failures are printed, since no one is there to close a box."""

        def report_error(self, title: str, text: str) -> None:
            _print_error(title, text)

    width, height = args.size
    with tempfile.TemporaryDirectory() as scratch:
        window = ScreenshotWindow(Storage(Path(scratch)))
        window.resize(width, height)
        window.show()
        if args.file is not None and not window.session.open_file(args.file):
            window.session.dirty = False
            window.close()
            return 2
        _prepare(window, args)
        window.session.dirty = False
        image = window.grab().toImage()
        for key, value in shown_state(window).items():
            image.setText(key, value)
        picture = png_bytes(image)
        window.close()
    try:
        write_atomic(args.screenshot, picture)
    except OSError as err:
        print(f"sudoku-workbench gui: {err}", file=sys.stderr)
        return 2
    print(f"saved {args.screenshot}")
    return 0


def shown_state(window: MainWindow) -> dict[str, str]:
    """What a screenshot shows, stored in the PNG so a caption can be checked against its picture.

    ``step`` is the number of steps applied, ``rule`` the id of the last one, ``graph`` the pane's kind.
    """
    session = window.session
    step = session.history.last_step
    pane = window.graph_view
    return {
        "step": str(session.history.cursor),
        "rule": step.rule if step is not None else "",
        "graph": pane.kind if pane.arrays is not None else "",
    }


def _print_error(title: str, text: str) -> None:
    print(f"sudoku-workbench gui: {title}: {text}", file=sys.stderr)


def _prepare(window: MainWindow, args: argparse.Namespace) -> None:
    session = window.session
    if args.logic:
        session.jobs.logic()
        wait_for_jobs(window)
        if args.steps is not None:
            session.go_to(args.steps)
    elif args.steps:
        for _ in range(args.steps):
            session.jobs.step()
            wait_for_jobs(window)
    if args.graph:
        window.acts[args.graph].trigger()
    wait_for_jobs(window)
