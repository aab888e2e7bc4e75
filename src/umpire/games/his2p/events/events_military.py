"""Military events that need no battle (each card's text in umpire's words; seed 11, 13 and 14 for who acts):
City State Rebels, Foreign Recruits, Ransom, Unpaid Mercenaries, Unsanitary Camp.

Decisions: ``recruits`` (build with the card's CP anywhere the player controls), ``ransom`` (the captured leader
freed) and ``ransom_home`` (where he goes), ``unpaid`` (the stack whose mercenaries leave), ``camp`` (the stack
stricken) and ``camp_losses`` (which of its units are lost), ``rebels`` (the key that rises) and ``rebel_losses``
(the units the rebels' hits cost).
"""

from __future__ import annotations

import itertools
from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import control, core, restrictions
from umpire.games.his2p.events.events import event
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.war import land_war, military
from umpire.kernel import rng

State = dict[str, Any]
Action = dict[str, Any]

PROTESTANT = "protestant"
CITY_STATE_REBELS, FOREIGN_RECRUITS, RANSOM, UNPAID_MERCENARIES, UNSANITARY_CAMP = 71, 76, 91, 106, 107
#: CP Foreign Recruits gives to spend on building.
RECRUITS_CP = 4


def _name(board: HisMap, space: str) -> str:
    return board.spaces[space].name if space in board.spaces else space


def decider(state: State, power: str, player: str) -> str:
    """Who chooses for ``power``'s units (seed 11, ``control.controller``); when no player may, the player of the
    card (HIS-V13)."""
    return control.controller(state, power) or player


def _besieged(state: State, space: str) -> bool:
    return space in state.get("sieges", {})


def _siege_check(state: State, board: HisMap, space: str) -> None:
    """A siege whose besiegers lost units may end (15.2, 15.3): the land war's own check."""
    land_war.check_siege_holds(state, board, space)


# --- Foreign Recruits ------------------------------------------------------------------------------------------


def recruit_spaces(state: State, board: HisMap, power: str) -> list[str]:
    """Where Foreign Recruits builds for ``power`` (card #76): any space it controls that is not under siege
    (not only home spaces), not in unrest, with no enemy units, where its units may stand (seed 13)."""
    return [
        s
        for s in sorted(board.spaces)
        if state["spaces"][s]["control"] == power
        and not _besieged(state, s)
        and not b.in_unrest(state, s)
        and not military.enemy_units(state, s, power)
        and restrictions.may_enter(state, board, power, s)
    ]


def _recruits_condition(state: State, board: HisMap, power: str) -> str | None:
    if power == PROTESTANT and not military.league(state):
        return "the Protestant builds no units before the Schmalkaldic League (21.6)"
    if not recruit_spaces(state, board, power):
        return "you control no space where units may be built"
    return None


def _recruits_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    spaces = recruit_spaces(state, board, role)
    return [*military.builds_in(state, board, role, decision["cp"], spaces), {"type": "done"}]


def _on_recruits(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "done":
        state["stack"].pop()
        return
    decision["cp"] -= military.COSTS[role][action["type"]]
    military.apply_build(state, board, role, action)
    if len(_recruits_legal(state, board, role, decision)) == 1:
        state["stack"].pop()


core.decision_kind("recruits", _recruits_legal, _on_recruits)


@event(FOREIGN_RECRUITS, _recruits_condition)
def foreign_recruits(state: State, board: HisMap, power: str) -> None:
    """#76 Foreign Recruits: 4 CP to build units of the player's own power (seed 14: never another power's) in any
    space it controls that is not under siege; the Protestant only after the Schmalkaldic League (21.6)."""
    core.log(state, f"Foreign Recruits: {power} spends {RECRUITS_CP} CP on units anywhere it controls")
    state["stack"].append({"kind": "recruits", "role": power, "cp": RECRUITS_CP})


# --- Ransom ------------------------------------------------------------------------------------------------------


def _leader_power(leader: str) -> str | None:
    people = load_people().army_leaders
    return people[leader].power if leader in people else None


def ransom_homes(state: State, board: HisMap, leader: str) -> list[str]:
    """Where a ransomed leader may go (card #91): a fortified home space of his power that it controls."""
    power = _leader_power(leader)
    if power is None:
        return []
    return [s for s in board.home_spaces(power) if board.spaces[s].fortified and state["spaces"][s]["control"] == power]


def _ransomable(state: State, board: HisMap) -> list[str]:
    return sorted(lid for lid in state.get("captured", {}) if ransom_homes(state, board, lid))


def _ransom_condition(state: State, board: HisMap, power: str) -> str | None:
    if not _ransomable(state, board):
        return "no captured leader has a fortified home space under his power's control to go to"
    return None


def _ransom_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "ransom", "leader": lid} for lid in _ransomable(state, board)]


