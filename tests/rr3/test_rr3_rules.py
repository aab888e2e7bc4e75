"""The rr3 ruleset on the kernel contract: registry, setup, seats, dispatch of actions, precise errors, replay."""

from __future__ import annotations

import pytest
from tests.rr3.rr3fixtures import bare_registry, fixture_game, text_of

from umpire.games.rr3 import desk
from umpire.games.rr3.desk import team_of
from umpire.games.rr3.rules import RULESET, SEATS
from umpire.kernel import registry
from umpire.kernel.canonical import canonical_json
from umpire.kernel.errors import IllegalAction
from umpire.kernel.game import Game, new_game, replay


@pytest.fixture
def game(monkeypatch: pytest.MonkeyPatch) -> Game:
    bare_registry(monkeypatch)
    return fixture_game(seed=11)


def test_teams_the_registry_lists_rr3() -> None:
    names = [r.info.name for r in registry.available()]
    assert "rr3" in names
    rules = registry.get("rr3")
    assert rules is RULESET
    assert rules.info.title == "Renaissance and Reformation III"
    assert rules.info.seed == "004"
    assert [s.name for s in rules.info.scenarios] == ["1524"]
    assert {o.name: o.default for o in rules.info.options} == {
        "first_turn_long": True,
        "seats": "players",
        "mountains": "passes",
        "candidates": "any_male",
        "minority_revolts": "triggered",
        "unrest": "public",
        "mutiny": "rule",
    }


def test_teams_seats_are_the_eleven_teams_then_the_five_desks() -> None:
    """With the ``seats`` option ``teams`` (RR3-K02; the default, a seat per player: test_rr3_players.py)."""
    game = new_game("rr3", "1524", {"seats": "teams"}, seed=1)
    assert RULESET.seats(game.state) == list(SEATS)
    assert RULESET.seats(game.state)[:11] == [
        "england",
        "france",
        "habsburgs",
        "electors",
        "princes",
        "papacy",
        "lutherans",
        "venice",
        "florence",
        "milan",
        "denmark",
    ]
    assert RULESET.seats(game.state)[11:] == [
        "map_control",
        "political_control",
        "religious_control",
        "character_control",
        "nonplayed_control",
    ]
    assert RULESET.roles(game.state)[-2:] == ["gm", "observer"]
    assert team_of(game.state, "france") == "france"
    assert team_of(game.state, "map_control") is None
    assert team_of(game.state, "gm") is None
    assert team_of(game.state, "observer") is None


def test_turn_sequence_a_new_game_opens_turn_1_phase_1() -> None:
    game = new_game("rr3", seed=2, options={"first_turn_long": False})
    s = game.state
    assert (s["turn"], s["phase"], s["step"], s["over"]) == (1, 1, None, False)
    assert s["clock"]["timetable"][0] == [10] * 6
    for key in ("items", "adjustments", "announcements", "journal", "teams", "states", "armies", "cards"):
        assert key in s
    assert set(s["teams"]) == set(SEATS[:11])


def test_turn_sequence_the_phase_start_hooks_run_at_setup(game: Game) -> None:
    assert game.state["calls"] == [["start", 1, 1, None]]


def test_control_settle_records_the_dice_and_who(game: Game) -> None:
    game.act("france", {"type": "petition", "text": "more money"})
    item = game.state["items"]["i1"]
    assert (item["desk"], item["team"], item["status"], item["by"]) == (
        "political_control",
        "france",
        "pending",
        "france",
    )
    game.act("political_control", {"type": "settle", "item": "i1", "who": "Bernard"})
    item = game.state["items"]["i1"]
    assert item["status"] == "settled"
    assert item["closed_by"] == {"role": "political_control", "who": "Bernard"}
    assert len(item["dice"]) == 1 and item["dice"][0]["purpose"].startswith("france: petition")
    assert item["outcome"].endswith(str(item["dice"][0]["result"]))


def test_control_dismiss_needs_a_reason(game: Game) -> None:
    game.act("england", {"type": "petition", "text": "x"})
    with pytest.raises(IllegalAction, match="needs 'why'"):
        game.act("political_control", {"type": "dismiss", "item": "i1"})
    game.act("gm", {"type": "dismiss", "item": "i1", "why": "out of time"})
    assert game.state["items"]["i1"]["outcome"] == "dismissed: out of time"


