"""``bench --against-hodoku JAR``: Logic raced against HoDoKu 2.2's batch solver, in one warm JVM.

HoDoKu is GPL and not ours to ship, so the user points at a ``hodoku.jar`` of their own. One JVM runs
its batch solver (``/bs``) for the whole race, reading the puzzles from a pipe one line at a time, so
its start-up and its just-in-time compilation stay out of the race: it first rates puzzles from
outside the sample untimed, again and again, until it has spent :data:`WARM_UP_SECONDS` of CPU time.
HoDoKu prints no time of its own per puzzle, only a wall-clock total for the whole batch, so its time
is the JVM's CPU time (read in nanoseconds from Linux's ``/proc/PID/task/*/schedstat``) from the moment
a puzzle is sent until its result line is back: the solving thread, the garbage collector and the rest,
but not the JIT compiler threads, which still compile after the warm-up (on royle17, 5 s into it, they
took 40 % of the JVM's CPU over 200 puzzles) and would not in a long run. Between chunks, while Logic
runs, the JVM waits on the pipe and costs nothing. The sample goes in chunks of :data:`CHUNK` puzzles, the two
solvers taking turns to go first, so a change in the machine's load falls on both. Logic's time is this
process's CPU time for ``solve_by_logic`` with all rules, after its caches are dropped; its garbage is
collected before each chunk, and collections a solve sets off count, as HoDoKu's collector does.
HoDoKu runs with its default options (its config file goes to a temporary folder); it also checks each
puzzle's solution by brute force before rating it, as its batch mode always does.
"""

from __future__ import annotations

import gc
import itertools
import os
import re
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from sudoku_workbench.core.errors import WorkbenchError
from sudoku_workbench.core.grid import Grid
from sudoku_workbench.logic.engine import RULES, Rule, forget_caches, solve_by_logic

__all__ = ["CHUNK", "RACE_HEADER", "WARM_UP_SECONDS", "hodoku", "race_row"]

#: CPU seconds each solver spends on warm-up puzzles at least: HoDoKu's JIT compiles its hot paths in
#: the first few seconds of solving.
WARM_UP_SECONDS = 5.0
#: Puzzles each solver takes in one turn.
CHUNK = 10
RACE_HEADER = (
    "data set",
    "puzzles",
    "HoDoKu s",
    "HoDoKu median ms",
    "HoDoKu guessed",
    "Logic s",
    "Logic median ms",
    "Logic solved",
    "Logic / HoDoKu",
    "median Logic / HoDoKu",
)
#: The puzzle's name in HoDoKu's working folder: a link to its standard input (HoDoKu takes a value
#: that starts with "/" for an option, so the link is given by a relative name).
_INPUT = "puzzles.txt"
#: HoDoKu's line for a rated puzzle: ``<puzzle> #<n> <level> (<score>)`` and ``bf`` when it guessed.
_RESULT = re.compile(r" #(\d+) (\S+) \((\d+)\)(.*)$")
#: Where Linux shows each process's threads and their CPU time.
PROC = Path("/proc")
#: The JVM's just-in-time compiler threads (Linux keeps the first 15 characters of a thread's name).
_JIT_THREAD = re.compile(r"C\d CompilerThre")


@dataclass(frozen=True)
class HodokuResult:
    """HoDoKu's verdict on one puzzle and the CPU seconds its JVM spent on it."""

    seconds: float
    level: str
    score: int
    guessed: bool


