"""The two-player Diplomacy Phase (seed 7 row 3, seed 9) and the Diplomatic cards' events (seed 6.2)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.his2p.test_engine import through_theses
from umpire.games.his2p import core, deck, engine
from umpire.games.his2p.diplomacy import diplomacy, diplomatic_cards, diplomatic_events
from umpire.games.his2p.mapdata import load_map
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game


def at_diplomacy(turn: int = 2, seed: int = 1, **setup: Any) -> Game:
    """A game at the start of turn ``turn``'s Diplomacy Phase, with the state changes in ``setup`` made first."""
    game = through_theses(seed)
    state = game.state
    state["stack"] = []
    state["turn"] = turn
    state["step"] = "diplomacy"
    state.update(setup)
    engine.advance(state)
    return game


def kinds(game: Game) -> list[str]:
    return [d["kind"] for d in game.state["stack"]]


def test_seed_9_turn_1_each_player_draws_one_diplomatic_card_and_plays_none() -> None:
    game = through_theses()
    hands = game.state["diplomatic_hands"]
    assert len(hands["papacy"]) == 1 and len(hands["protestant"]) == 1
    assert game.state["phase"] == "diet_of_worms"
    assert "diplomatic_play" not in kinds(game)


def test_seed_7_turn_2_papacy_then_protestant_plays_one_diplomatic_card() -> None:
    game = at_diplomacy(diplomatic_deck=[208, 208, 203])
    state = game.state
    assert len(state["diplomatic_hands"]["papacy"]) == 2
    assert kinds(game)[-2:] == ["diplomatic_play", "diplomatic_play"]
    assert engine.acting_roles(state) == ["papacy"]
    assert game.view("protestant")["actions"] == []
    actions = game.view("papacy")["actions"]
    assert {a["card"] for a in actions} == set(state["diplomatic_hands"]["papacy"])
    with pytest.raises(IllegalAction):
        game.act("papacy", {"type": "pass"})


def test_seed_9_a_card_must_be_played_from_the_own_hand() -> None:
    game = at_diplomacy(diplomatic_deck=[208, 208, 203])
    foreign = next(n for n in range(201, 220) if n not in game.state["diplomatic_hands"]["papacy"])
    with pytest.raises(IllegalAction):
        game.act("papacy", {"type": "diplomatic_card", "card": foreign})


def test_card_208_knights_of_st_john_draws_a_card_whose_cp_build_st_peters() -> None:
    game = at_diplomacy(diplomatic_deck=[201, 201], diplomatic_hands={"papacy": [208], "protestant": [217]})
    top_card = game.state["deck"][0]
    hand_before = len(game.state["hands"]["papacy"])
    game.act("papacy", {"type": "diplomatic_card", "card": 208})
    state = game.state
    track = state["tracks"]["st_peters"]
    assert track["vp"] * 5 + track["cp"] == deck.cp_of(top_card)
    assert top_card in state["hands"]["papacy"] and len(state["hands"]["papacy"]) == hand_before + 1
    assert 208 in state["diplomatic_discard"]


def test_seed_9_knights_played_by_the_protestant_is_resolved_by_the_papacy() -> None:
    game = at_diplomacy(diplomatic_deck=[201, 201], diplomatic_hands={"papacy": [217], "protestant": [208]})
    game.state["stack"] = [{"kind": "diplomatic_play", "role": "protestant"}]  # the Papacy has played
    papal, protestant = len(game.state["hands"]["papacy"]), len(game.state["hands"]["protestant"])
    game.act("protestant", {"type": "diplomatic_card", "card": 208})
    assert len(game.state["hands"]["papacy"]) == papal + 1
    assert len(game.state["hands"]["protestant"]) == protestant
    assert any("is resolved by papacy" in line["text"] for line in game.state["log"])


