"""Preferences → Techniques: the rule list, presets, Reset, the keyboard, settings, and what Logic uses."""

from __future__ import annotations

from collections import Counter

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from sudoku_workbench.core.step import CLEAR, ENTRY, PENCIL
from sudoku_workbench.gui.main_window import MainWindow
from sudoku_workbench.gui.session.jobs import GenerateOptions
from sudoku_workbench.gui.techniques.prefs import COLUMNS, Techniques, TechniquesDialog, load_techniques
from sudoku_workbench.logic.engine import RULES, rule_by_id, solve_by_logic
from sudoku_workbench.logic.rule_table import TABLE
from tests.gui.conftest import settle
from tests.gui.test_editing import trigger
from tests.gui.test_keyboard_stories import ALT, NO, Key, answer_dialog
from tests.gui.test_logic import HARD, trigger_paste

#: The default rules solve HARD with singles and Pointing, nothing else.
POINTING = rule_by_id("pointing")


def rule_counts(window: MainWindow) -> Counter[str]:
    steps = window.session.history.steps
    return Counter(s.rule for s in steps if s.rule not in (ENTRY, PENCIL, CLEAR))


def run_logic(qtbot, window: MainWindow) -> list[str]:
    """Paste HARD, press Logic and return the messages it gave."""
    trigger_paste(qtbot, window, HARD)
    messages: list[str] = []
    window.session.message.connect(messages.append)
    with qtbot.waitSignal(window.session.job_finished, timeout=60_000):
        trigger(window, "logic")
    return messages


def column(dialog: TechniquesDialog, name: str) -> list[str]:
    return [item.text(COLUMNS.index(name)) for item in dialog.rules.items()]


def test_the_dialog_lists_every_row_of_the_table_in_order_with_its_facts(qtbot, window):
    dialog = TechniquesDialog(window, window.session.techniques)
    qtbot.addWidget(dialog)
    assert column(dialog, "Rule") == [rule.name for rule in TABLE]
    assert column(dialog, "Family") == [rule.family.value for rule in TABLE]
    assert column(dialog, "SE") == [f"{rule.se.base:.1f}" for rule in TABLE]
    assert [text.split()[0] for text in column(dialog, "HoDoKu")] == [str(r.hodoku.score) for r in TABLE]
    ticked = [item.checkState(0) == Qt.CheckState.Checked for item in dialog.rules.items()]
    assert ticked == [rule.on for rule in TABLE]
    assert dialog.choice() == Techniques.from_preset("default")


@pytest.mark.usefixtures("shown")
def test_the_singles_preset_leaves_logic_stuck_and_it_names_the_rule_that_is_off(qtbot, window):

    def pick_singles(dialog: QDialog) -> None:
        assert isinstance(dialog, TechniquesDialog)
        dialog.preset.setCurrentIndex(dialog.preset.findData("singles"))
        dialog.preset.activated.emit(dialog.preset.currentIndex())

    seen = answer_dialog([(Key.Key_Return, NO)], pick_singles)
    trigger(window, "techniques_prefs")
    assert seen, "Preferences → Techniques opened no dialog"
    assert window.session.techniques.preset == "singles"

    messages = run_logic(qtbot, window)
    assert not window.session.grid.is_solved()
    assert set(rule_counts(window)) <= {"full_house", "naked_single", "hidden_single"}
    stuck = f"the next step needs {POINTING.name}, which is off (Preferences → Techniques)"
    assert POINTING.id not in stuck
    assert any(stuck in text for text in messages), messages
    assert stuck in window.panel.progress.text()

    trigger(window, "step")  # Step and Hint say it too
    qtbot.waitUntil(lambda: stuck in messages[-1])
    trigger(window, "hint")
    qtbot.waitUntil(lambda: stuck in window.panel.finding.text())
    settle(qtbot, window)

    def pick_default(dialog: QDialog) -> None:
        assert isinstance(dialog, TechniquesDialog)
        dialog.preset.setCurrentIndex(dialog.preset.findData("default"))
        dialog.preset.activated.emit(dialog.preset.currentIndex())

    answer_dialog([(Key.Key_Return, NO)], pick_default)
    trigger(window, "techniques_prefs")
    assert window.session.techniques.preset == "default"
    assert stuck not in window.panel.finding.text()  # the hint spoke of the rules before
    assert stuck not in window.panel.progress.text()


def test_unticking_a_rule_keeps_logic_from_using_it(qtbot, window):
    choice = Techniques.from_preset("default")
    window.session.set_techniques(Techniques("default", choice.order, choice.off | {POINTING.id}))
    run_logic(qtbot, window)
    counts = rule_counts(window)
    assert window.session.grid.is_solved()
    assert POINTING.id not in counts
    assert counts["claiming"] > 0  # the default rules solve HARD with Pointing and no Claiming
    settle(qtbot, window)


@pytest.mark.usefixtures("shown")
def test_keys_move_and_untick_rules_and_logic_follows_the_new_order(qtbot, window):
    place = [rule.id for rule in TABLE].index(POINTING.id)
    keys = [(Key.Key_Down, NO)] * place + [(Key.Key_Up, ALT)] * place
    keys += [(Key.Key_Down, NO), (Key.Key_Space, NO), (Key.Key_Return, NO)]  # untick the first Single
    answer_dialog(keys)
    trigger(window, "techniques_prefs")
    techniques = window.session.techniques
    assert techniques.order[0] == POINTING.id
    assert techniques.off == {TABLE[0].id} | {rule.id for rule in TABLE if not rule.on}
    assert window.session.rules[0] == POINTING

    run_logic(qtbot, window)
    steps = [s for s in window.session.history.steps if s.rule not in (ENTRY, PENCIL, CLEAR)]
    assert steps[0].rule == POINTING.id  # with the default order the first step is a hidden single
    assert TABLE[0].id not in rule_counts(window)
    settle(qtbot, window)


