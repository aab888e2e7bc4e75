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
