"""Europe 1615: a movement phase, in the seed's order -- INF deployments, diplomatic attacks, the statuses, the
sanction lines, whose orders each unit follows (its power's, its aligned power's, the Ottoman orders by weight),
the orders a sanction or the faith rules void, the resolver with the 1615 hooks (``policy.phase_policy``), a
forced march's second step, then the new board, the dislodged units and the report.

Seed sections: "INFLUENCE" ("Deployment of influence with submission of orders"), "THE DIPLOMATIC ATTACK",
"Suggesting moves for the Ottomans", "EFFECTS OF INFLUENCE AND RULES GOVERNING THE BEHAVIOR OF THE MINOR STATES"
("Political status": ALIGNED states follow their power's orders, NEUTRAL and UNALIGNED states hold; "Neutrality
(impassable)"), "Rules concerning Christian and Islamic units", "ATTRITION", "SPECIAL NOTES ABOUT MOVEMENT ON THE
BOARD", "Table of sanctions" (Bribe a unit to hold, Treaty of Lyon, Bohemian revolt, Huguenot rebellion, Ottoman
neutrality, Stronghold; the forced march is ``forced_march``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from umpire.diplomacy import resolver
from umpire.diplomacy.orders import Hold, Move, Order, format_order
from umpire.diplomacy.policy import Unit
from umpire.games.europe1615 import influence, sanctions
from umpire.games.europe1615.board import (
    FIRST_YEAR,
    State,
    aligned_map,
    alive,
    board,
    game_map,
    minor_table,
    owned_centres,
    prov_of,
)
from umpire.games.europe1615.directives import apply_directives
from umpire.games.europe1615.forced_march import forced_march
from umpire.games.europe1615.mapdata import OTTOMAN, PAPAL_STATES, islamic_centers, papal_neighbours
from umpire.games.europe1615.parsing import parse
from umpire.games.europe1615.policy import Policy1615, faith_problem, phase_policy
from umpire.games.europe1615.sanction_effects import (
    LYON_BARRED,
    REVOLTS,
    SWITZERLAND,
    by_influence,
    in_force,
    protestant_powers,
    sanction_context,
    spend,
    storm_strongholds,
)
from umpire.games.europe1615.status import left_neutral, recompute_markers, statuses
from umpire.games.europe1615.submission import Submission

#: A forced march by its army's province: (its power, the first order, the second order).
Marches = dict[str, tuple[str, Order, Order]]


def resolve_movement(state: State, texts: Mapping[str, str]) -> None:
    """Resolve a movement phase from every power's submission text and record it in ``history``."""
    gm = game_map()
    powers = alive(state)
    subs = {p: parse(state, p, texts.get(p, "")) for p in powers}
    deployed = deploy(state, powers, subs)
    attack_results = diplomatic_attacks(state, powers, subs)
    # the statuses after the deployments and attacks; the lines using sanctions in effect
    state["status"] = statuses(state)
    recompute_markers(state)
    aligned = aligned_map(state)
    permitted, sanction_notes = apply_directives(state, texts, powers)
    units = board(state)
    orders, minor_orders, ottoman_props, ottoman_objs = followed_orders(state, powers, subs, units, aligned)
    marches = take_marches(state, powers, subs, units, orders)
    ottoman_tallies, ottoman_public = ottoman_orders(state, powers, units, ottoman_props, ottoman_objs, orders)
    bribe_gm = bribe(state, powers, subs, units, orders, sanction_notes)
    faith_void = void_orders(state, units, orders, permitted, aligned)
    result, policy, closed_moves = adjudicate(state, units, orders)
    start_units = units
    marks = {p: bool(u.get("mark", False)) for p, u in state["units"].items()}
    own_marks: dict[str, bool] = {}
    march_reports: list[dict[str, Any]] = []
    if marches:
        result, units, marks, own_marks, march_reports = forced_march(
            gm, units, orders, marches, policy, result, marks, faith_void
        )
    order_results = order_report(result, units, faith_void, closed_moves, march_reports)
    new_units = moved_units(result, marks)
    sanction_notes.extend(storm_strongholds(state, units, result.outcomes))
    disbanded = dislodgements(state, result, units, start_units, marks, own_marks, permitted)
    state["units"] = new_units
    public = {
        "kind": "movement",
        "deployed": {p: sorted(t) for p, t in sorted(deployed.items())},
        "attacks": [
            {"power": r.attack.power, "minor": r.attack.minor, "target": r.attack.target, "outcome": r.outcome}
            for r in attack_results
        ],
        "status": state["status"],
        "minor_orders": minor_orders,
        "ottoman": ottoman_public,
        "orders": order_results,
        "dislodged": {p: {"unit": d["unit"], "options": d["options"]} for p, d in state["dislodged"].items()},
        "disbanded": disbanded,
        "sanction_effects": sanction_notes,
    }
    gm_part = {
        "bribe": bribe_gm,
        "deployments": deployed,
        "attacks": [
            {
                "power": r.attack.power,
                "minor": r.attack.minor,
                "target": r.attack.target,
                "outcome": r.outcome,
                "reduction": r.reduction,
                "reason": r.reason,
            }
            for r in attack_results
        ],
        "ottoman_proposals": ottoman_tallies,
        "submissions": {p: texts.get(p, "") for p in powers},
        "errors": {p: [f"line {e.line}: {e.message}" for e in subs[p].errors] for p in powers if subs[p].errors},
        "inf": state["inf"],
    }
    state["history"].append({"phase": state["phase"], "public": public, "gm": gm_part})


