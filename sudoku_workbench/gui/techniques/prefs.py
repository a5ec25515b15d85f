"""Preferences → Techniques: which rules Logic, Step, Hint, Rate and Generate use, and in what order.

The choice (:class:`Techniques`) is every row of the rule table in the person's order, each on or off,
and the preset it started from (Reset goes back to it). It is remembered in the window's
``settings.ini``; a saved choice from an older version (rules since added or removed) is completed from
the table, never refused. The session's jobs hold the choice and turn it into rules through
:func:`~sudoku_workbench.logic.rule_choice.ordered_rules`, with Assume one solution.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from sudoku_workbench.logic.rule_choice import PRESETS, ordered_rules, preset_rules
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.logic.rule_types import Rule

__all__ = [
    "COLUMNS",
    "DEFAULT",
    "Techniques",
    "TechniquesDialog",
    "choose_techniques",
    "load_techniques",
    "save_techniques",
]

#: The dialog's columns.
COLUMNS = ("Rule", "Family", "Level", "SE", "HoDoKu", "Needs")
_BY_ID = {rule.id: rule for rule in TABLE}
_GROUP = "techniques"
_HELP = (
    "Logic, Step, Hint, Rate and Generate use the ticked rules, the top one first. Drag a rule, or press "
    "Alt+Up / Alt+Down, to move it; Space ticks or unticks it. Rules that need one solution run only "
    "with Puzzle → Assume one solution; Generate never grades with those or with forcing rules."
)


def _completed(order: list[str]) -> list[str]:
    """The order with every table row it lacks put in after the row the table puts before it."""
    order = list(order)
    for place, rule in enumerate(TABLE):
        if rule.id not in order:
            earlier = [order.index(r.id) for r in TABLE[:place] if r.id in order]
            order.insert(max(earlier) + 1 if earlier else 0, rule.id)
    return order


@dataclass(frozen=True)
class Techniques:
    """Every rule id in the person's order, those switched off, and the preset the choice started from."""

    preset: str
    order: tuple[str, ...]
    off: frozenset[str]

    @classmethod
    def from_preset(cls, name: str) -> Techniques:
        """A preset as a choice: its rules on in its order, the table's other rules off at their places."""
        chosen = [rule.id for rule in preset_rules(name)]
        order = _completed(chosen)
        return cls(name, tuple(order), frozenset(order) - frozenset(chosen))

    def on_ids(self) -> tuple[str, ...]:
        """The ids of the rules switched on, in order."""
        return tuple(rule_id for rule_id in self.order if rule_id not in self.off)

    def rules(self, assume_unique: bool) -> tuple[Rule, ...]:
        """The rules the engine runs: those on, in order, the one-solution ones only when assumed."""
        return ordered_rules(self.on_ids(), assume_unique)


DEFAULT = Techniques.from_preset("default")


def _ids(value: object) -> list[str]:
    return [word for word in str(value or "").split(",") if word]


def load_techniques(settings: QSettings) -> Techniques:
    """The remembered choice; the default preset when none is saved or the saved one is unreadable.

    Rules the saved order lacks (added since) go in after the rule the table puts before them, on or
    off as the preset has them; ids the table no longer has are dropped.
    """
    preset = str(settings.value(f"{_GROUP}/preset", "default"))
    if preset not in PRESETS:
        return DEFAULT
    base = Techniques.from_preset(preset)
    order = list(dict.fromkeys(i for i in _ids(settings.value(f"{_GROUP}/order")) if i in _BY_ID))
    if not order:
        return base
    order = _completed(order)
    saved_off = {i for i in _ids(settings.value(f"{_GROUP}/off")) if i in _BY_ID}
    new = set(base.order) - set(_ids(settings.value(f"{_GROUP}/order")))
    off = saved_off | (new & base.off)
    return Techniques(preset, tuple(order), frozenset(off))


def save_techniques(settings: QSettings, choice: Techniques) -> bool:
    """Remember a choice in the settings file; False when the file cannot be written."""
    settings.setValue(f"{_GROUP}/preset", choice.preset)
    settings.setValue(f"{_GROUP}/order", ",".join(choice.order))
    settings.setValue(f"{_GROUP}/off", ",".join(sorted(choice.off)))
    settings.sync()
    return settings.status() == QSettings.Status.NoError


