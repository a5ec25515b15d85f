"""File → Print booklet…: the open collection (or the puzzle on the board) as a PDF booklet.

The same booklet as ``sudoku-workbench booklet``: the core plans each puzzle (solution, rating, path in
words) and ``gui/collection/booklet.py`` draws the pages, both in one worker job, so rating a hundred puzzles
never blocks the window; Esc stops it between two puzzles and nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QCheckBox, QComboBox, QDialog, QFormLayout, QWidget

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import FormatError
from sudoku_workbench.formats.records import read_puzzles
from sudoku_workbench.gui.collection.booklet import PER_PAGE, write_booklet
from sudoku_workbench.gui.dialogs import ok_cancel
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.library.booklet_plan import booklet_item

if TYPE_CHECKING:
    from sudoku_workbench.gui.collection.panel import CollectionPanel
    from sudoku_workbench.gui.commands.files import FileCommands

__all__ = ["BookletOptions", "BookletPrinter", "make_booklet"]


class BookletOptions(QDialog):
    """Puzzles a page, ratings under each, solutions at the end, the explained path."""

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Print booklet")
        form = QFormLayout(self)
        self.per_page = QComboBox()
        for count in PER_PAGE:
            self.per_page.addItem(str(count), count)
        self.per_page.setCurrentText("4")
        self.ratings = QCheckBox("SE and HoDoKu rating under each puzzle")
        self.ratings.setChecked(True)
        self.solutions = QCheckBox("solutions at the end")
        self.solutions.setChecked(True)
        self.explain = QCheckBox("the logic path in words after the solutions")
        form.addRow("Puzzles a page", self.per_page)
        for box in (self.ratings, self.solutions, self.explain):
            form.addRow(box)
        form.addRow(ok_cancel(self))


def make_booklet(
    lines: list[str],
    out: Path,
    title: str,
    layout: tuple[int, bool, bool, bool],
    cancel: CancelToken,
    progress: Callable[[object], None],
) -> int:
    """Worker: plan every puzzle, then write the PDF in one piece; its page count."""
    per_page, rated, solutions, explained = layout
    items = []
    for number, line in enumerate(lines, start=1):
        cancel.check()
        items.append(booklet_item((number, line, rated, explained)))
        progress(f"booklet: {number} of {len(lines)} puzzles")
    cancel.check()
    return write_booklet(out, items, title, per_page, solutions)


class BookletPrinter:
    """The window's booklet command: what to print, where, and the job that makes it."""

    def __init__(self, files: FileCommands, collection: CollectionPanel) -> None:
        self.files = files
        self.collection = collection
        self.session = files.session

    def puzzles(self) -> tuple[list[str], str]:
        """The lines to print and the booklet's title: the open collection's, else the board's puzzle."""
        path = self.collection.path
        if path is not None and self.session.path == path:
            lines = [p.to_line() for p in read_puzzles(path) if not isinstance(p, FormatError)]
            if lines:
                return lines, path.name
        name = self.session.path.name if self.session.path else "Sudoku"
        return [self.session.history.start.puzzle().to_line()], name

    def print_booklet(self, out: Path | None = None, options: BookletOptions | None = None) -> None:
        """File → Print booklet…: ask the layout and the PDF's name, then make it in the worker."""
        lines, title = self.puzzles()
        if options is None:  # the tests hand in options already chosen
            options = BookletOptions(self.files.window)
            if options.exec() != QDialog.DialogCode.Accepted:
                return
        out = out or self.files.choose_save("Print booklet", "PDF (*.pdf)", f"{Path(title).stem}.pdf")
        if out is None:
            return
        if out.suffix.lower() != ".pdf":
            out = out.with_suffix(out.suffix + ".pdf")
        layout = (
            int(options.per_page.currentData()),
            options.ratings.isChecked(),
            options.solutions.isChecked(),
            options.explain.isChecked(),
        )
        self.session.notify(f"Making a booklet of {len(lines)} puzzle{'' if len(lines) == 1 else 's'}…")
        self.session.run_job(
            JobKind.BOOKLET,
            make_booklet,
            lines,
            out,
            title,
            layout,
            control=True,
            on_done=lambda pages: self.session.notify(f"Wrote {out}: {pages} pages, {len(lines)} puzzles"),
        )
