"""Step 3 of the Peace Segment (rule book 9.3), which the two-player game uses whenever the Papacy regains a space in
the Diplomacy Phase (seed 9, "Removing At War Status"; ruling HIS-A02).

The units of the power giving up control leave the space: land units and army leaders to the nearest fortified
space that power (or an ally) controls, its capital included, naval units and naval leaders to the nearest such
port. "Nearest" is the minor powers' deactivation rule (HIS-I07): land connections first for land units, else any
path of spaces and sea zones; equal distances go to the first name (the power has no player once at peace, seed 3).
With nowhere to go, units are eliminated and leaders leave the map (to come back with an invasion, seed 19).
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import core, restrictions
from umpire.games.his2p import leader_sides as sides
from umpire.games.his2p.diplomacy import minor_powers
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.war import military

State = dict[str, Any]


def give_up_control(state: State, board: HisMap, space: str, to_power: str) -> None:
    """9.3 step 3: ``space`` comes under ``to_power``'s control and every other power's units and leaders in it
    leave as the module says; a siege of the space ends with them."""
    state["spaces"][space]["control"] = to_power
    if state.get("sieges", {}).pop(space, None) is not None:
        core.log(state, f"the siege of {board.spaces[space].name} ends (9.3)")
    for power in sorted({*state["units"].get(space, {}), *sides.powers_with_leaders(state, space)} - {to_power}):
        send_away(state, board, space, power)


def end_sieges(state: State, board: HisMap, a: str, c: str, *, leave: bool = True) -> None:
    """Peace between ``a`` and ``c`` (seed 9 by Papal Bull or suing for peace; 9.3): every siege one of them (or a
    minor ally of it) lays to a space the other (or a minor ally of it) holds ends, wherever it is; the besiegers,
    now in a space of a power they are at peace with, leave it by 9.3 step 3 (``send_away``; ruling HIS-H02).
    With ``leave`` false (an alliance, the Schmalkaldic League) they stay: an ally's space is friendly."""
    pair = {a, c}
    sieges = state.get("sieges", {})
    for space in sorted(sieges):
        besieger = restrictions.major_of(state, sieges[space]["besieger"])
        holder = restrictions.major_of(state, state["spaces"][space]["control"])
        if {besieger, holder} != pair:
            continue
        del sieges[space]
        core.log(state, f"the siege of {board.spaces[space].name} ends: {a} and {c} are no longer at war")
        if not leave:
            continue
        side = {p for p in state["units"].get(space, {}) if restrictions.major_of(state, p) == besieger}
        side |= {p for p in sides.powers_with_leaders(state, space) if restrictions.major_of(state, p) == besieger}
        for power in sorted(side):
            send_away(state, board, space, power)
    if "sieges" in state and not state["sieges"]:
        state.pop("sieges")


def send_away(state: State, board: HisMap, space: str, power: str) -> None:
    """9.3 step 3 for one power: its land units and army leaders in ``space`` go to the nearest other fortified
    space it or an ally controls, its naval units and naval leaders to the nearest such port; with nowhere to go,
    units are eliminated and leaders leave the map."""
    friendly = {
        s for s in board.spaces if s != space and state["spaces"][s]["control"] in military.friends(state, power)
    }
    land_to = minor_powers.nearest(board, space, {s for s in friendly if board.spaces[s].fortified}, by_land=True)
    port_to = minor_powers.nearest(board, space, {s for s in friendly if board.spaces[s].ports})
    minor_powers.move_units(state, board, power, space, land_to, port_to, rule=" (9.3)")
    minor_powers.relocate_leaders(state, board, power, space, land_to, port_to, rule=" (9.3)")