def deploy(state: State, powers: list[str], subs: Mapping[str, Submission]) -> dict[str, dict[str, int]]:
    """Add every power's INF deployments to the INF table and to what it spent this year; returns them."""
    deployed: dict[str, dict[str, int]] = {}
    for p in powers:
        totals = subs[p].deployment_totals()
        if totals:
            deployed[p] = totals
            state["inf"] = influence.apply_deployments(state["inf"], p, sorted(totals.items()))
            state["spent"][p] += sum(totals.values())
    return deployed


def diplomatic_attacks(state: State, powers: list[str], subs: Mapping[str, Submission]) -> list[influence.AttackResult]:
    """Resolve the diplomatic attacks in the seed's order of precedence (``influence.resolve_attacks``, with the
    sanctions' immunities); returns their results."""
    attacks = [
        influence.Attack(p, subs[p].attack.minor, subs[p].attack.target)  # type: ignore[union-attr]
        for p in powers
        if subs[p].attack is not None
    ]
    order = influence.attack_order(
        powers,
        allocation=state["allocation"],
        centres={p: len(owned_centres(state, p)) for p in powers},
        last_score=state["scores"],
        first_year=state["year"] == FIRST_YEAR,
    )
    ctx = sanction_context(state) if state.get("sanctions") else None
    state["inf"], attack_results = influence.resolve_attacks(
        state["inf"],
        attacks,
        order,
        immune=(lambda a, t: sanctions.attack_immunity(a, t, ctx)) if ctx is not None else None,
        pliant=state["pliant"],
    )
    return attack_results


