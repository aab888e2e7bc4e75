"""The two-player variant's restrictions on the full rules (seed sections 2.2, 3, 10, 11, 12, 13, 14, 19), one
function each. The engine asks these before it offers an action; the full rules' own conditions are checked
where those actions live.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p.mapdata import HisMap

State = dict[str, Any]

PAPACY = "papacy"
PROTESTANT = "protestant"
PLAYERS = frozenset({PAPACY, PROTESTANT})
#: The other four major powers, run through the Diplomatic deck (seed 1 and 3).
OTHER_MAJORS = ("ottoman", "hapsburg", "england", "france")
#: The two language zones the religious powers' armies live in (seed 10, 13).
ZONES_OF_PLAY = frozenset({"german", "italian"})
#: Spaces outside those zones whose political control may still change (seed 2.2).
EXTRA_CONTESTED = frozenset({"metz", "liege"})
#: Phases the other major powers never take part in (seed 3).
NOT_FOR_OTHER_MAJORS = frozenset({"card_draw", "diplomacy", "spring_deployment", "victory_determination"})
#: What a player may do with the units of a major power at war with its opponent (seed 11).
PROXY_ACTIONS = frozenset({"move_formation", "move_over_pass", "naval_move", "assault", "control_unfortified"})
#: Cards that build units and so stay with their own power even when played for a proxy (seed 11 and 14).
CONSTRUCTION_CARDS = frozenset({"landsknechts", "swiss_mercenaries", "foreign_recruits"})
#: Powers whose units winter in fortified spaces or leave the map, with all their leaders (seed 19).
WINTER_REMOVED = frozenset({"france", "hapsburg", "ottoman"})


def may_change_control(board: HisMap, space: str) -> bool:
    """Seed 2.2: only Metz, Liège and the spaces of the German and Italian zones ever change political control."""
    return space in EXTRA_CONTESTED or board.spaces[space].language in ZONES_OF_PLAY


#: Papal home keys that the Schmalkaldic League leaves Hapsburg for good if the Hapsburgs hold them (Modified Cards).
LEAGUE_HELD = frozenset({"rome", "ravenna"})


def league_holds(state: State, space: str) -> bool:
    """Modified Cards (Schmalkaldic League): once the League has formed, a Hapsburg Rome or Ravenna stays Hapsburg
    for the rest of the game, against every power (ruling HIS-A01). Nothing else can make them Hapsburg after the
    League (the Papacy is the Hapsburgs' ally), so their control now says whether they were so held."""
    return (
        space in LEAGUE_HELD
        and bool(state["events"].get("schmalkaldic_league"))
        and state["spaces"][space]["control"] == "hapsburg"
    )


def at_war(state: State, a: str, c: str) -> bool:
    """Whether two powers are at war (the Diplomatic Status Display)."""
    return [a, c] in state["diplomacy"]["at_war"] or [c, a] in state["diplomacy"]["at_war"]


def active_other_major(state: State, power: str) -> bool:
    """Seed 3: another major power acts (Action and Winter Phases) only while at war with the Papacy or the
    Protestant — through an Invasion card not yet ended by peace, or after the Schmalkaldic League."""
    return power in OTHER_MAJORS and any(at_war(state, power, p) for p in PLAYERS)


def takes_part(state: State, power: str, phase: str) -> bool:
    """Seed 3: whether ``power`` takes part in ``phase``: the two players in every phase; the other majors never in
    card draw, diplomacy, spring deployment or victory determination, and in the others only while at war with a
    player."""
    if power in PLAYERS:
        return True
    if phase in NOT_FOR_OTHER_MAJORS:
        return False
    return active_other_major(state, power)


def may_spring_deploy(board: HisMap, power: str, destination: str) -> bool:
    """Seed 10: only the Papacy spring-deploys, never into a space outside the German and Italian zones."""
    return power == PAPACY and board.spaces[destination].language in ZONES_OF_PLAY


def may_act_for(state: State, player: str, power: str, action: str) -> bool:
    """Seed 11: a player may take ``action`` with the units of ``power``: its own power any of its actions; a
    major power at war with its opponent only the listed movement, assault and control actions (never
    construction)."""
    if power == player:
        return True
    opponent = PROTESTANT if player == PAPACY else PAPACY
    if power not in OTHER_MAJORS or not at_war(state, power, opponent):
        return False
    return action in PROXY_ACTIONS


def may_remove_unrest_anywhere(state: State, board: HisMap, player: str, space: str) -> bool:
    """Seed 12: besides the usual ways, the Protestant removes unrest from any Protestant space and the Papacy from
    any Catholic space, with no unit in or next to it."""
    side = b.PROTESTANT if player == PROTESTANT else b.CATHOLIC
    return b.in_unrest(state, space) and b.religion(state, board, space) == side


def major_of(state: State, power: str) -> str:
    """The major power a minor power follows (its ally), or the power itself."""
    return str(state.get("minor_allies", {}).get(power, power))


def may_enter(state: State, board: HisMap, power: str, space: str) -> bool:
    """Seed 13: where a power's units may move, intercept, retreat or avoid battle. Papal and Protestant units only
    inside the German and Italian zones; French, Hapsburg and Ottoman units there and anywhere independent or under
    their own control; a minor power's units as its major ally's."""
    major = major_of(state, power)
    if board.spaces[space].language in ZONES_OF_PLAY:
        return True
    if major in PLAYERS:
        return False
    control = state["spaces"][space]["control"]
    return control in ("independent", major)


def may_build(player: str, unit_power: str, minor_allies_of_papacy: frozenset[str] = frozenset()) -> bool:
    """Seed 14: the Papacy builds only Papal units and those of its minor allies; the Protestant only Protestant
    land units; never the units of an invading major power, by action or by card."""
    if player == PAPACY:
        return unit_power == PAPACY or unit_power in minor_allies_of_papacy
    return player == PROTESTANT and unit_power == PROTESTANT


def winter_fate(power: str, destination: str | None, capital_of: frozenset[str]) -> str:
    """Seed 19: French, Hapsburg and Ottoman units go to fortified spaces as usual, but where the winter rules would
    send them to their capital they are removed instead. Returns ``"stay"`` (to ``destination``) or ``"removed"``."""
    if power in WINTER_REMOVED and (destination is None or destination in capital_of):
        return "removed"
    return "stay"


def winter_removes_leaders(power: str) -> bool:
    """Seed 19: every French, Hapsburg and Ottoman army leader leaves the map in winter (even a captured one), to
    return if an invasion brings the power back."""
    return power in WINTER_REMOVED
