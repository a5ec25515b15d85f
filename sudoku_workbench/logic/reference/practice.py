"""Practise a technique: a puzzle that needs it, played up to its first use, and the person's answer judged.

The puzzles come from a small shipped set (``resources/puzzles/practice.tsv``, lines
``rule_id<TAB>puzzle``, made by :mod:`~sudoku_workbench.search.practice_set`). An :class:`Exercise` is one
of them replayed with the default rules up to the step before the technique's first use; the person then
marks the candidates the technique removes (or enters the digit it places) and :func:`judge` compares
those marks with the step. Any instance of the technique at that position counts as right, not only the
one the engine happens to find first: a position often holds several hidden singles or X-Wings.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources

from sudoku_workbench.core.cancel import CancelToken
from sudoku_workbench.core.errors import FormatError, WorkbenchError
from sudoku_workbench.core.geometry import Candidate, Geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.history import History
from sudoku_workbench.core.step import CLEAR, ENTRY, ENTRY_KEEPING_MARKS, PENCIL, Step, candidate_name
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import rule_by_id, step_name, steps_with_grids
from sudoku_workbench.logic.rule_choice import choose_rules
from sudoku_workbench.logic.rule_types import Rule

__all__ = [
    "INSTANCES",
    "Answer",
    "Exercise",
    "PracticeError",
    "Score",
    "Verdict",
    "answer_from_steps",
    "judge",
    "practice_rules",
    "prepare",
    "read_practice_set",
]

#: At most this many instances of the technique at the asked position are accepted as right answers.
INSTANCES = 64

_PACKAGE, _FILE = "sudoku_workbench.resources", ("puzzles", "practice.tsv")


class PracticeError(WorkbenchError):
    """A puzzle whose path under the practice rules never uses the asked technique."""


def practice_rules() -> tuple[Rule, ...]:
    """The rules the set was made with and exercises are played with: the default preset."""
    return choose_rules()


def read_practice_set(text: str | None = None, source: str = "practice.tsv") -> dict[str, tuple[Grid, ...]]:
    """The puzzles of each technique, from ``text`` or else the shipped file (``#`` lines are comments).

    Raises:
        FormatError: naming the line of a malformed record or of an unknown rule id.
    """
    if text is None:
        text = resources.files(_PACKAGE).joinpath(*_FILE).read_text(encoding="utf-8")
    found: dict[str, list[Grid]] = defaultdict(list)
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        rule_id, tab, puzzle = line.partition("\t")
        if not tab:
            raise FormatError("expected a rule id, a tab and a puzzle", source, number)
        try:
            rule_by_id(rule_id)
        except KeyError:
            raise FormatError(f"unknown rule id {rule_id!r}", source, number) from None
        found[rule_id].append(parse_line(puzzle, source, number))
    return {rule_id: tuple(grids) for rule_id, grids in found.items()}


@dataclass(frozen=True)
class Exercise:
    """A puzzle played up to the technique's first use: the path there, the position, and the step."""

    rule_id: str
    puzzle: Grid
    path: tuple[tuple[Step, Grid], ...]
    step: Step
    instances: tuple[Step, ...]

    @property
    def position(self) -> Grid:
        """The grid the person looks at: after the path, before the step."""
        return self.path[-1][1] if self.path else self.puzzle

    def history(self) -> History:
        """The puzzle with the path's steps recorded, the cursor on the asked position."""
        history = History(self.puzzle)
        for step, grid in self.path:
            history.push(step, grid)
        return history


def prepare(
    puzzle: Grid, rule_id: str, rules: tuple[Rule, ...] | None = None, cancel: CancelToken | None = None
) -> Exercise:
    """Play ``puzzle`` with ``rules`` (default: :func:`practice_rules`) up to the first step of ``rule_id``.

    Raises:
        PracticeError: when the rules never use the technique on this puzzle.
        Contradiction: when the puzzle is impossible.
        Cancelled: when ``cancel`` was cancelled.
    """
    path: list[tuple[Step, Grid]] = []
    for step, after in steps_with_grids(puzzle, rules or practice_rules(), cancel):
        if step.rule == rule_id:
            before = path[-1][1] if path else puzzle
            return Exercise(rule_id, puzzle, tuple(path), step, _instances(before, step, cancel))
        path.append((step, after))
    raise PracticeError(f"the rules never use {step_name(rule_id)} on {puzzle.to_line()}")


def _instances(grid: Grid, step: Step, cancel: CancelToken | None) -> tuple[Step, ...]:
    """The engine's step first, then the technique's other steps at the same position (distinct effects)."""
    seen = {_effect(step)}
    found = [step]
    for other in rule_by_id(step.rule).find(grid):
        if cancel is not None:
            cancel.check()
        if len(found) >= INSTANCES:
            break
        if _effect(other) not in seen:
            seen.add(_effect(other))
            found.append(other)
    return tuple(found)


def _effect(step: Step) -> tuple[frozenset[Candidate], frozenset[Candidate]]:
    return frozenset(step.placements), frozenset(step.eliminations)


@dataclass(frozen=True)
class Answer:
    """What the person marked: candidates struck out and digits placed."""

    struck: frozenset[Candidate] = frozenset()
    placed: frozenset[Candidate] = frozenset()


def answer_from_steps(steps: Iterable[Step]) -> Answer:
    """The person's marks from their own steps since the question (strikes, restores, entries, clearing)."""
    struck: set[Candidate] = set()
    placed: dict[int, int] = {}
    for step in steps:
        if step.rule == PENCIL:
            struck.update(step.eliminations)
            struck.difference_update(step.placements)
        elif step.rule in (ENTRY, ENTRY_KEEPING_MARKS):
            placed.update(step.placements)
        elif step.rule == CLEAR:
            for cell, _digit in step.eliminations:
                placed.pop(cell, None)
    return Answer(frozenset(struck), frozenset(placed.items()))


@dataclass(frozen=True)
class Verdict:
    """The answer against the closest instance of the technique: what was missed, what was wrong."""

    step: Step
    missed: tuple[str, ...]
    wrong: tuple[str, ...]

    @property
    def right(self) -> bool:
        """True when the marks are exactly the step's eliminations and placements."""
        return not self.missed and not self.wrong

    def text(self, geo: Geometry) -> str:
        """The verdict in words, naming the missed and the wrong marks."""
        name = step_name(self.step.rule)
        if self.right:
            return f"Right: that is the {name}, {self.step.summary(geo)}."
        parts = ["Not quite."]
        if self.missed:
            parts.append(f"Missed: {', '.join(self.missed)}.")
        if self.wrong:
            parts.append(f"Not part of the {name}: {', '.join(self.wrong)}.")
            parts.append(f"The step is {self.step.summary(geo)}.")
        return " ".join(parts)


def judge(exercise: Exercise, answer: Answer) -> Verdict:
    """Compare the answer with every instance of the technique; the closest one is the verdict's step."""
    geo = exercise.puzzle.geometry
    verdicts = [_compare(step, answer, geo) for step in exercise.instances]
    return min(verdicts, key=lambda v: (len(v.missed) + len(v.wrong), len(v.wrong)))


def _compare(step: Step, answer: Answer, geo: Geometry) -> Verdict:
    eliminations, placements = set(step.eliminations), set(step.placements)
    missed = [candidate_name(geo, c, "<>") for c in sorted(eliminations - answer.struck)]
    missed += [candidate_name(geo, c, "=") for c in sorted(placements - answer.placed)]
    wrong = [candidate_name(geo, c, "<>") for c in sorted(answer.struck - eliminations)]
    wrong += [candidate_name(geo, c, "=") for c in sorted(answer.placed - placements)]
    return Verdict(step, tuple(missed), tuple(wrong))


@dataclass(frozen=True)
class Score:
    """Answers judged right out of answers given, across a session."""

    right: int = 0
    tried: int = 0

    def after(self, verdict: Verdict) -> Score:
        """The score with one more answer counted."""
        return Score(self.right + verdict.right, self.tried + 1)

    def text(self) -> str:
        """``Score: 2 right of 3 tried``."""
        return f"Score: {self.right} right of {self.tried} tried"