def followed_orders(
    state: State,
    powers: list[str],
    subs: Mapping[str, Submission],
    units: Mapping[str, Unit],
    aligned: Mapping[str, str | None],
) -> tuple[dict[str, Order], dict[str, str], dict[str, dict[str, str]], dict[str, Order]]:
    """Whose orders each unit follows: a power's units its orders, an ALIGNED state's units its power's orders,
    NEUTRAL and UNALIGNED states' units hold.  Returns (the orders by province, the report line of each minor
    state's unit, the powers' proposals for each Ottoman unit, the proposed orders by their text)."""
    # ruling E1615-R05
    gm = game_map()
    orders: dict[str, Order] = {}
    minor_orders: dict[str, str] = {}
    ottoman_props: dict[str, dict[str, str]] = {}
    ottoman_objs: dict[str, Order] = {}
    for p in powers:
        for line in subs[p].orders:
            if line.order is None:
                continue
            prov = prov_of(getattr(line.order, "loc", ""))
            unit = units.get(prov)
            if unit is None:
                continue
            if unit.nation == p:
                orders[prov] = line.order
            elif unit.nation == OTTOMAN:
                text = format_order(line.order)
                ottoman_props.setdefault(prov, {})[p] = text
                ottoman_objs[text] = line.order
            elif unit.nation not in gm.powers and aligned.get(unit.nation) == p:
                orders[prov] = line.order
    for prov, unit in sorted(units.items()):
        if unit.nation in gm.powers or unit.nation == OTTOMAN:
            continue
        st = state["status"].get(unit.nation, {"kind": "UNALIGNED", "power": None})
        if st["kind"] == "ALIGNED":
            minor_orders[prov] = (
                f"{unit.nation} follows {st['power']}'s order"
                if prov in orders
                else f"{unit.nation} holds: {st['power']} gave no order"
            )
        elif st["kind"] == "NEUTRAL":
            minor_orders[prov] = f"{unit.nation} is NEUTRAL: orders ignored, it holds"
        else:
            minor_orders[prov] = f"{unit.nation} is UNALIGNED: it holds"
    return orders, minor_orders, ottoman_props, ottoman_objs


def take_marches(
    state: State, powers: list[str], subs: Mapping[str, Submission], units: Mapping[str, Unit], orders: dict[str, Order]
) -> Marches:
    """The forced marches of armies of their own powers: the first order joins ``orders``, the use is spent."""
    marches: Marches = {}
    for p in powers:
        for fm in subs[p].forced_marches:
            first, second = fm.first.order, fm.second.order
            if first is None or second is None:
                continue
            origin = prov_of(getattr(first, "loc", ""))
            if origin in units and units[origin].nation == p:
                orders[origin] = first
                marches[origin] = (p, first, second)
                spend(state, "FORCED_MARCH", [p])
    return marches


def ottoman_orders(
    state: State,
    powers: list[str],
    units: Mapping[str, Unit],
    props: Mapping[str, Mapping[str, str]],
    objs: Mapping[str, Order],
    orders: dict[str, Order],
) -> tuple[dict[str, Any], dict[str, str]]:
    """Each Ottoman unit follows the proposal with the greatest weight (``influence.ottoman_order``), or holds;
    under Ottoman neutrality it takes no orders.  Adds the orders to ``orders``; returns (the tallies for the GM,
    the report line of each unit)."""
    # rulings E1615-R04 (proposals weighed, seen by the GM), E1615-E14 (Ottoman neutrality)
    tallies: dict[str, Any] = {}
    public: dict[str, str] = {}
    weights = {p: state["allocation"].get(p, 0) for p in powers}
    neutrality = in_force(state, "OTTOMAN_NEUTRALITY")
    for prov, unit in sorted(units.items()):
        if unit.nation != OTTOMAN:
            continue
        if neutrality:
            public[prov] = "holds: Ottoman neutrality (no orders)"
            continue
        proposals = dict(props.get(prov, {}))
        chosen = influence.ottoman_order(proposals, weights)
        tallies[prov] = [
            {"order": o, "weight": w, "powers": ps} for o, w, ps in influence.ottoman_tally(proposals, weights)
        ]
        if chosen is not None:
            key = " ".join(chosen.upper().split())
            obj = next((o for t, o in objs.items() if " ".join(t.upper().split()) == key), None)
            if obj is not None:
                orders[prov] = obj
            public[prov] = f"follows {key}"
        else:
            public[prov] = "holds (no order carries the greatest weight)"
    return tallies, public


