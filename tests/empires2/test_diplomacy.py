"""Diplomatic endeavours against areas (rewrite 12.0) and claims (18.0): one test per case, named by its number or
its ruling (EMP-D12 to D18)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.empires2.helpers import cards, scenario_state, to_turn_of
from umpire.games.empires2 import alliances, board, diplomacy, independent
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import new_game

State = dict[str, Any]


@pytest.fixture
def state() -> State:
    return scenario_state("millennium", 5, year_cards=cards(5))


# --- 12.1: who, where, and the rating ------------------------------------------------------------------------------


def test_12_11_rating_from_the_court_less_the_owners_diplomatic_stature(state: State) -> None:
    # Germany 3-3-3, Court Saxony at social state 3. Flanders: France's (diplomatic 2), social state 4, Dutch
    # (related to German: 1), Catholic (0): 3 + 3 - 4 - 2 - 1 = -1.
    assert diplomacy.rating(state, "germany", "flanders", 0) == -1
    state["empires"]["france"]["leader"]["diplomatic"] = 5
    assert diplomacy.rating(state, "germany", "flanders", 0) == -4
    assert diplomacy.rating(state, "germany", "flanders", 3) == -1  # gold, one for one
    state["areas"]["saxony"]["social_state"] = 1  # the base is the Court (12.11)
    assert diplomacy.rating(state, "germany", "flanders", 0) == -6


def test_12_0_an_independent_area_resists_with_3_venice_with_5(state: State) -> None:
    # Bohemia: independent, social state 3, West Slavonic (unrelated: 2): 3 + 3 - 3 - 3 - 2 = -2.
    assert diplomacy.rating(state, "germany", "bohemia", 0) == -2
    # Venice: independent, social state 5, Italian (unrelated: 2): 3 + 3 - 5 - 5 - 2 = -6.
    assert diplomacy.rating(state, "germany", "venice", 0) == -6


def test_emp_d13_an_own_area_does_not_resist(state: State) -> None:
    assert diplomacy.rating(state, "germany", "saxony", 0) == 3  # 3 + 3 - 3, no owner's stature


def test_12_12_distance_and_seas_do_not_count(state: State) -> None:
    # Cordova lies far beyond two sea areas from Saxony; the rating has no sea step and the target is accepted.
    far = diplomacy.rating(state, "germany", "cordova", 0)
    a = state["areas"]["cordova"]
    lang = 1 if board.language_relation(state, "germany", "cordova") == "related" else 2
    rel = {"same": 0, "different_church": 1, "different_religion": 2}[
        board.religion_relation(state, "germany", "cordova")
    ]
    assert far == 3 + 3 - a["social_state"] - 3 - lang - rel
    assert diplomacy.refusal(state, "germany", "cordova") is None


def test_12_16_never_against_another_players_court(state: State) -> None:
    why = diplomacy.refusal(state, "germany", "constantinople")
    assert why is not None and "(12.16)" in why and "Byzantine Empire's Court" in why


def test_33_41_a_non_player_court_is_courted_not_a_target_of_12_0(state: State) -> None:
    why = diplomacy.refusal(state, "germany", "burgundy")
    assert why is not None and "33.41" in why
    state["empires"]["burgundy"]["court_ties"]["germany"] = alliances.case_33_41_ties_required(state, "burgundy")
    alliances.case_33_41_alliance(state, "germany", "burgundy", "set up by the test")
    why = diplomacy.refusal(state, "burgundy", "ile_de_france")
    assert why is not None and "EMP-A08" in why


def test_33_23_independent_empires_never_conduct_diplomatic_endeavours(state: State) -> None:
    why = diplomacy.refusal(state, "france", "flanders")
    assert why is not None and "Independent Empires never conduct Diplomatic Endeavors (33.23)" in why
    gold = state["empires"]["france"]["gold"]
    with pytest.raises(ValueError, match=r"never conduct Diplomatic Endeavors \(33.23\)"):
        diplomacy.case_12_diplomatic_endeavour(state, "france", "bohemia", 0)
    assert state["empires"]["france"]["gold"] == gold and len(state["empires"]["france"]["year_cards"]) == 5
    assert diplomacy.listed_targets(state, "france") == []


def test_refusals_name_the_fault(state: State) -> None:
    assert "not a land area" in (diplomacy.refusal(state, "germany", "north_sea") or "")
    state["areas"]["saxony"]["ties"]["germany"] = 1
    assert "already holds its tie" in (diplomacy.refusal(state, "germany", "saxony") or "")
    state["empires"]["germany"]["gold"] = 0
    with pytest.raises(ValueError, match="diplomacy costs 1 gold and 0 more; Germany holds 0"):
        diplomacy.case_12_diplomatic_endeavour(state, "germany", "bohemia", 0)


# --- 12.0 results ---------------------------------------------------------------------------------------------------


def test_12_14_a_t_result_gives_one_tie_and_more_are_ignored(state: State) -> None:
    state["empires"]["germany"]["year_cards"] = cards(5, fortune=7)  # T at ratings 1-4
    gold = state["empires"]["germany"]["gold"]
    read = diplomacy.case_12_diplomatic_endeavour(state, "germany", "bohemia", 3)  # -2 + 3 = +1
    assert read.result == "T" and read.er == 1
    assert state["areas"]["bohemia"]["ties"] == {"germany": 1}
    assert state["empires"]["germany"]["gold"] == gold - 4  # 1 cost + 3 gold
    assert state["log"][-1].startswith(
        "Germany: diplomatic endeavour on Bohemia from its Court Saxony, +1 after 3 gold"
    )
    assert state["log"][-1].endswith(": T: a diplomatic tie")
    diplomacy.case_12_diplomatic_endeavour(state, "germany", "bohemia", 3)
    assert state["areas"]["bohemia"]["ties"] == {"germany": 1}
    assert state["log"][-1].endswith("a tie, but it holds one already (12.14)")


def test_12_15_several_empires_hold_ties_to_one_area(state: State) -> None:
    state["areas"]["bohemia"]["ties"]["byzantine"] = 1
    state["empires"]["germany"]["year_cards"] = cards(5, fortune=7)
    diplomacy.case_12_diplomatic_endeavour(state, "germany", "bohemia", 3)
    assert state["areas"]["bohemia"]["ties"] == {"byzantine": 1, "germany": 1}


def test_emp_d12_a_c_result_is_a_diplomatic_conquest_counted_as_10_3(state: State) -> None:
    # Bohemia has population 3: three C results take it; each is kept on the Court's marker (12.11, 10.32).
    state["empires"]["germany"]["year_cards"] = cards(5, fortune=8)  # C at ratings 1 and up
    state["empires"]["germany"]["gold"] = 20
    diplomacy.case_12_diplomatic_endeavour(state, "germany", "bohemia", 3)
    assert state["empires"]["germany"]["partial"] == {"bohemia": {"saxony": 1}}
    assert state["areas"]["bohemia"]["owner"] is None and state["areas"]["bohemia"]["ties"] == {}  # no tie (9.4)
    assert state["log"][-1].endswith("a diplomatic conquest, 1 of the 3 C results the area needs (10.3)")
    diplomacy.case_12_diplomatic_endeavour(state, "germany", "bohemia", 3)
    diplomacy.case_12_diplomatic_endeavour(state, "germany", "bohemia", 3)
    bohemia = state["areas"]["bohemia"]
    assert bohemia["owner"] == "germany" and bohemia["unrest"]
    assert "bohemia" not in state["empires"]["germany"]["partial"]
    assert state["log"][-1] == "Germany takes Bohemia by diplomacy, in unrest (10.3)"


def test_emp_d13_a_c_result_on_an_own_area_gives_the_tie_and_a_claim(state: State) -> None:
    state["empires"]["germany"]["year_cards"] = cards(5, fortune=8)
    assert "franconia" not in state["empires"]["germany"]["claims"]
    diplomacy.case_12_diplomatic_endeavour(state, "germany", "franconia", 0)  # +2: C
    assert state["areas"]["franconia"]["ties"] == {"germany": 1}
    assert "franconia" in state["empires"]["germany"]["claims"]
    assert state["log"][-1] == "Germany possesses Franconia and holds a tie to it: a claim (18.0)"


def test_17_0_a_minus_one_lowers_the_court_the_base(state: State) -> None:
    state["empires"]["germany"]["year_cards"] = cards(5, fortune=1)  # -1 at ratings up to 4
    diplomacy.case_12_diplomatic_endeavour(state, "germany", "bohemia", 0)
    assert state["areas"]["saxony"]["social_state"] == 2
    assert state["areas"]["bohemia"]["social_state"] == 3
    state["areas"]["saxony"]["unrest"] = True
    diplomacy.case_12_diplomatic_endeavour(state, "germany", "bohemia", 0)
    assert any(r["purpose"].startswith("rebellion check in saxony") for r in state["rolls"])


# --- 18.0 claims ------------------------------------------------------------------------------------------------------


def test_18_0_a_tie_then_a_conquest_gives_the_claim(state: State) -> None:
    # rulings EMP-D16, EMP-G08
    # The errata: possession and tie in either order. A tie to Bohemia first, then Bohemia taken by conquest.
    state["areas"]["bohemia"]["ties"]["germany"] = 1
    state["areas"]["bohemia"]["fortification"] = 0
    state["empires"]["germany"]["year_cards"] = cards(5, fortune=8)
    state["empires"]["germany"]["gold"] = 30
    state["empires"]["germany"]["partial"] = {"bohemia": {"bavaria": 2}}
    plan = independent.Plan(0, "conquest", "bohemia", "bavaria", 9, 0)
    independent.carry_out(state, "germany", plan, None)
    assert state["areas"]["bohemia"]["owner"] == "germany"
    assert state["empires"]["germany"]["claims"].count("bohemia") == 1  # the scenario's claim, not doubled
    state["areas"]["silesia"].update(owner=None, ties={"germany": 1})
    state["empires"]["germany"]["partial"] = {"silesia": {"bohemia": 5}}
    independent.carry_out(state, "germany", independent.Plan(0, "conquest", "silesia", "bohemia", 9, 0), None)
    assert state["areas"]["silesia"]["owner"] == "germany"
    assert "silesia" in state["empires"]["germany"]["claims"]
    assert "Germany possesses Silesia and holds a tie to it: a claim (18.0)" in state["log"]


def test_18_0_no_claim_without_possession(state: State) -> None:
    # ruling EMP-D16
    state["empires"]["germany"]["year_cards"] = cards(5, fortune=7)
    diplomacy.case_12_diplomatic_endeavour(state, "germany", "bohemia", 3)
    assert state["areas"]["bohemia"]["ties"] == {"germany": 1}
    assert not diplomacy.case_18_claim(state, "germany", "lesser_poland")
    assert state["empires"]["germany"]["claims"] == ["rome", "bohemia", "venice"]  # the scenario's, unchanged


# --- through the ruleset: players and Allied Empires ------------------------------------------------------------------


def test_12_0_a_player_makes_diplomacy_on_an_area_through_the_ruleset() -> None:
    game = new_game("empires2", "millennium", seed=3)
    to_turn_of(game, "germany")
    listed = [a for a in game.view("germany")["actions"] if a.get("endeavour") == "diplomacy"]
    bohemia = next(a for a in listed if a["area"] == "bohemia")
    assert bohemia["er"] == diplomacy.rating(game.state, "germany", "bohemia", 0)
    labels = game.view("germany")["action_labels"]
    assert any(lab["label"].startswith("Diplomacy at Bohemia: a tie, or a C result") for lab in labels)
    cards_before = len(game.state["empires"]["germany"]["year_cards"])
    game.act("germany", {"type": "endeavour", "endeavour": "diplomacy", "area": "bohemia", "gold": 0})
    assert len(game.state["empires"]["germany"]["year_cards"]) == cards_before - 1
    assert any(line.startswith("Germany: diplomatic endeavour on Bohemia") for line in game.state["log"])
    with pytest.raises(IllegalAction, match=r"no diplomacy on 'north_sea': 'north_sea' is not a land area"):
        game.act("germany", {"type": "endeavour", "endeavour": "diplomacy", "area": "north_sea", "gold": 0})


def test_33_31_an_allied_empire_makes_diplomacy_with_its_own_leader_and_markers() -> None:
    # ruling EMP-D18
    game = new_game("empires2", "millennium", seed=3)
    s = game.state
    s["empires"]["burgundy"]["court_ties"]["germany"] = alliances.case_33_41_ties_required(s, "burgundy")
    alliances.case_33_41_alliance(s, "germany", "burgundy", "set up by the test")
    to_turn_of(game, "burgundy")
    s = game.state  # each action leaves a new state
    s["empires"]["burgundy"]["year_cards"] = cards(4, fortune=8)
    s["empires"]["burgundy"]["gold"] = 10
    er = diplomacy.rating(s, "burgundy", "provence", 0)  # its own area: 4 (diplomatic) + its Court's social state
    listed = {a["area"]: a["er"] for a in game.view("germany")["actions"] if a.get("endeavour") == "diplomacy"}
    assert listed["provence"] == er
    game.act(
        "germany", {"type": "endeavour", "endeavour": "diplomacy", "area": "provence", "gold": 0, "empire": "burgundy"}
    )
    s = game.state
    assert s["areas"]["provence"]["ties"] == {"burgundy": 1}  # Burgundy's own marker (33.13), not Germany's
    assert "provence" in s["empires"]["burgundy"]["claims"]


def test_33_43_the_rivals_penalty_applies_to_an_allys_diplomacy() -> None:
    game = new_game("empires2", "millennium", seed=3)
    s = game.state
    need = alliances.case_33_41_ties_required(s, "burgundy")
    s["empires"]["burgundy"]["court_ties"].update(germany=need, byzantine=need)
    alliances.case_33_41_alliance(s, "germany", "burgundy", "set up by the test")
    to_turn_of(game, "burgundy")
    s = game.state  # each action leaves a new state
    s["empires"]["burgundy"]["gold"] = 10
    before = diplomacy.rating(s, "burgundy", "lombardy", 0)
    listed = {a["area"]: a["er"] for a in game.view("germany")["actions"] if a.get("endeavour") == "diplomacy"}
    assert listed["lombardy"] == before - 2
    game.act(
        "germany", {"type": "endeavour", "endeavour": "diplomacy", "area": "lombardy", "gold": 0, "empire": "burgundy"}
    )
    s = game.state
    assert "Byzantine Empire takes 2 off Burgundy's diplomacy (33.43)" in s["log"]
    assert any(f"diplomatic endeavour on Lombardy from its Court Burgundy, {before - 2:+d}" in x for x in s["log"])


def test_33_23_independents_make_no_diplomatic_endeavour_in_played_games(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every diplomatic endeavour in random games is recorded with its empire's status at that moment.
    statuses: list[str] = []
    real = diplomacy.case_12_diplomatic_endeavour

    def spy(state: State, eid: str, *args: Any, **kwargs: Any) -> Any:
        statuses.append(state["empires"][eid]["status"])
        return real(state, eid, *args, **kwargs)

    monkeypatch.setattr(diplomacy, "case_12_diplomatic_endeavour", spy)
    for seed in (1, 2):
        game = new_game("empires2", "millennium", seed=seed)
        pick = random.Random(seed)
        for _ in range(300):
            acting = game.view("gm")["acting"]
            if game.state["over"] or game.state.get("blocked") or not acting:
                break
            action = dict(pick.choice(game.view(acting[0])["actions"]))
            action.pop("max_gold", None)
            action.pop("er", None)
            game.act(acting[0], action)
        assert any(e["status"] == board.INDEPENDENT for e in game.state["empires"].values())
    assert statuses and board.INDEPENDENT not in statuses
