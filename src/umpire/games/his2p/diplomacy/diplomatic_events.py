"""The events of the Diplomatic cards that need no battle (seed 6.2 and 9; cards 201-219 of the variant's deck).

Each event takes the role that resolves it (the player it benefits, ``diplomacy.BENEFITS``, else the player of the
card) and may push decisions of its own. Hidden cards a player is allowed to look at are shown to it only through
its own legal actions, never in the public log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core, deck, victory
from umpire.games.his2p.cards import load_cards
from umpire.games.his2p.diplomacy import diplomacy, diplomatic_cards
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.religion import debates, religion, religious_actions
from umpire.games.his2p.restrictions import at_war
from umpire.kernel import rng

State = dict[str, Any]
Action = dict[str, Any]
Event = Callable[[State, HisMap, str], None]

PAPACY = "papacy"
PROTESTANT = "protestant"
#: Plague removes this many units, one a space (card 209).
PLAGUE_UNITS = 3
#: Shipbuilding builds up to this many squadrons (card 210).
SHIPBUILDING_SQUADRONS = 2
#: Henry Petitions for Divorce: Hapsburg units added if the divorce is refused / granted (card 207).
DIVORCE_REFUSED_REGULARS = 3
DIVORCE_GRANTED_MERCENARIES = 4
CAMPEGGIO = "campeggio"
#: Ports where the Protestant may build squadrons with Shipbuilding, for the power named (card 210).
PROTESTANT_SHIPYARDS = {"marseille": "france", "naples": "hapsburg"}
#: Corsair Raid: dice rolled and the least face that hits (card 203).
CORSAIR_DICE = 4
CORSAIR_HIT = 5
#: Siege of Vienna: units removed, from these powers, within this many spaces of Vienna (card 218).
VIENNA = "vienna"
VIENNA_RANGE = 2
VIENNA_REMOVALS = 2
VIENNA_POWERS = ("hapsburg", "hungary")


# --- 208 Knights of St. John, 217 Secret Protestant Circle ---------------------------------------------------------


def knights_of_st_john(state: State, board: HisMap, resolver: str) -> None:
    """Card 208 Knights of St. John: draw a main-deck card; its CP go to St. Peter's (18.1's track, 5 VP at most).
    The Papacy resolves it whoever plays it (seed 9; ruling HIS-D02)."""
    number = diplomacy.draw_main_card(state, resolver)
    if number is None:
        return
    religious_actions.add_st_peters_cp(state, deck.cp_of(number))


def secret_protestant_circle(state: State, board: HisMap, resolver: str) -> None:
    """Card 217 Secret Protestant Circle: roll a die; on 1-3 the Protestant flips one Italian space, on 4-6 one
    Italian and one Spanish space, to Protestant influence (any Catholic space of the zone, ruling HIS-D04)."""
    die = rng.roll(state, "Secret Protestant Circle")
    zones = ["italian"] if die <= 3 else ["italian", "spanish"]
    core.log(state, f"Secret Protestant Circle: die {die}, a flip in the {' and '.join(zones)} zone(s)")
    for zone in reversed(zones):
        if _circle_targets(state, board, zone):
            state["stack"].append({"kind": "circle_flip", "role": PROTESTANT, "zone": zone})
        else:
            core.log(state, f"no Catholic space in the {zone} zone to flip")


def _circle_targets(state: State, board: HisMap, zone: str) -> list[str]:
    return sorted(
        s for s, spot in board.spaces.items() if spot.language == zone and b.religion(state, board, s) == b.CATHOLIC
    )


def _circle_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "flip", "space": s} for s in _circle_targets(state, board, decision["zone"])]


def _on_circle(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    b.set_religion(state, action["space"], b.PROTESTANT)
    core.log(state, f"Secret Protestant Circle: {board.spaces[action['space']].name} turns Protestant")


# --- 209 Plague ----------------------------------------------------------------------------------------------------


def plague(state: State, board: HisMap, resolver: str) -> None:
    """Card 209 Plague: remove 3 land or naval units (any power's) from the map, at most one a space and only from
    spaces or sea zones holding more than one unit; then one random card of the opponent's main-deck hand, not a
    home card, is discarded."""
    state["stack"].append({"kind": "plague", "role": resolver, "left": PLAGUE_UNITS, "used": []})
    if not _plague_legal(state, board, resolver, state["stack"][-1]):
        state["stack"].pop()
        _plague_discard(state, resolver)


def _plague_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    actions: list[Action] = []
    for where in sorted(state["units"]):
        stacks = state["units"][where]
        if where in decision["used"] or sum(sum(units.values()) for units in stacks.values()) <= 1:
            continue
        actions += [
            {"type": "remove_unit", "where": where, "power": power, "unit": kind}
            for power in sorted(stacks)
            for kind in sorted(stacks[power])
            if stacks[power][kind] > 0
        ]
    return actions


def _on_plague(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    b.add_units(state, action["where"], action["power"], action["unit"], -1)
    core.log(state, f"Plague: a {action['power']} {action['unit']} dies in {action['where']}")
    decision["left"] -= 1
    decision["used"].append(action["where"])
    if decision["left"] <= 0 or not _plague_legal(state, board, role, decision):
        state["stack"].pop()
        _plague_discard(state, role)


def _plague_discard(state: State, role: str) -> None:
    opponent = diplomacy.other(role)
    pool = [n for n in state["hands"][opponent] if not deck.is_home(n)]
    if not pool:
        core.log(state, f"Plague: {opponent} holds no card that may be drawn")
        return
    number = rng.choice(state, f"Plague: a random card of {opponent}", sorted(pool))
    deck.discard_from_hand(state, opponent, number)
    core.log(state, f"Plague: {opponent} discards {deck.name_of(number)}")


# --- 205 Diplomatic Pressure, 219 Spanish Inquisition --------------------------------------------------------------


def diplomatic_pressure(state: State, board: HisMap, resolver: str) -> None:
    """Card 205 Diplomatic Pressure: look at the opponent's Diplomatic cards. The Papacy chooses the one the
    Protestant plays this turn; the Protestant either makes the Papacy discard its card and draw another, or swaps
    its own card for it."""
    if not state["diplomatic_hands"][diplomacy.other(resolver)]:
        core.log(state, "Diplomatic Pressure: the opponent holds no Diplomatic card")
        return
    state["stack"].append({"kind": "pressure", "role": resolver})


def _pressure_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    theirs = state["diplomatic_hands"][diplomacy.other(role)]
    if role == PAPACY:
        return [{"type": "force_play", "card": n} for n in theirs]
    actions: list[Action] = [{"type": "force_discard", "card": n} for n in theirs]
    if state["diplomatic_hands"][role]:
        actions += [{"type": "swap", "card": n} for n in theirs]
    return actions


def _on_pressure(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    opponent = diplomacy.other(role)
    theirs = state["diplomatic_hands"][opponent]
    if action["type"] == "force_play":
        state.setdefault("diplomatic_forced", {})[opponent] = action["card"]
        core.log(state, "Diplomatic Pressure: the Papacy chooses the card the Protestant plays this turn")
    elif action["type"] == "force_discard":
        theirs.remove(action["card"])
        state["diplomatic_discard"].append(action["card"])
        core.log(state, f"Diplomatic Pressure: {opponent} discards {diplomacy.name_of(action['card'])}")
        diplomacy.draw(state, opponent)
    else:
        mine = state["diplomatic_hands"][role]
        given = mine.pop(0)
        theirs.remove(action["card"])
        mine.append(action["card"])
        theirs.append(given)
        theirs.sort()
        core.log(state, f"Diplomatic Pressure: {role} swaps its Diplomatic card with {opponent}'s")


def spanish_inquisition(state: State, board: HisMap, resolver: str) -> None:
    """Card 219 Spanish Inquisition. By the Papacy: it looks at the Protestant's Diplomatic cards and picks one,
    which the Protestant discards; the Protestant draws another and must play the one it kept. By the Protestant:
    it reveals its main-deck hand (to both players, in the log; ruling HIS-D05)."""
    if resolver == PROTESTANT:
        held = ", ".join(deck.name_of(n) for n in state["hands"][PROTESTANT]) or "no card"
        core.log(state, f"Spanish Inquisition: the Protestant reveals its hand: {held}")
        return
    if not state["diplomatic_hands"][PROTESTANT]:
        core.log(state, "Spanish Inquisition: the Protestant holds no Diplomatic card")
        return
    state["stack"].append({"kind": "inquisition", "role": PAPACY})


def _inquisition_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "discard_card", "card": n} for n in state["diplomatic_hands"][PROTESTANT]]


def _on_inquisition(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    hand = state["diplomatic_hands"][PROTESTANT]
    hand.remove(action["card"])
    state["diplomatic_discard"].append(action["card"])
    core.log(state, f"Spanish Inquisition: the Protestant discards {diplomacy.name_of(action['card'])}")
    kept = list(hand)
    diplomacy.draw(state, PROTESTANT)
    if kept:
        state.setdefault("diplomatic_forced", {})[PROTESTANT] = kept[0]


# --- 207 Henry Petitions for Divorce -------------------------------------------------------------------------------


def henry_petitions(state: State, board: HisMap, resolver: str) -> None:
    """Card 207 Henry Petitions for Divorce: the Papacy chooses. Granted: the Papacy draws a card, the Protestant
    adds 4 Hapsburg mercenaries to a Hapsburg-controlled Italian space, then the Papacy calls a debate in any zone
    with Campeggio if he is in the game. Refused: the Papacy adds 3 Hapsburg regulars to Hapsburg-controlled
    spaces. It does not change when England's people enter."""
    state["stack"].append({"kind": "divorce", "role": PAPACY})


def _hapsburg_spaces(state: State, board: HisMap, zone: str | None) -> list[str]:
    return sorted(
        s
        for s, spot in board.spaces.items()
        if state["spaces"][s]["control"] == "hapsburg" and (zone is None or spot.language == zone)
    )


def _divorce_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "divorce", "choice": "granted"}, {"type": "divorce", "choice": "refused"}]


