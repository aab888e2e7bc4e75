"""The last main-deck events of the two-player game (each card's text in umpire's words; seed "Modified Cards"):
Landsknechts (#33), Swiss Mercenaries (#36) and Halley's Comet (#38) played as events in the player's own impulse,
Maurice of Saxony (#60), Charles Bourbon (#70) and Trace Italienne (#104). Their uses as responses are in
``responses.py``.

Decisions: ``halley`` (which effect), ``bourbon`` (where the renegade enters), ``maurice`` (where Maurice goes after
switching sides), ``trace_italienne`` (which space gets the fortress).
"""

from __future__ import annotations

from collections import deque
from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import control, core, fortresses
from umpire.games.his2p import leader_sides as sides
from umpire.games.his2p import restrictions as r
from umpire.games.his2p.events import responses
from umpire.games.his2p.events.events import event
from umpire.games.his2p.mapdata import HisMap

State = dict[str, Any]
Action = dict[str, Any]

PAPACY, PROTESTANT, HAPSBURG = "papacy", "protestant", "hapsburg"
LANDSKNECHTS, SWISS_MERCENARIES, HALLEYS_COMET = 33, 36, 38
MAURICE_OF_SAXONY, CHARLES_BOURBON, TRACE_ITALIENNE = 60, 70, 104
MAURICE, BOURBON = "maurice_of_saxony", "charles_bourbon"
#: Charles Bourbon's mercenaries (the card: three, or cavalry for the Ottomans, who are no player here).
BOURBON_MERCENARIES = 3
#: Seed "Modified Cards": the renegade enters the German or Italian zone only.
BOURBON_ZONES = ("german", "italian")


# --- Landsknechts, Swiss Mercenaries, Halley's Comet as events ------------------------------------------------------


def _mercenaries_condition(state: State, board: HisMap, power: str) -> str | None:
    if not responses.mercenary_spaces(state, power):
        return "no space holds your land units outside a siege"
    return None


@event(LANDSKNECHTS, _mercenaries_condition)
def landsknechts(state: State, board: HisMap, power: str) -> None:
    """#33 Landsknechts as an event in the player's impulse: two new mercenaries of its own power in spaces that
    already hold its land units, not under siege (seed 14: the Hapsburgs' four are no player's)."""
    responses.place_mercenaries(state, power, LANDSKNECHTS)


@event(SWISS_MERCENARIES, _mercenaries_condition)
def swiss_mercenaries(state: State, board: HisMap, power: str) -> None:
    """#36 Swiss Mercenaries as an event in the player's impulse: two new mercenaries of its own power, as
    Landsknechts (seed 14: the French four are no player's)."""
    responses.place_mercenaries(state, power, SWISS_MERCENARIES)


@event(HALLEYS_COMET)
def halleys_comet(state: State, board: HisMap, power: str) -> None:
    """#38 Halley's Comet as an event in the player's impulse (removed from the game): the player chooses a card of
    the other player's hand discarded at random, or the other player's next impulse skipped."""
    state["stack"].append({"kind": "halley", "role": power})


def _halley_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "halley", "effect": e} for e in responses.halley_effects(state, role)]


def _on_halley(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    responses.halley(state, role, action["effect"])


core.decision_kind("halley", _halley_legal, _on_halley)


# --- Charles Bourbon (#70) -----------------------------------------------------------------------------------------


def bourbon_spaces(state: State, board: HisMap, power: str) -> list[str]:
    """Where Charles Bourbon may enter for ``power``: a space it controls in the German or Italian zone (seed), not
    under siege. (The card's other choice, next to Lyon against France, lies outside those zones.)"""
    return sorted(
        s
        for s, space in board.spaces.items()
        if space.language in BOURBON_ZONES
        and state["spaces"][s]["control"] == power
        and s not in state.get("sieges", {})
    )


def _bourbon_condition(state: State, board: HisMap, power: str) -> str | None:
    if BOURBON in state["leaders"] or BOURBON in state.get("captured", {}):
        return "Charles Bourbon is already in play this turn"
    if not bourbon_spaces(state, board, power):
        return "you control no space of the German or Italian zone outside a siege"
    return None


@event(CHARLES_BOURBON, _bourbon_condition)
def charles_bourbon(state: State, board: HisMap, power: str) -> None:
    """#70 Charles Bourbon: the renegade leader and three new mercenaries of the player's power enter a space it
    controls that is not besieged, in the German or Italian zone (seed, Modified Cards); he fights for that power
    until the end of the turn, when he leaves the map (and with him any capture of him)."""
    state["stack"].append({"kind": "bourbon", "role": power})


def _bourbon_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "place", "space": s} for s in bourbon_spaces(state, board, role)]