def test_card_217_secret_protestant_circle_flips_italian_spaces() -> None:
    game = at_diplomacy(diplomatic_deck=[201, 201], diplomatic_hands={"papacy": [217], "protestant": [208]})
    game.act("papacy", {"type": "diplomatic_card", "card": 217})
    decision = core.top(game.state)
    assert decision is not None and decision["kind"] == "circle_flip" and decision["role"] == "protestant"
    assert decision["zone"] == "italian"
    zones = ["italian"] + (["spanish"] if kinds(game).count("circle_flip") == 2 else [])
    for zone in zones:
        action = game.view("protestant")["actions"][0]
        game.act("protestant", action)
        assert game.state["spaces"][action["space"]]["protestant"]
        assert zone  # each zone's flip was offered in turn


def test_every_diplomatic_card_has_an_event() -> None:
    from umpire.games.his2p.cards import load_cards

    assert sorted(diplomatic_cards.EVENTS) == sorted(load_cards().diplomatic)


def test_seed_6_2_an_empty_diplomatic_deck_takes_back_its_discard() -> None:
    game = at_diplomacy(diplomatic_deck=[], diplomatic_discard=[203, 209])
    hands = game.state["diplomatic_hands"]
    assert sorted(hands["papacy"][-1:] + hands["protestant"][-1:]) != []
    assert game.state["diplomatic_discard"] == []
    assert 203 in hands["papacy"] + hands["protestant"] and 209 in hands["papacy"] + hands["protestant"]


def at_war_with_france(**setup: Any) -> Game:
    game = through_theses()
    game.state["diplomacy"]["at_war"].append(["france", "papacy"])
    game.state["spaces"]["ravenna"]["control"] = "france"
    game.state["units"].pop("ravenna", None)
    return at_diplomacy(diplomacy=game.state["diplomacy"], spaces=game.state["spaces"], units=game.state["units"])


def test_seed_9_papal_bull_excommunicates_the_ruler_and_ends_the_war() -> None:
    game = at_war_with_france()
    assert core.top(game.state) == {"kind": "end_war", "role": "papacy"}
    actions = game.view("papacy")["actions"]
    assert {"type": "papal_bull", "power": "france"} in actions
    assert {"type": "sue_for_peace", "power": "france"} in actions
    game.act("papacy", {"type": "papal_bull", "power": "france"})
    assert game.state["rulers"]["france"] in game.state["excommunicated"]
    assert 5 not in game.state["hands"]["papacy"]
    assert ["france", "papacy"] not in game.state["diplomacy"]["at_war"]
    assert {"type": "regain", "space": "ravenna"} in game.view("papacy")["actions"]
    game.act("papacy", {"type": "regain", "space": "ravenna"})
    assert game.state["spaces"]["ravenna"]["control"] == "papacy"
    assert kinds(game)[-1] == "diplomatic_play"  # the phase goes on to the plays


def test_seed_9_no_papal_bull_against_an_excommunicated_ruler() -> None:
    game = through_theses()
    ruler = game.state["rulers"]["france"]
    game.state["diplomacy"]["at_war"].append(["france", "papacy"])
    game = at_diplomacy(diplomacy=game.state["diplomacy"], excommunicated=[ruler])
    assert {"type": "papal_bull", "power": "france"} not in game.view("papacy")["actions"]


def test_9_3_step_8_suing_for_peace_lifts_the_rulers_excommunication_papal_bull_keeps_it() -> None:
    """9.3 step 8 (HIS-H03): Francis I, excommunicated by a Papal Bull that ended an earlier war, has his marker
    lifted when the Papacy sues for peace in a later war with France (it used to stay); he is still not
    excommunicated a second time (seed 9: "not yet been excommunicated"). A Papal Bull's own peace keeps its marker."""
    game = through_theses()
    ruler = game.state["rulers"]["france"]
    game.state["diplomacy"]["at_war"].append(["france", "papacy"])
    game = at_diplomacy(diplomacy=game.state["diplomacy"], excommunicated=[ruler])
    assert game.view("observer")["excommunicated_rulers"] == [ruler]
    game.act("papacy", {"type": "sue_for_peace", "power": "france"})
    assert game.view("observer")["excommunicated_rulers"] == []
    assert game.state["excommunication_lifted"] == [ruler] and ruler in game.state["excommunicated"]
    assert any("lifts the excommunication" in e["text"] for e in game.state["log"])
    game = at_war_with_france()
    game.act("papacy", {"type": "papal_bull", "power": "france"})
    assert game.view("observer")["excommunicated_rulers"] == [ruler]


