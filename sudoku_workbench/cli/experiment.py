"""``sudoku-workbench experiment eppstein``: Eppstein's Section 3.6 experiment, ours beside the paper's.

Generate symmetric minimal 9x9 puzzles by the paper's procedure, solve each by logic with every rule,
and sort them: solved by the local rules alone, solved only with the nonlocal graph rules, or not
solved. The nonlocal rules come last in the rule table, so a logic solve that never used one is
exactly the solve the local rules alone would make, and one run per puzzle sorts it.
"""

from __future__ import annotations

import argparse
import functools
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from sudoku_workbench.cli._options import non_negative_int, positive_int
from sudoku_workbench.cli._parallel import ordered_map
from sudoku_workbench.cli._progress import ProgressBar
from sudoku_workbench.cli._rule_options import add_rule_options
from sudoku_workbench.core import Grid, geometry
from sudoku_workbench.logic.engine import GRAPH_RULE_IDS, Rule, solve_by_logic
from sudoku_workbench.logic.rule_choice import choose_rules
from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.search.eppstein import generate_eppstein
from sudoku_workbench.search.generate import puzzle_rng

__all__ = [
    "NONLOCAL",
    "OUR_RULES",
    "PADS",
    "PAPER_RULES",
    "Outcome",
    "Tally",
    "classify",
    "format_report",
    "register",
    "run_experiment",
]

#: The ids of the nonlocal (graph) rules: the paper's seven and the two from PADS.
NONLOCAL = frozenset(GRAPH_RULE_IDS)

#: The experiment replicates the paper, so by default it stops where our rules before forcing chains
#: stop (``--max-level very_hard``); the paper's rule set is the ``eppstein`` preset.
OUR_RULES = choose_rules(max_level="very_hard")
PAPER_RULES = choose_rules("eppstein")
#: The rules beyond the paper's: the two graph rules and the digit templates of Eppstein's PADS solver,
#: the XYZ- and W-Wing and the named hand-solver patterns.
PADS = frozenset(rule.id for rule in TABLE) - {rule.id for rule in PAPER_RULES}

#: The paper's counts for its 33,302 puzzles.
PAPER_TOTAL, PAPER_UNSOLVED, PAPER_NONLOCAL = 33302, 1460, 3859


@dataclass(frozen=True)
class Outcome:
    """How one puzzle fared: ``local``, ``nonlocal`` or ``unsolved``.

    ``kind`` is with every rule, ``paper_kind`` without the two PADS rules; ``steps`` counts the steps
    per rule of the full run.
    """

    kind: str
    paper_kind: str
    steps: tuple[tuple[str, int], ...]


@dataclass
class Tally:
    """Counts over many outcomes: puzzles per kind (both rule sets), steps and puzzles per rule."""

    kinds: Counter[str] = field(default_factory=Counter)
    paper_kinds: Counter[str] = field(default_factory=Counter)
    steps: Counter[str] = field(default_factory=Counter)
    puzzles: Counter[str] = field(default_factory=Counter)

    def add(self, outcome: Outcome) -> None:
        """Count one puzzle."""
        self.kinds[outcome.kind] += 1
        self.paper_kinds[outcome.paper_kind] += 1
        for rule_id, count in outcome.steps:
            self.steps[rule_id] += count
            self.puzzles[rule_id] += 1


def classify(grid: Grid, rules: tuple[Rule, ...] = OUR_RULES) -> Outcome:
    """Solve by logic with ``rules`` (and, if a rule beyond the paper's was used, with the paper's)."""
    run = solve_by_logic(grid, rules)
    used = Counter(step.rule for step in run.steps)
    kind = _kind(run.status, used.keys())
    paper_kind = kind
    if PADS & used.keys():
        paper_run = solve_by_logic(grid, PAPER_RULES)
        paper_kind = _kind(paper_run.status, {step.rule for step in paper_run.steps})
    return Outcome(kind, paper_kind, tuple(sorted(used.items())))


def _kind(status: str, used: Iterable[str]) -> str:
    if status != "solved":
        return "unsolved"
    return "nonlocal" if NONLOCAL & set(used) else "local"


