"""The workbench document: round trip with history, replay, atomic save, located load errors."""

import json
import os
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_workbench.core import Chain, Form, FormatError, Grid, Highlights, Link, Step
from sudoku_workbench.core.history import History
from sudoku_workbench.core.step import ENTRY, PENCIL
from sudoku_workbench.formats import (
    format_document,
    parse_document,
    parse_puzzle,
    read_document,
    read_file,
    write_document,
)
from tests.conftest import corpus_lines
from tests.formats.conftest import outcome, positions

LINE = corpus_lines("top95.txt", count=1)[0]


def _random_step(rng: random.Random, grid: Grid) -> Step:
    geo = grid.geometry

    def cand() -> tuple[int, int]:
        return rng.randrange(geo.size), rng.randint(1, geo.n)

    cells = tuple(rng.randrange(geo.size) for _ in range(rng.randint(0, 4)))
    return Step(
        rule=rng.choice(["naked_single", "chain_exclusion", "nonrepetitive_cycle", ENTRY, PENCIL]),
        placements=tuple(cand() for _ in range(rng.randint(0, 2))),
        eliminations=tuple(cand() for _ in range(rng.randint(0, 5))),
        highlights=Highlights(
            cells=cells,
            units=tuple(rng.randrange(3 * geo.n) for _ in range(rng.randint(0, 3))),
            pattern=tuple(cand() for _ in range(rng.randint(0, 3))),
            links=tuple(Link(cand(), cand(), rng.random() < 0.5) for _ in range(rng.randint(0, 3))),
            chains=tuple(
                Chain(cells, tuple(rng.randint(1, geo.n) for _ in cells), rng.random() < 0.5)
                for _ in range(rng.randint(0, 2))
            ),
            matching=tuple(cand() for _ in range(rng.randint(0, 3))),
        ),
        explanation=rng.choice(
            ["", "r1c1 is the only place for 5 in row 1.", "ünïcode — “quotes”\nand lines"]
        ),
        form=FORMS[len(cells) % len(FORMS)],  # drawing no number keeps the other draws as they were
    )


#: A plain step's form, and forms with each fact set.
FORMS = (
    Form(),
    Form(sashimi=True),
    Form(grouped=True, almost_locked_sets=2),
    Form(almost_locked_sets=1),
    Form(case_splits=3, net_depth=2),
)


@given(grid=positions(), seed=st.integers(0, 2**32), with_start=st.booleans(), title=st.text(max_size=20))
def test_a_document_round_trips_with_its_history(grid, seed, with_start, title):
    rng = random.Random(seed)
    start = grid if with_start else grid.puzzle()
    history = History(start, title=title)
    for _ in range(rng.randint(0, 6)):
        step = _random_step(rng, history.grid)
        try:
            history.push(step)
        except ValueError:  # a placement over a given: not a step anyone could have taken
            continue
    history.move_to(rng.randint(0, len(history.records)))
    assert parse_document(format_document(history)) == history


def test_a_plain_step_is_saved_as_before_and_a_step_without_form_reads_as_plain():
    plain = Step("naked_single", placements=((1, 1),), explanation="r1c2 is 1.")
    sashimi = Step("finned_x_wing", explanation="Sashimi X-Wing …", form=Form(sashimi=True))
    saved = json.loads(format_document(History.replay(parse_puzzle(LINE), (plain, sashimi))))
    assert "form" not in saved["history"][0]
    assert saved["history"][1]["form"] == {"sashimi": True}
    del saved["history"][1]["form"]  # as a document saved before steps carried their form
    old = parse_document(json.dumps(saved))
    assert [r.step.form for r in old.records] == [Form(), Form()]


def test_loading_replays_the_history_from_the_start():
    puzzle = parse_puzzle(LINE)
    steps = (Step(ENTRY, placements=((1, 1),)), Step(PENCIL, eliminations=((2, 2),)))
    loaded = parse_document(format_document(History.replay(puzzle, steps)))
    assert [r.grid for r in loaded.records] == [
        puzzle.apply(steps[0]),
        puzzle.apply(steps[0]).apply(steps[1]),
    ]


def test_the_cursor_defaults_to_the_end_and_is_checked():
    steps = (Step(ENTRY, placements=((1, 1),)),)
    assert History.replay(parse_puzzle(LINE), steps).cursor == 1
    with pytest.raises(ValueError, match="cursor 2 is outside the history of 1 steps"):
        History.replay(parse_puzzle(LINE), steps, 2)


