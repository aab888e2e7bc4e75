"""Control tools: adjustments (recorded with who and why), announcements, military steps and ending a phase."""

from __future__ import annotations

from typing import Any

import pytest
from tests.rr3.rr3fixtures import bare_registry, fixture_game, treasury

from umpire.games.rr3 import desk
from umpire.games.rr3.geography import map1524
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game


@pytest.fixture
def game(monkeypatch: pytest.MonkeyPatch) -> Game:
    bare_registry(monkeypatch)
    return fixture_game(seed=3)


def to_phase(game: Game, phase: int) -> None:
    while game.state["phase"] != phase:
        game.act("gm", {"type": "resolve"})


# --- adjust -----------------------------------------------------------------------------------------------------


def test_control_adjust_sets_a_value_and_records_who_why_before_and_after(game: Game) -> None:
    game.act(
        "map_control",
        {
            "type": "adjust",
            "target": "states",
            "key": "france",
            "field": "treasury",
            "value": 4,
            "why": "miscount",
            "who": "Dave",
        },
    )
    assert game.state["states"]["france"]["treasury"] == 4
    entry = game.state["adjustments"][-1]
    assert entry == {
        "turn": 1,
        "phase": 1,
        "role": "map_control",
        "who": "Dave",
        "why": "miscount",
        "target": "states",
        "key": "france",
        "field": "treasury",
        "before": treasury("france"),
        "after": 4,
    }
    line = game.state["journal"][-1]
    assert line["team"] == "france" and not line["public"]
    assert "miscount" in line["text"] and "Dave" in line["text"]


def test_control_adjust_by_delta_and_other_targets(game: Game) -> None:
    game.act(
        "gm",
        {
            "type": "adjust",
            "target": "armies",
            "key": "france_1",
            "field": "men",
            "delta": -3000,
            "why": "battle losses",
        },
    )
    assert game.state["armies"]["france_1"]["men"] == 17000
    game.act(
        "religious_control",
        {"type": "adjust", "target": "teams", "key": "papacy", "field": "heavenly", "delta": 2, "why": "pious acts"},
    )
    assert game.state["teams"]["papacy"]["heavenly"] == 2
    assert game.state["journal"][-1]["team"] == "papacy"
    game.act(
        "map_control",
        {
            "type": "adjust",
            "target": "areas",
            "key": "lower_austria",
            "field": "minority",
            "value": None,
            "why": "purged",
        },
    )
    assert game.state["areas"]["lower_austria"]["minority"] is None
    game.act(
        "character_control",
        {
            "type": "adjust",
            "target": "characters",
            "key": "ruler_of_england",
            "field": "spouse",
            "value": "ruler_of_france",
            "why": "test",
        },
    )
    assert game.state["characters"]["ruler_of_england"]["spouse"] == "ruler_of_france"
    game.act(
        "map_control",
        {
            "type": "adjust",
            "target": "fleets",
            "key": "england_fleet",
            "field": "damaged",
            "value": True,
            "why": "storm",
        },
    )
    assert game.state["fleets"]["england_fleet"]["damaged"] is True
    game.act(
        "map_control",
        {
            "type": "adjust",
            "target": "cities",
            "key": "london_city",
            "field": "owner",
            "value": "france",
            "why": "taken",
        },
    )
    assert game.state["journal"][-1]["team"] == "france"
    assert [a["target"] for a in game.state["adjustments"]] == [
        "armies",
        "teams",
        "areas",
        "characters",
        "fleets",
        "cities",
    ]


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"target": "states", "key": "france", "field": "treasury", "value": 4}, "needs 'why'"),
        ({"target": "states", "key": "france", "field": "treasury", "value": 4, "why": "  "}, "needs 'why'"),
        ({"target": "bank", "key": "france", "field": "treasury", "value": 4, "why": "x"}, "'target' must be one of"),
        ({"target": "states", "key": "atlantis", "field": "treasury", "value": 4, "why": "x"}, "no state 'atlantis'"),
        ({"target": "armies", "key": "x_9", "field": "men", "value": 4, "why": "x"}, "no army 'x_9'"),
        (
            {"target": "states", "key": "france", "field": "religion", "value": "x", "why": "x"},
            "adjustable fields of states: treasury, debt, unrest",
        ),
        (
            {"target": "states", "key": "france", "field": "treasury", "value": "4", "why": "x"},
            "states.treasury must be a whole number",
        ),
        ({"target": "states", "key": "france", "field": "treasury", "value": -1, "why": "x"}, "cannot be -1"),
        ({"target": "armies", "key": "france_1", "field": "fatigue", "value": 6, "why": "x"}, "from 0 to 5"),
        ({"target": "states", "key": "france", "field": "treasury", "why": "x"}, "exactly one of 'value'"),
        (
            {"target": "states", "key": "france", "field": "treasury", "value": 1, "delta": 1, "why": "x"},
            "exactly one of 'value'",
        ),
        ({"target": "areas", "key": "london", "field": "revolt", "delta": 1, "why": "x"}, "not a number"),
        ({"target": "areas", "key": "london", "field": "revolt", "value": 1, "why": "x"}, "true or false"),
        ({"target": "areas", "key": "london", "field": "owner", "value": "atlantis", "why": "x"}, "no state"),
        ({"target": "areas", "key": "london", "field": "religion", "value": "pagan", "why": "x"}, "catholic"),
        ({"target": "areas", "key": "london", "field": "owner", "value": None, "why": "x"}, "cannot be empty"),
        ({"target": "armies", "key": "france_1", "field": "area", "value": "atlantis", "why": "x"}, "no area"),
        ({"target": "states", "key": "france", "field": "unrest", "value": 1, "why": "x"}, "already 1"),
        ({"target": "states", "key": "france", "field": "unrest", "delta": 0, "why": "x"}, "non-zero"),
    ],
)
def test_control_adjust_errors_are_precise(game: Game, action: dict[str, Any], message: str) -> None:
    before = game.state
    with pytest.raises(IllegalAction, match=message):
        game.act("map_control", {"type": "adjust", **action})
    assert game.state is before
    assert game.state["adjustments"] == []


