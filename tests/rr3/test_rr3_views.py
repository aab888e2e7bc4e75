"""Views: what each role sees; no team ever sees another team's brief, cards, treasury or sealed intention."""

from __future__ import annotations

import pytest
from tests.rr3.rr3fixtures import bare_registry, fixture_game, secret, text_of, treasury

from umpire.games.rr3 import desk, players
from umpire.games.rr3.rules import RULESET, TEAMS
from umpire.kernel import simultaneous
from umpire.kernel.game import Game, new_game


def played_game(monkeypatch: pytest.MonkeyPatch) -> Game:
    """A game after several actions: petitions (private, one settled with a die), an adjustment, an announcement,
    a public skirmish, and sealed intentions for every team."""
    bare_registry(monkeypatch)
    game = fixture_game(seed=5)
    for team in TEAMS:
        game.act(team, {"type": "petition", "text": secret(team, "petition-text")})
    game.act("political_control", {"type": "settle", "item": "i1", "who": "Bernard"})  # england's
    game.act("political_control", {"type": "settle", "item": "i2", "who": "Bernard"})  # france's
    game.act("gm", {"type": "dismiss", "item": "i3", "why": "no", "who": "Jim"})  # habsburgs'
    game.act(
        "map_control",
        {
            "type": "adjust",
            "target": "states",
            "key": "venice",
            "field": "debt",
            "value": 3,
            "why": secret("venice", "adjust-why"),
        },
    )
    game.act("gm", {"type": "announce", "text": "Rome is sacked"})
    game.act("gm", {"type": "resolve"})
    game.act("france", {"type": "skirmish"})
    game.act("map_control", {"type": "settle", "item": f"i{len(TEAMS) + 1}"})
    simultaneous.open_boxes(game.state, list(TEAMS))
    for team in TEAMS[:-1]:  # denmark has not written its card
        simultaneous.submit(game.state, team, {"text": secret(team, "intention")})
    simultaneous.set_ready(game.state, "england", True)
    return game


SECRETS = ("summary", "objective", "confidential", "petition-text", "petition-roll", "intention", "adjust-why")


def secrets_of(team: str) -> list[str]:
    marks = [secret(team, what) for what in SECRETS]
    marks += [f'"{sid}_{kind}_card"' for sid in RULESET_STATES[team] for kind in ("subsidy", "exaction", "loan")]
    marks += [str(treasury(team, i)) for i in range(len(RULESET_STATES[team]))]
    return marks


RULESET_STATES = {
    "england": ("england",),
    "france": ("france",),
    "habsburgs": ("spain", "austria"),
    "electors": ("saxony", "brandenburg"),
    "princes": ("bavaria",),
    "papacy": ("papacy",),
    "lutherans": ("hesse",),
    "venice": ("venice",),
    "florence": ("florence",),
    "milan": ("milan",),
    "denmark": ("denmark",),
}


def test_layout_no_team_sees_another_teams_secrets_and_the_observer_sees_none(monkeypatch: pytest.MonkeyPatch) -> None:
    game = played_game(monkeypatch)
    # the secrets really are in the game: Game Control sees every one of them
    gm_text = text_of(game.view("gm"))
    for team in TEAMS:
        for mark in secrets_of(team):
            if mark == secret("denmark", "intention") or ("adjust-why" in mark and team != "venice"):
                continue
            if "petition-roll" in mark and team not in ("england", "france"):
                continue
            assert mark in gm_text, mark
    for role in RULESET.roles(game.state):
        text = text_of(game.view(role))
        for team in TEAMS:
            if team == desk.team_of(game.state, role) or role == "gm" or role.endswith("_control"):
                continue
            for mark in secrets_of(team):
                assert mark not in text, f"{role} sees {mark}"


def test_layout_a_team_sees_its_own_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    game = played_game(monkeypatch)
    view = game.view("france")
    mine = view["team"]
    assert mine["brief"]["confidential"] == secret("france", "confidential")
    assert mine["states_private"]["france"]["treasury"] == treasury("france")
    assert sorted(c["id"] for c in mine["cards"]) == ["france_exaction_card", "france_loan_card", "france_subsidy_card"]
    assert mine["intention"] == {"submission": {"text": secret("france", "intention")}, "ready": False}
    assert [i["status"] for i in mine["items"]["done"]] == ["settled", "settled"]
    assert mine["items"]["done"][0]["dice"]
    assert "france_1" in mine["armies"]
    text = text_of(view)
    assert secret("france", "petition-roll") in text
    venice = game.view("venice")["team"]
    assert venice["journal"][-1]["text"].endswith(secret("venice", "adjust-why"))
    assert venice["states_private"]["venice"]["debt"] == 3


