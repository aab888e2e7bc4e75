"""Naval war in play (rule book 16.1 steps 4-7, 16.2; seed 11): what follows a naval move once its units are moved.

The naval move itself is ``military.py``'s ``naval`` decision (HIS-W07); when the mover says ``done``,
:func:`after_move` runs 16.1's later steps over the places the move's units entered: naval interception by enemy
stacks next to a sea zone entered (each a decision of their controller: try or decline), avoiding battle by enemy
stacks in such a sea zone (a decision: a destination or stay), then a naval battle wherever the mover's and an
enemy's naval units share a sea zone or port (``naval.roll_naval_battle``), with its losses and the retreat of
16.2 step 9 (a decision when there is a choice). The run is kept in ``state["naval_war"]`` between decisions.

Seed 11: a player may make a naval move with the naval units of a major power at war with its opponent
(``{"type": "naval_move", "power": p}``); when the Papacy does, its own squadrons may move too.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core
from umpire.games.his2p import restrictions as r
from umpire.games.his2p.control import controller
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.war import military, naval, windows
from umpire.games.his2p.war.battles import ATTACKER, roll_reaction

State = dict[str, Any]
Action = dict[str, Any]

#: The CP a naval move costs every power (11.1, the power cards).
NAVAL_MOVE_CP = 1
INTERCEPT = "naval_intercept"
AVOID = "naval_avoid"
RETREAT = "naval_retreat"


def _name(board: HisMap, where: str) -> str:
    return board.spaces[where].name if where in board.spaces else board.seas[where].name


def _fleet(state: State, where: str, power: str) -> tuple[int, int]:
    units = b.units_of(state, where, power)
    return units["squadron"], units["corsair"]


def _naval_leaders(state: State, where: str, power: str) -> list[str]:
    people = load_people().naval_leaders
    return sorted(
        lid for lid, at in state["leaders"].items() if at == where and lid in people and people[lid].power == power
    )


def _rating(state: State, where: str, power: str) -> int:
    people = load_people().naval_leaders
    return max((people[lid].battle for lid in _naval_leaders(state, where, power)), default=0)


def _move_fleet(state: State, power: str, src: str, dst: str) -> dict[str, int]:
    """Move every naval unit and naval leader of ``power`` from ``src`` to ``dst``; returns the units moved."""
    moved: dict[str, int] = {}
    for kind in b.NAVAL_UNITS:
        n = b.units_of(state, src, power)[kind]
        if n:
            b.add_units(state, src, power, kind, -n)
            b.add_units(state, dst, power, kind, n)
            moved[kind] = n
    for lid in _naval_leaders(state, src, power):
        state["leaders"][lid] = dst
    return moved


def _mark_defeated(state: State, power: str, where: str, units: dict[str, int]) -> None:
    """16.1: naval units of a stack that lost a naval battle may not move again this impulse; they are kept in
    ``state["naval_defeated"]`` with the impulse's number."""
    count = state["impulse"].get("count", 0)
    record = state.get("naval_defeated")
    if record is None or record["impulse"] != count:
        record = state["naval_defeated"] = {"impulse": count, "units": {}}
    held = record["units"].setdefault(power, {})
    for kind, n in units.items():
        per_kind = held.setdefault(kind, {})
        per_kind[where] = per_kind.get(where, 0) + n


def held(state: State, power: str, kind: str) -> dict[str, int]:
    """Where ``power``'s naval units of ``kind`` that lost a battle this impulse stand, and how many (16.1)."""
    record = state.get("naval_defeated")
    if record is None or record["impulse"] != state["impulse"].get("count", 0):
        return {}
    return dict(record["units"].get(power, {}).get(kind, {}))


def not_free(state: State, power: str, kind: str, moved: dict[str, int]) -> dict[str, int]:
    """The units of ``kind`` that may not move (again) in this naval move: those moved already and those beaten."""
    out = dict(moved)
    for where, n in held(state, power, kind).items():
        out[where] = out.get(where, 0) + n
    return out


# --- proxy naval moves (seed 11) --------------------------------------------------------------------------------


def proxy_powers(state: State, role: str) -> list[str]:
    """The major powers whose naval units ``role`` may move (seed 11): at war with its opponent, with naval units
    on the map."""
    return [
        p
        for p in r.OTHER_MAJORS
        if r.may_act_for(state, role, p, "naval_move")
        and (
            _has_fleet(state, p)
            or any(_has_fleet(state, m) for m, a in state.get("minor_allies", {}).items() if a == p)
        )
    ]


def proxy_naval_moves(state: State, role: str, cp: int) -> list[Action]:
    """Naval moves ``role`` may make for another major power (seed 11), 1 CP each (11.1)."""
    if cp < NAVAL_MOVE_CP:
        return []
    return [{"type": "naval_move", "power": p} for p in proxy_powers(state, role)]


