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

A stack moves whole (``winter_move``: as many units as the destination holds, mercenaries first, as HIS-W06 sends
them), or in part (``winter_split``: the player then says how many of each kind go, ``winter_groups.py``); attrition
where the path is not friendly takes the units the player picks, and a leader whose space is left empty goes with a
stack that left it or to the capital (``winter_groups.py``). A squadron at sea with equally near ports goes to the
one the player picks (``winter_ports.py``). A stack with a single destination is offered only when which of its
units go (the room being short) or which attrition takes is a choice.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import control, core, restrictions
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.winter import winter_groups, winter_ports, wintering

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
    dist = wintering.distances(board, space, wintering.sea_rule(state))
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


def _unit_choice(state: State, board: HisMap, power: str, space: str, dst: str) -> bool:
    """Whether sending ``power``'s stack in ``space`` to its single destination ``dst`` leaves a choice: its units
    are of two kinds or more and either the room is short or attrition strikes (19.3)."""
    units = b.units_of(state, space, power)
    if sum(1 for k in wintering.LOSS_ORDER if units.get(k)) < 2:
        return False
    count = b.land_unit_count(state, space, power)
    short = winter_groups.room(state, board, power, dst, count) < count
    return short or not wintering.friendly_path(state, board, power, space, dst)


def options(state: State, board: HisMap, role: str, arrived: list[str] | tuple[str, ...] = ()) -> list[Action]:
    """The stacks ``role`` may send now and where: a stack that must leave with two or more destinations (or one,
    when which units go is a choice), or a stack that may go to its capital; not from a space units reached this
    winter (units move once). Each destination as a whole move and, for two units or more, a split."""
    found: list[Action] = []
    for power in _powers(state, role):
        stacks = [s for s in state["units"] if s in board.spaces and s not in arrived]
        for space in sorted(s for s in stacks if b.land_unit_count(state, s, power)):
            places = destinations(state, board, power, space)
            leaves = wintering.must_leave(state, board, power, space)
            if not (
                len(places) >= 2
                or (places and not leaves)
                or (len(places) == 1 and _unit_choice(state, board, power, space, places[0]))
            ):
                continue
            several = b.land_unit_count(state, space, power) >= 2
            for dst in places:
                found.append({"type": "winter_move", "power": power, "from": space, "to": dst})
                if several:
                    found.append({"type": "winter_split", "power": power, "from": space, "to": dst})
    return found


def choices(state: State, board: HisMap, role: str, arrived: list[str] | tuple[str, ...] = ()) -> list[Action]:
    """Everything ``role`` may still choose in its ``winter`` decision: squadrons' ports, then land stacks."""
    return [*winter_ports.port_options(state, board, _powers(state, role)), *options(state, board, role, arrived)]


def begin(state: State, board: HisMap) -> None:
    """Open the players' winter decisions (the Papacy decides first), each only when it has a choice."""
    for role in reversed(PLAYERS):
        if choices(state, board, role):
            state["stack"].append({"kind": "winter", "role": role, "arrived": []})


def _legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "done"}, *choices(state, board, role, decision["arrived"])]


def _handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "done":
        state["stack"].pop()
        return
    power, src, dst = action["power"], action["from"], action["to"]
    if action["type"] == "winter_port":
        winter_ports.send_squadron(state, board, power, src, dst)
    elif action["type"] == "winter_split":
        winter_groups.start_split(state, board, role, power, src, dst)
        return
    else:
        send(state, board, role, power, src, dst)
    winter_groups.settle(state, board)


def send(state: State, board: HisMap, role: str, power: str, space: str, dst: str) -> None:
    """Send ``power``'s land units in ``space`` to ``dst`` for ``role``: as many as it holds, mercenaries first
    (HIS-W06), with 19.3's attrition and leaders (``winter_groups.dispatch``)."""
    count = winter_groups.room(state, board, power, dst, b.land_unit_count(state, space, power))
    group = wintering.take_units(b.units_of(state, space, power), count)
    winter_groups.dispatch(state, board, role, power, space, group, dst)


core.decision_kind("winter", _legal, _handle)
