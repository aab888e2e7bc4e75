"""The demise of empires (seed 33.6) and exile (rewrite 21.0), one test per case, named by its number."""

from __future__ import annotations

from typing import Any

import pytest

from tests.empires2.helpers import cards, to_turn_of
from umpire.games.empires2 import alliances, board, demise, independent
from umpire.games.empires2.economy import REBELLION
from umpire.games.empires2.mapdata import load_map
from umpire.games.empires2.tables import load_tables
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game

State = dict[str, Any]
GERMAN = ("saxony", "franconia", "swabia", "bavaria", "rhineland", "austria")


@pytest.fixture
def game() -> Game:
    return new_game("empires2", "millennium", seed=3)


def lose_denmark(state: State) -> None:
    """Denmark keeps no Norse Catholic area: Scania independent, its Court taken by Germany."""
    state["areas"]["scania"]["owner"] = None
    state["areas"]["denmark"]["owner"] = "germany"
    demise.court_lost(state, "denmark")


def rebel(state: State, aid: str, owner: str) -> None:
    state["areas"][aid]["owner"] = owner
    independent.rebellion_outcome(state, aid, REBELLION, None, load_map())


def test_33_61_the_seats_are_asked_and_answer_sealed(game: Game) -> None:
    lose_denmark(game.state)
    assert game.view("gm")["acting"] == ["germany", "byzantine"]
    assert game.view("germany")["actions"] == [
        {"type": "asylum", "grant": True},
        {"type": "asylum", "grant": False},
    ]
    with pytest.raises(IllegalAction, match="asylum question"):
        game.act("germany", {"type": "end_turn"})
    with pytest.raises(IllegalAction, match="'grant' must be true or false"):
        game.act("germany", {"type": "asylum", "grant": "yes"})
    game.act("germany", {"type": "asylum", "grant": True})
    seen = game.view("byzantine")["asylum"]
    assert seen == {"empire": "denmark", "seats": ["germany", "byzantine"], "answered": ["germany"]}
    assert game.view("germany")["asylum"]["mine"] is True
    with pytest.raises(IllegalAction, match="waiting for byzantine"):
        game.act("germany", {"type": "asylum", "grant": False})
    game.act("byzantine", {"type": "asylum", "grant": False})
    denmark = game.state["empires"]["denmark"]
    assert denmark["status"] == demise.ALLIED and game.state["control"]["denmark"] == "germany"
    assert denmark["demise"] == demise.EXILE
    assert not any("asylum contest" in line for line in game.state["log"])  # one willing seat: no roll


def court_denmark(game: Game, seat: str) -> int:
    """``seat`` courts Denmark in its own player-turn (33.41), by the game's actions, with a Year Card that reads a
    tie at any rating from +1; returns the ties the seat's view then shows."""
    to_turn_of(game, seat)
    game.state["empires"][seat]["year_cards"] = cards(5, fortune=5)
    game.state["empires"][seat]["gold"] = 20
    listed = next(
        a
        for a in game.view(seat)["actions"]
        if a["type"] == "endeavour" and a["endeavour"] == "diplomacy" and a["area"] == "denmark"
    )
    gold = max(0, 1 - int(listed["er"]))
    game.act(seat, {k: v for k, v in listed.items() if k not in ("max_gold", "er")} | {"gold": gold})
    ties: int = game.view(seat)["empires"]["denmark"]["court_ties"][seat]
    return ties


def test_33_61_two_willing_seats_contest_with_the_ties_they_earned_courting(game: Game) -> None:
    """Issue 28 point 2: "ties to the Independent's Court (before it was lost)" are the ties a seat earned by
    courting it (33.41), not ties on the lost Court Area, which nobody places."""
    earned = court_denmark(game, "byzantine")
    assert earned == 1 and game.state["areas"]["denmark"]["ties"] == {}
    lose_denmark(game.state)
    game.act("germany", {"type": "asylum", "grant": True})
    game.act("byzantine", {"type": "asylum", "grant": True})
    contest = [line for line in game.state["log"] if "asylum contest" in line and "dice" in line]
    assert len(contest) >= 2
    assert any(line.startswith("Byzantine Empire:") and f"ties {earned}:" in line for line in contest)
    assert any(line.startswith("Germany:") and "ties 0:" in line for line in contest)
    assert any("asylum contest for Denmark" in r["purpose"] for r in game.state["rolls"])


