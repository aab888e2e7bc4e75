"""The finer winter choices, step by step (rule book 19.3; seed 19; ruling HIS-W09).

Made within the ``winter`` decision (``winter_choices.py``) by the player who decides for the units:

- ``winter_units``: which units of a stack go to a destination, one kind at a time (how many mercenaries, then
  regulars, then cavalry), within the destination's room; units going from one space to one destination move as
  one stack (19.3), so the group is sent only when chosen;
- ``winter_losses``: which units attrition takes from a stack whose path is not friendly (19.3: half, rounded up,
  "chosen by the owner"), one unit at a time;
- ``winter_leader``: where an army leader goes when his space is left empty (19.3 step 3: with one of the stacks
  that left it, or straight to his capital).

Each step lists at most one action per count of one kind, per kind or per destination, never the partitions.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core, restrictions
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.war import military
from umpire.games.his2p.winter import winter_choices, wintering

State = dict[str, Any]
Action = dict[str, Any]


def capital(state: State, board: HisMap, power: str) -> str | None:
    """The capital ``power``'s leaders and units may winter in (19.3): its own, when it controls it; none for the
    Protestant, nor for France, the Hapsburgs and the Ottomans (seed 19 removes what would go there)."""
    if power == "protestant" or power in restrictions.WINTER_REMOVED:
        return None
    cap = military.capital_of(board, power)
    return cap if cap and state["spaces"][cap]["control"] == power else None


def room(state: State, board: HisMap, power: str, dst: str, count: int) -> int:
    """How many of ``count`` land units ``dst`` takes: all in a capital, else up to 4 in all (19.3)."""
    if dst in board.home_spaces(power) and board.spaces[dst].type == "capital":
        return count
    return max(0, min(count, wintering.WINTER_STACK - b.land_unit_count(state, dst, power)))


def winter_decision(state: State, role: str) -> dict[str, Any] | None:
    """The open ``winter`` decision of ``role`` (under any of its steps), or None."""
    for decision in reversed(state["stack"]):
        if decision["kind"] == "winter" and decision["role"] == role:
            found: dict[str, Any] = decision
            return found
    return None


# --- which units go ---------------------------------------------------------------------------------------------


def start_split(state: State, board: HisMap, role: str, power: str, src: str, dst: str) -> None:
    """Open the choice of which of ``power``'s units in ``src`` go to ``dst``."""
    units = b.units_of(state, src, power)
    state["stack"].append(
        {
            "kind": "winter_units",
            "role": role,
            "power": power,
            "from": src,
            "to": dst,
            "room": room(state, board, power, dst, b.land_unit_count(state, src, power)),
            "kinds": [k for k in wintering.LOSS_ORDER if units.get(k)],
            "chosen": {},
        }
    )


def _units_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    kind = decision["kinds"][0]
    chosen = sum(decision["chosen"].values())
    top = min(b.units_of(state, decision["from"], decision["power"])[kind], decision["room"] - chosen)
    least = 1 if len(decision["kinds"]) == 1 and not chosen else 0
    return [{"type": "winter_count", "kind": kind, "count": n} for n in range(least, top + 1)]


def _units_handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    """19.3: the player says how many units of one kind go; after the last kind (or when the room is full) the
    group leaves as one stack."""
    if action["count"]:
        decision["chosen"][action["kind"]] = action["count"]
    decision["kinds"].pop(0)
    if decision["kinds"] and sum(decision["chosen"].values()) < decision["room"]:
        return
    state["stack"].pop()
    dispatch(state, board, role, decision["power"], decision["from"], dict(decision["chosen"]), decision["to"])
    settle(state, board)


# --- the move, attrition and leaders ----------------------------------------------------------------------------


def dispatch(state: State, board: HisMap, role: str, power: str, src: str, group: dict[str, int], dst: str) -> None:
    """Send ``group`` of ``power``'s land units from ``src`` to ``dst`` for ``role`` (19.3): attrition when no
    friendly path (the player picks the losses when the group holds more than one kind), and the choice of the
    leaders when ``src`` is left empty. Sub-decisions are pushed above the ``winter`` decision."""
    for kind, n in group.items():
        b.add_units(state, src, power, kind, -n)
    total = sum(group.values())
    winter = winter_decision(state, role)
    left = [dst]
    if winter is not None:
        winter["arrived"].append(dst)
        left = winter.setdefault("left", {}).setdefault(src, [])
        if dst not in left:
            left.append(dst)
    if not b.land_unit_count(state, src, power):
        _leaders_leave(state, board, role, power, src, left)
        _siege_ends(state, board, power, src)
    losses = {
        "kind": "winter_losses",
        "role": role,
        "power": power,
        "from": src,
        "to": dst,
        "group": {k: n for k, n in group.items() if n},
        "total": total,
        "left": 0 if wintering.friendly_path(state, board, power, src, dst) else (total + 1) // 2,
    }
    if not _finish_losses(state, board, losses):
        state["stack"].append(losses)


