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


def test_a_desk_s_answer_is_brief_when_asked_and_the_stream_brings_the_patch(api: Api) -> None:
    """Issue 28 point 11: an action posted with ``answer: brief`` answers only that it was taken (the page's live
    stream brings the change as a patch); a refused one is still a 422 with the reason. A desk's whole answer no
    longer repeats the state the public parts already show: ``control.unshown`` keeps only the other fields (a
    city's garrison, a state's treasury), and the team parts leave the cities to it."""
    gid, _gm, tokens = started(api)
    [item] = play_cards(api, gid, tokens["france"], 1)
    mc = tokens["map_control"]
    brief = {"action": {"type": "settle", "item": item, "who": "Mona"}, "answer": "brief"}
    status, answer = api.call("POST", f"/api/games/{gid}/actions", mc, brief)
    assert status == 200 and answer == {"accepted": True, "game": {"id": gid, "status": "running"}}
    status, refused = api.call("POST", f"/api/games/{gid}/actions", mc, brief)
    assert status == 422 and "already settled" in refused["error"]
    whole = api.ok("GET", f"/api/games/{gid}", mc)["view"]
    assert item in {i["id"] for i in whole["desk"]["done"]}
    control = whole["control"]
    assert "state" not in control and "cities" not in control["teams"]["france"]
    paris = control["unshown"]["cities"]["paris"]
    assert "garrison" in paris and "owner" not in paris and whole["map"]["cities"]["paris"]["owner"] == "france"
    assert (
        control["unshown"]["states"]["france"]["treasury"]
        == control["teams"]["france"]["states_private"]["france"]["treasury"]
    )