def bribe(
    state: State,
    powers: list[str],
    subs: Mapping[str, Submission],
    units: Mapping[str, Unit],
    orders: dict[str, Order],
    notes: list[str],
) -> dict[str, str]:
    """The most influential briber's bribed unit holds (seed, "Bribe a unit to hold"; ruling E1615-E11); every
    holder's use is spent.  Returns the GM's record of it."""
    # ruling E1615-E13
    bribes = [
        (p, line.order)
        for p in by_influence(state, powers)
        for line in subs[p].orders
        if line.bribe and line.order is not None
    ]
    bribe_gm: dict[str, str] = {}
    if bribes:
        briber, bribed = bribes[0]
        prov = prov_of(getattr(bribed, "loc", ""))
        if prov in units:
            orders[prov] = Hold(units[prov].kind, units[prov].loc)
            notes.append(f"{units[prov].nation} {units[prov]} is bribed to hold")
            bribe_gm = {"power": briber, "unit": str(units[prov])}
            spend(state, "BRIBE", list(state["sanctions"].get("uses", {}).get("BRIBE", [])))
    return bribe_gm


def void_orders(
    state: State,
    units: Mapping[str, Unit],
    orders: dict[str, Order],
    permitted: set[str],
    aligned: Mapping[str, str | None],
) -> dict[str, tuple[str, str]]:
    """Replace by holds the moves into Switzerland the Treaty of Lyon bars and the orders the Christian/Islamic
    rules forbid (``policy.faith_problem``).  Returns province -> (the voided order, why)."""
    gm = game_map()
    table = minor_table(state)
    faith_void: dict[str, tuple[str, str]] = {}
    if in_force(state, "TREATY_OF_LYON"):
        for prov, o in list(orders.items()):
            nation = units[prov].nation
            barred = nation in LYON_BARRED and nation not in permitted
            if barred and isinstance(o, Move) and prov_of(o.dest) == SWITZERLAND:
                faith_void[prov] = (format_order(o), "Treaty of Lyon: no move through Switzerland")
                orders[prov] = Hold(units[prov].kind, units[prov].loc)
    for prov, o in list(orders.items()):
        if prov in faith_void:
            continue
        why = faith_problem(
            o,
            units,
            islamic={mid for mid, m in table.items() if m.islamic},
            papal_area=set(table[PAPAL_STATES].provinces) | papal_neighbours(gm),
            islamic_centres=islamic_centers(gm),
            aligned=aligned,
        )
        if why:
            faith_void[prov] = (format_order(o), why)
            orders[prov] = Hold(units[prov].kind, units[prov].loc)
    return faith_void


def adjudicate(
    state: State, units: Mapping[str, Unit], orders: Mapping[str, Order]
) -> tuple[Any, Policy1615, dict[str, str]]:
    """Run the resolver, again with each NEUTRAL province closed whose foreign unit moved out until none is left
    (ruling E1615-R06).  Returns (the result, the policy it was run with, the moves into a closed province)."""
    gm = game_map()
    policy = phase_policy(state)
    result: Any = resolver.resolve_movement(gm, units, orders, policy=policy)
    closed: set[str] = set()
    while not left_neutral(state, units, result) <= closed:  # a neutral state closes when its foreign unit leaves
        closed |= left_neutral(state, units, result)
        policy = phase_policy(state, closed)
        result = resolver.resolve_movement(gm, units, orders, policy=policy)
    closed_moves = {q: prov_of(o.dest) for q, o in orders.items() if isinstance(o, Move)}
    closed_moves = {q: d for q, d in closed_moves.items() if d in closed}
    return result, policy, closed_moves


