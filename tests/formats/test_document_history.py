"""A document saves the History the window shows: steps from the edited puzzle, and what was seen."""

from __future__ import annotations

import json

from sudoku_workbench.core import Grid, Step, geometry_for_size
from sudoku_workbench.core.history import History
from sudoku_workbench.core.step import ENTRY
from sudoku_workbench.formats import format_document, parse_document


def test_the_steps_after_the_last_puzzle_edit_are_saved_and_the_edits_are_not():
    history = History(Grid.empty(geometry_for_size(4)))
    history.set_given(0, 1)
    history.set_given(5, 2)
    history.push(Step(ENTRY, ((1, 3),)))
    loaded = parse_document(format_document(history))
    assert loaded == history
    assert loaded.start.givens[:6] == (1, 0, 0, 0, 0, 2)
    assert loaded.steps == (Step(ENTRY, ((1, 3),)),)
    assert loaded.undo()
    assert not loaded.undo()  # the typed clues are the document's puzzle, not steps to undo


def test_a_history_that_does_not_lead_to_the_saved_position_keeps_the_position():
    history = History.replay(Grid.empty(geometry_for_size(4)), (Step(ENTRY, ((1, 3),)),))
    data = json.loads(format_document(history))
    data["position"]["entries"] = ".2" + "." * 14
    data["position"]["candidates"][1] = ""
    loaded = parse_document(json.dumps(data))
    assert loaded.grid.entries[1] == 2
    assert loaded.steps == ()
