"""The two decks and the hands (rule book 6; seed 6.2, 7 and 9): adding cards by turn, reshuffling the discard,
dealing to the two religious powers, the Diplomatic Deck, passing rules, the Diet's Hapsburg card.

Hands are secret: ``state["hands"][power]`` and ``state["diplomatic_hands"][power]`` are shown only to their owner
(``views.py``); the decks' order to no one. A shuffle's permutation is logged visible to no player.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core
from umpire.games.his2p.cards import load_cards
from umpire.games.his2p.events import events
from umpire.games.his2p.mapdata import HisMap, load_map
from umpire.games.his2p.powers import load_powers
from umpire.games.his2p.variant import (
    WINTER_SUCCESSION_REQUIRED,
    WINTER_SUCCESSION_TURNS,
    Edition,
    two_player_main_deck,
)
from umpire.kernel import rng

State = dict[str, Any]

PAPACY = "papacy"
PROTESTANT = "protestant"
PLAYERS = (PAPACY, PROTESTANT)
LUTHERS_95_THESES = 8
#: A mandatory event, once resolved, gives 2 CP for actions (6.1).
MANDATORY_CP = 2
HIDDEN: list[str] = []


def card(number: int) -> Any:
    """The main-deck card ``number``."""
    return load_cards().main[number]


def name_of(number: int) -> str:
    return f"#{number} {card(number).name}"


def cp_of(number: int) -> int:
    return int(card(number).cp)


def is_mandatory(number: int) -> bool:
    return bool(card(number).type == "mandatory")


def is_home(number: int) -> bool:
    return bool(card(number).type == "home")


def playable_for_cp(number: int) -> bool:
    """Every card but a mandatory event may be played for its CP (11)."""
    return not is_mandatory(number)


def setup_decks(state: State, edition: Edition) -> None:
    """The decks at the start (6.2; seed 6.2): the main deck of the two-player game's turn-1 cards (home cards go
    to their owners' hands each turn instead), the later cards set aside by entry turn, and the 12 initial
    Diplomatic cards shuffled."""
    cards = load_cards()
    in_game = two_player_main_deck(edition)
    state["deck"] = [n for n in in_game if cards.main[n].turn == 1 and cards.main[n].type != "home"]
    state["later"] = sorted(n for n in in_game if (cards.main[n].turn or 1) > 1)
    state["by_event"] = sorted(n for n in in_game if cards.main[n].turn is None and n != LUTHERS_95_THESES)
    state["home_cards"] = {
        p: sorted(n for n in in_game if cards.main[n].type == "home" and cards.main[n].power == p) for p in PLAYERS
    }
    state["discard"] = []
    state["removed"] = []
    state["hands"] = {p: [] for p in PLAYERS}
    initial = sorted(n for n, c in cards.diplomatic.items() if c.initial)
    state["diplomatic_deck"] = rng.shuffle(state, "shuffle the Diplomatic Deck", initial, visible_to=HIDDEN)
    state["diplomatic_later"] = sorted(n for n, c in cards.diplomatic.items() if not c.initial)
    state["diplomatic_discard"] = []
    state["diplomatic_hands"] = {p: [] for p in PLAYERS}


def remove_card(state: State, number: int) -> None:
    """Take a card out of the game (6.2, Cards out of play)."""
    for pile in (state["deck"], state["discard"], *state["hands"].values()):
        if number in pile:
            pile.remove(number)
    if number not in state["removed"]:
        state["removed"].append(number)


def base_cards(state: State, board: HisMap, power: str) -> int:
    """The cards a power is dealt before its ruler's bonus (6.2, Dealing cards): the Papacy by the keys it controls
    (the last uncovered box of its card track, at least 1); the Protestant 5 with 4 or more electorates under its
    political control, else 4."""
    card = load_powers().powers[power]
    if card.electorate_draw is not None:
        electorates = sum(
            1
            for s, spot in board.spaces.items()
            if spot.type == "electorate" and state["spaces"][s]["control"] == power
        )
        draw = card.electorate_draw
        return draw.at_threshold if electorates >= draw.threshold else draw.base
    return card.base_cards(b.keys_controlled(state, board, power))


def ruler(state: State, power: str) -> Any:
    """The ruler of ``power`` now, from its power card."""
    for one in load_powers().powers[power].rulers:
        if one.id == state["rulers"][power]:
            return one
    raise ValueError(f"{state['rulers'][power]!r} is not a ruler of {power}")


def card_draw_phase(state: State, board: HisMap) -> None:
    """The Card Draw Phase (8.2; seed 6.2 and 7): new cards of the turn join the deck (turns 3-7), the discard
    pile is shuffled back in, and each religious power is dealt its base cards plus its ruler's bonus; home cards
    return to their owners."""
    turn = state["turn"]
    cards = load_cards()
    entering = [n for n in state["later"] if cards.main[n].turn == turn]
    for n in entering:
        state["later"].remove(n)
    entering += state.pop("entering_next_turn", [])
    state["deck"] = rng.shuffle(
        state, f"turn {turn}: shuffle the main deck", state["deck"] + state["discard"] + entering, visible_to=HIDDEN
    )
    state["discard"] = []
    if entering:
        core.log(state, f"turn {turn}: {len(entering)} new cards join the deck")
    for power in PLAYERS:
        count = base_cards(state, board, power) + ruler(state, power).card_bonus
        count -= int(state.get("card_penalty", {}).get(power, 0))
        dealt = state["deck"][:count]
        del state["deck"][:count]
        hand = state["hands"][power]
        hand.extend(dealt)
        for home in state["home_cards"][power]:
            if home not in hand:
                hand.append(home)
        hand.sort()


def diplomacy_phase(state: State) -> None:
    """The Diplomacy Phase of the variant (seed 7 row 3, seed 9): the turn after the Schmalkaldic League its seven
    Diplomatic cards and the Diplomatic discard are shuffled into the Diplomatic Deck (seed 6.2); then the engine
    pushes the phase's decisions (``diplomacy.begin``: ending a war, the draw, the plays). The League's cards join
    first: ending a war never touches the Diplomatic Deck, so the order is immaterial (ruling HIS-D01)."""
    league = state["events"].get("schmalkaldic_league")
    if league and league < state["turn"] and state["diplomatic_later"]:
        new, back = state["diplomatic_later"], state["diplomatic_discard"]
        added = new + back
        state["diplomatic_deck"] = rng.shuffle(
            state,
            "the Schmalkaldic League's Diplomatic cards join the deck",
            state["diplomatic_deck"] + added,
            visible_to=HIDDEN,
        )
        state["diplomatic_later"] = []
        state["diplomatic_discard"] = []
        reshuffled = f", and the {len(back)} of the Diplomatic discard are shuffled back in with them" if back else ""
        core.log(
            state,
            f"{len(new)} new Diplomatic cards join the Diplomatic Deck after the Schmalkaldic League{reshuffled} "
            f"(seed 6.2)",
        )


def diet_choices(state: State, power: str) -> list[int]:
    """Cards a power may commit to the Diet of Worms (18.1 step 1): any card in hand but a mandatory event."""
    return sorted(n for n in state["hands"][power] if not is_mandatory(n))


def draw_for_diet(state: State) -> int:
    """The Hapsburg card of the Diet is the top card of the deck (seed 18); it is discarded after the Diet."""
    number = int(state["deck"].pop(0))
    state["discard"].append(number)
    return number


def diet_cp(number: int) -> int:
    """The Hapsburg card's weight at the Diet: its CP, or 2 for a mandatory event, whose event is ignored (seed 18)."""
    return 2 if is_mandatory(number) else cp_of(number)


