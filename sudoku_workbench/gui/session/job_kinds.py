"""The kinds of background job the window runs: one place for their names and how each is treated.

A session runs at most one job of a kind; a new one replaces the pending one.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["COLLECTION_JOBS", "GRID_JOBS", "PUZZLE_JOBS", "QUIET_JOBS", "JobKind"]


class JobKind(StrEnum):
    """A job kind; the value is what progress and error messages call it."""

    LOGIC = "logic"
    STEP = "step"
    HINT = "hint"
    SOLVE = "solve"
    CHECK = "check"
    COUNT = "count"
    RATE = "rate"
    STATUS = "status"
    PUZZLE_RATING = "puzzle rating"
    GRAPH = "graph"
    GENERATE = "generate"
    ANNEAL = "anneal"
    SEARCH_TREE = "search tree"
    HCP_EXPORT = "HCP export"
    HCP_IMPORT = "tour import"
    HCP_SOLVE = "solve through HCP"
    AUTOSAVE = "autosave"
    RECENT = "recent files"
    PRACTICE = "practice"
    PICTURE = "picture import"
    COLLECTION_INDEX = "collection reading"
    COLLECTION_RATE = "collection rating"
    BOOKLET = "booklet"


#: Jobs whose answer depends on the grid: an edit cancels them (their answers would be stale).
GRID_JOBS = frozenset(
    {
        JobKind.LOGIC,
        JobKind.STEP,
        JobKind.HINT,
        JobKind.SOLVE,
        JobKind.CHECK,
        JobKind.COUNT,
        JobKind.RATE,
        JobKind.STATUS,
        JobKind.GRAPH,
        JobKind.HCP_SOLVE,
    }
)

#: Background jobs the person did not ask for: no busy state, no error boxes, nothing to cancel with Esc.
QUIET_JOBS = frozenset(
    {
        JobKind.STATUS,
        JobKind.PUZZLE_RATING,
        JobKind.GRAPH,
        JobKind.AUTOSAVE,
        JobKind.RECENT,
        JobKind.COLLECTION_INDEX,  # a second or two; the table shows its first rows at once
    }
)

#: Jobs about the open collection, not the puzzle on the board: opening another of its puzzles goes on
#: (a booklet prints the collection, or the puzzle it was started on).
COLLECTION_JOBS = frozenset({JobKind.COLLECTION_INDEX, JobKind.COLLECTION_RATE, JobKind.BOOKLET})

#: Jobs a new puzzle on the board stops (all but the collection's).
PUZZLE_JOBS = frozenset(JobKind) - COLLECTION_JOBS
