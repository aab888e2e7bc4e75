"""The last main-deck events (issue 15 points 2, 3 and 7): Maurice of Saxony (#60), Charles Bourbon (#70, the seed's
German or Italian zone), Trace Italienne (#104), a test each named by its number; and every card of the two-player
deck, in both editions, with an implementation or a written reason why it is no event a player plays."""

from __future__ import annotations

import pytest

from tests.his2p.test_land_war import league_war
from umpire.games.his2p import board as b
from umpire.games.his2p import cards, engine, fortresses, variant
from umpire.games.his2p import leader_sides as sides
from umpire.games.his2p.events import events, events_last, responses
from umpire.games.his2p.mapdata import load_map
from umpire.games.his2p.war import military, windows
from umpire.kernel.game import Game


def impulse(role: str, hand: list[int]) -> Game:
    """The League's war, ``role`` to play its impulse with ``hand``."""
    game = league_war(role)
    game.state["stack"] = [{"kind": "impulse", "role": role}]
    game.state["hands"][role] = list(hand)
    return game


def test_card_60_maurice_switches_to_the_hapsburgs_with_his_mercenaries() -> None:
    # ruling HIS-P09
    game = impulse("papacy", [60, 61])
    state = game.state
    state["leaders"]["maurice_of_saxony"] = "erfurt"
    b.add_units(state, "erfurt", "protestant", "mercenary", 2)
    assert events.playable(state, load_map(), "papacy", 60) is None
    game.act("papacy", {"type": "play", "card": 60, "as": "event"})
    places = [a["space"] for a in game.view("papacy")["actions"]]
    assert places and all(game.state["spaces"][s]["control"] == "hapsburg" for s in places)
    assert places == events_last.maurice_destinations(game.state, load_map(), "hapsburg")
    game.act("papacy", {"type": "place", "space": places[0]})
    state = game.state
    assert sides.power_of(state, "maurice_of_saxony") == "hapsburg"
    assert state["leaders"]["maurice_of_saxony"] == places[0]
    assert state["units"][places[0]]["hapsburg"]["mercenary"] == 2
    assert b.units_of(state, "erfurt", "protestant")["mercenary"] == 0
    assert military.army_leaders_in(state, places[0], "hapsburg") == ["maurice_of_saxony"]


def test_card_60_the_protestant_takes_a_captured_maurice_back_into_a_fortress() -> None:
    game = impulse("protestant", [60, 61])
    state = game.state
    sides.set_side(state, "maurice_of_saxony", "hapsburg")
    state.setdefault("captured", {})["maurice_of_saxony"] = "protestant"
    assert events.playable(state, load_map(), "protestant", 60) is None
    game.act("protestant", {"type": "play", "card": 60, "as": "event"})
    places = [a["space"] for a in game.view("protestant")["actions"]]
    assert places and all(fortresses.fortified(game.state, load_map(), s) for s in places)
    game.act("protestant", {"type": "place", "space": places[0]})
    assert "maurice_of_saxony" not in game.state["captured"]
    assert sides.power_of(game.state, "maurice_of_saxony") == "protestant"


def test_card_60_refused_when_maurice_is_out_of_play_or_already_on_that_side() -> None:
    game = impulse("protestant", [60])
    board = load_map()
    assert events.playable(game.state, board, "protestant", 60) == "Maurice of Saxony is not in play"
    game.state["leaders"]["maurice_of_saxony"] = "erfurt"
    why = events.playable(game.state, board, "protestant", 60)
    assert why is not None and "already fights for the protestant" in why


def test_card_70_charles_bourbon_enters_a_german_or_italian_space_and_leaves_next_turn() -> None:
    # ruling HIS-P10
    game = impulse("papacy", [70, 61])
    board = load_map()
    game.act("papacy", {"type": "play", "card": 70, "as": "event"})
    places = [a["space"] for a in game.view("papacy")["actions"]]
    assert places == ["ancona", "ravenna", "rome"]
    assert all(board.spaces[s].language in ("german", "italian") for s in places)
    game.act("papacy", {"type": "place", "space": "ravenna"})
    state = game.state
    assert state["leaders"]["charles_bourbon"] == "ravenna"
    assert state["units"]["ravenna"]["papacy"]["mercenary"] == 3
    assert "charles_bourbon" in military.army_leaders_in(state, "ravenna", "papacy")
    assert events.playable(state, board, "papacy", 70) is not None
    state["turn"] += 1
    engine.start_of_turn(state, board)  # the next turn opens
    assert "charles_bourbon" not in state["leaders"] and sides.power_of(state, "charles_bourbon") is None


