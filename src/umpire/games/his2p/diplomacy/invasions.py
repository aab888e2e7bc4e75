"""The invasion Diplomatic cards (seed 9, Gaining At War Status; cards 202, 206, 211, 213, 214, 216).

An invasion puts another major power at war with a player where its text says so, and places an army of that power
(a leader, land units, for the Ottomans squadrons too) in one space it controls, chosen by the player who resolves
the card (``diplomacy.resolver_of``, ruling HIS-D02); that player then draws a main-deck card, and for the French
and Spanish invasions chooses between a squadron in a home port and two more mercenaries with the army. Only the
set-up is here: the invaders' later moves, battles and assaults are actions of the player at peace with them whose
opponent they fight (seed 11). A war so begun lasts until the Papacy ends it in a Diplomacy Phase (seed 9); a card
played again while it lasts places a new army. Winter takes these powers' leaders off the map (seed 19,
``wintering.invaders_return``); an invasion brings its leader back. Rulings HIS-I01 to HIS-I04.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core
from umpire.games.his2p.diplomacy import diplomacy, diplomatic_cards
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.powers import load_powers
from umpire.games.his2p.restrictions import at_war

State = dict[str, Any]
Action = dict[str, Any]

PAPACY = "papacy"
#: The extra choice of the French and Spanish invasions: this many mercenaries more, or one squadron (cards 202,
#: 206, 211).
EXTRA_MERCENARIES = 2


@dataclass(frozen=True)
class Invasion:
    """What an invasion card places: ``power``'s ``leader`` (None: its ruler now) with ``regulars``,
    ``mercenaries`` and ``squadrons``; ``war``: whether it puts ``power`` at war with the Papacy (before the
    Schmalkaldic League only, when ``before_league_only``); ``extra``: the squadron-or-mercenaries choice."""

    power: str
    leader: str | None
    regulars: int
    mercenaries: int
    squadrons: int = 0
    war: bool = True
    before_league_only: bool = False
    extra: bool = False


#: The six invasion cards (their texts, in the project's words in each function's docstring).
INVASIONS: dict[int, Invasion] = {
    202: Invasion("france", "montmorency", 2, 2, extra=True),
    206: Invasion("france", None, 3, 3, extra=True),
    211: Invasion("hapsburg", "duke_of_alva", 2, 2, before_league_only=True, extra=True),
    213: Invasion("hapsburg", "ferdinand", 2, 4, war=False),
    214: Invasion("hapsburg", "charles_v", 3, 5, war=False),
    216: Invasion("ottoman", "suleiman", 5, 0, squadrons=4),
}


def declare_war(state: State, power: str, enemy: str) -> bool:
    """Put an At War marker between two powers (seed 9: only an invasion does this for France, the Hapsburgs and
    the Ottomans); False if they were already at war."""
    if at_war(state, power, enemy):
        return False
    state["diplomacy"]["at_war"] = sorted([*state["diplomacy"]["at_war"], sorted([power, enemy])])
    return True


def leader_of(state: State, invasion: Invasion) -> str:
    """The army leader an invasion places: the one its card names, or for the French Invasion the ruler of France
    now (Francis I, or Henry II once Francis has died)."""
    return invasion.leader or str(state["rulers"][invasion.power])


def placement_spaces(state: State, board: HisMap, power: str, *, port: bool = False) -> list[str]:
    """Where an invading army may be placed (ruling HIS-I02): land spaces ``power`` controls holding no unit of a
    power at war with it (so the placement starts no battle or siege); a port when the army has squadrons."""
    return sorted(
        s
        for s, spot in board.spaces.items()
        if state["spaces"][s]["control"] == power
        and (spot.ports or not port)
        and not any(at_war(state, power, other) for other in state["units"].get(s, {}))
    )


def home_ports(state: State, board: HisMap, power: str) -> list[str]:
    """Home ports of ``power`` it controls, free of enemy units: where an invasion's squadron may go (HIS-I02)."""
    return [s for s in placement_spaces(state, board, power, port=True) if power in board.spaces[s].home]


def invade(state: State, board: HisMap, resolver: str, number: int) -> None:
    """Resolve invasion card ``number`` for ``resolver`` (the player controlling the invaders): the war first, then
    the choice of the army's space (a decision), then the card draw and the extra choice."""
    invasion = INVASIONS[number]
    league = bool(state["events"].get("schmalkaldic_league"))
    if invasion.war and not (invasion.before_league_only and league):
        if declare_war(state, invasion.power, PAPACY):
            core.log(state, f"{diplomacy.name_of(number)}: {_name(invasion.power)} and the Papacy are now at war")
        else:
            core.log(state, f"{diplomacy.name_of(number)}: {_name(invasion.power)} and the Papacy are already at war")
    decision = {"kind": "invasion_space", "role": resolver, "card": number}
    if placement_spaces(state, board, invasion.power, port=invasion.squadrons > 0):
        state["stack"].append(decision)
        return
    core.log(state, f"no {invasion.power}-controlled space can take the invading army: it is not placed")
    _after_placement(state, board, resolver, number, None)


def _space_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    invasion = INVASIONS[decision["card"]]
    spaces = placement_spaces(state, board, invasion.power, port=invasion.squadrons > 0)
    return [{"type": "place_army", "space": s} for s in spaces]


