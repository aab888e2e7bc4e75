"""The owners' choices of the winter return (rule book 19.3; seed 19), offered as decisions before it runs.

At the start of the Winter Phase each player whose units (or the units of a power it decides for, seed 11 through
``control.controller``) have a choice gets a ``winter`` decision: it sends a stack, one at a time, to the
destination it picks, then says ``done``; what it leaves, and every stack of a power no player decides for, returns
by the defaults of ruling HIS-W06 (``wintering.py``), which run after the decisions. The choices (19.3):

- a stack that must leave (an unfortified space, or a fortified space its power does not control) goes to its
  capital (France, the Hapsburgs and the Ottomans: never, seed 19 removes them there) or to one of the nearest
  fortified spaces its power controls with room (4 land units);
- a stack in a fortified space its power controls, other than the capital, may go to the capital (the Papacy: the
  only player with one).

A stack moves whole, or as many units as the destination holds (mercenaries go first, as HIS-W06 sends them);
its army leaders go with it when it empties the space. Attrition where the path is not friendly (19.3) is that
of ``wintering._send``.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import control, engine, military, restrictions, wintering
from umpire.games.his2p.mapdata import HisMap

State = dict[str, Any]
Action = dict[str, Any]

PLAYERS = ("papacy", "protestant")


def _powers(state: State, role: str) -> list[str]:
    """The powers whose winter return ``role`` decides: its own, and the French, Hapsburg and Ottoman units it
    decides for (seed 11) while they take part in winter (seed 3)."""
    found = [role]
    for power in sorted(restrictions.WINTER_REMOVED):
        if restrictions.takes_part(state, power, "winter") and control.controller(state, power) == role:
            found.append(power)
    return found


def _capitals(board: HisMap, power: str) -> list[str]:
    if power == "protestant":
        return []
    return sorted(s for s in board.home_spaces(power) if board.spaces[s].type == "capital")


def destinations(state: State, board: HisMap, power: str, space: str) -> list[str]:
    """Where ``power``'s land units in ``space`` may winter (19.3): for a stack that must leave, its capital when
    it controls it (not for France, the Hapsburgs, the Ottomans: seed 19) and the nearest controlled fortified
    spaces with room; for a stack in a controlled fortified space other than a capital, the capital. Empty when
    the stack has no choice to make here."""
    capitals = [c for c in _capitals(board, power) if state["spaces"][c]["control"] == power]
    if power in restrictions.WINTER_REMOVED:
        capitals = []
    if not wintering.must_leave(state, board, power, space):
        if space in _capitals(board, power) or not board.spaces[space].fortified:
            return []
        return capitals
    dist = wintering.distances(board, space)
    room = [
        s
        for s in board.spaces
        if board.spaces[s].fortified
        and state["spaces"][s]["control"] == power
        and s not in _capitals(board, power)
        and s in dist
        and b.land_unit_count(state, s, power) < wintering.WINTER_STACK
    ]
    nearest = min((dist[s] for s in room), default=None)
    return sorted({*capitals, *(s for s in room if dist[s] == nearest)})


def options(state: State, board: HisMap, role: str, arrived: list[str] | tuple[str, ...] = ()) -> list[Action]:
    """The stacks ``role`` may send now and where: a stack that must leave with two or more destinations, or a
    stack that may go to its capital; not from a space units reached this winter (units move once)."""
    found: list[Action] = []
    for power in _powers(state, role):
        stacks = [s for s in state["units"] if s in board.spaces and s not in arrived]
        for space in sorted(s for s in stacks if b.land_unit_count(state, s, power)):
            places = destinations(state, board, power, space)
            if len(places) >= 2 or (places and not wintering.must_leave(state, board, power, space)):
                found += [{"type": "winter_move", "power": power, "from": space, "to": dst} for dst in places]
    return found


def begin(state: State, board: HisMap) -> None:
    """Open the players' winter decisions (the Papacy decides first), each only when it has a choice."""
    for role in reversed(PLAYERS):
        if options(state, board, role):
            state["stack"].append({"kind": "winter", "role": role, "arrived": []})


def _legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "done"}, *options(state, board, role, decision["arrived"])]


def _handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "done":
        state["stack"].pop()
        return
    send(state, board, action["power"], action["from"], action["to"])
    decision["arrived"].append(action["to"])
    if not options(state, board, role, decision["arrived"]):
        state["stack"].pop()


def send(state: State, board: HisMap, power: str, space: str, dst: str) -> None:
    """Send ``power``'s land units in ``space`` to ``dst`` (as many as it holds, mercenaries first), with
    19.3's attrition; its army leaders go along when the space is left empty of its land units."""
    count = b.land_unit_count(state, space, power)
    if dst not in _capitals(board, power):
        count = min(count, wintering.WINTER_STACK - b.land_unit_count(state, dst, power))
    group = wintering._take(b.units_of(state, space, power), count)
    wintering._send(state, board, power, space, group, dst)
    if not b.land_unit_count(state, space, power):
        for lid in military.army_leaders_in(state, space, power):
            state["leaders"][lid] = dst
            engine.log(state, f"Winter: {power}'s leader {lid} goes with the units to {board.spaces[dst].name}")
        sieges = state.get("sieges", {})
        if sieges.get(space, {}).get("besieger") == power:  # the besiegers left (as land_war.winter ends it)
            del sieges[space]
            engine.log(state, f"Winter: the siege of {board.spaces[space].name} ends")


engine.decision_kind("winter", _legal, _handle)
