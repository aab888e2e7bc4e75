"""Events about hands: Papal Inquisition (56) and Fuggers (79)."""

from __future__ import annotations

import json

import pytest

from tests.his2p.test_events_mandatory import decision, impulse_with, play_event
from umpire.games.his2p import deck
from umpire.games.his2p.events import events_hands
from umpire.games.his2p.mapdata import load_map
from umpire.games.his2p.people import load_people
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game


def test_79_fuggers_draws_two_now_and_one_fewer_next_turn() -> None:
    # ruling HIS-V15
    game = impulse_with("protestant", 79, turn=2)
    top_two = game.state["deck"][:2]
    play_event(game, "protestant", 79)
    assert all(n in game.state["hands"]["protestant"] for n in top_two)
    state = game.state
    state["turn"] = 3
    events_hands.start_of_turn(state)
    assert state["card_penalty"] == {"protestant": 1}
    before = list(state["hands"]["protestant"])
    deck.card_draw_phase(state, load_map())
    dealt = [n for n in state["hands"]["protestant"] if n not in before and not deck.is_home(n)]
    expected = deck.base_cards(state, load_map(), "protestant") + deck.ruler(state, "protestant").card_bonus - 1
    assert len(dealt) == expected
    state["turn"] = 4
    events_hands.start_of_turn(state)
    assert "card_penalty" not in state and "fuggers" not in state


def inquisition_game() -> Game:
    game = impulse_with("papacy", 56, turn=5)
    state = game.state
    state["debaters"]["caraffa"] = "uncommitted"
    state["hands"]["protestant"] = [38, 60]
    state["discard"] = [24, 25]
    for space in ("florence", "siena"):
        state["spaces"][space]["protestant"] = True
    return game


def test_56_papal_inquisition_needs_caraffa_uncommitted() -> None:
    game = inquisition_game()
    game.state["debaters"]["caraffa"] = "committed"
    with pytest.raises(IllegalAction, match="Caraffa"):
        play_event(game, "papacy", 56)


def test_56_papal_inquisition_converts_two_italian_spaces_then_shows_the_hand_to_the_papacy_only() -> None:
    game = inquisition_game()
    play_event(game, "papacy", 56)
    assert game.state["debaters"]["caraffa"] == "committed"
    assert {a["space"] for a in game.view("papacy")["actions"]} >= {"florence", "siena"}
    game.act("papacy", {"type": "convert", "space": "florence"})
    game.act("papacy", {"type": "convert", "space": "siena"})
    assert not game.state["spaces"]["florence"]["protestant"] and not game.state["spaces"]["siena"]["protestant"]
    assert decision(game, "papacy")["kind"] == "papal_inquisition"
    assert decision(game, "papacy")["secret"] == [38, 60]
    for role in ("protestant", "observer"):
        seen = game.view(role)
        assert "secret" not in (seen["decision"] or {})
        assert "Halley" not in json.dumps(seen["log"]) and "Maurice" not in json.dumps(seen["log"])
    actions = game.view("papacy")["actions"]
    assert {"type": "draw_random"} in actions
    assert {"type": "retrieve", "card": 24} in actions and {"type": "retrieve", "card": 56} not in actions


def test_56_papal_inquisition_takes_a_random_card_from_the_protestant() -> None:
    game = inquisition_game()
    play_event(game, "papacy", 56)
    game.act("papacy", {"type": "convert", "space": "florence"})
    game.act("papacy", {"type": "convert", "space": "siena"})
    game.act("papacy", {"type": "draw_random"})
    taken = {38, 60} - set(game.state["hands"]["protestant"])
    assert len(taken) == 1 and taken <= set(game.state["hands"]["papacy"])


def test_56_papal_inquisition_retrieves_from_the_discard() -> None:
    game = inquisition_game()
    play_event(game, "papacy", 56)
    game.act("papacy", {"type": "convert", "space": "florence"})
    game.act("papacy", {"type": "convert", "space": "siena"})
    game.act("papacy", {"type": "retrieve", "card": 25})
    assert 25 in game.state["hands"]["papacy"] and 25 not in game.state["discard"]


def test_56_papal_inquisition_debate_has_two_extra_dice() -> None:
    game = inquisition_game()
    state = game.state
    for space in ("florence", "siena"):
        state["spaces"][space]["protestant"] = False
    play_event(game, "papacy", 56)
    assert decision(game, "papacy")["kind"] == "papal_inquisition"  # no Protestant Italian space: no conversion
    zones = [a["zone"] for a in game.view("papacy")["actions"] if a["type"] == "debate"]
    assert "german" in zones
    game.act("papacy", {"type": "debate", "zone": "german"})
    assert decision(game, "papacy")["kind"] == "papal_inquisition_defender"
    game.act("papacy", game.view("papacy")["actions"][0])
    attack = next(
        r for r in game.view("gm")["rolls"] if r["purpose"].startswith("debate round 1") and "attacks" in r["purpose"]
    )
    people = load_people().debaters
    attacker = next(d for d, info in people.items() if attack["purpose"].endswith(f"{info.name} attacks"))
    assert attack["kind"] == f"{people[attacker].value + 3 + 2}d6"  # value + 3 attacking + 2 Papal Inquisition
    assert "debate_extra_dice" not in game.state