def _on_space(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    number = decision["card"]
    place_army(state, board, number, action["space"])
    _after_placement(state, board, role, number, action["space"])


def place_army(state: State, board: HisMap, number: int, space: str) -> None:
    """Place the army of invasion ``number`` in ``space``: its leader (from off the map, or from where he stands:
    one leader counter, ruling HIS-I03) and its units."""
    invasion = INVASIONS[number]
    leader = leader_of(state, invasion)
    people = load_people()
    before = state["leaders"].get(leader)
    state["leaders"][leader] = space
    for kind, count in (
        ("regular", invasion.regulars),
        ("mercenary", invasion.mercenaries),
        ("squadron", invasion.squadrons),
    ):
        if count:
            b.add_units(state, space, invasion.power, kind, count)
    plural = {"regular": "regulars", "mercenary": "mercenaries", "squadron": "squadrons"}
    parts = [f"{n} {plural[kind] if n > 1 else kind}" for kind, n in _counts(invasion) if n]
    power = _name(invasion.power)
    moved = f" (from {board.spaces[before].name})" if before and before in board.spaces and before != space else ""
    core.log(
        state,
        f"{diplomacy.name_of(number)}: {people.army_leaders[leader].name}{moved} with {power}'s "
        f"{', '.join(parts)} in {board.spaces[space].name}",
    )


def _name(power: str) -> str:
    return str(load_powers().powers[power].name)


def _counts(invasion: Invasion) -> list[tuple[str, int]]:
    return [("regular", invasion.regulars), ("mercenary", invasion.mercenaries), ("squadron", invasion.squadrons)]


def _after_placement(state: State, board: HisMap, role: str, number: int, space: str | None) -> None:
    """The card draw, then (French and Spanish invasions) the choice of a squadron or two more mercenaries."""
    diplomacy.draw_main_card(state, role)
    if not INVASIONS[number].extra:
        return
    decision = {"kind": "invasion_extra", "role": role, "card": number, "space": space}
    if _extra_legal(state, board, role, decision):
        state["stack"].append(decision)
    else:
        core.log(state, f"{diplomacy.name_of(number)}: no home port and no army: no squadron or mercenaries added")


def _extra_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    power = INVASIONS[decision["card"]].power
    actions: list[Action] = [{"type": "squadron", "space": s} for s in home_ports(state, board, power)]
    if decision["space"] is not None:
        actions.append({"type": "mercenaries", "space": decision["space"]})
    return actions


def _on_extra(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    power = INVASIONS[decision["card"]].power
    name = board.spaces[action["space"]].name
    if action["type"] == "squadron":
        b.add_units(state, action["space"], power, "squadron", 1)
        core.log(state, f"{diplomacy.name_of(decision['card'])}: a {power} squadron is placed in {name}")
    else:
        b.add_units(state, action["space"], power, "mercenary", EXTRA_MERCENARIES)
        core.log(
            state, f"{diplomacy.name_of(decision['card'])}: {EXTRA_MERCENARIES} more {power} mercenaries in {name}"
        )


def french_constable_invades(state: State, board: HisMap, resolver: str) -> None:
    """Card 202 French Constable Invades: France and the Papacy at war; the Protestant places Montmorency, 2 French
    regulars and 2 French mercenaries in a French-controlled space, draws a main-deck card, then adds a French
    squadron in a French home port or 2 more French mercenaries with the army."""
    invade(state, board, resolver, 202)


def french_invasion(state: State, board: HisMap, resolver: str) -> None:
    """Card 206 French Invasion: as 202, with Francis I (Henry II once Francis has died), 3 regulars and 3
    mercenaries."""
    invade(state, board, resolver, 206)


def spanish_invasion(state: State, board: HisMap, resolver: str) -> None:
    """Card 211 Spanish Invasion: before the Schmalkaldic League the Hapsburgs and the Papacy go to war and the
    Protestant controls the invaders; after it the Papacy does (``diplomacy.resolver_of``). The Duke of Alva, 2
    Hapsburg regulars and 2 mercenaries in a Hapsburg-controlled space; a card; a squadron in a Hapsburg home port
    or 2 more mercenaries."""
    invade(state, board, resolver, 211)


def austrian_invasion(state: State, board: HisMap, resolver: str) -> None:
    """Card 213 Austrian Invasion (after the League): the Papacy places Ferdinand, 2 Hapsburg regulars and 4
    mercenaries in a Hapsburg-controlled space and draws a card. No war marker: the Hapsburgs fight the Protestant
    since the League."""
    invade(state, board, resolver, 213)


def imperial_invasion(state: State, board: HisMap, resolver: str) -> None:
    """Card 214 Imperial Invasion (after the League): the Papacy places Charles V, 3 Hapsburg regulars and 5
    mercenaries in a Hapsburg-controlled space and draws a card."""
    invade(state, board, resolver, 214)


def ottoman_invasion(state: State, board: HisMap, resolver: str) -> None:
    """Card 216 Ottoman Invasion: the Ottomans and the Papacy at war; the Protestant places Suleiman, 5 Ottoman
    regulars and 4 Ottoman squadrons in an Ottoman-controlled port (HIS-I02) and draws a card."""
    invade(state, board, resolver, 216)


EVENTS: dict[int, Callable[[State, HisMap, str], None]] = {
    202: french_constable_invades,
    206: french_invasion,
    211: spanish_invasion,
    213: austrian_invasion,
    214: imperial_invasion,
    216: ottoman_invasion,
}
diplomatic_cards.register_events(EVENTS)

core.decision_kind("invasion_space", _space_legal, _on_space)
core.decision_kind("invasion_extra", _extra_legal, _on_extra)
