"""Property tests of the Diplomacy adjudicator, driven only through the JSON contract (``umpire.adjudicate``).

Hypothesis builds positions on the standard map (read from ``maps/standard.json`` as data: units on valid
locations, clustered so that they interact, random centre ownership) and random legal-looking orders, then
checks rules that hold whatever the orders:

* movement: no two units share a province; every unit is where it was, where it was ordered to move, or
  dislodged (a unit is only ever dislodged by a unit of another power now standing in its province);
  retreat options are adjacent, vacant provinces; results agree with the units' fate; centres change hands
  only after a fall phase with no retreat to follow;
* retreats: a unit only retreats to a province it was offered and ordered to, and two retreats to the same
  province both fail; units that were not dislodged stay put;
* adjustments: builds only on vacant, owned home centres, never more than centres minus units; a power with
  more units than centres ends with exactly as many units as centres (civil disorder completes the
  disbands), one with fewer never loses a unit;
* the answer does not depend on the order in which orders or powers are listed (except where the DATC makes
  the listing order matter: too many builds or disbands, 4.D.4 and 4.D.6, which the generators avoid when
  shuffling).

The same checks also run on positions from the MILA harness (tests/oracle/mila.py) when MILA is installed;
everything else runs without it.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

try:
    import umpire.diplomacy.contract  # noqa: F401
except ImportError:  # pragma: no cover - while the adjudicator is being built
    pytest.skip("umpire's Diplomacy adjudicator is not built yet", allow_module_level=True)

from umpire import adjudicate

SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

Units = dict[str, list[str]]
Orders = dict[str, list[str]]


# ---------------------------------------------------------------------------------------------------------
# The board, read from the map file as plain data


@dataclass(frozen=True)
class Board:
    powers: tuple[str, ...]
    kind: dict[str, str]  # province -> land / sea / coast
    army: dict[str, frozenset[str]]  # province -> provinces an army may move to
    fleet: dict[str, frozenset[str]]  # fleet location -> fleet locations
    coasts: dict[str, tuple[str, ...]]  # split-coast province -> its coast locations
    centers: tuple[str, ...]
    homes: dict[str, tuple[str, ...]]
    near: dict[str, frozenset[str]]  # province -> every neighbouring province

    @property
    def provinces(self) -> list[str]:
        return sorted(self.kind)

    def locations(self, prov: str) -> list[str]:
        """Unit strings that may stand in a province."""
        kind = self.kind[prov]
        out = [f"A {prov}"] if kind != "sea" else []
        if kind != "land":
            out += [f"F {c}" for c in self.coasts[prov]] if prov in self.coasts else [f"F {prov}"]
        return out

    def moves(self, unit: str) -> list[str]:
        """Locations a unit may move to (coast locations for fleets)."""
        kind, loc = unit.split()
        return sorted(self.army[loc]) if kind == "A" else sorted(self.fleet[loc])

    def reach(self, unit: str) -> set[str]:
        """Provinces a unit could move to (what it may support into)."""
        return {prov(loc) for loc in self.moves(unit)}


def prov(loc: str) -> str:
    return loc.split("/")[0]


@cache
def board() -> Board:
    text = resources.files("umpire").joinpath("diplomacy/maps/standard.json").read_text()
    data = json.loads(text)
    kind: dict[str, str] = {}
    army: dict[str, frozenset[str]] = {}
    fleet: dict[str, frozenset[str]] = {}
    coasts: dict[str, tuple[str, ...]] = {}
    homes: dict[str, list[str]] = {p: [] for p in data["powers"]}
    centers: list[str] = []
    for pid, info in data["provinces"].items():
        kind[pid] = info["type"]
        army[pid] = frozenset(info.get("army", []))
        if "coasts" in info:
            coasts[pid] = tuple(f"{pid}/{c}" for c in sorted(info["coasts"]))
            for c, adj in info["coasts"].items():
                fleet[f"{pid}/{c}"] = frozenset(adj)
        elif info["type"] != "land":
            fleet[pid] = frozenset(info.get("fleet", []))
        if info.get("center"):
            centers.append(pid)
        if info.get("home"):
            homes[info["home"]].append(pid)
    near: dict[str, set[str]] = {p: set(army[p]) for p in kind}
    for loc, adj in fleet.items():
        near[prov(loc)] |= {prov(a) for a in adj}
    return Board(
        powers=tuple(data["powers"]),
        kind=kind,
        army=army,
        fleet=fleet,
        coasts=coasts,
        centers=tuple(sorted(centers)),
        homes={p: tuple(sorted(h)) for p, h in homes.items()},
        near={p: frozenset(n) for p, n in near.items()},
    )


# ---------------------------------------------------------------------------------------------------------
# Strategies


def _pick(draw: Any, items: list[Any]) -> Any:
    return items[draw(st.integers(0, len(items) - 1))]


@st.composite
def positions(draw: Any, min_units: int = 2, max_units: int = 30) -> tuple[Units, dict[str, list[str]]]:
    """Units (clustered, so that they meet) and centre ownership."""
    b = board()
    count = draw(st.integers(min_units, max_units))
    chosen: list[str] = [_pick(draw, b.provinces)]
    while len(chosen) < count:
        around = sorted({n for p in chosen for n in b.near[p]} - set(chosen))
        pool = around if around and draw(st.integers(0, 9)) < 8 else sorted(set(b.provinces) - set(chosen))
        chosen.append(_pick(draw, pool))
    units: Units = {}
    for p in chosen:
        units.setdefault(_pick(draw, list(b.powers)), []).append(_pick(draw, b.locations(p)))
    centers: dict[str, list[str]] = {}
    for c in b.centers:
        owner = _pick(draw, [*b.powers, None, None])
        if owner is not None:
            centers.setdefault(owner, []).append(c)
    return units, centers


def _case(phase: str, units: Units, centers: dict[str, list[str]], orders: Orders, **extra: Any) -> dict[str, Any]:
    case = {"id": "prop", "variant": "standard", "phase": phase, "units": units, "centers": centers}
    return case | extra | {"orders": orders}


def _all_units(units: Units) -> list[tuple[str, str]]:
    return [(p, u) for p in sorted(units) for u in units[p]]


@st.composite
def movement_orders(draw: Any, units: Units) -> Orders:
    """Random legal-looking orders: moves and holds first, then supports (mostly for those), convoys."""
    b = board()
    everyone = _all_units(units)
    intent: dict[str, str | None] = {}
    for _, u in everyone:
        kind = draw(st.sampled_from(["none", "hold", "move", "move", "move", "later", "later", "via", "bad"]))
        moves = b.moves(u)
        if kind == "hold":
            intent[u] = f"{u} H"
        elif kind == "move" and moves:
            intent[u] = f"{u} - {_pick(draw, moves)}"
        elif kind == "via" and u[0] == "A" and b.kind[prov(u[2:])] == "coast":
            intent[u] = "via"
        elif kind == "bad":
            intent[u] = f"{u} - {_pick(draw, [p for p in b.provinces if p != prov(u[2:])])}"
        elif kind == "later":
            intent[u] = "later"
        else:
            intent[u] = None
    # Armies going by sea: through the seas that hold fleets when possible (those fleets convoy them).
    fleet_at = {prov(u[2:]): u for _, u in everyone if u[0] == "F" and b.kind[prov(u[2:])] == "sea"}
    for _, u in everyone:
        if intent[u] != "via":
            continue
        start = prov(u[2:])
        parent: dict[str, str | None] = {}
        frontier = [sea for sea in sorted(fleet_at) if start in b.fleet[sea]]
        for sea in frontier:
            parent[sea] = None
        while frontier:
            nxt = []
            for sea in frontier:
                for n in sorted(b.fleet[sea]):
                    if n in fleet_at and n not in parent:
                        parent[n] = sea
                        nxt.append(n)
            frontier = nxt
        landings = sorted(
            {(prov(c), sea) for sea in parent for c in b.fleet[sea] if b.kind[prov(c)] == "coast"}
            - {(start, s) for s in parent}
        )
        if landings and draw(st.integers(0, 9)) < 8:
            dest, sea = _pick(draw, landings)
            while sea is not None:
                fleet = fleet_at[sea]
                intent[fleet] = f"{fleet} C {u} - {dest}"
                sea = parent[sea]
        else:
            dest = _pick(draw, [p for p in b.provinces if b.kind[p] == "coast" and p != start])
        intent[u] = f"{u} - {dest}" + (" VIA" if draw(st.booleans()) else "")
    for _, u in everyone:
        if intent[u] != "later":
            continue
        here = prov(u[2:])
        reach = b.reach(u)
        supports: list[str] = []
        for _, t in everyone:
            if t == u:
                continue
            order = intent[t]
            words = (order or "").split()
            if len(words) > 3 and words[2] == "-":
                dest = prov(words[3])
                if dest in reach and dest != here:
                    supports.append(f"{u} S {t} - {dest}")
            elif prov(t[2:]) in reach:
                supports.append(f"{u} S {t}")
        convoys: list[str] = []
        if u[0] == "F" and b.kind[here] == "sea":
            for _, t in everyone:
                words = (intent[t] or "").split()
                if t[0] == "A" and len(words) > 3 and words[2] == "-":
                    convoys.append(f"{u} C {t} - {prov(words[3])}")
        pool = supports + convoys
        if pool and draw(st.integers(0, 9)) < 8:
            intent[u] = _pick(draw, pool)
        else:  # a support for something nobody ordered, or for a unit out of reach
            t = _pick(draw, [t for _, t in everyone if t != u] or [u])
            target_moves = b.moves(t)
            if target_moves and draw(st.booleans()):
                intent[u] = f"{u} S {t} - {prov(_pick(draw, target_moves))}"
            else:
                intent[u] = f"{u} S {t}"
    orders: Orders = {}
    for p, u in everyone:
        order = intent[u]
        if order is not None:
            orders.setdefault(p, []).append(order)
    return orders


@st.composite
def movement_cases(draw: Any) -> dict[str, Any]:
    units, centers = draw(positions())
    orders = draw(movement_orders(units))
    season = draw(st.sampled_from(["S", "F"]))
    return _case(f"{season}1903M", units, centers, orders)


@st.composite
def retreat_cases(draw: Any) -> dict[str, Any]:
    """Dislodged units stand in provinces held by another power; options are adjacent vacant provinces."""
    b = board()
    units, centers = draw(positions(min_units=3))
    occupied = {prov(u[2:]): p for p, us in units.items() for u in us}
    dislodged: dict[str, dict[str, list[str]]] = {}
    hosts = sorted(occupied)
    count = draw(st.integers(1, min(6, len(hosts))))
    for host in draw(st.permutations(hosts))[:count]:
        power = _pick(draw, [p for p in b.powers if p != occupied[host]])
        unit = _pick(draw, b.locations(host))
        vacant = [loc for loc in b.moves(unit) if prov(loc) not in occupied]
        options = sorted(draw(st.sets(st.sampled_from(vacant)))) if vacant else []
        dislodged.setdefault(power, {})[unit] = options
    orders: Orders = {}
    for power, entries in dislodged.items():
        for unit, options in entries.items():
            choice = draw(st.sampled_from(["option", "option", "option", "elsewhere", "disband", "none"]))
            if choice == "option" and options:
                orders.setdefault(power, []).append(f"{unit} R {_pick(draw, options)}")
            elif choice == "elsewhere" and b.moves(unit):
                orders.setdefault(power, []).append(f"{unit} R {_pick(draw, b.moves(unit))}")
            elif choice == "disband":
                orders.setdefault(power, []).append(f"{unit} D")
    season = draw(st.sampled_from(["S", "F"]))
    return _case(f"{season}1903R", units, centers, orders, dislodged=dislodged)


@st.composite
def adjustment_cases(draw: Any, tidy: bool = False) -> dict[str, Any]:
    """Builds and disbands; ``tidy``: no more builds or disbands than allowed and one build per province."""
    b = board()
    units, centers = draw(positions(max_units=26))
    occupied = {prov(u[2:]) for us in units.values() for u in us}
    orders: Orders = {}
    for power in b.powers:
        mine = units.get(power, [])
        need = len(centers.get(power, [])) - len(mine)
        if need > 0:
            pool = list(b.homes[power])
            if not tidy:
                pool += [_pick(draw, b.provinces) for _ in range(2)]
            sites = draw(st.permutations(sorted(set(pool))))
            if tidy:
                sites = [s for s in sites if s in centers.get(power, []) and s not in occupied][:need]
            for site in sites[: draw(st.integers(0, need + (0 if tidy else 2)))]:
                kinds = b.locations(site) if tidy else [f"A {site}", f"F {site}", *b.locations(site)]
                orders.setdefault(power, []).append(f"{_pick(draw, kinds)} B")
        elif need < 0:
            limit = -need if tidy else len(mine)
            for unit in draw(st.permutations(mine))[: draw(st.integers(0, limit))]:
                orders.setdefault(power, []).append(f"{unit} D")
    return _case("W1903A", units, centers, orders)


# ---------------------------------------------------------------------------------------------------------
# Checks (shared by Hypothesis and the MILA-sourced positions)


def _ok(case: dict[str, Any]) -> dict[str, Any]:
    answer = adjudicate(case)
    assert "error" not in answer, f"umpire refused a well-formed case: {answer['error']}\n{json.dumps(case)}"
    return answer


def _units_of(answer_units: Any) -> set[tuple[str, str]]:
    return {(p, u) for p, us in (answer_units or {}).items() for u in us}


def _no_shared_province(units: set[tuple[str, str]], case: dict[str, Any]) -> None:
    counts = Counter(prov(u.split()[1]) for _, u in units)
    shared = sorted(p for p, n in counts.items() if n > 1)
    assert not shared, f"two units in {shared}\n{json.dumps(case)}"


def _results(answer: dict[str, Any]) -> dict[tuple[str, str], str]:
    """(power, province of the ordered unit) -> result."""
    out: dict[tuple[str, str], str] = {}
    for power, entries in (answer.get("results") or {}).items():
        for entry in entries:
            words = str(entry["order"]).split()
            if len(words) >= 2 and words[0] in ("A", "F"):
                out[(power, prov(words[1]))] = entry["result"]
    return out


def _match(before: list[str], after: list[str], allowed: dict[str, set[str]]) -> dict[str, str] | None:
    """A one-to-one assignment of units after to units before (same type, allowed location), or None."""
    owner: dict[str, str] = {}  # unit before -> unit after

    def place(a: str, seen: set[str]) -> bool:
        for u in before:
            if u in seen or u[0] != a[0] or a.split()[1] not in allowed[u]:
                continue
            seen.add(u)
            if u not in owner or place(owner[u], seen):
                owner[u] = a
                return True
        return False

    for a in after:
        if not place(a, set()):
            return None
    return {u: a for u, a in owner.items()}


def check_movement(case: dict[str, Any], answer: dict[str, Any]) -> None:
    b = board()
    dump = json.dumps(case)
    before = _units_of(case["units"])
    after = _units_of(answer.get("units"))
    _no_shared_province(after, case)
    dislodged = {(p, u): opts for p, entries in (answer.get("dislodged") or {}).items() for u, opts in entries.items()}
    assert set(dislodged) <= before, f"dislodged units that were not on the board\n{dump}"
    assert not set(dislodged) & after, f"a dislodged unit still on the board\n{dump}"

    orders = {u: o.split() for os in case.get("orders", {}).values() for o in os for u in [" ".join(o.split()[:2])]}
    dest: dict[str, str] = {}
    for u, words in orders.items():
        if len(words) >= 4 and words[2] == "-":
            dest[u] = words[3]
    occupant = {prov(u.split()[1]): (p, u) for p, u in after}
    for power in {p for p, _ in before | after}:
        mine_before = sorted(u for p, u in before if p == power and (p, u) not in dislodged)
        mine_after = sorted(u for p, u in after if p == power)
        allowed = {u: {u.split()[1]} for u in mine_before}
        for u in mine_before:
            if u in dest:
                d = dest[u]
                allowed[u] |= {d} if "/" in d or u[0] == "A" else {d, *b.coasts.get(d, ())}
        assignment = _match(mine_before, mine_after, allowed)
        assert assignment is not None, (
            f"{power}: units after {mine_after} cannot come from {mine_before} by the ordered moves\n{dump}"
        )
        for u in mine_before:
            if u in assignment or (power, u) in dislodged:
                continue
            # Gone without retreat options: it must have been dislodged by another power's unit.
            here = occupant.get(prov(u.split()[1]))
            assert here is not None and here[0] != power, f"{power} {u} vanished\n{dump}"

    for (power, unit), options in dislodged.items():
        here = occupant.get(prov(unit.split()[1]))
        assert here is not None and here[0] != power, f"{power} {unit} dislodged by nobody (or by itself)\n{dump}"
        for option in options:
            assert option in b.moves(unit) or (unit[0] == "A" and option in b.army[prov(unit[2:])]), (
                f"{unit} offered a retreat to {option}, not adjacent\n{dump}"
            )
            assert prov(option) not in occupant, f"{unit} offered a retreat to occupied {option}\n{dump}"

    results = _results(answer)
    for power, power_orders in case.get("orders", {}).items():
        for order in power_orders:
            words = order.split()
            unit = " ".join(words[:2])
            result = results.get((power, prov(words[1])))
            assert result in ("succeeds", "fails", "void"), f"{power} {order}: result {result!r}\n{dump}"
            if (power, unit) not in before:
                continue
            if words[2] == "-" and len(words) >= 4:
                moved = any(p == power and prov(u.split()[1]) == prov(words[3]) and u[0] == unit[0] for p, u in after)
                if result == "succeeds":
                    assert moved, f"{power} {order} succeeds but the unit is not there\n{dump}"
            if result == "succeeds" and words[2] in ("H", "S", "C"):
                assert (power, unit) in after, f"{power} {order} succeeds but the unit is gone\n{dump}"

    phase = case["phase"]
    next_phase = str(answer.get("next_phase", ""))
    centers = {c: p for p, cs in case.get("centers", {}).items() for c in cs}
    got = {c: p for p, cs in (answer.get("centers") or {}).items() for c in cs}
    if phase.startswith("S") or next_phase.endswith("R"):
        assert got == centers, f"centres changed in {phase} with next phase {next_phase}\n{dump}"
    else:
        want = dict(centers)
        for c in b.centers:
            if c in occupant:
                want[c] = occupant[c][0]
        assert got == want, f"centres after {phase} not taken by their occupants\n{dump}"


def check_retreat(case: dict[str, Any], answer: dict[str, Any]) -> None:
    b = board()
    dump = json.dumps(case)
    before = _units_of(case["units"])
    after = _units_of(answer.get("units"))
    _no_shared_province(after, case)
    assert before <= after, f"a unit that was not dislodged moved or vanished\n{dump}"
    assert not _units_of_dislodged(answer), f"dislodged units left after the retreat phase\n{dump}"
    offered = {(p, u): opts for p, entries in case.get("dislodged", {}).items() for u, opts in entries.items()}
    wanted: dict[tuple[str, str], str] = {}
    for power, power_orders in case.get("orders", {}).items():
        for order in power_orders:
            words = order.split()
            if len(words) == 4 and words[2] == "R":
                wanted[(power, " ".join(words[:2]))] = words[3]
    valid = {k: d for k, d in wanted.items() if k in offered and d in offered[k]}
    crowd = Counter(prov(d) for d in valid.values())
    results = _results(answer)
    for (power, unit), dest in wanted.items():
        arrived = (power, f"{unit[0]} {dest}") in after - before
        should = (power, unit) in valid and crowd[prov(dest)] == 1
        assert arrived == should, f"{power} {unit} R {dest}: arrived {arrived}, expected {should}\n{dump}"
        result = results.get((power, prov(unit.split()[1])))
        assert result in (("succeeds",) if should else ("fails", "void")), (
            f"{power} {unit} R {dest}: result {result}\n{dump}"
        )
    new = after - before
    for power, unit in new:
        source = [k for k, d in valid.items() if k[0] == power and f"{k[1][0]} {d}" == unit]
        assert source, f"{power} {unit} appeared from nowhere\n{dump}"
    centers = {c: p for p, cs in case.get("centers", {}).items() for c in cs}
    got = {c: p for p, cs in (answer.get("centers") or {}).items() for c in cs}
    if case["phase"].startswith("S"):
        assert got == centers, f"centres changed in {case['phase']}\n{dump}"
    else:
        occupant = {prov(u.split()[1]): p for p, u in after}
        want = dict(centers)
        for c in b.centers:
            if c in occupant:
                want[c] = occupant[c]
        assert got == want, f"centres after {case['phase']} not taken by their occupants\n{dump}"


def _units_of_dislodged(answer: dict[str, Any]) -> list[str]:
    return [u for entries in (answer.get("dislodged") or {}).values() for u, opts in entries.items() if opts]


def check_adjustment(case: dict[str, Any], answer: dict[str, Any]) -> None:
    b = board()
    dump = json.dumps(case)
    before = _units_of(case["units"])
    after = _units_of(answer.get("units"))
    _no_shared_province(after, case)
    occupied_before = {prov(u.split()[1]) for _, u in before}
    centers = case.get("centers", {})
    got = {p: sorted(cs) for p, cs in (answer.get("centers") or {}).items() if cs}
    assert got == {p: sorted(cs) for p, cs in centers.items() if cs}, f"centres changed in an adjustment\n{dump}"
    ordered = {(p, " ".join(o.split()[:2])) for p, os in case.get("orders", {}).items() for o in os if o != "WAIVE"}
    for power in b.powers:
        mine_before = {u for p, u in before if p == power}
        mine_after = {u for p, u in after if p == power}
        owned = set(centers.get(power, []))
        need = len(owned) - len(mine_before)
        built = mine_after - mine_before
        removed = mine_before - mine_after
        assert not (built and removed), f"{power} both built and removed\n{dump}"
        if need > 0:
            assert not removed, f"{power} lost {sorted(removed)} with {need} builds due\n{dump}"
            assert len(built) <= need, f"{power} built {sorted(built)}, only {need} allowed\n{dump}"
            for unit in built:
                site = prov(unit.split()[1])
                assert (power, unit) in ordered, f"{power} {unit} built without an order\n{dump}"
                assert site in b.homes[power] and site in owned, f"{power} built {unit} off its home centres\n{dump}"
                assert site not in occupied_before, f"{power} built {unit} on an occupied province\n{dump}"
                assert unit in b.locations(site), f"{power} built an impossible {unit}\n{dump}"
        elif need < 0:
            assert not built, f"{power} built {sorted(built)} while owing disbands\n{dump}"
            assert len(mine_after) == len(owned), (
                f"{power} has {len(mine_after)} units for {len(owned)} centres after adjusting\n{dump}"
            )
        else:
            assert mine_after == mine_before, f"{power} adjusted with units equal to centres\n{dump}"


def _normal(answer: dict[str, Any]) -> dict[str, Any]:
    return {
        "units": {p: sorted(us) for p, us in (answer.get("units") or {}).items() if us},
        "dislodged": {p: {u: sorted(o) for u, o in e.items()} for p, e in (answer.get("dislodged") or {}).items() if e},
        "centers": {p: sorted(cs) for p, cs in (answer.get("centers") or {}).items() if cs},
        "results": {
            p: sorted((r["order"], r["result"]) for r in rs) for p, rs in (answer.get("results") or {}).items()
        },
        "next_phase": answer.get("next_phase"),
    }


def check_shuffled(case: dict[str, Any], answer: dict[str, Any], rng: random.Random) -> None:
    """The same answer with every power's orders, and the powers themselves, listed in another order."""
    powers = list(case.get("orders", {}))
    rng.shuffle(powers)
    shuffled = dict(case)
    shuffled["orders"] = {p: rng.sample(case["orders"][p], len(case["orders"][p])) for p in powers}
    unit_powers = list(case["units"])
    rng.shuffle(unit_powers)
    shuffled["units"] = {p: rng.sample(case["units"][p], len(case["units"][p])) for p in unit_powers}
    again = _ok(shuffled)
    assert _normal(again) == _normal(answer), (
        f"answer depends on the listing order\noriginal: {json.dumps(case)}\nshuffled: {json.dumps(shuffled)}"
    )


