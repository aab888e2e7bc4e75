"""The owners' choices of the winter return as decisions (rule book 19.3; seed 19; ruling HIS-W09)."""

from __future__ import annotations

import pytest

from tests.his2p.test_engine import cp_decision
from umpire.games.his2p import board as b
from umpire.games.his2p.mapdata import load_map
from umpire.games.his2p.winter import winter_choices
from umpire.kernel.game import Game


def _winter(game: Game) -> None:
    game.state["stack"] = []
    game.state["step"] = "winter"
    game.ruleset.advance(game.state)


def test_19_3_a_stack_that_must_leave_chooses_the_capital_or_the_nearest_fortified_space() -> None:
    game = cp_decision("papacy", 0)
    b.add_units(game.state, "siena", "papacy", "regular", 2)
    _winter(game)
    view = game.view("papacy")
    assert view["decision"]["kind"] == "winter"
    moves = [a for a in view["actions"] if a["type"] == "winter_move" and a["from"] == "siena"]
    assert [m["to"] for m in moves] == ["ravenna", "rome"]
    game.act("papacy", {"type": "winter_move", "power": "papacy", "from": "siena", "to": "ravenna"})
    assert b.land_unit_count(game.state, "siena", "papacy") == 0
    # Ravenna now holds 3 (its regular and the two that arrived); units that arrived move no more
    assert b.land_unit_count(game.state, "ravenna", "papacy") == 3
    assert not any(a.get("from") == "ravenna" for a in game.view("papacy")["actions"])


def test_19_3_the_default_is_hiswar06s_when_the_owner_says_done() -> None:
    game = cp_decision("papacy", 0)
    b.add_units(game.state, "siena", "papacy", "regular", 2)
    _winter(game)
    game.act("papacy", {"type": "done"})
    assert b.land_unit_count(game.state, "siena", "papacy") == 0
    # HIS-W06: the capital (no limit) or the nearest fortified space, a friendly path first, then nearer, then name
    assert b.land_unit_count(game.state, "rome", "papacy") + b.land_unit_count(game.state, "ravenna", "papacy") == 5


def test_19_3_units_in_a_controlled_fortified_space_may_go_to_the_capital() -> None:
    game = cp_decision("papacy", 0)
    _winter(game)
    assert game.view("papacy")["actions"] == [
        {"type": "done"},
        {"type": "winter_move", "power": "papacy", "from": "ravenna", "to": "rome"},
    ]
    game.act("papacy", {"type": "winter_move", "power": "papacy", "from": "ravenna", "to": "rome"})
    assert b.land_unit_count(game.state, "ravenna", "papacy") == 0
    assert b.land_unit_count(game.state, "rome", "papacy") == 3  # 1 + 1 from Ravenna + the winter regular


def test_19_3_no_decision_without_a_choice() -> None:
    game = cp_decision("papacy", 0)
    b.add_units(game.state, "ravenna", "papacy", "regular", -1)
    _winter(game)
    assert not game.state["stack"] or game.state["stack"][-1]["kind"] != "winter"
    assert game.state["phase"] in ("winter", "victory_determination", "card_draw", "diplomacy")


def test_seed_19_an_invaders_units_never_choose_their_capital() -> None:
    game = cp_decision("papacy", 0)
    state, board = game.state, load_map()
    state["diplomacy"]["at_war"].append(["hapsburg", "protestant"])
    b.add_units(state, "leipzig", "hapsburg", "regular", 2)
    places = winter_choices.destinations(state, board, "hapsburg", "leipzig")
    assert places and not {"vienna", "valladolid"} & set(places)
    assert winter_choices._powers(state, "papacy") == ["papacy", "hapsburg"]  # seed 11: the Papacy decides
    assert winter_choices._powers(state, "protestant") == ["protestant"]


@pytest.mark.parametrize(("rule", "lands"), [("step", "ravenna"), ("free", "rome"), ("land", "ravenna")])
def test_19_3_a_sea_zone_on_the_winter_path_is_a_step(rule: str, lands: str) -> None:
    """Issue 28 point 12, ruling HIS-W06: 19.3's path runs over spaces and sea zones and "nearest" is its length, a sea
    zone a step like a space (default ``step``): a Papal stack in Ragusa winters in Ravenna, two steps across the
    Adriatic, not in Rome; when sea zones cost nothing (``free``, the first build) every Papal port is one step
    away and the capital wins the tie; by land only (``land``) Ravenna is nearer still, over unfriendly land."""
    game = cp_decision("papacy", 0)
    game.state["options"]["winter_sea_zones"] = rule
    b.add_units(game.state, "ragusa", "papacy", "regular", 2)
    _winter(game)
    game.act("papacy", {"type": "done"})
    assert b.land_unit_count(game.state, "ragusa", "papacy") == 0
    texts = [entry["text"] for entry in game.view("observer")["log"]]
    name = load_map().spaces[lands].name
    assert any(t.startswith("Winter: papacy returns ") and f"from Ragusa to {name}" in t for t in texts)
    attrition = "Winter: papacy loses 1 of 2 unit(s) to attrition returning from Ragusa" in texts
    assert attrition == (rule == "land")  # by sea the path is friendly (sea zones need no fleet); by land it is not
