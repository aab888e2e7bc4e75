"""The kernel's game life cycle on the toy hidden-hands ruleset: actions, errors, replay, views, control."""

from __future__ import annotations

import json

import pytest

from tests.kernel.toy import HandsGame
from umpire.kernel import GM, OBSERVER, IllegalAction, UnknownRole, new_game, replay
from umpire.kernel.canonical import canonical_json
from umpire.kernel.control import controller, powers_of, set_controller
from umpire.kernel.errors import BadGameFile, UmpireError
from umpire.kernel.game import load_game


def play_some(seed: int = 4):
    game = new_game(HandsGame(), seed=seed)
    for _ in range(3):
        role = game.state["turn"]
        game.act(role, {"type": "play", "card": game.view(role)["hand"][0]})
    return game


def test_illegal_action_leaves_state_and_log_untouched() -> None:
    game = play_some()
    before = canonical_json(game.state)
    log_before = len(game.record["actions"])
    with pytest.raises(IllegalAction, match="turn"):
        game.act("BLUE" if game.state["turn"] == "RED" else "RED", {"type": "pass"})
    with pytest.raises(IllegalAction, match="no card"):
        game.act(game.state["turn"], {"type": "play", "card": "C99"})
    with pytest.raises(IllegalAction, match="'type'"):
        game.act(game.state["turn"], {"card": "C01"})  # type: ignore[arg-type]
    assert canonical_json(game.state) == before and len(game.record["actions"]) == log_before


def test_replay_reproduces_the_state_byte_for_byte() -> None:
    game = play_some(seed=12)
    game.act(game.state["turn"], {"type": "pass"})
    again = replay(json.loads(json.dumps(game.record)))
    assert canonical_json(again.state) == canonical_json(game.state)
    assert load_game(json.loads(json.dumps(game.to_json()))).digest() == game.digest()


def test_a_tampered_game_file_is_detected() -> None:
    saved = play_some().to_json()
    saved["state"]["hands"]["RED"] = []
    with pytest.raises(BadGameFile, match="differs"):
        load_game(saved)
    with pytest.raises(BadGameFile, match="format"):
        load_game({"record": {}})


def test_engine_procedure_rolls_are_logged() -> None:
    game = play_some(seed=3)
    purposes = {e["purpose"] for e in game.state["rolls"]}
    assert "GREY: plays from the deck on 5-6" in purposes


def test_views_hide_other_hands_and_the_deck_order() -> None:
    game = play_some(seed=21)
    red, blue = game.state["hands"]["RED"], game.state["hands"]["BLUE"]
    for role, own, other in (("RED", red, blue), ("BLUE", blue, red)):
        view = game.view(role)
        text = json.dumps(view)
        assert view["hand"] == own
        assert not any(card in text for card in other)
        assert not any(card in text for card in game.state["deck"])
    public = json.dumps(game.view(OBSERVER))
    assert not any(card in public for card in red + blue + game.state["deck"])
    assert game.view(GM)["hands"] == {"RED": red, "BLUE": blue}


def test_only_the_role_on_turn_has_actions() -> None:
    game = play_some()
    on, off = game.state["turn"], ("RED" if game.state["turn"] == "BLUE" else "BLUE")
    assert game.view(on)["actions"] and game.view(off)["actions"] == []


def test_unknown_role_and_bad_options_are_precise() -> None:
    game = play_some()
    with pytest.raises(UnknownRole, match="RED, BLUE, gm, observer"):
        game.view("GREEN")
    with pytest.raises(UmpireError, match="expected one of 2, 3, 4"):
        new_game(HandsGame(), options={"hand": 9})
    with pytest.raises(UmpireError, match="unknown option 'speed'"):
        new_game(HandsGame(), options={"speed": 1})
    with pytest.raises(UmpireError, match="unknown scenario"):
        new_game(HandsGame(), scenario="advanced")


def test_game_over_refuses_actions() -> None:
    game = new_game(HandsGame(), seed=1)
    game.act("RED", {"type": "pass"})
    game.act("BLUE", {"type": "pass"})
    with pytest.raises(IllegalAction, match="over"):
        game.act("RED", {"type": "pass"})


def test_control_is_data_the_rules_may_change() -> None:
    state = {"control": {"FRANCE": "alice", "SAVOY": "FRANCE", "OTTOMANS": "engine"}}
    assert controller(state, "SAVOY") == "alice"
    assert powers_of(state, "alice") == ["FRANCE", "SAVOY"]
    set_controller(state, "SAVOY", "SPAIN")
    assert controller(state, "SAVOY") == "SPAIN" and powers_of(state, "alice") == ["FRANCE"]
    state["control"].update({"A": "B", "B": "A"})
    with pytest.raises(ValueError, match="loops"):
        controller(state, "A")
