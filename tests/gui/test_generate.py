"""Test (generate) through the dialog: Unique gives one solution, with the symmetry asked for."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from sudoku_workbench.gui import dialogs
from sudoku_workbench.search.solve import count
from tests.gui.conftest import settle
from tests.gui.test_editing import trigger
from tests.search.symmetry_check import is_symmetric


def _answer_dialog(monkeypatch, size: int, symmetry: str, seed: int) -> None:
    def exec_(self) -> QDialog.DialogCode:
        self.size_box.setCurrentIndex(self.size_box.findData(size))
        self.symmetry.setCurrentText(symmetry)
        self.unique.setChecked(True)
        self.seed.setValue(seed)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(dialogs.GenerateDialog, "exec", exec_)


def test_test_with_unique_makes_a_symmetric_puzzle_with_one_solution(qtbot, window, monkeypatch, shot):
    for size, symmetry, seed in ((9, "rot180", 11), (6, "mirror_lr", 5)):
        _answer_dialog(monkeypatch, size, symmetry, seed)
        with qtbot.waitSignal(window.session.job_finished, timeout=60_000):
            trigger(window, "test")
        grid = window.session.grid
        assert grid.geometry.n == size
        assert count(grid, limit=2) == 1
        assert is_symmetric(grid, symmetry)
        assert not window.session.givens_mode
        # Not "unsaved" until the person changes it: the next Test asks nothing (a box would fail the test).
        assert not window.session.dirty
        assert "*" not in window.windowTitle()
        settle(qtbot, window)
    shot(window, "generated-6x6")


def test_the_symmetry_list_offers_only_what_fits_the_chosen_size(qtbot):
    from sudoku_workbench.core.geometry import geometry_for_size

    dialog = dialogs.GenerateDialog(None, geometry_for_size(9))
    qtbot.addWidget(dialog)
    offered = [dialog.symmetry.itemText(i) for i in range(dialog.symmetry.count())]
    assert "diagonal" in offered
    assert dialog.symmetry.currentText() == "rot180"
    dialog.size_box.setCurrentIndex(dialog.size_box.findData(6))
    offered = [dialog.symmetry.itemText(i) for i in range(dialog.symmetry.count())]
    assert "diagonal" not in offered
    assert "rot90" not in offered
    assert dialog.symmetry.currentText() == "rot180"


def test_test_with_a_technique_and_a_preset_makes_a_puzzle_to_order(qtbot, window, monkeypatch):
    from sudoku_workbench.logic.engine import solve_by_logic
    from sudoku_workbench.logic.rule_choice import preset_rules

    def exec_(self) -> QDialog.DialogCode:
        self.size_box.setCurrentIndex(self.size_box.findData(9))
        self.symmetry.setCurrentText("rot180")
        self.technique.setCurrentIndex(self.technique.findData("claiming"))
        self.preset.setCurrentIndex(self.preset.findData("no-chains"))
        self.seed.setValue(3)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(dialogs.GenerateDialog, "exec", exec_)
    with qtbot.waitSignal(window.session.job_finished, timeout=120_000):
        trigger(window, "test")
    grid = window.session.grid
    assert count(grid, limit=2) == 1
    assert is_symmetric(grid, "rot180")
    run = solve_by_logic(grid, preset_rules("no-chains"))
    assert run.status == "solved"
    assert "claiming" in {step.rule for step in run.steps}
    assert "hardest step" in window.statusBar().currentMessage()


def test_a_band_that_does_not_read_keeps_the_dialog_open_and_says_why(qtbot, monkeypatch):
    from sudoku_workbench.core.geometry import geometry_for_size

    said: list[str] = []
    monkeypatch.setattr(dialogs, "show_error", lambda _parent, _title, text: said.append(text))
    dialog = dialogs.GenerateDialog(None, geometry_for_size(9))
    qtbot.addWidget(dialog)
    dialog.se_band.setText("7.9-7.0")
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert said
    assert "SE band '7.9-7.0'" in said[0]
    dialog.se_band.setText("7.0-7.9")
    dialog.hodoku.setCurrentIndex(dialog.hodoku.findText("hard"))
    options = dialog.options()
    assert options.targeted
    assert options.se == (7.0, 7.9)
    assert options.hodoku is not None
    assert options.hodoku.name == "HARD"


def test_the_technique_list_speaks_in_rule_names_with_the_id_as_its_tip(qtbot):
    from sudoku_workbench.core.geometry import geometry_for_size

    dialog = dialogs.GenerateDialog(None, geometry_for_size(9))
    qtbot.addWidget(dialog)
    box = dialog.technique
    index = box.findData("xy_chain")
    assert box.itemText(index) == "XY-Chain"
    assert all("(" not in box.itemText(i) or "_" not in box.itemText(i) for i in range(box.count()))
    assert "--needs xy_chain" in box.itemData(index, Qt.ItemDataRole.ToolTipRole)


def test_a_25x25_asks_for_no_target_left_from_a_9x9(qtbot):
    from sudoku_workbench.core.geometry import geometry_for_size

    dialog = dialogs.GenerateDialog(None, geometry_for_size(9))
    qtbot.addWidget(dialog)
    dialog.technique.setCurrentIndex(dialog.technique.findData("x_wing"))
    dialog.se_band.setText("7.0-7.9")
    assert dialog.options().targeted
    dialog.size_box.setCurrentIndex(dialog.size_box.findData(25))
    assert not dialog.technique.isEnabled()
    assert not dialog.options().targeted  # the kept 9x9 target searched a 25x25 in vain
    dialog.size_box.setCurrentIndex(dialog.size_box.findData(9))
    assert dialog.options().technique == "x_wing"


def test_generating_is_named_in_the_menu_in_the_users_words(window):
    assert window.acts["test"].text().replace("&", "") == "Generate…"


def test_a_new_puzzle_never_shows_the_old_ones_rating(qtbot, window):
    from sudoku_workbench.formats.text import parse_line
    from tests.gui.test_editing import NEWSPAPER

    window.session.set_generated(parse_line(NEWSPAPER))
    settle(qtbot, window)
    old = window.panel.status.text().split(" · ")[0]
    assert "Easy" in old, old
    window.session.set_generated(parse_line("." * 81))  # many solutions: its rating differs
    qtbot.wait(300)  # the status line is refreshed 150 ms after a move; the old rating stayed ~1 s
    assert old not in window.panel.status.text()
