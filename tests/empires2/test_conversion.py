"""Religious conversion (rewrite 22.0-22.2, authored EMP-C01 to C06) and Missionary Fervor's halving of the
differential (rewrite 19.0, EMP-V01): one test per case, named by its section or ruling."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.empires2.helpers import fixed_die, scenario_state, to_turn_of
from umpire.bots.empires2 import NormalBot, convert_choice
from umpire.games.empires2 import alliances, board, conversion, economy, independent
from umpire.games.empires2.tables import DATA_DIR, TableFault, parse_tables
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import new_game

State = dict[str, Any]


@pytest.fixture
def state() -> State:
    # Millennium: Germany (Catholic) holds Brandenburg (pagan, population 1).
    return scenario_state("millennium", 5, gold={"germany": 5})


def test_22_2_differential_is_population_plus_the_religion(state: State) -> None:
    assert conversion.differential(state, "germany", "brandenburg") == 1 + 2  # a different religion adds 2
    state["areas"]["brandenburg"]["religion"] = "orthodox"
    assert conversion.differential(state, "germany", "brandenburg") == 1 + 1  # a different church adds 1


def test_19_0_missionary_fervor_halves_the_differential(state: State) -> None:
    state["empires"]["germany"]["in_play"].append(conversion.MISSIONARY_FERVOR)
    assert conversion.differential(state, "germany", "brandenburg") == 1  # 3 halved, rounded down
    assert conversion.differential(state, "byzantine", "brandenburg") == 3  # only for the empire holding it
    assert conversion.chance(1) == pytest.approx(5 / 6)


def test_22_2_a_die_above_the_differential_converts(state: State, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = fixed_die(monkeypatch, 4)
    assert conversion.case_22_2_convert(state, "germany", "brandenburg") is True
    assert state["areas"]["brandenburg"]["religion"] == "catholic"
    assert state["empires"]["germany"]["gold"] == 4  # EMP-C02: one gold
    assert asked == ["Germany: conversion of Brandenburg, above 3 converts"]
    assert "rolled 4, Brandenburg is now catholic (rewrite 22.2)" in state["log"][-1]


def test_22_2_a_die_at_or_below_the_differential_changes_nothing(state: State, monkeypatch: pytest.MonkeyPatch) -> None:
    fixed_die(monkeypatch, 3)
    assert conversion.case_22_2_convert(state, "germany", "brandenburg") is False
    assert state["areas"]["brandenburg"]["religion"] == "pagan"
    assert state["empires"]["germany"]["gold"] == 4  # paid all the same
    assert "rolled 3, Brandenburg stays pagan" in state["log"][-1]


def test_19_0_missionary_fervor_lets_a_low_die_convert(state: State, monkeypatch: pytest.MonkeyPatch) -> None:
    state["empires"]["germany"]["in_play"].append(conversion.MISSIONARY_FERVOR)
    fixed_die(monkeypatch, 2)
    assert conversion.case_22_2_convert(state, "germany", "brandenburg") is True
    assert "differential 1 (halved by Missionary Fervor)" in state["log"][-1]


def test_22_2_the_die_goes_through_the_kernel_rng_with_its_purpose(state: State) -> None:
    conversion.case_22_2_convert(state, "germany", "brandenburg")
    assert state["rolls"][-1]["purpose"] == "Germany: conversion of Brandenburg, above 3 converts"
    assert state["rolls"][-1]["kind"] == "d6"


def test_22_0_conversion_lowers_the_rebellion_value(state: State, monkeypatch: pytest.MonkeyPatch) -> None:
    before = economy.rebellion_value(0, independent.taxed_area(state, "germany", "brandenburg"))
    fixed_die(monkeypatch, 6)
    conversion.case_22_2_convert(state, "germany", "brandenburg")
    assert board.religion_relation(state, "germany", "brandenburg") == "same"
    after = independent.taxed_area(state, "germany", "brandenburg")
    assert after.religion == "same"
    # 2 less for the religion; here 1 more for a calm independent neighbour now of its language and religion.
    assert economy.rebellion_value(0, after) == before - 2 + int(after.independent_kin_neighbour)


def test_emp_c01_who_and_where(state: State) -> None:
    assert conversion.refusal(state, "germany", "pomerania") is not None  # Poland's
    assert "possesses" in str(conversion.refusal(state, "germany", "pomerania"))
    assert "already catholic" in str(conversion.refusal(state, "germany", "saxony"))
    assert "not a land area" in str(conversion.refusal(state, "germany", "north_sea"))
    state["areas"]["brandenburg"]["unrest"] = True
    assert "in unrest" in str(conversion.refusal(state, "germany", "brandenburg"))
    state["areas"]["brandenburg"]["unrest"] = False
    state["empires"]["germany"]["gold"] = 0
    assert "costs 1 gold" in str(conversion.refusal(state, "germany", "brandenburg"))
    state["empires"]["germany"]["gold"] = 5
    state["converted"] = True
    assert "already attempted a conversion this player-turn" in str(conversion.refusal(state, "germany", "brandenburg"))


def test_emp_c05_independent_empires_never_convert(state: State) -> None:
    why = conversion.refusal(state, "poland", "pomerania")
    assert why is not None and "Independent" in why and "EMP-C05" in why
    with pytest.raises(ValueError, match="EMP-C05"):
        conversion.case_22_2_convert(state, "poland", "pomerania")


def test_emp_c01_a_player_converts_once_in_his_turn_by_a_labelled_action() -> None:
    game = new_game("empires2", "millennium", seed=3)
    to_turn_of(game, "germany")
    game.state["empires"]["germany"]["gold"] = 6
    view = game.view("germany")
    i = next(i for i, a in enumerate(view["actions"]) if a["type"] == "convert")
    assert view["actions"][i]["area"] == "brandenburg"
    assert view["action_labels"][i] == {
        "label": "Convert Brandenburg (1 gold; a die above 3 converts it)",
        "group": "Conversion",
    }
    assert view["areas"]["brandenburg"]["religion"] == "pagan"
    game.act("germany", {"type": "convert", "area": "brandenburg"})
    assert game.state["empires"]["germany"]["gold"] == 5
    assert not any(a["type"] == "convert" for a in game.view("germany")["actions"])
    with pytest.raises(IllegalAction, match="already attempted a conversion"):
        game.act("germany", {"type": "convert", "area": "brandenburg"})


def test_emp_c01_an_allied_empire_converts_in_the_turn_its_player_runs() -> None:
    game = new_game("empires2", "millennium", seed=3)
    s = game.state
    s["empires"]["poland"]["court_ties"]["germany"] = alliances.case_33_41_ties_required(s, "poland")
    alliances.case_33_41_alliance(s, "germany", "poland", "set up by the test")
    to_turn_of(game, "poland")
    game.state["empires"]["poland"]["gold"] = 6
    listed = [a for a in game.view("germany")["actions"] if a["type"] == "convert"]
    assert [(a["area"], a["empire"]) for a in listed] == [("pomerania", "poland")]
    game.act("germany", {"type": "convert", "area": "pomerania", "empire": "poland"})
    assert game.state["empires"]["poland"]["gold"] == 5


def test_normal_bot_converts_when_the_odds_are_fair() -> None:
    # ruling EMP-C07
    game = new_game("empires2", "millennium", seed=3)
    to_turn_of(game, "germany")
    game.state["empires"]["germany"]["gold"] = 6
    game.state["taxed"] = True
    game.state["empires"]["germany"]["held"] = []  # a held card would be played first
    view = game.view("germany")
    assert convert_choice(view, view["actions"], "germany") == {
        "type": "convert",
        "area": "brandenburg",
        "empire": "germany",
    }
    assert NormalBot().act(view, random.Random(1)) == {"type": "convert", "area": "brandenburg", "empire": "germany"}
    # Short of the defence's two gold after paying, it does not.
    game.state["empires"]["germany"]["gold"] = 2
    view = game.view("germany")
    assert convert_choice(view, view["actions"], "germany") is None
    # Unrest in one of its areas is ruled away first.
    game.state["empires"]["germany"]["gold"] = 6
    game.state["areas"]["swabia"]["unrest"] = True
    view = game.view("germany")
    assert convert_choice(view, view["actions"], "germany") is None


def test_normal_bot_skips_poor_odds() -> None:
    # ruling EMP-C07
    view: dict[str, Any] = {
        "scenario": "millennium",
        "areas": {"egypt": {"owner": "germany", "religion": "moslem", "unrest": False}},
        "empires": {"germany": {"gold": 9}},
    }
    # Egypt: population 5, a different religion: 7, no die beats it.
    actions = [{"type": "convert", "area": "egypt", "differential": 7, "empire": "germany"}]
    assert convert_choice(view, actions, "germany") is None


def test_emp_c03_the_figures_are_the_conversion_table() -> None:
    data = json.loads((DATA_DIR / "tables.json").read_text(encoding="utf-8"))
    assert data["conversion"]["authored"] is True
    t = parse_tables(data)
    assert (t.conversion_cost, t.conversion_per_population) == (1, 1)
    assert dict(t.conversion_religion) == {"same": 0, "different_church": 1, "different_religion": 2}
    del data["conversion"]["religion"]["different_church"]
    with pytest.raises(TableFault, match=r"conversion\.religion"):
        parse_tables(data)
