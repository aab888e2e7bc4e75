"""Treachery! (card #105, in umpire's words): an assault on a besieged space even without the line of
communication or naval superiority 15.1 asks for, after which a garrison the besiegers still outnumber is betrayed.

Decisions: ``treachery`` (which siege) and ``treachery_end`` (the betrayal, once the assault's losses are taken; one
action, as the assault's loss decisions may come between).
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import control, core, restrictions
from umpire.games.his2p.events.events import event
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.war import assaults, sieges

State = dict[str, Any]
Action = dict[str, Any]

TREACHERY = 105


def _name(board: HisMap, space: str) -> str:
    return board.spaces[space].name


def treachery_targets(state: State, board: HisMap, player: str) -> list[tuple[str, str]]:
    """(space, besieger) of each siege ``player`` may turn to treachery (card #105): a besieger it commands (itself,
    or seed 11's power at war with its opponent, HIS-V18), with land units outside, in a space that may change
    control (seed 2.2), besieged since an earlier impulse and not assaulted this impulse; the line of communication
    and the naval conditions of 15.1 are waived."""
    count = state.get("impulse", {}).get("count", 0)
    out: list[tuple[str, str]] = []
    for space, siege in sorted(state.get("sieges", {}).items()):
        power = siege["besieger"]
        if power != player and control.controller(state, power) != player:
            continue
        if not b.land_unit_count(state, space, power) or not restrictions.may_change_control(board, space):
            continue
        if restrictions.league_holds(state, space):
            continue
        why = sieges.assault_refusal(
            besieged_before_this_impulse=siege["impulse"] < count,
            has_line_of_communication=True,
            assaulted_this_impulse=siege.get("assaulted") == count,
            defender_squadrons_in_adjacent_seas=0,
            defender_squadrons_in_port=0,
            attacker_squadrons_in_adjacent_seas=0,
        )
        if why is None:
            out.append((space, power))
    return out


def _condition(state: State, board: HisMap, power: str) -> str | None:
    return None if treachery_targets(state, board, power) else "no siege you command may be assaulted now"


def _legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [
        {"type": "treachery", "space": s} | ({} if p == role else {"power": p})
        for s, p in treachery_targets(state, board, role)
    ]


def _on_treachery(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    space, power = action["space"], action.get("power", role)
    core.log(state, f"Treachery!: {power} assaults {_name(board, space)}")
    frame = {"kind": "treachery_end", "role": role, "space": space, "power": power}
    state["stack"].append(frame)
    assaults.apply_assault(state, board, role, {"type": "assault", "space": space, "power": power})
    if core.top(state) is frame:  # no loss or retreat to choose: the betrayal follows at once
        state["stack"].pop()
        betray(state, board, space, power)


def betray(state: State, board: HisMap, space: str, power: str) -> None:
    """After the assault: if ``power`` still besieges ``space`` and outnumbers the land units inside, every
    defending unit is eliminated, the army leaders inside are captured and ``power`` takes the space."""
    siege = state.get("sieges", {}).get(space)
    if siege is None or siege["besieger"] != power:
        return
    inside = assaults.defenders(state, space, power)
    held = sum(b.land_unit_count(state, space, p) for p in inside)
    if b.land_unit_count(state, space, power) <= held:
        core.log(state, f"Treachery!: the besiegers of {_name(board, space)} no longer outnumber the garrison")
        return
    for p in inside:
        for kind in b.LAND_UNITS:
            n = b.units_of(state, space, p)[kind]
            if n:
                b.add_units(state, space, p, kind, -n)
    core.log(state, f"Treachery!: the garrison of {_name(board, space)} is betrayed")
    assaults.take_space(state, board, space, power)


def _end_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "betray"}]


def _on_end(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    betray(state, board, decision["space"], decision["power"])


core.decision_kind("treachery", _legal, _on_treachery)
core.decision_kind("treachery_end", _end_legal, _on_end)


@event(TREACHERY, _condition)
def treachery(state: State, board: HisMap, power: str) -> None:
    """#105 Treachery!: the player picks a siege (:func:`treachery_targets`); an assault follows (15.1, with its
    dice and losses), then :func:`betray`."""
    state["stack"].append({"kind": "treachery", "role": power})