def test_seed_9_suing_for_peace_costs_vp_and_two_units() -> None:
    game = at_war_with_france()
    vp = game.state["bonus_vp"]["protestant"]
    units = sum(n for stacks in game.state["units"].values() for n in stacks.get("papacy", {}).values())
    game.act("papacy", {"type": "sue_for_peace", "power": "france"})
    assert game.state["bonus_vp"]["protestant"] == vp + 1
    for _ in range(2):
        game.act("papacy", game.view("papacy")["actions"][0])
    assert sum(n for stacks in game.state["units"].values() for n in stacks.get("papacy", {}).values()) == units - 2
    game.act("papacy", {"type": "regain", "space": "ravenna"})
    assert game.state["bonus_vp"]["protestant"] == vp + 2
    assert game.state["spaces"]["ravenna"]["control"] == "papacy"
    game.act("papacy", {"type": "done"})
    assert kinds(game)[-1] == "diplomatic_play"


def test_seed_9_the_papacy_may_keep_its_wars() -> None:
    game = at_war_with_france()
    game.act("papacy", {"type": "keep_wars"})
    assert ["france", "papacy"] in game.state["diplomacy"]["at_war"]
    assert kinds(game)[-1] == "diplomatic_play"


def papacy_plays(card: int, protestant: list[int], papacy_keeps: int = 201, **setup: Any) -> Game:
    """Turn 2's Diplomacy Phase with the Papacy playing ``card`` (keeping ``papacy_keeps``)."""
    hands = {"papacy": sorted([card, papacy_keeps]), "protestant": protestant}
    game = at_diplomacy(diplomatic_deck=[], diplomatic_hands=hands, **setup)
    game.state["diplomatic_deck"] = [203, 209, 210]
    game.act("papacy", {"type": "diplomatic_card", "card": card})
    return game


def test_card_209_plague_removes_three_units_one_a_space_then_a_random_card() -> None:
    game = papacy_plays(209, [212, 208])
    legal = game.view("papacy")["actions"]
    assert legal and all(a["type"] == "remove_unit" for a in legal)
    for a in legal:
        assert sum(sum(u.values()) for u in game.state["units"][a["where"]].values()) > 1
    protestant_hand = len(game.state["hands"]["protestant"])
    spaces = []
    for _ in range(3):
        action = game.view("papacy")["actions"][0]
        assert action["where"] not in spaces
        spaces.append(action["where"])
        game.act("papacy", action)
    held = [n for n in game.state["hands"]["protestant"] if not deck.is_home(n)]
    assert len(game.state["hands"]["protestant"]) == protestant_hand - 1 or not held
    assert core.top(game.state) == {"kind": "diplomatic_play", "role": "protestant"}


def test_card_205_papal_diplomatic_pressure_chooses_the_protestant_play() -> None:
    game = papacy_plays(205, [208, 212])
    assert game.view("papacy")["actions"] == [{"type": "force_play", "card": 208}, {"type": "force_play", "card": 212}]
    game.act("papacy", {"type": "force_play", "card": 212})
    assert game.view("protestant")["actions"] == [{"type": "diplomatic_card", "card": 212}]
    with pytest.raises(IllegalAction):
        game.act("protestant", {"type": "diplomatic_card", "card": 208})