def test_layout_the_rolls_of_other_teams_private_items_are_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    game = played_game(monkeypatch)
    england_roll = game.state["items"]["i1"]["dice"][0]["n"]
    skirmish_roll = game.state["items"][f"i{len(TEAMS) + 1}"]["dice"][0]["n"]
    by_n = {r["n"]: r for r in game.view("france")["rolls"]}
    assert by_n[england_roll] == {"n": england_roll, "kind": "d6", "purpose": "(private roll)", "result": "hidden"}
    assert isinstance(by_n[skirmish_roll]["result"], int)
    assert isinstance({r["n"]: r for r in game.view("england")["rolls"]}[england_roll]["result"], int)
    assert isinstance({r["n"]: r for r in game.view("map_control")["rolls"]}[england_roll]["result"], int)


def test_layout_the_public_part(monkeypatch: pytest.MonkeyPatch) -> None:
    game = played_game(monkeypatch)
    view = game.view("observer")
    assert view["phase"] == "1524-1528 turn 1, phase 2 (military, step pay)"
    assert (view["turn"], view["phase_no"], view["step"], view["years"]) == (1, 2, "pay", "1524-1528")
    assert view["phase_kind"] == "default"
    assert view["phase_seconds"] == 15 * 60
    assert view["clock"]["ends_at"] == "10:40"
    assert view["map"]["armies"]["france_1"]["men"] == 20000
    assert "troops" not in view["map"]["fleets"]["england_fleet"]
    assert "garrison" not in view["map"]["cities"]["london_city"]
    assert view["teams"]["france"]["rulers"] == ["ruler_of_france"]
    assert "treasury" not in view["states"]["france"]
    assert view["characters"]["ruler_of_england"]["age"] == 1525 - 1480
    assert [a["text"] for a in view["announcements"]] == ["Rome is sacked"]
    items = [n for n in view["news"] if n["kind"] == "item"]
    assert [i["title"] for i in items] == ["france skirmishes"] and items[0]["dice"]
    assert any(n["kind"] == "journal" and "phase 2" in n["text"] for n in view["news"])
    members = [s for s in players.seats(game.state) if players.team_of(game.state, s) != "england"]
    assert view["waiting_for"] == sorted([*(t for t in TEAMS if t != "england"), *members])
    assert view["actions"] == []
    assert "team" not in view and "desk" not in view and "control" not in view


def test_layout_team_actions_are_its_requests(monkeypatch: pytest.MonkeyPatch) -> None:
    game = played_game(monkeypatch)
    types = [a["type"] for a in game.view("france")["actions"]]
    assert types == ["petition", "skirmish", "note", "gift"]
    form = game.view("france")["actions"][0]
    assert form == {
        "type": "petition",
        "label": "Petition",
        "desk": "political_control",
        "fields": [{"name": "text", "label": "Text", "kind": "text", "required": True}],
    }


def test_layout_a_desk_sees_its_pending_items_with_their_actions_and_its_recent_closed_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = played_game(monkeypatch)
    view = game.view("political_control")
    d = view["desk"]
    assert d["title"] == "Political Control"
    assert [i["id"] for i in d["pending"]] == [f"i{n}" for n in range(4, len(TEAMS) + 1)]
    first = d["pending"][0]
    assert [a["type"] for a in first["actions"]] == ["settle", "dismiss"]
    assert first["actions"][0]["item"] == "i4"
    assert [i["id"] for i in d["done"]] == ["i3", "i2", "i1"]
    assert d["done"][1]["closed_by"]["who"] == "Bernard" and d["done"][1]["dice"]
    types = [a["type"] for a in view["actions"]]
    assert types.count("settle") == 1 and types.count("dismiss") == 1  # listed once, for every item (issue 28)
    settle = next(a for a in view["actions"] if a["type"] == "settle")
    assert settle["fields"][0]["choices"] == [i["id"] for i in d["pending"]]
    assert {"adjust", "announce"} <= set(types)
    assert "next_step" not in types and "resolve" not in types and "petition" not in types
    assert view["control"]["adjustments"][0]["who"] == ""
    assert set(view["control"]["teams"]) == set(TEAMS)
    map_types = [a["type"] for a in game.view("map_control")["actions"]]
    assert "next_step" in map_types and "settle" not in map_types


