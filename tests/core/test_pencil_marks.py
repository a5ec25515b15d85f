"""The pencil marks the board shows: the grid's candidates plus the marks an entry left standing."""

from __future__ import annotations

from sudoku_workbench.core.history import History
from sudoku_workbench.core.step import ENTRY, ENTRY_KEEPING_MARKS, PENCIL, Step
from sudoku_workbench.formats.document import format_document, parse_document
from sudoku_workbench.formats.text import parse_line

NEWSPAPER = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _entry_and_peer(history: History) -> tuple[int, int, int]:
    """An empty cell, one of its candidates, and an empty peer that also allows that digit."""
    grid = history.grid
    cell = grid.empty_cells[0]
    for digit in grid.candidates_of(cell):
        peers = [p for p in grid.geometry.peers[cell] if digit in grid.candidates_of(p)]
        if peers:
            return cell, digit, peers[0]
    raise AssertionError("the newspaper puzzle has such a cell")


def test_an_ordinary_entry_strikes_its_digit_from_the_marks_it_sees() -> None:
    history = History(parse_line(NEWSPAPER))
    cell, digit, peer = _entry_and_peer(history)
    history.push(Step(ENTRY, ((cell, digit),)))
    assert history.pencil_marks() == history.grid.candidates
    assert not history.pencil_marks()[peer] >> (digit - 1) & 1


def test_an_entry_keeping_marks_leaves_them_but_not_in_the_rules_candidates() -> None:
    history = History(parse_line(NEWSPAPER))
    cell, digit, peer = _entry_and_peer(history)
    history.push(Step(ENTRY_KEEPING_MARKS, ((cell, digit),)))
    bit = 1 << (digit - 1)
    assert history.pencil_marks()[peer] & bit
    assert not history.grid.candidates[peer] & bit  # what Logic reads
    assert history.pencil_marks()[cell] == 0  # the filled cell shows no marks
    shown, true = history.pencil_marks(), history.grid.candidates
    kept = [c for c in range(len(true)) if shown[c] != true[c]]
    assert peer in kept
    assert set(kept) <= set(history.grid.geometry.peers[cell])

    history.push(Step(PENCIL, eliminations=((peer, digit),)))  # the player strikes the kept mark
    assert not history.pencil_marks()[peer] & bit
    history.undo()
    assert history.pencil_marks()[peer] & bit
    history.undo()
    assert history.pencil_marks() == history.grid.candidates


def test_kept_marks_survive_saving_and_a_later_ordinary_entry_clears_them() -> None:
    history = History(parse_line(NEWSPAPER))
    cell, digit, peer = _entry_and_peer(history)
    history.push(Step(ENTRY_KEEPING_MARKS, ((cell, digit),)))
    again = parse_document(format_document(history))
    assert again.pencil_marks() == history.pencil_marks()

    grid = again.grid
    other = next(p for p in grid.empty_cells if p != peer and peer in grid.geometry.peers[p] and p != cell)
    again.push(Step(ENTRY, ((other, digit),)))
    assert not again.pencil_marks()[peer] >> (digit - 1) & 1
