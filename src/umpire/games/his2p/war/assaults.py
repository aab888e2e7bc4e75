"""The assault action in play (rule book 15.1, 15.3; seed 2.2, 11): offered on spaces in ``state["sieges"]``, rolled
with the rule functions of ``sieges.py``, its losses chosen by their owners' controllers, and its consequences:
the space taken (political control, the garrison's leaders captured, its naval units gone, the siege over) or the
besiegers retreating when they no longer outnumber the garrison.

An assault is ``{"type": "assault", "space": s}``, with ``"power": p`` when a player assaults with the units of
another power (seed 11). The assaulting formation is the largest the besiegers can form (HIS-S01).
Captured army leaders go to ``state["captured"]`` (``{leader: captor}``, HIS-S03).
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core, victory
from umpire.games.his2p import leader_sides as sides
from umpire.games.his2p import restrictions as r
from umpire.games.his2p.control import controller
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.war import military, sieges, windows
from umpire.games.his2p.war.battles import avoid_battle_spaces, hits, loss_choices, roll_share_losses, unowned_losses
from umpire.kernel import rng

State = dict[str, Any]
Action = dict[str, Any]

#: The CP an assault costs every power (11.1, the power cards' action tables).
ASSAULT_CP = 1


def _name(board: HisMap, space: str) -> str:
    return board.spaces[space].name


def _army_leaders(state: State, space: str, powers: set[str]) -> list[str]:
    people = load_people().army_leaders
    return sorted(
        lid
        for lid, where in state["leaders"].items()
        if where == space and lid in people and sides.power_of(state, lid) in powers
    )


def _best(leaders: list[str]) -> int:
    people = load_people().army_leaders
    return max((people[lid].battle for lid in leaders), default=0)


def _land(state: State, space: str, power: str) -> dict[str, int]:
    units = b.units_of(state, space, power)
    return {kind: units[kind] for kind in b.LAND_UNITS if units[kind]}


def defenders(state: State, space: str, besieger: str) -> list[str]:
    """The powers whose land units stand inside a besieged space: every power there not on the besieger's side."""
    side = military.friends(state, besieger)
    return sorted(p for p in state["units"].get(space, {}) if p not in side and b.land_unit_count(state, space, p))


def formation(state: State, space: str, power: str) -> tuple[dict[str, int], list[str]]:
    """HIS-S01: the assaulting formation (15.1 step 1) is every army leader of ``power`` in the space and as many of
    its land units as they may command (5.1), cavalry last since it adds no die."""
    leaders = _army_leaders(state, space, {power})
    room = military.formation_limit(leaders)
    units = _land(state, space, power)
    chosen: dict[str, int] = {}
    for kind in ("regular", "mercenary", "cavalry"):
        take = min(units.get(kind, 0), room)
        if take:
            chosen[kind] = take
            room -= take
    return chosen, leaders


def _squadrons(state: State, where: str, power: str) -> int:
    return b.units_of(state, where, power)["squadron"]


def refusal(state: State, board: HisMap, power: str, space: str) -> str | None:
    """Why ``power`` may not assault ``space`` now, or None: a siege it laid there (``state["sieges"]``), land units
    of its own still outside, a space whose control may change (seed 2.2), then 15.1's requirements
    (``sieges.assault_refusal``) with inputs read from the state."""
    siege = state.get("sieges", {}).get(space)
    if siege is None or siege["besieger"] != power:
        return f"{power} is not besieging {space}"
    if not b.land_unit_count(state, space, power):
        return f"{power} has no land units besieging {_name(board, space)}"
    if not r.may_change_control(board, space):
        return f"{_name(board, space)} never changes political control in this variant (seed 2.2)"
    if r.league_holds(state, space):
        return f"{_name(board, space)} stays Hapsburg for the rest of the game after the Schmalkaldic League"
    count = state["impulse"].get("count", 0)
    owner = state["spaces"][space]["control"]
    seas = sorted(board.spaces[space].ports)
    return sieges.assault_refusal(
        besieged_before_this_impulse=siege["impulse"] < count,
        has_line_of_communication=military.has_loc(state, board, power, space),
        assaulted_this_impulse=siege.get("assaulted") == count,
        defender_squadrons_in_adjacent_seas=sum(_squadrons(state, z, owner) for z in seas),
        defender_squadrons_in_port=_squadrons(state, space, owner),
        attacker_squadrons_in_adjacent_seas=sum(_squadrons(state, z, power) for z in seas),
    )