def test_layout_game_control_sees_every_desk_and_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    game = played_game(monkeypatch)
    view = game.view("gm")
    assert set(view["desks"]) == {
        "map_control",
        "political_control",
        "religious_control",
        "character_control",
        "nonplayed_control",
        "gm",
    }
    summary = view["game_control"]
    assert summary["pending"]["political_control"] == len(TEAMS) - 3
    assert summary["pending"]["map_control"] == 0
    assert summary["clock"]["minutes"] == 15
    types = [a["type"] for a in view["actions"]]
    assert types.count("settle") == 1 and types.count("dismiss") == 1  # listed once, for every item (issue 28)
    settle = next(a for a in view["actions"] if a["type"] == "settle")
    assert len(settle["fields"][0]["choices"]) == len(TEAMS) - 3
    assert types[-2:] == ["next_step", "resolve"]
    adjust = next(a for a in view["actions"] if a["type"] == "adjust")
    assert adjust["adjustable"]["armies"]["fatigue"] == {
        "kind": "int",
        "nullable": False,
        "min": 0,
        "max": 5,
        "text": "a whole number from 0 to 5",
    }
    assert adjust["adjustable"]["armies"]["commander"]["nullable"] is True
    assert view["control"]["intentions"]["france"]["submission"]["text"] == secret("france", "intention")


def test_layout_no_secrets_leak_with_every_desk_module_at_work() -> None:
    """The same check on a game run by the real desk procedures: every team plays its Subsidy card, some are
    rolled, a death roll is made, the phase ends."""
    game = fixture_game(seed=8)
    for team in TEAMS:
        sid = RULESET_STATES[team][0]
        game.act(team, {"type": "play_card", "card": f"{sid}_subsidy_card"})
    for item in list(game.state["items"].values()):
        if item["kind"] == "play_card" and item["team"] in ("england", "france", "venice"):
            game.act("map_control", {"type": "settle", "item": item["id"], "who": "Dave"})
        elif item["kind"] != "play_card":
            game.act("gm", {"type": "settle", "item": item["id"]})
    game.act("gm", {"type": "resolve"})
    for role in RULESET.roles(game.state):
        text = text_of(game.view(role))
        for team in TEAMS:
            if team == desk.team_of(game.state, role) or role == "gm" or role.endswith("_control"):
                continue
            for mark in secrets_of(team):
                assert mark not in text, f"{role} sees {mark}"
    for team in ("england", "france", "venice"):
        play = next(i for i in game.state["items"].values() if i["kind"] == "play_card" and i["team"] == team)
        assert play["dice"] and play["dice"][0]["n"] in {r["n"] for r in game.view(team)["rolls"]}
        own = {r["n"]: r for r in game.view(team)["rolls"]}
        assert own[play["dice"][0]["n"]]["result"] != "hidden"
        other = {r["n"]: r for r in game.view("milan")["rolls"]}
        assert other[play["dice"][0]["n"]]["result"] == "hidden"


# --- the real 1524 scenario ---------------------------------------------------------------------------------


