"""The invasion Diplomatic cards (seed 9, Gaining At War Status; seed 19; cards 202, 206, 211, 213, 214, 216)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.his2p.test_diplomacy import at_diplomacy, papacy_plays
from tests.his2p.test_engine import random_game
from umpire.games.his2p import board as b
from umpire.games.his2p import core
from umpire.games.his2p.diplomacy import invasions
from umpire.games.his2p.mapdata import load_map
from umpire.games.his2p.winter import wintering
from umpire.kernel.game import Game


def placed(game: Game, role: str, space: str) -> None:
    game.act(role, {"type": "place_army", "space": space})


def league(game: Game) -> None:
    """The Schmalkaldic League's diplomatic changes (seed 9), enough for the invasions after it."""
    game.state["events"]["schmalkaldic_league"] = 2
    game.state["diplomacy"]["at_war"] = [["hapsburg", "protestant"], ["papacy", "protestant"]]
    game.state["diplomacy"]["allied"] = sorted([*game.state["diplomacy"]["allied"], ["hapsburg", "papacy"]])


def protestant_plays(card: int, **setup: Any) -> Game:
    """Turn 2's Diplomacy Phase with the Papacy's play made and the Protestant playing ``card``."""
    game = at_diplomacy(diplomatic_deck=[203, 209], diplomatic_hands={"papacy": [208], "protestant": [card, 217]})
    game.state["stack"] = [{"kind": "diplomatic_play", "role": "protestant"}]
    game.state.update(setup)
    return game


def test_card_202_french_constable_invades_war_army_card_and_mercenaries() -> None:
    game = papacy_plays(202, [208, 217])
    assert ["france", "papacy"] in game.state["diplomacy"]["at_war"]
    assert core.top(game.state) == {"kind": "invasion_space", "role": "protestant", "card": 202}
    spaces = [a["space"] for a in game.view("protestant")["actions"]]
    assert "paris" in spaces and all(game.state["spaces"][s]["control"] == "france" for s in spaces)
    cards = len(game.state["hands"]["protestant"])
    regulars = b.units_of(game.state, "paris", "france")["regular"]
    placed(game, "protestant", "paris")
    assert game.state["leaders"]["montmorency"] == "paris"
    assert b.units_of(game.state, "paris", "france")["regular"] == regulars + 2
    assert b.units_of(game.state, "paris", "france")["mercenary"] == 2
    assert len(game.state["hands"]["protestant"]) == cards + 1
    actions = game.view("protestant")["actions"]
    assert {"type": "mercenaries", "space": "paris"} in actions
    assert {"type": "squadron", "space": "marseille"} in actions
    game.act("protestant", {"type": "mercenaries", "space": "paris"})
    assert b.units_of(game.state, "paris", "france")["mercenary"] == 4
    assert core.top(game.state) == {"kind": "diplomatic_play", "role": "protestant"}


def test_card_202_the_extra_may_be_a_squadron_in_a_french_home_port() -> None:
    game = papacy_plays(202, [208, 217])
    placed(game, "protestant", "paris")
    before = b.units_of(game.state, "marseille", "france")["squadron"]
    game.act("protestant", {"type": "squadron", "space": "marseille"})
    assert b.units_of(game.state, "marseille", "france")["squadron"] == before + 1
    assert b.units_of(game.state, "paris", "france")["mercenary"] == 2


def test_card_202_played_again_during_the_war_places_another_army() -> None:
    game = protestant_plays(202)
    game.state["diplomacy"]["at_war"] = [["france", "papacy"]]
    game.act("protestant", {"type": "diplomatic_card", "card": 202})
    assert game.state["diplomacy"]["at_war"] == [["france", "papacy"]]
    assert any("already at war" in line["text"] for line in game.state["log"])
    placed(game, "protestant", "lyon")
    assert b.units_of(game.state, "lyon", "france")["regular"] >= 2


def test_invasion_army_never_placed_where_enemy_units_stand() -> None:
    game = protestant_plays(202)
    b.add_units(game.state, "lyon", "papacy", "regular", 1)
    game.act("protestant", {"type": "diplomatic_card", "card": 202})
    spaces = [a["space"] for a in game.view("protestant")["actions"]]
    assert "lyon" not in spaces and "paris" in spaces


def test_card_206_french_invasion_brings_the_ruler_of_france() -> None:
    game = protestant_plays(206)
    game.act("protestant", {"type": "diplomatic_card", "card": 206})
    regulars = b.units_of(game.state, "paris", "france")["regular"]
    placed(game, "protestant", "paris")
    assert game.state["leaders"]["francis_i"] == "paris"
    assert b.units_of(game.state, "paris", "france")["regular"] == regulars + 3
    assert b.units_of(game.state, "paris", "france")["mercenary"] == 3
    assert core.top(game.state)["kind"] == "invasion_extra"


def test_card_206_after_francis_dies_henry_ii_leads() -> None:
    game = protestant_plays(206)
    game.state["rulers"]["france"] = "henry_ii"
    game.act("protestant", {"type": "diplomatic_card", "card": 206})
    placed(game, "protestant", "paris")
    assert game.state["leaders"]["henry_ii"] == "paris" and "francis_i" not in game.state["leaders"]


def test_card_211_spanish_invasion_before_the_league_protestant_war_with_the_papacy() -> None:
    game = papacy_plays(211, [208, 217])
    assert ["hapsburg", "papacy"] in game.state["diplomacy"]["at_war"]
    assert core.top(game.state) == {"kind": "invasion_space", "role": "protestant", "card": 211}
    placed(game, "protestant", "naples")
    assert game.state["leaders"]["duke_of_alva"] == "naples"
    assert b.units_of(game.state, "naples", "hapsburg")["mercenary"] >= 2
    assert {"type": "squadron", "space": "naples"} in game.view("protestant")["actions"]


