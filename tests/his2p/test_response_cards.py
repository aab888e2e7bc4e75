"""Response cards (rule book 6.1, 13.1 step 4, 14 step 1, 15.1 step 2, 18.5; issue 15 point 2; issue 14 point 8):
a test per card, named by its number, and the windows' promise: they open whatever the hand, the other player sees
only that a window is open and whose, and auto-pass is a private preference."""

from __future__ import annotations

from typing import Any

import pytest

from tests.his2p.test_engine import cp_decision
from tests.his2p.test_land_war import erfurt_game, hapsburg_move, texts
from umpire.games.his2p import board as b
from umpire.games.his2p import core, engine
from umpire.games.his2p.events import responses
from umpire.games.his2p.war import windows
from umpire.kernel.game import Game

pytestmark = pytest.mark.responses

#: Cards that are no response (never offered in a response window).
QUIET = [60, 61]


def attack_declared(protestant_hand: list[int], leaders: list[str] | None = None) -> Game:
    """The Papacy moves Charles V's Hapsburgs (seed 11) from Leipzig against Erfurt: the Protestant's window."""
    game = erfurt_game()
    game.state["hands"]["protestant"] = list(protestant_hand)
    game.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"] if leaders is None else leaders))
    return game


def top(game: Game) -> dict[str, Any]:
    decision = core.top(game.state)
    assert decision is not None
    return decision


def test_13_1_step_4_the_window_opens_with_an_empty_hand_before_anything_moves() -> None:
    # ruling HIS-R01
    game = attack_declared([])
    window = top(game)
    assert window["kind"] == responses.WINDOW and window["role"] == "protestant"
    assert window["window"] == responses.ACTION_DECLARED and window["at"] == "erfurt"
    assert game.view("protestant")["actions"] == [{"type": "pass"}, {"type": "pass", "always": True}]
    assert b.land_unit_count(game.state, "leipzig", "hapsburg") == 4  # nothing has moved yet


def test_issue_14_point_8_the_mover_sees_the_same_window_whatever_the_other_hand() -> None:
    full = attack_declared([31, 32])
    quiet = attack_declared(QUIET)
    assert full.view("papacy") == quiet.view("papacy")
    assert "hand" not in {k for k in full.view("observer")}


def test_13_1_step_4_passing_lets_the_move_go_on() -> None:
    game = attack_declared(QUIET)
    game.act("protestant", {"type": "pass"})
    assert game.state["land_move"] is not None or b.land_unit_count(game.state, "leipzig", "hapsburg") == 0
    assert "protestant passes in the action declared response window" in texts(game)


def test_issue_14_point_8_auto_pass_is_private_and_logged_as_a_pass() -> None:
    game = attack_declared([31])
    game.act("protestant", {"type": "pass", "always": True})
    assert responses.ACTION_DECLARED in game.state["autopass"]["protestant"]
    assert "autopass" not in game.view("papacy")
    game2 = erfurt_game()
    game2.state["hands"]["protestant"] = [31]
    game2.state["autopass"] = {"protestant": [responses.ACTION_DECLARED]}
    game2.act("papacy", hapsburg_move("leipzig", "erfurt", 4, ["charles_v"]))
    assert top(game2)["kind"] != responses.WINDOW
    assert texts(game2)[-1] != "" and "protestant passes in the action declared response window" in texts(game2)


def test_card_31_foul_weather_cancels_the_move_and_stops_assaults_and_second_moves() -> None:
    game = attack_declared([31])
    assert {"type": "play", "card": 31} in game.view("protestant")["actions"]
    game.act("protestant", {"type": "play", "card": 31})
    state = game.state
    assert b.land_unit_count(state, "leipzig", "hapsburg") == 4 and state["leaders"]["charles_v"] == "leipzig"
    assert top(game) == {"kind": "cp", "role": "papacy", "cp": 5}  # 6 CP, 1 paid for the move and lost
    assert 31 in state["discard"] and 31 not in state["hands"]["protestant"]
    actions = game.view("papacy")["actions"]
    hapsburg = [a for a in actions if a.get("power") == "hapsburg"]
    assert hapsburg and not [a for a in hapsburg if a["type"] in ("assault", "naval_move")]
    # a formation may still move one space, but not on from where it arrived this impulse
    b.add_units(state, "augsburg", "hapsburg", "regular", 2)
    game.act("papacy", {**hapsburg_move("augsburg", "innsbruck", 2), "type": "move_over_pass"})
    game.act("protestant", {"type": "pass"})
    assert b.land_unit_count(game.state, "innsbruck", "hapsburg") >= 2
    actions = game.view("papacy")["actions"]
    assert not [a for a in actions if a.get("power") == "hapsburg" and a.get("from") == "innsbruck"]


