"""An independent solution checker, written from the rules alone (no package geometry or search code).

It slices rows, columns and boxes out of a flat list by arithmetic and compares them with the digit set,
then compares the givens.
"""

from __future__ import annotations

from collections.abc import Sequence


def solution_faults(
    solution: Sequence[int], puzzle: Sequence[int], box_rows: int, box_cols: int
) -> list[str]:
    """What is wrong with ``solution`` as a solution of ``puzzle`` (0 = blank); empty when it is right."""
    n = box_rows * box_cols
    if len(solution) != n * n or len(puzzle) != n * n:
        return [f"expected {n * n} cells"]
    digits = set(range(1, n + 1))
    faults = []
    for r in range(n):
        if set(solution[r * n : (r + 1) * n]) != digits:
            faults.append(f"row {r + 1}")
    for c in range(n):
        if set(solution[c::n]) != digits:
            faults.append(f"column {c + 1}")
    for top in range(0, n, box_rows):
        for left in range(0, n, box_cols):
            box = {solution[(top + i) * n + left + j] for i in range(box_rows) for j in range(box_cols)}
            if box != digits:
                faults.append(f"box at row {top + 1}, column {left + 1}")
    faults += [
        f"given at cell {i}" for i, (s, p) in enumerate(zip(solution, puzzle, strict=False)) if p and s != p
    ]
    return faults
