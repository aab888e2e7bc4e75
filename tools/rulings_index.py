#!/usr/bin/env python3
"""The rulings as an index: reads ``docs/rulings/<ruleset>.md``, finds where ``src/`` and ``tests/`` cite each
ruling, and writes ``docs/rules/<ruleset>.md`` (each seed section, the tests named for it and the rulings that read
it; each ruling, the functions and tests that carry it).

A ruling is a heading ``### ID — title`` preceded by its anchor line ``<a id="id"></a>`` (the ID in lower case, so
a page can link to ``rulings/his2p.md#his-e01``). IDs are ``<PREFIX>-<AREA><NN>``: a prefix per ruleset
(:data:`PREFIXES`), one to three capital letters for the rule area, two digits. The body is free text; it may hold
the fields ``Seed:`` (the seed's words, quoted), ``Decision:``, ``Other reading:``, ``Option:``, ``Carried by:`` (a line
naming, in backticks, the data files that hold the decision, such as a map: they count as its code) and
``Withdrawn:`` (no code carries it any more, and why). IDs of the old single file that did not fit the scheme are
listed with their new ones in ``docs/rulings/README.md`` (the table under "Renamed IDs"); a citation of an old ID
still counts, read in the scope of the file that holds it (``R5`` in ``games/rr3/`` is ``RR3-R05``).

Usage::

    python tools/rulings_index.py            # adds missing anchors, writes docs/rules/*.md
    python tools/rulings_index.py --check    # exits 1 naming each problem: a ruling cited nowhere (and not
                                             # withdrawn), an ID cited but not defined, an ID defined twice, a
                                             # missing anchor, a stale docs/rules file
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: the ruleset files of docs/rulings/ and the prefix of their IDs
PREFIXES: dict[str, str] = {
    "kernel": "K",
    "standard": "STD",
    "europe1615": "E1615",
    "rr3": "RR3",
    "his2p": "HIS",
    "empires2": "EMP",
}

#: where an old unprefixed ID is read, by the path of the citing file: alias scopes of the README's table, in order
SCOPES: list[tuple[str, tuple[str, ...]]] = [
    ("src/umpire/games/rr3/", ("rr3",)),
    ("tests/rr3/", ("rr3",)),
    ("src/umpire/games/europe1615/", ("europe1615",)),
    ("tests/europe1615/", ("europe1615",)),
    ("src/umpire/bots/europe1615", ("europe1615",)),
    ("tests/datc/", ("datc", "adjudicator")),
    ("tests/oracle/", ("mila", "adjudicator")),
    ("src/umpire/diplomacy/", ("adjudicator",)),
    ("tests/diplomacy/", ("adjudicator",)),
    ("src/umpire/games/standard/", ("adjudicator",)),
]

#: seed sections by name (seeds 003 and 004 number none): the slug a test's name starts with, and the heading
SECTIONS: dict[str, list[tuple[str, str]]] = {
    "europe1615": [
        ("phases", "PHASES OF THE GAME YEAR"),
        ("influence", "INFLUENCE (with Poland and Sweden, the Ottomans' moves, gain and loss of influence)"),
        ("minor_states", "EFFECTS OF INFLUENCE AND RULES GOVERNING THE BEHAVIOR OF THE MINOR STATES"),
        ("attrition", "ATTRITION"),
        ("diplomatic_attack", "THE DIPLOMATIC ATTACK"),
        ("scoring", "SCORING PHASE"),
        ("build", "BUILD/ADJUSTMENT PHASE"),
        ("abandonment", "ABANDONMENT / CIVIL DISORDER"),
        ("movement", "SPECIAL NOTES ABOUT MOVEMENT ON THE BOARD"),
        ("sanctions", "SANCTIONS (OPTIONAL)"),
        ("elimination", "ELIMINATION AND EFFECTS OF"),
        ("victory", "VICTORY CONDITIONS"),
        ("draw", "CONDITIONS TO FORCE AN AUTOMATIC DRAW"),
        ("assigning_powers", "ASSIGNING POWERS"),
        ("map", "EUROPE 1615 MAP AND STARTING POSITIONS"),
    ],
    "rr3": [
        ("teams", "Player teams"),
        ("layout", "Game layout"),
        ("timetable", "Game Timetable"),
        ("control", "Control team"),
        ("turn_sequence", "The Turn Sequence"),
        ("map", "The Map"),
        ("counters", "Counters"),
        ("politics", "Politics, Diplomacy and Political Support"),
        ("religion", "Religion"),
        ("family", "Deaths, Marriages & Births"),
        ("prestige", "Prestige"),
        ("nonplayed", "The Non-played States"),
        ("finance", "The Financial system"),
        ("campaigns", "The Campaign system"),
        ("battles", "Battles"),
        ("sieges", "Sieges"),
        ("naval", "Naval"),
    ],
}

ID_RE = r"(?:K|STD|E1615|RR3|HIS|EMP)-[A-Z]{1,3}\d{2}"
HEADING = re.compile(r"^### (?P<id>\S+) — (?P<title>.+)$")
ANCHOR = re.compile(r'^<a id="(?P<anchor>[a-z0-9-]+)"></a>$')
NEW_CITE = re.compile(rf"(?<![\w-])(?P<id>{ID_RE})(?:\.\.(?P<to_area>[A-Z]{{1,3}})?(?P<to>\d{{2}}))?(?![\w-])")
OLD_CITE = re.compile(
    r"(?<![\w-])(?P<id>E1615-\d\d|E2-\d\d|EG-\d\d|W-\d\d|[A-Z]{1,2}\d{1,2})"
    r"(?:\.\.(?:EG-|E2-|W-)?(?P<to>\d{1,2}))?(?![\w-])"
)
#: the old IDs read outside any scope: Europe 1615's rule-function IDs and the kernel's
GLOBAL_OLD_CITE = re.compile(r"(?<![\w-])(?P<id>E1615-\d\d|K\d)(?:\.\.(?P<to>\d{1,2}))?(?![\w-])")
NEW_PREFIXES = ("K-", "STD-", "E1615-", "RR3-", "HIS-", "EMP-")
ALIAS_ROW = re.compile(r"^\| `(?P<old>[^`]+)` \| `(?P<new>[^`]+)` \| (?P<scope>[a-z0-9]+) \|")
DEF = re.compile(r"^(?P<indent>[ \t]*)(?:async )?(?:def|class) (?P<name>\w+)", re.M)
SECTION_NUM = re.compile(r"(?<![\d.])(\d{1,2}\.\d{1,2})(?![\d])")
SCANNED = (".py", ".js", ".html", ".json")
SKIPPED = {"tests/durations.json", "tests/docs/test_rulings_index.py"}


@dataclass
class Ruling:
    """One ruling of a docs/rulings file."""

    id: str
    title: str
    ruleset: str
    line: int
    body: str = ""
    code: set[str] = field(default_factory=set)
    tests: set[str] = field(default_factory=set)

    @property
    def anchor(self) -> str:
        return self.id.lower()

    @property
    def carried_by(self) -> list[str]:
        """The files a ``Carried by:`` line names (data files that hold a decision: a map, a scenario)."""
        return [p for m in re.finditer(r"^Carried by: (.*)$", self.body, re.M) for p in re.findall(r"`([^`]+)`", m[1])]

    @property
    def quotes_seed(self) -> bool:
        """Whether the text quotes words (of the seed or the rule book it builds on), or says the seed has none."""
        text = " ".join((self.title + " " + self.body).split())
        src = r"(?:seeds?|handbook|rule book|rules?)"
        silent = (
            rf"{src} (?:is |are )?silent|{src} says? nothing|{src} (?:gives|sets|says|lists|has) no"
            rf"|{src} (?:does not|never) says?"
        )
        return re.search(rf'"[^"]{{8,}}"|“|{silent}', text, re.I) is not None

    @property
    def other_reading(self) -> bool:
        """Whether the text gives the reading not taken (or says why there is none, or offers it as an option)."""
        text = " ".join(self.body.split())
        return re.search(r"other readings?|alternative|rejected|not offered|option `|option:", text, re.I) is not None

    @property
    def withdrawn(self) -> bool:
        return re.search(r"^(\*\*)?Withdrawn:", self.body, re.M) is not None


@dataclass
class Index:
    """Every ruling, every citation, and the problems found."""

    rulings: dict[str, Ruling] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    aliases: dict[str, dict[str, str]] = field(default_factory=dict)
    tests_by_name: dict[str, list[str]] = field(default_factory=dict)


def read_aliases(root: Path) -> dict[str, dict[str, str]]:
    """The README's table of renamed IDs: scope -> old ID -> new ID."""
    table: dict[str, dict[str, str]] = defaultdict(dict)
    readme = root / "docs/rulings/README.md"
    if readme.exists():
        for line in readme.read_text(encoding="utf-8").splitlines():
            m = ALIAS_ROW.match(line)
            if m:
                table[m["scope"]][m["old"]] = m["new"]
    return dict(table)


