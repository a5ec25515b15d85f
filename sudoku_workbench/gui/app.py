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
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

# Qt is imported inside the functions: the screenshot mode must choose the platform first.
if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from sudoku_workbench.gui.main_window import MainWindow

from sudoku_workbench.core.errors import FileError
from sudoku_workbench.formats.atomic import refuse_writing_inputs
from sudoku_workbench.gui.display_check import display_problem

#: What a screenshot's waits call between rounds of events: it raises once the run is to stop.
Check = Callable[[], None]

#: The largest side of a screenshot's window (pixels): 10000x10000 took 1 GB, 4096x4096 a 64 MB image.
MAX_SIDE = 4096

__all__ = ["build_parser", "main", "offer_recovery", "prepare_qt_environment", "shown_state", "wait_for_jobs"]


def build_parser() -> argparse.ArgumentParser:
    """Arguments of ``sudoku-workbench gui``."""
    parser = argparse.ArgumentParser(prog="sudoku-workbench gui", description="Open the workbench window.")
    parser.add_argument("file", nargs="?", type=Path, help="a puzzle file or workbench document to open")
    parser.add_argument("--screenshot", type=Path, metavar="OUT.png", help="render offscreen, save, exit")
    parser.add_argument("--logic", action="store_true", help="press Logic before the screenshot")
    parser.add_argument("--steps", type=_step_count, metavar="K", help="show the position after K steps")
    parser.add_argument(
        "--graph",
        choices=("bilocation", "bivalue"),
        help="pin this graph in the pane (default: follow the step)",
    )
    parser.add_argument(
        "--size",
        type=_window_size,
        default="1280x800",
        metavar="WxH",
        help=f"window size (default 1280x800, each side at most {MAX_SIDE})",
    )
    return parser


def _step_count(text: str) -> int:
    """K of ``--steps``: 0 or more, in ASCII digits (a negative K has no position to show)."""
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of steps (0 or more)")
    return int(text)


def _window_size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    sides = (width, height)
    if not all(side.isascii() and side.isdigit() and 0 < int(side) <= MAX_SIDE for side in sides):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a window size such as 1280x800 (each side 1 to {MAX_SIDE} pixels)"
        )
    return int(width), int(height)


def prepare_qt_environment() -> None:
    """What Qt reads from the environment, set (unless the user set it) before the application exists.

    Qt's raster engine hands a fill of more than about 96 spans to a pool of threads and waits for them.
    On a loaded two-core machine those threads wait for a processor: painting a forcing net's step
    took 20–35 ms of the UI thread that way and 17–24 ms on the UI thread alone, since the board's
    shapes are small.
    """
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")


def main(
    argv: list[str], stopping: Callable[[], AbstractContextManager[Check]] = lambda: nullcontext(_go_on)
) -> int:
    """Run the window until it is closed (or save a screenshot); return the exit code.

    A screenshot runs inside ``stopping()``, the command line's stop signals (given by the entry
    point, which alone knows both sides); it yields the check that its waits call, so Ctrl-C,
    SIGTERM and SIGHUP unwind it there, through the clean-up of its jobs and temporary folder. The
    window's event loop is left to the signals' defaults: a Python handler would only run inside
    some Qt slot.
    """
    args = build_parser().parse_args(argv)
    if args.screenshot is not None:
        try:
            refuse_writing_inputs([str(args.file)] if args.file else [], [str(args.screenshot)])
        except FileError as err:
            print(f"sudoku-workbench gui: {err}", file=sys.stderr)
            return 2
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
    from sudoku_workbench.gui import main_window  # noqa: F401
    from sudoku_workbench.gui.session import ui_thread_gc

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
        with stopping() as check:
            return _screenshot(app, args, check)
    return _run(app, args.file)


def _run(app: QApplication, file: Path | None) -> int:
    from sudoku_workbench.gui.main_window import MainWindow
    from sudoku_workbench.gui.theme import apply_theme, system_prefers_dark

    apply_theme(app, system_prefers_dark())
    window = MainWindow()
    window.show_on_screen()
    offer_recovery(window)
    if file is not None:
        window.files.open_path(file)  # a collection opens in its table, as File → Open would
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


