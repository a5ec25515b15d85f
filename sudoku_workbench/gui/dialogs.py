"""Dialogs: file choosers, the size and Generate options, questions, errors, the references.

Each function shows one dialog and returns what the person chose (None when cancelled); the caller
decides what to do with it. Message boxes are the standard ones, so tests can replace them.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from sudoku_workbench.core.geometry import BOX_SHAPES, EXTRAS, Geometry, geometry_for_size
from sudoku_workbench.formats.files import DOCUMENT_SUFFIXES, PUZZLE_SUFFIXES
from sudoku_workbench.gui.session.jobs import GenerateOptions
from sudoku_workbench.logic.rule_choice import PRESETS
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.logic.shared.hodoku_steps import HodokuLevel
from sudoku_workbench.search.regions import ShapeChoice, random_jigsaw
from sudoku_workbench.search.targets import TargetError, se_band

__all__ = [
    "PUZZLE_FILTER",
    "GenerateDialog",
    "ask_recover",
    "ask_save_changes",
    "ask_shape",
    "choose_open_path",
    "choose_save_path",
    "show_error",
    "show_text",
]

#: File-dialog filter for everything Open reads.
PUZZLE_FILTER = (
    "Puzzles and documents ("
    + " ".join(f"*{suffix}" for suffix in DOCUMENT_SUFFIXES + PUZZLE_SUFFIXES)
    + ");;All files (*)"
)
LEVELS = ("any", "easy", "medium", "hard", "very hard", "needs search")


#: The jigsaw sizes File → New offers (a fresh random region map each time).
NEW_JIGSAWS = (6, 7, 8, 9)
#: The jigsaw sizes Generate offers (a 25x25 map takes minutes to draw and fill).
JIGSAW_SIZES = tuple(range(4, 17))


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    """OK and Cancel, wired to accept and reject ``dialog``: every dialog's last row."""
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


def new_shapes() -> dict[str, Callable[[], Geometry]]:
    """File → New's choices by label: every box size, the 9x9 variants, and jigsaws of random regions."""
    fixed = [geometry_for_size(n) for n in BOX_SHAPES] + [geometry_for_size(9, (name,)) for name in EXTRAS]
    shapes: dict[str, Callable[[], Geometry]] = {geo.label: functools.partial(_same, geo) for geo in fixed}
    for n in NEW_JIGSAWS:
        shapes[f"{n}x{n} jigsaw (random regions)"] = functools.partial(_random_jigsaw, n)
    return shapes


def _same(geo: Geometry) -> Geometry:
    return geo


def _random_jigsaw(n: int) -> Geometry:
    return random_jigsaw(n, random.Random(), symmetric=True)


def ask_shape(
    parent: QWidget, current: Geometry, title: str = "New puzzle", largest: int = 25
) -> Geometry | None:
    """File → New: the size and kind of the new grid (grids of at most ``largest`` digits)."""
    shapes = new_shapes()
    labels = [label for label in shapes if int(label.split("x")[0]) <= largest]
    shown = current.uncaged.label
    start = labels.index(shown) if shown in labels else labels.index(geometry_for_size(9).label)
    label, ok = QInputDialog.getItem(parent, title, "Grid:", labels, start, False)
    return shapes[label]() if ok else None


def ask_cage_sum(parent: QWidget, cells: str) -> str | None:
    """Make cage: the sum typed for a cage on ``cells`` (empty: a cage without a sum), None if cancelled."""
    text, ok = QInputDialog.getText(
        parent, "Make cage", f"Sum of the cage on {cells} (leave empty for a cage without a sum):"
    )
    return text if ok else None


def choose_open_path(
    parent: QWidget, title: str, filters: str = PUZZLE_FILTER, folder: Path | None = None
) -> Path | None:
    """A file to read; the dialog starts in ``folder`` (else Qt's choice, the working folder)."""
    name, _ = QFileDialog.getOpenFileName(parent, title, str(folder or ""), filters)
    return Path(name) if name else None


