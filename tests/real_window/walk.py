"""The child of the walk tests: the window as the program shows it, driven by xdotool's real events.

xdotool sends key presses and mouse clicks through the X server to whatever window has focus, as a
person's keyboard does, so a shortcut that the board swallows, or a dialog that never opens, shows.
The story named on the command line runs as a generator that yields how many milliseconds of the event
loop to give before its next move; what it saw is printed as one JSON line at the end.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QRect, QTimer
from PySide6.QtWidgets import QApplication, QToolButton, QWidget

#: A classic puzzle with one solution (the README's newspaper puzzle).
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

Story = Callable[[Any, dict[str, Any]], Iterator[int]]


def key(*keys: str) -> None:
    """Press ``keys`` (xdotool names, e.g. ``ctrl+v``) on whatever window has focus."""
    subprocess.run(["xdotool", "key", "--clearmodifiers", *keys], check=True)


def click(widget: QWidget, point: QPoint | None = None) -> None:
    """Move the real pointer onto ``widget`` (its middle unless ``point``, widget-local) and click."""
    where = widget.mapToGlobal(point if point is not None else widget.rect().center())
    subprocess.run(["xdotool", "mousemove", str(where.x()), str(where.y()), "click", "1"], check=True)


def on_screen(widget: QWidget) -> list[int]:
    """The widget's rectangle in screen coordinates (x, y, width, height)."""
    top_left = widget.mapToGlobal(QPoint(0, 0))
    return [top_left.x(), top_left.y(), widget.width(), widget.height()]


def rect(r: QRect) -> list[int]:
    return [r.x(), r.y(), r.width(), r.height()]


def until(condition: Callable[[], object], seconds: float = 10) -> Iterator[int]:
    """Give the event loop time until ``condition`` holds (or ``seconds`` pass: the story goes on, and
    its test fails on what it saw); a loaded machine only makes the walk slower, not wrong."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        yield 50


def modal_title() -> str | None:
    """The title of the dialog waiting for an answer, if any."""
    dialog = QApplication.activeModalWidget()
    return dialog.windowTitle() if dialog is not None else None


def shortcuts(window: Any, seen: dict[str, Any]) -> Iterator[int]:
    """Items 2, 8 and 9: Ctrl+V over an unsaved change, Ctrl+N on a 16x16 board, the Search tree dock."""
    from sudoku_workbench.formats.text import parse_line
    from tests.gui.test_board_layout import SIXTEEN

    session, board = window.session, window.board
    session.paste_puzzle(parse_line(CLASSIC))
    session.dirty = False
    yield 300
    click(board, board.cell_rect(CLASSIC.index(".")).center().toPoint())
    key("4")
    yield from until(lambda: session.dirty)
    seen["typed_makes_dirty"] = session.dirty
    typed = session.grid.to_line()
    QApplication.clipboard().setText(SIXTEEN)
    key("ctrl+v")
    yield from until(lambda: modal_title() or session.grid.to_line() != typed, 5)
    seen["paste_asks"] = modal_title()
    key("Escape")
    yield from until(lambda: modal_title() is None)
    yield 300
    seen["paste_cancelled_keeps_the_work"] = session.grid.to_line() == typed and session.dirty

    session.paste_puzzle(parse_line(SIXTEEN))
    session.dirty = False
    yield 300
    click(board, board.cell_rect(0).center().toPoint())
    key("ctrl+n")
    yield from until(modal_title, 5)
    seen["ctrl_n_on_16x16"] = modal_title()
    key("Escape")
    yield from until(lambda: modal_title() is None)

    window.showMaximized()
    yield from until(window.isMaximized)
    yield 500  # the window manager's answer
    key("ctrl+shift+t")
    study = window.study
    yield from until(lambda: study.tree_view is not None and study.tree_view.tree is not None)
    yield 500  # the dock's room taken
    dock = study._tree_dock
    seen["tree_open"] = dock is not None and dock.isVisible()
    # the client area: Qt may keep the unmaximized frame's margins for a maximized window (openbox
    # drops the border), reporting a frame 1 px outside the screen that xwininfo does not show
    seen["maximized"] = rect(window.geometry())
    seen["area"] = rect(window.screen().availableGeometry())
    seen["tree_shown"] = study.tree_view.tree is not None
    key("ctrl+shift+t")
    yield from until(lambda: not dock.isVisible(), 3)
    seen["tree_closed_again"] = dock is not None and not dock.isVisible()
    key("ctrl+shift+t")
    yield from until(lambda: dock.isVisible() and study.tree_view.tree is not None)
    key("ctrl+n")
    yield from until(modal_title, 5)
    key("Return")
    yield from until(lambda: modal_title() is None)
    yield 300
    seen["tree_after_new"] = study.tree_view.tree is not None


def pop_out(window: Any, seen: dict[str, Any]) -> Iterator[int]:
    """Item 9: the graph pane's Pop out button, clicked, floats the pane clear of Logic and Step."""
    pop = window.acts["graph_pop_out"]
    button = next(b for b in window.graph_view.findChildren(QToolButton) if b.defaultAction() is pop)
    click(button)
    yield from until(window.graph_dock.isFloating)
    yield 1000  # placed beside the window, and the window manager's answer
    seen["floating"] = window.graph_dock.isFloating()
    seen["pane"] = rect(window.graph_dock.frameGeometry())
    seen["buttons"] = {name: on_screen(window.panel.buttons[name]) for name in ("logic", "step")}
    seen["area"] = rect(window.screen().availableGeometry())


STORIES: dict[str, Story] = {"shortcuts": shortcuts, "pop_out": pop_out}


def main() -> None:
    """Show the window (settings in the folder ``argv[1]``), run the story ``argv[2]``, print what it saw."""
    app = QApplication([])
    from sudoku_workbench.gui.main_window import MainWindow
    from sudoku_workbench.gui.session.storage import Storage

    window = MainWindow(Storage(Path(sys.argv[1])))
    window.show_on_screen()
    seen: dict[str, Any] = {}
    moves = STORIES[sys.argv[2]](window, seen)

    def advance() -> None:
        try:
            QTimer.singleShot(next(moves), advance)
        except StopIteration:
            window.session.dirty = False
            window.close()
            print(json.dumps(seen))
            app.quit()

    QTimer.singleShot(1500, advance)  # the frame arrives and the window gets the focus
    app.exec()


if __name__ == "__main__":
    main()
