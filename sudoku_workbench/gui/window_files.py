"""The File menu's commands (and Test, which replaces the puzzle): dialogs in, session calls out.

Every command that would replace the puzzle first asks about unsaved changes; failures are shown as
message boxes naming the problem and place, and leave the current puzzle as it was.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QRectF, QSize, Qt
from PySide6.QtGui import QGuiApplication, QPainter
from PySide6.QtWidgets import QDialog, QMessageBox

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import geometry_for_size
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Highlights, Step
from sudoku_workbench.gui import capabilities, dialogs
from sudoku_workbench.gui.history import History

if TYPE_CHECKING:
    from sudoku_workbench.gui.main_window import MainWindow
    from sudoku_workbench.gui.session import Session

__all__ = ["FileCommands", "parse_text"]

_SAVE_FILTER = "Workbench document (*.json);;One puzzle per line (*.txt);;All files (*)"
_IMAGE_FILTER = "PNG image (*.png);;SVG drawing (*.svg)"
_HCP_FILTER = "TSPLIB HCP (*.hcp);;GraphML (*.graphml);;All files (*)"
_TOUR_FILTER = "Tours: TSPLIB, Concorde solution, edge list (*.tour *.sol *.txt *.edges);;All files (*)"


def parse_text(text: str, source: str) -> Grid:
    """A puzzle from pasted text, in any format the formats package knows (one line until it lands).

    Raises:
        FormatError: naming what is wrong and where.
    """
    if capabilities.available("formats"):
        grid: Grid = capabilities.load("formats").parse_puzzle(text, source)
        return grid
    from sudoku_workbench.formats.text import parse_line

    return parse_line(text, source)


class FileCommands:
    """File menu commands of one window."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window

    @property
    def session(self) -> Session:
        """The window's session."""
        return self.window.session

    def confirm_discard(self) -> bool:
        """True when the current work may be replaced (saved, discarded, or nothing to lose)."""
        if not self.session.dirty:
            return True
        answer = dialogs.ask_save_changes(self.window)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    # ---- puzzles in and out ------------------------------------------------------------------
    def new(self) -> None:
        """File → New: an empty grid of a chosen size, in Givens mode."""
        if not self.confirm_discard():
            return
        size = dialogs.ask_size(self.window, self.session.grid.geometry.n)
        if size is not None:
            self.session.new_puzzle(geometry_for_size(size))

    def open(self, path: Path | None = None) -> None:
        """File → Open (or a recent file)."""
        if not self.confirm_discard():
            return
        path = path or dialogs.choose_open_path(self.window, "Open a puzzle")
        if path is not None:
            self.session.open_file(path)

    def save(self) -> bool:
        """File → Save: to the current file, or ask for one."""
        if self.session.path is None:
            return self.save_as()
        return bool(self.session.save())

    def save_as(self) -> bool:
        """File → Save As: a document (``.json``, with the history) or a puzzle file."""
        path = dialogs.choose_save_path(self.window, "Save the puzzle", _SAVE_FILTER, "puzzle.json")
        return bool(path and self.session.save(path))

    def paste(self) -> None:
        """Import from clipboard: a puzzle in any supported format."""
        text = QGuiApplication.clipboard().text()
        try:
            grid = parse_text(text, "clipboard")
        except FormatError as err:
            dialogs.show_error(self.window, "The clipboard holds no puzzle", str(err))
            return
        if self.confirm_discard():
            self.session.set_puzzle(History(grid), None, dirty=False)  # the clipboard still holds it
            self.session.set_givens_mode(False)

    def copy(self) -> None:
        """Copy as text: the position as one line."""
        grid = self.session.grid
        text = capabilities.load("formats").format_line(grid) if capabilities.available("formats") else None
        QGuiApplication.clipboard().setText(text or grid.to_line())
        self.session.message.emit("Copied the position as text")

    # ---- pictures ----------------------------------------------------------------------------
    def export_image(self, path: Path | None = None) -> None:
        """Export image: the board as PNG or SVG."""
        path = path or dialogs.choose_save_path(self.window, "Export the board", _IMAGE_FILTER, "board.png")
        if path is None:
            return
        board = self.window.board
        if path.suffix.lower() == ".svg":
            from PySide6.QtSvg import QSvgGenerator

            generator = QSvgGenerator()
            generator.setFileName(str(path))
            generator.setSize(board.size())
            generator.setViewBox(board.rect())
            generator.setTitle("Sudoku Workbench board")
            painter = QPainter(generator)
            board.render(painter, QPoint())
            painter.end()
            saved = path.exists()
        else:
            saved = board.grab().save(str(path))
        if saved:
            self.session.message.emit(f"Exported {path}")
        else:
            dialogs.show_error(self.window, "Export failed", f"{path}: could not write the image")

    def print(self) -> None:
        """Print the board, scaled to the page."""
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        printer = QPrinter()
        if QPrintDialog(printer, self.window).exec() != QDialog.DialogCode.Accepted:
            return
        board = self.window.board
        painter = QPainter(printer)
        page = printer.pageLayout().paintRectPixels(printer.resolution())
        size = QSize(board.size())
        size.scale(page.size(), Qt.AspectRatioMode.KeepAspectRatio)
        painter.setWindow(board.rect())
        painter.setViewport(QRectF(0, 0, size.width(), size.height()).toRect())
        board.render(painter, QPoint())
        painter.end()

    # ---- Test (generate) ---------------------------------------------------------------------
    def test(self) -> None:
        """Test: ask for the generator's options, then generate in the worker."""
        if not self.confirm_discard():
            return

        # Test is enabled only once the generator has landed, and the generator brings the symmetries.
        def symmetries(n: int) -> tuple[str, ...]:
            return tuple(capabilities.load("symmetry").fitting_symmetries(geometry_for_size(n)))

        dialog = dialogs.GenerateDialog(self.window, self.session.grid.geometry.n, symmetries)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.session.jobs.generate(dialog.options())

    # ---- HCP ----------------------------------------------------------------------------------
    def export_hcp(self, path: Path | None = None) -> None:
        """Export → HCP: the givens as Haythorpe's Hamiltonian cycle problem, reduced, for Concorde or LKH."""
        hcp = capabilities.load("hcp_export")
        title = "Export as a Hamiltonian cycle problem"
        path = path or dialogs.choose_save_path(self.window, title, _HCP_FILTER, "puzzle.hcp")
        if path is None:
            return
        self.session.run_job(
            "hcp_export",
            functools.partial(hcp.write_export, reduce=True),
            self.session.grid.puzzle(),
            path,
            on_done=lambda text: self.session.message.emit(f"Exported {text}"),
        )

    def import_tour(self, tour: Path | None = None, hcp_file: Path | None = None) -> None:
        """Import tour: a solver's tour of an exported graph, read back as one step that fills the grid.

        The HCP file the tour belongs to is the one beside it with the same name, else one the user picks.
        """
        hcp = capabilities.load("hcp_import")
        tour = tour or dialogs.choose_open_path(self.window, "Import a tour", _TOUR_FILTER)
        if tour is None:
            return
        if hcp_file is None:
            sibling = tour.with_suffix(".hcp")
            title = "The HCP file this tour solves"
            hcp_file = (
                sibling if sibling.is_file() else dialogs.choose_open_path(self.window, title, _HCP_FILTER)
            )
        if hcp_file is None:
            return
        self.session.run_job(
            "hcp_import",
            hcp.grid_from_tour_file,
            self.session.grid,
            tour,
            hcp_file,
            on_done=self._tour_read,
            on_failed=lambda err: self.session.error.emit("The tour cannot be read", str(err)),
        )

    def _tour_read(self, solution: Grid) -> None:
        grid = self.session.grid
        placements = tuple((c, solution.values[c]) for c in grid.empty_cells)
        cells = tuple(c for c, _ in placements)
        text = (
            f"the imported Hamiltonian cycle fills the {len(placements)} empty cells (Haythorpe, Section 6)"
        )
        self.session.apply_step(
            Step("hcp_tour", placements, highlights=Highlights(cells=cells), explanation=text)
        )
        self.session.message.emit("Read the tour back into the grid.")
