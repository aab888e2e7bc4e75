"""The DATC (Diplomacy Adjudicator Test Cases, v3.0, chapter 6) against ``umpire.adjudicate``.

The cases live in ``tests/datc/cases/6A.json`` ... ``6J.json``, one file per DATC section, in the format
``umpire-datc/1``::

    {
      "format": "umpire-datc/1", "section": "6.A", "title": "Basic checks", "source": "...",
      "defaults": {"variant": "standard", "centers": {...standard 1901 ownership...}},
      "cases": [
        {
          "id": "6.A.5",                       # the DATC id
          "title": "Move to own sector with convoy",
          "options": {"rules": "2023"},        # only on an edition variant; absent means the 2000 rules
          "datc": "...",                       # the DATC's own words on the outcome
          "note": "...",                       # rulings, what is left unasserted (docs/rulings/standard.md)
          "steps": [
            {
              "phase": "S1901M",
              "units": {"ENGLAND": ["F NTH", "A YOR"]},
              "centers": {...},                # optional; the file's default centres otherwise
              "orders": {"ENGLAND": [{"order": "A YOR - YOR", "result": ["fails", "void"]}]},
              "expect": {
                "dislodged": {"ENGLAND": ["A YOR"]},           # the exact set; {} for none
                "retreats": {"A YOR": {"may": ["LVP"], "may_not": ["LON"], "exactly": []}},
                "units": {"GERMANY": ["F YOR"]}                # the exact units after the step
              }
            }
          ]
        }
      ]
    }

Semantics:

- Each step is one contract case (docs/adjudication.md). A step that states ``units`` starts from that
  position (with its ``centers`` or the file's default centres); a step without ``units`` continues from the
  previous step's answer: its ``units``, ``dislodged`` and ``centers`` become the new case's.
- ``result`` is ``succeeds``, ``fails`` or ``void``, or a list of the labels accepted. A list is used where
  the contract does not pin the label down: ``["fails", "void"]`` for an order the DATC calls illegal or
  invalid that is neither a support nor a convoy (the contract defines ``void`` only for those), for an
  adjustment order not carried out, and for a convoy order that carries no army; ``["succeeds", "void"]`` for
  a legal, uncut support that adds nothing (of an attack on the supporter's own unit, or of a convoyed move
  that does not take place). An order without ``result`` is not checked (the case's note says why).
- An order's result is found in the answer by its canonical text, else by the province of the ordered unit.
- ``dislodged`` is compared as a set of units per power; ``retreats`` compares provinces (coasts ignored). A
  unit expected dislodged with ``"exactly": []`` retreats may also be left out of the answer's ``dislodged``
  (destroyed at once): the contract does not say whether a unit with no retreat is listed.
- ``units`` after a step is compared as a set per power (powers without units may be absent). A movement
  step without ``expect.units`` is checked against the units implied by the expected results: a unit whose
  move is expected to succeed stands at its destination, a unit expected dislodged is gone, every other unit
  stays.

One test per case; the test id is the DATC id, with ``-2023`` for the 2023-rules variant.
"""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import umpire

CASES_DIR = Path(__file__).parent / "cases"
SPLIT_COAST = {"BUL", "SPA", "STP"}
RESULTS = {"succeeds", "fails", "void"}