def assault_actions(state: State, board: HisMap, role: str, cp: int) -> list[Action]:
    """The assaults ``role`` may make with ``cp`` CP left: with its own besieging units, or (seed 11) with those of
    a major power at war with its opponent, the action then naming that ``power``."""
    if cp < ASSAULT_CP:
        return []
    out: list[Action] = []
    for space, siege in sorted(state.get("sieges", {}).items()):
        power = siege["besieger"]
        if power != role and not (power in r.OTHER_MAJORS and r.may_act_for(state, role, power, "assault")):
            continue
        if refusal(state, board, power, space) is None:
            out.append({"type": "assault", "space": space} | ({} if power == role else {"power": power}))
    return out


def why_not(state: State, board: HisMap, role: str, action: Action) -> str:
    """Why an assault ``role`` asked for is refused, naming what is wrong."""
    space, power = action.get("space"), action.get("power", role)
    if not isinstance(space, str) or space not in board.spaces:
        return f"'space' must be a land space under siege, got {space!r}"
    if not isinstance(power, str) or (power != role and not r.may_act_for(state, role, power, "assault")):
        return f"{role} may not act with {power}'s units now: only a major power at war with its opponent (seed 11)"
    return refusal(state, board, power, space) or f"{action} is not an assault {role} may make now"


def apply_assault(state: State, board: HisMap, role: str, action: Action) -> None:
    """15.1 steps 1-11: the combat-card windows (steps 5-6, ``windows.py``), then :func:`roll_assault`."""
    space, power = action["space"], action.get("power", role)
    siege = state["sieges"][space]
    siege["assaulted"] = state["impulse"].get("count", 0)
    state["assault"] = {"space": space, "power": power}
    sides = {windows.ATTACKER: [power], windows.DEFENDER: defenders(state, space, power)}
    if not windows.open_windows(state, windows.ASSAULT, space, sides, AFTER_ASSAULT_WINDOWS):
        roll_assault(state, board)


#: The continuations once an assault's windows close (``windows.py``): before its dice, after them (Siege Artillery).
AFTER_ASSAULT_WINDOWS, AFTER_ASSAULT_DICE = "assault", "assault_dice_rolled"


@core.continuation(AFTER_ASSAULT_WINDOWS)
def _after_assault_windows(state: State, board: HisMap, kept: dict[str, Any]) -> None:
    roll_assault(state, board)


@core.continuation(AFTER_ASSAULT_DICE)
def _after_assault_dice(state: State, board: HisMap, kept: dict[str, Any]) -> None:
    resolve_assault(state, board)


def roll_assault(state: State, board: HisMap) -> None:
    """15.1 steps 3-11 once the windows are closed: roll the assault with the combat cards played, then the losses
    (each power's controller choosing the kinds where there is a choice, HIS-X02), then :func:`_conclude`."""
    space, power = state["assault"]["space"], state["assault"]["power"]
    played = windows.take_played(state)
    if windows.restless_mercenaries(state, space, power, played) and not sieges.siege_holds(
        b.land_unit_count(state, space, power),
        sum(b.land_unit_count(state, space, p) for p in defenders(state, space, power)),
    ):
        state.pop("assault")
        state["sieges"].pop(space, None)
        core.log(state, f"the besiegers of {_name(board, space)} no longer outnumber the garrison: the siege ends")
        break_siege(state, board, space, power)
        return
    units, leaders = formation(state, space, power)
    held = defenders(state, space, power)
    inside: dict[str, int] = {}
    for p in held:
        for kind, n in _land(state, space, p).items():
            inside[kind] = inside.get(kind, 0) + n
    garrison = sum(inside.values())
    a_dice = sieges.assault_dice(units, _best(leaders), garrison) + windows.extra_dice(
        played, windows.ATTACKER, [power]
    )
    d_dice = sieges.assault_defence_dice(inside, _best(_army_leaders(state, space, set(held))))
    a_faces = rng.roll_many(state, f"assault on {space}: attacker", a_dice)
    d_faces = rng.roll_many(state, f"assault on {space}: defender", d_dice)
    core.log(
        state,
        f"{power} assaults {_name(board, space)}: {a_dice} dice {a_faces}, {hits(a_faces)} hit(s); the garrison "
        f"({garrison} land unit(s)) {d_dice} dice {d_faces}, {hits(d_faces)} hit(s)",
    )
    state["assault"] |= {"a_faces": a_faces, "d_faces": d_faces, "garrison": garrison, "held": held}
    in_range = windows.artillery_in_range(state, board, power, space)
    sides = {windows.ATTACKER: [power]} if in_range else {}
    if not windows.open_windows(state, windows.ASSAULT_DICE_ROLLED, space, sides, AFTER_ASSAULT_DICE):
        resolve_assault(state, board)