def test_control_only_the_control_team_adjusts(game: Game) -> None:
    action = {"type": "adjust", "target": "states", "key": "france", "field": "treasury", "value": 99, "why": "x"}
    with pytest.raises(IllegalAction, match="only the control team"):
        game.act("france", action)
    with pytest.raises(IllegalAction, match="observer cannot act"):
        game.act("observer", action)


# --- announce ---------------------------------------------------------------------------------------------------


def test_control_announcements_are_numbered_and_public(game: Game) -> None:
    game.act("gm", {"type": "announce", "text": "The Emperor summons a Diet at Worms", "who": "Jim"})
    game.act("political_control", {"type": "announce", "text": "A treaty is registered"})
    board = game.view("observer")["announcements"]
    assert [(a["id"], a["role"], a["text"]) for a in board] == [
        ("a1", "gm", "The Emperor summons a Diet at Worms"),
        ("a2", "political_control", "A treaty is registered"),
    ]
    assert board[0]["who"] == "Jim"
    with pytest.raises(IllegalAction, match="needs 'text'"):
        game.act("gm", {"type": "announce", "text": ""})
    with pytest.raises(IllegalAction, match="only the control team"):
        game.act("england", {"type": "announce", "text": "England is great"})


# --- steps and resolve ------------------------------------------------------------------------------------------


def test_control_next_step_walks_the_military_phase(game: Game) -> None:
    to_phase(game, 2)
    assert game.state["step"] == "pay"
    game.act("map_control", {"type": "next_step"})
    assert game.state["step"] == "move1"
    game.act("gm", {"type": "next_step"})
    game.act("map_control", {"type": "next_step"})
    assert game.state["step"] == "done"
    steps = [c[3:] for c in game.state["calls"] if c[0] == "step"]
    assert steps == [["pay", "move1"], ["move1", "move2"], ["move2", "done"]]
    with pytest.raises(IllegalAction, match="last step"):
        game.act("map_control", {"type": "next_step"})


def test_control_next_step_errors(game: Game) -> None:
    with pytest.raises(IllegalAction, match="phase 1 is not a military phase"):
        game.act("map_control", {"type": "next_step"})
    to_phase(game, 2)
    with pytest.raises(IllegalAction, match="only Map Control or Game Control"):
        game.act("political_control", {"type": "next_step"})
    with pytest.raises(IllegalAction, match="only Map Control or Game Control"):
        game.act("france", {"type": "next_step"})