def choose_save_path(
    parent: QWidget, title: str, filters: str, suggested: str = "", folder: Path | None = None
) -> Path | None:
    """A file to write, offered as ``suggested`` in ``folder``."""
    start = str(folder / suggested) if folder is not None else suggested
    name, _ = QFileDialog.getSaveFileName(parent, title, start, filters)
    return Path(name) if name else None


def show_error(parent: QWidget, title: str, text: str) -> None:
    """A warning naming the problem and its place; the puzzle is left as it was."""
    QMessageBox.warning(parent, title, text)


def ask_save_changes(parent: QWidget) -> QMessageBox.StandardButton:
    """Save, Discard or Cancel, before unsaved changes would be lost."""
    buttons = QMessageBox.StandardButton
    return QMessageBox.question(
        parent,
        "Unsaved changes",
        "The puzzle has unsaved changes. Save them first?",
        buttons.Save | buttons.Discard | buttons.Cancel,
        buttons.Save,
    )


def ask_recover(parent: QWidget) -> bool:
    """Offer the autosaved work of a session that did not close cleanly."""
    buttons = QMessageBox.StandardButton
    answer = QMessageBox.question(
        parent,
        "Recover unsaved work?",
        "The workbench did not close cleanly last time. Restore the work that was autosaved?",
        buttons.Yes | buttons.No,
        buttons.Yes,
    )
    return answer == buttons.Yes


def show_text(parent: QWidget, title: str, html: str) -> None:
    """A read-only page (techniques reference, About)."""
    dialog = QDialog(parent)
    dialog.setWindowTitle(title)
    layout = QVBoxLayout(dialog)
    browser = QTextBrowser()
    browser.setHtml(html)
    layout.addWidget(browser)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.resize(620, 520)
    dialog.exec()


#: Said under the shape when the puzzle has what Generate does not make.
_LEFT_OUT = (
    "Generate draws givens on the regions and variant rules above: this puzzle's "
    "killer cages and constraints are left out (File → New killer makes killers)."
)
#: The Generate dialog's window title; the dialog is made wide enough to show it whole.
GENERATE_TITLE = "Generate a puzzle"
#: Why the targets are greyed out for another size than 9x9.
_CLASSIC_TARGETS = "Puzzles made to order (technique, SE band, HoDoku level, rules) are 9x9 only"


