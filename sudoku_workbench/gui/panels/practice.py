"""Puzzle → Practise…: choose a technique, find it on a puzzle played up to its first use, keep a score.

The core does the work (:mod:`~sudoku_workbench.logic.reference.practice`: the shipped set, the replay, the
judging); this module only asks and shows. The person answers on the board as they solve: a right
click (or Ctrl+digit) strikes a candidate out, a digit places. Return judges the marks and shows the
step as Logic shows it (Return again: the next puzzle of the technique); Hint speaks of the asked step;
Esc (the window's Cancel) leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QDialog,
    QDockWidget,
    QFrame,
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from sudoku_workbench.core.errors import WorkbenchError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.history import History
from sudoku_workbench.gui.dialogs import ok_cancel
from sudoku_workbench.gui.session.job_kinds import JobKind
from sudoku_workbench.logic.engine import rule_by_id
from sudoku_workbench.logic.reference.practice import (
    Exercise,
    Score,
    answer_from_steps,
    judge,
    prepare,
    read_practice_set,
)
from sudoku_workbench.logic.rule_table import TABLE

if TYPE_CHECKING:
    from PySide6.QtGui import QAction

    from sudoku_workbench.gui.board.view import BoardView
    from sudoku_workbench.gui.commands.files import FileCommands
    from sudoku_workbench.gui.panels.hints import Hints
    from sudoku_workbench.gui.session.session import Session


class PracticeHost(Protocol):
    """What practice uses of the window (which docks its panel): so it never imports the window."""

    session: Session
    files: FileCommands
    hints: Hints
    board: BoardView
    panel_dock: QDockWidget
    acts: dict[str, QAction]

    def focus_board(self) -> None:
        """Give the board the keys (after a dialog, and when a question is asked)."""


__all__ = ["Practice", "PracticeHost", "PracticePanel", "TechniqueDialog"]

_ASK = (
    "Find the {name} in this position: strike out the candidates it removes (right click, or Ctrl+digit "
    "on the selected cell) or type the digit it places, then press Return. Hint (Ctrl+H) helps in three "
    "depths; Esc leaves."
)
#: Lines of room kept in the panel for the verdict, which comes with the answer.
_ANSWER_ROOM = 3
_SHOWN = "The {name} is on the board and explained with the steps. Return: the next puzzle; Esc leaves."


class TechniqueDialog(QDialog):
    """The techniques that have practice puzzles, in the rule table's order; Return takes the chosen one."""

    def __init__(self, parent: QWidget | None, counts: dict[str, int], current: str | None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Practise a technique")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Which technique? (type its first letters to jump)"))
        self.techniques = QListWidget()
        self.techniques.setAccessibleName("Techniques with practice puzzles")
        for rule in TABLE:
            if rule.id in counts:
                level = rule.level.name.replace("_", " ").lower()
                item = QListWidgetItem(f"{rule.name} ({level}, {counts[rule.id]} puzzles)")
                item.setData(Qt.ItemDataRole.UserRole, rule.id)
                self.techniques.addItem(item)
                if rule.id == current:
                    self.techniques.setCurrentItem(item)
        if self.techniques.currentRow() < 0:
            self.techniques.setCurrentRow(0)
        self.techniques.itemActivated.connect(lambda _item: self.accept())
        layout.addWidget(self.techniques)
        layout.addWidget(ok_cancel(self))
        self.techniques.setFocus()
        self.resize(420, 460)

    def chosen(self) -> str:
        """The rule id of the chosen technique."""
        return str(self.techniques.currentItem().data(Qt.ItemDataRole.UserRole))


