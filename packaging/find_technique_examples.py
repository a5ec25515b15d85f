"""Find, for every logic rule, a position on which the engine's next step is that rule.

Runs the Logic button over puzzles, smallest grids first (random minimal 4x4 and 6x6 puzzles, the 6x6
examples, then 9x9 and 16x16 corpora from ../shared/data), and keeps for each rule the first position
before a step of that rule. A rule that is never the engine's choice gets a position where its own
finder fires (marked ``"engine_first": false``). Rules that need one solution are looked for with
them switched on (every puzzle tried has one solution). Writes resources/techniques/examples.json; rules
that already have an example there keep it unless ``--all`` is given or it went stale (a new rule
earlier in the table now takes the step there, or the rule no longer fires on it).

Usage: PYTHONPATH=$PWD python packaging/find_technique_examples.py [--budget SECONDS]
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

from sudoku_workbench.core.errors import Contradiction
from sudoku_workbench.core.geometry import Geometry, digit_char, geometry
from sudoku_workbench.core.grid import Grid, digits_of_mask
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import (
    RULES,
    Level,
    Rule,
    next_step,
    rules_assuming_unique,
    steps_until_stuck,
)
from sudoku_workbench.logic.reference.techniques import TechniqueError, technique
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.search.solve import count, solutions

REPO = Path(__file__).resolve().parent.parent
DATA = REPO.parent / "shared" / "data"
OUT = REPO / "resources" / "techniques" / "examples.json"

#: Corpora in the order they are tried (smaller grids and harder puzzles first), with a line limit.
CORPORA = (
    ("sixbysix_2x3_examples.txt", 3),
    ("top95.txt", 95),
    ("norvig_hardest11.txt", 11),
    ("se_rated_sudokuexchange_sample50.txt", 50),
    ("forum_hardest_1106.txt", 375),
    ("top1465.txt", 1465),
    ("sixteen_vu100.txt", 100),
)


def minimal_puzzles(geo: Geometry, rng: random.Random, how_many: int) -> Iterator[tuple[str, Grid]]:
    """Random minimal unique puzzles: clues removed in random order while the answer stays unique."""
    for index in range(how_many):
        full = next(solutions(Grid.empty(geo), rng=rng))
        values = list(full.values)
        for cell in rng.sample(range(geo.size), geo.size):
            kept = values[cell]
            values[cell] = 0
            if count(Grid.from_values(geo, values), limit=2) != 1:
                values[cell] = kept
        yield f"random minimal {geo.label} #{index + 1}", Grid.from_values(geo, values)


def corpus_puzzles() -> Iterator[tuple[str, Grid]]:
    """The corpus puzzles named by file and line."""
    for name, limit in CORPORA:
        with (DATA / name).open(encoding="utf-8") as lines:
            for number, line in enumerate(itertools.islice(lines, limit), start=1):
                text = line.split()[0]
                yield f"{name}:{number}", parse_line(text, name, number)


def rules_for(rule: Rule) -> tuple[Rule, ...]:
    """The rules the engine runs where this rule can be its choice (with the uniqueness rules for one)."""
    return rules_assuming_unique() if rule.one_solution else RULES


def positions(grid: Grid, rules: tuple[Rule, ...] = RULES) -> Iterator[tuple[Grid, str]]:
    """Each position of a logic run with the rule of the step taken there."""
    try:
        for step in steps_until_stuck(grid, rules):
            yield grid, step.rule
            grid = grid.apply(step)
    except Contradiction:
        return


def _digits(values: tuple[int, ...]) -> str:
    """A grid's digits as one line, without the shape words (the record has its own ``extras``)."""
    return "".join(digit_char(v) if v else "." for v in values)


def example_record(rule: Rule, source: str, grid: Grid, first: bool) -> dict[str, object]:
    """The JSON record of one example position (puzzle, current values and every open cell's candidates)."""
    geo = grid.geometry
    solution = next(solutions(grid.puzzle()))
    return {
        "rule": rule.id,
        "source": source,
        "box": [geo.box_rows, geo.box_cols],
        **({"extras": list(geo.extras)} if geo.extras else {}),
        "puzzle": _digits(grid.givens),
        "values": _digits(grid.values),
        "candidates": [
            "".join(digit_char(d) for d in digits_of_mask(mask)) if not grid.values[cell] else ""
            for cell, mask in enumerate(grid.candidates)
        ],
        "solution": _digits(solution.values),
        "engine_first": first,
    }