class _RuleList(QTreeWidget):
    """The rules as rows with a tick each; drag or Alt+Up / Alt+Down moves the current one."""

    def __init__(self) -> None:
        super().__init__()
        self.setColumnCount(len(COLUMNS))
        self.setHeaderLabels(COLUMNS)
        self.setRootIsDecorated(False)
        self.setItemsExpandable(False)
        self.setUniformRowHeights(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setAccessibleName("Rules, in the order they are tried")
        self.header().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Alt+Up and Alt+Down move the current rule; every other key as in any list."""
        steps = {Qt.Key.Key_Up: -1, Qt.Key.Key_Down: 1}
        if event.modifiers() == Qt.KeyboardModifier.AltModifier and event.key() in steps:
            self.move_current(steps[Qt.Key(event.key())])
            return
        super().keyPressEvent(event)

    def move_current(self, by: int) -> None:
        """Move the current rule up (-1) or down (1) one place, keeping it current and its tick."""
        row = self.currentIndex().row()
        target = row + by
        if row < 0 or not 0 <= target < self.topLevelItemCount():
            return
        item = self.takeTopLevelItem(row)
        if item is not None:
            self.insertTopLevelItem(target, item)
            self.setCurrentItem(item)

    def items(self) -> list[QTreeWidgetItem]:
        """The rows, top first."""
        found = (self.topLevelItem(row) for row in range(self.topLevelItemCount()))
        return [item for item in found if item is not None]

    def show_choice(self, choice: Techniques) -> None:
        """Fill the list with a choice's rules, in its order, ticked when on; the first one current."""
        self.clear()
        items = [_item(_BY_ID[rule_id], rule_id not in choice.off) for rule_id in choice.order]
        self.addTopLevelItems(items)
        self.setCurrentItem(items[0])

    def ids_and_off(self) -> tuple[tuple[str, ...], frozenset[str]]:
        """The ids of the rules listed, top first, and those unticked."""
        items = self.items()
        ids = tuple(str(item.data(0, Qt.ItemDataRole.UserRole)) for item in items)
        off = (i for i, item in zip(ids, items, strict=True) if item.checkState(0) != Qt.CheckState.Checked)
        return ids, frozenset(off)


def _item(rule: Rule, on: bool) -> QTreeWidgetItem:
    hodoku = f"{rule.hodoku.score} {rule.hodoku.level.name.lower()}" + ("*" if rule.hodoku.closest else "")
    needs = "one solution" if rule.one_solution else ""
    level = rule.level.name.replace("_", " ").lower()
    item = QTreeWidgetItem([rule.name, rule.family.value, level, f"{rule.se.base:.1f}", hodoku, needs])
    item.setData(0, Qt.ItemDataRole.UserRole, rule.id)
    item.setToolTip(0, f"{rule.name} ({rule.id})")
    if rule.hodoku.closest:
        item.setToolTip(4, f"HoDoKu has no such technique: {rule.hodoku.closest}")
    # Not a drop target: a dragged rule lands between rows, never inside one.
    flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled
    item.setFlags(flags | Qt.ItemFlag.ItemIsUserCheckable)
    item.setCheckState(0, Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
    return item


class TechniquesDialog(QDialog):
    """The rule list with a preset chooser, Reset, Move up / Move down, OK and Cancel."""

    def __init__(self, parent: QWidget | None, choice: Techniques) -> None:
        super().__init__(parent)
        self.setWindowTitle("Techniques")
        self.rules = _RuleList()
        self.preset = QComboBox()
        self.preset.setAccessibleName("Preset")
        for name in PRESETS:
            self.preset.addItem(name, name)
        self.preset.setCurrentIndex(self.preset.findData(choice.preset))
        self.preset.activated.connect(self.reset)
        self.note = QLabel(_HELP)
        self.note.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        form = QFormLayout()
        form.addRow("&Preset:", self.preset)
        layout.addLayout(form)
        layout.addWidget(self.rules, 1)
        layout.addLayout(self._row_buttons())
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)
        self.rules.itemChanged.connect(self._ticks_changed)
        self.rules.model().rowsInserted.connect(self._name_preset)
        self.rules.show_choice(choice)
        self._name_preset()
        self.resize(820, 640)
        self.rules.setFocus()

    def _row_buttons(self) -> QHBoxLayout:
        row = QHBoxLayout()
        for text, tip, slot in (
            ("Move &up", "Try the current rule earlier (Alt+Up)", lambda: self.rules.move_current(-1)),
            ("Move &down", "Try the current rule later (Alt+Down)", lambda: self.rules.move_current(1)),
            ("&Reset", "Back to the preset's rules and order", self.reset),
        ):
            button = QPushButton(text)
            button.setToolTip(tip)
            button.setAutoDefault(False)
            button.clicked.connect(slot)
            row.addWidget(button)
        row.addStretch(1)
        return row

    def reset(self) -> None:
        """Show the chosen preset's rules and order again (the preset chooser does this too)."""
        self.rules.show_choice(Techniques.from_preset(str(self.preset.currentData())))

    def choice(self) -> Techniques:
        """The choice the dialog shows."""
        order, off = self.rules.ids_and_off()
        return Techniques(str(self.preset.currentData()), order, off)

    def _ticks_changed(self) -> None:
        """OK needs at least one rule ticked (with none, Logic could not make a single step)."""
        none = not self.choice().on_ids()
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not none)
        self.note.setText("Tick at least one rule." if none else _HELP)
        self._name_preset()

    def _name_preset(self) -> None:
        """The preset box says "changed" once the ticks or the order differ from its preset's."""
        shown = self.choice()
        for index in range(self.preset.count()):
            name = str(self.preset.itemData(index))
            changed = name == shown.preset and shown != Techniques.from_preset(name)
            self.preset.setItemText(index, f"{name} (changed)" if changed else name)


def choose_techniques(parent: QWidget, current: Techniques) -> Techniques | None:
    """Preferences → Techniques: the new choice, or None when the dialog was cancelled."""
    dialog = TechniquesDialog(parent, current)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    return dialog.choice() if accepted else None