def test_card_205_protestant_pressure_swaps_or_forces_a_discard() -> None:
    game = at_diplomacy(diplomatic_hands={"papacy": [212], "protestant": [205, 208]}, diplomatic_deck=[])
    game.state["stack"] = [{"kind": "diplomatic_play", "role": "protestant"}]
    game.state["diplomatic_deck"] = [203]
    game.act("protestant", {"type": "diplomatic_card", "card": 205})
    assert {"type": "swap", "card": 212} in game.view("protestant")["actions"]
    game.act("protestant", {"type": "swap", "card": 212})
    assert game.state["diplomatic_hands"] == {"papacy": [208], "protestant": [212]}


def test_card_219_papal_inquisition_discards_one_and_forces_the_other() -> None:
    game = papacy_plays(219, [208, 212])
    game.act("papacy", {"type": "discard_card", "card": 208})
    state = game.state
    assert 208 in state["diplomatic_discard"]
    assert sorted(state["diplomatic_hands"]["protestant"]) == [203, 212]
    assert game.view("protestant")["actions"] == [{"type": "diplomatic_card", "card": 212}]


def test_card_219_protestant_inquisition_reveals_its_hand() -> None:
    game = at_diplomacy(diplomatic_hands={"papacy": [212], "protestant": [219, 208]}, diplomatic_deck=[])
    game.state["stack"] = [{"kind": "diplomatic_play", "role": "protestant"}]
    game.act("protestant", {"type": "diplomatic_card", "card": 219})
    shown = game.state["log"][-1]["text"]
    assert "reveals its hand" in shown
    assert all(deck.name_of(n) in shown for n in game.state["hands"]["protestant"])


def test_card_207_divorce_refused_adds_three_hapsburg_regulars() -> None:
    game = papacy_plays(207, [208, 212])
    game.act("papacy", {"type": "divorce", "choice": "refused"})
    assert 207 in game.state["removed_diplomatic"]
    for _ in range(3):
        action = game.view("papacy")["actions"][0]
        assert game.state["spaces"][action["space"]]["control"] == "hapsburg"
        before = game.state["units"].get(action["space"], {}).get("hapsburg", {}).get("regular", 0)
        game.act("papacy", action)
        assert game.state["units"][action["space"]]["hapsburg"]["regular"] == before + 1
    assert core.top(game.state) == {"kind": "diplomatic_play", "role": "protestant"}


def test_card_207_divorce_granted_card_mercenaries_and_a_campeggio_debate() -> None:
    game = papacy_plays(207, [208, 212])
    hand = len(game.state["hands"]["papacy"])
    game.act("papacy", {"type": "divorce", "choice": "granted"})
    assert len(game.state["hands"]["papacy"]) == hand + 1
    place = game.view("protestant")["actions"]
    assert place and all(game.state["spaces"][a["space"]]["control"] == "hapsburg" for a in place)
    game.act("protestant", place[0])
    assert game.state["units"][place[0]["space"]]["hapsburg"]["mercenary"] >= 4
    debate = game.view("papacy")["actions"]
    if debate[0]["type"] == "call_debate":
        game.act("papacy", debate[0])
        decision = core.top(game.state)
        assert decision is not None and decision["kind"] == "defender" and decision["attacker"] == "campeggio"


def test_card_210_shipbuilding_papal_squadrons_in_papal_ports() -> None:
    game = papacy_plays(210, [208, 212])
    actions = game.view("papacy")["actions"]
    assert {"type": "build", "space": "rome", "power": "papacy"} in actions
    assert all(a["type"] == "done" or a["power"] == "papacy" for a in actions)
    game.act("papacy", {"type": "build", "space": "rome", "power": "papacy"})
    game.act("papacy", {"type": "build", "space": "rome", "power": "papacy"})
    assert game.state["units"]["rome"]["papacy"]["squadron"] >= 2
    assert core.top(game.state) == {"kind": "diplomatic_play", "role": "protestant"}