def resolve_assault(state: State, board: HisMap) -> None:
    """15.1 steps 8-11 once the dice are rolled and the response window closed: Siege Artillery's hits, the
    losses, then :func:`_conclude`."""
    record = state["assault"]
    space, power, garrison, held = record["space"], record["power"], record["garrison"], record["held"]
    extra = windows.artillery_hits(state, space, windows.take_played(state))
    besiegers = b.land_unit_count(state, space, power)
    outcome = sieges.assault(besiegers, garrison, record["a_faces"], record["d_faces"], attacker_extra_hits=extra)
    state["assault"] = {
        "space": space,
        "power": power,
        "taken": outcome.taken,
        "retreat": outcome.besieger_retreats,
        "ended": not outcome.taken and not outcome.still_besieged,
    }
    _losses(state, space, power, min(outcome.defender_hits, besiegers))
    left = min(outcome.attacker_hits, garrison)
    if len(held) == 2:  # two powers defending together share the losses (rule book 5; HIS-X02)
        first, second = ((p, b.land_unit_count(state, space, p)) for p in held)
        shares = dict(zip(held, roll_share_losses(state, space, left, first, second), strict=True))
    else:
        shares = {p: 0 for p in held}
        for p in held:  # one defending power, or more than two (each takes what it can, in order)
            shares[p] = min(left, b.land_unit_count(state, space, p))
            left -= shares[p]
    for p in held:
        _losses(state, space, p, shares[p])
    if not any(d["kind"] == LOSSES for d in state["stack"]):
        _conclude(state, board)


LOSSES = "assault_losses"
RETREAT = "siege_retreat"


def _remove(state: State, space: str, power: str, chosen: dict[str, int]) -> None:
    for kind, n in chosen.items():
        b.add_units(state, space, power, kind, -n)
    if chosen:
        lost = ", ".join(f"{n} {kind}" for kind, n in sorted(chosen.items()))
        core.log(state, f"{power} loses {lost} in {space}")


def _losses(state: State, space: str, power: str, count: int) -> None:
    """Take ``count`` land-unit losses of ``power`` in ``space``: at once when there is no choice, else a decision of
    the power's controller (the engine's fixed order for a power no player controls, HIS-S02)."""
    if count <= 0:
        return
    units = _land(state, space, power)
    choices = loss_choices(units, count)
    who = controller(state, power)
    if len(choices) == 1 or who is None:
        chosen = choices[0] if len(choices) == 1 else unowned_losses(units, count)
        _remove(state, space, power, chosen)
        return
    state["stack"].append({"kind": LOSSES, "role": who, "power": power, "space": space, "count": count})


def _losses_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    units = _land(state, decision["space"], decision["power"])
    return [{"type": "lose", **c} for c in loss_choices(units, decision["count"])]


def _losses_handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    _remove(state, decision["space"], decision["power"], {k: v for k, v in action.items() if k != "type"})
    if not any(d["kind"] == LOSSES for d in state["stack"]):
        _conclude(state, board)


def _conclude(state: State, board: HisMap) -> None:
    """15.1 steps 10-11 and 15.3, once the losses are taken."""
    record = state.pop("assault")
    space, power = record["space"], record["power"]
    if record["taken"]:
        take_space(state, board, space, power)
        return
    if not b.land_unit_count(state, space, power):
        state["sieges"].pop(space, None)
        _leaders_home(state, board, space, power)
        core.log(state, f"the assault on {_name(board, space)} fails: no besieger is left; the siege ends")
        return
    if not record["ended"]:
        core.log(state, f"the assault on {_name(board, space)} fails; the siege goes on")
        return
    state["sieges"].pop(space, None)
    core.log(state, f"the assault on {_name(board, space)} fails and the besiegers no longer outnumber the garrison")
    break_siege(state, board, space, power)


