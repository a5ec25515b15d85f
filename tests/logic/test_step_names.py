"""One registry for step kinds: every rule id and every other step kind has one display name."""

from __future__ import annotations

import ast
from pathlib import Path

import sudoku_workbench
from sudoku_workbench.core.step import PLAYER_STEPS, STEP_NAMES
from sudoku_workbench.logic.engine import RULES, step_name, step_names

PACKAGE = Path(sudoku_workbench.__file__).parent


def test_ids_are_unique_and_every_kind_has_a_name():
    ids = [rule.id for rule in RULES] + list(STEP_NAMES)
    assert len(ids) == len(set(ids))
    assert all(step_names()[rule_id] for rule_id in ids)
    assert set(STEP_NAMES) >= PLAYER_STEPS
    assert step_name("hcp_tour") == "Hamiltonian cycle tour"
    assert step_name("x_wing") == "X-Wing"


def test_step_ids_are_written_once_as_constants():
    """``Step("some_id", …)`` with a literal id would be a second spelling of a registered id."""
    literal = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Step"):
                continue
            rule = [k.value for k in node.keywords if k.arg == "rule"] + node.args[:1]
            if any(isinstance(r, ast.Constant) for r in rule):
                literal.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert not literal
