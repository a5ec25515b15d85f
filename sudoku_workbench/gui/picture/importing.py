"""A puzzle from a picture, in the window: File → Import picture…, Ctrl+V of an image, a dropped file.

Every way in ends in the same job: the reader runs in the session's worker (``JobKind.PICTURE``), a
failure is one message box naming the picture and the problem, and a reading opens a review (the
picture in a dock beside the board, the reading on the board, :mod:`picture.review`). Accept asks about
unsaved changes as Open and paste do, then makes the reading the puzzle as one edit of the history, so
one Undo brings the old puzzle back; Cancel, or any change of the puzzle meanwhile, puts the reading
away and shows the puzzle as it was.

Ctrl+V decides by what the clipboard holds: text that is a puzzle is pasted as before (it is exact,
where a picture is read); else an image is read, and else a copied image file is imported.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt
from PySide6.QtGui import QDragMoveEvent, QDropEvent, QGuiApplication, QImage
from PySide6.QtWidgets import QDockWidget, QMainWindow

from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.core.geometry import Cell
from sudoku_workbench.gui.board.view import BoardView
from sudoku_workbench.gui.commands.files import FileCommands, parse_text
from sudoku_workbench.gui.picture.panel import PicturePanel
from sudoku_workbench.gui.picture.reading import IMAGE_SUFFIXES, PictureRead, read_clipboard_image, read_file
from sudoku_workbench.gui.picture.review import PictureReview
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.gui.session.session import Session

__all__ = ["IMAGE_FILTER", "PictureImport", "dropped_picture"]

IMAGE_FILTER = f"Pictures ({' '.join('*' + suffix for suffix in IMAGE_SUFFIXES)});;All files (*)"
#: The width the picture dock asks for when it first opens (pixels).
_DOCK_WIDTH = 380


def dropped_picture(mime: QMimeData) -> Path | None:
    """The first local picture file among dragged or copied files, None when there is none."""
    for url in mime.urls() if mime.hasUrls() else []:
        if url.isLocalFile() and Path(url.toLocalFile()).suffix.lower() in IMAGE_SUFFIXES:
            return Path(url.toLocalFile())
    return None


class PictureImport(QObject):
    """The picture commands of one window, and the review that is open (at most one)."""

    def __init__(self, session: Session, files: FileCommands, board: BoardView, window: QMainWindow) -> None:
        super().__init__(window)
        self.session = session
        self.files = files
        self.board = board
        self.window = window
        self.review: PictureReview | None = None
        self.panel = PicturePanel()
        self.dock = QDockWidget("Picture", window)
        self.dock.setObjectName("Picture")
        self.dock.setWidget(self.panel)
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.dock)
        self.dock.hide()
        self.panel.confirm_clicked.connect(self.confirm)
        self.panel.accept_clicked.connect(self.accept)
        self.panel.cancel_clicked.connect(self.cancel)
        session.grid_changed.connect(self._puzzle_changed)
        session.marks_changed.connect(self._marks_changed)
        board.cell_selected.connect(self._selected)
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    # ---- ways in -----------------------------------------------------------------------------
    def import_file(self, path: Path | None = None) -> None:
        """File → Import picture…: a photo or screenshot file, read in the worker."""
        path = path or self.files.choose_open("Import a puzzle from a picture", IMAGE_FILTER)
        if path is not None:
            self._read(read_file, path)
        self.files.focus_board()

    def paste(self) -> None:
        """Ctrl+V: the clipboard's text if it is a puzzle, else its image, else a copied picture file."""
        mime = QGuiApplication.clipboard().mimeData()
        if mime is not None and not _is_puzzle_text(mime):
            if mime.hasImage():
                image = QGuiApplication.clipboard().image()
                if not image.isNull():
                    self.paste_image(image)
                    return
            path = dropped_picture(mime)
            if path is not None:
                self.import_file(path)
                return
        self.files.paste()

    def paste_image(self, image: QImage) -> None:
        """Read a picture given in memory (the clipboard's); a copy goes to the worker."""
        self._read(read_clipboard_image, image.copy())

    def _read(self, job: Callable[[Any], PictureRead], what: object) -> None:
        self.session.notify("Reading the picture…")
        self.session.run_job(
            JobKind.PICTURE,
            job,
            what,
            on_done=self._open_review,
            on_failed=self._failed,
        )

    def _failed(self, err: BaseException) -> None:
        self.session.notify("The picture could not be read")  # not "Reading…" under the message box
        self.session.warn("The picture cannot be read", str(err))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A picture file dragged over the window is welcome; dropped, it is imported."""
        if event.type() in (QEvent.Type.DragEnter, QEvent.Type.DragMove) and isinstance(
            event, QDragMoveEvent
        ):
            if dropped_picture(event.mimeData()) is not None:
                event.acceptProposedAction()
                return True
        elif event.type() == QEvent.Type.Drop and isinstance(event, QDropEvent):
            path = dropped_picture(event.mimeData())
            if path is not None:
                event.acceptProposedAction()
                self.import_file(path)
                return True
        return False

    # ---- the review --------------------------------------------------------------------------
    def _open_review(self, read: PictureRead) -> None:
        self._close()
        review = PictureReview(self.board, read, self)
        review.changed.connect(lambda: self._reviewed(review))
        review.accepted.connect(self.accept)
        review.cancelled.connect(self.cancel)
        self.review = review
        if not self.dock.isVisible():
            self.dock.show()
            self.window.resizeDocks([self.dock], [_DOCK_WIDTH], Qt.Orientation.Horizontal)
        review.start()
        self.panel.show_review(review)
        self._tell_left(review)

    def _reviewed(self, review: PictureReview) -> None:
        """A cell was confirmed or fixed: the panel and the status line count down."""
        self.panel.refresh(review)
        self._tell_left(review)

    def _tell_left(self, review: PictureReview) -> None:
        left = len(review.doubtful)
        self.session.notify(f"Read the picture: {left} cell{'' if left == 1 else 's'} to check")

    def confirm(self) -> None:
        """Confirm cell: the selected cell is right as read."""
        if self.review is not None:
            self.review.confirm()

    def accept(self) -> None:
        """Accept: the reading becomes the puzzle (one undoable edit), once unsaved work may go."""
        review = self.review
        if review is None or not self.files.confirm_discard():
            return
        grid = review.grid()
        self._close()
        self.session.paste_puzzle(grid)
        self.session.notify(f"Imported the puzzle from {review.read.source}")
        self.files.focus_board()

    def cancel(self) -> None:
        """Cancel: the reading is put away, the puzzle stays as it was."""
        if self.review is not None:
            self._close()
            self.session.notify("Picture import cancelled: the puzzle is as it was")
            self.files.focus_board()

    def _close(self) -> None:
        """End the review and show the session's puzzle (its marks and step) on the board again."""
        review, self.review = self.review, None
        if review is None:
            return
        review.stop()
        review.deleteLater()
        self.dock.hide()
        history = self.session.history
        self.board.set_grid(self.session.grid, history.pencil_marks())
        self.board.set_marks(self.session.marks)
        self.board.set_step(history.last_step)

    def _puzzle_changed(self, _grid: object) -> None:
        """The session's puzzle moved under the review (Undo, Open, a job): the reading would mislead."""
        if self.review is not None:
            self._close()
            self.session.notify("The puzzle changed: the picture's reading was put away")

    def _marks_changed(self, _cells: object) -> None:
        if self.review is not None:
            self.review.show()

    def _selected(self, cell: Cell) -> None:
        if self.review is not None:
            self.panel.refresh(self.review)


def _is_puzzle_text(mime: QMimeData) -> bool:
    """True when the clipboard's text reads as a puzzle (that paste wins: it is exact)."""
    if not mime.hasText() or not mime.text().strip():
        return False
    try:
        parse_text(mime.text(), "clipboard")
    except FormatError:
        return False
    return True
