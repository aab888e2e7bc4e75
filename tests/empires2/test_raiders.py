"""Raiders (rewrite 24.0, optional; EMP-M01 to M06): the authored chart, when and where they raid, the raid, the
option, the views and the map, and replays of games with raiders and Magnates on."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.empires2.helpers import random_game
from umpire.games.empires2 import raiders, rules
from umpire.games.empires2.drawing import draw_view
from umpire.games.empires2.raiders import load_chart, parse_chart
from umpire.kernel.errors import UmpireError
from umpire.kernel.game import new_game, replay
from umpire.selfplay import play_one

State = dict[str, Any]
ON = {"raiders": True, "magnates": True}


class Dice:
    """Scripted dice for the module under test: each roll takes the next face; a choice takes the first option."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)
        self.purposes: list[str] = []

    def roll(self, state: State, purpose: str, sides: int = 6, **_: Any) -> int:
        self.purposes.append(purpose)
        face = self.faces.pop(0)
        assert 1 <= face <= sides
        return face

    def choice(self, state: State, purpose: str, options: list[str], **_: Any) -> str:
        self.purposes.append(purpose)
        return options[0]


def chart_file() -> dict[str, Any]:
    return json.loads(Path(raiders.__file__).with_name("data").joinpath("raiders.json").read_text(encoding="utf-8"))


def state_at(scenario: str, round_number: int, options: dict[str, Any] | None = None) -> State:
    state = copy.deepcopy(new_game("empires2", scenario, options or {}, seed=1).state)
    state["round"] = round_number
    return state


# --- the chart (EMP-M02) -------------------------------------------------------------------------------------------


def test_24_1_the_chart_is_authored_and_marked() -> None:
    raw = chart_file()
    assert raw["all_authored"] is True and all(r["authored"] for r in raw["raiders"])
    chart = load_chart()
    assert set(chart.raiders) == {"vikings", "saracens", "avars", "magyars", "pechenegs"}
    assert chart.magnates.round_appearance_on == 10


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda raw: raw.pop("about"), "about"),
        (lambda raw: raw.update(all_authored=False), "no figure of the raider chart is public"),
        (lambda raw: raw["raiders"][0].update(homes=["atlantis"]), "'atlantis', which is not a land area"),
        (lambda raw: raw["raiders"][0].update(seas=["saxony"]), "'saxony', which is not a sea area"),
        (lambda raw: raw["raiders"][0].update(appears_on=13), "two-dice total 2..12"),
        (lambda raw: raw["raiders"][0].update(first_year=1100), "is after last_year"),
        (lambda raw: raw["raiders"][0].update(ends_when="never"), "ends_when must be one of"),
        (lambda raw: raw["raiders"][0].pop("authored"), "'authored': true"),
        (lambda raw: raw["raiders"][1].update(id="vikings"), "unique id"),
        (lambda raw: raw["magnates"].update(combat_by_die=[3]), "six statures"),
    ],
)
def test_24_1_a_fault_in_the_chart_is_named(change: Any, problem: str) -> None:
    raw = chart_file()
    change(raw)
    with pytest.raises(ValueError, match=r"raiders\.json") as err:
        parse_chart(raw)
    assert problem in str(err.value)


# --- 24.1: when (EMP-M03) -----------------------------------------------------------------------------------------


def test_24_1_raiders_come_only_in_their_years() -> None:
    vikings, avars, magyars = (load_chart().raiders[r] for r in ("vikings", "avars", "magyars"))
    early = state_at("charlemagne", 1)  # 771-775
    assert raiders.case_24_1_active(early, vikings) == "its raiding years are 790-1070"
    assert raiders.case_24_1_active(early, avars) is None
    assert raiders.case_24_1_active(state_at("charlemagne", 5), vikings) is None  # 791-795
    assert raiders.case_24_1_active(state_at("charlemagne", 6), avars) is None  # 796-800 meets 796
    assert raiders.case_24_1_active(state_at("charlemagne", 7), avars) == "its raiding years are 771-796"
    assert all(raiders.case_24_1_active(state_at("millennium", r), magyars) for r in (1, 10, 20))


