"""The winter return of the two players' naval units, land units and army leaders (rule book 19.3; seed 19).

Units in unfortified spaces go to the power's capital or to its nearest controlled fortified space (at most 4
units there, the capital excepted); units over 4 in a controlled fortified space other than the capital go to the
capital. A return whose path (every space but the start) is not friendly and free of unrest costs half the units,
rounded up. The owners' choices of destination are decisions made first (``winter_choices.py``, HIS-W09); what they
leave, and the finer choices, are made here by the rules of HIS-W06.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core, restrictions
from umpire.games.his2p import fortresses as forts
from umpire.games.his2p import leader_sides as sides
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.war import military

State = dict[str, Any]

PLAYERS = ("papacy", "protestant")
#: Land units a fortified space other than a capital holds through the winter (19.3).
WINTER_STACK = 4
#: The order in which the owner gives up units to the limit or to attrition (HIS-W06): mercenaries first.
LOSS_ORDER = ("mercenary", "regular", "cavalry")


#: The ruleset option saying how 19.3's path and "nearest" take sea zones (ruling HIS-W06).
SEA_ZONES = "winter_sea_zones"
#: The default: a sea zone on the path is a step like a space (the path is of adjacent spaces and sea zones).
SEA_STEP = "step"
#: The first build's reading, kept as an option: a sea zone costs nothing (every port of one sea network is then a
#: step from every other).
SEA_FREE = "free"
#: The land-path reading: no sea zone on the path, for the distance and for the friendly path alike.
LAND_ONLY = "land"
SEA_RULES = (SEA_STEP, SEA_FREE, LAND_ONLY)


def sea_rule(state: State) -> str:
    """How this game's winter paths take sea zones (option ``winter_sea_zones``, HIS-W06)."""
    rule: str = state.get("options", {}).get(SEA_ZONES, SEA_STEP)
    return rule


def _neighbours(board: HisMap, where: str, *, by_sea: bool = True) -> set[str]:
    if where in board.spaces:
        space = board.spaces[where]
        return set(space.links | space.passes | (space.ports if by_sea else frozenset()))
    sea = board.seas[where]
    return set(sea.links | sea.ports)


def distances(board: HisMap, start: str, sea: str = SEA_FREE) -> dict[str, int]:
    """Steps from ``start`` to every land space by any path of spaces and sea zones, whoever controls them (19.3:
    "nearest" counts the direct path): a space entered is a step; a sea zone entered is one too with ``sea`` at
    ``step``, none at ``free``; at ``land`` the path takes no sea zone."""
    if sea not in SEA_RULES:
        raise ValueError(f"unknown sea-zone rule {sea!r}; expected one of {', '.join(SEA_RULES)}")
    # A 0-1 breadth-first search: entering a sea zone costs nothing (``free``), a land space one step, so a node is
    # settled only when it leaves the deque (a plain BFS would keep whichever path it met first, which depended on
    # the order of a set: another process, another answer; ruling HIS-W06).
    sea_cost = 0 if sea == SEA_FREE else 1
    by_sea = sea != LAND_ONLY
    dist = {start: 0}
    todo = deque([start])
    done: set[str] = set()
    while todo:
        here = todo.popleft()
        if here in done:
            continue
        done.add(here)
        for n in sorted(_neighbours(board, here, by_sea=by_sea)):
            step = sea_cost if n in board.seas else 1
            if n not in dist or dist[here] + step < dist[n]:
                dist[n] = dist[here] + step
                if step:
                    todo.append(n)
                else:
                    todo.appendleft(n)
    return {s: d for s, d in dist.items() if s in board.spaces}


def friendly_path(state: State, board: HisMap, power: str, start: str, goal: str) -> bool:
    """19.3: a path from ``start`` to ``goal`` whose land spaces after the start are all friendly-controlled and
    free of unrest (enemy units are ignored; sea zones need no fleet; none on the path with the ``land`` rule)."""
    mine = military.friends(state, power)
    by_sea = sea_rule(state) != LAND_ONLY

    def ok(where: str) -> bool:
        if where in board.seas:
            return True
        return state["spaces"][where]["control"] in mine and not b.in_unrest(state, where)

    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for n in _neighbours(board, here, by_sea=by_sea):
            if n not in seen and ok(n):
                if n == goal:
                    return True
                seen.add(n)
                todo.append(n)
    return False


def _fortresses(state: State, board: HisMap, power: str) -> list[str]:
    return sorted(
        s for s in board.spaces if forts.fortified(state, board, s) and state["spaces"][s]["control"] == power
    )


