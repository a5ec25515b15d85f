"""``solve-hcp --tour`` then ``import-tour``: the tour written is one the import accepts, whatever the graph.

A cycle of an undirected export may come back from the solver either way round; both must give a
tour of the exported graph itself.
"""

from __future__ import annotations

import dataclasses

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.hcp import cpsat, solve
from tests.conftest import corpus_lines


@pytest.mark.parametrize(
    ("graph", "way"), [("export", "as found"), ("export", "reversed"), ("directed", "as found")]
)
def test_the_tour_of_solve_hcp_is_read_back_by_import_tour(graph, way, tmp_path, monkeypatch, capsys):
    puzzle = corpus_lines("four_vu100.txt", 1)[0]
    search = cpsat.find_cycle

    def found_either_way(*args, **kwargs):
        found = search(*args, **kwargs)
        assert found.order is not None
        return dataclasses.replace(found, order=found.order[::-1]) if way == "reversed" else found

    monkeypatch.setattr(solve, "find_cycle", found_either_way)  # where solve-hcp looks it up
    tour = tmp_path / "t.tour"
    assert main(["solve-hcp", puzzle, "--graph", graph, "--tour", str(tour)]) == 0
    solved = capsys.readouterr().out
    assert main(["import-tour", puzzle, str(tour)]) == 0, capsys.readouterr().err
    assert capsys.readouterr().out == solved