#: Minor powers whose naval units never enter the Atlantic Ocean (16.1).
NOT_IN_THE_ATLANTIC = frozenset({"genoa", "venice"})
ATLANTIC = "atlantic_ocean"


def fleet_powers(state: State, decision: dict[str, Any]) -> list[str]:
    """The powers other than the mover's own whose naval units move in this naval move (16.1: a power's active
    minor allies move with it; seed 11: the major power a proxy move is made for, and its minor allies)."""
    majors = [decision["role"], *([decision["proxy"]] if decision.get("proxy") else [])]
    minors = sorted(m for m, major in state.get("minor_allies", {}).items() if major in majors)
    return [p for p in [*majors[1:], *minors] if p != decision["role"]]


def _has_fleet(state: State, power: str) -> bool:
    return any(stacks.get(power, {}).get(k) for stacks in state["units"].values() for k in b.NAVAL_UNITS)


def proxy_sails(state: State, board: HisMap, decision: dict[str, Any]) -> list[Action]:
    """The moves of the other powers' naval units in a naval move (:func:`fleet_powers`; 16.1): each squadron and
    corsair once, a group of one kind from one place to an adjacent one at a time (HIS-W07); never a Genoese or
    Venetian ship into the Atlantic."""
    out: list[Action] = []
    for power in fleet_powers(state, decision):
        moved = decision.get("moved_by", {}).get(power, {})
        for where in sorted(state["units"]):
            for kind, key in (("squadron", "squadrons"), ("corsair", "corsairs")):
                gone = not_free(state, power, kind, moved.get(kind, {})).get(where, 0)
                free = b.units_of(state, where, power)[kind] - gone
                for dst in sorted(military.naval_neighbours(board, where)) if free > 0 else []:
                    if power in NOT_IN_THE_ATLANTIC and dst == ATLANTIC:
                        continue
                    if military.may_sail_into(state, board, power, dst):
                        step = {"type": "sail", "power": power, "from": where, "to": dst}
                        out += [step | {key: n} for n in range(1, free + 1)]
    return out


def allied_fleets_may_sail(state: State, board: HisMap, role: str) -> bool:
    """Whether a naval move of ``role``'s own would move anything of its minor allies (16.1)."""
    return bool(proxy_sails(state, board, {"kind": "naval", "role": role, "moved": {}}))


def apply_proxy_sail(state: State, board: HisMap, decision: dict[str, Any], action: Action) -> None:
    """Move a group of another power's naval units; its naval leaders go with the last units leaving their place
    (16.1; HIS-S07)."""
    power, src, dst = action["power"], action["from"], action["to"]
    kind, n = ("squadron", action["squadrons"]) if "squadrons" in action else ("corsair", action["corsairs"])
    b.add_units(state, src, power, kind, -n)
    b.add_units(state, dst, power, kind, n)
    per_kind = decision.setdefault("moved_by", {}).setdefault(power, {}).setdefault(kind, {})
    per_kind[dst] = per_kind.get(dst, 0) + n
    if not any(_fleet(state, src, power)):
        for lid in _naval_leaders(state, src, power):
            state["leaders"][lid] = dst
    core.log(state, f"{power} moves {n} {kind}(s) from {_name(board, src)} to {_name(board, dst)}")


# --- after the move: interception, avoiding battle, battles (16.1 steps 4-7) -------------------------------------


def _entered(decision: dict[str, Any]) -> list[tuple[str, str]]:
    """(power, place) for every place the move's units entered."""
    out = {(decision["role"], where) for where in decision["moved"]}
    for power, kinds in decision.get("moved_by", {}).items():
        out |= {(power, where) for per in kinds.values() for where in per}
    return sorted(out)


def _enemies(state: State, power: str, where: str) -> list[str]:
    return sorted(
        p for p in state["units"].get(where, {}) if r.at_war(state, power, p) and any(_fleet(state, where, p))
    )


def after_move(state: State, board: HisMap, decision: dict[str, Any]) -> None:
    """16.1 steps 4-7 once the naval move's units are moved (the ``naval`` decision closed by ``done``)."""
    entered = [[p, w] for p, w in _entered(decision) if any(_fleet(state, w, p))]
    chances = [
        [power, origin, sea, mover]
        for mover, sea in entered
        if sea in board.seas
        for origin in sorted(military.naval_neighbours(board, sea))
        for power in _enemies(state, mover, origin)
        if naval.naval_interception_refusal(state, board, power, mover, origin, sea) is None
    ]
    state["naval_war"] = {"entered": entered, "step": "intercept", "queue": chances, "intercepted": []}
    resume(state, board)


#: The continuation once a naval battle's combat-card windows close (``windows.py``): the naval war goes on.
AFTER_WINDOWS = "naval"


