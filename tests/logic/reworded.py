"""Rate puzzles with every step's explanation reworded, to show that no rating reads the words.

``python -m tests.logic.reworded MODE FILE…`` prints one JSON line per puzzle of the files (its SE
rating, HoDoKu rating and level, each with its hardest technique), then one line that counts the form
facts of the steps the two scales graded and the graded steps whose words were not reworded. MODE is

* ``plain``: the words as the rules write them;
* ``garbled``: every explanation's characters shuffled;
* ``decoy``: garbled, behind every phrase a rating once looked for ("Sashimi", "Grouped nodes", the
  almost locked set note, "can only be"), so a scale that still read them would grade every step up.

Each mode runs in a process of its own: every step is made (and reworded) in it, none comes from a
cache filled before the rewording.
"""

from __future__ import annotations

import json
import random
import sys
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from sudoku_workbench.cli._unique import solution_count
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.core.step import Step
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import rate
from sudoku_workbench.logic.rating import hodoku_scale, se_scale
from sudoku_workbench.search.solve import first_solutions

#: What every reworded explanation starts with (no rating ever looked for it).
MARK = "~reworded~ "
#: The phrases the ratings read in the words before steps carried their form.
DECOYS = (
    "Sashimi X-Wing. Grouped nodes: r1c12. Strong links inside almost locked sets: r1c1. "
    "Now r1c1 can only be 1 or 2. Now r2c2 can only be 3 or 4. Now r3c3 can only be 5 or 6. "
)


def _garbled(text: str) -> str:
    chars = list(text)
    random.Random(zlib.crc32(text.encode())).shuffle(chars)
    return MARK + "".join(chars)


REWORDINGS: dict[str, Callable[[str], str]] = {
    "plain": lambda text: text,
    "garbled": _garbled,
    "decoy": lambda text: MARK + DECOYS + _garbled(text),
}


def reword_every_step(reword: Callable[[str], str]) -> None:
    """From now on every step made (by a rule, or by ``dataclasses.replace``) gets reworded words."""
    made = Step.__init__

    def init(self: Step, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        object.__setattr__(self, "explanation", reword(self.explanation))

    setattr(Step, "__init__", init)  # noqa: B010  (mypy refuses assigning to a method)


def count_graded(counts: Counter[str]) -> None:
    """Count the form facts of the steps the scales grade, and those whose words were not reworded."""
    for module, name in ((se_scale, "step_difficulty"), (hodoku_scale, "step_technique")):
        grade = getattr(module, name)

        def counted(step: Step, *args: Any, grade: Callable[..., Any] = grade) -> Any:
            form = step.form
            counts["graded"] += 1
            counts["not_reworded"] += not step.explanation.startswith(MARK)
            counts["sashimi"] += form.sashimi
            counts["grouped"] += form.grouped
            counts["almost_locked_sets"] += form.almost_locked_sets > 0
            counts["several_case_splits"] += form.case_splits > 1
            return grade(step, *args)

        setattr(module, name, counted)


def ratings(grid: Grid) -> dict[str, str]:
    """The puzzle's ratings as the ``rate`` command makes them, each in full (hardest technique too)."""
    found = first_solutions(grid.puzzle(), 2)
    rated = {
        "se": repr(se_scale.rate_se(grid, one_solution=solution_count(grid) == 1)),
        "level": repr(rate(grid)),
    }
    if hodoku_scale.hodoku_refusal(grid.geometry) is None:
        solution = found[0].values if len(found) == 1 else None
        rated["hodoku"] = repr(hodoku_scale.rate_hodoku(grid, solution=solution))
    return rated


def _lines(paths: list[str]) -> Iterator[str]:
    for path in paths:
        yield from (line for line in Path(path).read_text().splitlines() if line.strip())


def main(argv: list[str]) -> None:
    """Rate the puzzles of the files in ``argv[1:]`` with the words reworded as ``argv[0]`` says."""
    mode, *paths = argv
    counts: Counter[str] = Counter()
    if mode != "plain":
        reword_every_step(REWORDINGS[mode])
    count_graded(counts)
    for line in _lines(paths):
        print(json.dumps(ratings(parse_line(line))), flush=True)
    print(json.dumps(dict(counts)))


if __name__ == "__main__":
    main(sys.argv[1:])
