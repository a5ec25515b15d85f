"""Puzzle → Show the HCP cycle: legend, one layer at a time, the walk's order and the slider."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from sudoku_workbench.gui.hcp.cycle_view import LAYERS, PHASE_COLOURS, CycleDialog
from sudoku_workbench.hcp.cycle import PHASES
from sudoku_workbench.hcp.export import ExportOptions
from sudoku_workbench.hcp.solve import solve_through_hcp
from tests.conftest import corpus


@pytest.fixture(scope="module")
def found():
    """A Hamiltonian cycle CP-SAT found for a 9x9 puzzle (the directed graph: about a second)."""
    puzzle = corpus("royle17.txt", 1, every=333)[0]
    result = solve_through_hcp(puzzle, ExportOptions("directed"), graph="export", workers=1)
    assert result.status == "found"
    return result


@pytest.fixture
def dialog(qtbot, found):
    shown = CycleDialog(found)
    qtbot.addWidget(shown)
    shown.resize(640, 760)
    shown.show()
    qtbot.waitExposed(shown)
    return shown


def _hues(dialog) -> dict[str, int]:
    """How many strongly coloured pixels of the view are near each stretch's hue."""
    image = dialog.view.grab().toImage()
    targets = {phase: QColor(colour).hsvHue() for phase, colour in PHASE_COLOURS.items()}
    counts = dict.fromkeys(targets, 0)
    for y in range(0, image.height(), 3):
        for x in range(0, image.width(), 3):
            colour = image.pixelColor(x, y)
            if colour.hsvSaturationF() < 0.35:
                continue  # white, grey digits, black lines
            for phase, hue in targets.items():
                if min(abs(colour.hsvHue() - hue), 360 - abs(colour.hsvHue() - hue)) < 25:
                    counts[phase] += 1
    return counts


def test_each_layer_draws_its_stretch_alone_with_its_legend(dialog, shot):
    assert dialog.button("blocks").isChecked()
    for layer in PHASES:
        dialog.button(layer).click()
        drawn = {segment.phase for segment in dialog.view.segments()}
        assert drawn == {layer}
        legend = dialog.legend.text()
        assert layer.capitalize() in legend
        assert PHASE_COLOURS[layer] in legend
        assert not [p for p in PHASES if p != layer and p.capitalize() in legend]
        counts = _hues(dialog)
        assert counts[layer] > 200, counts
        assert all(counts[p] < counts[layer] // 20 for p in PHASES if p != layer), counts
    dialog.button("all").click()
    assert {segment.phase for segment in dialog.view.segments()} == set(PHASES)
    assert all(p.capitalize() in dialog.legend.text() for p in PHASES)
    assert all(count > 200 for count in _hues(dialog).values())
    dialog.button("rows").click()
    shot(dialog, "hcp-cycle")


def test_the_walk_passes_each_unit_whole_and_jumps_between_units(dialog):
    geo = dialog.view.grid.geometry
    units = {"blocks": geo.region_of, "rows": geo.row_of, "columns": geo.col_of}
    for phase in PHASES:
        walk = dialog.view.walks[phase]
        assert sorted(walk) == list(range(geo.size)), "every cell once per stretch"
        chunks = [walk[i : i + geo.n] for i in range(0, len(walk), geo.n)]
        assert all(len({units[phase][c] for c in chunk}) == 1 for chunk in chunks)
        dialog.button(phase).click()
        jumps = [s for s in dialog.view.segments() if s.jump]
        assert len(jumps) == geo.n - 1
        assert all(units[phase][s.start] != units[phase][s.end] for s in jumps)


def test_the_slider_walks_the_cycle_in_order(dialog):
    dialog.button("columns").click()
    walk = dialog.view.walks["columns"]
    assert dialog.slider.maximum() == len(walk) == dialog.view.shown
    dialog.slider.setValue(5)
    segments = dialog.view.segments()
    assert [s.end for s in segments] == walk[1:5]
    assert [s.position for s in segments] == [2, 3, 4, 5]
    assert dialog.view.current() == ("columns", walk[4])
    assert dialog.place.text().startswith(
        f"5 of {len(walk)}: {dialog.view.grid.geometry.cell_name(walk[4])} = "
    )
    dialog.button("all").click()
    assert dialog.slider.maximum() == 3 * len(walk)
    dialog.slider.setValue(len(walk) + 1)  # one cell into the rows: no move joins two stretches
    assert {s.phase for s in dialog.view.segments()} == {"blocks"}
    assert dialog.view.current() == ("rows", dialog.view.walks["rows"][0])


def test_an_unknown_layer_is_refused_by_name(dialog):
    with pytest.raises(ValueError, match="unknown layer 'boxes'"):
        dialog.view.set_layer("boxes")
    assert dialog.view.layer in LAYERS