@core.continuation(AFTER_WINDOWS)
def _after_windows(state: State, board: HisMap, kept: dict[str, Any]) -> None:
    resume(state, board)


def resume(state: State, board: HisMap) -> None:
    """Run the naval war of the current naval move on until a player must decide, or it is over."""
    war = state["naval_war"]
    while True:
        if war["queue"]:
            item = war["queue"].pop(0)
            if _offer(state, board, war, item):
                return
            continue
        if war["step"] == "intercept":
            war["step"] = "avoid"
            war["queue"] = [
                [power, sea, mover]
                for mover, sea in war["entered"]
                if sea in board.seas and sea not in war["intercepted"]
                for power in _enemies(state, mover, sea)
            ]
        elif war["step"] == "avoid":
            war["step"] = "battle"
            war["queue"] = [
                [mover, where, enemy] for mover, where in war["entered"] for enemy in _enemies(state, mover, where)
            ]
        else:
            state.pop("naval_war")
            return


def _offer(state: State, board: HisMap, war: dict[str, Any], item: list[str]) -> bool:
    """Open the decision (or fight the battle) of one queued item; True if a player must now decide."""
    step = war["step"]
    if step == "intercept":
        power, origin, sea, mover = item
        who = controller(state, power)
        if sea in war["intercepted"] or not any(_fleet(state, origin, power)) or who is None:
            return False
        state["stack"].append({"kind": INTERCEPT, "role": who, "power": power, "from": origin, "to": sea})
        return True
    if step == "avoid":
        power, sea, mover = item
        who = controller(state, power)
        if not any(_fleet(state, sea, power)) or not any(_fleet(state, sea, mover)) or who is None:
            return False
        if not naval.naval_avoid_destinations(state, board, power, sea):
            return False
        state["stack"].append({"kind": AVOID, "role": who, "power": power, "sea": sea})
        return True
    mover, where, enemy = item
    if not any(_fleet(state, where, mover)) or not any(_fleet(state, where, enemy)):
        return False
    sides = {windows.ATTACKER: [mover], windows.DEFENDER: [enemy]}
    if "combat_cards" not in state and windows.open_windows(state, windows.NAVAL_BATTLE, where, sides, AFTER_WINDOWS):
        war["queue"].insert(0, item)  # 16.2: the combat-card windows first; the battle is fought when they close
        return True
    return fight(state, board, mover, enemy, where)


def fight(state: State, board: HisMap, attacker: str, defender: str, where: str) -> bool:
    """16.2: a naval battle between the mover and one enemy in a sea zone or port (an enemy's units in its port get
    the extra die), losses, naval leaders of a side wiped out to the next turn, then step 9's retreat. True if the
    retreating side's controller must choose where."""
    in_port = where in board.spaces
    a, d = _fleet(state, where, attacker), _fleet(state, where, defender)
    played = windows.take_played(state)
    result = naval.roll_naval_battle(
        state,
        where,
        a,
        _rating(state, where, attacker),
        d,
        _rating(state, where, defender),
        in_port=in_port,
        attacker_extra=windows.extra_dice(played, windows.ATTACKER, [attacker]),
        defender_extra=windows.extra_dice(played, windows.DEFENDER, [defender]),
    )
    winner = attacker if result.winner == ATTACKER else defender
    core.log(
        state,
        f"naval battle at {_name(board, where)}: {attacker} {result.attacker_hits} hit(s), {defender} "
        f"{result.defender_hits} hit(s); {winner} wins",
    )
    for power, (squadrons, corsairs), gone in (
        (attacker, result.attacker_losses, result.attacker_leaders_to_turn_track),
        (defender, result.defender_losses, result.defender_leaders_to_turn_track),
    ):
        for kind, n in (("squadron", squadrons), ("corsair", corsairs)):
            if n:
                b.add_units(state, where, power, kind, -n)
                core.log(state, f"{power} loses {n} {kind}(s) at {_name(board, where)}")
        if gone or not any(_fleet(state, where, power)):
            _leaders_to_next_turn(state, board, where, power)
    loser = defender if winner == attacker else attacker
    retreating = attacker if in_port else loser
    if loser != retreating and any(_fleet(state, where, loser)):
        _mark_defeated(state, loser, where, dict(zip(b.NAVAL_UNITS, _fleet(state, where, loser), strict=True)))
    if not any(_fleet(state, where, retreating)):
        return False
    return _retreat(state, board, retreating, where, in_port=in_port, beaten=retreating == loser)


def _leaders_to_next_turn(state: State, board: HisMap, where: str, power: str) -> None:
    for lid in _naval_leaders(state, where, power):
        state["leaders"].pop(lid)
        state.setdefault("leaders_next_turn", {})[lid] = power
        core.log(state, f"{load_people().naval_leaders[lid].name} leaves the map until next turn (16.2 step 10)")


