"""Renaissance and Reformation III in the server: the timetable drives the deadlines (handbook, *Game Timetable* and
*The Turn Sequence*), Game Control's clock controls, the missed-orders policies, the pages and the board.

The first turn is 75 minutes: its phases end at 10:25, 10:40, 10:55, 11:05, 11:20 and 11:30 from a 10:15 start,
i.e. 10, 15, 15, 10, 15 and 10 minutes. The server takes each phase's length from the view's ``phase_seconds``
when the game's settings set no deadline for the phase's kind.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import Api
from umpire.server.boards import RR3_BOARD, rr3_board, rr3_state_colour
from umpire.server.scheduler import fire_due
from umpire.server.store import Store

LATER = 10**10


def store_of(client: TestClient) -> Store:
    return client.app.state.store  # type: ignore[attr-defined,no-any-return]


def rr3_game(api: Api, **settings: Any) -> dict[str, Any]:
    return api.create(ruleset="rr3", scenario="1524", seed=11, settings=settings, options={"seats": "teams"})


def started(api: Api, **settings: Any) -> tuple[str, str, dict[str, Any]]:
    made = rr3_game(api, **settings)
    gid, gm = made["id"], made["gm_token"]
    api.ok("POST", f"/api/games/{gid}/join", made["seat_tokens"]["france"], {"name": "Francis"})
    TOKENS[gid] = made["seat_tokens"]
    return gid, gm, api.ok("POST", f"/api/games/{gid}/gm/start", gm)


TOKENS: dict[str, dict[str, str]] = {}


def left(shown: dict[str, Any]) -> float:
    """Seconds until the deadline, as the answer's own clock saw it."""
    game = shown["game"]
    return float(game["deadline_at"] - game["now"])


def test_start_sets_phase_one_to_ten_minutes(api: Api) -> None:
    _gid, _gm, shown = started(api)
    assert shown["view"]["turn"] == 1 and shown["view"]["phase_no"] == 1
    assert shown["view"]["phase_seconds"] == 600
    assert 570 <= left(shown) <= 600


def test_each_phase_takes_its_timetable_length(api: Api) -> None:
    # ruling RR3-WB01
    gid, gm, _ = started(api)
    # Turn 1: 10, 15, 15, 10, 15, 10 minutes; then turn 2 has 10-minute phases.
    expected = [(2, 900), (3, 900), (4, 600), (5, 900), (6, 600), (1, 600)]
    for phase, seconds in expected:
        shown = api.ok("POST", f"/api/games/{gid}/gm/resolve", gm)
        assert shown["view"]["phase_no"] == phase
        assert shown["view"]["phase_seconds"] == seconds
        assert seconds - 30 <= left(shown) <= seconds
    assert shown["view"]["turn"] == 2


def test_the_games_own_deadline_setting_wins(api: Api) -> None:
    # ruling RR3-WB01
    _gid, _gm, shown = started(api, deadlines={"default": 120})
    assert 90 <= left(shown) <= 120


def test_pause_resume_and_extend(api: Api) -> None:
    gid, gm, _ = started(api)
    shown = api.ok("POST", f"/api/games/{gid}/gm/pause", gm)
    assert shown["game"]["status"] == "paused" and shown["game"]["deadline_at"] is None
    assert 595 <= shown["game"]["paused_remaining"] <= 600
    shown = api.ok("POST", f"/api/games/{gid}/gm/extend", gm, {"seconds": 300})
    assert 895 <= shown["game"]["paused_remaining"] <= 900
    shown = api.ok("POST", f"/api/games/{gid}/gm/resume", gm)
    assert shown["game"]["status"] == "running"
    assert 870 <= left(shown) <= 900
    shown = api.ok("POST", f"/api/games/{gid}/gm/extend", gm, {"seconds": -600})
    assert 270 <= left(shown) <= 300
    # While paused, a team cannot act; the GM still can.
    api.ok("POST", f"/api/games/{gid}/gm/pause", gm)
    status, answer = api.call(
        "POST", f"/api/games/{gid}/actions", TOKENS[gid]["france"], {"action": {"type": "play_card"}}
    )
    assert status == 409 and "paused" in answer["error"]
    api.ok("POST", f"/api/games/{gid}/actions", gm, {"action": {"type": "announce", "text": "Lunch", "who": "G"}})