def _on_ransom(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    leader = action["leader"]
    power = _leader_power(leader)
    assert power is not None
    state["stack"].append({"kind": "ransom_home", "role": decider(state, power, role), "leader": leader})


def _ransom_home_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "place", "space": s} for s in ransom_homes(state, board, decision["leader"])]


def _on_ransom_home(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    leader = decision["leader"]
    state["captured"].pop(leader)
    if not state["captured"]:
        state.pop("captured")
    state["leaders"][leader] = action["space"]
    name = load_people().army_leaders[leader].name
    core.log(state, f"Ransom: {name} is freed and returns to {_name(board, action['space'])}")


core.decision_kind("ransom", _ransom_legal, _on_ransom)
core.decision_kind("ransom_home", _ransom_home_legal, _on_ransom_home)


@event(RANSOM, _ransom_condition)
def ransom(state: State, board: HisMap, power: str) -> None:
    """#91 Ransom: the player frees a captured army leader of any power; he returns at once to a fortified home
    space of his power, which the player deciding for that power picks (seed 11, HIS-V13)."""
    core.log(state, "Ransom: a captured leader is freed")
    state["stack"].append({"kind": "ransom", "role": power})


# --- Unpaid Mercenaries ----------------------------------------------------------------------------------------


def mercenary_stacks(state: State) -> list[tuple[str, str]]:
    """(space, power) of every stack holding mercenaries (card #106 names one power's in one space)."""
    return sorted(
        (space, power)
        for space, stacks in state["units"].items()
        for power, units in stacks.items()
        if units.get("mercenary", 0) > 0
    )


def _unpaid_condition(state: State, board: HisMap, power: str) -> str | None:
    return None if mercenary_stacks(state) else "no mercenaries are on the map"


def _unpaid_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "unpaid", "space": s, "power": p} for s, p in mercenary_stacks(state)]


