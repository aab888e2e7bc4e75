"""tools/rulings_index.py: the rulings of docs/rulings/ are each cited where they are carried, every cited ID is
defined, and docs/rules/ is current (the check CI relies on); and the tool finds what it should on a small tree."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from tools import rulings_index as ri

ROOT = Path(__file__).resolve().parents[2]


def test_the_repository_passes_the_check(capsys: pytest.CaptureFixture[str]) -> None:
    code = ri.main(["--check"])
    err = capsys.readouterr().err
    assert code == 0, err


def _tree(tmp_path: Path, rr3: str, code: str, test: str = "") -> Path:
    """A tree with the real README (its table of renamed IDs), one rr3 ruling file and one module and test."""
    (tmp_path / "docs/rulings").mkdir(parents=True)
    shutil.copy(ROOT / "docs/rulings/README.md", tmp_path / "docs/rulings/README.md")
    for ruleset in ri.PREFIXES:
        (tmp_path / "docs/rulings" / f"{ruleset}.md").write_text(f"# {ruleset}\n", encoding="utf-8")
    (tmp_path / "docs/rulings/rr3.md").write_text(rr3, encoding="utf-8")
    (tmp_path / "src/umpire/games/rr3").mkdir(parents=True)
    (tmp_path / "src/umpire/games/rr3/battles.py").write_text(code, encoding="utf-8")
    (tmp_path / "tests/rr3").mkdir(parents=True)
    (tmp_path / "tests/rr3/test_battles.py").write_text(test, encoding="utf-8")
    return tmp_path


RULINGS = """# rr3

## Battles

<a id="rr3-r01"></a>
### RR3-R01 — The partial die
Seed: "If less than 5,000 -1 per thousand". Decision: whole thousands.

<a id="rr3-r02"></a>
### RR3-R02 — A tied battle is drawn
Decision: drawn.

<a id="rr3-r03"></a>
### RR3-R03 — Who gets the +1
Withdrawn: the rule went.
"""

CODE = '''"""Battles."""


def partial_die(n: int) -> int:
    """The short thousands (ruling RR3-R01)."""
    return n


class Battle:
    def tie(self) -> None:
        # a tie is drawn (R2, the old ID read in games/rr3/)
        pass
'''


def test_citations_are_found_in_their_function_and_test(tmp_path: Path) -> None:
    root = _tree(tmp_path, RULINGS, CODE, "def test_battles_partial_die() -> None:\n    assert 1  # RR3-R01\n")
    index = ri.build(root)
    assert index.problems == []
    assert index.rulings["RR3-R01"].code == {"umpire.games.rr3.battles:partial_die"}
    assert index.rulings["RR3-R01"].tests == {"tests/rr3/test_battles.py::test_battles_partial_die"}
    assert index.rulings["RR3-R02"].code == {"umpire.games.rr3.battles:Battle.tie"}
    assert index.rulings["RR3-R03"].withdrawn


def test_an_old_id_outside_its_scope_cites_nothing(tmp_path: Path) -> None:
    root = _tree(tmp_path, RULINGS, CODE.replace("(R2, the old", "(RR3-R02, the old"))
    (root / "src/umpire/games/his2p").mkdir(parents=True)
    (root / "src/umpire/games/his2p/x.py").write_text("# R1 and D1 here are not the megagame's\n", encoding="utf-8")
    index = ri.build(root)
    assert index.rulings["RR3-R01"].code == {"umpire.games.rr3.battles:partial_die"}


def test_each_problem_is_named(tmp_path: Path) -> None:
    twice = RULINGS + '\n<a id="rr3-r01"></a>\n### RR3-R01 — Again\nx\n\n### RR3-R04 — No anchor\nx\n'
    code = CODE.replace("(R2, the old", "(the old") + "# RR3-R09 is cited but never written\n"
    index = ri.build(_tree(tmp_path, twice, code))
    text = "\n".join(index.problems)
    assert "RR3-R02 is cited by no code or test" in text
    assert "RR3-R01 defined twice" in text
    assert "cites RR3-R09, which no docs/rulings file defines" in text
    assert 'RR3-R04 has no anchor line <a id="rr3-r04"></a>' in text
    assert "RR3-R03" not in text  # withdrawn: may stand uncited


def test_a_range_cites_every_id_in_it(tmp_path: Path) -> None:
    assert ri.expand("RR3-G01", None, "03") == ["RR3-G01", "RR3-G02", "RR3-G03"]
    assert ri.expand("EG-01", None, "03") == ["EG-01", "EG-02", "EG-03"]
    root = _tree(tmp_path, RULINGS, '"""Rulings RR3-R01..R02."""\n')
    index = ri.build(root)
    assert index.rulings["RR3-R02"].code == {"umpire.games.rr3.battles"}


def test_a_heading_of_the_wrong_form_and_a_stale_index_fail_the_check(tmp_path: Path) -> None:
    root = _tree(tmp_path, RULINGS.replace("### RR3-R02 — A tied", "### R2. A tied"), CODE)
    assert ri.main(["--check", "--root", str(root)]) == 1
    problems = ri.build(root).problems
    assert any("'### ID — title'" in p for p in problems)
    root2 = _tree(tmp_path / "b", RULINGS, CODE, "def test_x() -> None:\n    pass  # RR3-R01\n")
    assert ri.main(["--root", str(root2)]) == 0  # writes docs/rules/
    assert ri.main(["--check", "--root", str(root2)]) == 0
    (root2 / "docs/rules/rr3.md").write_text("edited\n", encoding="utf-8")
    assert ri.main(["--check", "--root", str(root2)]) == 1


def test_write_adds_the_missing_anchors(tmp_path: Path) -> None:
    root = _tree(tmp_path, RULINGS.replace('<a id="rr3-r01"></a>\n', ""), CODE)
    assert ri.main(["--root", str(root)]) == 0
    assert '<a id="rr3-r01"></a>\n### RR3-R01' in (root / "docs/rulings/rr3.md").read_text(encoding="utf-8")
    assert ri.main(["--check", "--root", str(root)]) == 0