def _on_bourbon(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    space = action["space"]
    state["leaders"][BOURBON] = space
    sides.set_side(state, BOURBON, role)
    b.add_units(state, space, role, "mercenary", BOURBON_MERCENARIES)
    state["bourbon_turn"] = state["turn"]
    core.log(
        state,
        f"Charles Bourbon enters {board.spaces[space].name} for the {role} with {BOURBON_MERCENARIES} mercenaries",
    )


def bourbon_leaves(state: State) -> None:
    """At the start of a turn, the renegade brought last turn leaves the map (or his captor) and has no side."""
    if state.get("bourbon_turn") is None or state["bourbon_turn"] >= state["turn"]:
        return
    state.pop("bourbon_turn")
    state["leaders"].pop(BOURBON, None)
    state.get("captured", {}).pop(BOURBON, None)
    sides.set_side(state, BOURBON, None)
    core.log(state, "Charles Bourbon leaves the map at the end of his turn")


# --- Maurice of Saxony (#60) ---------------------------------------------------------------------------------------


def _maurice_gains(power: str) -> str:
    """The side Maurice joins when ``power`` plays the card: the Protestant's, or the Hapsburgs' for the Papacy."""
    return PROTESTANT if power == PROTESTANT else HAPSBURG


def _maurice_condition(state: State, board: HisMap, power: str) -> str | None:
    if power == PAPACY and control.controller(state, HAPSBURG) != PAPACY:
        return "the Papacy plays it only for the Hapsburgs, whose units it decides for (seed 11)"
    if MAURICE not in state["leaders"] and MAURICE not in state.get("captured", {}):
        return "Maurice of Saxony is not in play"
    if sides.power_of(state, MAURICE) == _maurice_gains(power):
        return f"Maurice of Saxony already fights for the {_maurice_gains(power)}"
    if not maurice_destinations(state, board, _maurice_gains(power)):
        return "Maurice could go nowhere: no space fits his new side"
    return None


def maurice_destinations(state: State, board: HisMap, side: str) -> list[str]:
    """Where Maurice goes on switching to ``side``: captured, any fortified space ``side`` controls; on the map,
    the nearest unoccupied spaces under ``side``'s control (by land, passes included) where its units may be."""
    if MAURICE in state.get("captured", {}):
        return sorted(
            s for s in board.spaces if fortresses.fortified(state, board, s) and state["spaces"][s]["control"] == side
        )
    start = state["leaders"][MAURICE]
    seen, frontier = {start}, deque([start])
    found: list[str] = []
    depth: dict[str, int] = {start: 0}
    while frontier:
        here = frontier.popleft()
        if found and depth[here] >= depth[found[0]]:
            break
        for n in sorted(board.spaces[here].links | board.spaces[here].passes):
            if n in seen:
                continue
            seen.add(n)
            depth[n] = depth[here] + 1
            frontier.append(n)
            if _unoccupied(state, n) and state["spaces"][n]["control"] == side and r.may_enter(state, board, side, n):
                found.append(n)
    return sorted(found)


def _unoccupied(state: State, space: str) -> bool:
    units = any(n for stack in state["units"].get(space, {}).values() for n in stack.values())
    return not units and space not in state["leaders"].values()


@event(MAURICE_OF_SAXONY, _maurice_condition)
def maurice_of_saxony(state: State, board: HisMap, power: str) -> None:
    """#60 Maurice of Saxony (the Protestant, or the Papacy for the Hapsburgs): Maurice switches sides. On the map,
    the mercenaries of his old side in his space switch with him, and they go to the nearest unoccupied space under
    his new side's control (the player choosing among the nearest); captured, he is freed into a fortified space
    his new side controls."""
    state["stack"].append({"kind": "maurice", "role": power, "side": _maurice_gains(power)})


def _maurice_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "place", "space": s} for s in maurice_destinations(state, board, decision["side"])]


def _on_maurice(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    new, space = decision["side"], action["space"]
    old = sides.power_of(state, MAURICE)
    moved = 0
    if MAURICE in state.get("captured", {}):
        state["captured"].pop(MAURICE)
    else:
        here = state["leaders"][MAURICE]
        moved = int(state["units"].get(here, {}).get(old, {}).get("mercenary", 0)) if old else 0
        if moved:
            b.add_units(state, here, str(old), "mercenary", -moved)
            b.add_units(state, space, new, "mercenary", moved)
    state["leaders"][MAURICE] = space
    sides.set_side(state, MAURICE, new)
    core.log(
        state,
        f"Maurice of Saxony joins the {new} and goes to {board.spaces[space].name}"
        + (f" with {moved} mercenaries" if moved else ""),
    )


# --- Trace Italienne (#104) ------------------------------------------------------------------------------------------


def trace_spaces(state: State, board: HisMap) -> list[str]:
    """Where Trace Italienne may add a fortress: any unfortified land space (unrest or another's control no bar)."""
    return sorted(s for s in board.spaces if not fortresses.fortified(state, board, s))


def _trace_condition(state: State, board: HisMap, power: str) -> str | None:
    return None if trace_spaces(state, board) else "no unfortified space is left"


@event(TRACE_ITALIENNE, _trace_condition)
def trace_italienne(state: State, board: HisMap, power: str) -> None:
    """#104 Trace Italienne: a fortress in an unfortified space of the player's choice; unless the space is
    independent or in unrest, a regular of the power controlling it joins it."""
    state["stack"].append({"kind": "trace_italienne", "role": power})


def _trace_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "fortify", "space": s} for s in trace_spaces(state, board)]


def _on_trace(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    space = action["space"]
    fortresses.add(state, space)
    owner = state["spaces"][space]["control"]
    added = owner != "independent" and not state["spaces"][space].get("unrest")
    if added:
        b.add_units(state, space, owner, "regular", 1)
    core.log(
        state,
        f"Trace Italienne: a fortress in {board.spaces[space].name}" + (f", with 1 {owner} regular" if added else ""),
    )


core.decision_kind("bourbon", _bourbon_legal, _on_bourbon)
core.decision_kind("maurice", _maurice_legal, _on_maurice)
core.decision_kind("trace_italienne", _trace_legal, _on_trace)
