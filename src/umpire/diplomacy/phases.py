"""Retreat and adjustment phases.

Retreats: a dislodged unit may retreat to one of the provinces the movement phase allowed it (not the attacker's
province unless the attacker came by convoy, not a standoff province, not an occupied one); two or more units
retreating to the same province are all disbanded, and so is a unit without a (valid) retreat order.  A retreat
into a province that holds a unit is void whatever the options say (the unit is disbanded).

Adjustments: a power with more centres than units may build that many units on vacant home centres it owns (or
waive); with fewer it must disband the difference.  An order illegal on its own (a build on a centre that is not
an owned, vacant home centre, a fleet inland, a second build in one province or a second disband of one unit, a
disband of a unit the power does not have) is void wherever it stands in the list.  The legal ones are taken in
the order written: the first count, those beyond the allowance fail (DATC 4.D.4-4.D.6, choice b).  Disbands
still missing are chosen by the civil-disorder rule (DATC 6.J):

* ``rules="2000"`` (as most adjudicators did before 2023): the unit farthest from its power's nearest *home*
  centre goes first, armies counting moves over land and sea, fleets only moves a fleet can make;
* ``rules="2023"``: the unit farthest from its power's nearest *owned* centre, every unit counting moves over
  land and sea alike.

Ties go to fleets before armies, then to the province whose English name comes first alphabetically.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from types import MappingProxyType

from umpire.diplomacy.map import GameMap
from umpire.diplomacy.orders import Build, Disband, Order, Retreat, Waive
from umpire.diplomacy.policy import FAILS, STANDARD, SUCCEEDS, VOID, Outcome, Policy, Rules, Unit

__all__ = [
    "AdjustmentResult",
    "RetreatResult",
    "adjustment_counts",
    "civil_disorder_order",
    "needs_adjustment",
    "resolve_adjustments",
    "resolve_retreats",
]

_FAR = 1 << 20


def _strip(loc: str) -> str:
    i = loc.find("/")
    return loc if i < 0 else loc[:i]


# ------------------------------------------------------------------------------------------------ retreats


@dataclass(frozen=True, slots=True)
class RetreatResult:
    outcomes: Mapping[str, Outcome]  # by the province of the ordered (dislodged) unit
    units: Mapping[str, Unit]  # the board after the phase, by province
    disbanded: tuple[Unit, ...]  # every dislodged unit that did not retreat (ordered to or not)


def resolve_retreats(
    game_map: GameMap,
    units: Mapping[str, Unit],
    dislodged: Mapping[str, tuple[Unit, tuple[str, ...]]],
    orders: Mapping[str, Order],
) -> RetreatResult:
    """Adjudicate a retreat phase.  ``units``: the board without the dislodged units; ``dislodged``: province ->
    (unit, the locations it may retreat to); ``orders``: province of a dislodged unit -> its order."""
    # rulings STD-E03, STD-C07 (two coasts of one province bounce)
    outcomes: dict[str, Outcome] = {}
    target: dict[str, str] = {}  # dislodged province -> retreat location
    for p, order in orders.items():
        entry = dislodged.get(p)
        if entry is None:
            why = f"{units[p]} was not dislodged" if p in units else f"no dislodged unit in {p}"
            outcomes[p] = Outcome(order, VOID, f"void: {why}")
            continue
        unit, options = entry
        if isinstance(order, Disband):
            outcomes[p] = Outcome(Disband(unit.kind, unit.loc), SUCCEEDS, "disbanded")
            continue
        if not isinstance(order, Retreat):
            outcomes[p] = Outcome(order, VOID, "void: only retreat and disband orders are given now; disbanded")
            continue
        order = Retreat(unit.kind, unit.loc, order.dest)
        dest = order.dest if unit.kind == "F" else _strip(order.dest)
        if dest not in options:
            fits = [o for o in options if _strip(o) == dest]
            if unit.kind == "F" and dest == _strip(dest) and len(fits) == 1:
                dest = fits[0]  # the only coast it may retreat to
            else:
                allowed = ", ".join(options) if options else "nowhere"
                outcomes[p] = Outcome(
                    order, VOID, f"void: {unit} cannot retreat to {order.dest} (it may retreat to {allowed}); disbanded"
                )
                continue
        held = units.get(_strip(dest))
        if held is not None:  # options that name an occupied province: the unit may not land on another
            outcomes[p] = Outcome(order, VOID, f"void: {unit} cannot retreat to {dest}: {held} is there; disbanded")
            continue
        target[p] = dest
    by_prov: dict[str, list[str]] = {}
    for p, dest in target.items():
        by_prov.setdefault(_strip(dest), []).append(p)
    after = dict(units)
    disbanded: list[Unit] = []
    for p, (unit, _) in dislodged.items():
        dest_loc = target.get(p)
        if dest_loc is None:
            disbanded.append(unit)
            continue
        rivals = by_prov[_strip(dest_loc)]
        order = orders[p]
        assert isinstance(order, Retreat)
        adjudicated = Retreat(unit.kind, unit.loc, order.dest)
        if len(rivals) > 1:
            others = " and ".join(f"{dislodged[q][0]} R {target[q]}" for q in rivals if q != p)
            outcomes[p] = Outcome(adjudicated, FAILS, f"bounced with {others}; disbanded")
            disbanded.append(unit)
        else:
            after[_strip(dest_loc)] = Unit(unit.nation, unit.kind, dest_loc)
            outcomes[p] = Outcome(adjudicated, SUCCEEDS, f"retreats to {dest_loc}")
    return RetreatResult(MappingProxyType(outcomes), MappingProxyType(after), tuple(disbanded))


# --------------------------------------------------------------------------------------------- adjustments


@dataclass(frozen=True, slots=True)
class AdjustmentResult:
    outcomes: Mapping[str, tuple[Outcome, ...]]  # per power, one per order, in order
    units: Mapping[str, Unit]  # the board after the phase, by province
    civil_disorder: Mapping[str, tuple[Unit, ...]]  # per power, units removed by the civil-disorder rule


def adjustment_counts(units: Mapping[str, Unit], owners: Mapping[str, str], powers: Sequence[str]) -> dict[str, int]:
    """Per power: centres owned minus units (positive: builds, negative: disbands)."""
    delta = dict.fromkeys(powers, 0)
    for power in owners.values():
        if power in delta:
            delta[power] += 1
    for unit in units.values():
        if unit.nation in delta:
            delta[unit.nation] -= 1
    return delta


def _build_sites(
    game_map: GameMap, power: str, units: Mapping[str, Unit], owners: Mapping[str, str], policy: Policy
) -> list[str]:
    return sorted(
        c for c, owner in owners.items() if owner == power and c not in units and policy.may_build(game_map, power, c)
    )


def needs_adjustment(
    game_map: GameMap, units: Mapping[str, Unit], owners: Mapping[str, str], policy: Policy = STANDARD
) -> bool:
    """Whether any power has to disband, or may build and has somewhere to build (else the phase is skipped)."""
    centres = Counter(owners.values())
    armies = Counter(map(itemgetter(0), units.values()))  # by nation
    standard = type(policy).may_build is Policy.may_build
    for power in game_map.powers:
        delta = centres[power] - armies[power]
        if delta < 0:
            return True
        if delta > 0:
            if standard:  # a vacant home centre it owns
                for c in game_map.homes.get(power, ()):
                    if c not in units and owners.get(c) == power:
                        return True
            elif _build_sites(game_map, power, units, owners, policy):
                return True
    return False


def _build_problem(
    game_map: GameMap, power: str, order: Build, units: Mapping[str, Unit], owners: Mapping[str, str], policy: Policy
) -> tuple[str, Unit | None]:
    # rulings STD-F01, STD-D02, STD-C06
    prov = _strip(order.loc)
    info = game_map.provinces[prov]
    if not info.center or not policy.may_build(game_map, power, prov):
        return f"{prov} is not a home centre of {power}", None
    if owners.get(prov) != power:
        return f"{prov} is not owned by {power}", None
    if prov in units:
        return f"{prov} is occupied by {units[prov]}", None
    kind = order.unit
    loc = order.loc
    if kind is None:  # DATC 4.C.3, choice c
        if info.type == "land":
            kind = "A"
        elif loc != prov:
            kind = "F"
        else:
            return f"the unit type is missing (A or F) for a build in {prov}", None
    if kind == "A":
        return "", Unit(power, "A", prov)
    if info.type == "land":
        return f"a fleet cannot be built in {prov} (inland)", None
    if loc not in game_map.fleet_locations:
        return f"the coast must be given for a fleet in {prov} ({' or '.join(game_map.coasts[prov])})", None
    return "", Unit(power, "F", loc)


def civil_disorder_order(
    game_map: GameMap,
    power: str,
    candidates: Sequence[Unit],
    owners: Mapping[str, str],
    rules: Rules = "2000",
) -> list[Unit]:
    """``candidates`` sorted so that the first is disbanded first by the civil-disorder rule of ``rules``."""
    # ruling STD-A01
    # 2023: the nearest owned centre; before: the nearest home centre.
    targets = {c for c, p in owners.items() if p == power} if rules == "2023" else set(game_map.homes.get(power, ()))

    def distance(unit: Unit) -> int:
        if rules == "2000" and unit.kind == "F":
            graph, start, prov_of = game_map.fleet_adj, unit.loc, game_map.province_of
            if prov_of[start] in targets:
                return 0
            seen, frontier, dist = {start}, [start], 0
            while frontier:
                dist += 1
                nxt = []
                for loc in frontier:
                    for n in graph[loc]:
                        if n not in seen:
                            if prov_of[n] in targets:
                                return dist
                            seen.add(n)
                            nxt.append(n)
                frontier = nxt
            return _FAR
        adj = game_map.any_adj
        start = _strip(unit.loc)
        if start in targets:
            return 0
        seen, frontier, dist = {start}, [start], 0
        while frontier:
            dist += 1
            nxt = []
            for p in frontier:
                for n in adj[p]:
                    if n not in seen:
                        if n in targets:
                            return dist
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return _FAR

    return sorted(candidates, key=lambda u: (-distance(u), u.kind != "F", game_map.name_of(u.loc)))


def resolve_adjustments(
    game_map: GameMap,
    units: Mapping[str, Unit],
    owners: Mapping[str, str],
    orders: Mapping[str, Sequence[Order]],
    *,
    rules: Rules = "2000",
    policy: Policy = STANDARD,
) -> AdjustmentResult:
    """Adjudicate an adjustment phase.  ``owners``: centre -> owning power; ``orders``: per power, in order.
    Builds need a home centre that is vacant at the start of the phase (a unit disbanded in the same phase does
    not free its province)."""
    # rulings STD-D05, STD-D06 (WAIVE; builds not ordered are not made)
    delta = adjustment_counts(units, owners, game_map.powers)
    board = dict(units)
    outcomes: dict[str, tuple[Outcome, ...]] = {}
    civil: dict[str, tuple[Unit, ...]] = {}
    for power in sorted(set(orders) | {p for p, n in delta.items() if n < 0}):
        due = delta.get(power, 0)
        done = 0
        removed: set[str] = set()
        named: set[str] = set()  # provinces an earlier legal build or disband order of this power named
        results: list[Outcome] = []
        for order in orders.get(power, ()):
            if isinstance(order, Build | Waive):
                if due <= 0:
                    why = "must disband, not build" if due < 0 else "has no builds due"
                    results.append(Outcome(order, VOID, f"void: {power} {why}"))
                    continue
                unit = None
                if isinstance(order, Build):  # illegal on its own: void wherever it stands in the list
                    prov = _strip(order.loc)
                    why, unit = _build_problem(game_map, power, order, units, owners, policy)
                    if not why and prov in named:
                        why = f"a build was already ordered in {prov}"
                    if why:
                        results.append(Outcome(order, VOID, f"void: {why}"))
                        continue
                    named.add(prov)
                if done >= due:
                    results.append(Outcome(order, FAILS, f"no builds left: {power} may build {due}"))
                elif unit is None:
                    done += 1
                    results.append(Outcome(order, SUCCEEDS, "build waived"))
                else:
                    done += 1
                    board[_strip(unit.loc)] = unit
                    results.append(Outcome(Build(unit.kind, unit.loc), SUCCEEDS, f"builds {unit}"))
            elif isinstance(order, Disband):
                prov = _strip(order.loc)
                unit = units.get(prov)
                if due >= 0:
                    why = "must build, not disband" if due > 0 else "has no disbands due"
                    results.append(Outcome(order, VOID, f"void: {power} {why}"))
                elif unit is None or unit.nation != power or prov in named:
                    why = f"a disband was already ordered for {unit}" if prov in named else f"no {power} unit in {prov}"
                    results.append(Outcome(order, VOID, f"void: {why}"))
                elif done >= -due:
                    named.add(prov)
                    results.append(
                        Outcome(Disband(unit.kind, unit.loc), FAILS, f"too many disbands: {power} must disband {-due}")
                    )
                else:
                    done += 1
                    named.add(prov)
                    removed.add(prov)
                    results.append(Outcome(Disband(unit.kind, unit.loc), SUCCEEDS, "disbanded"))
            else:
                results.append(
                    Outcome(order, VOID, "void: only build, disband and waive orders are given in an adjustment phase")
                )
        for prov in removed:
            del board[prov]
        if due < 0 and done < -due:
            mine = [u for u in board.values() if u.nation == power]
            gone = civil_disorder_order(game_map, power, mine, owners, rules)[: -due - done]
            for unit in gone:
                del board[_strip(unit.loc)]
            civil[power] = tuple(gone)
        if results:
            outcomes[power] = tuple(results)
    return AdjustmentResult(MappingProxyType(outcomes), MappingProxyType(board), MappingProxyType(civil))