def test_control_desks_act_during_a_pause_and_the_clock_says_paused(api: Api) -> None:
    """Issue 28 point 7, RR3-M01: a pause stops the players, not the umpires. While paused a team is refused, a
    control desk settles its queue (and its page offers its forms: ``can_act``), and every role's view says
    ``clock.paused``; after the resume the flag is false again."""
    gid, gm, _ = started(api)
    tokens = TOKENS[gid]
    api.ok("POST", f"/api/games/{gid}/join", tokens["map_control"], {"name": "Mona"})
    view = api.ok("GET", f"/api/games/{gid}", tokens["france"])["view"]
    form = next(a for a in view["actions"] if a["type"] == "play_card")
    for card in next(f for f in form["fields"] if f["name"] == "card")["choices"]:
        status, shown = api.call(
            "POST", f"/api/games/{gid}/actions", tokens["france"], {"action": {"type": "play_card", "card": card}}
        )
        if status == 200:
            break
    item = shown["view"]["team"]["items"]["pending"][-1]["id"]
    assert shown["view"]["clock"]["paused"] is False
    api.ok("POST", f"/api/games/{gid}/gm/pause", gm)
    for token in (tokens["france"], tokens["map_control"], gm, None):
        assert api.ok("GET", f"/api/games/{gid}", token)["view"]["clock"]["paused"] is True
    status, answer = api.call("POST", f"/api/games/{gid}/actions", tokens["france"], {"action": {"type": "pass"}})
    assert status == 409 and "paused" in answer["error"]
    desk = api.ok("GET", f"/api/games/{gid}", tokens["map_control"])
    assert desk["you"]["can_act"] is True
    assert api.ok("GET", f"/api/games/{gid}", tokens["france"])["you"]["can_act"] is False
    settle = {"action": {"type": "settle", "item": item}}
    shown = api.ok("POST", f"/api/games/{gid}/actions", tokens["map_control"], settle)
    assert item in {i["id"] for i in shown["view"]["desk"]["done"]}
    assert shown["game"]["status"] == "paused" and shown["view"]["clock"]["paused"] is True
    shown = api.ok("POST", f"/api/games/{gid}/gm/resume", gm)
    assert shown["view"]["clock"]["paused"] is False


def test_a_military_step_keeps_the_phases_deadline(api: Api) -> None:
    # ruling RR3-WB02
    gid, gm, _ = started(api)
    shown = api.ok("POST", f"/api/games/{gid}/gm/resolve", gm)
    assert shown["view"]["phase_no"] == 2 and shown["view"]["step"] == "pay"
    deadline = shown["game"]["deadline_at"]
    time.sleep(0.05)
    shown = api.ok("POST", f"/api/games/{gid}/actions", gm, {"action": {"type": "next_step", "who": "Gina"}})
    assert shown["view"]["step"] == "move1"
    assert shown["game"]["deadline_at"] == deadline


def test_the_scheduler_ends_the_phase_at_its_deadline(api: Api) -> None:
    # ruling RR3-WB06
    gid, _gm, shown = started(api)
    store = store_of(api.client)
    assert fire_due(store, shown["game"]["deadline_at"] - 1) == []
    assert fire_due(store, shown["game"]["deadline_at"] + 1) == [gid]
    after = api.ok("GET", f"/api/games/{gid}")
    assert after["view"]["phase_no"] == 2 and after["view"]["turn"] == 1
    assert 895 <= left(after) <= 900  # phase 2's own 15 minutes, from now


def test_a_bot_policy_is_refused_clearly(api: Api) -> None:
    # ruling RR3-WB03
    status, answer = api.call("POST", "/api/games", body={"ruleset": "rr3", "settings": {"missed_orders": "bot"}})
    assert status == 422
    assert "no bots" in answer["error"] and "hold" in answer["error"]
    for policy in ("hold", "civil_disorder"):
        assert rr3_game(api, missed_orders=policy)["id"]


def test_civil_disorder_policy_runs_the_deadline(api: Api) -> None:
    gid, _gm, _shown = started(api, missed_orders="civil_disorder")
    assert fire_due(store_of(api.client), LATER) == [gid]
    assert api.ok("GET", f"/api/games/{gid}")["view"]["phase_no"] == 2


