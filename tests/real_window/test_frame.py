"""The window's whole frame, title bar included, and its status bar within the screen's work area."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.real_window.child import inside, run_child

#: Run in the child: show the window as the program does, wait for the frame, print the geometry.
_CHILD = """
import json, sys, time
from pathlib import Path
from PySide6.QtWidgets import QApplication
app = QApplication([])
from sudoku_workbench.gui.main_window import MainWindow
from sudoku_workbench.gui.session.storage import Storage
window = MainWindow(Storage(Path(sys.argv[1])))
window.show_on_screen()
deadline = time.monotonic() + 10
while time.monotonic() < deadline and window.frameGeometry() == window.geometry():
    app.processEvents()
for _ in range(50):  # the fit after the frame arrived, and the window manager's answer to it
    app.processEvents()
    time.sleep(0.01)
bar = window.statusBar()
status = bar.geometry().translated(bar.parentWidget().mapToGlobal(bar.parentWidget().rect().topLeft()))
rects = {"frame": window.frameGeometry(), "area": window.screen().availableGeometry(), "status": status}
print(json.dumps({k: [r.x(), r.y(), r.width(), r.height()] for k, r in rects.items()}))
window.session.dirty = False
window.close()
"""


@pytest.mark.parametrize("window_manager", ["1280x800", "1024x768"], indirect=True)
def test_the_frame_and_status_bar_fit_the_work_area(window_manager: str, tmp_path: Path) -> None:
    found = run_child(window_manager, _CHILD, str(tmp_path))
    assert inside(found["frame"], found["area"]), found
    assert inside(found["status"], found["area"]), found


#: Run in the child: a 16x16's graph drawn, then a 9x9's, each given two seconds of the event loop;
#: print the view's range (in cells) at the end.
_GRAPHS = """
import json, sys
from pathlib import Path
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.gui.main_window import MainWindow
from sudoku_workbench.gui.session.storage import Storage
window = MainWindow(Storage(Path(sys.argv[1])))
window.show_on_screen()
for index, line in enumerate(sys.argv[2:]):
    QTimer.singleShot(500 + 2500 * index, lambda line=line: window.session.paste_puzzle(parse_line(line)))


def report():
    (x0, x1), (y0, y1) = window.graph_view.canvas.getViewBox().viewRange()
    print(json.dumps({"range": [x1 - x0, y1 - y0]}))
    window.session.dirty = False
    window.close()


QTimer.singleShot(500 + 2500 * len(sys.argv[2:]), report)
app.exec()
"""


#: A 9x9 whose bilocation graph has many labelled edges (their labels kept the 16x16's spots).
_MANY_EDGES = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@pytest.mark.parametrize("window_manager", ["1280x800"], indirect=True)
def test_a_9x9_graph_after_a_16x16_is_fitted(window_manager: str, tmp_path: Path) -> None:
    from tests.gui.test_board_layout import SIXTEEN

    found = run_child(window_manager, _GRAPHS, str(tmp_path), SIXTEEN, _MANY_EDGES)
    assert min(found["range"]) < 9 * 1.1, found  # was 16.4 cells: the 9x9 in a corner at 55 %