def play_as_event(state: State, power: str, number: int) -> None:
    """A card played as its event leaves the hand: out of the game if its text says so (6.2, Cards out of play), a
    home card to its power card until next turn, others to the discard."""
    if card(number).remove:
        state["hands"][power].remove(number)
        state["removed"].append(number)
    else:
        discard_from_hand(state, power, number)


def discard_from_hand(state: State, power: str, number: int) -> None:
    """A played card leaves the hand: a home card to its power card until next turn, others to the discard."""
    state["hands"][power].remove(number)
    if not is_home(number):
        state["discard"].append(number)


def may_pass(state: State, power: str) -> str | None:
    """Why ``power`` may not pass now, or None (11, Passing): not with a home card or a mandatory event in hand,
    nor with more cards than its ruler's administrative rating."""
    hand = state["hands"][power]
    if any(is_home(n) for n in hand):
        return "its home card is still in hand"
    held = [n for n in hand if is_mandatory(n) and not _event_playable(state, power, n)]
    if any(is_mandatory(n) and n not in held for n in hand):
        return "a mandatory event is still in hand"
    limit = ruler(state, power).admin
    if len(hand) - len(held) > limit:
        return f"it holds {len(hand) - len(held)} cards, more than its ruler's administrative rating of {limit}"
    return None


def _event_playable(state: State, power: str, number: int) -> bool:
    """Whether a card's event may be played now; a mandatory event whose condition is not met (the Schmalkaldic
    League before 12 Protestant spaces) is held: it neither forbids passing nor counts against the administrative
    rating (HIS-V01)."""
    return events.playable(state, load_map(), power, number) is None


#: Mandatory events that happen in the winter of the given turn if not played before (19.8: Clement VII turn 2,
#: Schmalkaldic League and Paul III turn 4, Society of Jesus turn 6; Barbary Pirates is out of the two-player deck,
#: seed 19; seed 19 and 21.3 add Edward VI by turn 7 and Mary I by turn 8, which the Italian text does not require).
WINTER_DEADLINES = {10: 2, 13: 4, 14: 4, 15: 6, **WINTER_SUCCESSION_TURNS}


def _in_game(state: State) -> set[int]:
    held = (n for h in state["hands"].values() for n in h)
    waiting = state.get("entering_next_turn", [])
    return {*state["deck"], *state["discard"], *state["later"], *state["by_event"], *waiting, *held}


def winter_mandatory_events(state: State) -> list[int]:
    """Mandatory events that must happen by this winter and have not been played (19.8; seed 19: Edward VI by turn
    7, Mary I by turn 8), in card order; the engine resolves them in its winter (``engine.py``)."""
    deadlines = dict(WINTER_DEADLINES)
    if not WINTER_SUCCESSION_REQUIRED[state["options"]["text"]]:
        for card in WINTER_SUCCESSION_TURNS:
            deadlines.pop(card)
    due = [n for n, turn in deadlines.items() if turn == state["turn"]]
    return sorted(n for n in due if n not in state["removed"] and n in _in_game(state))


def draw_cards(state: State, power: str, count: int) -> int:
    """``power`` draws ``count`` cards from the top of the main deck (fewer if it runs out); returns how many."""
    drawn = state["deck"][:count]
    del state["deck"][:count]
    state["hands"][power].extend(drawn)
    state["hands"][power].sort()
    core.log(state, f"{power} draws {len(drawn)} card(s) from the deck")
    return len(drawn)
