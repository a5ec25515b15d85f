"""The Eppstein experiment command: sorting puzzles, the report table, and a tiny end-to-end run."""

from __future__ import annotations

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.cli.experiment import (
    PADS,
    PAPER_RULES,
    Outcome,
    Tally,
    classify,
    format_report,
    run_experiment,
)
from sudoku_workbench.formats.text import parse_line
from tests.conftest import corpus, corpus_lines, needs_shared_data

#: top1465 lines (0-based) that the paper's local rules leave stuck and the graph rules solve (see
#: test_cycles_engine); a W-Wing, beyond the paper, solves both without the graph rules.
NEEDING_GRAPHS = (54, 93)


@needs_shared_data
def test_classify_sorts_local_nonlocal_and_unsolved() -> None:
    assert classify(corpus("royle17.txt", 1)[0]).kind == "local"
    lines = corpus_lines("top1465.txt")
    for index in NEEDING_GRAPHS:
        outcome = classify(parse_line(lines[index]))
        assert outcome.paper_kind == "nonlocal"
        assert outcome.kind == "local"
        assert PADS & {rule for rule, _ in outcome.steps}  # a rule beyond the paper's did the work
    hardest = corpus("forum_hardest_1905_11plus.txt", 1)[0]
    assert classify(hardest).kind == "unsolved"
    assert not PADS & {rule.id for rule in PAPER_RULES}


def test_report_puts_our_shares_beside_the_papers() -> None:
    tally = Tally()
    for kind in ("local", "nonlocal", "unsolved", "unsolved"):
        tally.add(Outcome(kind, kind, (("nonrepetitive_cycle", 2),) if kind == "nonlocal" else ()))
    text = format_report(tally, seed=7)
    assert "2 (50.0%)" in text  # unsolvable
    assert "1 (25.0%)" in text  # needing the nonlocal rules
    assert "1 (33.3%)" in text  # rescued among the local-unsolvable
    assert "1,460 (4.4%)" in text
    assert "3,859 (11.6%)" in text
    assert "72.5%" in text
    assert "Nonrepetitive cycle (bilocation)" in text


def test_runs_are_reproducible_and_the_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    first = run_experiment(2, seed=3)
    assert sum(first.kinds.values()) == 2
    assert run_experiment(2, seed=3, jobs=2).kinds == first.kinds
    assert main(["experiment", "eppstein", "--count", "2", "--seed", "3", "--quiet"]) == 0
    assert "paper (33,302)" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:  # refused by the parser, with the option named
        main(["experiment", "eppstein", "--count", "0"])
    assert stop.value.code == 2
    assert "argument --count: 0 is not a positive number" in capsys.readouterr().err