@pytest.mark.parametrize(
    ("role", "action", "message"),
    [
        ("political_control", {"type": "settle", "item": "i9"}, "unknown item 'i9'"),
        ("political_control", {"type": "settle"}, "unknown item None"),
        ("map_control", {"type": "settle", "item": "i1"}, "only Political Control"),
        ("france", {"type": "settle", "item": "i1"}, "only the control team settles"),
        ("observer", {"type": "settle", "item": "i1"}, "observer cannot act"),
        ("england", {"type": "petition", "text": "x", "team": "france"}, "england may not act for 'france'"),
        ("england", {"type": "note", "text": "x", "state": "france"}, "england may not act for france"),
        ("england", {"type": "note", "text": "x", "army": "france_1"}, "may not give orders to army france_1"),
        ("map_control", {"type": "petition", "text": "x"}, "only a team may petition"),
        ("france", {"type": "inquiry"}, "only the control team may inquiry"),
        ("france", {"type": "skirmish"}, "phase 2, 3, 5 only"),
        ("france", {"type": "petition"}, "missing 'text'"),
        ("france", {"type": "conquer"}, "unknown action type 'conquer'; france may now use: gift, note, petition"),
    ],
)
def test_control_errors_are_precise(game: Game, role: str, action: dict[str, object], message: str) -> None:
    game.act("france", {"type": "petition", "text": "x"})
    before = canonical_json(game.state)
    with pytest.raises(IllegalAction, match=message):
        game.act(role, action)
    assert canonical_json(game.state) == before


def test_control_settling_an_item_twice_is_refused(game: Game) -> None:
    game.act("france", {"type": "petition", "text": "x"})
    game.act("political_control", {"type": "settle", "item": "i1"})
    with pytest.raises(IllegalAction, match="already settled"):
        game.act("gm", {"type": "settle", "item": "i1"})


def test_control_a_team_may_name_its_own_state_and_army_and_non_played_states(game: Game) -> None:
    game.act("france", {"type": "note", "text": "x", "state": "france", "army": "france_1", "team": "france"})
    game.act("habsburgs", {"type": "note", "text": "x", "state": "austria"})
    game.act("england", {"type": "note", "text": "x", "state": "swiss"})
    assert [n[0] for n in game.state["notes"]] == ["france", "habsburgs", "england"]


def test_control_a_declared_field_may_name_another_team_within_its_choices(game: Game) -> None:
    game.act("venice", {"type": "gift", "team": "england"})
    assert game.state["notes"] == [["venice", "gift to england"]]
    with pytest.raises(IllegalAction, match="'team' \\(To team\\) cannot be 'venice'"):
        game.act("venice", {"type": "gift", "team": "venice"})


def test_control_requests_and_public_items(game: Game) -> None:
    game.act("religious_control", {"type": "inquiry"})
    assert game.state["items"]["i1"]["team"] is None
    game.act("gm", {"type": "resolve"})
    game.act("france", {"type": "skirmish"})
    assert game.state["items"]["i2"]["public"] is True


def test_turn_sequence_replay_of_a_new_game_reaches_the_same_state() -> None:
    game = new_game("rr3", seed=7)
    game.act("gm", {"type": "announce", "text": "Welcome to 1524", "who": "Jim"})
    game.act(
        "religious_control",
        {
            "type": "adjust",
            "target": "teams",
            "key": "papacy",
            "field": "heavenly",
            "delta": 1,
            "why": "a jubilee",
            "who": "Bernard",
        },
    )
    game.act("gm", {"type": "resolve"})
    game.act("map_control", {"type": "next_step"})
    game.act("gm", {"type": "resolve"})
    again = replay(game.record)
    assert canonical_json(again.state) == canonical_json(game.state)
    assert (again.state["turn"], again.state["phase"], again.state["step"]) == (1, 3, "pay")


def test_turn_sequence_every_role_has_a_view(game: Game) -> None:
    for role in RULESET.roles(game.state):
        view = game.view(role)
        assert view["ruleset"] == "rr3" and view["role"] == role
    assert desk.GAME == "gm"


# --- end to end, with every desk module registered ------------------------------------------------------------