def _go_on() -> None:
    """The check of waits that nothing stops."""


def wait_for_jobs(window: MainWindow, timeout: float = 60.0, check: Check = _go_on) -> bool:
    """Let the event loop run until the window's session has no job left; False on timeout.

    ``check`` is called between rounds of events: where a stop signal comes out.
    """
    from PySide6.QtCore import QCoreApplication

    session = window.session
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        check()
        QCoreApplication.processEvents()
        if not session.worker.active_jobs() and session.idle():
            QCoreApplication.processEvents()
            return True
        time.sleep(0.01)
    return False


def _screenshot(app: QApplication, args: argparse.Namespace, check: Check) -> int:
    from sudoku_workbench.formats.atomic import write_atomic
    from sudoku_workbench.gui.commands.files import png_bytes
    from sudoku_workbench.gui.main_window import MainWindow
    from sudoku_workbench.gui.session.storage import Storage

    class ScreenshotWindow(MainWindow):
        """The window of a screenshot: failures are printed, since no one is there to close a box."""

        def report_error(self, title: str, text: str) -> None:
            _print_error(title, text)

    width, height = args.size
    with tempfile.TemporaryDirectory() as scratch:
        window = ScreenshotWindow(Storage(Path(scratch)))
        try:
            window.resize(width, height)
            window.show()
            if args.file is not None and not window.files.open_path(args.file):
                return 2
            _prepare(window, args, check)
            image = window.grab().toImage()
            for key, value in shown_state(window).items():
                image.setText(key, value)
            picture = png_bytes(image)
        finally:  # also when a stop signal ends the wait: the jobs end before Qt's objects go
            window.session.dirty = False
            window.close()
    check()  # a stop that came after the last wait: no picture
    try:
        write_atomic(args.screenshot, picture)
    except OSError as err:
        print(f"sudoku-workbench gui: {err}", file=sys.stderr)
        return 2
    print(f"saved {args.screenshot}")
    return 0


def shown_state(window: MainWindow) -> dict[str, str]:
    """What a screenshot shows, stored in the PNG so a caption can be checked against its picture.

    ``step`` is the number of steps applied, ``rule`` the id of the last one, ``graph`` the pane's kind;
    ``menus`` the menu bar as drawn (:func:`menu_words`) and ``status`` the status line's words, so a
    picture whose menus or wording the window no longer has is found stale.
    """
    session = window.session
    step = session.history.last_step
    pane = window.graph_view
    return {
        "step": str(session.history.cursor),
        "rule": step.rule if step is not None else "",
        "graph": pane.kind if pane.arrays is not None else "",
        "menus": menu_words(window),
        "status": window.panel.status.text(),
    }


def menu_words(window: MainWindow) -> str:
    """Each menu of the bar as "Title: entry, entry", one line each (mnemonic ampersands dropped)."""
    from PySide6.QtWidgets import QMenu

    lines = []
    for menu_action in window.menuBar().actions():
        menu = menu_action.menu()
        assert isinstance(menu, QMenu)
        entries = ", ".join(a.text().replace("&", "") for a in menu.actions() if not a.isSeparator())
        lines.append(f"{menu_action.text().replace('&', '')}: {entries}")
    return "\n".join(lines)


def _print_error(title: str, text: str) -> None:
    print(f"sudoku-workbench gui: {title}: {text}", file=sys.stderr)


def _prepare(window: MainWindow, args: argparse.Namespace, check: Check) -> None:
    session = window.session
    if args.logic:
        session.jobs.logic()
        wait_for_jobs(window, check=check)
        if args.steps is not None:
            session.go_to(args.steps)
    elif args.steps:
        for _ in range(args.steps):
            before = session.history.cursor
            session.jobs.step()
            wait_for_jobs(window, check=check)
            if session.history.cursor == before:  # solved, or no rule applies: no step will come
                break
    if args.graph:
        window.acts[args.graph].trigger()
    wait_for_jobs(window, check=check)
