"""Moving on after a failed siege (rule book 13.4, its first option; ruling HIS-W11).

When the defenders of a fortified space withdraw inside and the moving formation does not outnumber them, no siege
begins; the mover then either pays again, 1 CP (2 over a pass), to go on to a space next to the fortification, or
goes back, free, where it came from (14.1's limits; ``land_war``'s retreat). The first choice needs CP left in the
card being spent: the ``move_on`` decision goes to the mover's controller (``control.controller``) when it has
that CP decision open below the move; else the mover goes back, as before.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import control, core
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.war import land_war, military

State = dict[str, Any]
Action = dict[str, Any]

#: CP to move on (13.4): as the move actions (11.1), in the clear and over a pass.
COSTS = {"move_formation": 1, "move_over_pass": 2}


def _cp_frame(state: State, role: str) -> dict[str, Any] | None:
    """The CP decision the move is spent from: the nearest ``cp`` decision below, if it is ``role``'s."""
    for decision in reversed(state["stack"]):
        if decision["kind"] == "cp":
            return decision if decision["role"] == role else None
    return None


def _formation(state: State, space: str, power: str) -> dict[str, Any]:
    units = land_war.land_units_of(state, space, power)
    moving: dict[str, Any] = {k: units.get(k, 0) for k in ("regular", "mercenary")}
    if units.get("cavalry"):
        moving["cavalry"] = units["cavalry"]
    moving["leaders"] = land_war.leaders_of(state, space, power)
    return moving


def options(state: State, board: HisMap, role: str, ctx: dict[str, Any]) -> list[Action]:
    """Where the formation may go on to (13.4 option 1): a space next to the fortification (by a pass for 2 CP),
    one it may enter (13.1, seed 13), with the CP left."""
    frame = _cp_frame(state, role)
    if frame is None:
        return []
    here, power = ctx["to"], ctx["power"]
    spot = board.spaces[here]
    found: list[Action] = []
    for kind, targets in (("move_formation", spot.links), ("move_over_pass", spot.passes)):
        if COSTS[kind] > frame["cp"]:
            continue
        found += [
            {"type": "move_on", "how": kind, "to": dst}
            for dst in sorted(targets)
            if military.may_move_into(state, board, power, dst, False)
        ]
    return found


def offer(state: State, board: HisMap, ctx: dict[str, Any]) -> bool:
    """Open the ``move_on`` decision when the mover's controller may move on; False to go back at once."""
    who = control.controller(state, ctx["power"])
    if who is None or ctx.get("after_break") or not options(state, board, who, ctx):
        return False
    state["stack"].append({"kind": "move_on", "role": who, "power": ctx["power"]})
    return True


def _legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "go_back"}, *options(state, board, role, state["land_move"])]


def _handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    if action["type"] == "go_back":
        land_war.proceed(state, board)
        return
    ctx = state.pop("land_move")
    power, here, how = ctx["power"], ctx["to"], action["how"]
    frame = _cp_frame(state, role)
    assert frame is not None
    frame["cp"] -= COSTS[how]
    core.log(state, f"{power} moves on from {board.spaces[here].name} for {COSTS[how]} CP (13.4)")
    move = {"type": how, "from": here, "to": action["to"], **_formation(state, here, power)}
    military.apply(state, board, power, move)


core.decision_kind("move_on", _legal, _handle)
