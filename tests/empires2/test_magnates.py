"""Magnates (rewrite 24.0, optional; EMP-M07 to M11): where one appears, who takes his place (21.3, 33.64), his
conquests, his end, the views and the map."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from umpire.games.empires2 import demise, magnates
from umpire.games.empires2.drawing import MAGNATE_FILL, draw_view
from umpire.games.empires2.economy import REBELLION
from umpire.games.empires2.independent import rebellion_outcome
from umpire.games.empires2.mapdata import load_map
from umpire.kernel.game import new_game

State = dict[str, Any]


class Dice:
    """Scripted dice: each roll takes the next face; a choice takes the first option."""

    def __init__(self, *faces: int, choose: str | None = None) -> None:
        self.faces, self.choose = list(faces), choose

    def roll(self, state: State, purpose: str, sides: int = 6, **_: Any) -> int:
        return self.faces.pop(0)

    def choice(self, state: State, purpose: str, options: list[str], **_: Any) -> str:
        assert self.choose is None or self.choose in options
        return self.choose or options[0]


def fresh(on: bool = True) -> State:
    state = copy.deepcopy(new_game("empires2", "millennium", {"magnates": on}, seed=1).state)
    state.pop("magnates", None)
    return state


def seat(state: State, aid: str, combat: int = 3) -> str:
    """A Magnate in ``aid`` with the given combat stature (the die's face that gives it)."""
    dice = magnates.rng
    magnates.rng = Dice(load_figures().index(combat) + 1)  # type: ignore[assignment]
    try:
        return magnates.case_24_2_rise(state, aid)
    finally:
        magnates.rng = dice


def load_figures() -> list[int]:
    from umpire.games.empires2.raiders import load_chart

    return list(load_chart().magnates.combat_by_die)


# --- 24.2: where a Magnate appears (EMP-M07, M08) ----------------------------------------------------------------


def test_24_2_a_magnate_rises_where_an_area_rebels(monkeypatch: pytest.MonkeyPatch) -> None:
    state = fresh()
    assert state["areas"]["franconia"]["owner"] == "germany"
    monkeypatch.setattr(magnates, "rng", Dice(5))
    rebellion_outcome(state, "franconia", REBELLION, None, load_map())
    [g] = state["magnates"].values()
    assert (g["seat"], g["areas"], g["combat"], g["name"]) == ("franconia", ["franconia"], 4, "Magnate of Franconia")
    assert state["areas"]["franconia"]["owner"] is None
    assert state["log"][-1] == "a Magnate rises in Franconia: die 5, combat stature 4 (rewrite 24.0, EMP-M08)"


def test_emp_x04_stands_in_with_magnates_off() -> None:
    state = fresh(on=False)
    rebellion_outcome(state, "franconia", REBELLION, None, load_map())
    assert "magnates" not in state and state["areas"]["franconia"]["owner"] is None


def test_21_3_an_exile_of_the_language_and_religion_takes_the_area_instead() -> None:
    state = fresh()
    state["empires"]["poland"]["demise"] = demise.EXILE
    assert (state["areas"]["silesia"]["language"], state["areas"]["silesia"]["religion"]) == (
        "west_slavonic",
        "catholic",
    )
    assert demise.case_33_64_magnate_appears(state, "silesia", None) == "poland"
    assert state["areas"]["silesia"]["owner"] == "poland" and state["empires"]["poland"]["court"] == "silesia"
    assert not state.get("magnates")


def test_33_64_a_dismantled_empire_reappears_instead() -> None:
    state = fresh()
    poland = state["empires"]["poland"]
    demise.case_33_64_dismantle(state, "poland")
    assert "pomerania" in poland["ever"]
    state["areas"]["pomerania"]["religion"] = "catholic"  # pagan in 976: not the Court's religion
    assert demise.case_33_64_magnate_appears(state, "pomerania", None) == "poland"
    assert poland["demise"] is None and poland["court"] == "pomerania" and not state.get("magnates")


def test_24_2_once_a_round_two_dice_may_call_a_magnate(monkeypatch: pytest.MonkeyPatch) -> None:
    state = fresh()
    monkeypatch.setattr(magnates, "rng", Dice(4, 5))
    assert magnates.case_24_2_round_appearance(state) is None
    assert state["log"][-1] == "Magnates: 2d6 9, under 10: none appears this round (EMP-M07)"
    monkeypatch.setattr(magnates, "rng", Dice(6, 4, 1))
    aid = magnates.case_24_2_round_appearance(state)
    free = sorted(a for a, v in state["areas"].items() if v["owner"] is None and a != aid)
    assert aid is not None and aid < free[0]  # the die's choice: here the first free area
    assert state["magnates"]["magnate_1"]["seat"] == aid
    assert load_map().area(aid).population >= 1


def test_33_64_the_round_s_magnate_brings_back_a_dismantled_empire(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the option on, 33.64 reads the round's real appearances too, not only a rebellion (EMP-X04)."""
    state = fresh()
    demise.case_33_64_dismantle(state, "poland")
    monkeypatch.setattr(magnates, "rng", Dice(6, 6, choose="greater_poland"))
    assert magnates.case_24_2_round_appearance(state) == "greater_poland"
    poland = state["empires"]["poland"]
    assert poland["demise"] is None and state["areas"]["greater_poland"]["owner"] == "poland"
    assert not state.get("magnates")
    said = "Poland reappears in Greater Poland in place of a Magnate (33.64)"
    assert any(line.startswith(said) for line in state["log"])


# --- 24.3: what he does (EMP-M09, M10) ----------------------------------------------------------------------------


def test_24_3_he_attacks_the_neighbour_most_like_his_seat() -> None:
    state = fresh()
    mid = seat(state, "prussia")
    assert magnates.case_24_3_targets(state, mid) == ["greater_poland", "lesser_poland", "lithuania", "pomerania"]
    assert magnates.case_24_3_target(state, mid) == "lithuania"  # Baltic and pagan, as Prussia


def test_24_3_c_results_count_to_the_population_and_the_last_takes_the_area(monkeypatch: pytest.MonkeyPatch) -> None:
    state = fresh()
    mid = seat(state, "silesia", combat=4)
    monkeypatch.setattr(magnates, "case_24_3_target", lambda *_: "greater_poland")
    poland = state["empires"]["poland"]
    poland["attacked"] = []
    need = max(1, load_map().area("greater_poland").population)
    for n in range(1, need + 1):
        monkeypatch.setattr(magnates, "rng", Dice(8))
        assert magnates.case_24_3_attack(state, mid) == "C"
        if n < need:
            assert state["magnates"][mid]["partial"] == {"greater_poland": n}
            assert state["log"][-1].endswith(f"{n} of {need} C results (rewrite 24.0, EMP-M10)")
    assert state["magnates"][mid]["areas"] == ["greater_poland", "silesia"]
    assert state["areas"]["greater_poland"]["owner"] is None and poland["attacked"] == ["greater_poland"]
    assert any("he takes it" in line for line in state["log"])
    # the Court is lost with it: Poland holds no other area of its language and religion, so it asks asylum (33.61)
    assert "Poland has lost its Court and holds no area of its language and religion" in state["log"]
    assert state["asylum"]["empire"] == "poland"


def test_24_3_a_minus_one_lowers_his_base(monkeypatch: pytest.MonkeyPatch) -> None:
    state = fresh()
    mid = seat(state, "prussia", combat=2)
    before = state["areas"]["prussia"]["social_state"]
    monkeypatch.setattr(magnates, "rng", Dice(1))
    assert magnates.case_24_3_attack(state, mid) == "-1"
    assert state["areas"]["prussia"]["social_state"] == before - 1
    assert "Prussia's social state falls to" in state["log"][-1]


def test_24_3_his_rating_is_the_conquest_chart_s() -> None:
    state = fresh()
    mid = seat(state, "prussia", combat=3)
    # combat 3 + Prussia's social state 2 - Lithuania's 2 - fortification 0 - terrain; same language and religion
    assert magnates.magnate_er(state, mid, "lithuania", "prussia") == 3 + 2 - 2 - 0
    # Pomerania: West Slavonic, related to Baltic? no: another family (+2); pagan as Prussia
    assert magnates.magnate_er(state, mid, "pomerania", "prussia") < 3


# --- 24.4: what becomes of him (EMP-M11) --------------------------------------------------------------------------


def test_24_4_he_is_gone_when_an_empire_takes_his_seat() -> None:
    state = fresh()
    mid = seat(state, "prussia")
    state["magnates"][mid]["areas"] = ["lithuania", "prussia"]
    state["areas"]["lithuania"]["owner"] = None
    magnates.case_24_4_tidy(state)
    assert state["magnates"][mid]["areas"] == ["lithuania", "prussia"]
    state["areas"]["prussia"]["owner"] = "poland"
    magnates.case_24_4_tidy(state)
    assert mid not in state["magnates"]
    assert state["log"][-1] == "Magnate of Prussia is gone: Poland took his seat (Prussia) (EMP-M11)"
    assert state["areas"]["lithuania"]["owner"] is None  # his other areas stay independent


def test_24_4_an_area_taken_from_him_leaves_his_holding() -> None:
    state = fresh()
    mid = seat(state, "prussia")
    state["magnates"][mid]["areas"] = ["lithuania", "prussia"]
    state["areas"]["lithuania"]["owner"] = "kiev"
    magnates.case_24_4_tidy(state)
    assert state["magnates"][mid]["areas"] == ["prussia"]


# --- views and the map --------------------------------------------------------------------------------------------


def test_24_0_magnates_are_in_every_view_and_on_the_map() -> None:
    game = new_game("empires2", "millennium", {"magnates": True}, seed=1)
    game.state.pop("magnates", None)
    seat(game.state, "prussia")
    for role in ("germany", "byzantine"):
        [shown] = game.view(role)["magnates"]
        assert (shown["name"], shown["seat"], shown["areas"]) == ("Magnate of Prussia", "prussia", ["prussia"])
    svg = draw_view(game.view("germany"), panel=False)
    assert 'id="magnate-prussia"' in svg and "seat of the Magnate of Prussia" in svg and MAGNATE_FILL in svg
    assert "held by the Magnate of Prussia" in svg
