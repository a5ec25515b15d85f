"""Kraken fish: a hand-built type 1 case, a fin that breaks it, and soundness on corpus runs."""

from __future__ import annotations

from sudoku_workbench.core import Step
from sudoku_workbench.core.geometry import geometry
from sudoku_workbench.logic.fish import kraken_fish
from tests.logic.conftest import sound_along_runs
from tests.logic.test_single_digit_patterns import keep_only, names

G9 = geometry(3, 3)
ROW = 0

#: Digit 1 in rows 1 and 5: columns 1 and 5 plus the fins r1c9 and r5c8, which are in different boxes
#: (no finned X-Wing). Rows 7 and 8 each hold 1 twice: r1c9 = 1 puts 1 in r7c4, r5c8 = 1 puts it in r8c6.
KRAKEN: dict[int, tuple[str, ...]] = {
    ROW + 0: ("r1c1", "r1c5", "r1c9"),
    ROW + 4: ("r5c1", "r5c5", "r5c8"),
    ROW + 6: ("r7c4", "r7c9"),
    ROW + 7: ("r8c6", "r8c8"),
}


def _type_one(steps: list[Step]) -> list[Step]:
    """The steps of the fish on rows 1 and 5 that clear r9c5 as the fish itself would."""
    return [s for s in steps if "in rows 1 and 5" in s.explanation and "stands and r9c5<>1" in s.explanation]


def test_kraken_x_wing_type_1() -> None:
    # If neither fin is 1, the X-Wing takes 1 out of r9c5; if r1c9 is 1, r7c9 is not, so r7c4 is, which
    # sees r9c5; if r5c8 is 1, r8c8 is not, so r8c6 is, which sees r9c5 too.
    grid = keep_only(G9, 1, KRAKEN)
    steps = _type_one(list(kraken_fish.kraken_fish(grid)))
    assert steps, "no Kraken fish clears r9c5"
    step = steps[0]
    assert step.rule == kraken_fish.KRAKEN_FISH
    assert names(G9, step.eliminations) == {"r9c5<>1"}
    assert step.explanation.startswith(
        "Kraken fish on 1, a finned X-Wing: in rows 1 and 5, 1 lies only in columns 1 and 5, apart from "
        "the fins r1c9 and r5c8."
    )
    assert "If r1c9=1: r7c9<>1 (it sees r1c9), r7c4=1" in step.explanation
    assert "If r5c8=1: r8c8<>1 (it sees r5c8), r8c6=1" in step.explanation
    assert step.explanation.endswith("Every case gives r9c5<>1, so it holds.")


def test_a_fin_without_a_chain_leaves_no_kraken() -> None:
    # Row 8 gets a third place for 1: r5c8 = 1 no longer forces r8c6, so r9c5 keeps its 1.
    grid = keep_only(G9, 1, {**KRAKEN, ROW + 7: ("r8c6", "r8c8", "r8c9")})
    assert not _type_one(list(kraken_fish.kraken_fish(grid)))


def test_sound_on_corpus_runs() -> None:
    assert sound_along_runs((kraken_fish.kraken_fish,), ("top1465.txt", 4, 150), stride=5) > 0