def test_a_history_that_does_not_replay_is_a_located_format_error():
    data = json.loads(_document_text())
    given = next(i for i, ch in enumerate(LINE) if ch != ".")
    data["history"] = [{"rule": "entry", "placements": [[given, 1]]}]
    with pytest.raises(FormatError, match=r"history: step 1 \(entry\) does not apply: r\dc\d holds a given"):
        parse_document(json.dumps(data), "doc")


def test_save_is_atomic_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "game.sudoku"
    first = History(parse_puzzle(LINE), title="first")
    write_document(path, first)
    assert read_document(path) == first
    assert read_file(path) == first.grid

    def crash(*_args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        write_document(path, History(parse_puzzle(LINE), title="second"))
    assert read_document(path) == first  # the old file is whole
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.sudoku"]


def _document_text(**changes: object) -> str:
    data = json.loads(
        format_document(History.replay(parse_puzzle(LINE), (Step(ENTRY, placements=((1, 1),)),)))
    )
    data.update(changes)
    return json.dumps(data, indent=1)


BAD_DOCUMENTS = [
    (
        "newer version",
        _document_text(version=2),
        "doc, line 3: version: document version 2 is newer than this program reads (up to 1)",
    ),
    (
        "no version",
        _document_text(version=None),
        "doc, line 3: version: expected a whole number but found null",
    ),
    (
        "foreign format",
        _document_text(format="hodoku"),
        "doc, line 2: format: not a workbench document: 'format' should be 'sudoku-workbench'",
    ),
    ("not an object", "[1, 2]", "doc: expected a JSON object (a workbench document)"),
    (
        "broken JSON",
        '{"format": "sudoku-workbench",\n "version": 1\n "box": [3, 3]}',
        "doc, line 3, column 2: broken JSON: Expecting ',' delimiter",
    ),
    (
        "box shape",
        _document_text(box=[3, 5]),
        "doc, line 5: box: [3, 5] is not a supported box shape;"
        " expected one of [2, 2], [2, 3], [2, 4], [3, 3], [3, 4], [4, 4], [5, 5]",
    ),
    ("short puzzle", _document_text(puzzle=LINE[:80]), "doc, line 9: puzzle: expected 81 cells but found 80"),
    (
        "bad digit",
        _document_text(puzzle="x" + LINE[1:]),
        "doc, line 9: puzzle: 'x' at position 1 is not a digit of a 9x9 grid",
    ),
    (
        "cell out of range",
        _document_text(history=[{"rule": "entry", "placements": [[81, 1]]}]),
        "doc: history[0].placements[0]: 81 is not a cell (0 to 80)",
    ),
    ("cursor", _document_text(cursor=5), "doc, line 110: cursor: 5 is outside the history of 1 steps"),
    (
        "negative count in a step's form",
        _document_text(history=[{"rule": "forcing_net", "form": {"case_splits": -1}}]),
        "doc: history[0].form.case_splits: -1 is not a count (expected 0 or more)",
    ),
    (
        "form fact of the wrong type",
        _document_text(history=[{"rule": "finned_x_wing", "form": {"sashimi": 1}}]),
        "doc: history[0].form.sashimi: expected true or false but found 1",
    ),
    (
        "form that is no object",
        _document_text(history=[{"rule": "nice_loop", "form": [1]}]),
        "doc: history[0].form: expected an object but found [1]",
    ),
    (
        "candidates of a given",
        _document_text(position={"entries": "." * 81, "candidates": ["1"] + [""] * 80}),
        "doc: position.candidates[0]: r1c1 is filled, so it has no candidates",
    ),
]


@pytest.mark.parametrize(
    ("text", "message"), [b[1:] for b in BAD_DOCUMENTS], ids=[b[0] for b in BAD_DOCUMENTS]
)
def test_a_bad_document_gives_a_located_format_error(text, message):
    with pytest.raises(FormatError) as caught:
        parse_document(text, "doc")
    assert str(caught.value) == message


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda c: (
            st.lists(c)
            | st.dictionaries(
                st.sampled_from(
                    [
                        "format",
                        "version",
                        "box",
                        "puzzle",
                        "position",
                        "history",
                        "cursor",
                        "rule",
                        "entries",
                        "candidates",
                    ]
                ),
                c,
            )
        ),
        max_leaves=30,
    )
)
def test_any_json_value_loads_or_gives_a_format_error(value):
    data = {"format": "sudoku-workbench", "version": 1, "box": [2, 2], "puzzle": "." * 16}
    if isinstance(value, dict):
        data.update(value)
    result = outcome(parse_document, json.dumps(data))
    assert isinstance(result, History) or (isinstance(result, FormatError) and result.message)