def test_card_31_foul_weather_over_a_pass_gives_back_the_second_cp() -> None:
    game = erfurt_game()
    b.add_units(game.state, "augsburg", "hapsburg", "regular", 2)
    game.state["hands"]["protestant"] = [31]
    over = {**hapsburg_move("augsburg", "innsbruck", 2), "type": "move_over_pass"}
    assert over in game.view("papacy")["actions"]
    game.act("papacy", over)
    game.act("protestant", {"type": "play", "card": 31})
    assert top(game)["cp"] == 5  # 2 paid, 1 lost, 1 back
    assert b.land_unit_count(game.state, "augsburg", "hapsburg") == 2


def test_card_32_gout_stops_the_leader_for_the_impulse() -> None:
    game = attack_declared([32])
    assert {"type": "play", "card": 32, "leader": "charles_v"} in game.view("protestant")["actions"]
    game.act("protestant", {"type": "play", "card": 32, "leader": "charles_v"})
    assert b.land_unit_count(game.state, "leipzig", "hapsburg") == 4
    assert top(game)["cp"] == 5
    moves = [a for a in game.view("papacy")["actions"] if a.get("power") == "hapsburg" and a.get("from") == "leipzig"]
    assert moves and all("charles_v" not in a["leaders"] for a in moves)  # his units may move without him
    assert any("Gout: Charles V may not move" in t for t in texts(game))


def test_card_32_gout_is_not_offered_against_a_formation_without_a_leader() -> None:
    # ruling HIS-P08
    game = attack_declared([32], leaders=[])
    assert game.view("protestant")["actions"] == [{"type": "pass"}, {"type": "pass", "always": True}]


def test_card_33_landsknechts_in_the_field_battle_window_adds_two_mercenaries(monkeypatch: pytest.MonkeyPatch) -> None:
    game = attack_declared([33])
    game.act("protestant", {"type": "pass"})  # the move goes on
    game.act("protestant", {"type": "stand"})
    game.act("papacy", {"type": "pass"})  # the attacker's combat window
    assert top(game)["kind"] == windows.WINDOW and top(game)["role"] == "protestant"
    assert {"type": "play", "card": 33} in game.view("protestant")["actions"]
    game.act("protestant", {"type": "play", "card": 33})
    assert top(game)["kind"] == "place_mercenaries"
    assert {"type": "place", "space": "erfurt"} in game.view("protestant")["actions"]
    game.act("protestant", {"type": "place", "space": "erfurt"})
    game.act("protestant", {"type": "place", "space": "erfurt"})
    assert game.state["units"]["erfurt"]["protestant"]["mercenary"] == 2  # before the dice are counted
    assert top(game)["kind"] == windows.WINDOW


def test_card_33_landsknechts_never_for_another_power() -> None:
    game = attack_declared(QUIET)
    game.state["hands"]["papacy"] = [33]
    game.act("protestant", {"type": "pass"})
    game.act("protestant", {"type": "stand"})
    assert top(game)["power"] == "hapsburg"
    assert {"type": "play", "card": 33} not in game.view("papacy")["actions"]  # seed 11 and 14


def test_card_33_landsknechts_as_an_event_in_the_impulse() -> None:
    game = cp_decision("papacy", 0)
    state = game.state
    state["stack"] = [{"kind": "impulse", "role": "papacy"}]
    state["hands"]["papacy"] = [33, 5]
    game.act("papacy", {"type": "play", "card": 33, "as": "event"})
    game.act("protestant", {"type": "pass"})  # the event's response window
    assert top(game)["kind"] == "place_mercenaries"
    space = game.view("papacy")["actions"][0]["space"]
    before = state["units"][space]["papacy"].get("mercenary", 0)
    game.act("papacy", {"type": "place", "space": space})
    game.act("papacy", {"type": "place", "space": space})
    assert game.state["units"][space]["papacy"].get("mercenary", 0) == before + 2


