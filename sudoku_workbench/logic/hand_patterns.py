"""The ids of the named hand-solver patterns (HoDoKu / Sudoku Explainer vocabulary) in the rule table.

They sit between Eppstein's rules in :data:`~sudoku_workbench.logic.rule_table.TABLE`; the Eppstein
experiment and the tests that measure what his graph rules add leave them out by this set. It is
read off the rows (source ``HAND``), less the uniqueness rules, which are off unless one solution is
assumed.
"""

from __future__ import annotations

from sudoku_workbench.logic.rule_table import TABLE
from sudoku_workbench.logic.rule_types import Source

__all__ = ["HAND_SOLVER_RULES"]

#: Rule ids added for the patterns hand-solvers name (the locked triple is Eppstein's rule too).
HAND_SOLVER_RULES = frozenset(
    rule.id for rule in TABLE if rule.source is Source.HAND and not rule.one_solution
)
