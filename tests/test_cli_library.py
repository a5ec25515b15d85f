"""``library``: import keeps good rows and names bad ones, filters select, ratings are computed once, the
database refuses a foreign or newer file without touching it, and a migration keeps old data."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from sudoku_workbench.cli import main
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.library.database import _MIGRATIONS, SCHEMA_VERSION, open_library
from sudoku_workbench.logic.rating.se_scale import rate_se
from sudoku_workbench.search.canonical import canonical_form
from sudoku_workbench.search.solve import first_solutions
from tests.conftest import corpus_lines


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "lib.sqlite3")


def run(db, *args):
    return main(["library", *args, "--db", db])


def _listed(db, capsys, *filters):
    capsys.readouterr()
    assert run(db, "list", "--format", "jsonl", *filters) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_a_half_garbage_file_keeps_its_good_rows_and_names_the_bad_ones(db, tmp_path, capsys):
    good = corpus_lines("top1465.txt", 3)
    path = tmp_path / "mixed.txt"
    path.write_text(
        f"# a comment\n{good[0]}\nnot a puzzle at all\n{good[1]}\n12345\n{good[2]}\n", encoding="utf-8"
    )
    assert run(db, "import", str(path)) == 1
    out, err = capsys.readouterr()
    assert "mixed: 3 puzzles saved" in out
    assert "2 bad rows" in out
    assert f"{path}, line 3:" in err
    assert f"{path}, line 5:" in err
    rows = _listed(db, capsys)
    assert [r["puzzle"] for r in rows] == good
    assert [r["number"] for r in rows] == [1, 2, 3]
    assert all(r["clues"] == sum(c != "." for c in r["puzzle"]) for r in rows)


def test_csv_tsv_and_jsonl_tables_import_with_their_ratings(db, tmp_path, capsys):
    a, b = corpus_lines("top1465.txt", 2)
    (tmp_path / "gen.csv").write_text(
        f"puzzle,scale,rating,hardest,seed\n{a},se,7.1,x_chain,5\n,se,,,6\n", "utf-8"
    )
    (tmp_path / "more.jsonl").write_text(
        json.dumps({"puzzle": b, "scale": "se", "rating": 8.3}) + "\n{oops\n", "utf-8"
    )
    (tmp_path / "t.tsv").write_text(f"# id\tgrid\n1\t{a}\n", "utf-8")
    assert (
        run(db, "import", str(tmp_path / "gen.csv"), str(tmp_path / "more.jsonl"), str(tmp_path / "t.tsv"))
        == 1
    )
    out, err = capsys.readouterr()
    assert "gen.csv, line 3: the puzzle column is empty" in err
    assert "more.jsonl, line 2, column 2: not JSON" in err
    assert "t: 1 puzzles saved (1 already in the library)" in out
    rows = {(r["collection"], r["puzzle"]): r for r in _listed(db, capsys)}
    assert rows[("gen", a)]["se"] == 7.1
    assert rows[("gen", a)]["hardest"] == "x_chain"
    assert rows[("t", a)]["se"] == 7.1  # one puzzle, one rating, whichever collection lists it


def test_filters_select_and_export_round_trips(db, tmp_path, capsys):
    lines = corpus_lines("top1465.txt", 6)
    path = tmp_path / "six.txt"
    path.write_text("\n".join(lines) + "\n", "utf-8")
    run(db, "import", str(path))
    with open_library(db) as library, library.transaction() as con:
        for i, se in enumerate([2.0, 7.5, 9.0, 9.1, 6.9, 8.0], 1):
            con.execute(
                "INSERT INTO ratings (puzzle_id, se, hodoku_level, hardest, rated_at) VALUES (?,?,?,?,?)",
                (i, se, "extreme" if se > 7 else "hard", "aic" if i % 2 else "x_wing", "now"),
            )
    assert [r["se"] for r in _listed(db, capsys, "--se", "7-9")] == [7.5, 9.0, 8.0]
    assert [r["number"] for r in _listed(db, capsys, "--level", "hard")] == [1, 5]
    assert [r["number"] for r in _listed(db, capsys, "--technique", "x_wing", "--se", "7-9.5")] == [2, 4, 6]
    assert [r["puzzle"] for r in _listed(db, capsys, "--text", lines[3][:30])] == [lines[3]]
    run(db, "tag", "favourite", "--se", "9-10")
    assert [r["tags"] for r in _listed(db, capsys, "--tag", "favourite")] == ["favourite", "favourite"]
    out = tmp_path / "hard.csv"
    assert run(db, "export", str(out), "--se", "7-9") == 0
    assert run(db, "import", str(out), "--name", "again") == 0
    again = _listed(db, capsys, "--collection", "again")
    assert [(r["puzzle"], r["se"]) for r in again] == [
        (lines[i], se) for i, se in [(1, 7.5), (2, 9.0), (5, 8.0)]
    ]
    sdm = tmp_path / "hard.sdm"
    run(db, "export", str(sdm), "--collection", "again")
    assert sdm.read_text().split() == [line.replace(".", "0") for line in (lines[1], lines[2], lines[5])]


def test_duplicates_are_found_across_collections_by_the_minlex_form(db, tmp_path, capsys):
    a, b = corpus_lines("top1465.txt", 2)
    relabelled = a.translate(str.maketrans("123456789", "912345678"))
    (tmp_path / "one.txt").write_text(f"{a}\n{b}\n", "utf-8")
    (tmp_path / "two.txt").write_text(f"{relabelled[::-1]}\n", "utf-8")  # relabelled and turned
    run(db, "import", str(tmp_path / "one.txt"), str(tmp_path / "two.txt"))
    dupes = _listed(db, capsys, "--duplicates")
    assert [(r["collection"], r["puzzle"]) for r in dupes] == [("one", a), ("two", relabelled[::-1])]
    assert dupes[0]["canonical"] == dupes[1]["canonical"] == canonical_form(parse_line(a))


def test_rate_fills_missing_ratings_once(db, tmp_path, capsys):
    lines = corpus_lines("top1465.txt", 2)
    several = "1" + "." * 80  # many solutions: counted, not rated
    path = tmp_path / "few.txt"
    path.write_text("\n".join([*lines, several]) + "\n", "utf-8")
    run(db, "import", str(path))
    assert run(db, "rate", "--limit", "1") == 0
    assert [r["se"] is not None for r in _listed(db, capsys)] == [True, False, False]
    assert run(db, "rate") == 0
    err = capsys.readouterr().err
    assert "rated 2 puzzles (1 of the selection were rated already)" in err
    rows = _listed(db, capsys)
    assert [r["solutions"] for r in rows] == [1, 1, 2]
    assert len(first_solutions(parse_line(several), 2)) == 2
    assert all(r["se"] >= 1.0 and r["hodoku_level"] and r["hardest"] for r in rows[:2])
    assert rows[2]["se"] is None
    # --technique matches every technique the path took, not only the hardest
    path_rules = [rate_se(parse_line(line), one_solution=True).rules_used for line in lines]
    wanted = next(t for used, r in zip(path_rules, rows, strict=False) for t in used if t != r["hardest"])
    chosen = [r["number"] for r in _listed(db, capsys, "--technique", wanted)]
    assert chosen == [n for n, used in enumerate(path_rules, 1) if wanted in used]


def test_a_foreign_file_is_refused_and_left_as_it_is(tmp_path, capsys):
    foreign = tmp_path / "notes.txt"
    foreign.write_bytes(b"my precious notes\n" * 10)
    assert main(["library", "list", "--db", str(foreign)]) == 2
    assert "not a puzzle library" in capsys.readouterr().err
    assert foreign.read_bytes() == b"my precious notes\n" * 10


def test_a_damaged_database_is_reported_not_replaced(db, tmp_path, capsys):
    lines = corpus_lines("top1465.txt", 1)
    (tmp_path / "a.txt").write_text(lines[0] + "\n", "utf-8")
    run(db, "import", str(tmp_path / "a.txt"))
    library_file = Path(db)
    raw = bytearray(library_file.read_bytes())
    raw[100:4096] = b"\xff" * (4096 - 100)  # the schema page scribbled over, the header kept
    library_file.write_bytes(bytes(raw))
    capsys.readouterr()
    assert run(db, "list") == 2
    assert "the library is damaged" in capsys.readouterr().err
    assert library_file.read_bytes() == bytes(raw)


def test_a_newer_schema_is_refused_and_an_older_one_migrated(db, capsys):
    con = sqlite3.connect(db)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    assert main(["library", "collections", "--db", db]) == 2
    assert "written by a newer version" in capsys.readouterr().err
    older = db + ".v1"
    con = sqlite3.connect(older)
    con.executescript(_MIGRATIONS[0])  # a library as version 1 wrote it
    con.execute("INSERT INTO collections VALUES (1, 'kept', NULL, 'then')")
    con.execute("PRAGMA user_version = 1")
    con.commit()
    con.close()
    with open_library(older) as library:
        assert library.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert library.db.execute("SELECT count(*) FROM progress").fetchone()[0] == 0
        assert library.db.execute("SELECT name FROM collections").fetchall() == [("kept",)]
        assert library.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_locked_library_says_so(db, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("sudoku_workbench.library.database.BUSY_SECONDS", 0.2)
    (tmp_path / "a.txt").write_text(corpus_lines("top1465.txt", 1)[0] + "\n", "utf-8")
    open_library(db).close()
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        assert run(db, "import", str(tmp_path / "a.txt")) == 2
        assert "locked by another program" in capsys.readouterr().err
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert run(db, "import", str(tmp_path / "a.txt")) == 0


def test_the_same_name_twice_is_refused(db, tmp_path, capsys):
    (tmp_path / "a.txt").write_text(corpus_lines("top1465.txt", 1)[0] + "\n", "utf-8")
    run(db, "import", str(tmp_path / "a.txt"))
    assert run(db, "import", str(tmp_path / "a.txt")) == 2
    assert "a collection named 'a' is in the library already" in capsys.readouterr().err