class PracticePanel(QWidget):
    """The question, the verdict, the score and the buttons (Answer/Next, Hint, Other technique, Leave)."""

    def __init__(self, hint: QToolButton, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        self.question = _label("Practice question")
        self.verdict = _label("Verdict on your answer")
        self.verdict.setFrameShape(QFrame.Shape.StyledPanel)
        self.score = _label("Practice score")
        self.answer = QPushButton("&Answer (Return)")
        self.other = QPushButton("&Other technique…")
        self.leave = QPushButton("&Leave (Esc)")
        buttons = QGridLayout()
        for place, button in enumerate((self.answer, hint, self.other, self.leave)):
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # a click leaves the keys on the board
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            buttons.addWidget(button, place // 2, place % 2)
        for widget in (self.question, self.verdict, self.score):
            layout.addWidget(widget)
        layout.addLayout(buttons)
        layout.addStretch(1)


def _label(name: str) -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    label.setAccessibleName(name)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class Practice(QObject):
    """Practise mode of one window: the technique, the exercise on the board, the session's score."""

    #: True when practise starts, False when it ends (the window's Esc then leaves it).
    active_changed = Signal(bool)

    def __init__(self, main: QMainWindow, window: PracticeHost) -> None:
        super().__init__(main)
        self.window = window
        self.exercise: Exercise | None = None
        self._chosen: str | None = None  # the technique last chosen, offered first next time
        self.score = Score()
        self._set: dict[str, tuple[Grid, ...]] | None = None
        self._turn: dict[str, int] = {}
        self._history: History | None = None
        self._start = 0
        self._answered = False
        self._sized = False
        hint = QToolButton()
        hint.setDefaultAction(window.acts["hint"])
        self.panel = PracticePanel(hint)
        self.dock = QDockWidget("Practise", main)
        self.dock.setObjectName("Practise")
        self.dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.dock.setWidget(self.panel)
        main.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        main.splitDockWidget(window.panel_dock, self.dock, Qt.Orientation.Vertical)
        self._main = main
        self.dock.hide()
        self._return = [QShortcut(QKeySequence(key), main) for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter)]
        for shortcut in self._return:
            shortcut.setEnabled(False)
            shortcut.activated.connect(self.answer)
        self.panel.answer.clicked.connect(self.answer)
        self.panel.other.clicked.connect(self.start)
        self.panel.leave.clicked.connect(self.leave)
        window.session.history_changed.connect(self._history_changed)

    @property
    def active(self) -> bool:
        """True while a technique is being practised."""
        return self.exercise is not None

    def start(self) -> None:
        """Puzzle → Practise…: choose a technique (the work on the board is saved or dropped first)."""
        puzzles = self._puzzles()
        if puzzles is None or (not self.active and not self.window.files.confirm_discard()):
            return
        counts = {rule_id: len(grids) for rule_id, grids in puzzles.items()}
        dialog = TechniqueDialog(self._main, counts, self._chosen)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self._chosen = dialog.chosen()
            self._ask(self._chosen)
        self.window.focus_board()

    def answer(self) -> None:
        """Return: judge the marks made since the question and show the step; answered: the next puzzle."""
        exercise = self.exercise
        if exercise is None or self.window.session.busy(JobKind.PRACTICE):
            return
        if self._answered:
            self._ask(exercise.rule_id)
            return
        session = self.window.session
        marks = session.history.steps[self._start : session.history.cursor]
        verdict = judge(exercise, answer_from_steps(marks))
        self.score = self.score.after(verdict)
        self._answered = True
        self.window.hints.pin(None)
        session.go_to(self._start)
        session.apply_step(verdict.step)
        self.panel.question.setText(_SHOWN.format(name=rule_by_id(exercise.rule_id).name))
        self.panel.verdict.setText(verdict.text(exercise.puzzle.geometry))
        self.panel.verdict.show()
        self.panel.score.setText(self.score.text())
        self.panel.answer.setText("&Next puzzle (Return)")
        self.window.focus_board()

    def leave(self) -> None:
        """Esc or Leave: the practice ends; the puzzle stays on the board, the score is kept."""
        if not self.active:
            return
        self.exercise, self._history = None, None
        self.window.hints.pin(None)
        for shortcut in self._return:
            shortcut.setEnabled(False)
        self.dock.hide()
        self.window.session.notify(f"Practice ended. {self.score.text()}")
        self.active_changed.emit(False)
        self.window.focus_board()

    def _puzzles(self) -> dict[str, tuple[Grid, ...]] | None:
        if self._set is None:
            try:
                self._set = read_practice_set()
            except (OSError, WorkbenchError) as err:
                self.window.session.warn("Practice puzzles cannot be read", str(err))
                return None
        return self._set

    def _ask(self, rule_id: str) -> None:
        """Prepare the technique's next puzzle in the worker (the replay may take a moment)."""
        grids = (self._set or {}).get(rule_id, ())
        if not grids:
            return
        turn = self._turn.get(rule_id, 0)
        self._turn[rule_id] = turn + 1
        self.window.session.run_job(
            JobKind.PRACTICE,
            prepare,
            grids[turn % len(grids)],
            rule_id,
            on_done=lambda exercise: self._asked(exercise, turn % len(grids) + 1, len(grids)),
            on_failed=lambda err: self.window.session.warn("Practice", str(err)),
        )

    def _asked(self, exercise: Exercise, number: int, of: int) -> None:
        session = self.window.session
        self.exercise, self._answered = exercise, False
        self._history = exercise.history()  # before it is shown, so showing it does not end the practice
        self._start = self._history.cursor
        session.set_puzzle(self._history, dirty=False)
        if session.givens_mode:
            session.set_givens_mode(False)
        self.window.board.set_step(
            None
        )  # the last step's highlights would point somewhere: the question is open
        self.window.hints.pin(exercise.step)
        name = rule_by_id(exercise.rule_id).name
        self.dock.setWindowTitle(f"Practise: {name} (puzzle {number} of {of})")
        self.panel.question.setText(_ASK.format(name=name))
        self.panel.verdict.hide()
        self.panel.score.setText(self.score.text())
        self.panel.answer.setText("&Answer (Return)")
        for shortcut in self._return:
            shortcut.setEnabled(True)
        self._show_dock()
        self.active_changed.emit(True)
        self.window.focus_board()

    def _show_dock(self) -> None:
        """Show the panel; the first time as tall as its words and buttons need.

        The rest of the column is the steps pane's: its hint and explanation need the room more than
        a blank panel does.
        """
        if not self.dock.isVisible() and not self._sized:
            self._sized = True
            self.dock.show()
            steps = self.window.panel_dock
            share = steps.height() + self.dock.height()
            title = self.dock.height() - self.panel.height()
            verdict = _ANSWER_ROOM * self.panel.fontMetrics().lineSpacing()
            need = self.panel.heightForWidth(self.panel.width()) + title + verdict
            self._main.resizeDocks([steps, self.dock], [share - need, need], Qt.Orientation.Vertical)
        self.dock.show()

    def _history_changed(self) -> None:
        """Another puzzle came (Open, New, Generate, a paste): the practice ends."""
        history, exercise = self.window.session.history, self.exercise
        if exercise is not None and (history is not self._history or history.start is not exercise.puzzle):
            self.leave()