def test_reset_brings_back_the_preset_and_a_new_window_remembers_the_choice(qtbot, window, storage):
    dialog = TechniquesDialog(window, window.session.techniques)
    qtbot.addWidget(dialog)
    dialog.rules.setCurrentItem(dialog.rules.items()[5])
    dialog.rules.move_current(-1)
    dialog.rules.items()[0].setCheckState(0, Qt.CheckState.Unchecked)
    changed = dialog.choice()
    assert changed != Techniques.from_preset("default")
    dialog.reset()
    assert dialog.choice() == Techniques.from_preset("default")

    window.session.set_techniques(changed)
    again = MainWindow(storage)
    qtbot.addWidget(again)
    assert again.session.techniques == changed
    assert again.session.rules == changed.rules(False) != RULES
    again.session.shutdown()


def test_the_preset_box_says_changed_once_a_rule_is_unticked_or_moved(qtbot, window):
    dialog = TechniquesDialog(window, Techniques.from_preset("default"))
    qtbot.addWidget(dialog)
    assert dialog.preset.currentText() == "default"
    dialog.rules.items()[0].setCheckState(0, Qt.CheckState.Unchecked)
    assert dialog.preset.currentText() == "default (changed)"
    dialog.reset()
    assert dialog.preset.currentText() == "default"
    dialog.rules.setCurrentItem(dialog.rules.items()[5])
    dialog.rules.move_current(-1)
    assert dialog.preset.currentText() == "default (changed)"
    assert dialog.choice().preset == "default"  # the name kept is the preset's own


def test_no_rule_ticked_disables_ok(qtbot, window):
    dialog = TechniquesDialog(window, Techniques.from_preset("singles"))
    qtbot.addWidget(dialog)
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    for item in dialog.rules.items():
        item.setCheckState(0, Qt.CheckState.Unchecked)
    assert not ok.isEnabled()
    dialog.rules.items()[-1].setCheckState(0, Qt.CheckState.Checked)
    assert ok.isEnabled()


def test_a_choice_saved_by_another_version_is_completed_from_the_table(storage):
    ids = [rule.id for rule in TABLE]
    added, kept = ids[3], [i for i in ids if i != ids[3]]
    settings = storage.settings()
    settings.setValue("techniques/preset", "default")
    settings.setValue("techniques/order", ",".join(["a_rule_since_removed", *reversed(kept)]))
    settings.setValue("techniques/off", "a_rule_since_removed," + ids[0])
    loaded = load_techniques(settings)
    assert sorted(loaded.order) == sorted(ids)
    assert [i for i in loaded.order if i != added] == list(reversed(kept))
    before = max(loaded.order.index(i) for i in ids[:3])  # as the command line's --enable places a rule
    assert loaded.order.index(added) == before + 1, "after the last of the rules the table puts before it"
    # The saved rules keep their saved ticks; the added one is on or off as the preset has it.
    assert loaded.off == {ids[0]} | (Techniques.from_preset("default").off & {added})

    settings.setValue("techniques/preset", "no such preset")
    assert load_techniques(settings) == Techniques.from_preset("default")


def test_rate_and_test_use_the_chosen_rules(qtbot, window):
    window.session.set_techniques(Techniques.from_preset("singles"))
    trigger_paste(qtbot, window, HARD)
    settle(qtbot, window)  # the status line's own rating (default rules) first: Rate's comes after it
    assert "level Medium" in window.panel.status.text()
    with qtbot.waitSignal(window.session.job_finished, timeout=60_000):
        trigger(window, "rate")
    assert "level Needs Search" in window.panel.status.text()

    # With the default rules, seed 0 draws a Hard puzzle that singles cannot finish.
    with qtbot.waitSignal(window.session.job_finished, timeout=60_000):
        window.session.jobs.generate(GenerateOptions(seed=0))
    made = window.session.grid
    assert not made.is_solved()
    assert solve_by_logic(made, window.session.rules).grid.is_solved()
    settle(qtbot, window)


def test_assume_one_solution_runs_only_the_uniqueness_rules_that_are_ticked(qtbot, window):
    choice = Techniques.from_preset("default")
    window.session.set_techniques(Techniques("default", choice.order, frozenset({"bug_plus_one"})))
    messages: list[str] = []
    window.session.message.connect(messages.append)
    trigger_paste(qtbot, window, HARD)
    trigger(window, "assume_unique")
    unique = {rule.id for rule in window.session.rules if rule.one_solution}
    assert unique == {rule.id for rule in TABLE if rule.one_solution} - {"bug_plus_one"}
    assert "Unique rectangle type 1" in messages[-1]
    assert "BUG+1" not in messages[-1]
    settle(qtbot, window)


def test_the_choice_is_counted_against_the_table(window):
    """Preferences says how many of the table's rules are ticked, the uniqueness rules counted apart."""
    messages: list[str] = []
    window.session.message.connect(messages.append)
    choice = Techniques.from_preset("default")
    window.session.set_techniques(choice)
    unique = sum(1 for rule in TABLE if rule.one_solution and rule.id in choice.on_ids())
    assert messages[-1] == (
        f"Techniques from the default preset: {len(choice.on_ids())} of the {len(TABLE)} rules "
        f"({unique} of them only when the puzzle is assumed unique)"
    )
