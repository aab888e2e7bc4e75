"""The native movement core (``umpire.diplomacy._cresolver``) against the Python reference.

Both backends must give the same answer, byte for byte once dumped as JSON (key order included), on:

* every step of every DATC case (tests/datc/cases), and the DATC's positions shuffled and altered;
* a few thousand random positions on the standard map with orders of every kind -- legal and illegal moves,
  supports, convoys and long convoy chains, orders for absent or foreign units, unreadable texts, compact
  notation, several orders to one unit, non-canonical spellings -- built here without MILA;
* random coherent positions from the MILA harness (tests/oracle/mila.py) when MILA is installed.

It also checks the dispatch: ``UMPIRE_NATIVE=0`` forces the Python path, ``backend()`` says which is used, and the
native core really takes the ordinary cases (most of the random positions) rather than handing them back.
Skipped when the extension is not built.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from umpire import adjudicate
from umpire.diplomacy import load_map, native
from umpire.diplomacy.map import GameMap

pytestmark = pytest.mark.skipif(not native.available(), reason="the native core (_cresolver) is not built")

ROOT = Path(__file__).resolve().parents[2]
DATC = ROOT / "tests" / "datc" / "cases"


def _both(case: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The answers of the Python and of the native backend (each on its own deep copy of the case)."""
    previous = native.set_backend("python")
    try:
        slow = adjudicate(json.loads(json.dumps(case)))
        native.set_backend("native")
        fast = adjudicate(json.loads(json.dumps(case)))
    finally:
        native.set_backend(previous)
    return slow, fast


def _same(case: dict[str, Any]) -> dict[str, Any]:
    slow, fast = _both(case)
    assert json.dumps(fast) == json.dumps(slow), f"backends differ on {json.dumps(case)}"
    return slow


def _taken(gm: GameMap, case: dict[str, Any]) -> bool:
    """Whether the native core answers ``case`` itself (rather than handing it to the Python path)."""
    core = native.native_map(gm)
    phase = case["phase"]
    got = core.movement(
        case.get("id"), case.get("units"), case.get("centers"), case.get("orders"), phase[0] == "F", int(phase[1:5])
    )
    return got is not None


# ------------------------------------------------------------------------------------------------------ DATC