def test_turn_sequence_turn_1_phase_1_to_phase_2_with_a_revenue_card_and_an_army_raised() -> None:
    """Phase 1 (*The Turn Sequence*): England plays its Subsidy card to raise an army, Map Control rolls it; the
    army is raised and paid from the revenue; Game Control ends the phase and the military phase opens at pay."""
    game = fixture_game(seed=21)
    before = game.state["states"]["england"]["treasury"]
    game.act("england", {"type": "play_card", "card": "england_subsidy_card"})
    card_item = max(game.state["items"].values(), key=lambda i: int(i["id"][1:]))
    assert (card_item["desk"], card_item["kind"], card_item["team"]) == ("map_control", "play_card", "england")
    assert card_item["id"] in [i["id"] for i in game.view("map_control")["desk"]["pending"]]
    game.act("map_control", {"type": "settle", "item": card_item["id"], "who": "Dave"})
    settled = game.state["items"][card_item["id"]]
    revenue_die = settled["dice"][0]["result"]
    assert settled["status"] == "settled" and settled["closed_by"]["who"] == "Dave"
    treasury = game.state["states"]["england"]["treasury"]
    assert treasury in (before + revenue_die + 4, before + (revenue_die + 4) // 2)
    assert game.state["cards"]["england_subsidy_card"]["played"] == {"turn": 1, "phase": 1}
    game.act("england", {"type": "raise_army", "state": "england", "men": 10000, "area": "london"})
    raise_item = max(game.state["items"].values(), key=lambda i: int(i["id"][1:]))
    game.act("map_control", {"type": "settle", "item": raise_item["id"]})
    assert game.state["states"]["england"]["treasury"] == treasury - 2
    raised = [a for a in game.state["armies"].values() if a["state"] == "england"]
    assert [(a["men"], a["area"]) for a in raised] == [(10000, "london")]
    game.act("gm", {"type": "resolve"})
    assert (game.state["turn"], game.state["phase"], game.state["step"]) == (1, 2, "pay")
    observer = game.view("observer")
    assert raised[0]["id"] in observer["map"]["armies"]
    assert str(treasury - 2) not in text_of(game.view("france"))


def test_turn_sequence_the_1524_game_plays_phase_1_into_phase_2() -> None:
    """The real scenario: England plays a Subsidy card and raises an army at home in phase 1; the phase ends."""
    game = new_game("rr3", seed=12)
    state = game.state
    assert set(state["teams"]) == set(SEATS[:11])
    card = next(c for c in state["teams"]["england"]["cards"] if state["cards"][c]["kind"] == "subsidy")
    before = state["states"]["england"]["treasury"]
    game.act("england", {"type": "play_card", "card": card})
    item = max(game.state["items"].values(), key=lambda i: int(i["id"][1:]))
    game.act("map_control", {"type": "settle", "item": item["id"], "who": "Dave"})
    after = game.state["states"]["england"]["treasury"]
    assert after > before
    home = game.state["states"]["england"]["home"][0]
    game.act("england", {"type": "raise_army", "state": "england", "men": 10000, "area": home})
    item = max(game.state["items"].values(), key=lambda i: int(i["id"][1:]))
    game.act("map_control", {"type": "settle", "item": item["id"]})
    assert game.state["states"]["england"]["treasury"] == after - 2
    for pending in list(game.state["items"].values()):
        if pending["status"] == "pending":
            game.act("gm", {"type": "settle", "item": pending["id"]})
    game.act("gm", {"type": "resolve"})
    assert (game.state["turn"], game.state["phase"], game.state["step"]) == (1, 2, "pay")
    assert any(a["state"] == "england" and a["area"] == home for a in game.view("observer")["map"]["armies"].values())
    again = replay(game.record)
    assert canonical_json(again.state) == canonical_json(game.state)


def test_turn_sequence_the_1524_game_runs_its_36_phases_with_every_desk_and_replays() -> None:
    """Six turns of six phases with every desk module's hooks; Game Control settles what needs no input (the
    rest is dismissed) and ends each phase. The game is over after 1545-1548 and its record replays."""
    game = new_game("rr3", seed=30)
    phases = 0
    while not game.state["over"]:
        for item in list(game.state["items"].values()):
            if item["status"] != "pending":
                continue
            try:
                game.act("gm", {"type": "settle", "item": item["id"], "who": "GC"})
            except IllegalAction:
                game.act("gm", {"type": "dismiss", "item": item["id"], "why": "needs an umpire's input"})
        game.act("gm", {"type": "resolve"})
        phases += 1
    assert phases == 36
    assert (game.state["turn"], game.state["phase"]) == (6, 6)
    assert game.view("observer")["phase"].startswith("game over")
    assert not any(a["type"] == "resolve" for a in game.view("gm")["actions"])
    again = replay(game.record)
    assert canonical_json(again.state) == canonical_json(game.state)
