"""``kill -9`` during ``library import``: the database passes SQLite's integrity check and holds every
puzzle the import reported saved, in its place."""

from __future__ import annotations

import itertools
import os
import signal
import sqlite3
import subprocess
import sys
import time

from tests.conftest import corpus_lines


def _many_lines(count: int) -> list[str]:
    """``count`` distinct puzzle lines: top1465's puzzles under successive digit relabellings."""
    base = corpus_lines("top1465.txt", 200)
    lines = []
    for perm in itertools.permutations("123456789"):
        table = str.maketrans("123456789", "".join(perm))
        lines += [line.translate(table) for line in base]
        if len(lines) >= count:
            return lines[:count]
    return lines


def test_a_killed_import_keeps_what_it_reported_saved(tmp_path):
    lines = _many_lines(60_000)
    source = tmp_path / "many.txt"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    db = tmp_path / "lib.sqlite3"
    command = [sys.executable, "-m", "sudoku_workbench", "library", "import", str(source), "--db", str(db)]
    process = subprocess.Popen(
        [*command, "--verbose"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True
    )
    reported = 0
    assert process.stderr is not None
    for line in process.stderr:  # "many: 2000 saved" after each committed batch
        reported = int(line.split()[1])
        if reported >= 6000:
            os.kill(process.pid, signal.SIGKILL)
            break
    process.wait()
    assert process.returncode == -signal.SIGKILL, "the import ended before it was killed"
    connection = sqlite3.connect(db)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        saved = connection.execute(
            "SELECT m.position, p.line FROM membership m JOIN puzzles p ON p.id = m.puzzle_id"
            " ORDER BY m.position"
        ).fetchall()
    finally:
        connection.close()
    assert len(saved) >= reported
    assert len(saved) < len(lines), "the kill came after the whole file was saved"
    assert saved == [(i, lines[i - 1]) for i in range(1, len(saved) + 1)]


def _rated(db) -> int:
    connection = sqlite3.connect(db, timeout=10)
    try:
        return connection.execute("SELECT count(*) FROM ratings").fetchone()[0]
    finally:
        connection.close()


def test_a_killed_rating_run_keeps_its_ratings_and_the_next_run_resumes(tmp_path):
    lines = corpus_lines("top1465.txt", 40)
    source = tmp_path / "forty.txt"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    db = tmp_path / "lib.sqlite3"
    base = [sys.executable, "-m", "sudoku_workbench", "library"]
    subprocess.run([*base, "import", str(source), "--db", str(db)], check=True, capture_output=True)
    process = subprocess.Popen([*base, "rate", "--db", str(db)], stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    seen = 0
    while seen < 3 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
        seen = _rated(db)  # what another reader sees is what was committed
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    assert process.returncode == -signal.SIGKILL, "the rating run ended before it was killed"
    connection = sqlite3.connect(db)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        connection.close()
    kept = _rated(db)
    assert 3 <= seen <= kept < len(lines)
    again = subprocess.run([*base, "rate", "--db", str(db)], check=True, capture_output=True, text=True)
    assert f"rated {len(lines) - kept} puzzles ({kept} of the selection were rated already)" in again.stderr
    assert _rated(db) == len(lines)