def _datc_cases() -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
    for path in sorted(DATC.glob("6*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for case in doc["cases"]:
            rules = case.get("options", {}).get("rules", "2000")
            yield (case["id"] if rules == "2000" else f"{case['id']}-{rules}"), case, doc["defaults"]


DATC_CASES = list(_datc_cases())


@pytest.mark.parametrize(("case", "defaults"), [(c, d) for _, c, d in DATC_CASES], ids=[i for i, _, _ in DATC_CASES])
def test_datc_backends_agree(case: dict[str, Any], defaults: dict[str, Any]) -> None:
    previous: dict[str, Any] | None = None
    for number, step in enumerate(case["steps"], start=1):
        contract: dict[str, Any] = {
            "id": f"{case['id']} step {number}",
            "variant": defaults.get("variant", "standard"),
            "phase": step["phase"],
            "orders": {power: [entry["order"] for entry in orders] for power, orders in step["orders"].items()},
        }
        if "units" in step:
            contract["units"] = step["units"]
            contract["centers"] = step.get("centers", defaults["centers"])
        else:
            assert previous is not None
            contract["units"] = previous.get("units", {})
            contract["centers"] = previous.get("centers", defaults["centers"])
            if previous.get("dislodged"):
                contract["dislodged"] = previous["dislodged"]
        if "options" in case:
            contract["options"] = case["options"]
        previous = _same(contract)


def test_datc_mostly_native() -> None:
    """The DATC's movement steps mostly go native (those it hands back use another type or coast than the
    board's, or several orders to one unit)."""
    gm = load_map("standard")
    taken = total = 0
    for _, case, defaults in DATC_CASES:
        step = case["steps"][0]
        if not step["phase"].endswith("M"):
            continue
        contract = {
            "phase": step["phase"],
            "units": step["units"],
            "centers": step.get("centers", defaults["centers"]),
            "orders": {power: [entry["order"] for entry in orders] for power, orders in step["orders"].items()},
        }
        total += 1
        taken += _taken(gm, contract)
    assert taken >= 0.8 * total, (taken, total)


def test_shuffled_datc_positions_agree() -> None:
    """The DATC's movement positions with the powers and orders listed in other orders (the resolution order
    follows them), one order dropped or one unit handed to another power: paradoxes, circular movement and
    Szykman cases by the hundred."""
    gm = load_map("standard")
    rng = random.Random(6)
    powers = list(gm.powers)
    for _, case, defaults in DATC_CASES:
        step = case["steps"][0]
        if not step["phase"].endswith("M"):
            continue
        for _ in range(10):
            units = {p: list(u) for p, u in step["units"].items()}
            items = [(p, [e["order"] for e in os]) for p, os in step["orders"].items()]
            rng.shuffle(items)
            orders = {p: rng.sample(os, len(os)) for p, os in items}
            r = rng.random()
            listed = [(p, i) for p, os in orders.items() for i in range(len(os))]
            if r < 0.3 and listed:
                p, i = rng.choice(listed)
                del orders[p][i]
            elif r < 0.5 and any(units.values()):
                p = rng.choice([q for q in units if units[q]])
                unit = units[p].pop(rng.randrange(len(units[p])))
                q = rng.choice(powers)
                units.setdefault(q, []).append(unit)
                prov = unit.split()[1].split("/")[0]
                for pp in list(orders):
                    for o in list(orders[pp]):
                        words = o.split()
                        if len(words) > 1 and words[1].split("/")[0] == prov:
                            orders[pp].remove(o)
                            orders.setdefault(q, []).append(o)
            contract = {
                "id": case["id"],
                "variant": "standard",
                "phase": step["phase"],
                "units": units,
                "centers": step.get("centers", defaults["centers"]),
                "orders": orders,
            }
            if "options" in case:
                contract["options"] = case["options"]
            _same(contract)


# ------------------------------------------------------------------------------------------ random positions


def _random_case(gm: GameMap, rng: random.Random, n: int) -> dict[str, Any]:
    """A random movement case with many interacting orders, legal and not."""
    powers = list(gm.powers)
    provinces = list(gm.provinces)
    rng.shuffle(provinces)
    board: dict[str, tuple[str, str, str]] = {}  # province -> (power, kind, loc)
    for prov in provinces[: rng.randint(4, 40)]:
        info = gm.provinces[prov]
        power = rng.choice(powers)
        if info.type == "land" or (info.type == "coast" and rng.random() < 0.55):
            board[prov] = (power, "A", prov)
        elif info.coasts:
            board[prov] = (power, "F", rng.choice(info.coasts))
        else:
            board[prov] = (power, "F", prov)
    fleets_at_sea = [p for p, (_, k, _) in board.items() if k == "F" and p in gm.convoy_seas]
    coasts = [p for p, v in gm.provinces.items() if v.type == "coast"]
    moves: list[tuple[str, str, str]] = []  # (kind, loc, dest loc) of the moves ordered so far
    orders: dict[str, list[str]] = {}

    def add(power: str, text: str) -> None:
        orders.setdefault(power, []).append(text)

    for prov, (power, kind, loc) in board.items():
        r = rng.random()
        unit = f"{kind} {loc}"
        if rng.random() < 0.04:  # an order for a unit of another power
            power = rng.choice(powers)
        if r < 0.08:
            continue
        if r < 0.18:
            add(power, f"{unit} H")
        elif r < 0.55:
            if kind == "A":
                near = sorted(gm.army_adj[prov])
                if rng.random() < 0.25 and gm.provinces[prov].type == "coast":
                    dest = rng.choice(coasts)
                    add(power, f"{unit} - {dest}" + (" VIA" if rng.random() < 0.5 else ""))
                    moves.append((kind, loc, dest))
                    continue
            else:
                near = sorted(gm.fleet_adj[loc])
            if not near or rng.random() < 0.07:
                dest = rng.choice(list(gm.province_of))
            else:
                dest = rng.choice(near)
                if kind == "F" and "/" in dest and rng.random() < 0.3:
                    dest = dest.split("/")[0]  # coast left out: reachable by one coast, or ambiguous
            add(power, f"{unit} - {dest}" + (" VIA" if rng.random() < 0.03 else ""))
            moves.append((kind, loc, dest))
        elif r < 0.8:
            if moves and rng.random() < 0.7:
                tkind, tloc, dest = rng.choice(moves)
                add(power, f"{unit} S {tkind} {tloc} - {dest}")
            else:
                other = rng.choice(list(board.values()))
                if rng.random() < 0.2:
                    add(power, f"{unit} S {other[1]} {other[2]} - {rng.choice(list(gm.province_of))}")
                else:
                    add(power, f"{unit} S {other[1]} {other[2]}")
        elif r < 0.92 and kind == "F":
            armies = [m for m in moves if m[0] == "A"]
            if armies and rng.random() < 0.8:
                _, tloc, dest = rng.choice(armies)
            else:
                tloc, dest = rng.choice(coasts), rng.choice(coasts)
            add(power, f"{unit} C A {tloc} - {dest.split('/')[0]}")
        else:
            add(power, f"{unit} - {rng.choice(list(gm.province_of))}")
    # Convoy chains: an army on a coast, fleets at sea convoying it along.
    for _ in range(rng.randint(0, 3)):
        armies = [p for p, (_, k, _) in board.items() if k == "A" and gm.provinces[p].type == "coast"]
        if not armies or not fleets_at_sea:
            break
        a = rng.choice(armies)
        dest = rng.choice(coasts)
        owner = board[a][0]
        orders.setdefault(owner, [])
        orders[owner] = [o for o in orders[owner] if not o.startswith(f"A {a} ")] + [f"A {a} - {dest}"]
        for f in rng.sample(fleets_at_sea, min(len(fleets_at_sea), rng.randint(1, 4))):
            fpower = board[f][0]
            orders[fpower] = [o for o in orders.get(fpower, []) if not o.startswith(f"F {f} ")]
            orders[fpower].append(f"F {f} C A {a} - {dest}")
    # Odd texts now and then: absent units, unreadable, waive, non-movement orders, compact notation, spelling.
    extras = [
        f"A {rng.choice(provinces)} H",
        "A XYZ - PAR",
        "WAIVE",
        f"A {rng.choice(provinces)} D",
        f"{rng.choice(provinces)} H",
        f"{rng.choice(provinces)}-{rng.choice(provinces)}",
    ]
    if rng.random() < 0.3:
        add(rng.choice(powers), rng.choice(extras))
    if rng.random() < 0.1 and board:  # two orders to one unit
        prov, (power, kind, loc) = rng.choice(list(board.items()))
        add(power, f"{kind} {loc} H")
    if rng.random() < 0.15:  # non-canonical spelling
        power = rng.choice(list(orders)) if orders else powers[0]
        if orders.get(power):
            i = rng.randrange(len(orders[power]))
            orders[power][i] = "  " + orders[power][i].lower().replace(" - ", " -> ")
    units: dict[str, list[str]] = {}
    for power, kind, loc in board.values():
        units.setdefault(power, []).append(f"{kind} {loc}" if rng.random() < 0.97 else f"{kind.lower()} {loc}")
    owners = {c: rng.choice(powers) for c in gm.centers if rng.random() < 0.8}
    centers: dict[str, list[str]] = {}
    for c, power in owners.items():
        centers.setdefault(power, []).append(c)
    for power in list(units):
        if rng.random() < 0.05:
            units[power] = []
    case: dict[str, Any] = {
        "id": f"random {n}",
        "variant": "standard",
        "phase": f"{rng.choice('SF')}{rng.randint(1901, 1920)}M",
        "units": units,
        "centers": centers,
        "orders": orders,
    }
    if rng.random() < 0.1:
        case["options"] = {"rules": rng.choice(["2000", "2023"])}
    if rng.random() < 0.05:
        case["dislodged"] = {rng.choice(powers): {"A PAR": []}}
    return case


def test_random_positions_agree() -> None:
    gm = load_map("standard")
    rng = random.Random(20261121)
    taken = 0
    n = 3000
    for i in range(n):
        case = _random_case(gm, rng, i)
        answer = _same(case)
        assert "error" not in answer, answer
        taken += _taken(gm, case)
    assert taken >= 0.6 * n, taken  # most go native: the comparison means something


def test_random_positions_on_another_map_agree() -> None:
    """The Europe 1615 map (more provinces and powers) under the standard rules, as a variant of its own."""
    from umpire.diplomacy import register_variant

    path = ROOT / "src" / "umpire" / "games" / "europe1615" / "data" / "map.json"
    register_variant("test-native-1615", path)
    gm = load_map(path)
    rng = random.Random(1615)
    taken = 0
    for i in range(400):
        case = {**_random_case(gm, rng, i), "variant": "test-native-1615"}
        assert "error" not in _same(case)
        taken += _taken(gm, case)
    assert taken >= 200, taken


def test_mila_positions_agree() -> None:
    sys.path.insert(0, str(ROOT / "tests" / "oracle"))
    import mila

    if not mila.MILA_AVAILABLE:
        pytest.skip("MILA's diplomacy package is not installed")
    gm = load_map("standard")
    taken = 0
    records = mila.generate(515, 400, years=8, keep_state=False, movement_only=True)
    for record in records:
        _same(record.case)
        taken += _taken(gm, record.case)
    assert taken >= 0.9 * len(records), taken


# ---------------------------------------------------------------------------------------------------- dispatch


def test_error_cases_go_to_python() -> None:
    """A bad case gets the Python path's error whatever the backend."""
    bad = [
        {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR", "A PAR"]}},
        {"variant": "standard", "phase": "S1901M", "units": {"NOWHERE": ["A PAR"]}},
        {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A MAO"]}},
        {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": "A PAR H"}},
        {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": {"FRANCE": ["BUR"]}},
        {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "options": {"rules": "1971"}},
        {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "extra": 1},
        {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "dislodged": {"FRANCE": 3}},
        {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "dislodged": []},
        {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": []},
        {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "centers": 0},
        {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"FRANCE": [3]}},
        {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "orders": {"SPAIN": []}},
        {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": [["A PAR"]]}},
        {"variant": "standard", "phase": "S1901M", "units": {"FRANCE": ["A PAR"]}, "options": {"rules": 2000}},
        {"variant": "europa", "phase": "S1901M", "units": {}},
        {"variant": "standard", "phase": "S01M", "units": {}},
        {"variant": "standard", "phase": "W1901M", "units": {}},
        {"variant": "standard", "phase": "X1901M", "units": {}},
        {"variant": "standard", "phase": "S1901M"},
    ]
    for case in bad:
        slow, fast = _both(case)
        assert "error" in slow and fast == slow, case


def test_odd_but_valid_cases_agree() -> None:
    base = {"variant": "standard", "phase": "F1901M", "units": {"FRANCE": ["A PAR", "F BRE"], "ITALY": ["A VEN"]}}
    odd: list[dict[str, Any]] = [
        {**base, "options": []},
        {**base, "options": {}},
        {**base, "options": {"rules": "2023"}},
        {**base, "centers": None, "orders": None},
        {**base, "units": None},
        {**base, "units": {}},
        {**base, "id": 7},
        {**base, "id": ["a", 1]},
        {**base, "dislodged": None},
        {**base, "dislodged": {}},
        {**base, "dislodged": {"FRANCE": {}}},
        {**base, "dislodged": {"FRANCE": {"A GAS": []}}},
        {**base, "orders": {"FRANCE": []}, "units": {"FRANCE": []}},
        {**base, "centers": {"FRANCE": ["par", "Bre"], "ITALY": []}, "orders": {"FRANCE": ["a par - bur"]}},
        {**base, "orders": {"ITALY": ["A VEN - PAR", "A PAR - BUR", "WAIVE", "A PAR H H"]}},
    ]
    for case in odd:
        answer = _same(case)
        assert "error" not in answer, (case, answer)


def test_backend_switch_and_environment() -> None:
    assert native.backend() in ("native", "python")
    previous = native.set_backend("python")
    try:
        assert native.backend() == "python"
        native.set_backend("native")
        assert native.backend() == "native"
        with pytest.raises(ValueError):
            native.set_backend("fortran")  # type: ignore[arg-type]
    finally:
        native.set_backend(previous)
    code = "from umpire.diplomacy import backend; print(backend())"
    env = {**os.environ, "UMPIRE_NATIVE": "0"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "python"
    env["UMPIRE_NATIVE"] = "1"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "native"


def test_native_answers_do_not_share_state() -> None:
    """Answers are fresh objects: changing one does not change the next."""
    case = {
        "id": "x",
        "variant": "standard",
        "phase": "F1901M",
        "units": {"FRANCE": ["A PAR", "F BRE"], "GERMANY": ["A MUN"]},
        "centers": {"FRANCE": ["PAR", "BRE"], "GERMANY": ["MUN"]},
        "orders": {"FRANCE": ["A PAR - BUR", "F BRE - MAO"], "GERMANY": ["A MUN - BUR"]},
    }
    first = adjudicate(json.loads(json.dumps(case)))
    first["results"]["FRANCE"][0]["reason"] = "changed"
    first["units"]["FRANCE"].append("A XXX")
    assert adjudicate(json.loads(json.dumps(case))) == _same(case)