def read_rulings(root: Path, index: Index, *, fix_anchors: bool) -> None:
    """Parse each docs/rulings/<ruleset>.md; with ``fix_anchors`` write the anchor lines that are missing."""
    id_ok = re.compile(rf"^{ID_RE}$")
    for ruleset, prefix in PREFIXES.items():
        path = root / "docs/rulings" / f"{ruleset}.md"
        if not path.exists():
            index.problems.append(f"{path.relative_to(root)}: missing")
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        out: list[str] = []
        current: Ruling | None = None
        body: list[str] = []
        for n, line in enumerate(lines, 1):
            m = HEADING.match(line)
            if m is None and line.startswith("### "):
                index.problems.append(f"{path.name}:{n}: a ruling's heading is '### ID — title', not {line!r}")
            if m is None:
                if current is not None and not line.startswith("#"):
                    body.append(line)
                elif line.startswith("#"):
                    if current is not None:
                        current.body = "\n".join(body)
                    current, body = None, []
                out.append(line)
                continue
            if body and ANCHOR.match(body[-1]):
                body.pop()
            if current is not None:
                current.body = "\n".join(body)
            rid = m["id"]
            if not id_ok.match(rid) or not rid.startswith(prefix + "-"):
                index.problems.append(f"{path.name}:{n}: {rid} is not an ID of the form {prefix}-<AREA><NN>")
            anchor = f'<a id="{rid.lower()}"></a>'
            if not (out and out[-1] == anchor):
                if fix_anchors:
                    if out and ANCHOR.match(out[-1]):
                        out.pop()
                    out.append(anchor)
                else:
                    index.problems.append(f"{path.name}:{n}: {rid} has no anchor line {anchor} above it")
            out.append(line)
            if rid in index.rulings:
                other = index.rulings[rid]
                index.problems.append(f"{path.name}:{n}: {rid} defined twice (also {other.ruleset}.md:{other.line})")
            current = Ruling(rid, m["title"], ruleset, n)
            body = []
            index.rulings[rid] = current
        if current is not None:
            current.body = "\n".join(body)
        text = "\n".join(out) + "\n"
        if fix_anchors and text != path.read_text(encoding="utf-8"):
            path.write_text(text, encoding="utf-8")