def _on_unpaid(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    space, power = action["space"], action["power"]
    count = b.units_of(state, space, power)["mercenary"]
    b.add_units(state, space, power, "mercenary", -count)
    core.log(state, f"Unpaid Mercenaries: {count} {power} mercenaries leave {_name(board, space)}")
    _siege_check(state, board, space)


core.decision_kind("unpaid", _unpaid_legal, _on_unpaid)


@event(UNPAID_MERCENARIES, _unpaid_condition)
def unpaid_mercenaries(state: State, board: HisMap, power: str) -> None:
    """#106 Unpaid Mercenaries: every mercenary of one power in one space (the player picks both) leaves play."""
    state["stack"].append({"kind": "unpaid", "role": power})


# --- Unsanitary Camp -------------------------------------------------------------------------------------------


def camp_members(state: State, space: str, power: str) -> list[str]:
    """The powers whose land units form ``power``'s stack in ``space`` (card #107): the major power and the minor
    powers allied to it."""
    return sorted(
        p
        for p in state["units"].get(space, {})
        if b.land_unit_count(state, space, p) > 0 and restrictions.major_of(state, p) == power
    )


def camp_stacks(state: State) -> list[tuple[str, str]]:
    """(space, major power) of every stack of land units that Unsanitary Camp may strike."""
    found = {
        (space, restrictions.major_of(state, p))
        for space, stacks in state["units"].items()
        for p in stacks
        if b.land_unit_count(state, space, p) > 0
    }
    return sorted(found)


def camp_loss(size: int) -> int:
    """One third of a stack's land units, rounded up (card #107)."""
    return -(-size // 3)


def camp_choices(state: State, space: str, power: str) -> list[dict[str, int]]:
    """Every way to lose a third (rounded up) of the stack, at least half of the losses regulars where the stack
    has them (card #107): ``{"power/kind": n}``."""
    buckets = [
        (p, kind, b.units_of(state, space, p)[kind])
        for p in camp_members(state, space, power)
        for kind in b.LAND_UNITS
        if b.units_of(state, space, p)[kind] > 0
    ]
    size = sum(n for _, _, n in buckets)
    loss = camp_loss(size)
    regulars = sum(n for _, kind, n in buckets if kind == "regular")
    least_regulars = min(-(-loss // 2), regulars)
    out: list[dict[str, int]] = []
    for counts in itertools.product(*(range(n + 1) for _, _, n in buckets)):
        if sum(counts) != loss:
            continue
        if sum(c for c, (_, kind, _) in zip(counts, buckets, strict=True) if kind == "regular") < least_regulars:
            continue
        out.append({f"{p}/{kind}": c for c, (p, kind, _) in zip(counts, buckets, strict=True) if c})
    return out


def _camp_condition(state: State, board: HisMap, power: str) -> str | None:
    return None if camp_stacks(state) else "no land units are on the map"


def _camp_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "stricken", "space": s, "power": p} for s, p in camp_stacks(state)]


def _on_camp(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    space, power = action["space"], action["power"]
    size = sum(b.land_unit_count(state, space, p) for p in camp_members(state, space, power))
    core.log(
        state, f"Unsanitary Camp: {power}'s stack in {_name(board, space)} loses {camp_loss(size)} of {size} units"
    )
    state["stack"].append({"kind": "camp_losses", "role": decider(state, power, role), "space": space, "power": power})


def _camp_losses_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "lose", "units": c} for c in camp_choices(state, decision["space"], decision["power"])]


def _on_camp_losses(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    space = decision["space"]
    for key, count in sorted(action["units"].items()):
        power, kind = key.split("/")
        b.add_units(state, space, power, kind, -count)
        core.log(state, f"Unsanitary Camp: {power} loses {count} {kind} in {_name(board, space)}")
    _siege_check(state, board, space)


core.decision_kind("camp", _camp_legal, _on_camp)
core.decision_kind("camp_losses", _camp_losses_legal, _on_camp_losses)


@event(UNSANITARY_CAMP, _camp_condition)
def unsanitary_camp(state: State, board: HisMap, power: str) -> None:
    """#107 Unsanitary Camp: the player picks one power's stack of land units (its allied minor powers' units in
    the space with it); a third of it, rounded up, is removed, at least half of that from regulars if it has
    them; the power's decider (seed 11) picks which."""
    state["stack"].append({"kind": "camp", "role": power})


# --- City State Rebels -----------------------------------------------------------------------------------------

#: Dice the rebels roll (card #71); each 5 or 6 is a hit.
REBEL_DICE = 5
MAJOR_POWERS = frozenset({"papacy", "protestant", "hapsburg", "france", "ottoman", "england"})


def rebel_targets(state: State, board: HisMap) -> list[str]:
    """Spaces City State Rebels may strike (card #71; seed "Modified Cards"; seed 2.2): a key that may change
    control and is not under siege, either independent and held by a major power, or a home key held by a major
    power not allied to its home power; after the Schmalkaldic League also an electorate under Hapsburg control."""
    out: list[str] = []
    for s, spot in sorted(board.spaces.items()):
        held = state["spaces"][s]["control"]
        if not restrictions.may_change_control(board, s) or _besieged(state, s) or held not in MAJOR_POWERS:
            continue
        if (
            spot.is_key and (spot.independent or all(held not in military.friends(state, home) for home in spot.home))
        ) or (spot.type == "electorate" and held == "hapsburg" and military.league(state)):
            out.append(s)
    return out


def _rebels_condition(state: State, board: HisMap, power: str) -> str | None:
    return None if rebel_targets(state, board) else "no captured key (or, after the League, Hapsburg electorate)"


def _rebels_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "rebels", "space": s} for s in rebel_targets(state, board)]