def _finish_losses(state: State, board: HisMap, decision: dict[str, Any]) -> bool:
    """Take the losses that leave no choice (one kind left); deliver the group once all are taken. Whether done."""
    group = decision["group"]
    kinds = [k for k, n in group.items() if n]
    if decision["left"] and len(kinds) == 1:
        group[kinds[0]] -= decision["left"]
        decision["left"] = 0
    if decision["left"]:
        return False
    power, src, dst = decision["power"], decision["from"], decision["to"]
    here = board.spaces[src].name
    kept = sum(group.values())
    if kept < decision["total"]:
        lost, total = decision["total"] - kept, decision["total"]
        core.log(state, f"Winter: {power} loses {lost} of {total} unit(s) to attrition returning from {here}")
    for kind, n in group.items():
        if n:
            b.add_units(state, dst, power, kind, n)
    if kept:
        core.log(state, f"Winter: {power} returns {kept} unit(s) from {here} to {board.spaces[dst].name}")
    return True


def _losses_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "winter_lose", "kind": k} for k in wintering.LOSS_ORDER if decision["group"].get(k)]


def _losses_handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    """19.3: attrition takes half the stack, rounded up, units chosen by the owner: one unit at a time."""
    decision["group"][action["kind"]] -= 1
    decision["left"] -= 1
    if _finish_losses(state, board, decision):
        state["stack"].pop()
        settle(state, board)


def _leaders_leave(state: State, board: HisMap, role: str, power: str, src: str, left: list[str]) -> None:
    """19.3 step 3: the army leaders of a space the units left go with one of the stacks that left it, or straight
    to the capital; asked when there is more than one such place (France's, the Hapsburgs' and the Ottomans'
    leaders leave the map this winter anyway, seed 19: they go with the units)."""
    leaders = military.army_leaders_in(state, src, power)
    if not leaders:
        return
    places = list(left)
    cap = capital(state, board, power)
    if cap and cap not in places:
        places.append(cap)
    if len(places) == 1:
        for lid in leaders:
            _move_leader(state, board, power, lid, places[0])
        return
    state["stack"].append(
        {"kind": "winter_leader", "role": role, "power": power, "from": src, "leaders": leaders, "places": places}
    )


def _move_leader(state: State, board: HisMap, power: str, lid: str, dst: str) -> None:
    state["leaders"][lid] = dst
    core.log(state, f"Winter: {power}'s leader {lid} goes to {board.spaces[dst].name}")


def _leader_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    lid = decision["leaders"][0]
    return [{"type": "winter_leader", "leader": lid, "to": dst} for dst in decision["places"]]


def _leader_handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    """19.3 step 3: one leader at a time, with a stack that left his space or to the capital."""
    _move_leader(state, board, decision["power"], action["leader"], action["to"])
    decision["leaders"].pop(0)
    if not decision["leaders"]:
        state["stack"].pop()
        settle(state, board)


def _siege_ends(state: State, board: HisMap, power: str, src: str) -> None:
    sieges = state.get("sieges", {})
    if sieges.get(src, {}).get("besieger") == power:  # the besiegers left (as land_war.winter ends it)
        del sieges[src]
        core.log(state, f"Winter: the siege of {board.spaces[src].name} ends")


def settle(state: State, board: HisMap) -> None:
    """Close the ``winter`` decisions on top of the stack that have nothing left to choose."""
    while state["stack"] and state["stack"][-1]["kind"] == "winter":
        decision = state["stack"][-1]
        if winter_choices.choices(state, board, decision["role"], decision["arrived"]):
            return
        state["stack"].pop()


core.decision_kind("winter_units", _units_legal, _units_handle)
core.decision_kind("winter_losses", _losses_legal, _losses_handle)
core.decision_kind("winter_leader", _leader_legal, _leader_handle)
