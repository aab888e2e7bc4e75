"""Authorisation holes found by an attack on the server (issue 12): a reissued seat's old holder keeps nothing."""

from __future__ import annotations

import queue
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient

from tests.server.conftest import Api, LiveServer, started_game
from umpire.server.app import create_app
from umpire.server.ratelimit import LoginLimiter


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


HEARTBEAT = 120.0
"""The streams' keep-alive beat in the reissue test: longer than any wait of the test."""
WAIT = 30.0


def stream_events(url: str, token: str, out: queue.Queue[str]) -> None:
    """Put each event name of the stream in ``out``; 'closed' when the server ends the stream."""
    try:
        with (
            httpx.Client(timeout=HEARTBEAT) as client,
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
    is twice the longest wait, so only the reissue's wake-up can end them in time. (The waits are generous: on a
    loaded machine a stream's first answer can take seconds, and tighter ones made this test fail now and then.)"""
    with LiveServer(str(tmp_path / "db.sqlite"), scheduler=False, heartbeat=HEARTBEAT) as live:
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
            assert next_event(events, WAIT) == "state"
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
                got.append(next_event(events, WAIT))
            assert got[-1] == "gone", got
            assert next_event(events, WAIT) == "closed"
        assert time.monotonic() - started < HEARTBEAT / 2
        http.close()


CONTROL = ["map_control", "political_control", "religious_control", "character_control", "nonplayed_control"]


def test_control_desks_are_not_taken_from_the_lobby(api: Api) -> None:
    """The attack: the rr3 lobby link (a `chosen` game: 'anyone may join') took map_control after the start and
    with it every team's brief and treasury. Staff seats come only through their own link or the GM."""
    made = api.create(ruleset="rr3", options={"seats": "teams"})
    gid, lobby = made["id"], made["lobby_token"]
    assert made["staff_seats"] == CONTROL
    assert api.create()["staff_seats"] == []  # standard Diplomacy has none
    for started in (False, True):
        if started:
            api.ok("POST", f"/api/games/{gid}/gm/start", made["gm_token"])
        for desk in CONTROL:
            status, data = api.call("POST", f"/api/games/{gid}/join", lobby, {"name": "Mallory", "seat": desk})
            assert status == 403 and "staff seat" in data["error"], (status, data)
        status, data = api.call("POST", f"/api/games/{gid}/join", lobby, {"name": "Mallory", "seat": "nope"})
        assert status == 409 and "map_control" not in data["error"] and "france" in data["error"]
    seats = {s["seat"]: s for s in api.ok("GET", f"/api/games/{gid}", lobby)["seats"]}
    assert all(seats[d]["staff"] and not seats[d]["free"] for d in CONTROL)
    assert seats["france"]["free"] and not seats["france"]["staff"]
    # A team seat is still taken from the lobby; a desk through its own link.
    assert api.ok("POST", f"/api/games/{gid}/join", lobby, {"name": "Ann", "seat": "france"})["you"]["role"] == "france"
    desk = api.ok("POST", f"/api/games/{gid}/join", made["seat_tokens"]["map_control"], {"name": "Umpire"})
    assert desk["you"]["role"] == "map_control"


def test_random_deals_no_staff_seat_and_the_gm_assigns_one_after_the_start(api: Api) -> None:
    made = api.create(ruleset="rr3", settings={"assignment": "random"}, options={"seats": "teams"})
    gid, gm = made["id"], made["gm_token"]
    players = [api.ok("POST", f"/api/games/{gid}/join", made["lobby_token"], {"name": f"P{i}"}) for i in range(13)]
    shown = api.ok("POST", f"/api/games/{gid}/gm/start", gm)
    dealt = {s["seat"]: s["name"] for s in shown["seats"]}
    assert all(dealt[d] is None for d in CONTROL), dealt
    assert sum(1 for s in shown["seats"] if s["name"]) == 11 and len(shown["lobby"]) == 2
    left = shown["lobby"][0]["player"]
    status, data = api.call("POST", f"/api/games/{gid}/gm/assign", gm, {"player": left, "seat": "france"})
    assert status == 409 and "staff seats" in data["error"]
    shown = api.ok("POST", f"/api/games/{gid}/gm/assign", gm, {"player": left, "seat": "political_control"})
    assert {s["seat"]: s["player"] for s in shown["seats"]}["political_control"] == left
    mine = next(p for p in players if p["you"]["player"] == left)
    assert api.ok("GET", f"/api/games/{gid}", mine["token"])["you"]["role"] == "political_control"


def test_an_auction_of_more_seats_than_its_points_allow_is_refused(api: Api) -> None:
    """A seat per player (RR3-K01) makes more than 20 seats: at 5 points each they would need more than the 100."""
    status, data = api.call("POST", "/api/games", None, {"ruleset": "rr3", "settings": {"assignment": "auction"}})
    assert status == 422 and "at most 20 seats" in data["error"], data
    assert int(data["error"].split(" has ")[1].split()[0]) > 20, data


def test_an_auction_offers_no_staff_seat(api: Api) -> None:
    made = api.create(ruleset="rr3", settings={"assignment": "auction"}, options={"seats": "teams"})
    gid = made["id"]
    teams = [s for s in made["seat_tokens"] if s not in CONTROL]
    bidder = api.ok("POST", f"/api/games/{gid}/join", made["lobby_token"], {"name": "Ann"})["token"]
    bids = {team: 5 for team in teams} | {teams[0]: 100 - 5 * (len(teams) - 1)}
    status, data = api.call("POST", f"/api/games/{gid}/bids", bidder, {"bids": {**bids, CONTROL[0]: 5}})
    assert status == 422 and "no power map_control" in data["error"], data
    assert not set(CONTROL) & set(data["error"].split("bid on: ")[1].split(", "))
    api.ok("POST", f"/api/games/{gid}/bids", bidder, {"bids": bids})
    shown = api.ok("POST", f"/api/games/{gid}/gm/start", made["gm_token"])
    assert {s["seat"]: s["name"] for s in shown["seats"]}[teams[0]] == "Ann"


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def login_app(tmp_path: Path) -> tuple[Any, FakeClock]:
    app = create_app(str(tmp_path / "db.sqlite"), scheduler=False)
    clock = FakeClock()
    app.state.login_limiter.clock = clock
    TestClient(app).post("/api/accounts", json={"name": "ann", "password": "correct horse"})
    return app, clock


def from_address(app: Any, address: str) -> TestClient:
    return TestClient(app, client=(address, 40000))


def login(client: TestClient, name: str, password: str) -> httpx.Response:
    return client.post("/api/accounts/login", json={"name": name, "password": password})


def test_login_does_not_tell_which_names_exist(tmp_path: Path) -> None:
    app, _clock = login_app(tmp_path)
    client = from_address(app, "10.0.0.1")
    unknown, wrong = login(client, "nobody", "correct horse"), login(client, "ann", "wrong horse")
    assert unknown.status_code == wrong.status_code == 401
    assert unknown.json() == wrong.json() == {"error": "wrong name or password"}

    def median_seconds(name: str) -> float:
        times = []
        for _ in range(5):
            started = time.perf_counter()
            login(from_address(app, f"10.1.{len(times)}.{len(name)}"), name, "wrong horse")
            times.append(time.perf_counter() - started)
        return sorted(times)[2]

    # Both run one scrypt (tens of milliseconds); without the dummy hash an unknown name answered at once.
    unknown_s, wrong_s = median_seconds("nobody"), median_seconds("ann")
    assert unknown_s > 0.4 * wrong_s and wrong_s > 0.4 * unknown_s, (unknown_s, wrong_s)


def test_failed_logins_are_limited_per_name_and_address(tmp_path: Path) -> None:
    app, clock = login_app(tmp_path)
    attacker, owner = from_address(app, "10.0.0.66"), from_address(app, "10.0.0.7")
    for _ in range(5):
        assert login(attacker, "ann", "guess guess").status_code == 401
    refused = login(attacker, "ann", "correct horse")  # even the right password: the name is locked here
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "900"
    assert "try again in 900 seconds" in refused.json()["error"]
    # An unknown name is limited the same way (the limit tells nothing about which names exist).
    for _ in range(5):
        assert login(attacker, "nobody", "guess guess").status_code == 401
    assert login(attacker, "nobody", "guess guess").status_code == 429
    # The owner, from another address, is not locked out by the attacker's failures.
    assert login(owner, "ann", "correct horse").status_code == 200
    clock.now += 600
    assert login(attacker, "ann", "correct horse").headers["Retry-After"] == "300"
    clock.now += 300
    assert login(attacker, "ann", "correct horse").status_code == 200


def test_failed_logins_are_limited_per_address(tmp_path: Path) -> None:
    app, clock = login_app(tmp_path)
    attacker = from_address(app, "10.0.0.66")
    for i in range(20):
        clock.now += 1
        assert login(attacker, f"name{i}", "guess guess").status_code == 401
    refused = login(attacker, "ann", "correct horse")
    assert refused.status_code == 429 and refused.headers["Retry-After"] == str(900 - 19)
    assert login(from_address(app, "10.0.0.7"), "ann", "correct horse").status_code == 200


def test_guesses_spread_over_addresses_lock_the_name_but_not_its_known_browser(tmp_path: Path) -> None:
    app, clock = login_app(tmp_path)
    owner = from_address(app, "10.0.0.7")
    assert login(owner, "ann", "correct horse").status_code == 200
    for i in range(100):
        assert login(from_address(app, f"10.2.{i}.1"), "ann", "guess guess").status_code == 401
    assert login(from_address(app, "10.3.0.1"), "ann", "correct horse").status_code == 429
    assert login(owner, "ann", "correct horse").status_code == 200  # logged in from here before
    clock.now += 900
    assert login(from_address(app, "10.3.0.1"), "ann", "correct horse").status_code == 200


def test_login_limits_are_settings(tmp_path: Path) -> None:
    app = create_app(str(tmp_path / "db.sqlite"), scheduler=False, login_failures_per_name=2, login_window=60)
    client = TestClient(app)
    for _ in range(2):
        assert login(client, "ann", "guess guess").status_code == 401
    refused = login(client, "ann", "guess guess")
    # The 60 s window, less the seconds the logins took.
    assert refused.status_code == 429 and 55 <= int(refused.headers["Retry-After"]) <= 60


def test_attempts_count_before_they_fail() -> None:
    """Many logins at once (thread pool) cannot all pass the check before any has failed: an attempt counts at
    once, and only a right password takes it back."""
    clock = FakeClock()
    limiter = LoginLimiter(per_name=5, per_address=20, window=900, clock=clock)
    assert [limiter.attempt("ann", "10.0.0.1") for _ in range(7)] == [0] * 5 + [900, 900]
    limiter.succeeded("bob", "10.0.0.2")
    for _ in range(10):
        assert limiter.attempt("bob", "10.0.0.2") == 0
        limiter.succeeded("bob", "10.0.0.2")
