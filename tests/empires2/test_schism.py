"""The schism and the crusades (rewrite 23.0, optional rules; authored EMP-E07 to E09): one test per case."""

from __future__ import annotations

from typing import Any

import pytest

from tests.empires2.helpers import scenario_state
from umpire.bots.empires2 import make_bot
from umpire.games.empires2 import board, conversion, excommunication, independent, schism
from umpire.games.empires2.scenario import load_scenario
from umpire.kernel.errors import UmpireError
from umpire.kernel.game import new_game, replay
from umpire.kernel.registry import get
from umpire.selfplay import drive

State = dict[str, Any]


def millennium(round_: int = 1, **options: Any) -> State:
    return scenario_state("millennium", 5, options=options, round=round_, start_year=976)


def test_23_0_the_options_are_off_by_default() -> None:
    game = new_game("empires2", "millennium", seed=1)
    options = game.record["options"]
    assert (options["schism"], options["crusades"], options["raiders"], options["magnates"]) == (False,) * 4
    s = game.state
    assert board.religion_relation(s, "germany", "apulia") == "different_church"  # as the map prints them
    assert not schism.case_23_1_united(s)
    assert not any("schism" in line for line in s["log"])


def test_23_1_emp_e07_before_the_schism_the_churches_are_one() -> None:
    s = millennium(schism=True)
    assert schism.case_23_1_united(s)
    assert board.religion_relation(s, "germany", "apulia") == "same"  # Orthodox Apulia to Catholic Germany
    assert board.religion_relation(s, "byzantine", "rome") == "same"
    assert board.religion_relation(s, "germany", "egypt") == "different_religion"  # Moslem: unchanged
    assert schism.in_communion(s, "orthodox")
    assert not schism.in_communion(s, "moslem")


def test_23_1_emp_e07_one_church_counts_in_ratings_and_rebellion_values() -> None:
    apart, one = millennium(), millennium(schism=True)
    for s in (apart, one):
        s["areas"]["bavaria"]["religion"] = "orthodox"
    assert independent.basic_er(one, "germany", "ruling", "bavaria") > independent.basic_er(
        apart, "germany", "ruling", "bavaria"
    )
    assert independent.taxed_area(apart, "germany", "bavaria").religion == "different_church"
    assert independent.taxed_area(one, "germany", "bavaria").religion == "same"


def test_23_1_emp_e07_no_conversion_within_one_church() -> None:
    s = millennium(schism=True)
    s["areas"]["bavaria"]["religion"] = "orthodox"
    s["empires"]["germany"]["gold"] = 5
    why = "Bavaria is orthodox, one church with Germany's catholic before the schism (EMP-E07)"
    assert conversion.refusal(s, "germany", "bavaria") == why
    s["round"] = 16
    assert conversion.refusal(s, "germany", "bavaria") is None


def test_23_1_emp_e07_the_churches_part_in_the_round_of_1054() -> None:
    s = millennium(round_=15, schism=True)  # 1046-1050
    assert schism.case_23_1_united(s)
    s["round"] = 16  # 1051-1055
    assert not schism.case_23_1_united(s)
    assert board.religion_relation(s, "germany", "apulia") == "different_church"
    assert not excommunication.case_22_1_subject(s, "byzantine")


def test_23_1_emp_e07_the_schism_is_logged_once_at_its_round() -> None:
    said: list[str] = []
    for r in range(1, 21):
        s = millennium(round_=r, schism=True)
        schism.case_23_1_round_start(s, lambda s_, text: said.append(f"{s_['round']}: {text}"))
    assert len(said) == 1 and said[0].startswith("16: The schism (1054): the Catholic and the Orthodox church part")
    s = millennium(round_=16)
    schism.case_23_1_round_start(s, lambda _s, text: said.append(text))
    assert len(said) == 1  # without the option nothing happens


def test_23_1_emp_e07_charlemagne_ends_before_the_schism() -> None:
    sc = load_scenario("charlemagne")
    s = board.new_state(sc, ("frankish", "byzantine"))
    s.update(options={"schism": True}, start_year=sc.start_year)
    for r in range(1, sc.rounds + 1):
        s["round"] = r
        assert schism.case_23_1_united(s), r


def test_23_1_emp_e07_a_game_with_the_schism_plays_to_its_end_and_replays() -> None:
    game = new_game("empires2", "millennium", options={"schism": True}, seed=4)
    seats = game.ruleset.seats(game.state)
    drive(game, {seat: make_bot("normal") for seat in seats}, checked=False)
    assert game.state["over"] and not game.state.get("blocked")
    assert any(line.startswith("The schism (1054)") for line in game.state["log"])
    assert replay(game.record).state == game.state


def test_23_2_emp_e09_the_crusades_are_refused_with_the_reason() -> None:
    with pytest.raises(UmpireError) as err:
        new_game("empires2", "millennium", options={"crusades": True}, seed=1)
    said = str(err.value)
    assert "the crusades (rewrite 23.0) are not played: the first crusade set out in 1096" in said
    assert "Charlemagne" in said and "ends 815" in said and "ends 1075" in said
    assert "no scenario here reaches it" in said
    with pytest.raises(ValueError, match="no scenario here reaches it"):
        get("empires2").option_values({"crusades": True})
