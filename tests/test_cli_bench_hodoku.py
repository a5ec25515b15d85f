"""``bench --against-hodoku JAR``: starting the user's HoDoKu, racing Logic against it, stopping it.

HoDoKu is not ours to ship (and CI has no Java), so these tests hand the race a stand-in program
instead of a jar: a Python script that speaks HoDoKu's batch protocol (``/bs FILE /o stdout``, one
result line ``<puzzle> #<n> <level> (<score>)`` per puzzle, `` bf`` when it guessed) and logs what it
was sent, so the tests see which puzzles it rated, in which order, and whether it was stopped.
"""

from __future__ import annotations

import gc
import io
import os
import stat
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from sudoku_workbench.cli import _hodoku_race, main
from sudoku_workbench.formats.text import parse_line
from sudoku_workbench.logic.engine import RULES
from tests.conftest import corpus_lines

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="the race reads Linux's /proc")

#: Rates every puzzle "Extreme", says it guessed on those whose first cell is empty, and burns a
#: little CPU on each, as a solver would.
STAND_IN = """#!{python}
import os
import sys

LOG = {log!r}
with open(LOG, "a") as log:
    log.write(f"pid {{os.getpid()}} args {{' '.join(sys.argv[1:])}}\\n")
print("Starting batch solve...", flush=True)
with open(sys.argv[2]) as puzzles:
    for number, line in enumerate(puzzles, 1):
        line = line.strip()
        with open(LOG, "a") as log:
            log.write(line + "\\n")
        sum(i * i for i in range(20000))
        guessed = " bf" if line[0] == "." else ""
        print(f"{{line}} #{{number}} Extreme ({{1000 + number}}){{guessed}}", flush=True)
print("Done!", flush=True)
"""


@pytest.fixture(autouse=True)
def _short_warm_up(monkeypatch):
    """A token warm-up: the tests look at which puzzles go where, not at how warm anyone gets."""
    monkeypatch.setattr(_hodoku_race, "WARM_UP_SECONDS", 1e-6)


