"""Victory points (rewrite 26.0, the figures authored, EMP-P01) and the scenario's end deciding the winner by them
(EMP-P02); 33.5 credits an alliance with the same count."""

from __future__ import annotations

from typing import Any

import pytest

from tests.empires2.helpers import scenario_state
from umpire.bots.registry import bot_for
from umpire.games.empires2 import alliances, board, victory
from umpire.games.empires2.mapdata import load_map
from umpire.kernel.game import new_game
from umpire.selfplay import drive, outcome

State = dict[str, Any]


@pytest.fixture
def state() -> State:
    return scenario_state("charlemagne", None, scenario="charlemagne")


def test_the_figures_are_authored_and_loaded() -> None:
    t = victory.load_victory()
    assert t.authored
    assert (t.per_population, t.per_social_state, t.claim_bonus) == (1, 1, 2)


def test_an_area_is_worth_its_population_and_social_state_and_a_claim_adds_the_bonus(state: State) -> None:
    m = load_map()
    aid = state["empires"]["frankish"]["court"]
    plain = m.area(aid).population + state["areas"][aid]["social_state"]
    assert victory.area_points(state, "frankish", aid) == plain
    state["empires"]["frankish"]["claims"].append(aid)  # 18.0: claimed and possessed at the end
    assert victory.area_points(state, "frankish", aid) == plain + victory.load_victory().claim_bonus
    state["areas"][aid]["social_state"] = -1  # a social state below zero counts nothing
    assert victory.area_points(state, "frankish", aid) == m.area(aid).population + 2


def test_a_claim_to_an_area_not_possessed_brings_nothing(state: State) -> None:
    before = victory.empire_points(state, "frankish")
    foreign = board.areas_of(state, "byzantine")[0]
    state["empires"]["frankish"]["claims"].append(foreign)
    assert victory.empire_points(state, "frankish") == before


def test_an_empire_counts_every_area_it_possesses(state: State) -> None:
    m = load_map()
    areas = board.areas_of(state, "frankish")
    assert victory.empire_points(state, "frankish") == sum(
        m.area(a).population + state["areas"][a]["social_state"] for a in areas
    )


def test_the_total_adds_the_scenarios_adjustment_and_the_alliances(state: State) -> None:
    state["empires"]["frankish"]["alliance_points"] = 3
    parts = victory.player_points(state, "frankish")
    assert parts["adjustment"] == -40  # rewrite 27.92
    assert parts["total"] == parts["empire"] - 40 + 3


def _points(scenario: str, options: dict[str, Any] | None = None) -> dict[str, dict[str, int]]:
    game = new_game("empires2", scenario, options or {}, seed=1)
    return victory.standings(game.state)


def test_millenniums_authored_adjustment_counts_by_default() -> None:
    parts = _points("millennium")  # EMP-P10
    assert parts["byzantine"]["adjustment"] == -68 and parts["germany"]["adjustment"] == 0
    assert parts["byzantine"]["total"] == parts["byzantine"]["empire"] - 68


def test_the_option_plays_millenniums_raw_totals_and_leaves_27_92() -> None:
    raw = _points("millennium", {victory.AUTHORED_ADJUSTMENT: False})
    assert raw["byzantine"]["adjustment"] == 0
    assert raw["byzantine"]["total"] == raw["byzantine"]["empire"]
    assert _points("charlemagne", {victory.AUTHORED_ADJUSTMENT: False})["frankish"]["adjustment"] == -40


def test_the_adjustment_decides_millenniums_end() -> None:
    """Byzantium ahead by fewer raw points than its -68 loses with the adjustment and wins without it."""
    for options, winner in (({}, "germany"), ({victory.AUTHORED_ADJUSTMENT: False}, "byzantine")):
        game = new_game("empires2", "millennium", options, seed=1)
        state = game.state
        gap = victory.empire_points(state, "byzantine") - victory.empire_points(state, "germany")
        assert 0 < gap < 68
        assert victory.end_of_scenario(state) == winner
        assert state["result"]["scores"]["byzantine"] == victory.empire_points(state, "byzantine") - (
            68 if not options else 0
        )


def test_the_end_names_the_higher_total_the_winner_and_logs_each_part(state: State) -> None:
    winner = victory.end_of_scenario(state)
    totals = {p: v["total"] for p, v in victory.standings(state).items()}
    assert winner == max(totals, key=lambda p: totals[p])
    assert state["winner"] == winner and state["result"]["scores"] == totals
    for p in totals:
        assert any(line.startswith(f"victory points of {board.name(state, p)}: ") for line in state["log"])
    assert any("wins with" in line for line in state["log"])
    assert outcome(state, ["frankish", "byzantine"])["winner"] == winner


def test_equal_totals_are_a_draw(state: State) -> None:
    totals = {p: v["total"] for p, v in victory.standings(state).items()}
    state["empires"]["frankish"]["alliance_points"] = totals["byzantine"] - totals["frankish"]
    assert victory.end_of_scenario(state) is None
    assert state["result"]["kind"] == "draw" and state["winner"] is None
    assert "draw" in state["log"][-1]


def test_33_5_an_alliance_is_credited_with_the_games_own_count(state: State) -> None:
    # ruling EMP-A09
    s = scenario_state("millennium", None, scenario="millennium")
    s["empires"]["burgundy"]["court_ties"]["germany"] = alliances.case_33_41_ties_required(s, "burgundy")
    alliances.case_33_41_alliance(s, "germany", "burgundy", "test")
    assert s["empires"]["burgundy"]["alliance_vp"] == victory.empire_points(s, "burgundy")
    court = s["empires"]["burgundy"]["court"]
    s["empires"]["burgundy"]["claims"].append(court)  # a claim to a possessed area is worth the bonus
    assert alliances.case_33_5_end(s, "burgundy", "test") == victory.load_victory().claim_bonus


@pytest.mark.parametrize("bad", [{"per_area": -1}, {"claim_bonus": "2"}, {"bonus": 1}, {"authored": None}])
def test_a_faulty_file_is_refused_naming_the_fault(bad: dict[str, Any]) -> None:
    raw = {"about": "x", "authored": True, "per_area": 0, "per_population": 1, "per_social_state": 1, "claim_bonus": 2}
    raw.update(bad)
    with pytest.raises(victory.VictoryFault, match=r"victory\.json: "):
        victory.parse_victory(raw)


def test_a_bot_game_ends_with_victory_points_and_a_winner_or_a_draw() -> None:
    game = new_game("empires2", "charlemagne", seed=3)
    drive(game, {s: bot_for("empires2", "normal") for s in game.ruleset.seats(game.state)}, checked=False)
    state = game.state
    assert state["over"]
    totals = {p: v["total"] for p, v in victory.standings(state).items()}
    assert state["result"]["scores"] == totals
    best = max(totals.values())
    assert state["winner"] == (None if list(totals.values()).count(best) > 1 else max(totals, key=lambda p: totals[p]))
    view = game.view("frankish")
    assert view["standings"] == victory.standings(state)
    assert "The scenario is over" in view["decision_text"] and "victory points" in view["decision_text"]