def scopes_of(rel: str) -> tuple[str, ...]:
    """The alias scopes an old unprefixed ID is read in, for the file at ``rel``."""
    for prefix, scopes in SCOPES:
        if rel.startswith(prefix):
            return scopes
    return ()


class Source:
    """One scanned file: its text and, for Python, where each ``def`` and ``class`` starts (computed once)."""

    def __init__(self, rel: str, text: str) -> None:
        self.rel, self.text = rel, text
        self._defs: list[tuple[int, int, str]] | None = None

    def defs(self) -> list[tuple[int, int, str]]:
        """(offset, indentation, name) of every ``def`` and ``class`` line, in order."""
        if self._defs is None:
            self._defs = [(m.start(), len(m["indent"]), m["name"]) for m in DEF.finditer(self.text)]
        return self._defs

    def owner(self, pos: int, module: str) -> str:
        """The function or class whose body holds ``pos`` (by indentation), else the module."""
        text = self.text
        line_start = text.rfind("\n", 0, pos) + 1
        line_end = text.find("\n", pos)
        line = text[line_start : line_end if line_end >= 0 else len(text)]
        indent = len(line) - len(line.lstrip())
        stack: list[tuple[int, str]] = []
        for start, depth, name in self.defs():
            if start > line_start:
                break
            while stack and stack[-1][0] >= depth:
                stack.pop()
            stack.append((depth, name))
        on_def_line = bool(stack) and DEF.match(line) is not None
        while stack and stack[-1][0] >= indent and not on_def_line:
            stack.pop()
        return f"{module}:{'.'.join(name for _, name in stack)}" if stack else module

    def test_name(self, pos: int) -> str | None:
        """The test function whose body holds ``pos``, if any (the last top-level or test ``def`` before it)."""
        name: str | None = None
        for start, depth, n in self.defs():
            if start > pos:
                break
            if n.startswith("test_") or depth == 0:
                name = n if n.startswith("test_") else None
        return name


