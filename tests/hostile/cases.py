"""The battery's table: every subcommand crossed with every hostile category, and what each must do.

A case is an argument list with placeholders (``{binary}`` is the path of the binary input, ``{out}``
the output target the case prepares), the exit code the README promises and words the message on
standard error must hold. The expectations are the documented ones: 2 for input that cannot be read
at all or a file that cannot be written, 1 for a bad record among good ones, 0 when all is well.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tests.hostile.files import EASY

#: Input categories that no command can read at all: exit 2 and these words on stderr.
UNREADABLE = {
    "missing": "no such file",
    "missing_space": "no such file",
    "missing_space_bare": "no such file",
    "long_name": "no such file",
    "folder": "folder",
    "empty": "no puzzle",
    "binary": "binary",
    "utf16": "utf-16",
    "utf16_nobom": "utf-16",
    "huge_line": "longer than",
    "dev_zero": "longer than",
    "nul_text": "binary",
    "broken_json": "",
}


@dataclass(frozen=True)
class Case:
    """One run: ``argv`` (placeholders filled in by the test), the promised exit code and stderr words."""

    id: str
    argv: tuple[str, ...]
    code: int
    says: str = ""
    stdin: bytes | None = None  # None: standard input closed (only used when ``closed_stdin``)
    closed_stdin: bool = False
    stdout: str = "capture"  # or "full" (/dev/full), "closed"
    out_target: str = ""  # how to prepare {out}: see test_battery.prepare_target
    stdout_lines: int | None = None  # when set, exactly this many lines on stdout
    stdout_has: str = ""
    category: str = field(default="")


@dataclass(frozen=True)
class Command:
    """How a subcommand takes its input: ``argv`` around the ``{input}`` place, and its kind.

    Kinds: ``batch`` (a record per line, bad records reported and counted), ``one`` (one puzzle),
    ``lines`` (one puzzle per line, read as a whole: any unreadable line stops it).
    """

    name: str
    argv: tuple[str, ...]
    kind: str
    records_out: int | None = None  # stdout lines for the three good puzzles (None: not line-per-puzzle)
    takes_stdin: bool = True


COMMANDS = (
    Command("solve", ("solve", "{input}"), "batch", 3),
    Command("count", ("count", "{input}", "--limit", "2"), "batch", 3),
    Command("check", ("check", "{input}"), "batch", 0),
    Command("logic", ("logic", "{input}"), "batch", 3),
    Command("rate", ("rate", "{input}", "--no-header"), "batch", 3),
    Command("soundness", ("soundness", "{input}", "--max-level", "hard"), "batch"),
    Command("anneal", ("anneal", "{input}", "--max-iterations", "3000", "--seed", "1"), "batch"),
    Command("export-hcp", ("export-hcp", "{input}", "-o", "-"), "one"),
    Command("export-dimacs", ("export-dimacs", "{input}", "--cnf", "-o", "-"), "one"),
    Command("import-tour", ("import-tour", "{input}", "{missing}"), "one"),
    Command("import-model", ("import-model", "{input}", "{model_both}"), "one"),
    Command("solve-hcp", ("solve-hcp", "{input}", "--time-limit", "5"), "one"),
    Command("hcp-stats", ("hcp-stats", "{input}"), "lines"),
    Command("hcp-study", ("hcp-study", "{input}", "--time-limit", "5", "--quiet"), "lines"),
    Command(
        "bench", ("bench", "{input}", "--runs", "1", "--sample", "2", "--task", "count"), "lines", None, False
    ),
)


def _fill(argv: tuple[str, ...], value: str) -> tuple[str, ...]:
    return tuple(a.replace("{input}", value) for a in argv)


def input_cases() -> list[Case]:
    """Every command on every hostile input file, and on hostile standard input."""
    cases = []
    for command in COMMANDS:
        for category, says in UNREADABLE.items():
            if command.name == "bench" and category in ("dev_zero", "broken_json"):
                continue
            cases.append(Case(f"{command.name}-{category}", _fill(command.argv, f"{{{category}}}"), 2, says))
        cases.append(_latin1(command))
        cases.append(_cr_only(command))
        if command.takes_stdin:
            cases.extend(_stdin_cases(command))
    return [Case(**{**c.__dict__, "category": "input"}) for c in cases]


def _latin1(command: Command) -> Case:
    code = 1 if command.kind == "batch" else 2
    return Case(f"{command.name}-latin1", _fill(command.argv, "{latin1}"), code, "utf-8")


def _cr_only(command: Command) -> Case:
    """Three puzzles separated by carriage returns alone: all three are read."""
    argv = _fill(command.argv, "{cr_only}")
    name = f"{command.name}-cr_only"
    if command.kind == "one":
        return Case(name, argv, 2, "more than one puzzle")
    if command.name == "soundness":
        return Case(name, argv, 0, stdout_has="puzzles 3 ")
    if command.name == "anneal":
        return Case(name, argv, 0, stdout_has="puzzle 3:")
    if command.name == "hcp-stats":
        return Case(name, (*argv, "--summary"), 0, stdout_has="# all\t3\t")
    if command.name == "hcp-study":
        return Case(name, (*argv, "--limit", "3"), 0, stdout_has=": 3 puzzles")
    if command.name == "bench":
        return Case(name, argv, 0, stdout_has="cr_only.txt")
    return Case(name, argv, 0, stdout_lines=command.records_out)


def _stdin_cases(command: Command) -> list[Case]:
    argv = _fill(command.argv, "-")
    feeds = {
        "binary": (b"\x00\x01\x02\x03binary\xff\xfe" * 50, 2, "binary"),
        "utf16": (("\ufeff" + EASY + "\n").encode("utf-16-le"), 2, "utf-16"),
        "empty": (b"", 2, "no puzzle"),
        "huge_line": (b"1" * (2 << 20), 2, "longer than"),
    }
    cases = [
        Case(f"{command.name}-stdin_{name}", argv, code, says, stdin=data)
        for name, (data, code, says) in feeds.items()
    ]
    cases.append(Case(f"{command.name}-stdin_closed", argv, 2, "standard input", closed_stdin=True))
    return cases


#: Every numeric option: (command argv without it, option, values it must refuse).
_NUMERIC = (
    (("solve", "{good}"), "--jobs", ("0", "-1", "x", "1.5")),
    (("count", "{good}"), "--limit", ("0", "-1", "x", "")),
    (("count", "{good}"), "--jobs", ("0", "-1", "x")),
    (("logic", "{good}"), "--jobs", ("0", "-1", "x")),
    (("rate", "{good}"), "--jobs", ("0", "-1", "x")),
    (("soundness", "{good}"), "--count", ("0", "-1", "x")),
    (("soundness", "{good}"), "--every", ("0", "-1", "x")),
    (("soundness", "{good}"), "--jobs", ("0", "-1", "x")),
    (("generate",), "--count", ("0", "-1", "x")),
    (("generate",), "--seed", ("-1", "x")),
    (("generate",), "--jobs", ("0", "-1", "x")),
    (("generate",), "--budget", ("0", "-1", "nan", "inf", "x")),
    (("generate",), "--size", ("-1", "x", "7")),
    (("generate",), "--se", ("x", "9-1", "nan", "inf", "0-1")),
    (("experiment", "eppstein"), "--count", ("0", "-1", "x")),
    (("experiment", "eppstein"), "--seed", ("-1", "x")),
    (("experiment", "eppstein"), "--jobs", ("0", "-1", "x")),
    (("anneal", "{good}"), "--seed", ("-1", "x")),
    (("anneal", "{good}"), "--max-iterations", ("0", "-1", "x")),
    (("anneal", "{good}"), "--start", ("0", "-1", "nan", "inf", "x")),
    (("anneal", "{good}"), "--count", ("0", "-1", "x")),
    (("bench", "{good}"), "--sample", ("0", "-1", "x")),
    (("bench", "{good}"), "--runs", ("0", "-1", "x")),
    (("hcp-stats", "{good}"), "--jobs", ("0", "-1", "x")),
    (("hcp-stats", "{good}"), "--every", ("0", "-1", "x")),
    (("hcp-stats", "{good}"), "--limit", ("0", "-1", "x")),
    (("hcp-study", "{good}"), "--limit", ("0", "-1", "x")),
    (("hcp-study", "{good}"), "--every", ("0", "-1", "x")),
    (("hcp-study", "{good}"), "--min-givens", ("-1", "x")),
    (("hcp-study", "{good}"), "--time-limit", ("0", "-1", "nan", "inf", "x")),
    (("hcp-study", "{good}"), "--workers", ("0", "-1", "x")),
    (("solve-hcp", EASY), "--time-limit", ("0", "-1", "nan", "inf", "x")),
    (("solve-hcp", EASY), "--workers", ("0", "-1", "x")),
    (("solve-hcp", EASY), "--index", ("0", "-1", "x")),
    (("export-hcp", EASY, "-o", "-"), "--index", ("0", "-1", "x")),
    (("export-dimacs", EASY, "--cnf", "-o", "-"), "--index", ("0", "-1", "x")),
    (("import-tour", EASY, "{missing}"), "--index", ("0", "-1", "x")),
    (("import-model", EASY, "{model_both}"), "--index", ("0", "-1", "x")),
    (("count-grids",), "--box", ("-2x2", "0x2", "x")),
)


def numeric_cases() -> list[Case]:
    """Every numeric option with values it must refuse: exit 2, the option named."""
    cases = []
    for argv, option, values in _NUMERIC:
        for value in values:
            case_id = f"{argv[0]}{option}={value or 'empty'}"
            cases.append(Case(case_id, (*argv, f"{option}={value}"), 2, option, category="numbers"))
    return cases


#: Commands that write a file: argv with ``{out}``, and what ``-`` must put on standard output.
WRITERS = (
    ("export-hcp", ("export-hcp", EASY, "-o", "{out}"), "TYPE : HCP"),
    ("export-dimacs", ("export-dimacs", EASY, "--cnf", "-o", "{out}"), "p cnf"),
    ("logic-trace", ("logic", "{good}", "--trace", "{out}"), '"rule"'),
    ("solve-hcp-tour", ("solve-hcp", EASY, "--time-limit", "20", "--tour", "{out}"), "TYPE : TOUR"),
    ("hcp-study-plot", ("hcp-study", "{one}", "--time-limit", "20", "--quiet", "--plot", "{out}"), "<svg"),
)

#: Output targets that must be refused (the old file, if any, left as it was): target → stderr words.
REFUSED_TARGETS = {
    "long_name": "too long",
    "missing_folder": "does not exist",
    "empty_name": "empty",
    "a_folder": "folder",
    "read_only": "read-only",
    "symlink_loop": "loop",
    "hard_link": "hard link",
    "other_owner": "another user",
    "dev_full": "full",
}


def output_cases() -> list[Case]:
    """Every written file on every hostile target, and ``-`` for standard output."""
    cases = []
    for name, argv, text in WRITERS:
        for target, says in REFUSED_TARGETS.items():
            cases.append(Case(f"{name}-out_{target}", argv, 2, says, out_target=target, category="output"))
        cases.append(Case(f"{name}-out_dash", argv, 0, out_target="dash", stdout_has=text, category="output"))
    return cases


#: Commands that write to standard output, each with arguments that make it write something.
STDOUT_WRITERS = (
    ("solve", "{good}"),
    ("count", "{good}"),
    ("logic", "{good}"),
    ("rate", "{good}"),
    ("soundness", "{good}", "--max-level", "hard"),
    ("anneal", "{one}", "--max-iterations", "3000", "--seed", "1"),
    ("export-hcp", EASY, "-o", "-"),
    ("export-dimacs", EASY, "--col", "-o", "-"),
    ("hcp-stats", "{good}"),
    ("generate", "--count", "1", "--jobs", "1", "--no-unique", "--seed", "3"),
    ("experiment", "eppstein", "--count", "2", "--quiet"),
    ("count-grids", "--box", "2x2"),
)


def stdout_cases() -> list[Case]:
    """Standard output on a full disk or closed: one message, exit 2."""
    cases = []
    for argv in STDOUT_WRITERS:
        for how in ("full", "closed"):
            cases.append(
                Case(f"{argv[0]}-stdout_{how}", argv, 2, "standard output", stdout=how, category="stdout")
            )
    return cases


_MODEL_WORDS = {"huge_line": "not an integer", "nul_text": "not an integer", "dev_zero": "larger than"}


def second_input_cases() -> list[Case]:
    """The files a one-puzzle command reads besides the puzzle: a tour, a SAT model."""
    cases = []
    for name, argv in (("import-tour", ("import-tour", EASY)), ("import-model", ("import-model", EASY))):
        for category, says in UNREADABLE.items():
            if category in ("broken_json", "missing_space_bare"):
                continue
            words = "" if category == "empty" else says
            if name == "import-model":  # a model is read whole, as numbers: other words for the same
                words = _MODEL_WORDS.get(category, words)
            cases.append(
                Case(f"{name}-file_{category}", (*argv, f"{{{category}}}"), 2, words, category="input")
            )
    cases.append(
        Case("import-model-both_values", ("import-model", EASY, "{model_both}"), 2, "both", category="input")
    )
    return cases


def unsolvable_cases() -> list[Case]:
    """Searches given a puzzle that has no solution: each says so for that puzzle, exit 1."""
    argv = ("--max-iterations", "3000", "--seed", "1")
    return [
        Case(
            f"anneal-{kind}", ("anneal", f"{{{kind}}}", *argv), 1, f"puzzle 1: {says}", category="unsolvable"
        )
        for kind, says in (
            ("no_solution", "the puzzle has no solution"),
            ("no_candidate", "the puzzle has no solution: r5c5 has no candidate left"),
        )
    ]


def all_cases() -> list[Case]:
    """The whole in-process battery."""
    cases = input_cases() + second_input_cases() + numeric_cases() + output_cases() + stdout_cases()
    return cases + unsolvable_cases()