def test_control_resolve_finishes_the_steps_then_ends_the_phase(game: Game) -> None:
    to_phase(game, 2)
    game.act("map_control", {"type": "next_step"})
    start = len(game.state["calls"])
    game.act("gm", {"type": "resolve"})
    calls = game.state["calls"][start:]
    assert calls == [
        ["step", 1, 2, "move1", "move2"],
        ["step", 1, 2, "move2", "done"],
        ["end", 1, 2, "done"],
        ["start", 1, 3, "pay"],
    ]
    assert (game.state["phase"], game.state["step"]) == (3, "pay")


def test_control_resolve_after_phase_6_opens_the_next_turn(game: Game) -> None:
    to_phase(game, 6)
    game.act("gm", {"type": "resolve"})
    assert (game.state["turn"], game.state["phase"], game.state["step"]) == (2, 1, None)
    assert game.state["calls"][-2:] == [["end", 1, 6, None], ["start", 2, 1, None]]
    assert game.view("observer")["phase_seconds"] == 600


def test_control_only_game_control_resolves(game: Game) -> None:
    for role in ("map_control", "france"):
        with pytest.raises(IllegalAction, match=r"only Game Control \(gm\)"):
            game.act(role, {"type": "resolve"})


# --- the desk framework ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (None, "missing 'n'"),
        ("3", "must be a whole number"),
        (True, "must be a whole number"),
        (0, "at least 1"),
        (7, "at most 6"),
    ],
)
def test_control_check_fields_int(value: Any, message: str) -> None:
    field = desk.Field("n", "Number", "int", minimum=1, maximum=6)
    with pytest.raises(IllegalAction, match=message):
        desk.check_fields([field], {"n": value}, {})
    desk.check_fields([field], {"n": 6}, {})


def test_control_check_fields_choice_multi_bool_text() -> None:
    fields = [
        desk.Field("pick", "Pick", "choice", ("a", "b")),
        desk.Field("many", "Many", "multi"),
        desk.Field("flag", "Flag", "bool", required=False),
        desk.Field("note", "Note", required=False),
    ]
    choices = {"many": ["x", "y"]}
    desk.check_fields(fields, {"pick": "a", "many": ["y"]}, choices)
    with pytest.raises(IllegalAction, match="cannot be 'c'; expected one of: a, b"):
        desk.check_fields(fields, {"pick": "c", "many": []}, choices)
    with pytest.raises(IllegalAction, match="list drawn from: x, y"):
        desk.check_fields(fields, {"pick": "a", "many": ["z"]}, choices)
    with pytest.raises(IllegalAction, match="true or false"):
        desk.check_fields(fields, {"pick": "a", "many": [], "flag": "yes"}, choices)
    with pytest.raises(IllegalAction, match="must be text"):
        desk.check_fields(fields, {"pick": "a", "many": [], "note": 5}, choices)


def test_control_registration_is_checked(game: Game) -> None:
    with pytest.raises(ValueError, match="registered twice"):
        desk.request("petition", desk=desk.POLITICAL, label="Again")(lambda state, role, action: {"title": ""})
    with pytest.raises(ValueError, match="unknown desk"):
        desk.request("other", desk="treasury", label="Other")
    with pytest.raises(ValueError, match="no settler"):
        desk.open_item(game.state, desk=desk.MAP, kind="unheard_of", title="x")


def test_control_journal_lines_carry_the_clock_and_their_dice(game: Game) -> None:
    to_phase(game, 2)
    line = desk.journal(game.state, "Test", "text", team="france", dice=[{"n": 1, "result": 3}])
    assert line == {
        "turn": 1,
        "phase": 2,
        "step": "pay",
        "title": "Test",
        "text": "text",
        "public": False,
        "team": "france",
        "dice": [{"n": 1, "result": 3}],
    }
    assert game.state["journal"][-1] is line


def test_control_the_game_map_is_the_states_map_data_or_the_map_of_1524(game: Game) -> None:
    assert "london" in desk.geography(game.state).areas
    assert desk.geography({}) is map1524()
