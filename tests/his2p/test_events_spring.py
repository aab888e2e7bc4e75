"""Events of the Spring Deployment Phase: Spring Preparations (102) and Venetian Informant (109)."""

from __future__ import annotations

import pytest

from tests.his2p.test_events_mandatory import decision, impulse_with, play_event
from tests.his2p.test_military import spring_game
from umpire.games.his2p import board as b
from umpire.games.his2p.mapdata import load_map
from umpire.games.his2p.war import military
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game


def with_cards(game: Game, *cards: int) -> Game:
    state = game.state
    for card in cards:
        for pile in (state["deck"], state["discard"], state["later"], state["by_event"], *state["hands"].values()):
            if card in pile:
                pile.remove(card)
        state["hands"]["papacy"].append(card)
    return game


def test_102_spring_preparations_adds_a_regular_and_lifts_the_sea_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(military, "NO_LEADER_LIMIT", 8)  # the Papacy has no army leader to command more than 5
    game = with_cards(spring_game(), 102)
    state = game.state
    state["spaces"]["genoa"]["control"] = "papacy"
    state["units"].pop("genoa")
    state["leaders"].pop("andrea_doria")
    b.add_units(state, "tyrrhenian_sea", "hapsburg", "squadron", 1)  # a foreign fleet on the way to Genoa
    b.add_units(state, "rome", "papacy", "regular", 6)
    assert "genoa" not in military.deploy_destinations(state, load_map())
    before = b.units_of(state, "rome", "papacy")["regular"]
    game.act("papacy", {"type": "play", "card": 102, "as": "event"})
    state = game.state
    assert b.units_of(state, "rome", "papacy")["regular"] == before + 1
    assert decision(game, "papacy")["kind"] == "spring"  # the deployment is still to come
    assert military.deploy_destinations(state, load_map())["genoa"] is True  # by sea, past the Hapsburg fleet
    sizes = [a["regular"] for a in game.view("papacy")["actions"] if a["type"] == "deploy" and a["to"] == "genoa"]
    assert max(sizes) > military.SPRING_SEA_LIMIT


def test_102_spring_preparations_only_in_the_spring() -> None:
    game = impulse_with("papacy", 102)
    assert {"type": "play", "card": 102, "as": "event"} not in game.view("papacy")["actions"]
    with pytest.raises(IllegalAction, match="Spring Deployment"):
        play_event(game, "papacy", 102)


def test_102_spring_preparations_needs_rome() -> None:
    game = with_cards(spring_game(), 102)
    game.state["spaces"]["rome"]["control"] = "hapsburg"
    assert {"type": "play", "card": 102, "as": "event"} not in game.view("papacy")["actions"]


def test_109_venetian_informant_shows_the_protestant_hand_to_the_papacy_only() -> None:
    game = with_cards(spring_game(), 109)
    hand = sorted(game.state["hands"]["protestant"])
    game.act("papacy", {"type": "play", "card": 109, "as": "event"})
    assert sorted(decision(game, "papacy")["secret"]) == hand
    assert "secret" not in (game.view("protestant")["decision"] or {})
    assert "secret" not in (game.view("observer")["decision"] or {})
    game.act("papacy", {"type": "done"})
    assert decision(game, "papacy")["kind"] == "spring"


def test_109_venetian_informant_not_for_the_protestant() -> None:
    game = impulse_with("protestant", 109)
    with pytest.raises(IllegalAction, match="only the Papacy spring-deploys"):
        play_event(game, "protestant", 109)