def test_card_211_spanish_invasion_after_the_league_is_the_papacys_and_makes_no_war() -> None:
    game = protestant_plays(211)
    league(game)
    game.act("protestant", {"type": "diplomatic_card", "card": 211})
    assert ["hapsburg", "papacy"] not in game.state["diplomacy"]["at_war"]
    assert core.top(game.state) == {"kind": "invasion_space", "role": "papacy", "card": 211}
    cards = len(game.state["hands"]["papacy"])
    placed(game, "papacy", "vienna")
    assert len(game.state["hands"]["papacy"]) == cards + 1
    game.act("papacy", {"type": "mercenaries", "space": "vienna"})
    assert b.units_of(game.state, "vienna", "hapsburg")["mercenary"] >= 4


def test_card_213_austrian_invasion_ferdinand_for_the_papacy() -> None:
    game = protestant_plays(213)
    league(game)
    game.act("protestant", {"type": "diplomatic_card", "card": 213})
    assert core.top(game.state) == {"kind": "invasion_space", "role": "papacy", "card": 213}
    regulars = b.units_of(game.state, "vienna", "hapsburg")["regular"]
    placed(game, "papacy", "vienna")
    assert game.state["leaders"]["ferdinand"] == "vienna"
    assert b.units_of(game.state, "vienna", "hapsburg")["regular"] == regulars + 2
    assert b.units_of(game.state, "vienna", "hapsburg")["mercenary"] == 4
    assert core.top(game.state) == {"kind": "spring", "role": "papacy"}  # no extra choice: the phase goes on


def test_card_214_imperial_invasion_charles_v_for_the_papacy() -> None:
    game = protestant_plays(214)
    league(game)
    game.act("protestant", {"type": "diplomatic_card", "card": 214})
    regulars = b.units_of(game.state, "vienna", "hapsburg")["regular"]
    placed(game, "papacy", "vienna")
    assert game.state["leaders"]["charles_v"] == "vienna"
    assert b.units_of(game.state, "vienna", "hapsburg")["regular"] == regulars + 3
    assert b.units_of(game.state, "vienna", "hapsburg")["mercenary"] == 5
    assert game.state["diplomacy"]["at_war"] == [["hapsburg", "protestant"], ["papacy", "protestant"]]


def test_card_216_ottoman_invasion_suleiman_regulars_and_squadrons_in_a_port() -> None:
    game = papacy_plays(216, [208, 217])
    board = load_map()
    assert ["ottoman", "papacy"] in game.state["diplomacy"]["at_war"]
    spaces = [a["space"] for a in game.view("protestant")["actions"]]
    assert spaces and all(board.spaces[s].ports and game.state["spaces"][s]["control"] == "ottoman" for s in spaces)
    assert "belgrade" not in spaces  # Ottoman, but no port
    port = spaces[0]
    before = b.units_of(game.state, port, "ottoman")
    placed(game, "protestant", port)
    after = b.units_of(game.state, port, "ottoman")
    assert game.state["leaders"]["suleiman"] == port
    assert after["regular"] == before["regular"] + 5 and after["squadron"] == before["squadron"] + 4
    assert core.top(game.state) == {"kind": "diplomatic_play", "role": "protestant"}


def test_seed_19_a_leader_removed_in_winter_returns_with_the_next_invasion() -> None:
    game = protestant_plays(202)
    game.act("protestant", {"type": "diplomatic_card", "card": 202})
    placed(game, "protestant", "paris")
    wintering.invaders_return(game.state, load_map())
    assert "montmorency" not in game.state["leaders"]
    game.state["stack"] = []
    invasions.invade(game.state, load_map(), "protestant", 202)
    placed(game, "protestant", "lyon")
    assert game.state["leaders"]["montmorency"] == "lyon"


def test_card_215_machiavelli_plays_the_chosen_invasion_for_its_beneficiary() -> None:
    hands = {"papacy": [201, 215], "protestant": [208, 212]}
    game = at_diplomacy(diplomatic_deck=[203, 210], diplomatic_hands=hands)
    game.state["diplomatic_hands"] = hands
    game.state["diplomatic_deck"] = [216, 209]
    game.state["bonus_vp"]["protestant"] += 30  # the Papacy trails and chooses
    game.act("papacy", {"type": "diplomatic_card", "card": 215})
    game.act("papacy", {"type": "invasion", "card": 216})
    assert core.top(game.state) == {"kind": "invasion_space", "role": "protestant", "card": 216}
    assert ["ottoman", "papacy"] in game.state["diplomacy"]["at_war"]
    assert sorted(game.state["diplomatic_deck"]) == [209, 215, 216]


@pytest.mark.parametrize("seed", [3, 4])
def test_random_games_play_every_diplomatic_card_they_draw(seed: int) -> None:
    """Seeds 3 and 4 play Andrea Doria, Venetian Alliance, the Spanish, French Constable and Imperial invasions
    (issue 15 point 4): no Diplomatic card stops a game now."""
    game = random_game(seed, 5000, seed)
    played = [line["text"] for line in game.state["log"] if "plays the Diplomatic card" in line["text"]]
    assert len(played) >= 6
    assert "Diplomatic" not in (game.state.get("blocked") or "")
    assert game.state["turn"] >= 4
