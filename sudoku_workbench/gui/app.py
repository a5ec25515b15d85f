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

from sudoku_workbench.gui.display_check import display_problem

__all__ = ["build_parser", "main", "offer_recovery", "wait_for_jobs"]


def build_parser() -> argparse.ArgumentParser:
    """Arguments of ``sudoku-workbench gui``."""
    parser = argparse.ArgumentParser(prog="sudoku-workbench gui", description="Open the workbench window.")
    parser.add_argument("file", nargs="?", type=Path, help="a puzzle file or workbench document to open")
    parser.add_argument("--screenshot", type=Path, metavar="OUT.png", help="render offscreen, save, exit")
    parser.add_argument("--logic", action="store_true", help="press Logic before the screenshot")
    parser.add_argument("--steps", type=int, metavar="K", help="show the position after K steps")
    parser.add_argument("--graph", choices=("bilocation", "bivalue"), help="show this graph in the pane")
    parser.add_argument("--size", default="1280x800", metavar="WxH", help="window size (default 1280x800)")
    return parser


def main(argv: list[str]) -> int:
    """Run the window until it is closed (or save a screenshot); return the exit code."""
    args = build_parser().parse_args(argv)
    if args.screenshot is not None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    problem = display_problem()
    if problem is not None:
        print(f"sudoku-workbench: {problem}", file=sys.stderr)
        return 2
    import pyqtgraph
    from PySide6.QtWidgets import QApplication

    pyqtgraph.setConfigOptions(antialias=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setApplicationName("sudoku-workbench")
    app.setOrganizationName("sudoku-workbench")
    if args.screenshot is not None:
        return _screenshot(app, args)
    return _run(app, args.file)


def _run(app: object, file: Path | None) -> int:
    from PySide6.QtWidgets import QApplication

    from sudoku_workbench.gui.main_window import MainWindow
    from sudoku_workbench.gui.theme import apply_theme, system_prefers_dark

    assert isinstance(app, QApplication)
    apply_theme(app, system_prefers_dark())
    window = MainWindow()
    window.resize(1280, 800)
    window.show()
    offer_recovery(window)
    if file is not None:
        window.session.open_file(file)
    return int(app.exec())


def offer_recovery(window: object) -> bool:
    """After a crash, ask whether to restore the autosaved work; True when it was restored."""
    from sudoku_workbench.gui import dialogs

    session = window.session  # type: ignore[attr-defined]
    if session.storage.read_recovery() is None:
        return False
    if dialogs.ask_recover(window):  # type: ignore[arg-type]
        return bool(session.recover())
    session.storage.discard_recovery()
    return False


def wait_for_jobs(window: object, timeout: float = 60.0) -> bool:
    """Let the event loop run until the window's session has no job left; False on timeout."""
    from PySide6.QtCore import QCoreApplication

    session = window.session  # type: ignore[attr-defined]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        QCoreApplication.processEvents()
        if not session.worker.active_jobs() and session.idle():
            QCoreApplication.processEvents()
            return True
        time.sleep(0.01)
    return False


def _screenshot(app: object, args: argparse.Namespace) -> int:
    from sudoku_workbench.gui.main_window import MainWindow
    from sudoku_workbench.gui.storage import Storage

    width, _, height = args.size.partition("x")
    with tempfile.TemporaryDirectory() as scratch:
        window = MainWindow(Storage(Path(scratch)))
        window.report_error = _print_error  # type: ignore[method-assign]
        window.resize(int(width), int(height))
        window.show()
        if args.file is not None and not window.session.open_file(args.file):
            window.session.dirty = False
            window.close()
            return 2
        _prepare(window, args)
        window.session.dirty = False
        saved = window.grab().save(str(args.screenshot))
        window.close()
    if not saved:
        print(f"sudoku-workbench gui: could not write {args.screenshot}", file=sys.stderr)
        return 2
    print(f"saved {args.screenshot}")
    return 0


def _print_error(title: str, text: str) -> None:
    print(f"sudoku-workbench gui: {title}: {text}", file=sys.stderr)


def _prepare(window: object, args: argparse.Namespace) -> None:
    session = window.session  # type: ignore[attr-defined]
    if args.logic:
        session.jobs.logic()
        wait_for_jobs(window)
        if args.steps is not None:
            session.go_to(args.steps)
    elif args.steps:
        for _ in range(args.steps):
            session.jobs.step()
            wait_for_jobs(window)
    if args.graph and getattr(window, "graph_view", None) is not None:
        window.graph_view.show_kind(args.graph)  # type: ignore[attr-defined]
    wait_for_jobs(window)
