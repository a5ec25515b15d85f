"""Export image and Print show the board alone: no room below it, no cursor tint on the selected cell."""

from __future__ import annotations

import re
from pathlib import Path

import PySide6.QtPrintSupport
from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QDialog, QFileDialog

from sudoku_workbench.gui.main_window import MainWindow
from tests.gui.test_editing import trigger
from tests.gui.test_logic import HARD, trigger_paste


def _two_givens(window: MainWindow) -> tuple[int, int]:
    """The first given cell, selected on the focused board (so it is tinted on screen), and another."""
    first, other = [c for c, v in enumerate(window.session.grid.givens) if v][:2]
    window.board.select(first)
    window.board.setFocus()
    assert window.board.hasFocus()
    return first, other


def _corner(window: MainWindow, cell: int, origin: QRect, scale: float) -> QPointF:
    """A point inside a cell, away from its digit and its cursor frame, in the picture's pixels."""
    rect: QRectF = window.board.cell_rect(cell)
    point = rect.topLeft() + QPointF(rect.width() * 0.15, rect.height() * 0.85) - QPointF(origin.topLeft())
    return point * scale


def _colour(image: QImage, point: QPointF) -> QColor:
    return image.pixelColor(point.toPoint())


def _export(window: MainWindow, monkeypatch, path: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    trigger(window, "export_image")


def test_an_exported_png_is_the_board_alone(qtbot, window, monkeypatch, tmp_path):
    trigger_paste(qtbot, window, HARD)
    selected, other = _two_givens(window)
    _export(window, monkeypatch, tmp_path / "board.png")
    image = QImage(str(tmp_path / "board.png"))
    assert abs(image.width() - image.height()) <= 1  # was the whole widget: a band of ~170 px below
    assert image.height() < window.board.height()
    with window.board.as_picture() as origin:
        pass
    scale = image.width() / origin.width()
    here, there = (_colour(image, _corner(window, c, origin, scale)) for c in (selected, other))
    assert here == there  # the selected cell is not tinted
    assert window.board.hasFocus()


def test_an_exported_svg_is_square(qtbot, window, monkeypatch, tmp_path):
    trigger_paste(qtbot, window, HARD)
    _export(window, monkeypatch, tmp_path / "board.svg")
    text = (tmp_path / "board.svg").read_text(encoding="utf-8")
    box = re.search(r'viewBox="0 0 (\d+) (\d+)"', text)
    assert box is not None, text[:300]
    assert box.group(1) == box.group(2)


class _Page(QImage):
    """A white page standing in for the printer: ``print`` asks it only its page and resolution."""

    def __init__(self) -> None:
        super().__init__(600, 800, QImage.Format.Format_RGB32)
        self.fill(Qt.GlobalColor.white)

    def resolution(self) -> int:
        return 72

    def pageLayout(self) -> _Page:
        return self

    def paintRectPixels(self, _resolution: int) -> QRect:
        return self.rect()


def test_print_draws_the_board_alone_at_the_top_of_the_page(qtbot, window, monkeypatch):
    trigger_paste(qtbot, window, HARD)
    selected, other = _two_givens(window)
    page = _Page()
    monkeypatch.setattr(PySide6.QtPrintSupport, "QPrinter", lambda: page)
    monkeypatch.setattr(PySide6.QtPrintSupport, "QPrintDialog", _AcceptingDialog)
    trigger(window, "print")
    below = {page.pixel(x, y) for y in range(610, 800, 7) for x in range(0, 600, 7)}
    assert below == {QColor(Qt.GlobalColor.white).rgb()}  # no grey band under the board
    with window.board.as_picture() as origin:
        pass
    scale = 600 / origin.width()
    here, there = (_colour(page, _corner(window, c, origin, scale)) for c in (selected, other))
    assert here == there


class _AcceptingDialog:
    """The print dialog, answered with OK."""

    def __init__(self, *args: object) -> None:
        pass

    def exec(self) -> QDialog.DialogCode:
        return QDialog.DialogCode.Accepted