def test_card_70_seed_no_space_outside_the_two_zones() -> None:
    game = impulse("papacy", [70])
    state = game.state
    board = load_map()
    outside = next(s for s in board.spaces if board.spaces[s].language not in ("german", "italian"))
    state["spaces"][outside]["control"] = "papacy"
    assert outside not in events_last.bourbon_spaces(state, board, "papacy")
    state["sieges"] = {"ravenna": {"besieger": "protestant", "impulse": 0}}
    assert "ravenna" not in events_last.bourbon_spaces(state, board, "papacy")


def test_card_104_trace_italienne_fortifies_a_space_with_a_regular_of_its_owner() -> None:
    # ruling HIS-P11
    game = impulse("papacy", [104, 61])
    board = load_map()
    game.act("papacy", {"type": "play", "card": 104, "as": "event"})
    assert {"type": "fortify", "space": "leipzig"} in game.view("papacy")["actions"]
    assert {"type": "fortify", "space": "augsburg"} not in game.view("papacy")["actions"]  # fortified already
    game.act("papacy", {"type": "fortify", "space": "leipzig"})
    state = game.state
    assert fortresses.fortified(state, board, "leipzig")
    assert b.units_of(state, "leipzig", "hapsburg")["regular"] == 1
    assert not military.may_control(state, board, "protestant", "leipzig")  # a fortress is taken by siege


def test_card_104_no_regular_in_unrest_or_an_independent_space() -> None:
    for space, unrest in (("siena", False), ("leipzig", True)):
        game = impulse("papacy", [104])
        game.state["spaces"][space]["unrest"] = unrest
        game.act("papacy", {"type": "play", "card": 104, "as": "event"})
        game.act("papacy", {"type": "fortify", "space": space})
        assert fortresses.fortified(game.state, load_map(), space)
        owner = game.state["spaces"][space]["control"]
        assert b.land_unit_count(game.state, space, owner) == 0


#: Cards of the two-player deck no player plays as an event, and why (issue 15 point 7).
NOT_PLAYED_AS_EVENTS = {8: "Luther's 95 Theses: the engine plays it as turn 1 opens (seed 7, 18.1)"}


@pytest.mark.parametrize("edition", ["base", "anniversary"])
def test_issue_15_point_7_every_card_of_the_two_player_deck_has_an_implementation(edition: str) -> None:
    data = cards.load_cards()
    missing = []
    for number in variant.two_player_main_deck(edition):  # type: ignore[arg-type]
        kind = data.main[number].type
        in_windows = number in windows.PLAYABLE or any(number in c for c in responses.CARDS.values())
        as_event = number in events.EVENTS or number in NOT_PLAYED_AS_EVENTS
        ok = in_windows if kind in ("combat", "response") else as_event
        if not ok:
            missing.append(f"#{number} {data.main[number].name} ({kind})")
    assert missing == []


def test_issue_15_point_7_the_check_fails_for_a_card_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(events.EVENTS, 104)
    with pytest.raises(AssertionError):
        test_issue_15_point_7_every_card_of_the_two_player_deck_has_an_implementation("base")


def test_card_60_a_maurice_switched_to_the_hapsburgs_is_an_enemy_leader_to_protestant_moves() -> None:
    from umpire.games.his2p.war import land_war

    game = impulse("protestant", [61])
    state = game.state
    board = load_map()
    state["units"].pop("leipzig", None)
    state["leaders"]["maurice_of_saxony"] = "leipzig"
    assert land_war.is_war_move(state, board, "papacy", "nuremberg", "leipzig")  # a Protestant leader there
    sides.set_side(state, "maurice_of_saxony", "hapsburg")
    assert land_war.is_war_move(state, board, "protestant", "erfurt", "leipzig")
    assert land_war.leaders_of(state, "leipzig", "hapsburg") == ["maurice_of_saxony"]
