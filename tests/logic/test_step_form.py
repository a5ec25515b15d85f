"""Steps carry their form as data: the finders set it, the words agree, and no rating reads the words.

The rewording test rates a corpus sample three times, each in a fresh process (``tests.logic.reworded``):
with the rules' words, with every explanation garbled, and garbled behind every phrase a rating once
looked for. Every rating (SE, HoDoKu, level, each with its hardest technique) must come out the same.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from sudoku_workbench.core.step import Step
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.als.als import ALS_XY_WING, ALS_XZ
from sudoku_workbench.logic.als.als_chain import ALS_XY_CHAIN
from sudoku_workbench.logic.als.death_blossom import DEATH_BLOSSOM
from sudoku_workbench.logic.chains.nice_loops import ALS_NOTE, NICE_LOOP
from sudoku_workbench.logic.engine import steps_with_grids
from sudoku_workbench.logic.fish.siamese_fish import SIAMESE_FISH
from sudoku_workbench.logic.forcing.forcing_nets import FORCING_NET
from tests.conftest import REPO, SAMPLE_DATA

PACKAGE = REPO / "sudoku_workbench"
_FINNED = ("finned_x_wing", "finned_swordfish", "finned_jellyfish")
_ALS_RULES = (ALS_XZ, ALS_XY_WING, ALS_XY_CHAIN, DEATH_BLOSSOM)

#: The modules that decide by steps (grade, draw, judge an answer): they read no explanation at all.
DECIDERS = (
    *sorted((PACKAGE / "logic" / "rating").glob("*.py")),
    PACKAGE / "logic" / "reference" / "practice.py",
    *sorted((PACKAGE / "graphs").glob("*.py")),
    *sorted((PACKAGE / "gui").glob("graph_*.py")),
    PACKAGE / "gui" / "panels" / "practice.py",
)
#: The string methods that would make a decision of the words (a step's words are only ever shown).
_TESTS_OF_TEXT = frozenset(("startswith", "endswith", "count", "find", "rfind", "index", "rindex"))


def _sample_lines() -> list[str]:
    """Spread over three sample files of tests/data: easy to forcing nets, with sashimi fish among them."""
    picks = (("top1465.txt", 15), ("se_rated_sudokuexchange_sample50.txt", 4), ("forum_hardest_1106.txt", 25))
    lines = []
    for name, every in picks:
        rows = [line.split()[0] for line in (SAMPLE_DATA / name).read_text().splitlines() if line.strip()]
        lines += rows[::every]
    return lines


def explanation_reads(tree: ast.AST, anywhere: bool) -> list[int]:
    """Lines that read ``.explanation`` to decide something (``anywhere``: any read at all).

    A decision is a comparison with the words (``in``, ``==``) or a test of them (``startswith``, …).
    """
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and node.attr == "explanation"):
            continue
        if not isinstance(node.ctx, ast.Load):
            continue
        parent = parents.get(node)
        tested = isinstance(parent, ast.Compare) or (
            isinstance(parent, ast.Attribute) and parent.attr in _TESTS_OF_TEXT
        )
        if anywhere or tested:
            found.append(node.lineno)
    return sorted(found)


def test_the_check_finds_a_decision_made_of_the_words() -> None:
    made = ast.parse(
        "a = step.explanation.startswith('Sashimi')\nb = ' Grouped' in step.explanation\n"
        "c = step.explanation.count('x')\nshown = ' '.join(step.explanation.split())\n"
    )
    assert explanation_reads(made, anywhere=False) == [1, 2, 3]
    assert explanation_reads(made, anywhere=True) == [1, 2, 3, 4]


def test_no_module_decides_by_a_steps_words() -> None:
    decided = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = explanation_reads(ast.parse(path.read_text()), anywhere=path in DECIDERS)
        if lines:
            decided[str(path.relative_to(REPO))] = lines
    assert decided == {}
    assert all(path.is_file() for path in DECIDERS)


def _check_words_agree(step: Step, seen: Counter[str]) -> None:
    form, words = step.form, step.explanation
    if step.rule in _FINNED:
        assert form.sashimi == words.startswith("Sashimi"), words
        seen["sashimi"] += form.sashimi
    elif step.rule == SIAMESE_FISH:
        assert form.sashimi == words.startswith("Siamese sashimi"), words
    elif step.rule == NICE_LOOP:
        assert form.grouped == (" Grouped nodes: " in words), words
        assert (form.almost_locked_sets > 0) == (ALS_NOTE in words), words
        seen["grouped"] += form.grouped
        seen["almost_locked_sets"] += form.almost_locked_sets > 0
    elif step.rule in _ALS_RULES:
        assert form.almost_locked_sets == _sets_named(step.rule, words), words
        seen["als_rules"] += 1
    elif step.rule == FORCING_NET:
        assert form.case_splits == words.count("can only be"), words
        assert (form.net_depth > 0) == (form.case_splits > 0)
        assert form.net_depth <= form.case_splits
        seen["nested"] += form.net_depth > 1
        return
    assert (form.case_splits, form.net_depth) == (0, 0)


def _sets_named(rule: str, words: str) -> int:
    """How many almost locked sets an ALS rule's words name."""
    if rule == ALS_XY_CHAIN:  # "A1 = …; A2 = …"
        return sum(f"A{k} = " in words for k in range(1, 100))
    if rule == DEATH_BLOSSOM:  # a petal per stem digit (one set may serve two digits)
        return len(set(re.findall(r"if it is \w+, (.+?) is locked", words)))
    return {ALS_XZ: 2, ALS_XY_WING: 3}[rule]  # A and B; the pivot C, A and B


def test_the_finders_set_the_form_the_words_tell() -> None:
    seen: Counter[str] = Counter()
    for number, line in enumerate(_sample_lines(), 1):
        for step, _after in steps_with_grids(parse_line(line, "sample", number)):
            _check_words_agree(step, seen)
    assert set(seen) == {"sashimi", "grouped", "almost_locked_sets", "nested", "als_rules"}  # each was met


def _rated(mode: str, sample: Path) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "tests.logic.reworded", mode, str(sample)]
    return subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, text=True)


@pytest.mark.slow
def test_reworded_explanations_change_no_rating(tmp_path: Path) -> None:
    sample = tmp_path / "sample.txt"
    sample.write_text("\n".join(_sample_lines()) + "\n")
    runs = {mode: _rated(mode, sample) for mode in ("plain", "garbled", "decoy")}
    outputs = {}
    for mode, run in runs.items():
        out, _ = run.communicate(timeout=600)
        assert run.returncode == 0, mode
        *ratings, counts = out.splitlines()
        outputs[mode] = (ratings, json.loads(counts))
    plain, plain_counts = outputs["plain"]
    assert len(plain) == len(_sample_lines())
    # The sample grades each form the ratings tell apart, so the rewording has something to change.
    assert all(plain_counts[fact] > 0 for fact in ("sashimi", "grouped", "almost_locked_sets")), plain_counts
    assert plain_counts["several_case_splits"] > 0, plain_counts
    for mode in ("garbled", "decoy"):
        ratings, counts = outputs[mode]
        assert counts["not_reworded"] == 0, (mode, counts)
        assert counts["graded"] == plain_counts["graded"], (mode, counts)
        assert ratings == plain, mode