def test_33_62_the_hosts_ties_are_court_ties_kept_across_exile(game: Game) -> None:
    """Issue 28 point 1: the host's ties live where every Court tie lives (the empire's ``court_ties``, shown in
    the views), are its ties to the new Court when the empire leaves exile, put nothing on any area, and carry the
    alliance through its next contest."""
    # ruling EMP-A01
    lose_denmark(game.state)
    game.act("germany", {"type": "asylum", "grant": True})
    game.act("byzantine", {"type": "asylum", "grant": False})
    needed = alliances.case_33_41_ties_required(game.state, "denmark")
    assert needed == load_map().area("denmark").max_social_state + max(1, load_map().area("denmark").population)
    seen = game.view("byzantine")["empires"]["denmark"]
    assert seen["demise"] == demise.EXILE and seen["ally_of"] == "germany"
    assert seen["court_ties"] == {"germany": needed} and seen["ties_required"] == needed
    assert game.state["empires"]["denmark"]["exile"] == {"court": "denmark", "host": "germany"}
    rebel(game.state, "scania", "byzantine")
    seen = game.view("germany")["empires"]["denmark"]
    assert seen["court"] == "scania" and seen["demise"] is None and "exile" not in game.state["empires"]["denmark"]
    assert seen["court_ties"] == {"germany": needed}  # 33.62: "the number of ties ... to the new Court"
    assert seen["ties_required"] == alliances.case_33_41_ties_required(game.state, "denmark") <= needed
    assert all(not a["ties"] for a in game.view("gm")["areas"].values() if a["owner"] == "denmark")
    assert any("the ties against Denmark's Court move with it: Germany 5" in line for line in game.state["log"])
    independent.stature_check_now(game.state, "denmark", None)  # the ally's next contest (33.33, 33.44)
    game.act("germany", {"type": "bid", "gold": 0})
    assert not any("no player holds the ties" in line for line in game.state["log"])
    assert any(line.startswith("Denmark alliance contest (33.44") and "Germany" in line for line in game.state["log"])


def test_33_63_an_ally_without_a_court_is_its_players_choice(game: Game) -> None:
    # ruling EMP-X07
    alliances.case_33_41_alliance(game.state, "germany", "denmark", "a test's alliance")
    lose_denmark(game.state)
    assert game.view("gm")["acting"] == ["germany"]
    game.act("germany", {"type": "asylum", "grant": False})
    assert game.state["empires"]["denmark"]["status"] == board.INDEPENDENT
    assert game.view("gm")["acting"] == ["byzantine"]  # 33.61 for the seats but the one that ended it
    game.act("byzantine", {"type": "asylum", "grant": False})
    assert game.state["empires"]["denmark"]["demise"] == demise.DISMANTLED


def test_33_63_an_ally_granted_asylum_by_its_player(game: Game) -> None:
    # ruling EMP-X07
    alliances.case_33_41_alliance(game.state, "germany", "denmark", "a test's alliance")
    lose_denmark(game.state)
    game.act("germany", {"type": "asylum", "grant": True})
    assert game.state["empires"]["denmark"]["demise"] == demise.EXILE
    assert game.state["empires"]["denmark"]["exile"]["host"] == "germany"


def test_33_64_nobody_grants_asylum_the_empire_is_dismantled_its_claims_stay(game: Game) -> None:
    state = game.state
    state["areas"]["norway"]["ties"]["denmark"] = 2
    state["empires"]["denmark"]["held"] = ["diplomatic_coup"]
    claims = list(state["empires"]["denmark"]["claims"])
    lose_denmark(state)
    game.act("germany", {"type": "asylum", "grant": False})
    game.act("byzantine", {"type": "asylum", "grant": False})
    denmark = game.state["empires"]["denmark"]
    assert denmark["demise"] == demise.DISMANTLED and denmark["claims"] == claims == ["norway"]
    assert denmark["gold"] == 0 and denmark["held"] == []
    assert "diplomatic_coup" in game.state["event_discard"]
    assert "denmark" not in game.state["areas"]["norway"]["ties"]
    assert not board.areas_of(game.state, "denmark") and not demise.in_play(game.state, "denmark")


def test_33_64_a_dismantled_empire_reappears_in_place_of_a_magnate(game: Game) -> None:
    game.state["empires"]["denmark"]["leader"] = {"administrative": 9, "combat": 9, "diplomatic": 9}
    lose_denmark(game.state)
    game.act("germany", {"type": "asylum", "grant": False})
    game.act("byzantine", {"type": "asylum", "grant": False})
    state = game.state
    rebel(state, "scania", "germany")  # possessed by Denmark at the start, Norse and Catholic
    denmark = state["empires"]["denmark"]
    assert denmark["demise"] is None and denmark["status"] == board.INDEPENDENT
    assert denmark["court"] == "scania" and denmark["gold"] == demise.REAPPEARING_GOLD == 6
    assert state["areas"]["scania"]["owner"] == "denmark"
    assert any("stature check on 3-3-3" in line for line in state["log"])
    faces = [r["result"] for r in state["rolls"] if r["purpose"].startswith("stature check for denmark")][-1]
    row3 = load_tables().stature_by_current[3]  # issue 28 point 3: row 3, whatever its last leader (9-9-9) was
    new = [row3[f - 1] for f in faces]
    assert denmark["leader"] == dict(zip(("administrative", "combat", "diplomatic"), new, strict=True))