def test_card_36_swiss_mercenaries_as_an_event_skip_besieged_stacks() -> None:
    game = cp_decision("papacy", 0)
    state = game.state
    state["stack"] = [{"kind": "impulse", "role": "papacy"}]
    state["hands"]["papacy"] = [36, 5]
    spaces = responses.mercenary_spaces(state, "papacy")
    besieged = spaces[0]
    state["sieges"] = {besieged: {"besieger": "protestant", "impulse": 0}}
    state["diplomacy"]["at_war"] = [["papacy", "protestant"]]
    b.add_units(state, besieged, "protestant", "regular", 1)
    assert besieged not in responses.mercenary_spaces(state, "papacy")
    game.act("papacy", {"type": "play", "card": 36, "as": "event"})
    game.act("protestant", {"type": "pass"})
    assert {"type": "place", "space": besieged} not in game.view("papacy")["actions"]
    game.act("papacy", game.view("papacy")["actions"][0])
    assert top(game)["kind"] == "place_mercenaries" and top(game)["left"] == 1


def papal_event(protestant_hand: list[int], card: int = 5) -> Game:
    game = cp_decision("papacy", 0)
    state = game.state
    state["stack"] = [{"kind": "impulse", "role": "papacy"}]
    state["hands"]["papacy"] = [card, 61]
    state["hands"]["protestant"] = list(protestant_hand)
    return game


def test_card_37_the_wartburg_cancels_a_papal_event() -> None:
    game = papal_event([37])
    state = game.state
    game.act("papacy", {"type": "play", "card": 5, "as": "event"})  # Papal Bull, a Papal home card
    assert top(game)["window"] == responses.EVENT_DECLARED and top(game)["card"] == 5
    game.act("protestant", {"type": "play", "card": 37})
    state = game.state
    assert [d["kind"] for d in state["stack"]] == ["impulse"]  # the Papal impulse is over, the bull without effect
    assert state["events"]["wartburg"] and state["debaters"]["luther"] == "committed"
    assert any("The Wartburg: #5 Papal Bull is cancelled" in t for t in texts(game))
    from umpire.games.his2p.people import load_people
    from umpire.games.his2p.religion import religion

    why = religion.debate_callable(state, load_people().debaters, "protestant", "german")
    assert why is not None and "Wartburg" in why


def test_card_37_the_wartburg_is_not_offered_against_a_mandatory_event_nor_once_luther_is_dead() -> None:
    # ruling HIS-P04
    game = papal_event([37])
    assert responses.wartburg_refusal(game.state, "papacy", 10) is not None  # Clement VII, mandatory
    assert responses.wartburg_refusal(game.state, "protestant", 61) is not None
    game.state["debaters"]["luther"] = "dead"
    game.act("papacy", {"type": "play", "card": 5, "as": "event"})
    assert game.view("protestant")["actions"] == [{"type": "pass"}, {"type": "pass", "always": True}]


def test_card_38_halleys_comet_skips_the_next_impulse_without_a_pass() -> None:
    game = papal_event([38])
    game.act("papacy", {"type": "play", "card": 5, "as": "event"})
    assert {"type": "play", "card": 38, "effect": "skip"} in game.view("protestant")["actions"]
    game.act("protestant", {"type": "play", "card": 38, "effect": "skip"})
    assert top(game)["kind"] == responses.WINDOW  # the window stays open for the event's other responses
    assert 38 in game.state["removed"]
    assert game.state["skip_impulse"] == ["papacy"]
    game.state["impulse"]["passes"] = 0
    assert responses.skips_impulse(game.state, "papacy") and game.state["impulse"]["passes"] == 0
    assert not responses.skips_impulse(game.state, "papacy")


