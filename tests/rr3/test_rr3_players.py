"""RR3 players inside teams (issue 19, point 2; rulings RR3-K01 to RR3-K04).

Handbook, *Introduction*: "the brief covers personal as well as team matters it is confidential to **you** and should
not be shown to any other player"; *The Financial System*: revenue cards "are labelled by player and can only be
played by the owning player"; *The Player Teams*: each team's list of characters, one player each; *Death*: "A player
who dies will become their heir"."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from umpire.games.rr3 import desk, players
from umpire.games.rr3.rules import RULESET
from umpire.games.rr3.scenario import check_scenario, load_scenario
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game

ELECTORS = ["frederick_iii_saxony", "joachim_i", "louis_v_palatinate", "louis_ii", "albert_of_mainz"]


def game_1524(**options: Any) -> Game:
    return new_game("rr3", "1524", options, seed=5)


def text(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def personal(cid: str) -> str:
    """The scenario's personal brief of played character ``cid``."""
    found = [t["personal"][cid] for t in load_scenario()["teams"].values() if cid in t["personal"]]
    assert len(found) == 1
    return str(found[0])


def cards_of(game: Game, cid: str) -> list[str]:
    return sorted(c for c, card in game.state["cards"].items() if card["holder"] == cid)


def test_teams_each_played_character_of_the_handbook_is_a_seat_of_its_own() -> None:
    """*The Player Teams*: the five Electors are five players, the Habsburgs six; Venice one."""
    game = game_1524()
    seats = RULESET.seats(game.state)
    assert seats[:3] == ["henry_viii", "wolsey", "suffolk"]
    assert [s for s in seats if players.team_of(game.state, s) == "electors"] == ELECTORS
    assert len([s for s in seats if players.team_of(game.state, s) == "habsburgs"]) == 6
    assert "andrea_gritti" in seats and "electors" not in seats and "venice" not in seats
    assert seats[-5:] == list(desk.CONTROL_SEATS)
    # the team roles stay roles of the engine (command line, scripted games) but are no seat (RR3-K02)
    assert "electors" in RULESET.roles(game.state)


def test_teams_the_teams_option_gives_one_seat_per_team() -> None:
    game = game_1524(seats="teams")
    assert RULESET.seats(game.state) == [*desk.TEAMS, *desk.CONTROL_SEATS]
    assert "joachim_i" not in RULESET.roles(game.state)


def test_teams_an_elector_sees_his_own_brief_and_cards_and_nothing_of_another_electors() -> None:
    """The leak this issue reported: the five Electors saw each other's briefs and cards."""
    game = game_1524()
    frederick, joachim = game.view("frederick_iii_saxony"), game.view("joachim_i")
    whole = text(frederick)
    for secret in [personal("joachim_i"), *cards_of(game, "joachim_i"), *cards_of(game, "albert_of_mainz")]:
        assert secret not in whole
    assert personal("frederick_iii_saxony") in whole
    mine = cards_of(game, "frederick_iii_saxony")
    assert mine and sorted(c["id"] for c in frederick["team"]["cards"]) == mine
    assert frederick["team"]["card_ids"] == [c for c in game.state["teams"]["electors"]["cards"] if c in mine]
    assert list(frederick["team"]["players"]) == ["frederick_iii_saxony"]
    # what the team shares is seen by both: the states' treasuries, the team's brief
    for view in (frederick, joachim):
        assert (
            view["team"]["states_private"]["brandenburg"]["treasury"] == game.state["states"]["brandenburg"]["treasury"]
        )
        assert view["team"]["brief"]["confidential"] == game.state["teams"]["electors"]["brief"]["confidential"]
    assert personal("frederick_iii_saxony") not in text(joachim)


def test_teams_the_team_seat_and_the_control_team_see_every_players_brief() -> None:
    game = game_1524(seats="teams")
    team = text(game.view("electors"))
    umpire = text(game.view(desk.CHARACTER))
    for cid in ELECTORS:
        assert personal(cid) in team and personal(cid) in umpire
        assert all(c in team for c in cards_of(game, cid))


def test_teams_who_plays_whom_is_public() -> None:
    game = game_1524()
    seen = game.view("observer")["players"]
    assert seen["joachim_i"] == {"team": "electors", "character": "joachim_i", "n": 2}
    assert personal("joachim_i") not in text(game.view("observer"))


def test_teams_a_player_chooses_among_his_own_cards_only() -> None:
    game = game_1524()
    [form] = [f for f in game.view("joachim_i")["actions"] if f["type"] == "play_card"]
    [card] = [f for f in form["fields"] if f["name"] == "card"]
    assert card["choices"] and set(card["choices"]) <= set(cards_of(game, "joachim_i"))
    # Joachim holds no Persuasion card (Albert of Mainz does): the form offers none
    assert all(not f["choices"] for f in form["fields"] if f["name"] == "persuasion")