def _program(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hodoku-stand-in"
    path.write_text(text, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def _stand_in(tmp_path: Path) -> tuple[Path, Path]:
    log = tmp_path / "sent.log"
    return _program(tmp_path, STAND_IN.format(python=sys.executable, log=str(log))), log


def _puzzle_file(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "few.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _race(capsys, program: Path, *args: str) -> tuple[int, list[list[str]], str]:
    code = main(["bench", "--against-hodoku", str(program), *args])
    out, err = capsys.readouterr()
    rows = [line.strip("| ").split(" | ") for line in out.splitlines()[2:]]
    return code, rows, err


def _sent(log: Path) -> tuple[list[str], list[str]]:
    """The stand-in's start lines and the puzzles it was sent, in order."""
    lines = log.read_text(encoding="utf-8").splitlines()
    return [ln for ln in lines if ln.startswith("pid ")], [ln for ln in lines if not ln.startswith("pid ")]


def test_the_race_rates_the_sample_after_a_warm_up_on_other_puzzles(capsys, tmp_path):
    lines = corpus_lines("royle17.txt", 40)
    program, log = _stand_in(tmp_path)
    code, rows, err = _race(capsys, program, str(_puzzle_file(tmp_path, lines)), "--sample", "4")
    assert code == 0, err
    starts, sent = _sent(log)
    assert len(starts) == 1
    assert starts[0].endswith("args /bs puzzles.txt /o stdout")
    sample = [parse_line(line).to_line() for line in lines[::10]]
    assert sent[-4:] == sample  # the sample last, in file order
    warm = sent[:-4]
    assert len(warm) == _hodoku_race.CHUNK  # one chunk of the 36 spares fills a token budget
    assert not set(warm) & set(sample)
    [row] = rows
    assert row[:2] == ["few.txt", "4"]
    assert row[4] == str(sum(line[0] == "." for line in sample))  # what the stand-in said it guessed
    assert row[7] == "4"  # Logic solves every royle17 puzzle
    assert float(row[2]) > 0
    assert float(row[5]) > 0


def test_the_two_solvers_take_turns_going_first_chunk_by_chunk(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(_hodoku_race, "CHUNK", 2)
    turns: list[tuple[str, int]] = []
    rate, logic = _hodoku_race.Hodoku.rate, _hodoku_race._logic_seconds

    def rate_logged(self, grids):
        turns.append(("HoDoKu", len(grids)))
        return rate(self, grids)

    def logic_logged(grids, rules):
        turns.append(("Logic", len(grids)))
        return logic(grids, rules)

    monkeypatch.setattr(_hodoku_race.Hodoku, "rate", rate_logged)
    monkeypatch.setattr(_hodoku_race, "_logic_seconds", logic_logged)
    program, _log = _stand_in(tmp_path)
    lines = corpus_lines("royle17.txt", 5)
    code, rows, err = _race(capsys, program, str(_puzzle_file(tmp_path, lines)), "--sample", "5")
    assert code == 0, err
    # No spares in a five-line file: the warm-up (no per-puzzle timing) is on the sample itself.
    assert turns == [
        ("HoDoKu", 2),
        ("Logic", 2),
        ("Logic", 2),
        ("HoDoKu", 2),
        ("HoDoKu", 1),
        ("Logic", 1),
    ]
    assert rows[0][1] == "5"


def test_logic_collects_its_garbage_once_per_chunk_before_the_clock_starts(monkeypatch):
    """A full collection per puzzle would leave every puzzle's caches cold; HoDoKu's are cold per chunk."""
    events: list[str] = []
    clock = time.process_time

    def read_clock() -> float:
        events.append("clock")
        return clock()

    monkeypatch.setattr(gc, "collect", lambda: events.append("collect"))
    monkeypatch.setattr(time, "process_time", read_clock)
    grids = [parse_line(line) for line in corpus_lines("royle17.txt", 3)]
    runs = _hodoku_race._logic_seconds(grids, RULES)
    assert [solved for _, solved in runs] == [True, True, True]
    assert events == ["collect"] + ["clock", "clock"] * 3


def test_the_solver_is_stopped_when_the_race_ends(capsys, tmp_path):
    program, log = _stand_in(tmp_path)
    code, _rows, err = _race(capsys, program, str(_puzzle_file(tmp_path, corpus_lines("royle17.txt", 2))))
    assert code == 0, err
    starts, _sent_lines = _sent(log)
    pid = int(starts[0].split()[1])
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_a_solver_that_stops_early_gets_a_message_with_its_last_words(capsys, tmp_path):
    dying = "import sys\nprint('Exception: no such class', file=sys.stderr)\nsys.exit(3)\n"
    program = _program(tmp_path, f"#!{sys.executable}\n{dying}")
    code, rows, err = _race(capsys, program, str(_puzzle_file(tmp_path, corpus_lines("royle17.txt", 2))))
    assert code == 2
    assert rows == []
    assert "exit code 3" in err
    assert "no such class" in err


def test_missing_files_and_java_get_messages_naming_them(capsys, tmp_path, monkeypatch):
    puzzles = str(_puzzle_file(tmp_path, corpus_lines("royle17.txt", 1)))
    code, _rows, err = _race(capsys, tmp_path / "nowhere.jar", puzzles)
    assert code == 2
    assert "no file" in err
    assert "nowhere.jar" in err
    plain = tmp_path / "notes.txt"
    plain.write_text("not a program", encoding="utf-8")
    code, _rows, err = _race(capsys, plain, puzzles)
    assert code == 2
    assert "neither a .jar nor a program" in err
    plain.chmod(plain.stat().st_mode | stat.S_IXUSR)  # a program with no #! line does not start
    code, _rows, err = _race(capsys, plain, puzzles)
    assert code == 2
    assert "cannot start" in err
    jar = tmp_path / "hodoku.jar"
    jar.write_bytes(b"PK")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    code, _rows, err = _race(capsys, jar, puzzles)
    assert code == 2
    assert "no java on the PATH" in err


def test_the_two_races_are_not_run_at_once(capsys, tmp_path):
    program, log = _stand_in(tmp_path)
    code = main(["bench", "--against-hodoku", str(program), "--against-pads", str(tmp_path), "x.txt"])
    assert code == 2
    assert "give one" in capsys.readouterr().err
    assert not log.exists()


def test_the_jvm_time_counts_every_thread_but_the_jit_compilers(tmp_path, monkeypatch):
    threads = {"101": ("java", 2), "102": ("Thread-0", 1500), "103": ("C2 CompilerThre", 9000)}
    threads |= {"104": ("C1 CompilerThre", 700), "105": ("G1 Conc#0", 30)}
    for tid, (name, ms) in threads.items():
        task = tmp_path / "4242" / "task" / tid
        task.mkdir(parents=True)
        (task / "comm").write_text(name + "\n", encoding="utf-8")
        (task / "schedstat").write_text(f"{ms * 1_000_000} 0 0\n", encoding="utf-8")
    monkeypatch.setattr(_hodoku_race, "PROC", tmp_path)
    process = SimpleNamespace(pid=4242, stdin=io.StringIO(), stdout=io.StringIO())
    solver = _hodoku_race.Hodoku(cast(subprocess.Popen[str], process), tmp_path)
    assert solver.cpu_seconds() == pytest.approx(1.532)
