"""Deadlines: fired by the scheduler, with the missed-orders policies, after a restart, exactly once."""

from __future__ import annotations

import threading
import time

from fastapi.testclient import TestClient

from tests.server.conftest import Api, started_game
from umpire.server.app import create_app
from umpire.server.db import make_engine
from umpire.server.scheduler import fire_due
from umpire.server.store import Store

LATER = 10**10  # a moment after every deadline


def store_of(client: TestClient) -> Store:
    return client.app.state.store  # type: ignore[attr-defined,no-any-return]


def test_deadline_resolves_with_holds(api: Api) -> None:
    made = started_game(api, settings={"deadlines": {"movement": 600, "retreats": 60}})
    gid, france = made["id"], made["seat_tokens"]["FRANCE"]
    api.ok("POST", f"/api/games/{gid}/orders", france, {"text": "A PAR - BUR"})
    assert fire_due(store_of(api.client), time.time()) == []  # not due yet
    assert fire_due(store_of(api.client), LATER) == [gid]
    shown = api.ok("GET", f"/api/games/{gid}", france)
    assert shown["view"]["phase"] == "F1901M"
    assert "A BUR" in shown["view"]["units"]["FRANCE"] and "A MUN" in shown["view"]["units"]["GERMANY"]
    seats = {s["seat"]: s for s in shown["seats"]}
    assert seats["FRANCE"]["misses"] == 0 and seats["GERMANY"]["misses"] == 1
    assert fire_due(store_of(api.client), LATER) == [gid]  # the next phase's deadline (600 s) is due "later" too


def test_bot_plays_missing_seats(api: Api) -> None:
    made = started_game(api, settings={"missed_orders": "bot", "deadlines": {"movement": 600}})
    gid = made["id"]
    api.ok("POST", f"/api/games/{gid}/orders", made["seat_tokens"]["FRANCE"], {"text": "A PAR H"})
    fire_due(store_of(api.client), LATER)
    history = api.ok("GET", f"/api/games/{gid}")["view"]["history"]["last"]["results"]
    assert [r["order"] for r in history["FRANCE"]] == ["A PAR H"]
    # Every other seat's orders came from the bot, logged as that seat's action (so replay needs no bot).
    record = store_of(api.client).action_log(gid)
    ordered = {a["role"] for a in record if a["action"]["type"] == "orders"}
    assert ordered == {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"}
    assert len(history["RUSSIA"]) == 4


def test_civil_disorder_after_n_misses(api: Api) -> None:
    made = started_game(
        api, settings={"missed_orders": "civil_disorder", "civil_disorder_after": 2, "deadlines": {"default": 600}}
    )
    gid, tokens = made["id"], made["seat_tokens"]
    store = store_of(api.client)
    fire_due(store, LATER)  # S1901M: every seat missed once
    api.ok("POST", f"/api/games/{gid}/orders", tokens["FRANCE"], {"text": "A PAR - BUR"})
    fire_due(store, LATER)  # F1901M: France ordered; the others missed twice: civil disorder
    shown = api.ok("GET", f"/api/games/{gid}", tokens["FRANCE"])
    seats = {s["seat"]: s for s in shown["seats"]}
    assert not seats["FRANCE"]["civil_disorder"] and seats["FRANCE"]["misses"] == 0
    assert all(s["civil_disorder"] for seat, s in seats.items() if seat != "FRANCE"), seats
    # The seats in civil disorder are ready at once: the phase waits only for France, who can end it early.
    assert shown["view"]["phase"] == "S1902M" and shown["view"]["waiting_for"] == ["FRANCE"]
    shown = api.ok("POST", f"/api/games/{gid}/ready", tokens["FRANCE"], {"ready": True})
    assert shown["view"]["phase"] == "F1902M" and shown["view"]["waiting_for"] == ["FRANCE"]
    # A player who acts again leaves civil disorder.
    shown = api.ok("POST", f"/api/games/{gid}/ready", tokens["GERMANY"], {"ready": False})
    assert not {s["seat"]: s for s in shown["seats"]}["GERMANY"]["civil_disorder"]


def test_everyone_in_civil_disorder_waits_for_deadlines(api: Api) -> None:
    made = started_game(
        api, settings={"missed_orders": "civil_disorder", "civil_disorder_after": 1, "deadlines": {"default": 600}}
    )
    fire_due(store_of(api.client), LATER)
    shown = api.ok("GET", f"/api/games/{made['id']}")
    assert all(s["civil_disorder"] for s in shown["seats"]) and shown["view"]["phase"] == "F1901M"


def test_paused_game_does_not_fire(api: Api) -> None:
    made = started_game(api, settings={"deadlines": {"movement": 600}})
    gid = made["id"]
    api.ok("POST", f"/api/games/{gid}/gm/pause", made["gm_token"])
    assert fire_due(store_of(api.client), LATER) == []
    api.ok("POST", f"/api/games/{gid}/gm/resume", made["gm_token"])
    assert api.ok("GET", f"/api/games/{gid}")["view"]["phase"] == "S1901M"


def test_overdue_deadline_fires_after_restart(app_db: str) -> None:
    app = create_app(app_db, scheduler=False)
    with TestClient(app) as client:
        api = Api(client)
        made = started_game(api)
        gid = made["id"]
        api.ok("POST", f"/api/games/{gid}/orders", made["seat_tokens"]["FRANCE"], {"text": "A PAR - BUR"})
        api.ok("POST", f"/api/games/{gid}/gm/deadline", made["gm_token"], {"in_seconds": 0})
    # A new server on the same database, with its scheduler running, resolves the overdue phase by itself.
    app = create_app(app_db, scheduler=True, poll=0.1)
    with TestClient(app) as client:
        for _ in range(100):
            view = client.get(f"/api/games/{gid}").json()["view"]
            if view["phase"] != "S1901M":
                break
            time.sleep(0.05)
        assert view["phase"] == "F1901M"
        assert view["history"]["last"]["results"]["FRANCE"][-1]["order"] == "A PAR - BUR"


def test_two_servers_fire_a_deadline_once(app_db: str) -> None:
    app = create_app(app_db, scheduler=False)
    with TestClient(app) as client:
        api = Api(client)
        made = started_game(api)
        gid = made["id"]
        api.ok("POST", f"/api/games/{gid}/gm/deadline", made["gm_token"], {"in_seconds": 0})
    stores = [Store(make_engine(app_db)) for _ in range(4)]
    fired: list[list[str]] = []
    barrier = threading.Barrier(len(stores))

    def run(store: Store) -> None:
        barrier.wait()
        fired.append(fire_due(store, LATER))

    threads = [threading.Thread(target=run, args=(s,)) for s in stores]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(len(f) for f in fired) == [0, 0, 0, 1]
    snap = stores[0].snapshot(gid)
    assert len(snap.game.ruleset.view(snap.game.state, "observer")["history"]) == 1
    resolves = [a for a in stores[0].action_log(gid) if a["action"]["type"] == "resolve"]
    assert len(resolves) == 1