# ---------------------------------------------------------------------------------------------------------
# Hypothesis properties


@SETTINGS
@given(case=movement_cases(), seed=st.integers(0, 2**32 - 1))
def test_movement_properties(case: dict[str, Any], seed: int) -> None:
    answer = _ok(case)
    check_movement(case, answer)
    check_shuffled(case, answer, random.Random(seed))


@SETTINGS
@given(case=retreat_cases(), seed=st.integers(0, 2**32 - 1))
def test_retreat_properties(case: dict[str, Any], seed: int) -> None:
    answer = _ok(case)
    check_retreat(case, answer)
    check_shuffled(case, answer, random.Random(seed))


@SETTINGS
@given(case=adjustment_cases())
def test_adjustment_properties(case: dict[str, Any]) -> None:
    check_adjustment(case, _ok(case))


@SETTINGS
@given(case=adjustment_cases(tidy=True), seed=st.integers(0, 2**32 - 1))
def test_adjustment_order_independence(case: dict[str, Any], seed: int) -> None:
    answer = _ok(case)
    check_adjustment(case, answer)
    check_shuffled(case, answer, random.Random(seed))


# ---------------------------------------------------------------------------------------------------------
# The same checks on positions from MILA games (optional extra source)


@cache
def _mila_cases() -> tuple[dict[str, Any], ...]:
    pytest.importorskip("diplomacy")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "oracle"))
    import mila

    return tuple(r.case for r in mila.generate(2024, 150))


@pytest.mark.oracle
def test_properties_on_mila_positions() -> None:
    rng = random.Random(5)
    for case in _mila_cases():
        answer = _ok(case)
        kind = case["phase"][-1]
        if kind == "M":
            check_movement(case, answer)
            check_shuffled(case, answer, rng)
        elif kind == "R":
            check_retreat(case, answer)
            check_shuffled(case, answer, rng)
        else:
            check_adjustment(case, answer)