def test_pages_and_map(api: Api) -> None:
    made = rr3_game(api)
    gid = made["id"]
    assert made["projector_url"].endswith(f"/g/{gid}/projector")
    page = api.client.get(f"/g/{gid}")
    assert page.status_code == 200 and "/static/rr3.js" in page.text and "game.js" not in page.text
    projector = api.client.get(f"/g/{gid}/projector")
    assert projector.status_code == 200 and 'data-mode="projector"' in projector.text
    assert api.client.get("/g/nosuchgame/projector").status_code == 404
    # The megagame's map as SVG (games/rr3/drawing.py): areas drawn as shapes, each with its id and its owner.
    drawn = api.client.get(f"/api/games/{gid}/map.svg")
    assert drawn.status_code == 200 and drawn.headers["content-type"].startswith("image/svg+xml")
    assert 'id="area-london"' in drawn.text and 'data-area="london"' in drawn.text and "<path" in drawn.text
    # A standard game keeps its own page.
    std = api.create()
    assert "/static/game.js" in api.client.get(f"/g/{std['id']}").text
    assert api.client.get(f"/g/{std['id']}/projector").status_code == 200  # any game has a room screen


def test_rr3_board_from_a_geography() -> None:
    from umpire.games.rr3.geography import load_geography

    def land(state: str, lon: float, lat: float, **extra: Any) -> dict[str, Any]:
        return {"name": state.title(), "kind": "land", "state": state, "table": "west", "region": "france",
                "religion": "catholic", "pos": [lon, lat], **extra}  # fmt: skip

    geo = load_geography(
        {
            "format": "umpire-rr3-map/1",
            "areas": {
                "paris": land(
                    "france", 2.3, 48.8, cities=[{"id": "paris", "name": "Paris", "fort": 4, "capital": True}]
                ),
                "calais": land("england", 1.9, 50.9),
                "genoa": land("genoa", 8.9, 44.4),
                "channel": {"name": "Channel", "kind": "sea", "table": "west", "pos": [0.5, 50.3]},
            },
            "borders": [
                {"between": ["paris", "calais"], "kind": "land"},
                {"between": ["calais", "channel"], "kind": "coast"},
                {"between": ["paris", "genoa"], "kind": "mountains"},
            ],
        }
    )
    data = rr3_board(geo)
    assert data["id"] == RR3_BOARD and data["kind"] == "rr3"
    assert set(data["areas"]) == {"paris", "calais", "genoa", "channel"}
    xs = [a["xy"][0] for a in data["areas"].values()]
    assert all(0 <= x <= data["width"] for x in xs)
    # West is left: Calais and the Channel lie west of Genoa.
    assert data["areas"]["channel"]["xy"][0] < data["areas"]["genoa"]["xy"][0]
    assert data["areas"]["paris"]["cities"] == [
        {"id": "paris", "name": "Paris", "fort": 4, "port": False, "capital": True}
    ]
    assert {(b["a"], b["b"], b["kind"]) for b in data["borders"]} == {
        ("paris", "calais", "land"),
        ("calais", "channel", "coast"),
        ("paris", "genoa", "mountains"),
    }
    # Played states take their team's colour (Naples is a Habsburg state like Spain); others a soft one.
    assert data["states"]["france"]["team"] == "france"
    assert rr3_state_colour("naples") == rr3_state_colour("spain") == data["teams"]["habsburgs"]["colour"]
    assert data["states"]["genoa"]["team"] is None and data["states"]["genoa"]["colour"].startswith("#")


def test_rr3_board_route(api: Api) -> None:
    try:
        from umpire.games.rr3.geography import map1524

        geo = map1524()
    except (OSError, ValueError):
        status, answer = api.call("GET", f"/api/boards/{RR3_BOARD}")
        assert status == 404 and "rr3" in answer["error"]
        pytest.skip("the 1524 map data is not installed yet")
    data = api.ok("GET", f"/api/boards/{RR3_BOARD}")
    assert set(data["areas"]) == set(geo.areas)
    assert len(data["borders"]) == len(geo.borders)


