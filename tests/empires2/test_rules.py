"""The empires2 ruleset: the round's sequence, the two seats, Independent turns run by the engine, replays."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.empires2.helpers import random_game, to_turn_of
from umpire.games.empires2 import rules as rules_module
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game, replay


def test_seats_are_the_scenarios_two_empires_and_the_rest_independent() -> None:
    game = new_game("empires2", "millennium", seed=1)
    assert game.ruleset.seats(game.state) == ["germany", "byzantine"]
    statuses = {eid: e["status"] for eid, e in game.view("observer")["empires"].items()}
    assert sorted(eid for eid, s in statuses.items() if s == "independent") == [
        "burgundy",
        "denmark",
        "france",
        "kiev",
        "poland",
    ]


def test_33_12_independents_take_the_earliest_free_place() -> None:
    game = new_game("empires2", "millennium", seed=2)
    assert game.view("gm")["acting"] == ["byzantine"]  # the most areas, the highest initiative
    game.act("byzantine", {"type": "place", "place": 3})
    game.act("germany", {"type": "place", "place": 1})
    order = game.state["order"]
    assert order[0] == "germany" and order[2] == "byzantine"
    independents = [order[1], *order[3:]]
    assert all(game.state["empires"][e]["status"] == "independent" for e in independents)
    assert any("takes place 2, the earliest free (33.12)" in line for line in game.state["log"])
    assert game.view("gm")["acting"] == ["germany"]  # place 1 takes its player-turn first


def test_a_taken_place_is_refused_with_the_reason() -> None:
    game = new_game("empires2", "millennium", seed=2)
    game.act("byzantine", {"type": "place", "place": 3})
    role = game.view("gm")["acting"][0]
    with pytest.raises(IllegalAction, match="place 3 is taken by byzantine"):
        game.act(role, {"type": "place", "place": 3})


def test_what_is_not_built_says_so() -> None:
    game = new_game("empires2", "millennium", seed=2)
    role = game.view("gm")["acting"][0]
    with pytest.raises(IllegalAction, match=r"no 'ally' action now; legal: \['place'\]"):
        game.act(role, {"type": "ally", "empire": "france"})
    with pytest.raises(IllegalAction, match=r"no 'diplomacy' action now; legal: \['place'\]"):
        game.act(role, {"type": "diplomacy", "area": "france"})


def test_a_player_turn_needs_an_endeavour_before_it_ends() -> None:
    game = random_game("charlemagne", 4, 0, 0)
    while game.state["phase"] != "turn":
        role = game.view("gm")["acting"][0]
        game.act(role, game.view(role)["actions"][0])
    role = game.view("gm")["acting"][0]
    with pytest.raises(IllegalAction, match="at least one endeavour"):
        game.act(role, {"type": "end_turn"})
    ruling = next(a for a in game.view(role)["actions"] if a["type"] == "endeavour")
    game.act(role, {k: v for k, v in ruling.items() if k != "max_gold"})
    game.act(role, {"type": "end_turn"})


def test_independent_turns_are_written_in_words() -> None:
    game = random_game("millennium", 5, 40, 5)
    lines = [line for line in game.state["log"] if line.startswith("Independent ")]
    assert any("Event Card" in line for line in lines)
    assert any("step " in line and "Year Card" in line for line in lines)


def test_a_random_charlemagne_game_reaches_its_end() -> None:
    game = random_game("charlemagne", 7, 3000, 7)
    assert game.state["over"] and game.state["round"] == 9
    assert game.view("germany" if "germany" in game.state["empires"] else "frankish")["actions"] == []


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), rng_seed=st.integers(0, 10_000))
def test_replay_reproduces_random_legal_games(seed: int, rng_seed: int) -> None:
    """Determinism: replaying the action log reaches the identical state."""
    game = random_game("millennium", seed, 60, rng_seed)
    again = replay(json.loads(json.dumps(game.record)))
    assert again.digest() == game.digest()


def test_a_random_millennium_game_reaches_its_end() -> None:
    """Regression: a lost Court with no successor (33.6) no longer stops the game."""
    game = random_game("millennium", 11, 5000, 11)
    assert game.state["over"] and game.state["round"] == 20 and not game.state.get("blocked")


def test_an_endeavour_is_listed_with_its_rating_before_gold() -> None:
    game = random_game("charlemagne", 4, 0, 0)
    while game.state["phase"] != "turn":
        role = game.view("gm")["acting"][0]
        game.act(role, game.view(role)["actions"][0])
    role = game.view("gm")["acting"][0]
    listed = [a for a in game.view(role)["actions"] if a["type"] == "endeavour"]
    assert listed and all(isinstance(a["er"], int) for a in listed)


def test_a_blocked_game_refuses_actions_with_what_is_missing() -> None:
    game = new_game("empires2", "millennium", seed=2)
    game.state["blocked"] = "exile (rewrite 21.0)"
    assert game.view("byzantine")["actions"] == []
    with pytest.raises(IllegalAction, match=r"exile \(rewrite 21.0\) is not built yet"):
        game.act("byzantine", {"type": "place", "place": 1})


def _germany_to_act(seed: int) -> Game:
    game = random_game("millennium", seed, 0, 0)
    to_turn_of(game, "germany")
    return game


def test_a_court_lost_to_the_players_own_taxation_moves_or_exiles_it() -> None:
    # Regression: a player's taxation that made his Court rebel raised NotImplementedError out of the action; now
    # the Court moves (33.29) or the empire goes into exile (33.6, demise.py).
    game = _germany_to_act(3)
    saxony = game.state["areas"]["saxony"]
    saxony["unrest"], saxony["ties"] = True, {"byzantine": 5}  # rebellion value far above the table: it rebels
    game.act("germany", {"type": "tax", "areas": {"saxony": 1}, "empire": "germany"})
    germany = game.state["empires"]["germany"]
    assert not game.state.get("blocked")
    assert germany["court"] != "saxony" or germany.get("demise") == "exile"


def test_an_action_that_needs_a_rule_not_built_blocks_the_game_instead_of_failing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = _germany_to_act(3)

    def missing(*_args: Any, **_kwargs: Any) -> None:
        raise NotImplementedError("a rule under test")

    monkeypatch.setattr(rules_module, "_tax", missing)
    game.act("germany", {"type": "tax", "areas": {"saxony": 1}, "empire": "germany"})
    assert game.state["blocked"] == "a rule under test"
    with pytest.raises(IllegalAction, match="not built yet"):
        game.act("germany", {"type": "end_turn", "empire": "germany"})