def take_space(state: State, board: HisMap, space: str, power: str) -> None:
    """15.1 step 10: the attacker takes political control; the army leaders inside are captured; the defender's naval
    units in the port are eliminated (they may be rebuilt) and its naval leaders go to the next turn; the siege ends.
    Keys and VP follow from control (board.keys_controlled); a military victory is checked at once (23.1)."""
    before = state["spaces"][space]["control"]
    side = military.friends(state, power)
    state["spaces"][space]["control"] = power
    state["sieges"].pop(space, None)
    people = load_people()
    for lid, where in sorted(state["leaders"].items()):
        if where != space or lid not in people.army_leaders or sides.power_of(state, lid) in side:
            continue
        state["leaders"].pop(lid)
        state.setdefault("captured", {})[lid] = power
        core.log(state, f"{people.army_leaders[lid].name} is captured by {power}")
    for other in sorted(state["units"].get(space, {})):
        if other in side:
            continue
        for kind in b.NAVAL_UNITS:
            n = b.units_of(state, space, other)[kind]
            if n:
                b.add_units(state, space, other, kind, -n)
                core.log(state, f"{other} loses {n} {kind}(s) in the port of {_name(board, space)}")
    for lid, where in sorted(state["leaders"].items()):
        if where == space and lid in people.naval_leaders and people.naval_leaders[lid].power not in side:
            state["leaders"].pop(lid)
            state.setdefault("leaders_next_turn", {})[lid] = people.naval_leaders[lid].power
            core.log(state, f"{people.naval_leaders[lid].name} leaves the map until next turn")
    core.log(state, f"{power} takes {_name(board, space)} (was {before})")
    victory.check_military_victory(state, board)


def break_siege(state: State, board: HisMap, space: str, power: str) -> None:
    """15.3: the besiegers retreat at no CP cost to a next land space friendly to them, not in unrest, free of enemy
    units and open to them (seed 13); their controller picks among several; with none they are eliminated and
    their leaders captured by the space's controller."""
    options = avoid_battle_spaces(state, board, power, space, came_from="")
    who = controller(state, power)
    if len(options) > 1 and who is not None:
        state["stack"].append({"kind": RETREAT, "role": who, "power": power, "space": space})
        return
    if options:
        _retreat(state, board, space, power, options[0])
        return
    for kind, n in _land(state, space, power).items():
        b.add_units(state, space, power, kind, -n)
    owner = state["spaces"][space]["control"]
    for lid in _army_leaders(state, space, {power}):
        state["leaders"].pop(lid)
        state.setdefault("captured", {})[lid] = owner
    core.log(state, f"{power}'s besiegers of {_name(board, space)} have nowhere to retreat and are eliminated")


def _retreat(state: State, board: HisMap, space: str, power: str, dst: str) -> None:
    for kind, n in _land(state, space, power).items():
        b.add_units(state, space, power, kind, -n)
        b.add_units(state, dst, power, kind, n)
    for lid in _army_leaders(state, space, {power}):
        state["leaders"][lid] = dst
    core.log(state, f"{power}'s besiegers retreat from {_name(board, space)} to {_name(board, dst)} (15.3)")


def _leaders_home(state: State, board: HisMap, space: str, power: str) -> None:
    """15.1 step 11 (9.3 step 6): attacking leaders left without units go to the nearest fortified space their power
    controls (by land connections, then name), else leave the map (HIS-S04)."""
    leaders = _army_leaders(state, space, {power})
    if not leaders:
        return
    hops = board.hops(space)
    fortified = sorted(
        (d, s)
        for s, d in hops.items()
        if s != space and board.spaces[s].fortified and state["spaces"][s]["control"] == power
    )
    for lid in leaders:
        if fortified:
            state["leaders"][lid] = fortified[0][1]
        else:
            state["leaders"].pop(lid)
            state.setdefault("leaders_off_map", {}).setdefault(power, []).append(lid)
    where = _name(board, fortified[0][1]) if fortified else "off the map"
    core.log(state, f"{power}'s leaders before {_name(board, space)} go to {where}")


def _retreat_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    options = avoid_battle_spaces(state, board, decision["power"], decision["space"], came_from="")
    return [{"type": "retreat", "to": s} for s in options]


def _retreat_handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    _retreat(state, board, decision["space"], decision["power"], action["to"])


core.decision_kind(LOSSES, _losses_legal, _losses_handle)
core.decision_kind(RETREAT, _retreat_legal, _retreat_handle)