def cite(index: Index, rid: str, src: Source, pos: int) -> None:
    ruling = index.rulings.get(rid)
    rel = src.rel
    if ruling is None:
        index.problems.append(f"{rel}: cites {rid}, which no docs/rulings file defines")
        return
    if rel.startswith("tests/"):
        name = src.test_name(pos) if rel.endswith(".py") else None
        ruling.tests.add(f"{rel}::{name}" if name else rel)
    else:
        module = rel.removeprefix("src/").removesuffix(".py").replace("/", ".")
        ruling.code.add(src.owner(pos, module) if rel.endswith(".py") else rel)


def expand(first: str, to_area: str | None, to: str | None) -> list[str]:
    """``RR3-G01..G03`` -> the three IDs (same prefix; the area of the first unless the range names one)."""
    if to is None:
        return [first]
    m = re.fullmatch(r"(?P<p>.+-)(?P<a>[A-Z]*)(?P<n>\d+)", first)
    assert m is not None
    area = to_area or m["a"]
    if area != m["a"]:
        return [first, f"{m['p']}{area}{int(to):02d}"]
    width = len(m["n"])
    return [f"{m['p']}{area}{k:0{width}d}" for k in range(int(m["n"]), int(to) + 1)]


def scan(root: Path, index: Index) -> None:
    """Record every citation in src/ and tests/, and the test functions by name."""
    global_old = {old: new for scope in index.aliases.values() for old, new in scope.items() if "-" in old}
    kernel = index.aliases.get("kernel", {})
    for base in ("src", "tests"):
        for path in sorted((root / base).rglob("*")):
            if path.suffix not in SCANNED or not path.is_file():
                continue
            rel = path.relative_to(root).as_posix()
            if rel in SKIPPED or "/node_modules/" in rel:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            if rel.startswith("tests/") and path.name.startswith("test_") and path.suffix == ".py":
                for m in re.finditer(r"^(?:[ \t]*)(?:async )?def (test_\w+)", text, re.M):
                    index.tests_by_name.setdefault(m[1], []).append(f"{rel}::{m[1]}")
            src = Source(rel, text)
            if any(prefix in text for prefix in NEW_PREFIXES):
                for m in NEW_CITE.finditer(text):
                    for rid in expand(m["id"], m["to_area"], m["to"]):
                        cite(index, rid, src, m.start())
            scoped = [index.aliases.get(s, {}) for s in scopes_of(rel)]
            for m in (OLD_CITE if scoped else GLOBAL_OLD_CITE).finditer(text):
                old = m["id"]
                olds = expand(old, None, m["to"]) if m["to"] else [old]
                for o in olds:
                    new = global_old.get(o) if "-" in o and o.startswith("E1615-") else None
                    if new is None:
                        new = next((t[o] for t in scoped if o in t), None)
                    if new is None and re.fullmatch(r"K\d", o):
                        new = kernel.get(o)
                    if new is not None:
                        cite(index, new, src, m.start())


def build(root: Path, *, write: bool = False) -> Index:
    """Read the rulings and the citations; with ``write``, add the anchors that are missing."""
    index = Index()
    index.aliases = read_aliases(root)
    read_rulings(root, index, fix_anchors=write)
    scan(root, index)
    for r in index.rulings.values():
        for rel in r.carried_by:
            if (root / rel).is_file() and rel.startswith(("src/", "tests/")):
                r.code.add(rel)
            else:
                index.problems.append(
                    f"{r.ruleset}.md:{r.line}: {r.id} is carried by {rel}, which is no file of src/ or tests/"
                )
    for r in index.rulings.values():
        if not r.code and not r.tests and not r.withdrawn:
            index.problems.append(
                f"{r.ruleset}.md:{r.line}: {r.id} is cited by no code or test: add 'ruling {r.id}' to the "
                "docstring of what carries it, or write 'Withdrawn: why' in the ruling"
            )
    return index