def test_teams_playing_another_members_card_is_refused_and_an_own_card_is_played_for_the_team() -> None:
    """*The Financial System*: "can only be played by the owning player"."""
    game = game_1524()
    theirs = next(c for c in cards_of(game, "joachim_i") if "subsidy" in c)
    with pytest.raises(IllegalAction, match=rf"card {theirs} is held by .*seat joachim_i.*only by its holder"):
        game.act("frederick_iii_saxony", {"type": "play_card", "card": theirs})
    persuasion = next(c for c in cards_of(game, "albert_of_mainz") if "persuasion" in c)
    mine = next(c for c in cards_of(game, "frederick_iii_saxony") if "subsidy" in c)
    with pytest.raises(IllegalAction, match=rf"card {persuasion} is held by"):
        game.act("frederick_iii_saxony", {"type": "play_card", "card": mine, "persuasion": persuasion})
    game.act("joachim_i", {"type": "play_card", "card": theirs})
    [item] = [i for i in desk.pending(game.state, desk.MAP) if i["kind"] == "play_card"]
    assert item["team"] == "electors" and item["player"] == "joachim_i" and item["params"]["card"] == theirs
    # the play is Joachim's: Frederick's view does not show it, the team seat's does
    assert theirs not in text(game.view("frederick_iii_saxony"))
    assert theirs in text(game.view("joachim_i")) and theirs in text(game.view("electors"))


def test_teams_a_team_seat_still_plays_any_card_of_its_team() -> None:
    game = game_1524(seats="teams")
    card = next(c for c in cards_of(game, "joachim_i") if "subsidy" in c)
    game.act("electors", {"type": "play_card", "card": card})
    assert [i["params"]["card"] for i in desk.pending(game.state, desk.MAP) if i["kind"] == "play_card"] == [card]


def test_teams_the_heir_takes_the_dead_players_seat_with_his_cards() -> None:
    """*Death*: "A player who dies will become their heir": Francis I dies; the Dauphin (six) succeeds under a
    regency, and the seat of Francis's player now plays him, with Francis's cards (RR3-K04)."""
    game = game_1524()
    for c in game.state["characters"].values():
        c["death_number"] = 1
    game.state["characters"]["francis_i"]["death_number"] = 12
    held = cards_of(game, "francis_i")
    rolls = next(i for i in desk.pending(game.state, desk.CHARACTER) if i["kind"] == "death_rolls")
    game.act(desk.CHARACTER, {"type": "settle", "item": rolls["id"], "who": "Cy"})
    assert players.character_of(game.state, "francis_i") == "dauphin_francis"
    view = game.view("francis_i")
    assert view["players"]["francis_i"]["character"] == "dauphin_francis"
    assert sorted(c["id"] for c in view["team"]["cards"]) == held
    assert all(c not in text(game.view("bonnivet")) for c in held)
    card = next(c for c in held if "subsidy" in c)
    with pytest.raises(IllegalAction, match="only by its holder"):
        game.act("bonnivet", {"type": "play_card", "card": card})
    game.act("francis_i", {"type": "play_card", "card": card})


def test_teams_a_player_given_a_new_character_plays_it_from_the_same_seat() -> None:
    """Charles V dies without a son and Ferdinand (played already) takes Spain: Charles's player is given a new
    character, whom the seat then plays (RR3-K04)."""
    game = game_1524()
    for c in game.state["characters"].values():
        c["death_number"] = 1
    game.state["characters"]["charles_v"]["death_number"] = 12
    rolls = next(i for i in desk.pending(game.state, desk.CHARACTER) if i["kind"] == "death_rolls")
    game.act(desk.CHARACTER, {"type": "settle", "item": rolls["id"], "who": "Cy"})
    choice = next(i for i in desk.pending(game.state, desk.CHARACTER) if i["kind"] == "succession")
    game.act(desk.CHARACTER, {"type": "settle", "item": choice["id"], "who": "Cy", "heir": "ferdinand"})
    assert cards_of(game, "charles_v") == [] and players.character_of(game.state, "ferdinand") == "ferdinand"
    new = next(i for i in desk.pending(game.state, desk.CHARACTER) if i["kind"] == "new_character")
    fields = {"id": "philip_of_spain", "name": "Philip of Spain", "sex": "M", "born": 1500}
    game.act(desk.CHARACTER, {"type": "settle", "item": new["id"], "who": "Cy", **fields})
    assert players.character_of(game.state, "charles_v") == "philip_of_spain"
    assert game.view("observer")["players"]["charles_v"]["character"] == "philip_of_spain"
    assert players.team_of(game.state, "charles_v") == "habsburgs"


def test_teams_a_scenario_personal_brief_must_name_a_played_character_of_the_team() -> None:
    data = json.loads(resources.files("umpire.games.rr3").joinpath("data/scenario1524.json").read_text())
    data["teams"]["electors"]["brief"]["personal"]["wolsey"] = "Not an elector."
    with pytest.raises(IllegalAction, match="personal: 'wolsey' is not a played character of the team"):
        check_scenario(data)