def _sources() -> Iterator[tuple[str, Grid]]:
    """Every puzzle to try, smallest grids first (the same ones on every call)."""
    rng = random.Random(20261121)
    return itertools.chain(
        minimal_puzzles(geometry(2, 2), rng, 40),
        minimal_puzzles(geometry(2, 3), rng, 300),
        corpus_puzzles(),
    )


def engine_examples(
    wanted: list[Rule], budget: float, rules: tuple[Rule, ...]
) -> dict[str, dict[str, object]]:
    """First pass: positions where the engine's own next step (with ``rules``) is the rule."""
    found: dict[str, dict[str, object]] = {}
    by_id = {rule.id: rule for rule in wanted}
    deadline = time.monotonic() + budget
    for source, puzzle in _sources():
        if len(found) == len(by_id) or time.monotonic() > deadline:
            break
        for grid, rule_id in positions(puzzle, rules):
            if rule_id in by_id and rule_id not in found:
                step = next_step(grid, rules)
                if step is not None and step.rule == rule_id:
                    found[rule_id] = example_record(by_id[rule_id], source, grid, True)
                    print(f"{rule_id}: {source} ({grid.geometry.label})", flush=True)
    return found


def finder_examples(missing: list[Rule], budget: float) -> dict[str, dict[str, object]]:
    """Second pass, for rules the engine never picks: positions where the rule's own finder fires.

    Positions where a single (an EASY rule) is still open are only a last resort, so that, for
    example, the digit matching rule is not shown doing a hidden single's work.
    """
    clean: dict[str, dict[str, object]] = {}
    backup: dict[str, dict[str, object]] = {}
    easy = tuple(rule for rule in RULES if rule.level == Level.EASY)
    deadline = time.monotonic() + budget
    for source, puzzle in _sources():
        if len(clean) == len(missing) or time.monotonic() > deadline:
            break
        for grid, _rule_id in positions(puzzle, rules_assuming_unique()):
            todo = [r for r in missing if r.id not in clean and next(r.find(grid), None) is not None]
            if not todo:
                continue
            has_single = next_step(grid, easy) is not None
            for rule in todo:
                if not has_single:
                    clean[rule.id] = example_record(rule, source, grid, False)
                    print(f"{rule.id}: {source} ({grid.geometry.label}), finder only", flush=True)
                elif rule.id not in backup:
                    backup[rule.id] = example_record(rule, source, grid, False)
    for rule_id in backup.keys() - clean.keys():
        print(f"{rule_id}: only found where a single is open ({backup[rule_id]['source']})", flush=True)
    return backup | clean


def still_good(rule: Rule) -> bool:
    """Whether the stored example of a rule still shows it: the engine's step, or at least its finder's."""
    try:
        entry = technique(rule.id)
    except TechniqueError:
        return True  # no text yet: the example itself cannot be judged stale
    if entry.example is None:
        return False
    if entry.engine_first:
        step = next_step(entry.example, rules_for(rule))
        return step is not None and step.rule == rule.id
    return next(rule.find(entry.example), None) is not None


def main() -> int:
    """Search and write the examples file in the table's order; report the rules still without one."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=600.0, help="seconds for the first pass")
    parser.add_argument("--fallback-budget", type=float, default=300.0, help="seconds for the second pass")
    parser.add_argument("--all", action="store_true", help="search again for rules that have an example")
    args = parser.parse_args()
    found: dict[str, dict[str, object]] = {}
    if OUT.is_file() and not args.all:
        found = {str(r["rule"]): r for r in json.loads(OUT.read_text(encoding="utf-8"))["examples"]}
        stale = [rule.id for rule in TABLE if rule.id in found and not still_good(rule)]
        for rule_id in stale:
            print(f"{rule_id}: the stored example went stale, searching again", flush=True)
            del found[rule_id]
    for rules in (RULES, rules_assuming_unique()):
        wanted = [r for r in rules if r.id not in found and rules_for(r) == rules]
        found |= engine_examples(wanted, args.budget, rules)
    found |= finder_examples([r for r in TABLE if r.id not in found], args.fallback_budget)
    records = [found[rule.id] for rule in TABLE if rule.id in found]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"examples": records}, indent=1) + "\n", encoding="utf-8")
    missing = [rule.id for rule in TABLE if rule.id not in found]
    print(f"wrote {len(records)} examples to {OUT}; missing: {missing or 'none'}")
    return 1 if missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