def test_card_38_halleys_comet_discards_a_card_at_random(monkeypatch: pytest.MonkeyPatch) -> None:
    game = papal_event([38])
    game.act("papacy", {"type": "play", "card": 5, "as": "event"})
    game.act("protestant", {"type": "play", "card": 38, "effect": "discard"})
    assert game.state["hands"]["papacy"] == [] and 61 in game.state["discard"]
    assert any(r["purpose"].startswith("Halley's Comet: a card of papacy's hand") for r in game.state["rolls"])


def test_card_38_halleys_comet_as_an_event_in_the_impulse() -> None:
    game = papal_event([61, 60], card=38)
    game.act("papacy", {"type": "play", "card": 38, "as": "event"})
    game.act("protestant", {"type": "pass"})
    assert game.view("papacy")["actions"] == [
        {"type": "halley", "effect": "discard"},
        {"type": "halley", "effect": "skip"},
    ]
    game.act("papacy", {"type": "halley", "effect": "discard"})
    assert len(game.state["hands"]["protestant"]) == 1


def german_debate(protestant_hand: list[int]) -> Game:
    game = cp_decision("papacy", 3)
    game.state["hands"]["protestant"] = list(protestant_hand)
    game.act("papacy", {"type": "call_debate", "zone": "german"})
    game.act("papacy", {"type": "defender", "pool": "uncommitted"})
    return game


def test_card_7_here_i_stand_brings_luther_into_a_german_debate() -> None:
    game = german_debate([7])
    window = top(game)
    if window["kind"] != responses.WINDOW:
        pytest.skip("Luther was drawn to defend: no window")
    assert window["window"] == responses.DEBATE_ROUND and window["debate"]["round"] == 1
    assert not any(r["purpose"].startswith("debate round 1:") for r in game.state["rolls"])
    replaced = window["debate"]["defender"]
    deck_before = len(game.state["deck"])
    game.act("protestant", {"type": "play", "card": 7})
    state = game.state
    assert state["debaters"][replaced] == "committed" and replaced != "luther"
    assert any("Here I Stand: Luther takes the place" in t for t in texts(game))
    assert len(state["deck"]) == deck_before - 1  # the Protestant draws a card
    rolls = [r["purpose"] for r in state["rolls"] if r["purpose"].startswith("debate round 1:")]
    assert any("Luther defends" in p for p in rolls)


def test_card_7_the_debate_window_opens_whatever_the_hand_and_only_in_german() -> None:
    game = german_debate(QUIET)
    if top(game)["kind"] == responses.WINDOW:
        assert game.view("protestant")["actions"] == [{"type": "pass"}, {"type": "pass", "always": True}]
        assert game.view("papacy") == german_debate([7, 61]).view("papacy")
    assert not responses.debate_round(
        game.state,
        {"zone": "english", "side": "papal", "attacker": "eck", "defender": "tyndale", "committed": False, "round": 1},
    )


def test_card_109_the_protestant_may_play_venetian_informant_as_the_spring_opens() -> None:
    game = cp_decision("papacy", 0)
    state = game.state
    state["stack"] = []
    state["step"] = "spring"
    state["hands"]["protestant"] = [109]
    state["hands"]["papacy"] = [61, 60]
    engine.advance(state)
    assert top(game)["kind"] == responses.WINDOW and top(game)["window"] == responses.SPRING
    game.act("protestant", {"type": "play", "card": 109})
    assert game.view("protestant")["decision"]["secret"] == [61, 60]
    assert "secret" not in game.view("papacy")["decision"]
    game.act("protestant", {"type": "done"})
    assert top(game)["kind"] == "spring"


def test_rng_purposes_of_the_response_cards() -> None:
    state = papal_event([38]).state
    responses.halley(state, "protestant", "discard")
    assert state["rolls"][-1]["purpose"] == "Halley's Comet: a card of papacy's hand at random"


def test_the_normal_bot_plays_a_response_when_it_clearly_helps() -> None:
    import random

    from umpire.bots.his2p import NormalBot

    bot = NormalBot()
    game = attack_declared([31, 38])  # an attack on Protestant Erfurt
    assert bot.act(game.view("protestant"), random.Random(1)) == {"type": "play", "card": 31}
    game = erfurt_game()  # a Hapsburg move inside its own lands: keep the card
    b.add_units(game.state, "augsburg", "hapsburg", "regular", 2)
    game.state["hands"]["protestant"] = [31]
    game.act("papacy", {**hapsburg_move("augsburg", "innsbruck", 2), "type": "move_over_pass"})
    assert bot.act(game.view("protestant"), random.Random(1)) == {"type": "pass"}
    game = papal_event([37])  # Papal Bull helps the Papacy: cancel it
    game.act("papacy", {"type": "play", "card": 5, "as": "event"})
    assert bot.act(game.view("protestant"), random.Random(1)) == {"type": "play", "card": 37}


