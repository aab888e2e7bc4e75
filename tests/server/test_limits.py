"""Bounded input over HTTP (issue 12, points 5 and 6): the body cap, numbers, and per-field limits of /actions."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import Api, started_game
from umpire.server.app import create_app


def _post(client: TestClient, path: str, token: str, content: Any) -> Any:
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    return client.post(path, content=content, headers=headers)


def test_a_100000_order_action_is_refused_and_answers_stay_small(api: Api) -> None:
    """Issue 12: a 100,000-order action was accepted in 4 s and the game's every answer was 5.7 MB after."""
    game = started_game(api)
    france = game["seat_tokens"]["FRANCE"]
    action = {"type": "orders", "power": "FRANCE", "orders": ["A PAR H"] * 100_000}
    status, data = api.call("POST", f"/api/games/{game['id']}/actions", france, {"action": action})
    assert status == 422 and data["error"] == "action.orders has 100000 items; expected at most 34"
    action["orders"] = ["A PAR H"] * 4
    status, data = api.call("POST", f"/api/games/{game['id']}/actions", france, {"action": action})
    assert (status, data["error"]) == (422, "FRANCE may give at most 3 orders in S1901M (one per unit), not 4")
    assert len(api.client.get(f"/api/games/{game['id']}").content) < 20_000


def test_a_huge_1615_submission_is_refused(api: Api) -> None:
    """Issue 12: a 2 MB 1615 submission made views 33 MB; a 4,301-digit INF line was a 500."""
    game = api.create(ruleset="europe1615")
    france = game["seat_tokens"]["FRANCE"]
    api.ok("POST", f"/api/games/{game['id']}/join", france, {"name": "F"})
    api.ok("POST", f"/api/games/{game['id']}/gm/start", game["gm_token"])
    url = f"/api/games/{game['id']}/actions"
    status, data = api.call("POST", url, france, {"action": {"type": "submit", "text": "PAR H\n" * 350_000}})
    assert status == 413, data  # 2.1 MB: over the body cap
    status, data = api.call("POST", url, france, {"action": {"type": "submit", "text": "PAR H\n" * 100_000}})
    assert status == 422 and data["error"].startswith("action.text is 600000 characters long; expected at most")
    for text in ["9" * 4301 + ": WUR", "FRANCE:\n" + "9" * 4301 + ": WUR\n"]:
        status, data = api.call("POST", url, france, {"action": {"type": "submit", "text": text}})
        assert status == 422 and "characters long; expected at most 200" in data["error"], data
        status, data = api.call("POST", f"/api/games/{game['id']}/orders", france, {"text": text})
        assert status == 422 and "characters long; expected at most 200" in data["error"], data
    data = api.ok("POST", f"/api/games/{game['id']}/orders", france, {"text": "99999: WUR\n9: WUR"})
    assert data["lines"] == [
        {
            "line": 1,
            "text": "99999: WUR",
            "error": "an INF amount of 5 digits is more than any power holds; expected a whole number from 1 to 21",
        }
    ]
    assert len(api.client.get(f"/api/games/{game['id']}", headers={"Authorization": f"Bearer {france}"}).content) < (
        300_000
    )


