"""RR3 Control's audited editor (RR3-G04): the ruler, regency and team of a state, a character's team, played flag,
state and name, the holder of a card; every change an action recorded with who, when and why, seen by the control
team only, and replayed exactly."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tests.rr3.rr3fixtures import fixture_game

from umpire.games.rr3.desks import armies
from umpire.kernel.canonical import canonical_json
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game, replay

CC = "character_control"


def esc(text: str) -> str:
    return re.escape(text)


def edit(game: Game, target: str, key: str, field: str, value: Any, role: str = CC, **more: Any) -> dict[str, Any]:
    game.act(role, {"type": "adjust", "target": target, "key": key, "field": field, "value": value, **more})
    entry: dict[str, Any] = game.state["adjustments"][-1]
    return entry


def test_control_the_ruler_of_a_state_is_set_and_the_change_is_logged_for_control_only() -> None:
    game = fixture_game(seed=4)
    entry = edit(game, "states", "spain", "ruler", "ruler_of_austria", who="Anna", why="Charles V's will")
    assert game.state["states"]["spain"]["ruler"] == "ruler_of_austria"
    assert entry | {"turn": 1, "phase": 1} == {
        "turn": 1,
        "phase": 1,
        "role": CC,
        "who": "Anna",
        "why": "Charles V's will",
        "target": "states",
        "key": "spain",
        "field": "ruler",
        "before": "ruler_of_spain",
        "after": "ruler_of_austria",
    }
    assert entry in game.view(CC)["control"]["adjustments"]
    assert "Charles V's will" not in str(game.view("france"))
    assert "Charles V's will" in str(game.view("habsburgs"))  # the team concerned hears of it privately


def test_control_bad_edits_are_named_precisely() -> None:
    game = fixture_game(seed=4)
    with pytest.raises(IllegalAction, match="an adjustment needs 'why'"):
        edit(game, "states", "spain", "ruler", "ruler_of_austria")
    with pytest.raises(
        IllegalAction, match=esc("only Character Control or Game Control may set states.ruler; you are Map")
    ):
        edit(game, "states", "spain", "ruler", "ruler_of_austria", role="map_control", why="x")
    with pytest.raises(
        IllegalAction, match=esc("states.ruler must be a character id or null; there is no character 'x'")
    ):
        edit(game, "states", "spain", "ruler", "x", why="x")
    game.state["characters"]["ruler_of_milan"]["alive"] = False
    with pytest.raises(IllegalAction, match=esc("cards.holder cannot be 'ruler_of_milan': ruler_of_milan is dead")):
        edit(game, "cards", "spain_loan_card", "holder", "ruler_of_milan", why="x")
    with pytest.raises(IllegalAction, match=esc("characters.team must be a team id or null; there is no team 'spain'")):
        edit(game, "characters", "ruler_of_austria", "team", "spain", why="x")
    with pytest.raises(IllegalAction, match="there is no card 'nope' in cards"):
        edit(game, "cards", "nope", "holder", None, why="x")
    assert game.state["adjustments"] == []


def test_control_a_state_a_character_and_a_card_change_team_with_their_lists() -> None:
    game = fixture_game(seed=4)
    edit(game, "states", "austria", "team", None, why="Austria passes to the Estates")
    assert game.state["states"]["austria"]["played"] is False and game.state["states"]["austria"]["team"] is None
    assert "austria" not in game.state["teams"]["habsburgs"]["states"] and game.state["control"]["austria"] == "engine"
    edit(game, "states", "austria", "team", "princes", why="Bavaria buys it")
    assert game.state["states"]["austria"]["played"] and "austria" in game.state["teams"]["princes"]["states"]
    assert game.state["control"]["austria"] == "princes"
    edit(game, "characters", "ruler_of_austria", "team", "princes", why="changes sides")
    assert "ruler_of_austria" in game.state["teams"]["princes"]["characters"]
    assert "ruler_of_austria" not in game.state["teams"]["habsburgs"]["characters"]
    edit(game, "cards", "spain_loan_card", "holder", "ruler_of_austria", why="the loan follows the Archduke")
    card = game.state["cards"]["spain_loan_card"]
    assert (card["holder"], card["team"]) == ("ruler_of_austria", "princes")
    assert "spain_loan_card" in game.state["teams"]["princes"]["cards"]
    assert "spain_loan_card" not in game.state["teams"]["habsburgs"]["cards"]
    edit(game, "characters", "ruler_of_austria", "played", False, why="the player went home")
    assert game.state["characters"]["ruler_of_austria"]["played"] is False
    edit(game, "states", "austria", "regency", True, role="gm", why="the Archduke is ill")
    edit(game, "states", "austria", "regent", "ruler_of_bavaria", role="gm", why="the Archduke is ill")
    assert game.state["states"]["austria"]["regent"] == "ruler_of_bavaria"


def test_control_editor_in_the_1524_game_replays_exactly() -> None:
    game = new_game("rr3", "1524", {}, seed=8)
    edit(game, "states", "spain", "ruler", "ferdinand", who="Anna", why="Charles abdicates")
    edit(game, "characters", "charles_v", "state", None, why="retires to Yuste")
    edit(game, "characters", "anne_of_bohemia", "name", "Anna Jagellonica", why="the name on her card")
    assert [a["field"] for a in game.state["adjustments"]] == ["ruler", "state", "name"]
    assert canonical_json(replay(game.record).state) == canonical_json(game.state)


# --- permissions (RR3-L03) ---


def test_control_the_editor_sets_a_states_permissions_audited() -> None:
    """Handbook, *Raising an army*: "No troops may be recruited in the home areas of other played countries without
    their permission"; *Navies*: "Fleets may only enter ports with the permission of the owning player". Control's
    editor sets both as an adjustment with who and why (issue 19, point 1: "permissions")."""
    game = fixture_game(seed=4)
    pc = "political_control"
    entry = edit(game, "states", "spain", "permits", "lombardy, ile_de_france", role=pc, who="Mona", why="the treaty")
    assert game.state["states"]["spain"]["permits"] == ["ile_de_france", "lombardy"]
    assert (entry["before"], entry["after"], entry["who"], entry["role"]) == (
        [],
        ["ile_de_france", "lombardy"],
        "Mona",
        pc,
    )
    assert "lombardy" in armies.raising_areas(game.state, "spain")
    edit(game, "states", "spain", "permits", [], role=pc, why="France withdrew it")
    assert game.state["states"]["spain"]["permits"] == []
    assert "lombardy" not in armies.raising_areas(game.state, "spain")
    entry = edit(game, "states", "genoa", "port_access", ["england"], role="nonplayed_control", why="bribed")
    assert game.state["port_access"]["genoa"] == ["england"] and (entry["before"], entry["after"]) == ([], ["england"])
    with pytest.raises(IllegalAction, match=esc("spain: castile is spain's own home area; it needs no permission")):
        edit(game, "states", "spain", "permits", "castile", role=pc, why="x")
    with pytest.raises(IllegalAction, match=esc("'atlantis' is no state's home area; expected other states' home")):
        edit(game, "states", "spain", "permits", "atlantis", role=pc, why="x")
    with pytest.raises(IllegalAction, match=esc("'genoa' is not another state; expected the ids of the states")):
        edit(game, "states", "genoa", "port_access", "genoa", role=pc, why="x")
    with pytest.raises(IllegalAction, match=esc("names the same id twice")):
        edit(game, "states", "spain", "permits", "lombardy, lombardy", role=pc, why="x")
    with pytest.raises(IllegalAction, match=esc("only Character Control or Political Control or Non-played States")):
        edit(game, "states", "spain", "permits", "lombardy", role="map_control", why="x")
    with pytest.raises(IllegalAction, match=esc("states.port_access of genoa is already ['england']; nothing")):
        edit(game, "states", "genoa", "port_access", "england", role=pc, why="x")
    assert len(game.state["adjustments"]) == 3
