"""The HTTP API: games, seats, orders with per-line errors, ready and early resolution, GM controls, press, auth."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import Api, started_game
from umpire.server.store import assign_seats


def test_create_lists_rulesets_and_answers_links(api: Api) -> None:
    rulesets = api.ok("GET", "/api/rulesets")
    standard = next(r for r in rulesets if r["name"] == "standard")
    assert "FRANCE" in standard["seats"] and any(o["name"] == "end_year" for o in standard["options"])
    made = api.create(options={"end_year": 1902}, settings={"press": "public", "deadlines": {"movement": 600}})
    assert set(made["seat_links"]) == set(standard["seats"])
    assert made["gm_link"].endswith(f"/g/{made['id']}#token={made['gm_token']}")
    shown = api.ok("GET", f"/api/games/{made['id']}")
    assert shown["game"]["status"] == "lobby" and shown["you"]["role"] == "observer"
    assert shown["game"]["options"]["end_year"] == 1902 and shown["game"]["settings"]["press"] == "public"


def test_bad_creations_are_4xx(api: Api) -> None:
    for body in (
        {"ruleset": "nope"},
        {"ruleset": "standard", "options": {"end_year": 1850}},
        {"ruleset": "standard", "options": {"colour": 1}},
        {"ruleset": "standard", "scenario": "moon"},
        {"ruleset": "standard", "settings": {"deadlines": {"movement": 1}}},
        {"ruleset": "standard", "settings": {"deadlines": {"lunch": 600}}},
        {"ruleset": "standard", "settings": {"press": "loud"}},
        {"ruleset": "standard", "surprise": True},
    ):
        status, data = api.call("POST", "/api/games", body=body)
        assert 400 <= status < 500, (body, status, data)
        assert data["error"]


def test_orders_need_a_started_game_and_the_seat_token(api: Api) -> None:
    made = api.create()
    gid = made["id"]
    france = made["seat_tokens"]["FRANCE"]
    status, data = api.call("POST", f"/api/games/{gid}/orders", france, {"text": "A PAR - BUR"})
    assert status == 409 and "not started" in data["error"]
    api.ok("POST", f"/api/games/{gid}/gm/start", made["gm_token"])
    # A token acts only for its own seat: France's token cannot order German units.
    status, data = api.call("POST", f"/api/games/{gid}/orders", france, {"text": "A MUN - RUH"})
    assert status == 422 and data["lines"][0]["line"] == 1
    status, data = api.call("POST", f"/api/games/{gid}/orders", france, {"text": "GERMANY:\nA MUN - RUH"})
    assert status == 422 and "not a power you order" in data["lines"][0]["error"]
    status, data = api.call("POST", f"/api/games/{gid}/actions", france, {"action": {"type": "resolve"}})
    assert status == 422 and "GM" in data["error"]
    # GM actions need the GM token.
    for path in ("gm/pause", "gm/resolve", "gm/start"):
        status, data = api.call("POST", f"/api/games/{gid}/{path}", france)
        assert status == 403, path
    status, data = api.call("POST", f"/api/games/{gid}/orders", "not-a-token", {"text": "A PAR - BUR"})
    assert status == 401
    status, data = api.call("POST", f"/api/games/{gid}/orders", None, {"text": "A PAR - BUR"})
    assert status == 403


def test_per_line_errors_and_atomic_submission(api: Api) -> None:
    made = started_game(api)
    gid, france = made["id"], made["seat_tokens"]["FRANCE"]
    text = "# my plan\nA PAR - BUR\n\nA MAR - XYZ\nF BRE - MAO\nA MUN - RUH\nbanana"
    status, data = api.call("POST", f"/api/games/{gid}/orders", france, {"text": text})
    assert status == 422
    bad = {e["line"]: e["error"] for e in data["lines"]}
    assert set(bad) == {4, 6, 7}, bad
    assert "XYZ" in bad[4] and "no unit in MUN" in bad[6]
    shown = api.ok("GET", f"/api/games/{gid}", france)
    assert shown["view"]["orders"] == {"FRANCE": []}  # nothing was submitted
    shown = api.ok("POST", f"/api/games/{gid}/orders", france, {"text": "a par-bur\nA MAR S A PAR - BUR\nF BRE - MAO"})
    assert shown["view"]["orders"]["FRANCE"] == ["A PAR - BUR", "A MAR S A PAR - BUR", "F BRE - MAO"]
    # Editable until the deadline: a second submission replaces the first.
    shown = api.ok("POST", f"/api/games/{gid}/orders", france, {"text": "FRANCE (EXAMPLE SUBMISSION):\nPAR-PIC\n"})
    assert shown["view"]["orders"]["FRANCE"] == ["A PAR - PIC"]


def test_ruleset_without_inf_refuses_inf_lines(api: Api) -> None:
    made = started_game(api)
    status, data = api.call(
        "POST", f"/api/games/{made['id']}/orders", made["seat_tokens"]["FRANCE"], {"text": "9: WUR"}
    )
    assert status == 422 and "INF" in data["lines"][0]["error"]


def test_ready_by_every_seat_resolves_early(api: Api) -> None:
    made = started_game(api, seats=("FRANCE",))
    gid = made["id"]
    tokens = made["seat_tokens"]
    api.ok("POST", f"/api/games/{gid}/orders", tokens["FRANCE"], {"text": "A PAR - BUR"})
    for token in tokens.values():
        shown = api.ok("POST", f"/api/games/{gid}/ready", token, {"ready": True})
    assert shown["view"]["phase"] == "F1901M"
    results = shown["view"]["history"]["last"]["results"]["FRANCE"]
    assert {"order": "A PAR - BUR", "result": "succeeds", "reason": "moves to BUR"} in results
    assert shown["phases"] == 2
    assert [p["phase"] for p in api.ok("GET", f"/api/games/{gid}/timeline")] == ["S1901M", "F1901M"]
    past = api.ok("GET", f"/api/games/{gid}/phases/0")
    assert "A PAR" in past["view"]["units"]["FRANCE"]
    assert [h["phase"] for h in past["history"]] == ["S1901M"] and past["history"][0]["results"]["FRANCE"] == results
    assert api.ok("GET", f"/api/games/{gid}/phases/1")["history"] == []  # the current phase: nothing happened yet
    status, _ = api.call("GET", f"/api/games/{gid}/phases/9")
    assert status == 404


def test_ready_toggle(api: Api) -> None:
    made = started_game(api)
    gid, france = made["id"], made["seat_tokens"]["FRANCE"]
    assert api.ok("POST", f"/api/games/{gid}/ready", france, {"ready": True})["view"]["ready"] is True
    shown = api.ok("POST", f"/api/games/{gid}/ready", france, {"ready": False})
    assert shown["view"]["ready"] is False and "FRANCE" in shown["view"]["waiting_for"]


def test_gm_pause_extend_deadline(api: Api) -> None:
    made = started_game(api, settings={"deadlines": {"movement": 3600}})
    gid, gm, france = made["id"], made["gm_token"], made["seat_tokens"]["FRANCE"]
    shown = api.ok("GET", f"/api/games/{gid}", gm)
    deadline = shown["game"]["deadline_at"]
    assert shown["you"]["is_gm"] and abs(deadline - shown["game"]["now"] - 3600) < 5
    shown = api.ok("POST", f"/api/games/{gid}/gm/extend", gm, {"seconds": 600})
    assert abs(shown["game"]["deadline_at"] - deadline - 600) < 1
    shown = api.ok("POST", f"/api/games/{gid}/gm/pause", gm)
    assert shown["game"]["status"] == "paused" and 4000 < shown["game"]["paused_remaining"] <= 4200
    status, data = api.call("POST", f"/api/games/{gid}/orders", france, {"text": "A PAR - BUR"})
    assert status == 409 and "paused" in data["error"]
    shown = api.ok("POST", f"/api/games/{gid}/gm/resume", gm)
    assert shown["game"]["status"] == "running" and shown["game"]["deadline_at"] > shown["game"]["now"] + 4000
    shown = api.ok("POST", f"/api/games/{gid}/gm/deadline", gm, {"in_seconds": 120})
    assert abs(shown["game"]["deadline_at"] - shown["game"]["now"] - 120) < 5
    shown = api.ok("POST", f"/api/games/{gid}/gm/deadline", gm, {})
    assert shown["game"]["deadline_at"] is None
    shown = api.ok("POST", f"/api/games/{gid}/gm/deadlines", gm, {"deadlines": {"movement": 120, "retreats": 60}})
    assert shown["game"]["settings"]["deadlines"] == {"movement": 120, "retreats": 60}
    shown = api.ok("POST", f"/api/games/{gid}/gm/resolve", gm)
    assert shown["view"]["phase"] == "F1901M" and abs(shown["game"]["deadline_at"] - shown["game"]["now"] - 120) < 5
    status, data = api.call("POST", f"/api/games/{gid}/gm/start", gm)
    assert status == 409


def test_reissued_link_replaces_the_old(api: Api) -> None:
    made = started_game(api)
    gid, gm, old = made["id"], made["gm_token"], made["seat_tokens"]["FRANCE"]
    fresh = api.ok("POST", f"/api/games/{gid}/gm/reissue", gm, {"seat": "FRANCE"})
    assert fresh["link"].endswith(fresh["token"])
    assert api.call("GET", f"/api/games/{gid}", old)[0] == 401
    assert api.ok("GET", f"/api/games/{gid}", fresh["token"])["you"]["role"] == "FRANCE"


def test_lobby_chosen_seat(api: Api) -> None:
    made = api.create()
    gid, lobby = made["id"], made["lobby_token"]
    joined = api.ok("POST", f"/api/games/{gid}/join", lobby, {"name": "Ann", "seat": "ITALY"})
    assert joined["you"]["seat"] == "ITALY" and joined["token"] != made["seat_tokens"]["ITALY"]
    assert api.call("GET", f"/api/games/{gid}", made["seat_tokens"]["ITALY"])[0] == 401
    status, data = api.call("POST", f"/api/games/{gid}/join", lobby, {"name": "Bob", "seat": "ITALY"})
    assert status == 409 and "not free" in data["error"]


def test_random_assignment(api: Api) -> None:
    made = api.create(settings={"assignment": "random"})
    gid = made["id"]
    tokens = [api.ok("POST", f"/api/games/{gid}/join", made["lobby_token"], {"name": n})["token"] for n in "ABC"]
    shown = api.ok("POST", f"/api/games/{gid}/gm/start", made["gm_token"])
    seats = {s["seat"]: s["name"] for s in shown["seats"]}
    assert sorted(n for n in seats.values() if n) == ["A", "B", "C"] and len(seats) == 7
    roles = {api.ok("GET", f"/api/games/{gid}", t)["you"]["role"] for t in tokens}
    assert len(roles) == 3 and roles <= set(seats)


def test_blind_auction(api: Api) -> None:
    made = api.create(settings={"assignment": "auction"})
    gid, lobby = made["id"], made["lobby_token"]
    ann = api.ok("POST", f"/api/games/{gid}/join", lobby, {"name": "Ann"})["token"]
    bob = api.ok("POST", f"/api/games/{gid}/join", lobby, {"name": "Bob"})["token"]
    even = {p: 5 for p in ("AUSTRIA", "ENGLAND", "GERMANY", "ITALY", "RUSSIA", "TURKEY")}
    status, data = api.call("POST", f"/api/games/{gid}/bids", ann, {"bids": {**even, "FRANCE": 60}})
    assert status == 422 and "100" in data["error"]
    status, data = api.call("POST", f"/api/games/{gid}/bids", ann, {"bids": {**even, "FRANCE": 71, "ITALY": 4}})
    assert status == 422 and "at least 5" in data["error"]
    api.ok("POST", f"/api/games/{gid}/bids", ann, {"bids": {**even, "FRANCE": 70}})
    api.ok("POST", f"/api/games/{gid}/bids", bob, {"bids": {**even, "FRANCE": 50, "TURKEY": 25}})
    # Bids are secret: Bob sees his own, not Ann's; the GM sees both.
    seen_by_bob = api.client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {bob}"}).text
    assert '"FRANCE":70' not in seen_by_bob.replace(" ", "")
    gm_view = api.ok("GET", f"/api/games/{gid}", made["gm_token"])
    assert sorted(p["bids"]["FRANCE"] for p in gm_view["lobby"]) == [50, 70]
    api.ok("POST", f"/api/games/{gid}/gm/start", made["gm_token"])
    assert api.ok("GET", f"/api/games/{gid}", ann)["you"]["role"] == "FRANCE"
    assert api.ok("GET", f"/api/games/{gid}", bob)["you"]["role"] == "TURKEY"


def test_auction_ties_go_to_the_first_registered() -> None:
    from umpire.server.store import Player

    seats = ["A", "B"]
    early = Player(1, None, "early", 1.0, {"A": 50, "B": 50}, 0, False)
    late = Player(2, None, "late", 2.0, {"A": 50, "B": 50}, 0, False)
    assert assign_seats("auction", 0, seats, [late, early]) == {1: "A", 2: "B"}
    assert sorted(assign_seats("random", 7, seats, [late, early]).values()) == ["A", "B"]


def test_auction_is_the_1615_auction() -> None:
    """The server's auction is the seed's (auction.py, ruling E1615-C32): a player's own tie goes to the power it
    listed first, not the first seat; a player with no bids takes what is left; extra players get no seat."""
    from umpire.server.store import Player

    seats = ["A", "B", "C"]
    lister = Player(1, None, "lister", 1.0, {"C": 45, "A": 45, "B": 10}, 0, False)
    assert assign_seats("auction", 0, seats, [lister]) == {1: "C"}
    idle = Player(2, None, "idle", 2.0, None, 0, False)
    rival = Player(3, None, "rival", 3.0, {"A": 90, "B": 5, "C": 5}, 0, False)
    extra = Player(4, None, "extra", 4.0, {"A": 80, "B": 10, "C": 10}, 0, False)
    got = assign_seats("auction", 0, seats, [extra, rival, idle, lister])
    assert got[3] == "A" and got[1] == "C" and got[2] == "B" and 4 not in got


def test_press_policies(api: Api) -> None:
    made = started_game(api, seats=("FRANCE", "GERMANY", "ITALY"))
    gid, t = made["id"], made["seat_tokens"]
    api.ok("POST", f"/api/games/{gid}/press", t["FRANCE"], {"to": ["GERMANY"], "body": "psst"})
    api.ok("POST", f"/api/games/{gid}/press", t["FRANCE"], {"to": "public", "body": "hello all"})
    bodies = lambda seat: [m["body"] for m in api.ok("GET", f"/api/games/{gid}", t[seat])["press"]]  # noqa: E731
    assert bodies("GERMANY") == ["psst", "hello all"]
    assert bodies("ITALY") == ["hello all"]
    assert [m["body"] for m in api.ok("GET", f"/api/games/{gid}")["press"]] == ["hello all"]
    assert api.call("POST", f"/api/games/{gid}/press", None, {"to": "public", "body": "x"})[0] == 403
    status, _ = api.call("POST", f"/api/games/{gid}/press", t["FRANCE"], {"to": ["NARNIA"], "body": "x"})
    assert status == 422
    public_only = started_game(api, settings={"press": "public"})
    status, data = api.call(
        "POST",
        f"/api/games/{public_only['id']}/press",
        public_only["seat_tokens"]["FRANCE"],
        {"to": ["GERMANY"], "body": "x"},
    )
    assert status == 409 and "public" in data["error"]
    silent = started_game(api, settings={"press": "none"})
    status, data = api.call(
        "POST", f"/api/games/{silent['id']}/press", silent["seat_tokens"]["FRANCE"], {"to": "public", "body": "x"}
    )
    assert status == 409


def test_csrf_defences(client: TestClient) -> None:
    made = client.post("/api/games", json={"ruleset": "standard"}).json()
    # A cross-site form post carries no JSON content type and no token.
    response = client.post("/api/games", data={"ruleset": "standard"})
    assert response.status_code == 415
    response = client.post(
        "/api/games", json={"ruleset": "standard"}, headers={"Origin": "https://evil.example", "Host": "testserver"}
    )
    assert response.status_code == 403
    response = client.post(
        f"/api/games/{made['id']}/gm/start",
        content="{}",
        headers={"Content-Type": "text/plain", "Authorization": f"Bearer {made['gm_token']}"},
    )
    assert response.status_code == 415
    # The pages set no cookie at all: nothing rides along on a forged request.
    page = client.get(f"/g/{made['id']}")
    assert page.status_code == 200 and "set-cookie" not in page.headers


def test_malformed_requests_are_4xx(client: TestClient) -> None:
    made = client.post("/api/games", json={"ruleset": "standard"}).json()
    gid = made["id"]
    auth = {"Authorization": f"Bearer {made['gm_token']}"}
    cases = [
        client.post(
            f"/api/games/{gid}/actions", content="{not json", headers={**auth, "Content-Type": "application/json"}
        ),
        client.post(f"/api/games/{gid}/actions", json={"action": "resolve"}, headers=auth),
        client.post(f"/api/games/{gid}/actions", json={"action": {"type": 3}}, headers=auth),
        client.post(f"/api/games/{gid}/actions", json=[1, 2], headers=auth),
        client.post(f"/api/games/{gid}/orders", json={"text": 5}, headers=auth),
        client.get("/api/games/nosuchgame"),
        client.get("/api/games/bad id!"),
        client.get(f"/api/games/{gid}", headers={"Authorization": "Basic abc"}),
        client.get(f"/api/games/{gid}/phases/-1"),
        client.get("/api/boards/nosuchmap"),
        client.post(f"/api/games/{gid}/gm/extend", json={"seconds": "soon"}, headers=auth),
    ]
    for response in cases:
        assert 400 <= response.status_code < 500, (response.request.url, response.status_code, response.text)
        assert response.json()["error"]


def test_accounts_act_for_linked_seats(api: Api) -> None:
    made = started_game(api)
    gid = made["id"]
    account = api.ok("POST", "/api/accounts", body={"name": "ann", "password": "correct horse"})
    assert api.call("POST", "/api/accounts", body={"name": "ann", "password": "correct horse"})[0] == 409
    assert api.call("POST", "/api/accounts/login", body={"name": "ann", "password": "wrong pass"})[0] == 401
    response = api.client.post(
        "/api/accounts/link",
        json={"game": gid},
        headers={"Authorization": f"Bearer {account['token']}", "X-Seat-Token": made["seat_tokens"]["FRANCE"]},
    )
    assert response.status_code == 200, response.text
    login = api.ok("POST", "/api/accounts/login", body={"name": "ann", "password": "correct horse"})
    mine = api.ok("GET", "/api/accounts/me", login["token"])
    assert mine["games"] == [{"game": gid, "seat": "FRANCE", "title": mine["games"][0]["title"], "status": "running"}]
    shown = api.ok("POST", f"/api/games/{gid}/orders", login["token"], {"text": "A PAR - BUR"})
    assert shown["you"]["role"] == "FRANCE" and shown["view"]["orders"]["FRANCE"] == ["A PAR - BUR"]
    assert api.call("GET", f"/api/games/{gid}", account["token"])[0] == 401  # the old login's token


def test_pages_render(client: TestClient) -> None:
    made = client.post("/api/games", json={"ruleset": "standard"}).json()
    assert "New game" in client.get("/").text
    page = client.get(f"/g/{made['id']}")
    assert page.status_code == 200 and made["gm_token"] not in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-frame-options"] == "DENY"
    assert client.get("/g/nosuchgame").status_code == 404
    assert client.get("/static/game.js").status_code == 200
    board = client.get("/api/boards/standard").json()
    assert len(board["provinces"]) == 75 and "BUR" in board["army_adj"]["PAR"]
