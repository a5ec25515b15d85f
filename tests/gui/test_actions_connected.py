"""README "Extending the workbench", a menu action: every action of the menus does something."""

from __future__ import annotations

from PySide6.QtCore import SIGNAL

from sudoku_workbench.gui.actions import MENUS, ActionSpec

NAMES = [entry.name for entries in MENUS.values() for entry in entries if isinstance(entry, ActionSpec)]


def test_every_menu_action_is_connected(window):
    unconnected = [
        name
        for name in NAMES
        if not window.acts[name].receivers(SIGNAL("triggered(bool)"))
        and not window.acts[name].receivers(SIGNAL("toggled(bool)"))
    ]
    assert unconnected == []


def test_an_action_left_out_of_the_slot_table_is_caught(window):
    """The check above can fail: an action with nothing behind it has no receiver."""
    window.acts["about"].triggered.disconnect()
    assert not window.acts["about"].receivers(SIGNAL("triggered(bool)"))


def test_every_action_has_one_name_and_a_menu_text():
    assert len(NAMES) == len(set(NAMES))
    assert all(entry.text for entries in MENUS.values() for entry in entries if isinstance(entry, ActionSpec))