def _on_divorce(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    core.log(state, f"Henry's divorce is {action['choice']}")
    if action["choice"] == "refused":
        _push_placement(state, board, PAPACY, "regular", DIVORCE_REFUSED_REGULARS, None, one_space=False)
        return
    diplomacy.draw_main_card(state, PAPACY)
    state["stack"].append({"kind": "divorce_debate", "role": PAPACY})
    _push_placement(state, board, PROTESTANT, "mercenary", DIVORCE_GRANTED_MERCENARIES, "italian", one_space=True)


def _push_placement(
    state: State, board: HisMap, role: str, unit: str, count: int, zone: str | None, *, one_space: bool
) -> None:
    if not _hapsburg_spaces(state, board, zone):
        core.log(state, f"no Hapsburg-controlled space{' in the ' + zone + ' zone' if zone else ''}: no units added")
        return
    state["stack"].append(
        {"kind": "hapsburg_units", "role": role, "unit": unit, "left": count, "zone": zone, "one_space": one_space}
    )


def _placement_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "place", "space": s} for s in _hapsburg_spaces(state, board, decision["zone"])]


def _on_placement(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    count = decision["left"] if decision["one_space"] else 1
    b.add_units(state, action["space"], "hapsburg", decision["unit"], count)
    core.log(state, f"{count} Hapsburg {decision['unit']}(s) added in {board.spaces[action['space']].name}")
    decision["left"] -= count
    if decision["left"] <= 0:
        state["stack"].pop()


def _debate_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    people = load_people().debaters
    zones = [z for z in religion.DEBATE_ZONES if religion.debate_callable(state, people, "papal", z) is None]
    return [{"type": "skip"}] if not zones else [{"type": "call_debate", "zone": z} for z in zones]


def _on_divorce_debate(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    if action["type"] == "skip":
        core.log(state, "Henry's divorce: no debate may be called")
        return
    if state["debaters"].get(CAMPEGGIO) not in ("uncommitted", "committed"):
        debates.start_debate(state, PAPACY, action["zone"])
        return
    people = load_people().debaters
    zone = action["zone"]
    pools = [p for p in ("uncommitted", "committed") if religion.debater_pool(state, people, b.PROTESTANT, zone, p)]
    core.log(state, f"the Papacy calls a debate in the {zone} zone: Campeggio attacks (Henry Petitions for Divorce)")
    state["stack"].append(
        {"kind": "defender", "role": PAPACY, "zone": zone, "attacker": CAMPEGGIO, "side": "papal", "pools": pools}
    )


# --- 210 Shipbuilding ----------------------------------------------------------------------------------------------


def shipbuilding(state: State, board: HisMap, resolver: str) -> None:
    """Card 210 Shipbuilding: up to 2 squadrons. The Papacy builds Papal ones in Papal-controlled Papal home ports,
    or ones of a minor power allied to it in that minor's home ports it or the Papacy controls; the Protestant
    builds French ones in Marseille, Hapsburg ones in Naples, Ottoman ones in Ottoman home ports, each controlled
    by the power whose squadron it is (ruling HIS-D06)."""
    state["stack"].append({"kind": "shipbuilding", "role": resolver, "left": SHIPBUILDING_SQUADRONS})


def _shipyards(state: State, board: HisMap, role: str) -> list[tuple[str, str]]:
    control = {s: state["spaces"][s]["control"] for s in board.spaces}
    if role == PROTESTANT:
        yards = [(s, p) for s, p in PROTESTANT_SHIPYARDS.items() if control[s] == p]
        yards += [(s, "ottoman") for s in board.home_spaces("ottoman") if board.spaces[s].ports]
        return sorted((s, p) for s, p in yards if control[s] == p)
    builders = [PAPACY, *sorted(m for m, ally in state["minor_allies"].items() if ally == PAPACY)]
    return sorted(
        (s, power)
        for power in builders
        for s in board.home_spaces(power)
        if board.spaces[s].ports and control[s] in (power, PAPACY)
    )


def _shipbuilding_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "done"}] + [{"type": "build", "space": s, "power": p} for s, p in _shipyards(state, board, role)]