def order_report(
    result: Any,
    units: Mapping[str, Unit],
    faith_void: Mapping[str, tuple[str, str]],
    closed_moves: Mapping[str, str],
    march_reports: list[dict[str, Any]],
) -> list[dict[str, Any]]:
    """The report's line for every order: its result, a voided order shown as given, a move into a closed
    neutral province as a bounce, the units without orders holding, then the forced marches' lines."""
    order_results = [
        {
            "nation": units[p].nation,
            "order": format_order(o.order),
            "result": o.result,
            "reason": o.reason,
        }
        for p, o in sorted(result.outcomes.items())
    ]
    for entry in order_results:
        prov = prov_of(entry["order"][2:].split(" ", 1)[0])
        if prov in faith_void and prov in units and units[prov].nation == entry["nation"]:
            entry.update(order=faith_void[prov][0], result="void", reason=f"void: {faith_void[prov][1]}; holds")
        elif prov in closed_moves and entry["result"] == "void":
            why = f"bounces: {closed_moves[prov]} is NEUTRAL and closed once its foreign unit moved out"
            entry.update(result="fails", reason=why)
    settled: frozenset[str] = getattr(result, "settled", frozenset())
    for p in sorted(units):
        if p not in result.outcomes and p not in settled:
            order_results.append(
                {"nation": units[p].nation, "order": f"{units[p]} H", "result": "succeeds", "reason": "holds"}
            )
    order_results.extend(march_reports)
    return order_results


def moved_units(result: Any, marks: Mapping[str, bool]) -> dict[str, dict[str, Any]]:
    """The board after the phase; a unit keeps its attrition mark where it moves."""
    # ruling E1615-R11: the mark moves with its unit
    arrivals = {
        prov_of(o.order.dest): q
        for q, o in result.outcomes.items()
        if o.result == "succeeds" and isinstance(o.order, Move)
    }
    new_units: dict[str, dict[str, Any]] = {}
    for prov, unit in result.units.items():
        mark = marks.get(arrivals.get(prov, prov), False)
        new_units[prov] = {"nation": unit.nation, "kind": unit.kind, "loc": unit.loc, "mark": mark}
    return new_units


def dislodgements(
    state: State,
    result: Any,
    units: Mapping[str, Unit],
    start_units: Mapping[str, Unit],
    marks: Mapping[str, bool],
    own_marks: Mapping[str, bool],
    permitted: set[str],
) -> list[str]:
    """Set ``state["dislodged"]``: the dislodged units that may retreat, with the retreats the sanctions in effect
    leave them; the others disband (minor states' units, marked units, units with nowhere to go, a revolt's
    units dislodged by a Protestant power).  Returns the report's lines for the disbanded."""
    # rulings E1615-R11 (a marked unit dislodged is disbanded), E1615-R12 (minors never retreat)
    gm = game_map()
    disbanded: list[str] = []
    revolts = {pair for sid, pair in REVOLTS.items() if in_force(state, sid)}
    protestant = protestant_powers(state)
    lyon = in_force(state, "TREATY_OF_LYON")
    state["dislodged"] = {}
    for prov, d in sorted(result.dislodged.items()):
        nation = d.unit.nation
        options = [o for o in d.options if (nation, prov_of(o)) not in revolts]
        if lyon and nation in LYON_BARRED and nation not in permitted:
            options = [o for o in options if prov_of(o) != SWITZERLAND]
        attacker = units.get(prov_of(d.by)) or start_units.get(prov_of(d.by))
        why = ""
        if (nation, prov) in revolts and attacker is not None and attacker.nation in protestant:
            why = f"dislodged from {prov}, in revolt, by a Protestant power's unit"
        elif not d.options:
            why = (
                "a minor state's unit"
                if nation not in gm.powers
                else (
                    "it carried an attrition mark"
                    if own_marks.get(prov, marks.get(prov))
                    else "it has nowhere to retreat"
                )
            )
        elif not options:
            why = "it has nowhere to retreat (the sanctions in effect close its retreats)"
        if why:
            disbanded.append(f"{nation} {d.unit} dislodged and disbanded: {why}")
            continue
        state["dislodged"][prov] = {
            "unit": {
                "nation": nation,
                "kind": d.unit.kind,
                "loc": d.unit.loc,
                "mark": own_marks.get(prov, marks[prov]),
            },
            "options": options,
            "by": d.by,
        }
    return disbanded