def sections_of(ruleset: str, index: Index) -> list[tuple[str, str, list[str], list[Ruling]]]:
    """(key, title, tests named for it, rulings) for each seed section of ``ruleset``: the rulings its tests cite
    and, for numbered sections, those whose title names the number."""
    rulings = [r for r in index.rulings.values() if r.ruleset == ruleset]
    named = SECTIONS.get(ruleset)
    keys: dict[str, tuple[list[str], list[Ruling]]] = {}
    titles: dict[str, str] = {}
    if named is not None:
        for slug, title in named:
            keys[slug], titles[slug] = ([], []), f"{title} (`test_{slug}_…`)"
    for name, ts in index.tests_by_name.items():
        ts = [t for t in ts if _ruleset_of_test(t) == ruleset]
        if not ts:
            continue
        if named is not None:
            key = next((slug for slug, _ in named if name.startswith(f"test_{slug}_")), None)
        else:
            m = re.match(r"test_(?:seed_)?((?:\d+_)*\d+)_", name)
            key = ".".join(m[1].split("_")[:2]) if m else None
        if key is not None:
            keys.setdefault(key, ([], []))[0].extend(ts)
    if named is None:
        for r in rulings:
            for key in set(SECTION_NUM.findall(r.title)):
                keys.setdefault(key, ([], []))[1].append(r)
    order = list(keys) if named is not None else sorted(keys, key=lambda k: [int(x) for x in k.split(".")])
    out: list[tuple[str, str, list[str], list[Ruling]]] = []
    for key in order:
        tests, rs = keys[key]
        cited = {r.id: r for r in rulings if r.tests & set(tests)}
        cited.update({r.id: r for r in rs})
        out.append((key, titles.get(key, f"section {key}"), sorted(tests), sorted(cited.values(), key=lambda r: r.id)))
    return out


def _ruleset_of_test(test: str) -> str:
    rel = test.split("::")[0]
    for ruleset in ("europe1615", "rr3", "his2p", "empires2"):
        if f"/{ruleset}/" in rel or f"test_{ruleset}" in rel:
            return ruleset
    if rel.startswith(("tests/datc/", "tests/diplomacy/", "tests/oracle/")):
        return "standard"
    return "kernel"


def render(ruleset: str, index: Index) -> str:
    """docs/rules/<ruleset>.md."""
    rulings = sorted((r for r in index.rulings.values() if r.ruleset == ruleset), key=lambda r: r.id)
    lines = [
        f"# {ruleset}: seed sections, rulings, and what carries them",
        "",
        f"Generated by `python tools/rulings_index.py` from [docs/rulings/{ruleset}.md](../rulings/{ruleset}.md)"
        " and the citations in `src/` and `tests/`; do not edit (`--check` fails when it is stale).",
        "",
    ]
    sections = sections_of(ruleset, index) if ruleset not in ("kernel", "standard") else []
    if sections:
        lines += [
            "## Seed sections",
            "",
            "| Section | Tests named for it | Rulings its tests cite (or naming it) | Code carrying them |",
            "|---|---|---|---|",
        ]
        for _key, title, tests, rs in sections:
            cell_t = "<br>".join(f"`{t.split('::')[-1]}`" for t in tests) or "—"
            cell_r = ", ".join(f"[{r.id}](../rulings/{ruleset}.md#{r.anchor})" for r in rs) or "—"
            code = sorted({c for r in rs for c in r.code})
            cell_c = "<br>".join(f"`{c}`" for c in code) or "—"
            lines.append(f"| {title} | {cell_t} | {cell_r} | {cell_c} |")
        lines.append("")
    quoted = sum(r.quotes_seed for r in rulings)
    other = sum(r.other_reading for r in rulings)
    lines += [
        "## Rulings",
        "",
        f"{len(rulings)} rulings; {quoted} quote the words they read (or say there are none), {other} give the"
        " other reading (each ruling below says which it lacks).",
        "",
    ]
    for r in rulings:
        lines.append(f"### [{r.id}](../rulings/{ruleset}.md#{r.anchor}) — {r.title}")
        lines.append("")
        if r.withdrawn:
            lines.append("Withdrawn.")
        lacks = [
            what
            for what, has in (("the words it reads", r.quotes_seed), ("the other reading", r.other_reading))
            if not has
        ]
        if lacks:
            lines.append("Does not give " + " nor ".join(lacks) + ".")
            lines.append("")
        lines.append("Code: " + (", ".join(f"`{c}`" for c in sorted(r.code)) or "—"))
        lines.append("")
        lines.append("Tests: " + (", ".join(f"`{t}`" for t in sorted(r.tests)) or "—"))
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 naming each problem")
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    root: Path = args.root
    index = build(root, write=not args.check)
    out_dir = root / "docs/rules"
    for ruleset in PREFIXES:
        text = render(ruleset, index)
        path = out_dir / f"{ruleset}.md"
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if args.check:
            if current != text:
                index.problems.append(f"docs/rules/{ruleset}.md is stale: run python tools/rulings_index.py")
        elif current != text:
            out_dir.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    problems = [p for p in index.problems if args.check or "is cited by no code" in p or "cites" in p]
    for p in problems:
        print(p, file=sys.stderr)
    print(f"{len(index.rulings)} rulings, {len(problems)} problems", file=sys.stderr)
    return 1 if args.check and problems else 0


if __name__ == "__main__":
    sys.exit(main())