def test_rr3_treasury_cannot_be_pushed_past_its_maximum(api: Api) -> None:
    """Issue 12: repeated adjustments of a treasury by a huge delta pushed it past 4,300 digits: a 500."""
    game = api.create(ruleset="rr3")
    gm, url = game["gm_token"], f"/api/games/{game['id']}/actions"
    api.ok("POST", f"/api/games/{game['id']}/gm/start", gm)
    adjust = {"type": "adjust", "target": "states", "key": "france", "field": "treasury", "why": "t", "who": "GC"}
    for delta in [10**4000, 10**18, 2**62]:
        status, data = api.call("POST", url, gm, {"action": {**adjust, "delta": delta}})
        assert status == 422 and "out of range" in data["error"] and "delta" in data["error"], data
    status, data = api.call("POST", url, gm, {"action": {**adjust, "delta": 999_999}})
    assert status == 422 and "would take states.treasury of france from 15 to 1000014" in data["error"]
    assert api.client.get(f"/api/games/{game['id']}").status_code == 200


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"action": {"type": "x", "n": 1e999}}', "action.n: 1e999 is out of range"),
        ('{"action": {"type": "x", "n": ' + "9" * 5000 + "}}", "action.n: a 5000-digit number is out of range"),
        ('{"action": {"type": "x", "n": ' + "9" * 4301 + "}}", "action.n: a 4301-digit number is out of range"),
        ('{"action": {"type": "x", "l": [1, -Infinity]}}', "action.l[1]: -Infinity is out of range"),
        ('{"action": {"type": "ready", "n": 9007199254740993}}', "action.n is a 16-digit number, out of range"),
        ('{"action": {"type": "ready", "n": 1e300}}', "action.n: 1e300 is out of range"),
    ],
    ids=["1e999", "5000-digits", "4301-digits", "-Infinity", "above-2^53", "1e300"],
)
def test_huge_numbers_in_a_body_are_422(client: TestClient, content: str, message: str) -> None:
    game = started_game(Api(client))
    response = _post(client, f"/api/games/{game['id']}/actions", game["seat_tokens"]["FRANCE"], content)
    assert response.status_code == 422, response.text
    assert response.json()["error"].startswith(message), response.text


def test_other_routes_with_huge_numbers_are_422(client: TestClient) -> None:
    game = started_game(Api(client))
    gm = game["gm_token"]
    for path, content in [
        ("/gm/extend", '{"seconds": ' + "9" * 5000 + "}"),
        ("/gm/deadline", '{"at": 1e999}'),
        ("/bids", '{"bids": {"FRANCE": NaN}}'),
    ]:
        response = _post(client, f"/api/games/{game['id']}{path}", gm, content)
        assert response.status_code == 422 and response.json()["error"], response.text
    response = client.post(
        "/api/games", content='{"seed": ' + "1" * 4400 + "}", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 422 and response.json()["error"].startswith("seed: a 4400-digit number")


def test_body_cap_by_content_length_and_by_counting(app_db: str) -> None:
    app = create_app(app_db, scheduler=False, max_body_bytes=4096)
    with TestClient(app) as client:
        game = started_game(Api(client))
        url = f"/api/games/{game['id']}/press"
        big = '{"to": "public", "body": "' + "x" * 5000 + '"}'
        response = _post(client, url, game["seat_tokens"]["FRANCE"], big)
        assert response.status_code == 413
        assert response.json() == {
            "error": "the request body is larger than this server accepts (4096 bytes); send less"
        }

        def chunks() -> Any:
            for _ in range(10):
                yield b"x" * 1000

        response = _post(client, url, game["seat_tokens"]["FRANCE"], chunks())
        assert response.status_code == 413
        small = '{"to": "public", "body": "hello"}'
        assert _post(client, url, game["seat_tokens"]["FRANCE"], small).status_code == 200


def test_chunked_body_is_refused_before_the_route_reads_it(app_db: str) -> None:
    """Without a Content-Length the Guard counts bytes as they arrive and stops reading at the cap."""
    app = create_app(app_db, scheduler=False, max_body_bytes=2048)
    received = {"messages": 0}

    async def receive() -> dict[str, Any]:
        received["messages"] += 1
        return {"type": "http.request", "body": b"x" * 1000, "more_body": True}  # an endless body

    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/games",
        "raw_path": b"/api/games",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json"), (b"transfer-encoding", b"chunked"), (b"host", b"x")],
        "http_version": "1.1",
        "scheme": "http",
        "server": ("x", 80),
        "client": ("127.0.0.1", 1),
        "root_path": "",
    }
    asyncio.run(app(scope, receive, send))
    assert sent[0]["status"] == 413
    assert received["messages"] == 3


def test_the_cap_is_a_setting(app_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from umpire.server.bodies import max_body_bytes

    assert max_body_bytes(None) == 1024 * 1024
    monkeypatch.setenv("UMPIRE_MAX_BODY_BYTES", "2048")
    assert max_body_bytes(None) == 2048
    assert max_body_bytes(8192) == 8192
    monkeypatch.setenv("UMPIRE_MAX_BODY_BYTES", "lots")
    with pytest.raises(ValueError, match="UMPIRE_MAX_BODY_BYTES must be a whole number of bytes, not 'lots'"):
        max_body_bytes(None)