def test_33_64_no_reappearance_where_it_never_ruled_or_in_another_language(game: Game) -> None:
    lose_denmark(game.state)
    game.act("germany", {"type": "asylum", "grant": False})
    game.act("byzantine", {"type": "asylum", "grant": False})
    state = game.state
    state["areas"]["norway"]["religion"] = "catholic"  # Norse Catholic, but never Denmark's
    rebel(state, "norway", "germany")
    rebel(state, "saxony", "byzantine")  # Denmark held it never, and it is German
    assert state["areas"]["norway"]["owner"] is None and state["areas"]["saxony"]["owner"] is None
    assert state["empires"]["denmark"]["demise"] == demise.DISMANTLED


def test_21_a_player_without_an_area_of_its_language_and_religion_goes_into_exile(game: Game) -> None:
    state = game.state
    for aid in (*GERMAN, "lorraine", "brandenburg", "friesland"):
        state["areas"][aid]["owner"] = "byzantine"
    state["current"], state["turn_index"] = "germany", 0
    demise.court_lost(state, "germany")
    germany = state["empires"]["germany"]
    assert germany["demise"] == demise.EXILE and germany["exile"]["host"] is None
    assert state["current"] is None and state["turn_index"] == 1  # its turn ends at once
    assert board.areas_of(state, "germany") == ["lombardy", "tuscany"]  # it keeps what it holds
    assert not demise.in_play(state, "germany")


def test_21_an_exile_takes_no_place_in_the_next_round(game: Game) -> None:
    state = game.state
    for aid in (*GERMAN, "lorraine", "brandenburg", "friesland"):
        state["areas"][aid]["owner"] = "byzantine"
    demise.court_lost(state, "germany")
    state.update(phase="round", current=None)
    game.ruleset.advance(state)
    assert "germany" not in state["order"] and "germany" not in state["picking"]
    assert game.view("germany")["actions"] == []


def test_21_3_a_magnate_in_an_area_of_its_language_and_religion_ends_exile(game: Game) -> None:
    state = game.state
    for aid in (*GERMAN, "lorraine", "brandenburg", "friesland"):
        state["areas"][aid]["owner"] = "byzantine"
    demise.court_lost(state, "germany")
    rebel(state, "bavaria", "byzantine")
    germany = state["empires"]["germany"]
    assert germany["court"] == "bavaria" and germany["demise"] is None
    assert demise.in_play(state, "germany")


def test_21_3_the_area_does_not_rise_for_the_empire_it_rebelled_against(game: Game) -> None:
    state = game.state
    for aid in ("franconia", "swabia", "bavaria", "rhineland", "austria", "lorraine", "brandenburg", "friesland"):
        state["areas"][aid]["owner"] = "byzantine"
    rebel(state, "saxony", "germany")  # Germany's Court rebels: exile, and Saxony stays independent
    assert state["empires"]["germany"]["demise"] == demise.EXILE
    assert state["areas"]["saxony"]["owner"] is None


def test_33_29_a_player_moves_its_court_before_any_exile(game: Game) -> None:
    state = game.state
    state["areas"]["saxony"]["owner"] = None
    demise.court_lost(state, "germany")
    assert state["empires"]["germany"]["court"] in GERMAN and demise.demise_of(state, "germany") is None


def test_33_6_an_independent_loses_its_court_to_a_players_conquest_in_play(game: Game) -> None:
    """The engine path: the Court falls to a conquest, the question opens, the conqueror's turn resumes after."""
    state = game.state
    state["areas"]["scania"]["owner"] = None
    state.update(phase="turn", current="germany", picking=[])
    cards = [{"id": f"x{i}", "fortune": 8, "stature_check": False} for i in range(6)]
    state["empires"]["germany"]["year_cards"] = cards
    state["empires"]["denmark"]["year_cards"] = []
    plan = independent.Plan(0, "conquest", "denmark", "saxony", 40, 0)
    while state["areas"]["denmark"]["owner"] == "denmark" and state["empires"]["germany"]["year_cards"]:
        independent.attempt(state, "germany", plan)  # partial C results (rewrite 10.3) until it falls
    assert state["areas"]["denmark"]["owner"] == "germany"
    assert game.view("gm")["acting"] == ["germany", "byzantine"]
    game.act("germany", {"type": "asylum", "grant": False})
    game.act("byzantine", {"type": "asylum", "grant": False})
    assert game.view("gm")["acting"] == ["germany"]
    assert "denmark" in game.state["empires"]["germany"]["ever"]


def test_33_61_a_second_court_falling_waits_for_the_first_question(game: Game) -> None:
    state = game.state
    lose_denmark(state)
    state["areas"]["pomerania"]["owner"] = None
    state["areas"]["greater_poland"]["owner"] = "germany"
    demise.court_lost(state, "poland")
    assert state["asylum"]["empire"] == "denmark" and state["asylum_queue"][0]["empire"] == "poland"
    game.act("germany", {"type": "asylum", "grant": False})
    game.act("byzantine", {"type": "asylum", "grant": False})
    assert game.state["asylum"]["empire"] == "poland"
    assert game.view("byzantine")["empires"]["denmark"]["demise"] == demise.DISMANTLED
    game.act("germany", {"type": "asylum", "grant": False})
    game.act("byzantine", {"type": "asylum", "grant": True})
    assert game.state.get("asylum") is None and game.state["control"]["poland"] == "byzantine"
