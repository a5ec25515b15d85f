"""The File menu's commands (and Generate, which replaces the puzzle): dialogs in, session calls out.

Every command that would replace the puzzle first asks about unsaved changes; failures are shown as
message boxes naming the problem and place, and leave the current puzzle as it was. File dialogs start
in the folder of the last file chosen in one, and the board takes the keys back after each command.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QBuffer, QIODevice, QPoint, QRect, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter, QPixmap, QRegion
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import HCP_TOUR
from sudoku_workbench.formats import parse_puzzle
from sudoku_workbench.formats.atomic import write_atomic
from sudoku_workbench.gui import dialogs
from sudoku_workbench.gui.board.view import BoardView
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.gui.session.session import Session
from sudoku_workbench.hcp.files import grid_from_tour_file

__all__ = ["FileCommands", "parse_text", "png_bytes"]

_SAVE_FILTER = "Workbench document (*.json);;One puzzle per line (*.txt);;All files (*)"
_IMAGE_FILTER = "PNG image (*.png);;SVG drawing (*.svg)"
_HCP_FILTER = "TSPLIB HCP (*.hcp);;GraphML (*.graphml);;All files (*)"
_TOUR_FILTER = "Tours: TSPLIB, Concorde solution, edge list (*.tour *.sol *.txt *.edges);;All files (*)"


def parse_text(text: str, source: str) -> Grid:
    """A puzzle from pasted text, in any format the formats package knows.

    Raises:
        FormatError: naming what is wrong and where.
    """
    return parse_puzzle(text, source)


def png_bytes(picture: QPixmap | QImage) -> bytes:
    """A picture as PNG file contents (written with ``formats.atomic``, never straight to the file).

    An image keeps its text entries (a screenshot stores what it shows there).
    """
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # PySide6's stub types QImage.save's format as bytes, but at run time it takes str (as QPixmap's).
    picture.save(buffer, "PNG")  # type: ignore[call-overload]
    return bytes(buffer.data().data())


class FileCommands:
    """File menu commands of one window: its session, its board, and the window as the dialogs' parent.

    ``focus_board`` gives the board the keys back after a dialog (see ``MainWindow.focus_board``).
    """

    def __init__(
        self, session: Session, window: QWidget, board: BoardView, focus_board: Callable[[], None]
    ) -> None:
        self.session = session
        self.window = window
        self.board = board
        self.focus_board = focus_board
        #: Open's question to the collection view: True when it takes the file (the window sets it).
        self.offer_collection: Callable[[Path], bool] = lambda _path: False

    def confirm_discard(self) -> bool:
        """True when the current work may be replaced (saved, discarded, or nothing to lose)."""
        if not self.session.dirty:
            return True
        answer = dialogs.ask_save_changes(self.window)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    # ---- file dialogs ------------------------------------------------------------------------
    def choose_open(self, title: str, filters: str = dialogs.PUZZLE_FILTER) -> Path | None:
        """A file to read, chosen starting where the person last was."""
        storage = self.session.storage
        path = dialogs.choose_open_path(self.window, title, filters, storage.last_folder())
        if path is not None:
            storage.remember_folder(path)
        return path

    def choose_save(self, title: str, filters: str, suggested: str) -> Path | None:
        """A file to write, offered as ``suggested`` in the folder where the person last was."""
        storage = self.session.storage
        path = dialogs.choose_save_path(self.window, title, filters, suggested, storage.last_folder())
        if path is not None:
            storage.remember_folder(path)
        return path

    # ---- puzzles in and out ------------------------------------------------------------------
    def new(self) -> None:
        """File → New: an empty grid of a chosen size, in Givens mode, with the board ready for typing."""
        if not self.confirm_discard():
            return
        shape = dialogs.ask_shape(self.window, self.session.grid.geometry)
        if shape is not None:
            self.session.new_puzzle(shape)
        self.focus_board()

    def open(self, path: Path | None = None) -> None:
        """File → Open (or a recent file)."""
        if not self.confirm_discard():
            return
        path = path or self.choose_open("Open a puzzle")
        if path is not None:
            self.open_path(path)
        self.focus_board()

    def open_path(self, path: Path) -> bool:
        """Open a file without asking first: a collection goes to its table, anything else to the board.

        Open and a file named at start both come here; False (the error shown) when it cannot be read.
        """
        return self.offer_collection(path) or self.session.open_file(path)

    def save(self) -> bool:
        """File → Save: over the current file only when it is a workbench document, else Save As.

        A puzzle file holds one position without its history, and may be a collection of many puzzles:
        writing the document over it would lose the others and turn the typed entries into clues.
        """
        if not self.session.storage.is_document(self.session.path):
            return self.save_as()
        return bool(self.session.save())

    def save_as(self) -> bool:
        """File → Save As: a document (``.json``, with the history) or a puzzle file."""
        name = f"{self.session.path.stem if self.session.path else 'puzzle'}.json"
        path = self.choose_save("Save the puzzle", _SAVE_FILTER, name)
        return bool(path and self.session.save(path))

    def paste(self) -> None:
        """Import from clipboard: a puzzle in any format replaces the current one, asked first as Open."""
        text = QGuiApplication.clipboard().text()
        try:
            grid = parse_text(text, "clipboard")
        except FormatError as err:
            dialogs.show_error(self.window, "The clipboard holds no puzzle", str(err))
            return
        if not self.confirm_discard():
            return
        self.session.paste_puzzle(grid)
        self.focus_board()

    def copy(self) -> None:
        """Copy as text: the position as one line."""
        QGuiApplication.clipboard().setText(self.session.grid.to_line())
        self.session.notify("Copied the position as text")

    # ---- pictures ----------------------------------------------------------------------------
    def export_image(self, path: Path | None = None) -> None:
        """Export image: the board as PNG or SVG."""
        name = f"{self.session.path.stem if self.session.path else 'board'}.png"
        path = path or self.choose_save("Export the board", _IMAGE_FILTER, name)
        if path is None:
            return
        data = self._board_picture(path.suffix.lower() == ".svg")
        try:
            write_atomic(path, data)
        except OSError as err:
            dialogs.show_error(self.window, "Export failed", str(err))
            return
        self.session.notify(f"Exported {path}")

    def _board_picture(self, svg: bool) -> bytes:
        """The board as SVG or PNG bytes, drawn in memory so the file is written in one piece."""
        with self.board.as_picture() as rect:
            if not svg:
                return png_bytes(self.board.grab(rect))
            from PySide6.QtSvg import QSvgGenerator

            buffer = QBuffer()
            buffer.open(QIODevice.OpenModeFlag.WriteOnly)
            generator = QSvgGenerator()
            generator.setOutputDevice(buffer)
            generator.setSize(rect.size())
            generator.setViewBox(QRect(QPoint(), rect.size()))
            generator.setTitle("Sudoku Workbench board")
            painter = QPainter(generator)
            self.board.render(painter, QPoint(), QRegion(rect))
            painter.end()
        return bytes(buffer.data().data())

    def print(self) -> None:
        """Print the board, scaled to the page."""
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        printer = QPrinter()
        if QPrintDialog(printer, self.window).exec() != QDialog.DialogCode.Accepted:
            return
        painter = QPainter(printer)
        page = printer.pageLayout().paintRectPixels(printer.resolution())
        with self.board.as_picture() as rect:
            size = rect.size().scaled(page.size(), Qt.AspectRatioMode.KeepAspectRatio)
            painter.setWindow(QRect(QPoint(), rect.size()))
            painter.setViewport(QRect(QPoint(), size))
            self.board.render(painter, QPoint(), QRegion(rect))
        painter.end()

    # ---- Generate ----------------------------------------------------------------------------
    def test(self) -> None:
        """Generate: ask for the generator's options, then generate in the worker."""
        if not self.confirm_discard():
            return
        settings = self.session.storage.settings()
        dialog = dialogs.GenerateDialog(self.window, self.session.grid.geometry, settings)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.session.jobs.generate(dialog.options())
        self.focus_board()

    # ---- HCP (Export → HCP and Solve through HCP are in hcp_commands) ---------------------------
    def import_tour(self, tour: Path | None = None, hcp_file: Path | None = None) -> None:
        """Import tour: a solver's tour of an exported graph, read back as one step that fills the grid.

        The HCP file the tour belongs to is the one beside it with the same name, else one the user picks.
        """
        tour = tour or self.choose_open("Import a tour", _TOUR_FILTER)
        if tour is None:
            return
        if hcp_file is None:
            sibling = tour.with_suffix(".hcp")
            title = "The HCP file this tour solves"
            hcp_file = sibling if sibling.is_file() else self.choose_open(title, _HCP_FILTER)
        if hcp_file is None:
            return
        self.session.run_job(
            JobKind.HCP_IMPORT,
            grid_from_tour_file,
            self.session.grid,
            tour,
            hcp_file,
            on_done=self._tour_read,
            on_failed=lambda err: self.session.warn("The tour cannot be read", str(err)),
        )

    def _tour_read(self, solution: Grid) -> None:
        empty = len(self.session.grid.empty_cells)
        text = f"the imported Hamiltonian cycle fills the {empty} empty cells (Haythorpe, Section 6)"
        self.session.fill_from(solution, HCP_TOUR, text)
        self.session.notify("Read the tour back into the grid.")