class GenerateDialog(QDialog):
    """Generate's options: size, regions, variant rules, symmetry, Unique, Very Hard, level, targets, seed."""

    def __init__(self, parent: QWidget | None, current: Geometry, settings: QSettings | None = None) -> None:
        """Offer first the puzzle's own shape, so Generate makes another puzzle like it.

        ``current``'s size, variant rules and (a jigsaw's) regions are chosen at the start; the symmetry
        list follows the shape chosen.

        ``settings`` hold the last accepted choices (the shape asked for wins over the remembered one; the
        seed is not kept, since one seed always gives the same puzzle).
        """
        super().__init__(parent)
        self._current = current
        self._settings = settings
        self.setWindowTitle(GENERATE_TITLE)
        # A title bar shows about as many characters as the dialog is wide; room for its buttons too.
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance(GENERATE_TITLE) * 2 + 120)
        form = QFormLayout(self)
        self.symmetry = QComboBox()
        self._add_shape(current)
        self._shape_changed()
        self.unique = QCheckBox("&Unique")
        self.unique.setChecked(True)
        self.very_hard = QCheckBox("&Very Hard")
        self.level = QComboBox()
        self.level.addItems(list(LEVELS))
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setSpecialValueText("random")
        self._add_targets()
        for box in (self.size_box, self.regions_box):  # the regions refill the sizes unheard
            box.currentIndexChanged.connect(self._fit_targets)
        for label, widget in (
            ("Size:", self.size_box),
            ("Re&gions:", self.regions_box),
            ("Variant rules:", self.variants),
            ("Symmetry:", self.symmetry),
            ("", self.unique),
            ("", self.very_hard),
            ("Level:", self.level),
            ("&Technique:", self.technique),
            ("", self.as_hardest),
            ("SE &band:", self.se_band),
            ("Ho&Doku level:", self.hodoku),
            ("&Rules:", self.preset),
            ("Seed:", self.seed),
        ):
            form.addRow(label, widget)
        if current.cages or current.constraints:
            note = QLabel(_LEFT_OUT)
            note.setWordWrap(True)
            form.addRow("", note)
        form.addRow(ok_cancel(self))
        self._load()
        self._fit_targets()

    def _add_shape(self, current: Geometry) -> None:
        """Size, regions (boxes, a new random jigsaw, this puzzle's) and variant rules, as ``current``'s."""
        self.size_box = QComboBox()
        self.regions_box = QComboBox()
        self.regions_box.addItem("boxes", "boxes")
        self.regions_box.addItem("a jigsaw, new random regions", "random")
        if current.box is None:
            self.regions_box.addItem("this puzzle's regions", "this")
            self.regions_box.setCurrentIndex(2)
        self._fill_sizes(current.n)
        self.variants = QWidget()
        grid = QGridLayout(self.variants)
        grid.setContentsMargins(0, 0, 0, 0)
        self.variant_boxes: dict[str, QCheckBox] = {}
        for i, name in enumerate(EXTRAS):
            box = QCheckBox(EXTRAS[name].title)
            box.setChecked(name in current.extras)
            box.toggled.connect(self._fill_symmetries)
            grid.addWidget(box, i // 3, i % 3)
            self.variant_boxes[name] = box
        self.size_box.currentIndexChanged.connect(self._shape_changed)
        self.regions_box.currentIndexChanged.connect(self._shape_changed)

    def _fill_sizes(self, wanted: int) -> None:
        """The sizes the regions chosen allow: boxes' sizes, any jigsaw size, or this puzzle's own.

        ``wanted`` stays chosen where it is offered, else 9.
        """
        regions = self.regions_box.currentData()
        sizes = JIGSAW_SIZES if regions == "random" else BOX_SHAPES
        if regions == "this":
            sizes = (self._current.n,)
        self.size_box.blockSignals(True)
        self.size_box.clear()
        for n in sorted(sizes):
            self.size_box.addItem(geometry_for_size(n).label if regions == "boxes" else f"{n}x{n}", n)
        index = self.size_box.findData(wanted)
        self.size_box.setCurrentIndex(index if index >= 0 else max(self.size_box.findData(9), 0))
        self.size_box.blockSignals(False)

    def _shape_changed(self) -> None:
        """The size list follows the regions (a jigsaw may be 7x7; this puzzle's regions have its size)."""
        if self.sender() is self.regions_box:
            self._fill_sizes(int(self.size_box.currentData() or 9))
        self.size_box.setEnabled(self.regions_box.currentData() != "this")
        self._fill_symmetries()

    def shape(self) -> ShapeChoice:
        """The shape chosen (the variant rules ticked on the regions chosen)."""
        extras = tuple(name for name, box in self.variant_boxes.items() if box.isChecked())
        regions = self.regions_box.currentData()
        if regions == "this":
            return ShapeChoice(self._current.n, extras, True, self._current.region_of)
        return ShapeChoice(int(self.size_box.currentData()), extras, regions == "random")

    def _add_targets(self) -> None:
        """The targets of a puzzle made to order; choosing any of them replaces Very Hard and Level."""
        self.technique = QComboBox()
        self.technique.addItem("any", None)
        for rule in TABLE:
            if not rule.one_solution:  # the user's words in the list; the command line's id as its tip
                self.technique.addItem(rule.name, rule.id)
                tip = f"{rule.name}: --needs {rule.id} on the command line"
                self.technique.setItemData(self.technique.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
        self.as_hardest = QCheckBox("as the hardest step")
        self.se_band = QLineEdit()
        self.se_band.setPlaceholderText("any; e.g. 7.0-7.9")
        self.hodoku = QComboBox()
        self.hodoku.addItem("any", None)
        for level in HodokuLevel:
            self.hodoku.addItem(level.name.lower(), level)
        self.preset = QComboBox()
        self.preset.addItem("as in Preferences → Techniques", None)
        for name in PRESETS:
            self.preset.addItem(name, name)

    def _targets(self) -> tuple[QWidget, ...]:
        return (self.technique, self.as_hardest, self.se_band, self.hodoku, self.preset)

    def _fit_targets(self) -> None:
        """Targets are offered for 9x9 only: a 25x25 kept a 9x9's technique and searched in vain."""
        classic = self._classic()
        for widget in self._targets():
            widget.setEnabled(classic)
            widget.setToolTip("" if classic else _CLASSIC_TARGETS)

    def _classic(self) -> bool:
        return bool(self.size_box.currentData() == 9)

    def _load(self) -> None:
        s = self._settings
        if s is None:
            return
        self.symmetry.setCurrentText(str(s.value("generate/symmetry", self.symmetry.currentText())))
        # Flags are stored as 0 and 1: an INI file would give booleans back as strings.
        self.unique.setChecked(str(s.value("generate/unique", 1)) == "1")
        self.very_hard.setChecked(str(s.value("generate/very_hard", 0)) == "1")
        level = str(s.value("generate/level", 0))
        self.level.setCurrentIndex(int(level) if level.isdigit() and int(level) < len(LEVELS) else 0)
        for key, box in (("technique", self.technique), ("hodoku", self.hodoku), ("preset", self.preset)):
            box.setCurrentIndex(max(box.findText(str(s.value(f"generate/{key}", ""))), 0))
        self.as_hardest.setChecked(str(s.value("generate/as_hardest", 0)) == "1")
        self.se_band.setText(str(s.value("generate/se_band", "")))

    def accept(self) -> None:
        """Remember the choices, then close (an SE band that does not read is said, and the dialog stays)."""
        try:
            self._band()
        except TargetError as err:
            show_error(self, GENERATE_TITLE, str(err))
            return
        refusal = self.options().refusal()
        if refusal:
            show_error(self, GENERATE_TITLE, f"No puzzle can be made: {refusal}")
            return
        if self._settings is not None:
            values = {
                "symmetry": self.symmetry.currentText(),
                "unique": int(self.unique.isChecked()),
                "very_hard": int(self.very_hard.isChecked()),
                "level": self.level.currentIndex(),
                "technique": self.technique.currentText(),
                "as_hardest": int(self.as_hardest.isChecked()),
                "se_band": self.se_band.text().strip(),
                "hodoku": self.hodoku.currentText(),
                "preset": self.preset.currentText(),
            }
            for key, value in values.items():
                self._settings.setValue(f"generate/{key}", value)
            self._settings.sync()
        super().accept()

    def _fill_symmetries(self) -> None:
        chosen = self.symmetry.currentText() or "rot180"
        self.symmetry.clear()
        self.symmetry.addItems(list(GenerateOptions(self.shape()).symmetries()))
        self.symmetry.setCurrentText(chosen)

    def options(self) -> GenerateOptions:
        """The chosen options (the targets greyed out for another size than 9x9 are not asked for)."""
        made = GenerateOptions(
            shape=self.shape(),
            symmetry=self.symmetry.currentText(),
            unique=self.unique.isChecked(),
            very_hard=self.very_hard.isChecked(),
            level=self.level.currentIndex() or None,
            seed=self.seed.value() or None,
        )
        if not self._classic():
            return made
        return replace(
            made,
            technique=self.technique.currentData(),
            as_hardest=self.as_hardest.isChecked(),
            se=self._band(),
            hodoku=self.hodoku.currentData(),
            preset=self.preset.currentData(),
        )

    def _band(self) -> tuple[float, float] | None:
        text = self.se_band.text().strip()
        return se_band(text) if text and self._classic() else None
