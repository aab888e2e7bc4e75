"""The seed's Allied Empires (33.3), alliances gained and lost (33.4) and their victory points (33.5), one test per
case, named by its number."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.empires2.helpers import cards, random_game, scenario_state, to_turn_of
from umpire.games.empires2 import alliances, board, exchange, independent
from umpire.games.empires2.leaders import Leader
from umpire.games.empires2.mapdata import load_map
from umpire.kernel import rng
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game, replay

State = dict[str, Any]


@pytest.fixture
def state() -> State:
    return scenario_state("millennium", 11, year_cards=cards(5), quiet_deck=True)


def set_diplomatic(state: State, eid: str, value: int) -> None:
    state["empires"][eid]["leader"]["diplomatic"] = value


def ally(state: State, player: str, eid: str) -> None:
    state["empires"][eid]["court_ties"][player] = alliances.case_33_41_ties_required(state, eid)
    alliances.case_33_41_alliance(state, player, eid, "set up by the test")


# --- 33.41 -----------------------------------------------------------------------------------------------------------


def test_33_41_ties_required_are_maximum_social_state_plus_population(state: State) -> None:
    m = load_map()
    court = m.area(state["empires"]["burgundy"]["court"])
    assert alliances.case_33_41_ties_required(state, "burgundy") == court.max_social_state + max(1, court.population)
    state["areas"]["burgundy"]["social_state"] = -1  # the actual social state does not matter
    assert alliances.case_33_41_ties_required(state, "burgundy") == court.max_social_state + max(1, court.population)


def test_33_41_a_tie_result_adds_one_tie_and_is_logged_in_words(state: State) -> None:
    set_diplomatic(state, "germany", 9)
    er = alliances.diplomacy_rating(state, "germany", "burgundy", 0)
    assert 1 <= er <= 4  # fortune 7 reads T in this band
    state["empires"]["germany"]["year_cards"] = cards(5, fortune=7)
    gold = state["empires"]["germany"]["gold"]
    read = alliances.case_33_41_diplomatic_endeavour(state, "germany", "burgundy", 0)
    assert read.result == "T"
    assert alliances.ties(state, "germany", "burgundy") == 1
    assert state["empires"]["germany"]["gold"] == gold - 1  # diplomacy costs one gold
    need = alliances.case_33_41_ties_required(state, "burgundy")
    assert state["log"][-1].startswith("Germany courts Burgundy: diplomatic endeavour against Burgundy, ")
    assert state["log"][-1].endswith(f": T: a tie, 1 of {need}")
    assert state["empires"]["burgundy"]["status"] == board.INDEPENDENT


def test_33_41_a_c_result_gives_every_tie_and_the_alliance(state: State) -> None:
    set_diplomatic(state, "germany", 12)
    read = alliances.case_33_41_diplomatic_endeavour(state, "germany", "burgundy", 0)
    assert read.result == "C"
    burgundy = state["empires"]["burgundy"]
    assert alliances.ties(state, "germany", "burgundy") == alliances.case_33_41_ties_required(state, "burgundy")
    assert burgundy["status"] == alliances.ALLIED and burgundy["ally_of"] == "germany"
    assert burgundy["alliance_vp"] == alliances.victory_points(state, "burgundy")
    assert state["control"]["burgundy"] == "germany"
    assert any("Burgundy is now allied to Germany" in line for line in state["log"])


def test_33_41_a_minus_one_result_strikes_the_players_court(state: State) -> None:
    set_diplomatic(state, "germany", 0)
    state["empires"]["germany"]["year_cards"] = cards(5, fortune=1)
    before = state["areas"]["saxony"]["social_state"]
    assert alliances.case_33_41_diplomatic_endeavour(state, "germany", "burgundy", 0).result == "-1"
    assert state["areas"]["saxony"]["social_state"] == before - 1


def test_33_41_ties_move_with_the_court(state: State) -> None:
    state["empires"]["france"]["court_ties"]["germany"] = 3
    state["areas"]["ile_de_france"]["owner"] = None
    independent.case_33_29_move_court(state, "france")
    assert state["empires"]["france"]["court"] != "ile_de_france"
    assert alliances.ties(state, "germany", "france") == 3  # unchanged, though the number needed may change
    assert any("ties against France's Court move with it: Germany 3" in line for line in state["log"])


def test_33_41_only_non_player_empires_not_already_allied_are_courted(state: State) -> None:
    ally(state, "germany", "burgundy")
    assert "burgundy" not in alliances.courtable(state, "germany")
    assert "burgundy" in alliances.courtable(state, "byzantine")
    assert "germany" not in alliances.courtable(state, "byzantine")
    with pytest.raises(ValueError, match="only Independent Empires and other players' allies"):
        alliances.case_33_41_diplomatic_endeavour(state, "germany", "burgundy", 0)


# --- 33.42, 33.43 ----------------------------------------------------------------------------------------------------


def test_33_42_diplomatic_coup_removes_the_rivals_ties_from_an_allys_court(state: State) -> None:
    # ruling EMP-A13
    ally(state, "germany", "burgundy")
    state["empires"]["burgundy"]["court_ties"]["byzantine"] = 2
    with pytest.raises(ValueError, match="must be drawn by your own empire"):
        alliances.case_33_42_diplomatic_coup(state, "germany", "burgundy")
    state["empires"]["burgundy"]["held"].append("diplomatic_coup")  # drawn by the ally: does not count
    with pytest.raises(ValueError, match="must be drawn by your own empire"):
        alliances.case_33_42_diplomatic_coup(state, "germany", "burgundy")
    state["empires"]["germany"]["held"].append("diplomatic_coup")
    with pytest.raises(ValueError, match="'france' is not one"):
        alliances.case_33_42_diplomatic_coup(state, "germany", "france")
    assert alliances.case_33_42_diplomatic_coup(state, "germany", "burgundy") == 2
    assert state["empires"]["burgundy"]["court_ties"] == {
        "germany": alliances.case_33_41_ties_required(state, "burgundy")
    }
    assert "diplomatic_coup" not in state["empires"]["germany"]["held"]


def test_33_43_a_second_player_with_the_ties_takes_two_off_the_allys_endeavours(state: State) -> None:
    ally(state, "germany", "burgundy")
    assert alliances.case_33_43_penalty(state, "burgundy") == (0, [])
    state["empires"]["burgundy"]["court_ties"]["byzantine"] = alliances.case_33_41_ties_required(state, "burgundy")
    assert state["empires"]["burgundy"]["ally_of"] == "germany"  # no immediate change
    assert alliances.case_33_43_penalty(state, "burgundy") == (2, ["byzantine"])
    alliances.case_33_43_hinder(state, "byzantine", "burgundy", False)
    assert alliances.case_33_43_penalty(state, "burgundy") == (0, [])
    with pytest.raises(ValueError, match="does not hold the ties to hinder"):
        alliances.case_33_43_hinder(state, "germany", "burgundy", True)


# --- 33.44-33.48 -----------------------------------------------------------------------------------------------------


def test_33_44_the_highest_roll_takes_the_empire_as_ally(state: State) -> None:
    state["empires"]["burgundy"]["court_ties"]["byzantine"] = alliances.case_33_41_ties_required(state, "burgundy")
    set_diplomatic(state, "byzantine", 20)
    assert alliances.case_33_44_contest(state, "burgundy", {}) == "byzantine"
    assert state["empires"]["burgundy"]["ally_of"] == "byzantine"
    assert any(r["purpose"].startswith("Burgundy: alliance contest (33.44)") for r in state["rolls"])


def test_33_44_the_empire_rolls_with_its_own_diplomatic_stature(state: State) -> None:
    ally(state, "germany", "burgundy")
    set_diplomatic(state, "germany", 0)
    set_diplomatic(state, "burgundy", 20)
    assert alliances.case_33_44_contest(state, "burgundy", {}) == "burgundy"
    assert state["empires"]["burgundy"]["status"] == board.INDEPENDENT
    line = next(line for line in state["log"] if "alliance contest (33.44" in line)
    total = int(re.search(r"Burgundy \d\+\d with stature 20 = (\d+)$", line).group(1))  # type: ignore[union-attr]
    assert 22 <= total <= 32


def test_33_33_an_ally_whose_player_no_longer_qualifies_goes_independent_at_its_stature_check(state: State) -> None:
    ally(state, "germany", "burgundy")
    state["empires"]["burgundy"]["court_ties"]["germany"] = 1  # as after its Court moved to one needing more
    independent.stature_check_now(state, "burgundy", None)
    assert state["contests"][0]["bids"] == {}
    alliances.resolve_ready(state)
    assert state["empires"]["burgundy"]["status"] == board.INDEPENDENT
    assert any("the empire wins uncontested" in line for line in state["log"])


def test_33_44_a_tie_for_the_highest_goes_to_the_holder(state: State) -> None:
    ally(state, "germany", "burgundy")
    set_diplomatic(state, "germany", 5)
    set_diplomatic(state, "burgundy", 5)
    rolls = iter([[3, 4], [4, 3]])  # 12 each
    mp = pytest.MonkeyPatch()
    mp.setattr(rng, "roll_many", lambda *a, **k: next(rolls))
    try:
        assert alliances.case_33_44_contest(state, "burgundy", {}) == "germany"
    finally:
        mp.undo()
    assert any("keeps it (EMP-A04)" in line for line in state["log"])


def test_33_44_a_stature_check_on_a_non_player_empire_calls_a_contest(state: State) -> None:
    independent.stature_check_now(state, "burgundy", None)
    assert "contests" not in state  # nobody holds the ties: nothing to contest
    state["empires"]["burgundy"]["court_ties"]["germany"] = alliances.case_33_41_ties_required(state, "burgundy")
    independent.stature_check_now(state, "burgundy", None)
    assert state["contests"][0]["empire"] == "burgundy" and state["contests"][0]["bids"] == {"germany": None}


def test_33_44_an_independent_turn_pauses_for_the_contest_and_its_winner_goes_on(state: State) -> None:
    state["empires"]["burgundy"]["court_ties"]["germany"] = alliances.case_33_41_ties_required(state, "burgundy")
    state["empires"]["burgundy"]["year_cards"] = cards(5, check=True)
    assert independent.case_33_22_turn(state, "burgundy") is False  # the first endeavour's card called a check
    assert state["iturn"]["stage"] == "endeavours" and state["iturn"]["done"] == 1
    state["contests"][0]["bids"]["germany"] = 0
    set_diplomatic(state, "germany", 30)
    alliances.resolve_ready(state)
    assert state["empires"]["burgundy"]["ally_of"] == "germany"
    assert independent.resume_turn(state) is False  # the engine stops: Germany continues Burgundy's turn


def test_33_45_leader_dies_heirless_rolls_new_ties(state: State) -> None:
    need = alliances.case_33_41_ties_required(state, "burgundy")
    state["empires"]["burgundy"]["court_ties"] = {"germany": 1}
    set_diplomatic(state, "germany", 30)
    independent.case_33_24a_leader_dies_heirless(state, "burgundy")
    assert state["contests"][0]["kind"] == alliances.HEIRLESS
    alliances.case_33_46_bid(state, "germany", 0)
    alliances.resolve_ready(state)
    assert alliances.ties(state, "germany", "burgundy") == need  # 2d6 + 30 + 1 - 12, capped at the number needed
    assert state["contests"][0]["kind"] == alliances.CONTEST  # then 33.44 among those who qualify


def test_33_45_negative_results_are_zero_and_an_ally_nobody_qualifies_for_goes_independent(state: State) -> None:
    ally(state, "germany", "burgundy")
    state["empires"]["burgundy"]["court_ties"]["germany"] = 1
    set_diplomatic(state, "germany", 0)
    alliances.case_33_45_heirless_roll(state, "burgundy", {"germany": 0})  # at most 12 + 0 + 1 - 12 = 1
    assert alliances.ties(state, "germany", "burgundy") <= 1
    assert state["empires"]["burgundy"]["status"] == board.INDEPENDENT


def test_33_46_bids_are_sealed_paid_and_added(state: State) -> None:
    # ruling EMP-A12
    state["empires"]["burgundy"]["court_ties"]["germany"] = alliances.case_33_41_ties_required(state, "burgundy")
    alliances.call_contest(state, "burgundy", alliances.CONTEST, "stature check", ["germany"])
    assert alliances.bidders(state) == ["germany"]
    with pytest.raises(ValueError, match=r"0\.\.10"):
        alliances.case_33_46_bid(state, "germany", 11)
    with pytest.raises(ValueError, match="no bid is asked of byzantine"):
        alliances.case_33_46_bid(state, "byzantine", 1)
    alliances.case_33_46_bid(state, "germany", 4)
    assert state["log"][-1] == "Germany seals a bid (33.46)"  # not how much
    alliances.resolve_ready(state)
    assert state["empires"]["germany"]["gold"] == 6
    assert any("bids revealed: Germany 4 gold" in line for line in state["log"])


def test_33_47_a_players_fallen_diplomatic_stature_contests_his_alliances(state: State) -> None:
    # ruling EMP-A14
    ally(state, "germany", "burgundy")
    before = board.leader(state, "germany")
    after = Leader(before.administrative, before.combat, before.diplomatic - 1)
    alliances.case_33_33_stature_check(state, "germany", before, after)
    assert [c["empire"] for c in state["contests"]] == ["burgundy"]
    assert "fell (33.47)" in state["contests"][0]["why"]
    state["contests"] = []
    alliances.case_33_33_stature_check(state, "germany", before, before)
    assert state["contests"] == []


def test_33_48_a_players_heirless_death_loses_his_ties_and_alliances(state: State) -> None:
    # ruling EMP-A14
    ally(state, "germany", "burgundy")
    state["empires"]["burgundy"]["court_ties"]["byzantine"] = alliances.case_33_41_ties_required(state, "burgundy")
    state["empires"]["france"]["court_ties"]["germany"] = 2
    independent.case_33_24a_leader_dies_heirless(state, "germany")
    assert state["empires"]["burgundy"]["status"] == board.INDEPENDENT
    assert "germany" not in state["empires"]["france"]["court_ties"]
    assert state["contests"][0]["empire"] == "burgundy" and list(state["contests"][0]["bids"]) == ["byzantine"]


def test_33_49_a_player_ends_an_alliance_at_any_time(state: State) -> None:
    with pytest.raises(ValueError, match="'burgundy' is not allied to germany"):
        alliances.case_33_49_terminate(state, "germany", "burgundy")
    ally(state, "germany", "burgundy")
    alliances.case_33_49_terminate(state, "germany", "burgundy")
    assert state["empires"]["burgundy"]["status"] == board.INDEPENDENT
    assert state["control"]["burgundy"] == "engine"


# --- 33.5 ------------------------------------------------------------------------------------------------------------


def test_33_5_the_change_in_the_allys_victory_points_goes_to_its_player(state: State) -> None:
    ally(state, "germany", "burgundy")
    start = state["empires"]["burgundy"]["alliance_vp"]
    state["areas"]["provence"]["owner"] = None  # Burgundy loses an area while allied
    lost = start - alliances.victory_points(state, "burgundy")
    assert lost > 0
    assert alliances.case_33_5_end(state, "burgundy", "test") == -lost
    assert state["empires"]["germany"]["alliance_points"] == -lost
    ally(state, "germany", "burgundy")
    state["areas"]["provence"]["owner"] = "burgundy"
    alliances.credit_at_end(state)
    assert state["empires"]["germany"]["alliance_points"] == 0


# --- 33.32 -----------------------------------------------------------------------------------------------------------


def test_33_32_gold_only_toward_an_endeavours_direct_costs(state: State) -> None:
    ally(state, "germany", "burgundy")
    with pytest.raises(ValueError, match="direct costs are 2"):
        exchange.case_33_32_endeavour_gold(state, "germany", "burgundy", {"germany": 3}, 2)
    with pytest.raises(ValueError, match="may never pay for the player's own empire"):
        exchange.case_33_32_endeavour_gold(state, "germany", "germany", {"burgundy": 1}, 2)
    with pytest.raises(ValueError, match="'france' is not one of Germany's empires"):
        exchange.case_33_32_endeavour_gold(state, "germany", "burgundy", {"france": 1}, 2)
    assert exchange.case_33_32_endeavour_gold(state, "germany", "burgundy", {"germany": 2}, 2) == 2
    assert state["empires"]["burgundy"]["gold"] == 7 and state["empires"]["germany"]["gold"] == 8
    with pytest.raises(ValueError, match="only toward an endeavour's direct costs"):
        exchange.case_33_32_exchange(state, "germany", "gold", {"germany": "x", "burgundy": "y"})


def test_33_32_claims_one_for_one(state: State) -> None:
    ally(state, "germany", "poland")
    with pytest.raises(ValueError, match="exactly two"):
        exchange.case_33_32_exchange(state, "germany", "claims", {"germany": "rome"})
    with pytest.raises(ValueError, match="Poland holds no claim to 'rome'"):
        exchange.case_33_32_exchange(state, "germany", "claims", {"germany": "rome", "poland": "rome"})
    exchange.case_33_32_exchange(state, "germany", "claims", {"germany": "bohemia", "poland": "silesia"})
    assert "silesia" in state["empires"]["germany"]["claims"] and "bohemia" in state["empires"]["poland"]["claims"]


def test_33_32_areas_one_for_one_with_social_state_and_unrest_in_gold(state: State) -> None:
    ally(state, "germany", "burgundy")
    state["empires"]["burgundy"]["gold"] = 10
    areas = state["areas"]
    with pytest.raises(ValueError, match="Court Area and is not traded"):
        exchange.case_33_32_exchange(state, "germany", "areas", {"germany": "saxony", "burgundy": "provence"})
    state["empires"]["germany"]["claims"].append("lorraine")
    with pytest.raises(ValueError, match="claimed and possessed, Provence is not"):
        exchange.case_33_32_exchange(state, "germany", "areas", {"germany": "lorraine", "burgundy": "provence"})
    state["empires"]["germany"]["claims"].remove("lorraine")
    areas["lorraine"]["social_state"], areas["provence"]["social_state"] = 3, 1
    areas["provence"]["unrest"] = True
    # Burgundy receives Lorraine, two social states higher: pays 2; Germany receives Provence in unrest: gets 5.
    exchange.case_33_32_exchange(state, "germany", "areas", {"germany": "lorraine", "burgundy": "provence"})
    assert areas["lorraine"]["owner"] == "burgundy" and areas["provence"]["owner"] == "germany"
    assert state["empires"]["germany"]["gold"] == 10 + 2 + 5 and state["empires"]["burgundy"]["gold"] == 10 - 7
    assert "Burgundy pays 7 gold" in state["log"][-1]


def test_33_32_an_area_trade_the_payer_cannot_afford_is_refused(state: State) -> None:
    ally(state, "germany", "burgundy")
    state["empires"]["burgundy"]["gold"] = 1
    state["areas"]["lorraine"]["social_state"], state["areas"]["provence"]["social_state"] = 3, 1
    with pytest.raises(ValueError, match=r"Burgundy must pay 2 gold .* holds 1"):
        exchange.case_33_32_exchange(state, "germany", "areas", {"germany": "lorraine", "burgundy": "provence"})


# --- 33.31 and the ruleset -------------------------------------------------------------------------------------------


def test_33_31_an_allied_empire_is_run_by_its_player_naming_it() -> None:
    game = new_game("empires2", "millennium", seed=3)
    ally(game.state, "germany", "burgundy")
    assert alliances.case_33_31_controller(game.state, "burgundy") == "germany"
    assert alliances.case_33_31_controller(game.state, "france") is None
    to_turn_of(game, "burgundy")
    assert game.view("gm")["acting"] == ["germany"]
    actions = game.view("germany")["actions"]
    assert actions and all(a.get("empire") == "burgundy" for a in actions if a["type"] != "end_alliance")
    courts = {e["court"] for eid, e in game.state["empires"].items() if eid != "burgundy"}
    listed = {a["area"] for a in actions if a.get("endeavour") == "diplomacy"}
    assert listed and not listed & courts  # diplomacy on areas (rewrite 12.0), never courting a Court (EMP-A08)
    with pytest.raises(IllegalAction, match=r"an Allied Empire does not court other empires.*EMP-A08"):
        game.act(
            "germany",
            {"type": "endeavour", "endeavour": "diplomacy", "area": "ile_de_france", "gold": 0, "empire": "burgundy"},
        )
    with pytest.raises(IllegalAction, match='Burgundy\'s, your ally\'s player-turn: name it with "empire": "burgundy"'):
        game.act("germany", {"type": "endeavour", "endeavour": "ruling", "area": "burgundy", "gold": 0})
    gold = game.state["empires"]["burgundy"]["gold"]
    game.act(
        "germany",
        {"type": "endeavour", "endeavour": "fortification", "area": "provence", "gold": 0, "empire": "burgundy",
         "paid_by": {"germany": 2}},
    )  # fmt: skip
    assert game.state["empires"]["burgundy"]["gold"] == gold  # Germany paid the two gold it cost
    assert any("Germany pays 2 gold toward Burgundy's endeavour (33.32)" in line for line in game.state["log"])
    game.act("germany", {"type": "end_turn", "empire": "burgundy"})


def test_33_43_the_rivals_penalty_is_taken_in_the_allys_turn() -> None:
    game = new_game("empires2", "millennium", seed=3)
    ally(game.state, "germany", "burgundy")
    game.state["empires"]["burgundy"]["court_ties"]["byzantine"] = 9
    to_turn_of(game, "burgundy")
    game.act(
        "germany", {"type": "endeavour", "endeavour": "ruling", "area": "burgundy", "gold": 0, "empire": "burgundy"}
    )
    assert any("Byzantine Empire takes 2 off Burgundy's ruling (33.43)" in line for line in game.state["log"])


def test_33_44_the_winner_of_a_contest_in_an_independents_turn_continues_it() -> None:
    game = new_game("empires2", "millennium", seed=3)
    burgundy = game.state["empires"]["burgundy"]
    burgundy["year_cards"] = cards(5, check=True)  # its first endeavour calls a stature check
    burgundy["court_ties"]["germany"] = alliances.case_33_41_ties_required(game.state, "burgundy")
    set_diplomatic(game.state, "germany", 30)
    to_turn_of(game, "burgundy")
    assert burgundy is not game.state["empires"]["burgundy"]  # the game works on copies
    assert game.state["empires"]["burgundy"]["ally_of"] == "germany"
    assert any("Germany continues Burgundy's player-turn (1 endeavours done" in line for line in game.state["log"])
    assert game.view("gm")["acting"] == ["germany"]
    assert game.view("germany")["empires"]["burgundy"]["held"] == game.state["empires"]["burgundy"]["held"]


def test_33_46_the_view_hides_the_other_seats_bid() -> None:
    # ruling EMP-A12
    game = new_game("empires2", "millennium", seed=3)
    for p in ("germany", "byzantine"):
        game.state["empires"]["burgundy"]["court_ties"][p] = 9
    alliances.call_contest(game.state, "burgundy", alliances.CONTEST, "stature check", ["germany", "byzantine"])
    assert sorted(game.view("gm")["acting"]) == ["byzantine", "germany"]
    with pytest.raises(IllegalAction, match="a sealed bid is wanted first"):
        game.act("germany", {"type": "end_turn"})
    game.act("germany", {"type": "bid", "gold": 3})
    assert game.view("byzantine")["contests"][0]["bids"] == {"germany": "sealed", "byzantine": None}
    assert game.view("germany")["contests"][0]["bids"] == {"germany": 3, "byzantine": None}
    game.act("byzantine", {"type": "bid", "gold": 1})
    assert game.view("gm")["contests"] == []
    assert any("bids revealed: Germany 3 gold, Byzantine Empire 1 gold" in line for line in game.state["log"])


def test_33_49_end_alliance_is_an_action_at_any_time_and_the_engine_completes_the_turn() -> None:
    game = new_game("empires2", "millennium", seed=3)
    ally(game.state, "germany", "burgundy")
    to_turn_of(game, "burgundy")
    with pytest.raises(IllegalAction, match="'france' is not allied to germany"):
        game.act("germany", {"type": "end_alliance", "empire": "france"})
    game.act("germany", {"type": "end_alliance", "empire": "burgundy"})
    assert game.state["empires"]["burgundy"]["status"] == board.INDEPENDENT
    assert any("the engine completes the player-turn by 33.24" in line for line in game.state["log"])
    assert game.state["current"] != "burgundy"


def test_33_41_a_player_courts_through_the_ruleset() -> None:
    game = new_game("empires2", "millennium", seed=3)
    to_turn_of(game, "germany")
    listed = {a["area"] for a in game.view("germany")["actions"] if a.get("endeavour") == "diplomacy"}
    courts = {"burgundy", "ile_de_france", "denmark", "greater_poland", "kiev"}
    assert courts <= listed and "constantinople" not in listed  # the other player's Court: never (12.16)
    with pytest.raises(IllegalAction, match=r"Byzantine Empire's Court: never a diplomatic target.*\(12.16\)"):
        game.act("germany", {"type": "endeavour", "endeavour": "diplomacy", "area": "constantinople", "gold": 0})
    game.act("germany", {"type": "endeavour", "endeavour": "diplomacy", "area": "burgundy", "gold": 1})
    assert any(line.startswith("Germany courts Burgundy: diplomatic endeavour") for line in game.state["log"])


# --- replay -----------------------------------------------------------------------------------------------------------


def courting_game(seed: int, choices: int, rng_seed: int) -> Game:
    """A random game whose players court often (with gold) and bid, so that alliances and contests come about."""

    def court_often(game: Game, actions: list[dict[str, Any]], pick: random.Random) -> dict[str, Any]:
        courts = {e["court"] for e in game.state["empires"].values()}
        court = [a for a in actions if a.get("endeavour") == "diplomacy" and a["area"] in courts]
        return pick.choice(court) if court and pick.random() < 0.6 else pick.choice(actions)

    return random_game("millennium", seed, choices, rng_seed, choose=court_often, paid=("endeavour", "bid"), most=4)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), rng_seed=st.integers(0, 10_000))
def test_replay_reproduces_games_with_alliances(seed: int, rng_seed: int) -> None:
    game = courting_game(seed, 150, rng_seed)
    again = replay(json.loads(json.dumps(game.record)))
    assert again.digest() == game.digest()


def test_courting_games_make_alliances_and_contests() -> None:
    lines = [line for seed in range(4) for line in courting_game(seed, 400, seed).state["log"]]
    assert any("is now allied to" in line for line in lines)
    assert any("continues" in line or "ends its player-turn" in line for line in lines)


def test_33_42_and_33_43_the_coup_and_the_hinder_switch_are_listed_when_they_apply() -> None:
    game = new_game("empires2", "millennium", seed=3)
    ally(game.state, "germany", "burgundy")
    ally(game.state, "byzantine", "poland")
    game.state["empires"]["burgundy"]["court_ties"]["byzantine"] = 9
    game.state["empires"]["germany"]["held"].append("diplomatic_coup")
    to_turn_of(game, "germany")
    actions = game.view("germany")["actions"]
    assert {"type": "coup", "empire": "burgundy"} in actions
    game.act("germany", {"type": "coup", "empire": "burgundy"})
    assert "byzantine" not in game.state["empires"]["burgundy"]["court_ties"]
    game.state["empires"]["poland"]["court_ties"]["germany"] = 9
    assert {"type": "hinder", "empire": "poland", "on": False} in game.view("germany")["actions"]
    game.act("germany", {"type": "hinder", "empire": "poland", "on": False})
    assert game.state["empires"]["poland"]["waived"] == ["germany"]
