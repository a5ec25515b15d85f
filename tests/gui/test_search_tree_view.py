import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from sudoku_workbench.core import Grid, geometry
from sudoku_workbench.gui.graph.search_tree_view import SearchTreeView
from sudoku_workbench.search.tree import record_search, tree_layout
from tests.conftest import corpus

pytestmark = pytest.mark.gui


@pytest.fixture
def view(qtbot):
    widget = SearchTreeView()
    qtbot.addWidget(widget)
    widget.resize(900, 600)
    return widget


def _shoot(view, qtbot, path):
    view.show()
    qtbot.waitExposed(view)
    assert view.grab().save(str(path))


def test_unique_puzzle_tree(view, qtbot, artifacts_dir):
    tree = record_search(corpus("forum_hardest_1106.txt", 1)[0])
    view.show_tree(tree)
    text = view.summary_label.text()
    assert f"{tree.visited:,} nodes visited" in text
    assert "1 solution(s)" in text
    assert "part" not in text
    _shoot(view, qtbot, artifacts_dir / "search_tree_hardest.png")


def test_multi_solution_tree_names_where_the_solutions_part(view, qtbot, artifacts_dir):
    tree = record_search(corpus("serg_benchmark.txt", 1)[0])
    view.show_tree(tree)
    text = view.summary_label.text()
    assert "2 solution(s)" in text
    assert "The solutions part at r" in text
    assert "search stopped at its limit" in text
    x, y = tree_layout(tree)[1]
    assert view.node_at(x, y).startswith(tree.nodes[1].label(tree.geometry))
    _shoot(view, qtbot, artifacts_dir / "search_tree_two_solutions.png")


def test_big_search_draws_the_first_nodes_and_all_depths(view, qtbot, artifacts_dir):
    tree = record_search(Grid.empty(geometry(3, 3)), max_nodes=2000, max_solutions=None, node_limit=6000)
    view.show_tree(tree)
    text = view.summary_label.text()
    assert "6,000 nodes visited" in text
    assert "first 2,000 nodes drawn" in text
    assert "search stopped at its limit" in text
    assert text.count(" at r") == 3
    assert "more nodes." in text
    _shoot(view, qtbot, artifacts_dir / "search_tree_big.png")