def _on_shipbuilding(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "done":
        state["stack"].pop()
        return
    b.add_units(state, action["space"], action["power"], "squadron", 1)
    core.log(state, f"Shipbuilding: a {action['power']} squadron in {board.spaces[action['space']].name}")
    decision["left"] -= 1
    if decision["left"] <= 0:
        state["stack"].pop()


# --- 203 Corsair Raid, 218 Siege of Vienna ------------------------------------------------------------------------


def corsair_raid(state: State, board: HisMap, resolver: str) -> None:
    """Card 203 Corsair Raid: four dice, a hit on each 5 or 6; for each hit the other player discards a main-deck
    card or eliminates one of the squadrons the card names (``_corsair_squadrons``), its choice; a hit it cannot take
    is lost."""
    faces = rng.roll_many(state, "Corsair Raid", CORSAIR_DICE)
    hits = sum(1 for f in faces if f >= CORSAIR_HIT)
    victim = diplomacy.other(resolver)
    core.log(state, f"Corsair Raid: dice {', '.join(map(str, faces))}: {hits} hit(s) on {victim}")
    if hits:
        state["stack"].append({"kind": "corsair_hits", "role": victim, "left": hits})
        _close_corsair_if_stuck(state, board, victim)


def _corsair_squadrons(state: State, victim: str) -> list[str]:
    """Powers whose squadrons take hits on ``victim``: the Papacy's and its active minor allies'; for the Protestant
    France's and the Ottomans' (the Hapsburgs' too while at war with the Papacy)."""
    if victim == PAPACY:
        return [PAPACY, *sorted(m for m, ally in state["minor_allies"].items() if ally == PAPACY)]
    powers = ["france", "ottoman"]
    return [*powers, "hapsburg"] if at_war(state, PAPACY, "hapsburg") else powers


def _corsair_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    actions: list[Action] = [{"type": "discard", "card": n} for n in state["hands"][role]]
    powers = _corsair_squadrons(state, role)
    actions += [
        {"type": "eliminate_squadron", "where": where, "power": power}
        for where in sorted(state["units"])
        for power in powers
        if state["units"][where].get(power, {}).get("squadron", 0) > 0
    ]
    return actions


def _on_corsair(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    if action["type"] == "discard":
        deck.discard_from_hand(state, role, action["card"])
        core.log(state, f"Corsair Raid: {role} discards {deck.name_of(action['card'])}")
    else:
        b.add_units(state, action["where"], action["power"], "squadron", -1)
        core.log(state, f"Corsair Raid: a {action['power']} squadron is lost in {action['where']}")
    decision["left"] -= 1
    if decision["left"] <= 0:
        state["stack"].pop()
    else:
        _close_corsair_if_stuck(state, board, role)


def _close_corsair_if_stuck(state: State, board: HisMap, victim: str) -> None:
    decision = core.top(state)
    if decision is not None and not _corsair_legal(state, board, victim, decision):
        core.log(state, f"Corsair Raid: {victim} has no card or squadron left: {decision['left']} hit(s) lost")
        state["stack"].pop()


def within(board: HisMap, start: str, steps: int) -> set[str]:
    """Land spaces at most ``steps`` connections (passes included) from ``start``, ``start`` too."""
    return {s for s, d in board.hops(start).items() if d <= steps}


def siege_of_vienna(state: State, board: HisMap, resolver: str) -> None:
    """Card 218 Siege of Vienna: the player removes 2 Hapsburg or Hungarian land units within 2 spaces of Vienna;
    those within 2 spaces at the start of the turn may not move this turn (``state["vienna_halt"]``, ruling
    HIS-D07)."""
    near = within(board, VIENNA, VIENNA_RANGE)
    halted = sorted(s for s in near if any(b.land_unit_count(state, s, p) for p in VIENNA_POWERS))
    state["vienna_halt"] = {"turn": state["turn"], "spaces": halted}
    state["stack"].append({"kind": "vienna", "role": resolver, "left": VIENNA_REMOVALS})
    _close_vienna_if_done(state, board)


def _vienna_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [
        {"type": "remove_unit", "where": s, "power": p, "unit": k}
        for s in sorted(within(board, VIENNA, VIENNA_RANGE))
        for p in VIENNA_POWERS
        for k in b.LAND_UNITS
        if b.units_of(state, s, p)[k] > 0
    ]


def _on_vienna(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    b.add_units(state, action["where"], action["power"], action["unit"], -1)
    core.log(state, f"Siege of Vienna: a {action['power']} {action['unit']} is removed from {action['where']}")
    decision["left"] -= 1
    _close_vienna_if_done(state, board)


def _close_vienna_if_done(state: State, board: HisMap) -> None:
    decision = core.top(state)
    assert decision is not None
    if decision["left"] <= 0:
        state["stack"].pop()
    elif not _vienna_legal(state, board, decision["role"], decision):
        core.log(state, "Siege of Vienna: no Hapsburg or Hungarian land unit left within 2 spaces of Vienna")
        state["stack"].pop()


# --- 215 Machiavelli -------------------------------------------------------------------------------------------------


def machiavelli(state: State, board: HisMap, resolver: str) -> None:
    """Card 215 Machiavelli: the player behind in VP (on a tie, the one who played it) picks an invasion card from
    the Diplomatic Deck or its discard, not one played this turn, and plays it; then the Diplomatic discard (with
    Machiavelli and that card) is shuffled back into the deck (seed 6.2). With no invasion card to pick, only the
    reshuffle happens (ruling HIS-D08)."""
    points = victory.vp(state, board)
    rival = diplomacy.other(resolver)
    chooser = rival if points[rival] < points[resolver] else resolver
    if _invasions(state):
        state["stack"].append({"kind": "machiavelli", "role": chooser})
    else:
        core.log(state, "Machiavelli: no invasion card may be chosen")
        _reshuffle(state)


def _invasions(state: State) -> list[int]:
    cards = load_cards().diplomatic
    played = state.get("diplomatic_played", {}).get(str(state["turn"]), [])
    pool = state["diplomatic_deck"] + state["diplomatic_discard"]
    return sorted(n for n in pool if cards[n].invasion and n not in played)


def _machiavelli_legal(state: State, board: HisMap, role: str, decision: dict[str, Any]) -> list[Action]:
    return [{"type": "invasion", "card": n} for n in _invasions(state)]


def _on_machiavelli(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> None:
    state["stack"].pop()
    number = action["card"]
    pile = state["diplomatic_deck"] if number in state["diplomatic_deck"] else state["diplomatic_discard"]
    pile.remove(number)
    state["diplomatic_discard"].append(number)
    core.log(state, f"Machiavelli: {role} chooses {diplomacy.name_of(number)}")
    diplomacy.resolve(state, board, role, number)
    _reshuffle(state)


def _reshuffle(state: State) -> None:
    state["diplomatic_deck"] = rng.shuffle(
        state,
        "Machiavelli: reshuffle the Diplomatic Deck",
        state["diplomatic_deck"] + state["diplomatic_discard"],
        visible_to=deck.HIDDEN,
    )
    state["diplomatic_discard"] = []
    core.log(state, "Machiavelli: the Diplomatic discard is shuffled into the Diplomatic Deck")


EVENTS: dict[int, Event] = {
    203: corsair_raid,
    205: diplomatic_pressure,
    207: henry_petitions,
    208: knights_of_st_john,
    209: plague,
    210: shipbuilding,
    215: machiavelli,
    217: secret_protestant_circle,
    218: siege_of_vienna,
    219: spanish_inquisition,
}

core.decision_kind("circle_flip", _circle_legal, _on_circle)
core.decision_kind("plague", _plague_legal, _on_plague)
core.decision_kind("pressure", _pressure_legal, _on_pressure)
core.decision_kind("inquisition", _inquisition_legal, _on_inquisition)
core.decision_kind("divorce", _divorce_legal, _on_divorce)
core.decision_kind("hapsburg_units", _placement_legal, _on_placement)
core.decision_kind("divorce_debate", _debate_legal, _on_divorce_debate)
core.decision_kind("shipbuilding", _shipbuilding_legal, _on_shipbuilding)
core.decision_kind("corsair_hits", _corsair_legal, _on_corsair)
core.decision_kind("vienna", _vienna_legal, _on_vienna)
core.decision_kind("machiavelli", _machiavelli_legal, _on_machiavelli)
# the invasions and the minor powers' cards register theirs in their modules (HIS-I01 to HIS-I09)
diplomatic_cards.register_events(EVENTS)