def test_card_203_corsair_raid_hits_cost_the_other_player_cards_or_squadrons() -> None:
    for seed in range(1, 30):
        game = papacy_plays(203, [208, 212], seed=seed)
        decision = core.top(game.state)
        if decision is not None and decision["kind"] == "corsair_hits":
            break
    else:
        pytest.fail("no seed gave the Corsair Raid a hit")
    assert decision["role"] == "protestant"
    legal = game.view("protestant")["actions"]
    assert {a["type"] for a in legal} <= {"discard", "eliminate_squadron"}
    assert all(a["power"] in ("france", "ottoman") for a in legal if a["type"] == "eliminate_squadron")
    hand = len(game.state["hands"]["protestant"])
    game.act("protestant", next(a for a in legal if a["type"] == "discard"))
    assert len(game.state["hands"]["protestant"]) == hand - 1


def test_card_218_siege_of_vienna_removes_two_hapsburg_land_units_near_vienna() -> None:
    game = papacy_plays(218, [208, 212])
    near = diplomatic_events.within(load_map(), "vienna", 2)
    legal = game.view("papacy")["actions"]
    assert legal and all(a["where"] in near and a["power"] in ("hapsburg", "hungary") for a in legal)
    for _ in range(2):
        game.act("papacy", game.view("papacy")["actions"][0])
    assert game.state["vienna_halt"]["turn"] == 2
    assert core.top(game.state) == {"kind": "diplomatic_play", "role": "protestant"}


def test_card_215_machiavelli_the_trailing_player_picks_an_invasion_then_the_deck_is_reshuffled() -> None:
    hands = {"papacy": [201, 215], "protestant": [208, 212]}
    game = at_diplomacy(diplomatic_deck=[203, 210], diplomatic_hands=hands)
    game.state["diplomatic_hands"] = hands
    game.state["diplomatic_deck"] = [206, 209]
    game.state["diplomatic_discard"] = [211]
    game.state["bonus_vp"]["papacy"] += 30  # the Protestant trails
    game.act("papacy", {"type": "diplomatic_card", "card": 215})
    decision = core.top(game.state)
    assert decision == {"kind": "machiavelli", "role": "protestant"}
    assert game.view("protestant")["actions"] == [{"type": "invasion", "card": 206}, {"type": "invasion", "card": 211}]
    game.act("protestant", {"type": "invasion", "card": 206})
    state = game.state
    assert core.top(state) == {"kind": "invasion_space", "role": "protestant", "card": 206}
    assert ["france", "papacy"] in state["diplomacy"]["at_war"]
    assert sorted(state["diplomatic_deck"]) == [206, 209, 211, 215] and state["diplomatic_discard"] == []


def test_seed_9_the_war_with_the_protestant_never_ends_in_diplomacy() -> None:
    game = through_theses()
    game.state["diplomacy"]["at_war"].append(["papacy", "protestant"])
    game = at_diplomacy(diplomacy=game.state["diplomacy"])
    assert "end_war" not in kinds(game)
    assert kinds(game)[-1] == "diplomatic_play"


def test_seed_9_a_forced_diplomatic_card_stays_hidden_from_the_observer() -> None:
    game = papacy_plays(205, [208, 212])
    game.act("papacy", {"type": "force_play", "card": 212})
    seen = json.dumps(game.view("observer"))
    assert "212" not in seen and "Venetian" not in seen


def test_card_211_spanish_invasion_is_the_protestants_before_the_league_the_papacys_after() -> None:
    game = through_theses()
    assert diplomacy.resolver_of(game.state, "papacy", 211) == "protestant"
    game.state["events"]["schmalkaldic_league"] = 3
    assert diplomacy.resolver_of(game.state, "protestant", 211) == "papacy"
    assert diplomacy.resolver_of(game.state, "protestant", 205) == "protestant"