class Hodoku:
    """A running HoDoKu batch solver that rates one puzzle line at a time."""

    def __init__(self, process: subprocess.Popen[str], folder: Path) -> None:
        if process.stdin is None or process.stdout is None:
            raise ValueError("the solver is talked to through pipes for its input and output")
        self._process = process
        self._stdin, self._stdout = process.stdin, process.stdout
        self._folder = folder
        self._rated = 0
        self._compiler: dict[str, bool] = {}  # thread id -> is a JIT compiler thread

    def cpu_seconds(self) -> float:
        """CPU seconds used so far by the live threads of the solver's process, but its JIT compilers."""
        total = 0
        try:
            tasks = list((PROC / str(self._process.pid) / "task").iterdir())
        except FileNotFoundError:  # the process is gone
            raise self._failure() from None
        for task in tasks:
            try:
                if self._compiles(task):
                    continue
                total += int((task / "schedstat").read_text().split()[0])
            except (FileNotFoundError, ProcessLookupError):  # a thread that ended meanwhile
                continue
        return total / 1e9

    def _compiles(self, task: Path) -> bool:
        """Whether a thread is one of the JVM's JIT compilers (named "C1 CompilerThread0" and so on)."""
        if task.name not in self._compiler:
            self._compiler[task.name] = _JIT_THREAD.match((task / "comm").read_text()) is not None
        return self._compiler[task.name]

    def rate(self, grids: list[Grid]) -> list[HodokuResult]:
        """Send the puzzles one by one, each after the last one's result; their results and CPU times."""
        results = []
        clock = self.cpu_seconds()
        for grid in grids:
            self._send([grid])
            match = self._next_result()
            now = self.cpu_seconds()
            results.append(HodokuResult(now - clock, match[2], int(match[3]), "bf" in match[4].split()))
            clock = now
        return results

    def warm(self, grids: list[Grid]) -> float:
        """Send the puzzles all at once (untimed work needs no round trips); the CPU seconds they took.

        The puzzles and HoDoKu's lines for them must fit in the pipes (a chunk does).
        """
        start = self.cpu_seconds()
        self._send(grids)
        for _ in grids:
            self._next_result()
        return self.cpu_seconds() - start

    def _send(self, grids: list[Grid]) -> None:
        try:
            self._stdin.write("".join(grid.to_line() + "\n" for grid in grids))
            self._stdin.flush()
        except OSError:  # a broken pipe: the solver is gone
            raise self._failure() from None

    def _next_result(self) -> re.Match[str]:
        """HoDoKu's line for the next puzzle (the lines before and between results are its chatter)."""
        self._rated += 1
        for line in self._stdout:
            match = _RESULT.search(line.rstrip())
            if match and int(match[1]) == self._rated:
                return match
        raise self._failure()

    def _failure(self) -> WorkbenchError:
        """The error for a solver that ended early, with the last lines it wrote to its error stream."""
        self._process.wait()
        log = (self._folder / "stderr.txt").read_text(encoding="utf-8", errors="replace").strip()
        tail = " / ".join(log.splitlines()[-3:]) or "no message"
        code = self._process.returncode
        return WorkbenchError(f"--against-hodoku: the solver stopped (exit code {code}): {tail}")


def _command(jar: Path, folder: Path) -> list[str]:
    """How to start the batch solver: ``java -jar`` for a jar, else the file itself as a program."""
    batch = ["/bs", _INPUT, "/o", "stdout"]
    if not jar.is_file():
        raise WorkbenchError(f"--against-hodoku: no file {jar}")
    if jar.suffix.lower() != ".jar":
        if not os.access(jar, os.X_OK):
            raise WorkbenchError(f"--against-hodoku: {jar} is neither a .jar nor a program")
        return [str(jar.resolve()), *batch]
    java = shutil.which("java")
    if java is None:
        raise WorkbenchError("--against-hodoku: no java on the PATH (HoDoKu needs Java 8 or later)")
    private = [f"-Djava.io.tmpdir={folder}", f"-Duser.home={folder}"]  # its config and log, not the user's
    return [java, "-Djava.awt.headless=true", *private, "-jar", str(jar.resolve()), *batch]