def test_24_1_vikings_stop_when_their_homes_are_christian_and_avars_when_possessed() -> None:
    vikings, avars = load_chart().raiders["vikings"], load_chart().raiders["avars"]
    state = state_at("millennium", 1)
    assert raiders.case_24_1_active(state, vikings) is None  # Norway and Sweden pagan in 976
    for home in vikings.homes:
        state["areas"][home]["religion"] = "catholic"
    assert raiders.case_24_1_active(state, vikings) == "its homes are Christian"
    early = state_at("charlemagne", 1)
    early["areas"]["austria"]["owner"] = "frankish"
    assert raiders.case_24_1_active(early, avars) == "an empire possesses its homes"


def test_24_1_two_dice_at_the_chart_figure_or_more(monkeypatch: pytest.MonkeyPatch) -> None:
    vikings = load_chart().raiders["vikings"]  # 6 or more
    monkeypatch.setattr(raiders, "rng", Dice(3, 3, 2, 3))
    state = state_at("millennium", 1)
    assert raiders.case_24_1_appears(state, vikings) == (True, 6)
    assert raiders.case_24_1_appears(state, vikings) == (False, 5)


# --- 24.1: where (EMP-M04) ----------------------------------------------------------------------------------------


def test_24_1_they_reach_the_coasts_of_their_seas_and_their_lands_never_their_homes() -> None:
    state = state_at("millennium", 1)
    reach = raiders.reachable(state, load_chart().raiders["vikings"])
    assert {"friesland", "northumbria", "normandy", "wessex"} <= set(reach)
    assert not {"denmark", "norway", "sweden"} & set(reach)
    assert "bavaria" not in reach
    assert set(raiders.reachable(state, load_chart().raiders["pechenegs"])) == {
        "kiev",
        "volhynia",
        "wallachia",
        "bulgaria",
        "crimea",
        "transylvania",
    }


def test_24_1_the_target_is_the_richest_least_fortified_area() -> None:
    pechenegs = load_chart().raiders["pechenegs"]
    state = state_at("millennium", 1)
    worth = {aid: raiders.worth(state, aid) for aid in raiders.reachable(state, pechenegs)}
    best = max(worth.values())
    assert [a for a, w in worth.items() if w == best] == ["kiev"]  # population 3, social state 4
    assert raiders.case_24_1_target(state, pechenegs) == "kiev"
    state["areas"]["kiev"]["fortification"] = 3
    assert raiders.case_24_1_target(state, pechenegs) != "kiev"


# --- 24.1: the raid (EMP-M05, M06) --------------------------------------------------------------------------------


def test_24_1_a_pillage_result_lowers_the_social_state_and_carries_off_gold(monkeypatch: pytest.MonkeyPatch) -> None:
    pechenegs = load_chart().raiders["pechenegs"]
    state = state_at("millennium", 1)
    kiev = state["empires"]["kiev"]
    kiev["gold"], kiev["attacked"] = 10, []
    assert raiders.raid_er(state, pechenegs, "kiev") == 3 + 3 - 4 - state["areas"]["kiev"]["fortification"]
    monkeypatch.setattr(raiders, "rng", Dice(8))
    assert raiders.case_24_1_raid(state, pechenegs, "kiev") == "P"
    assert state["areas"]["kiev"]["social_state"] == 3 and kiev["gold"] == 7
    assert kiev["attacked"] == ["kiev"]  # 33.24 step 1: attacked by a raider
    assert state["log"][-1].startswith("Pechenegs raid Kiev: rating 3 strength + 3 population - 4 social state")
    assert "Kiev loses 3 gold; they go home" in state["log"][-1]


def test_24_1_beaten_off_nothing_happens(monkeypatch: pytest.MonkeyPatch) -> None:
    pechenegs = load_chart().raiders["pechenegs"]
    state = state_at("millennium", 1)
    before = (state["areas"]["kiev"]["social_state"], state["empires"]["kiev"]["gold"])
    monkeypatch.setattr(raiders, "rng", Dice(1))
    assert raiders.case_24_1_raid(state, pechenegs, "kiev") in ("-1", "0")
    assert (state["areas"]["kiev"]["social_state"], state["empires"]["kiev"]["gold"]) == before
    assert "beaten off" in state["log"][-1]


