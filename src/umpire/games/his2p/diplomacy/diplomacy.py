"""The two-player Diplomacy Phase (seed 7, row 3; seed 9) and the Diplomatic cards' events (seed 6.2; cards 201-219).

Order of the phase: the Papacy may end wars it fights with another major power (``end_war``: by Papal Bull or by
suing for peace); the Schmalkaldic League's Diplomatic cards join the deck (``deck.add_league_cards``); each player
draws one Diplomatic card; from turn 2 the Papacy, then the Protestant, plays one (``diplomatic_play``). A card
that benefits the opponent is resolved by the opponent (seed 9, Playing Diplomatic Cards; ruling HIS-D02).

The events are in ``diplomatic_events.py``, the invasions in ``invasions.py`` and the minor powers' cards in
``minor_powers.py``, which register them in ``diplomatic_cards.py``.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core, deck
from umpire.games.his2p.cards import load_cards
from umpire.games.his2p.diplomacy import diplomatic_cards, peace
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.religion import excommunication
from umpire.games.his2p.restrictions import OTHER_MAJORS, at_war
from umpire.kernel import rng

State = dict[str, Any]
Action = dict[str, Any]

PAPACY = "papacy"
PROTESTANT = "protestant"
PAPAL_BULL = 5
SPANISH_INVASION = 211
#: Powers whose ruler a Papal Bull may excommunicate to end a war (seed 9, Removing At War Status).
BULL_TARGETS = ("france", "hapsburg")
#: Cards whose event helps one player only: that player resolves it whoever plays it (seed 9; ruling HIS-D02).
BENEFITS = {
    202: PROTESTANT,
    206: PROTESTANT,
    207: PAPACY,
    208: PAPACY,
    213: PAPACY,
    214: PAPACY,
    216: PROTESTANT,
    217: PROTESTANT,
}


def other(role: str) -> str:
    return PROTESTANT if role == PAPACY else PAPACY


def name_of(number: int) -> str:
    return f"#{number} {load_cards().diplomatic[number].name}"


# --- the phase ---------------------------------------------------------------------------------------------------


def begin(state: State) -> None:
    """Seed 7 row 3, first step: if the Papacy is at war with another major power it decides whether to end a war;
    else the phase goes on to the draw."""
    if papal_wars(state):
        state["stack"].append({"kind": "end_war", "role": PAPACY})
    else:
        draw_and_play(state)


def papal_wars(state: State) -> list[str]:
    """The other major powers at war with the Papacy (seed 9: never the Protestant, whose war after the League
    cannot end)."""
    return [p for p in OTHER_MAJORS if at_war(state, PAPACY, p)]


def draw_and_play(state: State) -> None:
    """Seed 7 row 3 and 6.2 (Dealing Cards): each player draws one Diplomatic card; from turn 2 the Papacy then the
    Protestant plays one (pushed so the Papacy's decision is on top)."""
    for power in (PAPACY, PROTESTANT):
        draw(state, power)
    if state["turn"] >= 2:
        state["stack"].append({"kind": "diplomatic_play", "role": PROTESTANT})
        state["stack"].append({"kind": "diplomatic_play", "role": PAPACY})


def draw(state: State, power: str) -> None:
    """Deal one Diplomatic card; an empty deck takes back its discard pile, shuffled (seed 6.2, ruling HIS-D03)."""
    if not state["diplomatic_deck"]:
        if not state["diplomatic_discard"]:
            core.log(state, f"the Diplomatic Deck is empty: {power} draws no Diplomatic card")
            return
        state["diplomatic_deck"] = rng.shuffle(
            state, "reshuffle the Diplomatic discard", state["diplomatic_discard"], visible_to=deck.HIDDEN
        )
        state["diplomatic_discard"] = []
        core.log(state, "the Diplomatic discard is shuffled into a new Diplomatic Deck")
    state["diplomatic_hands"][power].append(state["diplomatic_deck"].pop(0))
    state["diplomatic_hands"][power].sort()


# --- ending a war (seed 9, Removing At War Status) ------------------------------------------------------------


def _end_war_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    actions: list[Action] = [{"type": "keep_wars"}]
    wars = papal_wars(state)
    if PAPAL_BULL in state["hands"][PAPACY]:
        excommunicated = state.get("excommunicated", [])
        actions += [
            {"type": "papal_bull", "power": p}
            for p in wars
            if p in BULL_TARGETS and state["rulers"][p] not in excommunicated
        ]
    actions += [{"type": "sue_for_peace", "power": p} for p in wars]
    return actions


def _on_end_war(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "keep_wars":
        state["stack"].pop()
        draw_and_play(state)
    elif action["type"] == "papal_bull":
        papal_bull_ends_war(state, board, action["power"])
    else:
        sue_for_peace(state, board, action["power"])
    if action["type"] != "keep_wars" and not papal_wars(state) and decision in state["stack"]:
        # no war left: the Papacy has nothing more to decide here, once its follow-up choices are made
        decision["kind"] = "end_war_done"


def end_peace(state: State, power: str) -> None:
    """Remove the At War marker between the Papacy and ``power``."""
    state["diplomacy"]["at_war"] = [p for p in state["diplomacy"]["at_war"] if sorted(p) != sorted((PAPACY, power))]


def regainable(state: State, board: HisMap, power: str) -> list[str]:
    """Papal home spaces (keys too) under the political control of ``power`` (seed 9)."""
    return sorted(
        s for s, spot in board.spaces.items() if PAPACY in spot.home and state["spaces"][s]["control"] == power
    )


def papal_bull_ends_war(state: State, board: HisMap, power: str) -> None:
    """Seed 9: the Papacy plays Papal Bull at the start of the Diplomacy Phase to excommunicate the ruler of France or
    the Hapsburgs at war with it and end that war; the card is used for the turn; the Papacy then regains one Papal
    home space that power controls or draws one card."""
    ruler = state["rulers"][power]
    state.setdefault("excommunicated", []).append(ruler)
    deck.discard_from_hand(state, PAPACY, PAPAL_BULL)
    end_peace(state, power)
    core.log(state, f"Papal Bull: the Papacy excommunicates {ruler} and ends its war with {power}")
    state["stack"].append({"kind": "bull_reward", "role": PAPACY, "power": power})


def _bull_reward_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    spaces = regainable(state, board, decision["power"])
    return [{"type": "draw_card"}, *({"type": "regain", "space": s} for s in spaces)]


def _on_bull_reward(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    if action["type"] == "draw_card":
        draw_main_card(state, PAPACY)
    else:
        regain(state, board, action["space"], decision["power"])
    peace.end_sieges(state, board, PAPACY, decision["power"])
    _close_end_war(state)


def sue_for_peace(state: State, board: HisMap, power: str) -> None:
    """Seed 9: suing for peace lifts the excommunication of the enemy's ruler (9.3 step 8, HIS-H03) and gives the
    Protestant 1 War Winner VP; the Papacy removes 2 of its units of its choice
    (fewer if it has fewer), then may give 1 more VP per Papal home space it regains from ``power``."""
    end_peace(state, power)
    excommunication.lift_on_peace(state, power)
    state["bonus_vp"][PROTESTANT] += 1
    core.log(state, f"the Papacy sues for peace with {power}: 1 War Winner VP to the Protestant")
    state["stack"].append({"kind": "peace_regain", "role": PAPACY, "power": power})
    state["stack"].append({"kind": "peace_removals", "role": PAPACY, "left": 2})
    if not _papal_units(state):
        state["stack"].pop()
        core.log(state, "the Papacy has no unit to remove")


def _papal_units(state: State) -> list[Action]:
    return [
        {"type": "remove_unit", "where": where, "unit": kind}
        for where in sorted(state["units"])
        for kind, count in sorted(state["units"][where].get(PAPACY, {}).items())
        if count > 0
    ]


def _removals_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return _papal_units(state)


def _on_removal(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    b.add_units(state, action["where"], PAPACY, action["unit"], -1)
    core.log(state, f"peace: the Papacy removes a {action['unit']} from {action['where']}")
    decision["left"] -= 1
    if decision["left"] <= 0 or not _papal_units(state):
        state["stack"].pop()


def _peace_regain_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "done"}, *({"type": "regain", "space": s} for s in regainable(state, board, decision["power"]))]


def _on_peace_regain(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "done":
        state["stack"].pop()
        peace.end_sieges(state, board, PAPACY, decision["power"])
        _close_end_war(state)
        return
    state["bonus_vp"][PROTESTANT] += 1
    regain(state, board, action["space"], decision["power"])
    core.log(state, "1 more War Winner VP to the Protestant")


def _close_end_war(state: State) -> None:
    """After a war's follow-up choices: with no war left the end-war decision closes and the phase goes on."""
    decision = core.top(state)
    if decision is not None and decision["kind"] == "end_war_done":
        state["stack"].pop()
        draw_and_play(state)


def regain(state: State, board: HisMap, space: str, power: str) -> None:
    """The Papacy regains political control of a home space (seed 9, by step 3 of the Peace Segment, 9.3: the
    other powers' units and leaders there leave, ``peace.give_up_control``)."""
    peace.give_up_control(state, board, space, PAPACY)
    core.log(state, f"the Papacy regains {board.spaces[space].name} from {power}")


def draw_main_card(state: State, power: str) -> int | None:
    """Draw the top card of the main deck into ``power``'s hand (None if the deck is empty)."""
    if not state["deck"]:
        core.log(state, f"the main deck is empty: {power} draws no card")
        return None
    number = int(state["deck"].pop(0))
    state["hands"][power].append(number)
    state["hands"][power].sort()
    core.log(state, f"{power} draws a card from the main deck")
    return number


# --- playing a Diplomatic card (seed 9, Playing Diplomatic Cards) -----------------------------------------------


def _play_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    hand = state["diplomatic_hands"][role]
    forced = state.get("diplomatic_forced", {}).get(role)
    return [{"type": "diplomatic_card", "card": n} for n in hand if forced in (None, n) or forced not in hand]


def _on_play(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    play(state, board, role, action["card"])


def play(state: State, board: HisMap, role: str, number: int) -> None:
    """Seed 9: the player must play one Diplomatic card; the card goes to the Diplomatic discard, or out of the game
    if its text says so, and its event is resolved (:func:`resolve`)."""
    state["diplomatic_hands"][role].remove(number)
    state.get("diplomatic_forced", {}).pop(role, None)
    card = load_cards().diplomatic[number]
    (state.setdefault("removed_diplomatic", []) if card.remove else state["diplomatic_discard"]).append(number)
    core.log(state, f"{role} plays the Diplomatic card {name_of(number)}")
    resolve(state, board, role, number)


def resolver_of(state: State, role: str, number: int) -> str:
    """Who resolves a card (ruling HIS-D02): the player it benefits, else the player of the card; the Spanish
    Invasion's force is the Protestant's before the Schmalkaldic League, the Papacy's after (card 211)."""
    if number == SPANISH_INVASION:
        return PAPACY if state["events"].get("schmalkaldic_league") else PROTESTANT
    return BENEFITS.get(number, role)


def resolve(state: State, board: HisMap, role: str, number: int) -> None:
    """The event of a Diplomatic card played by ``role``, resolved by the player it benefits (ruling HIS-D02)."""
    played = state.setdefault("diplomatic_played", {})
    state["diplomatic_played"] = {str(state["turn"]): [*played.get(str(state["turn"]), []), number]}
    resolver = resolver_of(state, role, number)
    if resolver != role:
        core.log(state, f"{name_of(number)} is resolved by {resolver}")
    diplomatic_cards.EVENTS[number](state, board, resolver)


def _done_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "done"}]


def _on_done(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    _close_end_war(state)


core.decision_kind("end_war", _end_war_legal, _on_end_war)
core.decision_kind("end_war_done", _done_legal, _on_done)
core.decision_kind("bull_reward", _bull_reward_legal, _on_bull_reward)
core.decision_kind("peace_removals", _removals_legal, _on_removal)
core.decision_kind("peace_regain", _peace_regain_legal, _on_peace_regain)
core.decision_kind("diplomatic_play", _play_legal, _on_play)