@contextmanager
def hodoku(jar: Path) -> Iterator[Hodoku]:
    """HoDoKu's batch solver started from ``jar``, stopped (killed if need be) on the way out.

    Raises:
        WorkbenchError: when the jar or java is missing, the solver does not start, or the system has no
            ``/proc`` to time it by.
    """
    if not Path("/proc/self/task").is_dir():
        raise WorkbenchError("--against-hodoku needs Linux: it reads the solver's CPU time from /proc")
    with tempfile.TemporaryDirectory(prefix="hodoku-race-") as name:
        folder = Path(name)
        command = _command(jar, folder)
        (folder / _INPUT).symlink_to("/dev/stdin")
        with (folder / "stderr.txt").open("w", encoding="utf-8") as log:
            try:
                process = subprocess.Popen(
                    command, cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, text=True
                )
            except OSError as err:
                problem = f"cannot start {command[0]} ({err.strerror})"
                raise WorkbenchError(f"--against-hodoku: {problem}") from None
        try:
            yield Hodoku(process, folder)
        finally:
            _stop(process)


def _stop(process: subprocess.Popen[str]) -> None:
    """End the solver: end of input lets it finish; a solver that lingers is killed."""
    try:
        if process.stdin is not None:
            process.stdin.close()
        process.wait(timeout=5)
    except (OSError, subprocess.TimeoutExpired):
        process.kill()
        process.wait()
    finally:
        if process.stdout is not None:
            process.stdout.close()


def _logic_seconds(grids: list[Grid], rules: tuple[Rule, ...]) -> list[tuple[float, bool]]:
    """Logic's CPU seconds on each puzzle, read afresh from its digits, and whether it solved it.

    The garbage is collected once before the chunk, not before each puzzle: a full collection walks
    the whole heap and leaves the processor's caches cold, which cost Logic about 0.3 ms more per
    royle17 puzzle (median 0.85 ms instead of 0.55 ms), while HoDoKu is cold only at a chunk's start.
    """
    runs = []
    gc.collect()
    for grid in grids:
        forget_caches()
        start = time.process_time()
        run = solve_by_logic(Grid.from_values(grid.geometry, grid.values), rules)
        runs.append((time.process_time() - start, run.status == "solved"))
    return runs


def _warm_up(solver: Hodoku, grids: list[Grid], rules: tuple[Rule, ...]) -> None:
    """Each solver on the spare puzzles, round after round, until it has spent :data:`WARM_UP_SECONDS`."""
    spent, spares = 0.0, itertools.cycle(grids)
    while spent < WARM_UP_SECONDS:  # a chunk at a time: on hard sets a few puzzles fill the budget
        spent += solver.warm(list(itertools.islice(spares, CHUNK)))
    start = time.process_time()
    for grid in itertools.cycle(grids):
        solve_by_logic(grid, rules)
        if time.process_time() - start >= WARM_UP_SECONDS:
            return


def race_row(
    solver: Hodoku, name: str, grids: list[Grid], warm_up: list[Grid], rules: tuple[Rule, ...] = RULES
) -> tuple[str, ...]:
    """The table row for one data set: both solvers warmed, then the sample in alternating chunks.

    A file with no puzzles outside the sample warms up on the sample itself.
    """
    _warm_up(solver, warm_up or grids, rules)
    theirs: list[HodokuResult] = []
    ours: list[tuple[float, bool]] = []
    for turn, start in enumerate(range(0, len(grids), CHUNK)):
        chunk = grids[start : start + CHUNK]
        if turn % 2:
            ours += _logic_seconds(chunk, rules)
            theirs += solver.rate(chunk)
        else:
            theirs += solver.rate(chunk)
            ours += _logic_seconds(chunk, rules)
    their_times = [r.seconds for r in theirs]
    our_times = [seconds for seconds, _ in ours]
    their_median, our_median = statistics.median(their_times), statistics.median(our_times)
    return (
        name,
        str(len(grids)),
        f"{sum(their_times):.3f}",
        f"{their_median * 1000:.1f}",
        str(sum(r.guessed for r in theirs)),
        f"{sum(our_times):.3f}",
        f"{our_median * 1000:.1f}",
        str(sum(solved for _, solved in ours)),
        f"{sum(our_times) / max(sum(their_times), 1e-9):.2f}x",
        f"{our_median / max(their_median, 1e-9):.2f}x",
    )