def garrison(state: State, space: str, power: str) -> dict[str, int]:
    """The land and naval units of ``power`` and its minor allies in ``space``, as ``{"power/kind": n}``."""
    return {
        f"{p}/{kind}": n
        for p in sorted(state["units"].get(space, {}))
        if restrictions.major_of(state, p) == power
        for kind, n in b.units_of(state, space, p).items()
        if n
    }


def loss_choices(units: dict[str, int], count: int) -> list[dict[str, int]]:
    """Every way to lose ``count`` of ``units`` (all of them when fewer)."""
    keys = sorted(units)
    count = min(count, sum(units.values()))
    out: list[dict[str, int]] = []
    for counts in itertools.product(*(range(units[k] + 1) for k in keys)):
        if sum(counts) == count:
            out.append({k: c for k, c in zip(keys, counts, strict=True) if c})
    return out


def _on_rebels(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    space = action["space"]
    held = state["spaces"][space]["control"]
    faces = rng.roll_many(state, f"City State Rebels: the rebels of {_name(board, space)}", REBEL_DICE)
    hits = sum(1 for f in faces if f >= 5)
    core.log(state, f"City State Rebels in {_name(board, space)}: {hits} hits on {held}")
    units = garrison(state, space, held)
    if hits and units:
        state["stack"].append(
            {
                "kind": "rebel_losses",
                "role": decider(state, held, role),
                "space": space,
                "power": held,
                "hits": hits,
                "player": role,
            }
        )
        return
    _rebels_after(state, board, space, held, role)


def _rebel_losses_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    units = garrison(state, decision["space"], decision["power"])
    return [{"type": "lose", "units": c} for c in loss_choices(units, decision["hits"])]


def _on_rebel_losses(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    space = decision["space"]
    for key, count in sorted(action["units"].items()):
        power, kind = key.split("/")
        b.add_units(state, space, power, kind, -count)
        core.log(state, f"City State Rebels: {power} loses {count} {kind} in {_name(board, space)}")
    _rebels_after(state, board, space, decision["power"], decision["player"])


def _rebels_after(state: State, board: HisMap, space: str, held: str, player: str) -> None:
    """Card #71's end: if no unit is left in the space, its army leaders are captured by the card's player, control
    goes back to its home power (or that power's major ally; an independent key turns independent) and a regular of
    that power (independent for an independent key) stands in it."""
    if any(state["units"].get(space, {}).values()):
        return
    people = load_people()
    for lid, where in sorted(state["leaders"].items()):
        if where == space and lid in people.army_leaders:
            state["leaders"].pop(lid)
            state.setdefault("captured", {})[lid] = player
            core.log(state, f"City State Rebels: {people.army_leaders[lid].name} is captured by {player}")
    home = board.spaces[space].home
    owner = restrictions.major_of(state, home[0]) if home else "independent"
    state["spaces"][space]["control"] = owner
    b.add_units(state, space, home[0] if home else "independent", "regular", 1)
    core.log(state, f"City State Rebels: {_name(board, space)} rises against {held} and passes to {owner}")


core.decision_kind("rebels", _rebels_legal, _on_rebels)
core.decision_kind("rebel_losses", _rebel_losses_legal, _on_rebel_losses)


@event(CITY_STATE_REBELS, _rebels_condition)
def city_state_rebels(state: State, board: HisMap, power: str) -> None:
    """#71 City State Rebels: the player picks a target (:func:`rebel_targets`); the rebels roll 5 dice and each hit
    costs the holding power one unit there, which its decider (seed 11) picks; a space left without units rises
    (:func:`_rebels_after`)."""
    state["stack"].append({"kind": "rebels", "role": power})