def _retreat(state: State, board: HisMap, power: str, where: str, *, in_port: bool, beaten: bool) -> bool:
    """16.2 step 9: a decision of the retreating power's controller among several places; one is taken at once;
    with none the units are eliminated (their leaders to the next turn)."""
    options = naval.naval_retreats(state, board, power, where, in_port=in_port)
    who = controller(state, power)
    if len(options) > 1 and who is not None:
        state["stack"].append(
            {"kind": RETREAT, "role": who, "power": power, "from": where, "in_port": in_port, "beaten": beaten}
        )
        return True
    if options:
        moved = _move_fleet(state, power, where, options[0])
        if beaten:
            _mark_defeated(state, power, options[0], moved)
        core.log(state, f"{power}'s naval units retreat from {_name(board, where)} to {_name(board, options[0])}")
        return False
    for kind in b.NAVAL_UNITS:
        n = b.units_of(state, where, power)[kind]
        if n:
            b.add_units(state, where, power, kind, -n)
    _leaders_to_next_turn(state, board, where, power)
    core.log(state, f"{power}'s naval units at {_name(board, where)} have nowhere to retreat and are eliminated")
    return False


# --- naval leaders back from the turn track (8.2) --------------------------------------------------------------


def return_naval_leaders(state: State, board: HisMap) -> None:
    """8.2: in the Card Draw Phase the naval leaders sent off the map (16.2 step 10, 15.1 step 10) come back to a port
    friendly to their power, one holding its ships first, then the first by name (HIS-S09); with no such port they
    wait another turn."""
    waiting = state.get("leaders_next_turn", {})
    for lid, power in sorted(waiting.items()):
        friendly = military.friends(state, power)
        ports = [
            s for s in sorted(board.spaces) if board.spaces[s].is_port and state["spaces"][s]["control"] in friendly
        ]
        if not ports:
            continue
        with_ships = [s for s in ports if any(_fleet(state, s, power))]
        where = (with_ships or ports)[0]
        state["leaders"][lid] = where
        del waiting[lid]
        core.log(state, f"{load_people().naval_leaders[lid].name} returns in {_name(board, where)} (8.2)")
    if not waiting:
        state.pop("leaders_next_turn", None)


# --- the decisions -----------------------------------------------------------------------------------------------


def _intercept_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "intercept"}, {"type": "decline"}]


def _intercept_handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    """16.1 step 4: 2d6 + the best naval leader's battle rating, 9 or more: the stack joins the sea zone entered."""
    state["stack"].pop()
    power, origin, sea = decision["power"], decision["from"], decision["to"]
    if action["type"] == "intercept":
        purpose = f"naval interception by {power} from {origin} into {sea}"
        if roll_reaction(state, purpose, _rating(state, origin, power)):
            _move_fleet(state, power, origin, sea)
            state["naval_war"]["intercepted"].append(sea)
            core.log(state, f"{power} intercepts from {_name(board, origin)} into {_name(board, sea)}")
        else:
            core.log(state, f"{power} fails to intercept from {_name(board, origin)} into {_name(board, sea)}")
    resume(state, board)


def _avoid_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    dsts = naval.naval_avoid_destinations(state, board, decision["power"], decision["sea"])
    return [*({"type": "avoid", "to": d} for d in dsts), {"type": "stay"}]


def _avoid_handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    """16.1 step 5: all the power's naval units in the sea zone try together, 2d6 + best rating, 9 or more."""
    state["stack"].pop()
    power, sea = decision["power"], decision["sea"]
    if action["type"] == "avoid":
        purpose = f"{power} avoids naval battle in {sea}"
        if roll_reaction(state, purpose, _rating(state, sea, power)):
            _move_fleet(state, power, sea, action["to"])
            core.log(state, f"{power} avoids battle: from {_name(board, sea)} to {_name(board, action['to'])}")
        else:
            core.log(state, f"{power} fails to avoid battle in {_name(board, sea)}")
    resume(state, board)


def _retreat_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    dsts = naval.naval_retreats(state, board, decision["power"], decision["from"], in_port=decision["in_port"])
    return [{"type": "retreat", "to": d} for d in dsts]


def _retreat_handle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    moved = _move_fleet(state, decision["power"], decision["from"], action["to"])
    if decision["beaten"]:
        _mark_defeated(state, decision["power"], action["to"], moved)
    core.log(
        state,
        f"{decision['power']}'s naval units retreat from {_name(board, decision['from'])} to "
        f"{_name(board, action['to'])}",
    )
    resume(state, board)


core.decision_kind(INTERCEPT, _intercept_legal, _intercept_handle)
core.decision_kind(AVOID, _avoid_legal, _avoid_handle)
core.decision_kind(RETREAT, _retreat_legal, _retreat_handle)
