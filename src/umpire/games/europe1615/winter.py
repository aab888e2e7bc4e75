"""Europe 1615: the winter phases -- early winter (the year's captures, captured minor states and the states they
had taken, minor disbands, abandoned powers dissolved, eliminated powers) and the adjustments (the great powers'
disbands and builds, the aligned power's builds and disbands for its expanded states, the minor states' and the
Ottomans' automatic rebuilds), then the sanction choice (``sanction_choice``).

Seed sections: "PHASES OF THE GAME YEAR" ("Early Winter Adjustment Phase", "Late Winter Adjustment Phase"),
"Capture of a minor state", "Disbanding", "Expansion of the minor states", "Re-building a minor state's army",
"Waiving the capture of a center", "Table of sanctions" (Ecclesiastical reservation, Bohemian revolt, Huguenot
rebellion), "ELIMINATION AND EFFECTS OF", "ABANDONMENT / CIVIL DISORDER" (``elimination``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.diplomacy.map import UnitType
from umpire.diplomacy.orders import Build, Order, format_order
from umpire.diplomacy.phases import resolve_adjustments
from umpire.games.europe1615.board import (
    State,
    aligned_map,
    board,
    capital,
    game_map,
    kinds,
    minor_table,
    neutral_set,
    owned_centres,
    prov_of,
)
from umpire.games.europe1615.duties import for_minor, minor_build_sites, minor_owed
from umpire.games.europe1615.elimination import dissolve, free_holdings, liberate
from umpire.games.europe1615.mapdata import OTTOMAN
from umpire.games.europe1615.parsing import parse_simple
from umpire.games.europe1615.policy import capturer, phase_policy
from umpire.games.europe1615.sanction_choice import choose_sanctions
from umpire.games.europe1615.sanction_effects import blocs, protestant_powers, reserved
from umpire.games.europe1615.status import recompute_markers, statuses


def early_winter(state: State) -> None:
    """Captures at the end of the year, captured minor states, minor disbands (seed, "Capture of a minor
    state", "Disbanding", "Early Winter Adjustment Phase")."""
    # rulings E1615-W01 (waived captures), E1615-R14 (elimination), E1615-R16, E1615-M09 (Warsaw, Stockholm)
    gm = game_map()
    table = minor_table(state)
    aligned = aligned_map(state)
    neutral = neutral_set(state)
    union_league = blocs(state)
    no_capture = reserved(state)
    protestant = protestant_powers(state)
    changes: list[str] = []
    for prov, unit in sorted(state["units"].items()):
        old = state["owner"].get(prov)
        new = capturer(unit["nation"], old, aligned, neutral, union_league)
        side = aligned.get(unit["nation"]) or unit["nation"]
        if new is not None and old in no_capture and side in protestant:
            continue  # Ecclesiastical reservation: no Protestant capture (ruling E1615-E09)
        if new is not None and new != old and prov in state.get("waived", {}).get(side, ()):
            changes.append(f"{prov}: capture waived by {side}")
            continue  # seed, "Waiving the capture of a center": the occupier waived it before the build phase
        if new is not None and gm.provinces[prov].type != "sea":
            state["owner"][prov] = new
            changes.append(f"{prov}: {old or 'unowned'} -> {new}")
    state.pop("waived", None)  # a waiver holds until this build phase, no longer ("no reversal until the next")
    captured: list[str] = []
    for mid in list(state["pliant"]):
        m = table[mid]
        if state["owner"].get(capital(m)) != mid and any(state["owner"].get(p) != mid for p in m.provinces):
            captured.append(mid)
            state["pliant"].remove(mid)
            state["suspended"][mid] = state["inf"].pop(mid, {})
    liberated: list[str] = []
    for mid in captured:
        # seed, "Expansion of the minor states": the states it had taken are liberated
        for other in sorted(state["suspended"]):
            o = table[other]
            if other in captured or state["owner"].get(capital(o)) != mid:
                continue
            for prov in o.provinces:
                if state["owner"].get(prov) == mid:
                    state["owner"][prov] = other
            state["inf"][other] = state["suspended"].pop(other)
            if not state["inf"][other]:
                del state["inf"][other]
            state["pliant"].append(other)
            state["pliant"].sort()
            liberated.append(other)
        changes.extend(free_holdings(state, mid))
    for mid, m in table.items():
        if m.dormant and m.pliant_after_capture and mid not in state["pliant"]:
            parent = m.part_of
            cap = m.pliant_after_capture
            if (
                parent is not None
                and state["owner"].get(cap) not in (parent, None)
                and mid not in state["suspended"]
                and state["owner"].get(m.provinces[0]) == parent
            ):
                state["pliant"].append(mid)
                state["pliant"].sort()
                for p in m.provinces:
                    state["owner"][p] = mid
    disbanded: list[str] = []
    for prov, u in sorted(state["units"].items()):
        nation = u["nation"]
        if nation in gm.powers or nation == OTTOMAN:
            continue
        state_of = table.get(nation)
        if state_of is None:
            continue
        if state_of.centers and state["owner"].get(capital(state_of)) != nation:
            home = capital(state_of)
            disbanded.append(f"{nation} {u['kind']} {u['loc']}: its home centre {home} was captured")
            del state["units"][prov]
    # minor states with more units than centres: an ALIGNED state's power orders the disbands in this phase
    # (seed, "Disbanding"; ruling E1615-E17); the others disband the farthest units now (ruling E1615-R07)
    state["minor_disbands"] = {}
    for mid in sorted({u["nation"] for u in state["units"].values()} - set(gm.powers) - {OTTOMAN}):
        mine = sorted(p for p, u in state["units"].items() if u["nation"] == mid)
        extra = len(mine) - len(owned_centres(state, mid))
        if extra > 0 and table.get(mid) and table[mid].centers:
            ally = aligned.get(mid)
            if ally is not None and any(state["owner"].get(c) == ally for c in gm.homes[ally]):
                state["minor_disbands"][mid] = extra
                continue
            disbanded.extend(disband_farthest(state, mid, extra))
    disbanded.extend(ottoman_disbands(state))
    # abandoned powers are dissolved (seed, "ABANDONMENT / CIVIL DISORDER")
    raised: list[str] = []
    new_states: list[str] = []
    for p in sorted(state.get("abandoned", [])):
        if p in state["eliminated"]:
            continue
        disbanded.append(f"{p} is abandoned and dissolved: all its units disband")
        freed, created, new_units = dissolve(state, p)
        liberated.extend(freed)
        new_states.extend(created)
        raised.extend(new_units)
    # eliminated powers: every home centre captured
    for p in gm.powers:
        if p not in state["eliminated"] and all(state["owner"].get(c) != p for c in gm.homes[p]):
            state["eliminated"].append(p)
            for prov in [q for q, u in state["units"].items() if u["nation"] == p]:
                del state["units"][prov]
            disbanded.append(f"{p} is eliminated: all its units disband")
            freed, new_units = liberate(state, p)
            liberated.extend(freed)
            raised.extend(new_units)
    state["status"] = statuses(state)
    recompute_markers(state)
    state["history"].append(
        {
            "phase": state["phase"],
            "public": {
                "kind": "captures",
                "changes": changes,
                "captured_states": captured,
                "liberated_states": liberated,
                "disbanded": disbanded,
                "raised": raised,
                **({"new_states": new_states} if new_states else {}),
                "status": state["status"],
            },
            "gm": {},
        }
    )


def disband_farthest(state: State, mid: str, extra: int) -> list[str]:
    """Disband ``extra`` units of minor state ``mid``, those outside its own provinces first (ruling E1615-R07)."""
    mine = sorted(p for p, u in state["units"].items() if u["nation"] == mid)
    away = [p for p in mine if state["owner"].get(p) != mid] + [p for p in mine if state["owner"].get(p) == mid]
    out: list[str] = []
    for p in away[:extra]:
        u = state["units"].pop(p)
        out.append(f"{mid} {u['kind']} {u['loc']}: more units than centres")
    return out


def resolve_disbands(state: State, texts: Mapping[str, str]) -> None:
    """Early winter's disbands: the aligned powers' for their states (the farthest units by default), then the
    powers' own."""
    minor_notes: list[str] = []
    for p in sorted(texts):
        owed = minor_owed(state, p)
        for line in parse_simple(state, p, texts[p]).orders:
            prov = prov_of(getattr(line.order, "loc", ""))
            u = state["units"].get(prov)
            if u is not None and owed.get(u["nation"], 0) > 0:
                owed[u["nation"]] -= 1
                state["minor_disbands"][u["nation"]] -= 1
                del state["units"][prov]
                minor_notes.append(f"{u['nation']} {u['kind']} {u['loc']} disbanded by {p}")
    for mid, n in sorted(state.get("minor_disbands", {}).items()):
        if n > 0:
            minor_notes.extend(f"{t} (default)" for t in disband_farthest(state, mid, n))
    state["minor_disbands"] = {}
    adjust(state, texts, "disbands", skip_minor=True)
    state["history"][-1]["public"]["minor_disbands"] = minor_notes


def resolve_builds(state: State, texts: Mapping[str, str]) -> None:
    """Late winter: the powers' builds, their builds for their expanded states, the automatic rebuilds, the
    sanction choice."""
    adjust(state, texts, "builds", skip_minor=True)
    # the aligned power's builds for its expanded states (ruling E1615-E17)
    ordered: set[str] = set()
    minor_built: list[str] = []
    for p in sorted(texts):
        for line in parse_simple(state, p, texts[p]).orders:
            if not isinstance(line.order, Build):
                continue
            prov = prov_of(line.order.loc)
            mid = minor_build_sites(state, p).get(prov)
            if mid is None:
                continue
            kind: UnitType = line.order.unit or ("A" if "A" in kinds(prov) else "F")
            if not game_map().is_location(line.order.loc, kind):
                continue
            state["units"][prov] = {"nation": mid, "kind": kind, "loc": line.order.loc, "mark": False}
            ordered.add(mid)
            minor_built.append(f"{mid} {kind} {line.order.loc} built by {p}")
    state["history"][-1]["public"]["minor_builds"] = minor_built
    # minor states build automatically: their own units on vacant home centres, then (expansion) an army on
    # each vacant acquired centre, up to their number of centres (rulings E1615-R08, E1615-R09)
    gm = game_map()
    rebuilt: list[str] = []
    for mid, m in minor_table(state).items():
        if mid not in state["pliant"] or not m.centers:
            continue
        have = sum(1 for u in state["units"].values() if u["nation"] == mid)
        held = owned_centres(state, mid)
        sites: list[tuple[str, UnitType, str]] = [
            (prov_of(t[2:]), "A" if t[0] == "A" else "F", t[2:]) for t in m.units if prov_of(t[2:]) in m.centers
        ]
        covered = {site[0] for site in sites}
        sites += [(c, "A" if "A" in kinds(c) else "F", c) for c in m.centers if c not in covered]
        if mid not in ordered:  # the power that ordered builds for the state chose its acquired centres' units
            sites += [(c, "A" if "A" in kinds(c) else "F", c) for c in held if c not in m.centers]
        for prov, kind, loc in sites:
            if have >= len(held):
                break
            if state["owner"].get(prov) == mid and prov not in state["units"] and gm.is_location(loc, kind):
                state["units"][prov] = {"nation": mid, "kind": kind, "loc": loc, "mark": False}
                have += 1
                rebuilt.append(f"{mid} {kind} {loc}")
    rebuilt.extend(ottoman_builds(state))
    state["history"][-1]["public"]["minor_rebuilds"] = rebuilt
    if state.get("sanctions"):
        choose_sanctions(state, texts)


def ottoman_builds(state: State) -> list[str]:
    """With option ``ottoman_builds`` (ruling E1615-C34): the Ottomans build up to their number of centres, on
    their vacant home centres first (their start units), then on their other vacant centres (an army, a
    fleet where no army may stand)."""
    if not state["options"].get("ottoman_builds"):
        return []
    gm = game_map()
    m = minor_table(state)[OTTOMAN]
    held = owned_centres(state, OTTOMAN)
    have = sum(1 for u in state["units"].values() if u["nation"] == OTTOMAN)
    sites: list[tuple[str, UnitType, str]] = [
        (prov_of(t[2:]), "A" if t[0] == "A" else "F", t[2:]) for t in m.units if prov_of(t[2:]) in held
    ]
    sites += [(c, "A" if "A" in kinds(c) else "F", c) for c in sorted(held) if c not in m.centers]
    out: list[str] = []
    for prov, kind, loc in sites:
        if have >= len(held):
            break
        if prov not in state["units"] and gm.is_location(loc, kind):
            state["units"][prov] = {"nation": OTTOMAN, "kind": kind, "loc": loc, "mark": False}
            have += 1
            out.append(f"{OTTOMAN} {kind} {loc}")
    return out


def ottoman_disbands(state: State) -> list[str]:
    """With option ``ottoman_builds`` (ruling E1615-C34): Ottoman units beyond their number of centres disband
    in early winter, those outside the Empire's provinces first."""
    if not state["options"].get("ottoman_builds"):
        return []
    extra = sum(1 for u in state["units"].values() if u["nation"] == OTTOMAN) - len(owned_centres(state, OTTOMAN))
    return disband_farthest(state, OTTOMAN, extra) if extra > 0 else []


def adjust(state: State, texts: Mapping[str, str], what: str, *, skip_minor: bool = False) -> None:
    """The great powers' builds or disbands (``diplomacy.phases.resolve_adjustments``), reported as ``what``; with
    ``skip_minor``, the orders for an aligned state are left out."""
    gm = game_map()
    orders: dict[str, list[Order]] = {}
    for p, text in texts.items():
        orders[p] = [
            line.order
            for line in parse_simple(state, p, text).orders
            if line.order is not None and not (skip_minor and for_minor(state, p, line.order))
        ]
    owners = {c: o for c in gm.centers if (o := state["owner"].get(c)) in gm.powers}
    result = resolve_adjustments(gm, board(state), owners, orders, policy=phase_policy(state))
    new_units: dict[str, dict[str, Any]] = {}
    for prov, unit in result.units.items():
        old = state["units"].get(prov)
        new_units[prov] = (
            dict(old) if old is not None else {"nation": unit.nation, "kind": unit.kind, "loc": unit.loc, "mark": False}
        )
    state["units"] = new_units
    report = {
        p: [{"order": format_order(o.order), "result": o.result, "reason": o.reason} for o in outs]
        for p, outs in sorted(result.outcomes.items())
    }
    civil = {p: [str(u) for u in us] for p, us in sorted(result.civil_disorder.items())}
    state["history"].append(
        {
            "phase": state["phase"],
            "public": {"kind": what, "orders": report, "civil_disorder": civil},
            "gm": {"submissions": {p: t for p, t in texts.items() if "SANCTION" not in t.upper()}},
        }
    )