def test_card_32_gout_against_an_assault_stops_assaults_where_the_leader_stands() -> None:
    from tests.his2p.test_assaults import league_siege_of_florence

    game = league_siege_of_florence(hapsburg=4, alva=True)
    game.state["stack"][-1]["cp"] = 3
    game.state["hands"]["protestant"] = [32]
    game.act("papacy", {"type": "assault", "space": "florence", "power": "hapsburg"})
    assert top(game)["window"] == responses.ACTION_DECLARED and top(game)["at"] == "florence"
    game.act("protestant", {"type": "play", "card": 32, "leader": "duke_of_alva"})
    assert "assaulted" not in game.state["sieges"]["florence"]  # no assault was made
    assert top(game) == {"kind": "cp", "role": "papacy", "cp": 2}
    assert not [a for a in game.view("papacy")["actions"] if a["type"] == "assault"]


def test_card_33_landsknechts_in_the_assault_window_for_the_attacker_only() -> None:
    from tests.his2p.test_assaults import siege_of_florence

    game = siege_of_florence()
    game.state["hands"]["papacy"] = [33]
    game.act("papacy", {"type": "assault", "space": "florence"})
    game.act("protestant", {"type": "pass"})  # the declared assault's response window
    assert top(game)["kind"] == windows.WINDOW and top(game)["window"] == windows.ASSAULT
    assert {"type": "play", "card": 33} in game.view("papacy")["actions"]
    game.act("papacy", {"type": "play", "card": 33})
    game.act("papacy", {"type": "place", "space": "florence"})
    game.act("papacy", {"type": "place", "space": "florence"})
    assert game.state["units"]["florence"]["papacy"]["mercenary"] == 2


def test_card_31_foul_weather_cancels_a_naval_move() -> None:
    game = cp_decision("papacy", 2)
    game.state["hands"]["protestant"] = [31]
    if {"type": "naval_move"} not in game.view("papacy")["actions"]:
        b.add_units(game.state, "rome", "papacy", "squadron", 1)
    assert {"type": "naval_move"} in game.view("papacy")["actions"]
    game.act("papacy", {"type": "naval_move"})
    assert top(game)["window"] == responses.ACTION_DECLARED
    game.act("protestant", {"type": "play", "card": 31})
    assert top(game) == {"kind": "cp", "role": "papacy", "cp": 1}
    assert {"type": "naval_move"} not in game.view("papacy")["actions"]


def test_6_1_no_response_window_outside_the_action_phase() -> None:
    game = cp_decision("papacy", 2)
    game.state["phase"] = "spring_deployment"
    move = hapsburg_move("leipzig", "erfurt", 1)
    assert not responses.action_declared(game.state, None, "papacy", move)  # type: ignore[arg-type]
    assert not responses.event_declared(game.state, None, "papacy", 5)  # type: ignore[arg-type]


def test_card_7_an_excommunicated_luther_goes_back_off_the_map_after_the_debate() -> None:
    game = cp_decision("papacy", 3)
    game.state["hands"]["protestant"] = [7]
    game.state["debaters"]["luther"] = "absent"
    game.act("papacy", {"type": "call_debate", "zone": "german"})
    game.act("papacy", {"type": "defender", "pool": "uncommitted"})
    assert top(game)["window"] == responses.DEBATE_ROUND
    game.act("protestant", {"type": "play", "card": 7})
    while top(game)["kind"] == responses.WINDOW:  # a second round: pass
        game.act("protestant", {"type": "pass"})
    purposes = [r["purpose"] for r in game.state["rolls"]]
    assert any(p.startswith("debate round 1:") and "Luther defends" in p for p in purposes)
    assert game.state["debaters"]["luther"] in ("absent", "burned")