def test_24_1_the_phase_records_the_round_s_raids_with_every_die_s_purpose() -> None:
    state = state_at("millennium", 1, {"raiders": True})
    state["rolls"] = []
    raiders.case_24_1_raiders_phase(state)
    purposes = [r["purpose"] for r in state["rolls"]]
    assert "do the Vikings raid this round (2d6, 6 or more)" in purposes
    assert "do the Pechenegs raid this round (2d6, 7 or more)" in purposes
    assert not any("Magyars" in p or "Avars" in p for p in purposes)
    for raid in state["raids"]:
        assert f"fortune of the {raid['name']}' raid on" in " ".join(purposes)


# --- the option (EMP-M01), the views and the map ------------------------------------------------------------------


def test_24_0_raiders_are_off_unless_asked_for() -> None:
    values = rules.EmpiresForTwo().option_values({})  # the whole list: tests/server/test_empires2.py
    assert (values["raiders"], values["magnates"], values["colonisation"]) == (False, False, False)
    off = new_game("empires2", "charlemagne", seed=5)  # round 1 (771-775) has begun: the Avars' years
    assert not any(r["purpose"].startswith("do the") for r in off.state["rolls"])
    assert "raids" not in off.state and off.view("frankish")["raids"] == []
    on = new_game("empires2", "charlemagne", {"raiders": True}, seed=5)
    assert [r["purpose"] for r in on.state["rolls"] if r["purpose"].startswith("do the")] == [
        "do the Avars raid this round (2d6, 8 or more)"
    ] * 2


def test_25_0_colonisation_is_refused_with_its_reason() -> None:
    with pytest.raises(UmpireError, match=r"option 'colonisation' \(rewrite 25.0\) cannot be played") as err:
        new_game("empires2", "millennium", {"colonisation": True})
    assert "no uncolonised area" in str(err.value)
    with pytest.raises(UmpireError, match="option 'raiders' cannot be 'yes'"):
        new_game("empires2", "millennium", {"raiders": "yes"})


def test_24_1_raids_are_in_every_view_and_on_the_map() -> None:
    game = new_game("empires2", "millennium", {"raiders": True}, seed=1)
    game.state["raids"] = [{"raider": "vikings", "name": "Vikings", "area": "friesland", "result": "P"}]
    for role in ("germany", "byzantine"):
        assert game.view(role)["raids"] == game.state["raids"]
    svg = draw_view(game.view("germany"), panel=False)
    assert 'id="raided-friesland"' in svg and "raided this round by the Vikings" in svg


# --- bots and replays with the options on -------------------------------------------------------------------------


def test_24_0_random_games_with_raiders_and_magnates_reach_their_end() -> None:
    for scenario, rounds in (("charlemagne", 9), ("millennium", 20)):
        game = random_game(scenario, 3, 6000, 3, ON)
        assert game.state["over"] and game.state["round"] == rounds and not game.state.get("blocked")
        assert any(" raid " in line for line in game.state["log"])


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    rng_seed=st.integers(0, 10_000),
    scenario=st.sampled_from(["charlemagne", "millennium"]),
)
def test_replay_reproduces_random_games_with_raiders_and_magnates(seed: int, rng_seed: int, scenario: str) -> None:
    """Determinism with the options on: replaying the action log reaches the identical state."""
    game = random_game(scenario, seed, 80, rng_seed, ON)
    assert game.record["options"]["raiders"] is True
    again = replay(json.loads(json.dumps(game.record)))
    assert again.digest() == game.digest()


@pytest.mark.parametrize("scenario", ["charlemagne", "millennium"])
def test_24_0_the_bots_play_to_the_end_with_raiders_and_magnates_on(scenario: str) -> None:
    result = play_one("empires2", 4, ("normal", "random"), ON, 0, scenario, checked=False)
    assert result["over"] and not result.get("error")
