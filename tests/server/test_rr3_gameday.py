"""Renaissance and Reformation III on game day, through the server's desk actions (issue 28 points 8 and 11).

Handbook, *The Control Team*: "All the available umpires will help to calculate and distribute incomes, etc. during
the Phase 1 of the turn to try and prevent delays." (ruling RR3-M02).
"""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Api

CONTROL = ("map_control", "political_control", "religious_control", "character_control", "nonplayed_control")


def started(api: Api) -> tuple[str, str, dict[str, str]]:
    made = api.create(ruleset="rr3", scenario="1524", seed=11, options={"seats": "teams"})
    gid, gm, tokens = made["id"], made["gm_token"], made["seat_tokens"]
    api.ok("POST", f"/api/games/{gid}/join", tokens["france"], {"name": "Francis"})
    for seat in CONTROL:
        api.ok("POST", f"/api/games/{gid}/join", tokens[seat], {"name": seat.split("_")[0].title()})
    api.ok("POST", f"/api/games/{gid}/gm/start", gm)
    return gid, gm, tokens


def play_cards(api: Api, gid: str, token: str, count: int) -> list[str]:
    """The team of ``token`` plays up to ``count`` of its revenue cards (one per kind: the handbook's "maximum of
    one card of each type"); returns the ids of the revenue items opened."""
    opened: list[str] = []
    view = api.ok("GET", f"/api/games/{gid}", token)["view"]
    form = next(a for a in view["actions"] if a["type"] == "play_card")
    for card in next(f for f in form["fields"] if f["name"] == "card")["choices"]:
        if len(opened) == count:
            break
        played = {"action": {"type": "play_card", "card": card}}
        status, shown = api.call("POST", f"/api/games/{gid}/actions", token, played)
        if status == 200:
            opened.append(shown["view"]["team"]["items"]["pending"][-1]["id"])
    return opened


def pending(api: Api, gid: str, token: str) -> dict[str, dict[str, Any]]:
    return {i["id"]: i for i in api.ok("GET", f"/api/games/{gid}", token)["view"]["desk"]["pending"]}


def test_every_desk_settles_phase_one_revenue_and_whole_tables(api: Api) -> None:
    """Issue 28 point 8, RR3-M02: in phase 1 Political Control sees Map Control's revenue items on its own desk,
    each naming Map Control's desk, and settles one with its Roll; Religious Control settles the whole West table
    with one action; every desk is offered that action while there is revenue to settle."""
    gid, _gm, tokens = started(api)
    items = play_cards(api, gid, tokens["france"], 2)
    assert len(items) == 2
    helped = pending(api, gid, tokens["political_control"])
    assert set(items) <= set(helped) and {helped[i]["desk"] for i in items} == {"map_control"}
    first, second = items
    assert {a["type"] for a in helped[first]["actions"]} == {"settle", "dismiss"}
    action = {"type": "settle", "item": first, "who": "Pia"}
    shown = api.ok("POST", f"/api/games/{gid}/actions", tokens["political_control"], {"action": action})
    done = next(i for i in shown["view"]["control"]["items"] if i["id"] == first)
    assert done["status"] == "settled" and done["closed_by"]["role"] == "political_control" and done["dice"]
    for seat in CONTROL:
        forms = api.ok("GET", f"/api/games/{gid}", tokens[seat])["view"]["actions"]
        assert "settle_table" in {f["type"] for f in forms}, seat
    table = {"type": "settle_table", "table": "west", "who": "Rex"}
    shown = api.ok("POST", f"/api/games/{gid}/actions", tokens["religious_control"], {"action": table})
    done = next(i for i in shown["view"]["control"]["items"] if i["id"] == second)
    assert done["status"] == "settled" and done["closed_by"]["role"] == "religious_control"
    assert "The West: settled " + second in shown["view"]["control"]["journal"][-1]["text"]
    assert not any(i["kind"] == "play_card" for i in pending(api, gid, tokens["character_control"]).values())
