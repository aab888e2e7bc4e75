"""Seats a bot plays from the start (``settings.bots``): the server takes their decisions as they come, in the
transaction of the action that opened them; a bad setting is refused with a 422 naming what is wrong."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Api


def _view(api: Api, gid: str, token: str) -> dict[str, Any]:
    view: dict[str, Any] = api.ok("GET", f"/api/games/{gid}", token)["view"]
    return view


def test_a_person_plays_the_papacy_against_the_normal_bot_through_the_api(api: Api) -> None:
    made = api.create(ruleset="his2p", seed=7, settings={"bots": {"protestant": "normal"}})
    gid, papacy = made["id"], made["seat_tokens"]["papacy"]
    assert set(made["seat_tokens"]) == {"papacy"}  # nobody is to open the bot's seat
    api.ok("POST", f"/api/games/{gid}/join", papacy, {"name": "Leo"})
    seats = {p["seat"]: (p["name"], p["bot"]) for p in api.ok("GET", f"/api/games/{gid}", papacy)["seats"]}
    assert seats == {"papacy": ("Leo", None), "protestant": ("normal bot", "normal")}
    api.ok("POST", f"/api/games/{gid}/gm/start", made["gm_token"])
    # The bot took Luther's 95 Theses and whatever followed until the Papacy had to decide.
    bot_actions = 0
    for mine in range(80):
        view = _view(api, gid, papacy)
        assert view["acting"] == ["papacy"], view["acting"]  # the person is never left waiting for the bot
        bot_actions = api.ok("GET", f"/api/games/{gid}", made["gm_token"])["game"]["seq"] - mine
        if view["phase"] == "action" and bot_actions > 8:
            break
        api.ok("POST", f"/api/games/{gid}/actions", papacy, {"action": view["actions"][0]})
    assert view["phase"] == "action" and bot_actions > 8, (view["phase"], bot_actions)
    # Several impulses on: each of the person's actions hands the bot its decisions, which it takes at once.
    impulses = set()
    for _ in range(40):
        view = _view(api, gid, papacy)
        if view["over"]:
            break
        assert view["acting"] == ["papacy"], view["acting"]
        impulses.add((view["turn"], view["phase"], len(view["log"])) if view["decision"]["kind"] == "impulse" else None)
        api.ok("POST", f"/api/games/{gid}/actions", papacy, {"action": view["actions"][0]})
    assert len(impulses - {None}) >= 3


def test_bot_seats_that_cannot_be_are_refused_with_what_was_expected(api: Api) -> None:
    cases = [
        ({"ruleset": "his2p", "settings": {"bots": {"hapsburg": "normal"}}}, "no player seat 'hapsburg'"),
        ({"ruleset": "his2p", "settings": {"bots": {"protestant": "hard"}}}, "levels: random, normal"),
        (
            {"ruleset": "his2p", "settings": {"bots": {"protestant": "normal", "papacy": "random"}}},
            "leave at least one seat for a person",
        ),
        ({"ruleset": "rr3", "settings": {"bots": {"x": "normal"}}}, "has no bots"),
    ]
    for body, words in cases:
        status, answer = api.call("POST", "/api/games", body=body)
        assert status == 422 and words in str(answer), (status, answer)


def test_a_person_plays_germany_against_the_normal_bot_in_empires_for_two(api: Api) -> None:
    """Empires for Two with the Byzantine seat a bot: its places, turns and answers (an agreement proposed to it,
    EMP-G07) come at once, so the person is only ever waited for; an area given to it is accepted."""
    made = api.create(ruleset="empires2", seed=4, settings={"bots": {"byzantine": "normal"}})
    gid, germany = made["id"], made["seat_tokens"]["germany"]
    assert set(made["seat_tokens"]) == {"germany"}
    api.ok("POST", f"/api/games/{gid}/join", germany, {"name": "Otto"})
    api.ok("POST", f"/api/games/{gid}/gm/start", made["gm_token"])
    proposed = False
    for _ in range(120):
        view = _view(api, gid, germany)
        if view["over"] or (proposed and view["agreement"] is None):
            break
        assert view["acting"] == ["germany"], view["acting"]
        if view["may_propose"] and not proposed:
            # An area given raises the Byzantines' victory points (EMP-P01), so the normal bot accepts (EMP-G07).
            court = view["empires"]["germany"]["court"]
            given = sorted(a for a, x in view["areas"].items() if x["owner"] == "germany" and a != court)[0]
            action = {"type": "propose", "gives": {"areas": [given]}}
            api.ok("POST", f"/api/games/{gid}/actions", germany, {"action": action})
            proposed = True
            continue
        action = next((a for a in view["actions"] if a["type"] in ("place", "end_turn", "defend")), view["actions"][0])
        api.ok(
            "POST",
            f"/api/games/{gid}/actions",
            germany,
            {"action": {k: v for k, v in action.items() if k != "max_gold"}},
        )
    assert proposed
    log = "\n".join(_view(api, gid, germany)["log"])
    assert "Byzantine Empire accepts the agreement (rewrite 20.0)" in log, log[-2000:]
    assert "Germany cedes" in log and "to Byzantine Empire" in log, log[-2000:]