def _load() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    # rulings STD-DE04, STD-DE05: a 2023 entry only where the DATC's result differs
    out = []
    for path in sorted(CASES_DIR.glob("6*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["format"] == "umpire-datc/1", path
        for case in doc["cases"]:
            rules = case.get("options", {}).get("rules", "2000")
            test_id = case["id"] if rules == "2000" else f"{case['id']}-{rules}"
            out.append((test_id, case, doc["defaults"]))
    return out


ALL_CASES = _load()


def _adjudicator_ready() -> bool:
    try:
        return importlib.util.find_spec("umpire.diplomacy.contract") is not None
    except ModuleNotFoundError:
        return False


def _norm(order: str) -> str:
    return " ".join(order.upper().split())


def _province(loc: str) -> str:
    return loc.split("/")[0]


def _ordered_province(order: str) -> str:
    """The province of the unit an order is for: 'F SPA/NC - LYO' -> 'SPA'."""
    tokens = _norm(order).split()
    return _province(tokens[1]) if len(tokens) > 1 else ""


def _accepted(result: str | list[str]) -> list[str]:
    return [result] if isinstance(result, str) else list(result)


def _unit_sets(units: dict[str, list[str]] | None) -> dict[str, set[str]]:
    return {power: set(lst) for power, lst in (units or {}).items() if lst}


def _dislodged_units(dislodged: dict[str, Any] | None) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for power, units in (dislodged or {}).items():
        names = set(units) if isinstance(units, (dict, list)) else set()
        if names:
            out[power] = names
    return out


def _derive_units(step: dict[str, Any]) -> dict[str, set[str]] | None:
    """Units after a movement step implied by its expected results, or None when they are not implied."""
    # ruling STD-L10
    moves: dict[tuple[str, str], str] = {}
    for power, orders in step["orders"].items():
        for entry in orders:
            tokens = _norm(entry["order"]).split()
            if len(tokens) >= 4 and tokens[2] == "-":
                if "result" not in entry:
                    return None
                if _accepted(entry["result"]) == ["succeeds"]:
                    unit_type, dest = tokens[0], tokens[3]
                    if unit_type == "A":
                        dest = _province(dest)
                    elif dest in SPLIT_COAST:
                        return None  # the coast reached is not written in the order
                    moves[(power, _province(tokens[1]))] = f"{unit_type} {dest}"
    dislodged = _dislodged_units(step["expect"].get("dislodged"))
    after: dict[str, set[str]] = {}
    for power, units in step["units"].items():
        for unit in units:
            if unit in dislodged.get(power, set()):
                continue
            new = moves.get((power, _province(unit.split()[1])), unit)
            after.setdefault(power, set()).add(new)
    return after


def _steps(case: dict[str, Any], defaults: dict[str, Any]) -> Iterator[tuple[int, dict[str, Any], dict[str, Any]]]:
    """Yield (step number, contract case, step) with the state carried over by the caller."""
    for number, step in enumerate(case["steps"], start=1):
        contract = {
            "id": f"{case['id']} step {number}",
            "variant": defaults.get("variant", "standard"),
            "phase": step["phase"],
            "orders": {power: [entry["order"] for entry in orders] for power, orders in step["orders"].items()},
        }
        if "units" in step:
            contract["units"] = step["units"]
            contract["centers"] = step.get("centers", defaults["centers"])
        if "options" in case:
            contract["options"] = case["options"]
        yield number, contract, step


def _check_results(step: dict[str, Any], answer: dict[str, Any], problems: list[str]) -> None:
    # rulings STD-L01..L08: the labels each kind of order is held to
    given = {power: list(results) for power, results in (answer.get("results") or {}).items()}
    for power, orders in step["orders"].items():
        pool = given.get(power, [])
        used: set[int] = set()
        for entry in orders:
            order = entry["order"]
            found = None
            for index, result in enumerate(pool):
                if index not in used and _norm(result.get("order", "")) == _norm(order):
                    found = index
                    break
            if found is None:
                for index, result in enumerate(pool):
                    if index not in used and _ordered_province(result.get("order", "")) == _ordered_province(order):
                        found = index
                        break
            if found is None:
                if "result" in entry:
                    problems.append(f"{power} '{order}': no result in the answer (got {pool})")
                continue
            used.add(found)
            if "result" not in entry:
                continue
            got = pool[found]
            expected = _accepted(entry["result"])
            assert set(expected) <= RESULTS, f"bad expectation {expected} for {order}"
            if got.get("result") not in expected:
                problems.append(
                    f"{power} '{order}': expected {' or '.join(expected)}, got {got.get('result')} "
                    f"(answer order '{got.get('order')}', reason: {got.get('reason')!r})"
                )


def _check_expect(step: dict[str, Any], answer: dict[str, Any], problems: list[str]) -> None:
    # ruling STD-L09: a dislodged unit with no retreat, listed or not
    expect = step.get("expect", {})
    got_dislodged = answer.get("dislodged") or {}
    got = _dislodged_units(got_dislodged)
    destroyed = set()  # expected dislodged with no retreat: the answer may list it (no options) or drop it
    for unit, rule in expect.get("retreats", {}).items():
        if rule.get("exactly") == [] and not any(unit in units for units in got.values()):
            destroyed.add(unit)
    if "dislodged" in expect:
        want = {p: units - destroyed for p, units in _unit_sets(expect["dislodged"]).items() if units - destroyed}
        if want != got:
            problems.append(f"dislodged: expected {_show(want)}, got {_show(got)}")
    for unit, rule in expect.get("retreats", {}).items():
        if unit in destroyed:
            continue
        options = None
        for units in got_dislodged.values():
            if isinstance(units, dict) and unit in units:
                options = {_province(loc) for loc in units[unit]}
        if options is None:
            problems.append(f"retreats of {unit}: the unit is not in the answer's dislodged")
            continue
        for loc in rule.get("may", []):
            if loc not in options:
                problems.append(f"retreats of {unit}: expected {loc} among the options, got {sorted(options)}")
        for loc in rule.get("may_not", []):
            if loc in options:
                problems.append(f"retreats of {unit}: {loc} must not be an option, got {sorted(options)}")
        if "exactly" in rule and options != set(rule["exactly"]):
            problems.append(f"retreats of {unit}: expected exactly {sorted(rule['exactly'])}, got {sorted(options)}")
    want_units = _unit_sets(expect["units"]) if "units" in expect else None
    if want_units is None and step["phase"].endswith("M") and "units" in step:
        want_units = _derive_units(step)
    if want_units is not None:
        got_units = _unit_sets(answer.get("units"))
        if want_units != got_units:
            problems.append(f"units after: expected {_show(want_units)}, got {_show(got_units)}")


def _show(units: dict[str, set[str]]) -> str:
    return "{" + ", ".join(f"{p}: {sorted(u)}" for p, u in sorted(units.items())) + "}"


@pytest.mark.skipif(not _adjudicator_ready(), reason="umpire.diplomacy.contract is not there yet")
@pytest.mark.parametrize(("case", "defaults"), [(c, d) for _, c, d in ALL_CASES], ids=[i for i, _, _ in ALL_CASES])
def test_datc(case: dict[str, Any], defaults: dict[str, Any]) -> None:
    problems: list[str] = []
    previous: dict[str, Any] | None = None
    for number, contract, step in _steps(case, defaults):
        if "units" not in contract:
            assert previous is not None, f"{case['id']} step {number} has no position to continue from"
            contract["units"] = previous.get("units", {})
            contract["centers"] = previous.get("centers", defaults["centers"])
            if previous.get("dislodged"):
                contract["dislodged"] = previous["dislodged"]
        answer = umpire.adjudicate(json.loads(json.dumps(contract)))
        if "error" in answer:
            problems.append(f"step {number} ({contract['phase']}): the adjudicator answered error {answer['error']!r}")
            break
        step_problems: list[str] = []
        _check_results(step, answer, step_problems)
        _check_expect(step, answer, step_problems)
        problems += [f"step {number} ({contract['phase']}): {p}" for p in step_problems]
        previous = answer
    if problems:
        detail = "\n  ".join(problems)
        pytest.fail(
            f"DATC {case['id']} {case['title']!r} ({case.get('options', {}).get('rules', '2000')} rules)\n"
            f"  DATC: {case['datc']}\n  {detail}",
            pytrace=False,
        )


def test_case_files_are_well_formed() -> None:
    """Every DATC case of 6.A-6.J is there once per edition, and every expectation uses the contract's labels."""
    ids = [test_id for test_id, _, _ in ALL_CASES]
    assert len(ids) == len(set(ids)), "duplicate test ids"
    base = {case["id"] for _, case, _ in ALL_CASES}
    counts = {"A": 12, "B": 15, "C": 9, "D": 34, "E": 15, "F": 25, "G": 20, "H": 16, "I": 7, "J": 11}
    for letter, count in counts.items():
        assert {f"6.{letter}.{n}" for n in range(1, count + 1)} <= base, letter
    assert len(base) == sum(counts.values())
    for _, case, _ in ALL_CASES:
        assert case["steps"] and "units" in case["steps"][0], case["id"]
        for step in case["steps"]:
            for orders in step["orders"].values():
                for entry in orders:
                    if "result" in entry:
                        assert set(_accepted(entry["result"])) <= RESULTS, (case["id"], entry)
