"""Undo over HTTP (issue 16 point 1): a seat takes back its own last action while nothing hidden was revealed and
no die was rolled; the GM rolls back further; each is noted in the public press, and the log, the snapshot and the
caches stay one game (a new action after a rollback, at the same action count, is not mistaken for the old one)."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Api
from tests.server.test_snapshots import fresh_store


def to_papal_impulse(api: Api) -> dict[str, Any]:
    made = api.create(ruleset="his2p", seed=5)
    gid, tokens = made["id"], made["seat_tokens"]
    for seat in tokens:
        api.ok("POST", f"/api/games/{gid}/join", tokens[seat], {"name": seat}, who=seat)
    api.ok("POST", f"/api/games/{gid}/gm/start", made["gm_token"])
    for _ in range(60):
        gm = api.ok("GET", f"/api/games/{gid}", made["gm_token"])["view"]
        if gm["phase"] == "action" and gm["decision"]["kind"] == "impulse":
            return made
        seat = gm["acting"][0]
        mine = api.ok("GET", f"/api/games/{gid}", tokens[seat])["view"]
        api.ok("POST", f"/api/games/{gid}/actions", tokens[seat], {"action": mine["actions"][0]})
    raise AssertionError("no papal impulse")


def test_a_seat_undoes_its_own_last_action_and_the_gm_rolls_back_further(api: Api, app_db: str) -> None:
    made = to_papal_impulse(api)
    gid, papacy, protestant, gm = (
        made["id"],
        made["seat_tokens"]["papacy"],
        made["seat_tokens"]["protestant"],
        made["gm_token"],
    )
    path = f"/api/games/{gid}"
    play = next(a for a in api.ok("GET", path, papacy)["view"]["actions"] if a.get("as") == "cp")
    api.ok("POST", f"{path}/actions", papacy, {"action": play})
    at_cp = api.ok("GET", path, gm)
    api.ok("POST", f"{path}/actions", papacy, {"action": {"type": "build_st_peters"}})
    assert api.ok("GET", path, gm)["view"]["tracks"] != at_cp["view"]["tracks"]

    # The Papacy takes back St. Peter's; the others may not take back the Papacy's action.
    status, refused = api.call("POST", f"{path}/undo", protestant, {})
    assert status == 409 and "papacy's, not yours" in refused["error"]
    undone = api.ok("POST", f"{path}/undo", papacy, {})
    assert (
        undone["view"]["tracks"] == at_cp["view"]["tracks"] and undone["view"]["decision"] == at_cp["view"]["decision"]
    )
    assert api.ok("GET", path, gm)["game"]["seq"] == at_cp["game"]["seq"]
    assert any(m["body"] == "Papacy took back its last action." for m in api.ok("GET", path)["press"])

    # The card played revealed it: the Papacy may not take that back, and takes only one action at a time.
    status, refused = api.call("POST", f"{path}/undo", papacy, {})
    assert status == 409 and "hidden" in refused["error"]
    status, refused = api.call("POST", f"{path}/undo", papacy, {"count": 2})
    assert status == 403

    # The GM rolls back the card and the action before it; the game goes on from there.
    seq = at_cp["game"]["seq"]
    rolled = api.ok("POST", f"{path}/undo", gm, {"count": 2})
    assert rolled["game"]["seq"] == seq - 2 + 1  # and the rollback's fresh secret is logged (issue 26, point 2)
    assert any(m["body"] == "The GM rolled back 2 action(s)." for m in api.ok("GET", path)["press"])
    for _ in range(1):  # a new action brings the game back to the same count, on another path
        view = api.ok("GET", path, gm)["view"]
        seat = view["acting"][0]
        token = made["seat_tokens"][seat]
        api.ok("POST", f"{path}/actions", token, {"action": api.ok("GET", path, token)["view"]["actions"][-1]})
    after = api.ok("GET", path, gm)
    assert after["game"]["seq"] == seq
    store = fresh_store(app_db)
    try:
        assert store.verify(gid) == seq  # the log replays to the snapshot
    finally:
        store.engine.dispose()


def test_the_gm_rolls_back_across_phases_and_their_rows_go(api: Api) -> None:
    made = api.create(ruleset="his2p", seed=5)
    gid, gm = made["id"], made["gm_token"]
    api.ok("POST", f"/api/games/{gid}/gm/start", gm)
    first = api.ok("GET", f"/api/games/{gid}", gm)
    for _ in range(12):  # the 95 Theses' attempts and on into the next phases
        view = api.ok("GET", f"/api/games/{gid}", gm)["view"]
        seat = view["acting"][0]
        token = made["seat_tokens"][seat]
        api.ok(
            "POST",
            f"/api/games/{gid}/actions",
            token,
            {"action": api.ok("GET", f"/api/games/{gid}", token)["view"]["actions"][0]},
        )
    later = api.ok("GET", f"/api/games/{gid}", gm)
    assert later["phases"] > first["phases"] and later["view"]["phase"] != first["view"]["phase"]
    back = api.ok("POST", f"/api/games/{gid}/undo", gm, {"count": later["game"]["seq"] - first["game"]["seq"]})
    assert back["phases"] == first["phases"] and back["view"]["phase"] == first["view"]["phase"]
    assert back["view"]["spaces"] == first["view"]["spaces"]
    status, _ = api.call("GET", f"/api/games/{gid}/phases/{first['phases']}", gm)
    assert status == 404  # the phases after the one the game is back in are gone


def test_undo_needs_a_seat_or_the_gm_and_a_started_game(api: Api) -> None:
    made = api.create(ruleset="his2p", seed=5)
    status, _ = api.call("POST", f"/api/games/{made['id']}/undo", made["gm_token"], {})
    assert status == 409  # not started
    api.ok("POST", f"/api/games/{made['id']}/gm/start", made["gm_token"])
    status, _ = api.call("POST", f"/api/games/{made['id']}/undo", None, {})
    assert status == 403  # the observer


def test_a_refused_undo_costs_no_replay_and_undos_are_rate_limited(api: Api, monkeypatch: Any) -> None:
    """Issue 26, point 3: what can be refused without a replay is refused first, and a seat's undo of its own
    last action is checked and made from the state kept before it (no replay at all); a seat's undos (refused ones
    too) are limited to UNDO_LIMIT a minute, then 429 with Retry-After."""
    # ruling K-G06
    from umpire.server import store as store_module

    made = to_papal_impulse(api)
    gid, papacy, protestant = made["id"], made["seat_tokens"]["papacy"], made["seat_tokens"]["protestant"]
    play = next(a for a in api.ok("GET", f"/api/games/{gid}", papacy)["view"]["actions"] if a.get("as") == "cp")
    api.ok("POST", f"/api/games/{gid}/actions", papacy, {"action": play})
    replays: list[int] = []
    real = store_module.undo.rewind
    monkeypatch.setattr(store_module.undo, "rewind", lambda record, count: replays.append(count) or real(record, count))
    for _ in range(store_module.UNDO_LIMIT):
        status, refused = api.call("POST", f"/api/games/{gid}/undo", protestant, {})
        assert status == 409 and "papacy's, not yours" in refused["error"]
    assert replays == []  # refused before any replay
    response = api.client.post(f"/api/games/{gid}/undo", json={}, headers={"Authorization": f"Bearer {protestant}"})
    assert response.status_code == 429 and "too many undos" in response.json()["error"]
    assert int(response.headers["Retry-After"]) >= 1
    # Another seat's budget is its own; its undo is checked and made from the state kept before its last action.
    api.ok("POST", f"/api/games/{gid}/actions", papacy, {"action": {"type": "build_st_peters"}})
    api.ok("POST", f"/api/games/{gid}/undo", papacy, {})
    status, refused = api.call("POST", f"/api/games/{gid}/undo", papacy, {})  # the card played revealed it
    assert status == 409 and "hidden" in refused["error"]
    assert replays == []  # no undo of a seat's own last action replays the game


def test_undo_notes_in_a_row_collapse_into_one_line_with_a_count(api: Api) -> None:
    # ruling K-G06
    made = to_papal_impulse(api)
    gid, papacy = made["id"], made["seat_tokens"]["papacy"]
    play = next(a for a in api.ok("GET", f"/api/games/{gid}", papacy)["view"]["actions"] if a.get("as") == "cp")
    api.ok("POST", f"/api/games/{gid}/actions", papacy, {"action": play})
    before = len(api.ok("GET", f"/api/games/{gid}")["press"])
    for _ in range(3):
        api.ok("POST", f"/api/games/{gid}/actions", papacy, {"action": {"type": "build_st_peters"}})
        api.ok("POST", f"/api/games/{gid}/undo", papacy, {})
    press = api.ok("GET", f"/api/games/{gid}")["press"]
    assert len(press) == before + 1
    assert press[-1]["body"] == "Papacy took back its last action (3 times)."
    api.ok("POST", f"/api/games/{gid}/undo", made["gm_token"], {"count": 1})  # another note: a line of its own
    assert [m["body"] for m in api.ok("GET", f"/api/games/{gid}")["press"][-2:]] == [
        "Papacy took back its last action (3 times).",
        "The GM rolled back 1 action(s).",
    ]