def _one(rules: tuple[Rule, ...], job: tuple[int, int]) -> Outcome:
    """Generate puzzle number ``index`` of run ``seed`` (reproducible whatever the number of jobs).

    The paper's procedure as is: a unique, minimal, 180-degree symmetric puzzle, not filtered by logic.
    """
    seed, index = job
    return classify(generate_eppstein(geometry(3, 3), puzzle_rng(seed, index), "rot180"), rules)


def run_experiment(
    count: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    rules: tuple[Rule, ...] = OUR_RULES,
) -> Tally:
    """Generate and classify ``count`` puzzles, on ``jobs`` processes; ``progress(done)`` after each."""
    tally = Tally()
    work = ((seed, i) for i in range(count))
    for done, outcome in enumerate(ordered_map(functools.partial(_one, rules), work, jobs, chunk=4), 1):
        tally.add(outcome)
        if progress:
            progress(done)
    return tally


def format_report(tally: Tally, seed: int) -> str:
    """The table of shares, ours (with and without the PADS rules) beside the paper's, then the rules."""
    total = sum(tally.kinds.values())
    columns = [_shares(tally.kinds, total), _shares(tally.paper_kinds, total), _paper_shares()]
    labels = [
        "unsolvable by the whole rule set",
        "solved only with the nonlocal rules",
        "local-unsolvable puzzles the nonlocal rules rescue",
    ]
    head = ["all our rules", "paper's 7 nonlocal", "paper (33,302)"]
    lines = [
        f"Eppstein's experiment (Section 3.6): {total:,} puzzles, 9x9, rot180 symmetry, seed {seed}",
        f"{'':52}" + "".join(f"{h:>22}" for h in head),
        *(f"{label:52}" + "".join(f"{col[i]:>22}" for col in columns) for i, label in enumerate(labels)),
        "",
        f"{'rule':40}{'level':>12}{'steps':>10}{'puzzles':>10}",
    ]
    for rule in TABLE:
        if tally.steps[rule.id]:
            steps, puzzles = tally.steps[rule.id], tally.puzzles[rule.id]
            lines.append(f"{rule.name:40}{rule.level.name:>12}{steps:>10,}{puzzles:>10,}")
    return "\n".join(lines)


def _shares(kinds: Counter[str], total: int) -> list[str]:
    unsolved, rescued = kinds["unsolved"], kinds["nonlocal"]
    return [_share(unsolved, total), _share(rescued, total), _share(rescued, rescued + unsolved)]


def _paper_shares() -> list[str]:
    """The paper's figures as it prints them."""
    return [f"{PAPER_UNSOLVED:,} (4.4%)", f"{PAPER_NONLOCAL:,} (11.6%)", "72.5%"]


def _share(part: int, whole: int) -> str:
    return f"{part:,} ({100 * part / whole:.1f}%)" if whole else "-"


def _run(args: argparse.Namespace) -> int:
    bar = ProgressBar(args.count, "puzzles", enabled=not args.quiet)
    tally = run_experiment(args.count, args.seed, args.jobs, lambda _done: bar.advance(), args.chosen_rules)
    bar.close()
    print(format_report(tally, args.seed))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``experiment eppstein``."""
    parser = subparsers.add_parser("experiment", help="reproduce a paper's experiment")
    which = parser.add_subparsers(dest="experiment", required=True, metavar="EXPERIMENT")
    eppstein = which.add_parser(
        "eppstein", help="Eppstein's Section 3.6: how often the nonlocal graph rules are needed"
    )
    eppstein.add_argument(
        "--count", type=positive_int, default=1000, help="puzzles to generate (default 1000)"
    )
    eppstein.add_argument("--seed", type=non_negative_int, default=1, help="random seed (default 1)")
    eppstein.add_argument("--jobs", type=positive_int, default=1, help="worker processes (default 1)")
    eppstein.add_argument("--quiet", action="store_true", help="no progress bar")
    eppstein.set_defaults(run=_run)
    add_rule_options(eppstein, max_level="very_hard")