def take_units(units: dict[str, int], count: int) -> dict[str, int]:
    """Split ``count`` land units off ``units`` in :data:`LOSS_ORDER`."""
    out: dict[str, int] = {}
    for kind in LOSS_ORDER:
        n = min(units.get(kind, 0), count - sum(out.values()))
        if n:
            out[kind] = n
            units[kind] -= n
    return out


def send_units(state: State, board: HisMap, power: str, src: str, group: dict[str, int], dst: str | None) -> None:
    """Move ``group`` from ``src`` to ``dst`` with attrition if no friendly path (or remove it when ``dst`` is None)."""
    total = sum(group.values())
    for kind, n in group.items():
        b.add_units(state, src, power, kind, -n)
    here = board.spaces[src].name
    if dst is None:
        core.log(state, f"Winter: {power}'s {total} land unit(s) in {here} have nowhere to return and are removed")
        return
    if not friendly_path(state, board, power, src, dst):
        lost = take_units(group, (total + 1) // 2)
        core.log(
            state,
            f"Winter: {power} loses {sum(lost.values())} of {total} unit(s) to attrition returning from {here}",
        )
    for kind, n in group.items():
        if n:
            b.add_units(state, dst, power, kind, n)
    if sum(group.values()):
        core.log(
            state, f"Winter: {power} returns {sum(group.values())} unit(s) from {here} to {board.spaces[dst].name}"
        )


def _destination(state: State, board: HisMap, power: str, src: str) -> tuple[str | None, int]:
    """Where units from ``src`` go and how many fit (HIS-W06): the capital or the nearest controlled fortified
    space with room, preferring a friendly path (no attrition), then the nearer, then the capital, then the name."""
    capital = military.capital_of(board, power)
    dist = distances(board, src, sea_rule(state))
    room: dict[str, int] = {}
    if capital and state["spaces"][capital]["control"] == power:
        room[capital] = 10**6
    open_forts = {
        s: WINTER_STACK - b.land_unit_count(state, s, power)
        for s in _fortresses(state, board, power)
        if s != capital and s in dist and b.land_unit_count(state, s, power) < WINTER_STACK
    }
    if open_forts:
        nearest = min(dist[s] for s in open_forts)
        room.update({s: n for s, n in open_forts.items() if dist[s] == nearest})
    if not room:
        return None, 0
    best = min(
        room, key=lambda s: (not friendly_path(state, board, power, src, s), dist.get(s, 10**6), s != capital, s)
    )
    return best, room[best]


def sea_distances(board: HisMap, start: str) -> dict[str, int]:
    """Steps by sea from the sea zone ``start`` to every port (one step into a port, one per sea zone crossed)."""
    seas = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        for n in sorted(board.seas[here].links):
            if n not in seas:
                seas[n] = seas[here] + 1
                todo.append(n)
    ports: dict[str, int] = {}
    for sea, d in seas.items():
        for port in board.seas[sea].ports:
            ports[port] = min(ports.get(port, 10**6), d + 1)
    return ports


def naval_leaders_at(state: State, where: str, power: str) -> list[str]:
    """``power``'s naval leaders at ``where``, sorted."""
    naval = load_people().naval_leaders
    return sorted(
        lid for lid, at in state["leaders"].items() if at == where and lid in naval and naval[lid].power == power
    )


def naval_leaders_follow(state: State, board: HisMap, power: str, sea: str, port: str | None) -> None:
    """19.3: a naval leader at sea goes back with one of his squadrons: when the last of ``power``'s squadrons leaves
    the sea zone ``sea`` (for ``port``), its naval leaders there go with it (HIS-W09); squadrons removed for want of
    a port take them off the map until the next turn, as a fleet lost at sea does (16.2 step 10; back by 8.2)."""
    if b.units_of(state, sea, power)["squadron"]:
        return
    for lid in naval_leaders_at(state, sea, power):
        name = load_people().naval_leaders[lid].name
        if port is None:
            state["leaders"].pop(lid)
            state.setdefault("leaders_next_turn", {})[lid] = power
            core.log(state, f"Winter: {name} leaves the map until next turn (no port to return to)")
        else:
            state["leaders"][lid] = port
            core.log(state, f"Winter: {name} returns with his squadrons to {board.spaces[port].name}")


def naval_return(state: State, board: HisMap, power: str) -> None:
    """19.3: naval units at sea return to the nearest port their power controls (the first in name order among
    equally near ones, HIS-W06), with no interception or attrition; with no such port they are removed. Naval
    leaders go with them (:func:`naval_leaders_follow`)."""
    for sea in sorted(s for s in list(state["units"]) if s in board.seas):
        count = b.units_of(state, sea, power)["squadron"]
        if not count:
            continue
        dist = sea_distances(board, sea)
        ports = [p for p in dist if state["spaces"][p]["control"] == power]
        b.add_units(state, sea, power, "squadron", -count)
        if not ports:
            core.log(state, f"Winter: {power}'s {count} squadron(s) in {board.seas[sea].name} have no port: removed")
            naval_leaders_follow(state, board, power, sea, None)
            continue
        port = min(ports, key=lambda p: (dist[p], p))
        b.add_units(state, port, power, "squadron", count)
        core.log(state, f"Winter: {power}'s {count} squadron(s) return from {board.seas[sea].name} to {port}")
        naval_leaders_follow(state, board, power, sea, port)


def must_leave(state: State, board: HisMap, power: str, space: str) -> bool:
    """19.3: whether ``power``'s land units must leave ``space`` in winter: an unfortified space, or a fortified space
    ``power`` does not control, except the Protestant's regulars in an electorate before the League (21.6: they
    stand there from the electorate display, HIS-W06)."""
    sp = board.spaces[space]
    if not forts.fortified(state, board, space):
        return True
    if state["spaces"][space]["control"] == power:
        return False
    return not (power == "protestant" and sp.type == "electorate" and not military.league(state))


def winter_return(state: State, board: HisMap) -> None:
    """Winter return of the Papal and Protestant naval units, then land units and army leaders (19.3; seed 19)."""
    for power in PLAYERS:
        naval_return(state, board, power)
        capital = military.capital_of(board, power)
        has_capital = capital is not None and state["spaces"][capital]["control"] == power
        sent: dict[str, str] = {}
        for space in _fortresses(state, board, power):
            extra = b.land_unit_count(state, space, power) - WINTER_STACK
            if space != capital and extra > 0 and has_capital:
                assert capital is not None
                send_units(state, board, power, space, take_units(b.units_of(state, space, power), extra), capital)
        for space in sorted(
            s for s in list(state["units"]) if s in board.spaces and must_leave(state, board, power, s)
        ):
            while b.land_unit_count(state, space, power):
                dst, fits = _destination(state, board, power, space)
                units = b.units_of(state, space, power)
                group = take_units(units, min(fits, b.land_unit_count(state, space, power)) if dst else 99)
                send_units(state, board, power, space, group, dst)
                if dst:
                    sent.setdefault(space, dst)
        _return_leaders(state, board, power, sent)


def _return_leaders(state: State, board: HisMap, power: str, sent: dict[str, str]) -> None:
    """19.3 step 3: a leader left where units must leave goes with the units that left it, else to the capital or
    the nearest controlled fortified space."""
    for space in sorted(s for s in board.spaces if must_leave(state, board, power, s)):
        for lid in military.army_leaders_in(state, space, power):
            dst = sent.get(space) or _destination(state, board, power, space)[0]
            if dst is None:
                continue
            state["leaders"][lid] = dst
            core.log(state, f"Winter: {power}'s leader {lid} returns to {board.spaces[dst].name}")


def invaders_return(state: State, board: HisMap) -> None:
    """Seed 3 and 19: France, the Hapsburgs and the Ottomans take part in winter only while at war with a player
    (units of a power at peace stay where they are). Those at war return as usual — naval units to port, land units
    to the nearest controlled fortified space with room — but where the winter rules would send land units to their
    capital (or nowhere) they are removed from play instead; every army leader of theirs leaves the map."""
    for power in sorted(restrictions.WINTER_REMOVED):  # France, the Hapsburgs, the Ottomans (HIS-W14)
        if not restrictions.takes_part(state, power, "winter"):
            continue
        naval_return(state, board, power)
        capitals = frozenset(s for s in board.home_spaces(power) if board.spaces[s].type == "capital")
        for space in sorted(
            s for s in list(state["units"]) if s in board.spaces and must_leave(state, board, power, s)
        ):
            while b.land_unit_count(state, space, power):
                dst, fits = _destination(state, board, power, space)
                units = b.units_of(state, space, power)
                if restrictions.winter_fate(power, dst, capitals) == "removed":
                    send_units(state, board, power, space, take_units(units, 99), None)
                    continue
                send_units(
                    state,
                    board,
                    power,
                    space,
                    take_units(units, min(fits, b.land_unit_count(state, space, power))),
                    dst,
                )
        people = load_people().army_leaders
        for lid in sorted(x for x in state["leaders"] if x in people and sides.power_of(state, x) == power):
            state["leaders"].pop(lid)
            core.log(state, f"Winter: {power}'s leader {lid} leaves the map (seed 19)")
        captured = state.get("captured", {})
        for lid in sorted(x for x in captured if x in people and sides.power_of(state, x) == power):
            captured.pop(lid)  # seed 19: "even if they are currently captured"
            core.log(state, f"Winter: {power}'s captured leader {lid} leaves play (seed 19)")