def _paths_with(value: object, key: str, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every path in ``value`` to a dict holding ``key``."""
    found: list[tuple[object, ...]] = []
    if isinstance(value, dict):
        if key in value:
            found.append(path)
        for k, v in value.items():
            found += _paths_with(v, key, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _paths_with(v, key, (*path, i))
    return found


def test_layout_the_1524_scenario_views_keep_every_brief_card_and_treasury_to_its_team() -> None:
    game = new_game("rr3", seed=4)
    state = game.state
    for team in TEAMS:
        assert state["teams"][team]["brief"]["confidential"], team
    for role in RULESET.roles(state):
        view = game.view(role)
        text = text_of(view)
        own = desk.team_of(state, role)
        seat = role if players.player(state, role) is not None else None
        if role == "gm" or role.endswith("_control"):
            assert all(state["teams"][t]["brief"]["confidential"] in text for t in TEAMS)
            continue
        for team in TEAMS:
            if team == own:
                continue
            brief = state["teams"][team]["brief"]
            for secret_text in (brief["confidential"], brief["summary"], *brief["objectives"]):
                assert secret_text not in text, f"{role} sees {team}'s brief"
            for card in state["teams"][team]["cards"]:
                assert f'"{card}"' not in text, f"{role} sees {team}'s card {card}"
        for path in _paths_with(view, "treasury"):
            assert own is not None and path[:2] == ("team", "states_private"), (role, path)
            assert state["states"][str(path[2])]["team"] == own
        if own is not None:
            assert view["team"]["brief"] == state["teams"][own]["brief"]
            held = {c for c in state["teams"][own]["cards"] if seat is None or c in players.own_cards(state, seat)}
            assert {c["id"] for c in view["team"]["cards"]} == held
        if seat is not None:  # RR3-K01: a player sees no other member's personal brief or cards
            for other in players.seats(state):
                if other != seat and state["players"][other]["brief"]:
                    assert state["players"][other]["brief"] not in text, f"{role} sees {other}'s personal brief"
                for card in players.own_cards(state, other) if other != seat else ():
                    assert f'"{card}"' not in text, f"{role} sees {other}'s card {card}"


def test_layout_the_1524_intention_cards_are_sealed() -> None:
    """*The Campaign System*: intention cards are written for each movement step; a team sees only its own."""
    game = new_game("rr3", seed=6)
    game.act("gm", {"type": "resolve"})
    game.act("map_control", {"type": "next_step"})
    assert game.state["step"] == "move1"
    waiting = game.view("observer")["waiting_for"]
    assert "france" in waiting
    game.act("france", {"type": "intend", "intentions": [{"army": "france_1", "option": "stay"}]})
    assert "france" not in game.view("observer")["waiting_for"]
    assert game.view("france")["team"]["intention"]["submission"]["armies"]["france_1"]["option"] == "stay"
    assert "france_1" in game.view("map_control")["control"]["intentions"]["france"]["submission"]["armies"]
    for role in RULESET.roles(game.state):
        if role == "gm" or role.endswith("_control"):
            continue
        for path in _paths_with(game.view(role), "submission"):
            assert path == ("team", "intention"), (role, path)


def test_layout_a_treaty_and_fleet_orders_are_seen_by_those_they_concern_only() -> None:
    """*Treaties*: registered with Political Control, the other parties see the request too; *Navies*: fleet
    movement "should be written down as for armies", so a fleet's orders are its team's secret."""
    game = new_game("rr3", seed=9)
    game.act("england", {"type": "register_treaty", "parties": ["habsburgs"], "terms": "SECRET-TERMS of Windsor"})
    item = next(i for i in game.state["items"].values() if i["kind"] == "register_treaty")
    assert item["id"] in [i["id"] for i in game.view("habsburgs")["team"]["items"]["pending"]]
    assert "SECRET-TERMS" not in text_of(game.view("france"))
    [consent] = [i for i in game.state["items"].values() if i["kind"] == "treaty_consent"]
    game.act("habsburgs", {"type": "answer", "item": consent["id"], "accept": True})
    game.act("political_control", {"type": "settle", "item": item["id"]})
    assert [t["terms"] for t in game.view("habsburgs")["team"]["treaties"]] == ["SECRET-TERMS of Windsor"]
    assert game.view("france")["team"]["treaties"] == []
    game.act("gm", {"type": "resolve"})
    game.act("map_control", {"type": "next_step"})
    game.act("england", {"type": "fleet_orders", "fleet": "england_fleet"})
    assert "england_fleet" in game.view("england")["team"]["fleet_orders"]
    for role in ("france", "habsburgs", "observer"):
        assert '"fleet_orders": {"england_fleet"' not in text_of(game.view(role))
        assert "england_fleet" not in (game.view(role).get("team") or {}).get("fleet_orders", {})


def test_layout_map_control_sees_who_handed_in_a_card_and_the_cards_once_the_step_closes() -> None:
    """*Movement*: "If players are not ready with their intentions when the umpires call for the start of a step they
    will miss that step". Issue 19, point 7: the cards were in the control view but Map Control's desk never showed
    them; its desk now names the seats handed in and missing, and keeps the closed step's cards (RR3-H06)."""
    game = new_game("rr3", seed=6)
    game.act("gm", {"type": "resolve"})
    game.act("map_control", {"type": "next_step"})
    assert game.view("map_control")["desk"]["intentions"]["closed"] is None
    game.act("france", {"type": "intend", "intentions": [{"army": "france_1", "option": "stay", "engage": True}]})
    cards = game.view("map_control")["desk"]["intentions"]
    assert cards["step"] == "move1" and "france" in cards["handed_in"] and "france" not in cards["missing"]
    assert "habsburgs" in cards["missing"] and cards["nonplayed"] == {"handed_in": False}  # prompted, not missing
    assert set(cards["handed_in"]) | set(cards["missing"]) | {"nonplayed_control"} == set(game.state["box"])
    assert game.view("gm")["desks"]["map_control"]["intentions"] == cards
    game.act("map_control", {"type": "next_step"})
    closed = game.view("map_control")["desk"]["intentions"]["closed"]
    assert (closed["turn"], closed["phase"], closed["step"]) == (1, 2, "move1")
    assert [(x["army"], x["option"], x["engage"]) for x in closed["cards"]["france"]] == [("france_1", "stay", True)]
    assert "habsburgs" in closed["missing"] and "habsburgs" not in closed["cards"]
    for role in RULESET.roles(game.state):
        if role in ("gm", "map_control"):
            continue
        view = game.view(role)
        assert "intentions" not in (view.get("desk") or {}), role
        if not role.endswith("_control"):
            assert "closed_cards" not in text_of(view) and "handed_in" not in text_of(view), role
