"""The minlex canonical form: invariant under every map, equal in C and Python, equal to brute force."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from sudoku_workbench.core.errors import WorkbenchError
from sudoku_workbench.core.geometry import geometry
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.search import _minlex, canonical
from sudoku_workbench.search.canonical import canonical_form
from tests.conftest import corpus, corpus_lines, needs_shared_data
from tests.search.brute_minlex import brute_minlex, invariant

needs_kernel = pytest.mark.skipif(canonical.kernel is None, reason="the minlex kernel is not built")


def _values(line: str) -> bytes:
    return bytes(0 if ch == "." else int(ch) for ch in line[:81])


def _shuffled(values: bytes, rng: random.Random) -> bytes:
    """An image under a random map: transposition, band/row and stack/column orders, relabelling."""
    grid = [list(values[9 * r : 9 * r + 9]) for r in range(9)]
    if rng.random() < 0.5:
        grid = [list(col) for col in zip(*grid, strict=True)]
    rows = [3 * b + i for b in rng.sample(range(3), 3) for i in rng.sample(range(3), 3)]
    cols = [3 * s + i for s in rng.sample(range(3), 3) for i in rng.sample(range(3), 3)]
    labels = [0, *rng.sample(range(1, 10), 9)]
    return bytes(labels[grid[r][c]] for r in rows for c in cols)


def _kernel_minlex(values: bytes) -> bytes:
    assert canonical.kernel is not None
    return canonical.kernel.minlex(values)


@pytest.mark.parametrize("search", [_minlex.minlex, pytest.param(_kernel_minlex, marks=needs_kernel)])
def test_every_image_has_the_same_form(search, rng):
    for line in corpus_lines("top1465.txt", 12, every=97):
        form = search(_values(line))
        assert invariant(form) == invariant(_values(line))  # the form is an image of the puzzle
        for _ in range(3):
            assert search(_shuffled(_values(line), rng)) == form
        assert search(form) == form


@needs_kernel
@pytest.mark.parametrize("name", ["top1465.txt", "royle17.txt", "serg_benchmark.txt"])
def test_kernel_and_python_twin_agree(name):
    for line in corpus_lines(name, 40, every=53):
        assert _kernel_minlex(_values(line)) == _minlex.minlex(_values(line))


def test_different_puzzles_have_different_forms():
    lines = corpus_lines("top1465.txt", 2)
    one, other = _values(lines[0]), _values(lines[1])
    assert _minlex.minlex(one) != _minlex.minlex(other)
    changed = bytes(v if i != one.index(0) else 1 + (one[i + 1] % 9) for i, v in enumerate(one))
    assert _minlex.minlex(changed) != _minlex.minlex(one)


def test_degenerate_grids_end_quickly():
    assert _minlex.minlex(bytes(81)) == bytes(81)
    assert _minlex.minlex(bytes([5] + [0] * 80)) == bytes(80) + b"\x01"


def test_the_line_form_and_other_shapes():
    grid = corpus("top1465.txt", 1)[0]
    line = canonical_form(grid)
    assert len(line) == 81
    assert line.startswith("....")
    assert set(line) <= set(".123456789")
    assert canonical_form(parse_line(line, "form", 1)) == line
    with pytest.raises(WorkbenchError, match="classic 9x9"):
        canonical_form(Grid.empty(geometry(2, 3)))


@needs_shared_data
@pytest.mark.slow
def test_duplicates_of_the_hard_lists_are_brute_forces():
    """Duplicates in top1465 + forum_hardest_1106 by minlex equal those of the brute-force canonicaliser.

    Puzzles alone in their invariant group cannot be anyone's duplicate; the others are brute forced.
    """
    puzzles = [
        _values(line) for name in ("top1465.txt", "forum_hardest_1106.txt") for line in corpus_lines(name)
    ]
    groups: defaultdict[tuple[object, ...], list[int]] = defaultdict(list)
    for index, values in enumerate(puzzles):
        groups[invariant(values)].append(index)
    brute: dict[int, bytes] = {i: brute_minlex(puzzles[i]) for g in groups.values() if len(g) > 1 for i in g}
    fast = {i: canonical.minlex_values()(values) for i, values in enumerate(puzzles)}
    assert all(fast[i] == form for i, form in brute.items())

    def pairs(forms: dict[int, bytes]) -> set[tuple[int, int]]:
        return {(i, j) for i in forms for j in forms if i < j and forms[i] == forms[j]}

    assert pairs(fast) == pairs(brute)
    assert pairs(fast)  # the lists do share a puzzle
