import pytest

from sudoku_workbench.core import Cancelled, CancelToken, Grid, geometry
from sudoku_workbench.search.solve import solve
from sudoku_workbench.search.tree import NodeStatus, record_search, split_points, tree_layout
from tests.conftest import corpus, needs_shared_data


def _check_records(tree):
    nodes = tree.nodes
    assert nodes[0].parent == -1
    assert nodes[0].depth == 0
    for node in nodes[1:]:
        parent = nodes[node.parent]
        assert parent.index < node.index
        assert node.depth == parent.depth + 1
        assert node.index in parent.children
        assert 1 <= node.digit <= tree.geometry.n
    for node in nodes:
        kept = [nodes[c] for c in node.children]
        one_cell = len({c.cell for c in kept}) <= 1 and len({c.digit for c in kept}) == len(kept)
        one_digit = len({c.digit for c in kept}) <= 1 and len({c.cell for c in kept}) == len(kept)
        assert one_cell or one_digit, "siblings try the digits of one cell or the places of one digit"
        if node.status is NodeStatus.BRANCHED and not tree.truncated:
            assert node.solutions == sum(c.solutions for c in kept)
        if not node.children:
            assert node.status is not NodeStatus.BRANCHED or tree.truncated


def test_empty_shidoku_tree_finds_all_288_grids():
    tree = record_search(Grid.empty(geometry(2, 2)), max_solutions=None)
    assert len(tree.solutions) == 288
    assert len({s.values for s in tree.solutions}) == 288
    assert all(s.is_solved() for s in tree.solutions)
    assert tree.finished
    assert not tree.truncated
    assert sum(tree.per_depth) == tree.visited == len(tree.nodes)
    assert tree.nodes[0].solutions == 288
    _check_records(tree)


def test_hard_puzzle_records_dead_ends_and_counts_beyond_the_recorded_nodes():
    puzzle = corpus("forum_hardest_1106.txt", 1)[0]
    tree = record_search(puzzle, max_nodes=100)
    assert len(tree.nodes) == 100
    assert tree.truncated
    assert tree.visited == sum(tree.per_depth) == record_search(puzzle).visited > 100
    assert sum(tree.dead_ends_per_depth) > 0
    assert any(n.status is NodeStatus.DEAD_END for n in tree.nodes)
    assert tree.solutions == [solve(puzzle)]
    assert tree.solutions[0].is_solved()
    assert tree.finished
    _check_records(tree)


@needs_shared_data
def test_propagation_alone_solves_top95_first_puzzle_at_the_root():
    puzzle = corpus("top95.txt", 1)[0]
    tree = record_search(puzzle)
    assert tree.visited == len(tree.nodes) == 1
    assert tree.nodes[0].status is NodeStatus.SOLUTION
    assert tree.nodes[0].forced == 81 - 17
    assert tree.solutions == [solve(puzzle)]
    assert split_points(tree) == []


def test_multi_solution_puzzle_shows_where_solutions_part():
    puzzle = corpus("serg_benchmark.txt", 1)[0]
    tree = record_search(puzzle)
    assert len(tree.solutions) == 2
    assert not tree.finished
    (split,) = split_points(tree)
    branches = [tree.nodes[c] for c in split.children if tree.nodes[c].solutions]
    differing = {
        cell for cell, (a, b) in enumerate(zip(*(s.values for s in tree.solutions), strict=True)) if a != b
    }
    assert len(branches) == 2
    assert branches[0].cell in differing
    assert branches[0].label(puzzle.geometry).startswith(puzzle.geometry.cell_name(branches[0].cell))


def test_contradictory_position_is_a_dead_root():
    geo = geometry(2, 2)
    tree = record_search(Grid.from_values(geo, [1, 1] + [0] * 14))
    assert tree.nodes[0].status is NodeStatus.DEAD_END
    assert tree.solutions == []


def test_layout_puts_parents_over_their_children():
    tree = record_search(corpus("forum_hardest_1106.txt", 1)[0])
    points = tree_layout(tree)
    leaves = [points[n.index][0] for n in tree.nodes if not n.children]
    assert leaves == sorted(leaves)
    assert len(set(leaves)) == len(leaves)
    for node in tree.nodes:
        if node.children:
            xs = [points[c][0] for c in node.children]
            assert min(xs) <= points[node.index][0] <= max(xs)
        assert points[node.index][1] == node.depth


def test_node_limit_progress_and_cancel():
    puzzle = Grid.empty(geometry(3, 3))
    seen: list[int] = []
    tree = record_search(puzzle, max_solutions=None, node_limit=1500, progress=seen.append)
    assert tree.visited == 1500
    assert not tree.finished
    assert seen == [1000]
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        record_search(puzzle, cancel=token)
    later = CancelToken()
    with pytest.raises(Cancelled):
        record_search(puzzle, max_solutions=None, cancel=later, progress=lambda _nodes: later.cancel())
