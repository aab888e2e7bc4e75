"""Europe 1615: the Forced march sanction's two orders, adjudicated in two steps (ruling E1615-E18 in the 1615 engine
section of docs/rulings/europe1615.md): the phase with the armies' first moves, then again with each army that arrived
standing at its destination and given its second order.

Seed sections: "Table of sanctions", "Miscellaneous sanctions" ("Forced march": "The second is only adjudicated if
the first order is successful"), "Rules concerning Christian and Islamic units" (the second order obeys them too).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from umpire.diplomacy.map import GameMap
from umpire.diplomacy.orders import Convoy, Hold, Move, Order, SupportMove, format_order
from umpire.diplomacy.policy import Unit
from umpire.diplomacy.resolver import Dislodgement, resolve_movement
from umpire.games.europe1615.board import minor_table, prov_of
from umpire.games.europe1615.mapdata import PAPAL_STATES, islamic_centers, papal_neighbours
from umpire.games.europe1615.policy import Policy1615, faith_problem


@dataclass(frozen=True)
class Adjudged:
    """A movement phase adjudicated in two steps (a forced march): what the engine reads of a MovementResult."""

    units: Mapping[str, Unit]
    dislodged: Mapping[str, Dislodgement]
    outcomes: Mapping[str, Any]
    settled: frozenset[str] = frozenset()  # where units reported among the march's lines stand


def vacating_chain(units: Mapping[str, Unit], first: Any, dest: str, origin: str) -> list[tuple[str, Move]] | None:
    """The moves that emptied a forced march's destination ``dest`` in the first step (ruling E1615-E18): its occupant's
    move, then the move of the unit that left the province it entered, and so on, until an empty province, the
    march's ``origin`` or a circle.  None when the chain ends at a unit dislodged in the first step (a limit)."""
    chain: list[tuple[str, Move]] = []
    seen: set[str] = set()
    cur = dest
    while cur in units and cur != origin and cur not in seen:
        if cur in first.dislodged:
            return None
        out = first.outcomes.get(cur)
        if out is None or out.result != "succeeds" or not isinstance(out.order, Move):
            return None
        seen.add(cur)
        chain.append((cur, out.order))
        cur = prov_of(out.order.dest)
    return chain


def forced_march(
    gm: GameMap,
    units: dict[str, Unit],
    orders: dict[str, Order],
    marches: Mapping[str, tuple[str, Order, Order]],
    policy: Policy1615,
    first: Any,
    marks: dict[str, bool],
    voided: dict[str, tuple[str, str]],
) -> tuple[Any, dict[str, Unit], dict[str, bool], dict[str, bool], list[dict[str, Any]]]:
    """Seed, "Forced march": "The second is only adjudicated if the first order is successful" -- in two
    steps (ruling E1615-E18).  ``first`` is the phase adjudicated with the armies' first moves.  For each march
    whose move succeeded, the phase is adjudicated again from the start with the army standing at its
    destination and given its second order; the unit it dislodged there is off the board (its dislodgement
    from the first step stands); the units that supported or convoyed the march, and those whose moves into
    the destination failed, hold in the second step and keep their first-step results.  When the destination's
    occupant moved out in the first step, it (and each unit whose province it entered and that moved on,
    :func:`vacating_chain`) stands in step 2 where its move took it, holding, its move reported with its
    first-step result.
    Returns (the result, the board it was adjudicated on, the marks by province on that board, the marks of
    units dislodged in the first step, extra report lines)."""
    reports: list[dict[str, Any]] = []
    units2 = dict(units)
    orders2 = dict(orders)
    marks2 = dict(marks)
    own_marks: dict[str, bool] = {}
    kept: set[str] = set()
    settled: set[str] = set()  # where the units that left a march's destination in step 1 stand
    carried: dict[str, Any] = {}
    moved = False
    for origin, (power, move, second) in sorted(marches.items()):
        out = first.outcomes.get(origin)
        dest = prov_of(getattr(move, "dest", ""))
        entry = {"nation": power, "order": f"{format_order(move)} || {format_order(second)}"}
        if out is None or out.result != "succeeds" or not isinstance(out.order, Move) or not isinstance(move, Move):
            reports.append(entry | {"result": "fails", "reason": "forced march: the first order failed"})
            continue
        occupant = units.get(dest)
        chain: list[tuple[str, Move]] = []
        if occupant is not None and dest not in first.dislodged:
            found = vacating_chain(units, first, dest, origin)
            if found is None:
                reports.append(entry | {"result": "succeeds", "reason": "forced march: second order not adjudicated"})
                continue
            chain = found
            occupant = None
        moved = True
        army = units2.pop(origin)
        orders2.pop(origin, None)
        # the units that left the destination (and those that left their destinations, ...) stand where their
        # first-step moves took them and keep those results
        for src, _ in chain:
            units2.pop(src, None)
            orders2.pop(src, None)
        for src, mv in chain:
            there = prov_of(mv.dest)
            units2[there] = Unit(units[src].nation, units[src].kind, mv.dest)
            marks2[there] = marks.get(src, False)
            settled.add(there)
            line = {"nation": units[src].nation, "order": format_order(mv), "result": "succeeds"}
            reports.append(line | {"reason": first.outcomes[src].reason})
        if occupant is not None:
            carried[dest] = first.dislodged[dest]
            own_marks[dest] = marks.get(dest, False)
            units2.pop(dest)
            orders2.pop(dest, None)
        units2[dest] = Unit(army.nation, army.kind, move.dest)
        marks2[dest] = marks.get(origin, False)
        why = faith_problem(
            second,
            units2,
            islamic={mid for mid, m in minor_table().items() if m.islamic},
            papal_area=set(minor_table()[PAPAL_STATES].provinces) | papal_neighbours(gm),
            islamic_centres=islamic_centers(gm),
            aligned=dict(policy.aligned),
        )
        orders2[dest] = Hold(army.kind, move.dest) if why else second
        if why:
            voided[dest] = (format_order(second), why)
        reports.append(entry | {"result": "succeeds", "reason": f"forced march: arrived in {dest}"})
        movers = {origin: dest} | {src: prov_of(mv.dest) for src, mv in chain}
        for q, o in orders.items():
            if q in movers:
                continue
            helps = isinstance(o, SupportMove | Convoy) and prov_of(o.target) in movers
            bounced = isinstance(o, Move) and any(prov_of(o.dest) == d and q != s for s, d in movers.items())
            if (helps or bounced) and q in units2 and q not in movers.values():
                orders2[q] = Hold(units[q].kind, units[q].loc)
                kept.add(q)
    if not moved:
        return first, units, marks, own_marks, reports
    second_step = resolve_movement(gm, units2, orders2, policy=policy)
    outcomes = dict(second_step.outcomes)
    for q in kept:
        if q in first.outcomes:
            outcomes[q] = first.outcomes[q]
    dislodged = dict(second_step.dislodged)
    for dest, d in carried.items():
        options = tuple(o for o in d.options if prov_of(o) not in second_step.units)
        dislodged[dest] = Dislodgement(d.unit, d.by, d.attack, options)
    combined = Adjudged(second_step.units, dislodged, outcomes, frozenset(settled))
    return combined, units2, marks2, own_marks, reports
