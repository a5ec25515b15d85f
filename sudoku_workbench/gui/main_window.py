"""The composition root: builds the views, menus, docks and shortcuts and wires them to the session.

No logic lives here: every action calls a session (or file-command) method, every view listens to the
session's signals.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

from PySide6.QtCore import QByteArray, QPoint, QSignalBlocker, QSize, Qt
from PySide6.QtGui import QCloseEvent, QFont, QMoveEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QMainWindow,
    QVBoxLayout,
    QWidget,
)

from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.gui import dialogs
from sudoku_workbench.gui.actions import MENUS, ActionSpec, build_actions
from sudoku_workbench.gui.board.area import BoardArea, dock_widths
from sudoku_workbench.gui.board.view import BoardView
from sudoku_workbench.gui.collection.booklet_print import BookletPrinter
from sudoku_workbench.gui.collection.library_log import LibraryLog
from sudoku_workbench.gui.collection.panel import CollectionPanel
from sudoku_workbench.gui.commands.files import FileCommands
from sudoku_workbench.gui.commands.killer import KillerCommands
from sudoku_workbench.gui.commands.regions import RegionCommands
from sudoku_workbench.gui.graph.view import GraphView
from sudoku_workbench.gui.hcp.commands import HcpCommands
from sudoku_workbench.gui.panels.digit_bar import DigitBar
from sudoku_workbench.gui.panels.hints import Hints
from sudoku_workbench.gui.panels.practice import Practice
from sudoku_workbench.gui.panels.step_panel import StepPanel
from sudoku_workbench.gui.panels.study_docks import StudyDocks
from sudoku_workbench.gui.picture.importing import PictureImport
from sudoku_workbench.gui.references import about_html
from sudoku_workbench.gui.session.session import Session
from sudoku_workbench.gui.session.storage import Storage
from sudoku_workbench.gui.techniques.dialog import open_techniques
from sudoku_workbench.gui.techniques.prefs import choose_techniques
from sudoku_workbench.gui.theme import apply_theme, system_prefers_dark
from sudoku_workbench.logic.engine import step_names

__all__ = ["MainWindow"]

#: The window's size the first time, when the screen has room for it (and its frame).
_PREFERRED = QSize(1280, 800)
#: Where the window's place, size and maximized state are remembered (in ``Storage.settings``).
_GEOMETRY_KEY = "window/geometry"


class MainWindow(QMainWindow):
    """Board in the middle, step panel on the right, graph pane below; menus over all of it."""

    def __init__(self, storage: Storage | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Sudoku Workbench")
        self.session = Session(storage, self)
        self.board = BoardView()
        self.acts = build_actions(self)
        self.acts["hcp_cycle"].setEnabled(False)
        self.files = FileCommands(self.session, self, self.board, self.focus_board)
        self.hcp = HcpCommands(self.files, self.acts["hcp_cycle"])
        self.killer = KillerCommands(self.files)
        self.regions = RegionCommands(self.files, self.acts["edit_regions"])
        self.panel = StepPanel(self.acts)
        self.panel.rule_names = step_names()
        self.acts["candidates"].setIconText("Pencil marks")
        self.acts["clear_markers"].setIconText("Clear colours")
        self.digit_bar = DigitBar(self.board, (self.acts["candidates"], self.acts["clear_markers"]))
        self.hints = Hints(self.session, self._show_hint, self.panel.rule_names, self)
        self.study = StudyDocks(self.files, self)
        self.collection = CollectionPanel(self.files, self)
        self.booklet = BookletPrinter(self.files, self.collection)
        self.files.offer_collection = self.collection.offer
        self.library_log = LibraryLog(self.session.storage.data_dir, self)
        self._build_layout()
        self.pictures = PictureImport(self.session, self.files, self.board, self)
        self.practice = Practice(self, self)
        self._build_menus()
        self._connect_actions()
        self._connect_session()
        self.acts["candidates"].setChecked(True)
        self.acts["dark"].setChecked(system_prefers_dark())
        self._refresh_all()
        self.focus_board()  # typing the clues works at once, before any click

    # ---- building ----------------------------------------------------------------------------
    def _build_layout(self) -> None:
        self.board_area = BoardArea(self.board)
        centre = QWidget()
        column = QVBoxLayout(centre)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.digit_bar)
        column.addWidget(self.board_area, 1)
        self.setCentralWidget(centre)
        self.panel_dock = self._dock("Steps", self.panel, Qt.DockWidgetArea.RightDockWidgetArea)
        self.panel.setMinimumWidth(300)
        self.graph_view = GraphView(self.session, self.board)
        self.graph_view.setAccessibleName("Graph pane")
        self.graph_view.canvas.setAccessibleName("Graph of the links among candidates of the position")
        self.graph_dock = self._dock("Graph", self.graph_view, Qt.DockWidgetArea.RightDockWidgetArea)
        # Side by side with the steps (not under them), so the graph gets the window's full height.
        self.splitDockWidget(self.graph_dock, self.panel_dock, Qt.Orientation.Horizontal)
        self._docks_sized = False
        self._fit_pending = False
        self.statusBar().showMessage("Ready")

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_menus(self) -> None:
        for title, entries in MENUS.items():
            menu = self.menuBar().addMenu(title)
            menu.setToolTipsVisible(True)
            for entry in entries:
                if entry == "-":
                    menu.addSeparator()
                elif entry == "recent":
                    self.recent_menu = menu.addMenu("Open &recent")
                    self.recent_menu.aboutToShow.connect(self._fill_recent)
                elif isinstance(entry, ActionSpec):
                    menu.addAction(self.acts[entry.name])

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for path in self.session.storage.recent():
            action = self.recent_menu.addAction(str(path))
            action.triggered.connect(lambda _=False, p=path: self.files.open(p))
        if not self.recent_menu.actions():
            self.recent_menu.addAction("(no recent files)").setEnabled(False)

    def _connect_actions(self) -> None:
        session, jobs, files = self.session, self.session.jobs, self.files
        slots: dict[str, Callable[[], object]] = {
            "new": files.new,
            "new_killer": self.killer.new_killer,
            "make_cage": self.killer.make_cage,
            "remove_cage": self.killer.remove_cage,
            "open": files.open,
            "open_collection": self.collection.open_collection,
            "next_puzzle": self.collection.next_puzzle,
            "previous_puzzle": self.collection.previous_puzzle,
            "save": files.save,
            "save_as": files.save_as,
            "paste": self.pictures.paste,
            "import_picture": self.pictures.import_file,
            "export_hcp": self.hcp.export,
            "solve_hcp": self.hcp.solve,
            "hcp_cycle": self.hcp.show_cycle,
            "import_tour": files.import_tour,
            "export_image": files.export_image,
            "print": files.print,
            "print_booklet": self.booklet.print_booklet,
            "quit": self.close,
            "undo": session.undo,
            "redo": session.redo,
            "copy": files.copy,
            "clear_entries": session.clear_entries,
            "logic": jobs.logic,
            "step": jobs.step,
            "back": jobs.back,
            "ok": jobs.solve,
            "check": jobs.check,
            "test": files.test,
            "practise": self.practice.start,
            "rate": session.status_line.rate,
            "count": jobs.count,
            "anneal": self.study.open_anneal,
            "export_dimacs": self.study.export_dimacs,
            "import_model": self.study.import_model,
            "search_tree": self.study.show_search_tree,
            "cancel": self._cancel,
            "hint": self.hints.next_depth,
            "clear_markers": self.board.clear_markers,
            "zoom_in": lambda: self.set_zoom(self.board.zoom * 1.25),
            "zoom_out": lambda: self.set_zoom(self.board.zoom / 1.25),
            "zoom_reset": lambda: self.set_zoom(1.0),
            "focus_board": self.focus_board,
            "focus_steps": self.focus_steps,
            "techniques": lambda: open_techniques(self),
            "techniques_prefs": self._choose_techniques,
            "about": lambda: dialogs.show_text(self, "About Sudoku Workbench", about_html()),
        }
        for name, slot in slots.items():
            self.acts[name].triggered.connect(_dropping_checked(slot))
        self.acts["givens_mode"].toggled.connect(session.set_givens_mode)
        self.acts["remove_marks"].setChecked(session.remove_marks_when_placing)  # before: no message
        self.acts["remove_marks"].toggled.connect(session.set_remove_marks_when_placing)
        self.acts["assume_unique"].toggled.connect(self._set_assume_unique)
        self.acts["candidates"].toggled.connect(self.board.set_show_candidates)
        self.acts["dark"].toggled.connect(self._set_dark)
        self.graph_view.connect_actions(self.acts, self.graph_dock)
        self.panel.position_chosen.connect(session.go_to)
        self.board.digit_entered.connect(session.enter_digit)
        self.board.candidate_toggled.connect(session.toggle_candidate)
        self.board.cell_cleared.connect(session.clear_cell)

    def _connect_session(self) -> None:
        session = self.session
        session.grid_changed.connect(self._grid_changed)
        session.grid_changed.connect(self.library_log.shown)
        session.generated.connect(self.library_log.generated)
        self.library_log.problem.connect(self._show_message)
        session.preview_changed.connect(self.board.set_step)
        session.preview_changed.connect(self._step_listed)
        session.history_changed.connect(self._history_changed)
        session.marks_changed.connect(self.board.set_marks)
        session.fill_previewed.connect(self.board.set_grid)
        session.job_started.connect(lambda kind: self._job_state(kind, True))
        session.job_finished.connect(lambda kind, _result: self._job_state(kind, False))
        session.status_changed.connect(self.panel.set_status)
        session.message.connect(self._show_message)
        session.finding.connect(self.panel.set_finding)
        session.error.connect(lambda title, text: self.report_error(title, text))
        session.document_changed.connect(self._update_title)
        self.practice.active_changed.connect(lambda _active: self._update_cancel())
        self.acts["edit_regions"].toggled.connect(lambda _on: self._update_cancel())

    def report_error(self, title: str, text: str) -> None:
        """Show a failure as a message box (the screenshot mode prints it instead)."""
        dialogs.show_error(self, title, text)

    # ---- reacting to the session -------------------------------------------------------------
    def _grid_changed(self, grid: Grid) -> None:
        resized = self.board.grid is not None and self.board.grid.geometry.n != grid.geometry.n
        self.board.set_grid(grid, self.session.history.pencil_marks())
        self.digit_bar.set_size(grid.geometry.n)
        if resized and self._docks_sized:
            self._share_width()
        self._forget_findings()

    def _forget_findings(self) -> None:
        """Another position or other rules: Logic's summary, a count, Check or a hint would now mislead."""
        self.statusBar().clearMessage()
        self.panel.set_progress("")
        self.panel.set_finding("")
        self.hints.forget()

    def focus_board(self) -> None:
        """Give the board the keyboard (start-up, a new, opened or generated puzzle, F2).

        The window asks to be active again too: after a dialog closes, only a window manager gives the
        activation back, and without one (a bare X server) the menus' shortcuts would stay dead.
        """
        self.board.setFocus(Qt.FocusReason.OtherFocusReason)
        if self.isVisible():
            self.activateWindow()

    def focus_steps(self) -> None:
        """F3: the step list takes the keys, so the arrows browse the steps."""
        self.panel_dock.show()
        self.panel.steps.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _show_hint(self, text: str, preview: Step | None) -> None:
        self.panel.set_finding(text)
        if preview is not None:
            self.board.set_step(preview)

    def set_zoom(self, zoom: float) -> None:
        """Ctrl + / − : the board and the panel's text grow or shrink together."""
        self.board.set_zoom(zoom)
        font = QFont(self.font())
        if font.pointSizeF() > 0:  # a font given in pixels (some platforms) keeps its size
            font.setPointSizeF(font.pointSizeF() * self.board.zoom)
        self.panel.setFont(font)

    def _step_listed(self, step: Step | None) -> None:
        self.panel.show_step(step, self.session.grid.geometry)

    def _history_changed(self) -> None:
        history = self.session.history
        clues = sum(1 for g in history.start.givens if g)
        start = f"Start: {clues} clue{'' if clues == 1 else 's'}"
        self.panel.set_history(start, history.steps, history.cursor, history.start.geometry)
        self.acts["undo"].setEnabled(history.can_undo())
        self.acts["back"].setEnabled(history.cursor > 0)
        self.acts["redo"].setEnabled(history.can_redo())

    def _job_state(self, kind: str, running: bool) -> None:
        if running:
            self.statusBar().showMessage(f"Running {kind}… (Esc cancels)")
        self._update_cancel()
        idle = not self.session.busy_with_asked_jobs()
        if idle and self.statusBar().currentMessage().startswith("Running "):
            self.statusBar().clearMessage()

    def _update_cancel(self) -> None:
        busy = self.session.busy_with_asked_jobs() or self.practice.active or self.regions.active
        self.acts["cancel"].setEnabled(busy)

    def _cancel(self) -> None:
        """Esc: stop the running jobs; with none, stop painting regions, else leave practice."""
        if self.session.busy_with_asked_jobs():
            self.session.cancel_asked()
        elif self.regions.active:
            self.regions.cancel()
        else:
            self.practice.leave()

    def _show_message(self, text: str) -> None:
        self.statusBar().showMessage(text, 15000)
        self.panel.set_progress(text)

    def _update_title(self) -> None:
        name = self.session.path.name if self.session.path else "untitled"
        self.setWindowTitle(f"{name}{' *' if self.session.dirty else ''} — Sudoku Workbench")
        blocker = QSignalBlocker(self.acts["givens_mode"])
        self.acts["givens_mode"].setChecked(self.session.givens_mode)
        del blocker
        self.board.auto_advance = self.session.givens_mode

    def _set_assume_unique(self, on: bool) -> None:
        """Puzzle → Assume one solution: refused (and unchecked again) when the puzzle has several."""
        if not self.session.set_assume_unique(on):
            blocker = QSignalBlocker(self.acts["assume_unique"])
            self.acts["assume_unique"].setChecked(False)
            del blocker

    def _choose_techniques(self) -> None:
        """Preferences → Techniques: the chosen rules replace the session's."""
        choice = choose_techniques(self, self.session.techniques)
        if choice is not None:
            self._forget_findings()
            self.session.set_techniques(choice)
        self.focus_board()

    def _set_dark(self, dark: bool) -> None:
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, dark)
        self.board.update()

    def _refresh_all(self) -> None:
        self.session.set_puzzle(self.session.history, None, dirty=False)
        self.acts["cancel"].setEnabled(False)

    # ---- placing and closing -----------------------------------------------------------------
    def show_on_screen(self, size: QSize = _PREFERRED) -> None:
        """Show the window as it was last closed (place, size, maximized), else ``size`` where it fits.

        Either way the whole frame, title bar included, is then kept inside the screen's work area:
        the window manager's frame is known only once the window is mapped, so :meth:`moveEvent`
        fits the window again when it arrives.
        """
        saved = self.session.storage.settings().value(_GEOMETRY_KEY)
        if not (isinstance(saved, QByteArray) and self.restoreGeometry(saved)):
            self.resize(size)
        self._fit_pending = True
        self._fit_screen()
        self.show()

    def moveEvent(self, event: QMoveEvent) -> None:
        """The first move after the window manager framed the window: fit the frame to the work area."""
        super().moveEvent(event)
        if self._fit_pending and self.frameGeometry() != self.geometry():
            self._fit_pending = False
            self._fit_screen()

    def _fit_screen(self) -> None:
        """Shrink and move a normal window so its frame lies within the screen's available geometry."""
        if self.windowState() & (Qt.WindowState.WindowMaximized | Qt.WindowState.WindowFullScreen):
            return
        area = self.screen().availableGeometry()
        frame = self.frameGeometry().size() - self.geometry().size()  # zero before the window manager's
        size = self.size().boundedTo(area.size() - frame).expandedTo(self.minimumSizeHint())
        self.resize(size)
        outer = size + frame
        left = min(max(self.frameGeometry().left(), area.left()), area.right() + 1 - outer.width())
        top = min(max(self.frameGeometry().top(), area.top()), area.bottom() + 1 - outer.height())
        self.move(QPoint(max(left, area.left()), max(top, area.top())))

    def showEvent(self, event: QShowEvent) -> None:
        """On first show, share the width between the board, the graph and the steps."""
        super().showEvent(event)
        if not self._docks_sized:
            self._docks_sized = True
            self._share_width()

    def _share_width(self) -> None:
        """The board first (see :func:`dock_widths`); again when the grid's size changes."""
        if not self.panel_dock.isVisible() or self.panel_dock.isFloating():
            return  # the steps pane is out of the way: the board already has the room
        graph_docked = self.graph_dock.isVisible() and not self.graph_dock.isFloating()
        docks = [self.graph_dock, self.panel_dock] if graph_docked else [self.panel_dock]
        shared = self.board_area.width() + sum(dock.width() for dock in docks)
        graph, steps = dock_widths(shared, self.board_area.height(), self.board.readable_side(), graph_docked)
        self.resizeDocks(docks, [graph, steps] if graph_docked else [steps], Qt.Orientation.Horizontal)

    def closeEvent(self, event: QCloseEvent) -> None:
        """Ask about unsaved changes; then remember the window's place, stop the jobs, drop the recovery."""
        if not self.files.confirm_discard():
            event.ignore()
            return
        settings = self.session.storage.settings()
        settings.setValue(_GEOMETRY_KEY, self.saveGeometry())
        settings.sync()
        self.session.close()
        self.library_log.close()
        event.accept()


def _dropping_checked(slot: Callable[[], object]) -> Callable[..., object]:
    """``slot`` fit for ``triggered(bool)``: Qt hands ``checked`` to a slot with any parameter, even optional.

    A slot without parameters is connected as it is (so the Logic button reaches ``Jobs.logic`` with no
    call between); one with optional parameters (``open(path=None)``) goes through a lambda.
    """
    try:
        bare = not inspect.signature(slot).parameters
    except (TypeError, ValueError):  # a callable whose signature Python cannot read
        bare = False
    return slot if bare else lambda _checked=False: slot()