def test_desk_actions_record_the_umpires_joined_name(api: Api) -> None:
    """A control seat's settlement names the umpire the page names and the one who joined that seat (WB4,
    RR3-J01: several umpires share a desk's link); Game Control (no joined name) names itself; Game Control may
    settle any desk's item."""
    # ruling RR3-WB04
    made = rr3_game(api)
    gid, gm, tokens = made["id"], made["gm_token"], made["seat_tokens"]
    for seat, name in (("france", "Francis"), ("habsburgs", "Charles"), ("map_control", "Mona")):
        api.ok("POST", f"/api/games/{gid}/join", tokens[seat], {"name": name})
    api.ok("POST", f"/api/games/{gid}/gm/start", gm)
    items = {}
    for team in ("france", "habsburgs"):
        view = api.ok("GET", f"/api/games/{gid}", tokens[team])["view"]
        form = next(a for a in view["actions"] if a["type"] == "play_card")
        for card in next(f for f in form["fields"] if f["name"] == "card")["choices"]:  # the first playable alone
            status, shown = api.call(
                "POST", f"/api/games/{gid}/actions", tokens[team], {"action": {"type": "play_card", "card": card}}
            )
            if status == 200:
                break
        items[team] = shown["view"]["team"]["items"]["pending"][-1]["id"]
    settle = {"type": "settle", "item": items["france"], "who": "Somebody Else"}
    api.ok("POST", f"/api/games/{gid}/actions", tokens["map_control"], {"action": settle})
    settle = {"type": "settle", "item": items["habsburgs"], "who": "Gina"}
    api.ok("POST", f"/api/games/{gid}/actions", gm, {"action": settle})
    done = {i["id"]: i for i in api.ok("GET", f"/api/games/{gid}", gm)["view"]["desks"]["map_control"]["done"]}
    assert done[items["france"]]["closed_by"] == {"role": "map_control", "who": "Somebody Else (on Mona's link)"}
    assert done[items["habsburgs"]]["closed_by"] == {"role": "gm", "who": "Gina"}
    assert done[items["france"]]["dice"], "the roll is kept with the item"


def test_several_umpires_share_a_desk_each_under_their_own_name(api: Api) -> None:
    """Issue 19 point 3, RR3-J01: Map Control's link is shared; the umpire who joined it and a second one each act
    under their own name, and the record says whose link the second used. The phase-1 "settle all of my table's
    revenue items" names the umpire on every item it settles."""
    made = rr3_game(api)
    gid, gm, tokens = made["id"], made["gm_token"], made["seat_tokens"]
    api.ok("POST", f"/api/games/{gid}/join", tokens["map_control"], {"name": "Mona"})
    api.ok("POST", f"/api/games/{gid}/gm/start", gm)
    plays = []
    for team in ("france", "england"):  # both at the West table (handbook, The Financial System)
        view = api.ok("GET", f"/api/games/{gid}", tokens[team])["view"]
        form = next(a for a in view["actions"] if a["type"] == "play_card")
        for card in next(f for f in form["fields"] if f["name"] == "card")["choices"]:
            status, shown = api.call(
                "POST", f"/api/games/{gid}/actions", tokens[team], {"action": {"type": "play_card", "card": card}}
            )
            if status == 200:
                plays.append(shown["view"]["team"]["items"]["pending"][-1]["id"])
                break
    desk = api.ok("GET", f"/api/games/{gid}", tokens["map_control"])["view"]["desk"]
    assert {i["id"]: i["table"] for i in desk["pending"] if i["id"] in plays} == {p: "west" for p in plays}
    mc = tokens["map_control"]
    api.ok("POST", f"/api/games/{gid}/actions", mc, {"action": {"type": "settle", "item": plays[0], "who": "mona"}})
    table = {"type": "settle_table", "table": "west", "who": "  Luca  "}
    shown = api.ok("POST", f"/api/games/{gid}/actions", mc, {"action": table})
    done = {i["id"]: i for i in shown["view"]["desk"]["done"]}
    assert done[plays[0]]["closed_by"]["who"] == "Mona"
    assert done[plays[1]]["closed_by"]["who"] == "Luca (on Mona's link)"
    assert done[plays[1]]["dice"], "each item keeps its own dice"
