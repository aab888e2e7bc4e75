"""The readings of the handbook a game's owner chooses (issue 28 point 10, ``games/rr3/readings.py``), each played
through the ruleset's actions with its default and with its option: rulings RR3-M04 to RR3-M08."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rr3.rr3fixtures import fixture_game
from tests.rr3.test_rr3_movement_desk import intend, make_game, put, rig, step, to_move1

from umpire.games.rr3 import desk
from umpire.games.rr3.rules import RULESET
from umpire.kernel.errors import IllegalAction

RANGE = {"between": ["tyrol", "emilia"], "kind": "mountains", "name": "Dolomites"}


def test_control_every_reading_is_a_rules_option_with_its_ruling() -> None:
    options = {o.name: o for o in RULESET.info.options}
    expected = {
        "mountains": ("passes", "RR3-M04"),
        "candidates": ("any_male", "RR3-M05"),
        "minority_revolts": ("triggered", "RR3-M06"),
        "unrest": ("public", "RR3-M07"),
        "mutiny": ("rule", "RR3-M08"),
    }
    for name, (default, ruling) in expected.items():
        assert options[name].default == default and ruling in options[name].description
    with pytest.raises(ValueError, match="option 'mountains' cannot be 'everywhere'"):
        RULESET.option_values({"mountains": "everywhere"})


def test_map_a_mountain_range_is_crossed_only_at_a_pass_or_with_ranges_anywhere_at_one_fatigue() -> None:
    """RR3-M04. *Movement*: "Move across a mountain range and gain 1 Fatigue marker". By default (RR3-MP01) the
    Dolomites between Tyrol and Emilia, a range with no pass, are refused; with ``mountains: ranges`` the army crosses
    them with 1 Fatigue, as a move of its own (RR3-CP01: not as the first of two areas)."""
    closed = make_game(borders=[RANGE])
    put(closed, "austria_1", "tyrol")
    to_move1(closed)
    with pytest.raises(IllegalAction, match="the border is mountains with no pass"):
        intend(closed, "habsburgs", {"army": "austria_1", "option": "move", "path": ["emilia"]})

    open_ = make_game(borders=[RANGE], options={"mountains": "ranges"})
    put(open_, "austria_1", "tyrol")
    to_move1(open_)
    with pytest.raises(IllegalAction, match="crossing a range is a move of its own"):
        intend(open_, "habsburgs", {"army": "austria_1", "option": "move", "path": ["emilia", "romagna"]})
    intend(open_, "habsburgs", {"army": "austria_1", "option": "move", "path": ["emilia"]})
    step(open_)
    army = open_.state["armies"]["austria_1"]
    assert (army["area"], army["fatigue"]) == ("emilia", 1)


def election_form(options: dict[str, Any]) -> tuple[Any, dict[str, Any], list[str]]:
    game = fixture_game(options=options)
    game.state["characters"]["boy"] = {"name": "Boy", "sex": "M", "alive": True, "born": 1520, "offices": []}
    game.act(desk.POLITICAL, {"type": "election", "office": "king_of_the_romans"})
    [item] = [i for i in game.view(desk.POLITICAL)["desk"]["pending"] if i["kind"] == "election"]
    count = next(a for a in item["actions"] if a["type"] == "settle")
    return game, item, next(f for f in count["fields"])["choices"]


def test_politics_any_male_may_stand_for_election_or_only_those_of_age() -> None:
    """RR3-M05. *Election of an emperor*: "Any male may stand for election": a boy born in 1520 is a candidate
    (and may be voted for) by default; with ``candidates: of_age`` he is not (RR3-L02's sixteen)."""
    game, item, choices = election_form({})
    assert "boy" in choices and "ruler_of_saxony" in choices
    vote = next(f for f in next(a for a in item["actions"] if a["type"] == "settle")["fields"])["name"]
    game.act(desk.POLITICAL, {"type": "settle", "item": item["id"], vote: "boy"})
    assert game.state["items"][item["id"]]["params"]["votes"]
    game, item, choices = election_form({"candidates": "of_age"})
    assert "boy" not in choices and "ruler_of_saxony" in choices
    with pytest.raises(IllegalAction, match="cannot be 'boy'"):
        game.act(desk.POLITICAL, {"type": "settle", "item": item["id"], vote: "boy"})


def minority_game(options: dict[str, Any]) -> Any:
    """Turn 1, phase 4 of the fixture, with a Lutheran minority in London and an unrest revolt next door."""
    game = fixture_game(options=options)
    for _ in range(3):
        game.act("gm", {"type": "resolve"})
    assert game.state["phase"] == 4
    areas = game.state["areas"]
    areas["london"]["minority"] = "lutheran"
    neighbour = next(a for a in desk.geography(game.state).neighbours("london") if a in areas)
    areas[neighbour].update(revolt=True, revolt_by="unrest")
    return game, neighbour


def test_religion_minority_revolts_are_checked_when_triggered_or_every_phase_five() -> None:
    """RR3-M06. *Possible revolt by a religious minority*: "Roll 1d6: +1 each adjacent area in revolt". By default
    (RR3-RL07, RR3-RL08) London's minority, beside a revolt of unrest (not of its religion) and never purged, is not
    rolled for in phase 5; with ``minority_revolts: every_phase5`` it is, and the neighbour's revolt counts +1."""
    game, _ = minority_game({})
    game.act("gm", {"type": "resolve"})
    assert not [i for i in game.state["items"].values() if i["kind"] == "minority_revolt"]

    game, neighbour = minority_game({"minority_revolts": "every_phase5"})
    game.act("gm", {"type": "resolve"})
    checks = [i for i in game.view(desk.RELIGIOUS)["desk"]["pending"] if i["kind"] == "minority_revolt"]
    minorities = {a for a, rec in game.state["areas"].items() if rec.get("minority") and not rec.get("revolt")}
    assert {i["params"]["area"] for i in checks} == minorities and "london" in minorities
    [check] = [i for i in checks if i["params"]["area"] == "london"]
    game.act(desk.RELIGIOUS, {"type": "settle", "item": check["id"]})
    assert f"+1 adjacent revolt(s) {neighbour}" in game.state["items"][check["id"]]["outcome"]


def test_politics_the_unrest_index_is_public_by_default_or_the_team_s_own() -> None:
    """RR3-M07. *Revolt*: "add 2 to the Unrest Index (represented by black counters in the home area)": every role
    sees each state's index on the map by default; with ``unrest: private`` only its team and the control team."""
    game = fixture_game()
    game.state["states"]["france"]["unrest"] = 3
    assert game.view("observer")["states"]["france"]["unrest"] == 3
    assert game.view("england")["states"]["france"]["unrest"] == 3
    hidden = fixture_game(options={"unrest": "private"})
    hidden.state["states"]["france"]["unrest"] = 3
    assert "unrest" not in hidden.view("observer")["states"]["france"]
    assert "unrest" not in hidden.view("england")["states"]["france"]
    assert hidden.view("france")["team"]["states_private"]["france"]["unrest"] == 3


@pytest.mark.parametrize(("reading", "mutinous"), [("rule", False), ("example", True)])
def test_campaigns_a_roll_equal_to_the_arrears_mutinies_only_by_the_example(reading: str, mutinous: bool) -> None:
    """RR3-M08. *Mutiny*: "If the score is less than the total markers, the army mutinies", but the example: "Monluc's
    army has 3 Arrears boxes marked. The die roll needs to be more than 3 to avoid a mutiny". A roll of 3 with 3
    Arrears keeps the army loyal by the rule (RR3-R09, the default) and mutinies by the example (``mutiny:
    example``)."""
    game = make_game(options={"mutiny": reading})
    put(game, "france_1", "piedmont", arrears=3)
    game.act("france", {"type": "pay_army", "army": "france_1", "florins": 2})
    rig(game, [3])
    step(game)
    assert bool(game.state["armies"]["france_1"].get("mutinous")) is mutinous
    [roll] = [r for r in game.state["rolls"] if "mutiny roll" in r["purpose"]]
    assert roll["result"] == [3] or roll["result"] == 3
