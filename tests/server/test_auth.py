"""Authorisation holes found by an attack on the server (issue 12): a reissued seat's old holder keeps nothing."""

from __future__ import annotations

import queue
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import Api, LiveServer, started_game


def link_account(api: Api, gid: str, seat_token: str, name: str = "ann") -> str:
    """An account tied to the seat of ``seat_token``; its token."""
    account = api.ok("POST", "/api/accounts", body={"name": name, "password": "correct horse"})
    response = api.client.post(
        "/api/accounts/link",
        json={"game": gid},
        headers={"Authorization": f"Bearer {account['token']}", "X-Seat-Token": seat_token},
    )
    assert response.status_code == 200, response.text
    token: str = account["token"]
    return token


def test_reissue_cuts_the_old_seat_token_and_the_linked_account(api: Api) -> None:
    made = started_game(api)
    gid, gm, old_seat = made["id"], made["gm_token"], made["seat_tokens"]["FRANCE"]
    old_account = link_account(api, gid, old_seat)
    assert api.ok("GET", f"/api/games/{gid}", old_account)["you"]["role"] == "FRANCE"

    fresh = api.ok("POST", f"/api/games/{gid}/gm/reissue", gm, {"seat": "FRANCE"})["token"]
    api.ok("POST", f"/api/games/{gid}/join", fresh, {"name": "Newcomer"})
    api.ok("POST", f"/api/games/{gid}/orders", fresh, {"text": "A PAR - PIC"})

    for old in (old_seat, old_account):
        status, data = api.call("GET", f"/api/games/{gid}", old)
        assert status == 401 and "no seat" in data["error"], (status, data)
        assert api.call("POST", f"/api/games/{gid}/orders", old, {"text": "A PAR - BUR"})[0] == 401
        assert (
            api.call("POST", f"/api/games/{gid}/actions", old, {"action": {"type": "ready", "ready": True}})[0] == 401
        )
        assert api.call("POST", f"/api/games/{gid}/ready", old, {"ready": True})[0] == 401
        assert api.call("POST", f"/api/games/{gid}/press", old, {"to": "public", "body": "Vive la France"})[0] == 401
        assert api.call("GET", f"/api/games/{gid}/map.svg", old)[0] == 401
    # Nothing the old holder sent took: the new player's orders stand, no press was written.
    mine = api.ok("GET", f"/api/games/{gid}", fresh)
    assert mine["view"]["orders"]["FRANCE"] == ["A PAR - PIC"] and mine["press"] == []
    assert "FRANCE" in mine["view"]["waiting_for"]
    # The account itself still works; it just holds no seat here any more.
    assert api.ok("GET", "/api/accounts/me", old_account)["games"] == []


def test_unlink_unties_the_account_from_its_seat(api: Api) -> None:
    made = started_game(api)
    gid, seat = made["id"], made["seat_tokens"]["FRANCE"]
    account = link_account(api, gid, seat)
    assert api.ok("POST", "/api/accounts/unlink", account, {"game": gid}) == {"game": gid, "seat": "FRANCE"}
    assert api.call("GET", f"/api/games/{gid}", account)[0] == 401
    assert api.ok("GET", f"/api/games/{gid}", seat)["you"]["role"] == "FRANCE"  # the seat's own link still works
    status, data = api.call("POST", "/api/accounts/unlink", account, {"game": gid})
    assert status == 404 and "no seat" in data["error"]
    assert api.call("POST", "/api/accounts/unlink", None, {"game": gid})[0] == 401


def test_an_account_holds_one_seat_per_game(api: Api) -> None:
    made = started_game(api)
    gid = made["id"]
    account = link_account(api, gid, made["seat_tokens"]["FRANCE"])
    response = api.client.post(
        "/api/accounts/link",
        json={"game": gid},
        headers={"Authorization": f"Bearer {account}", "X-Seat-Token": made["seat_tokens"]["GERMANY"]},
    )
    assert response.status_code == 409 and "FRANCE" in response.json()["error"]


def test_a_reissued_seat_is_not_free_for_the_lobby(api: Api) -> None:
    """The old holder (who may have the lobby link of a `chosen` game) cannot take the seat back from the lobby
    before the new link's holder joins."""
    made = started_game(api)
    gid = made["id"]
    fresh = api.ok("POST", f"/api/games/{gid}/gm/reissue", made["gm_token"], {"seat": "FRANCE"})["token"]
    status, data = api.call("POST", f"/api/games/{gid}/join", made["lobby_token"], {"name": "Old", "seat": "FRANCE"})
    assert status == 409 and "not free" in data["error"]
    assert api.ok("POST", f"/api/games/{gid}/join", fresh, {"name": "New"})["you"]["role"] == "FRANCE"


def stream_events(url: str, token: str, out: queue.Queue[str]) -> None:
    """Put each event name of the stream in ``out``; 'closed' when the server ends the stream."""
    try:
        with (
            httpx.Client(timeout=30) as client,
            client.stream("GET", url, headers={"Authorization": f"Bearer {token}"}) as response,
        ):
            for line in response.iter_lines():
                if line.startswith("event:"):
                    out.put(line[6:].strip())
    finally:
        out.put("closed")


def next_event(events: queue.Queue[str], seconds: float) -> str:
    try:
        return events.get(timeout=seconds)
    except queue.Empty:
        return "timeout"


def test_reissue_ends_the_old_holders_open_streams(tmp_path: Path) -> None:
    """Both streams (seat token, account token) are woken by the reissue and told `gone` at once: the heartbeat
    is far longer than the wait, so only the reissue's wake-up can end them in time."""
    with LiveServer(str(tmp_path / "db.sqlite"), scheduler=False, heartbeat=60.0) as live:
        http = httpx.Client(base_url=live.url, timeout=10)
        made = http.post("/api/games", json={"ruleset": "standard"}).json()
        gid, seat = made["id"], made["seat_tokens"]["FRANCE"]
        account = http.post("/api/accounts", json={"name": "ann", "password": "correct horse"}).json()["token"]
        linked = http.post(
            "/api/accounts/link",
            json={"game": gid},
            headers={"Authorization": f"Bearer {account}", "X-Seat-Token": seat},
        )
        assert linked.status_code == 200, linked.text
        queues: list[queue.Queue[str]] = []
        for token in (seat, account):
            events: queue.Queue[str] = queue.Queue()
            threading.Thread(
                target=stream_events, args=(f"{live.url}/api/games/{gid}/events", token, events), daemon=True
            ).start()
            assert next_event(events, 5) == "state"
            queues.append(events)
        started = time.monotonic()
        reissued = http.post(
            f"/api/games/{gid}/gm/reissue",
            json={"seat": "FRANCE"},
            headers={"Authorization": f"Bearer {made['gm_token']}"},
        )
        assert reissued.status_code == 200
        for events in queues:
            got: list[Any] = []
            while not got or got[-1] not in ("gone", "closed", "timeout"):
                got.append(next_event(events, 10))
            assert got[-1] == "gone", got
            assert next_event(events, 5) == "closed"
        assert time.monotonic() - started < 10
        http.close()
