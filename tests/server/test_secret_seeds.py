"""Secret seeds on the server (issue 26, points 1, 2 and 7): a game not given a seed gets a secret of 128 bits or
more that no role is shown before the game is over; a chosen seed is said on every page of the game; setting the
game up offline from everything a seat sees does not give its hidden deck; a GM's rollback draws new dice."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import Api
from tests.server.test_snapshots import fresh_store
from umpire.kernel.game import RESEED, new_game
from umpire.server import db

CHOSEN = 2**61 + 987_654_321  # a seed nothing else in an answer would be


def stored(app_db: str, game_id: str) -> tuple[Any, dict[str, Any], list[dict[str, Any]]]:
    """The game row, its latest state and its action log, as the store keeps them (the true hidden parts)."""
    store = fresh_store(app_db)
    try:
        with store.reading() as conn:
            row = conn.execute(db.games.select().where(db.games.c.id == game_id)).one()
            state = json.loads(conn.execute(db.snapshots.select().where(db.snapshots.c.game_id == game_id)).one().state)
        return row, state, store.action_log(game_id)
    finally:
        store.engine.dispose()


def seen_by(api: Api, client: TestClient, game_id: str, token: str | None) -> str:
    """Everything a role is shown of a game: its answer, its page, the first phase, the timeline."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    texts = [client.get(f"/api/games/{game_id}", headers=headers).text, client.get(f"/g/{game_id}").text]
    texts.append(client.get(f"/api/games/{game_id}/phases/0", headers=headers).text)
    texts.append(client.get(f"/api/games/{game_id}/timeline", headers=headers).text)
    return "\n".join(texts)


def his2p_game(api: Api, **body: Any) -> dict[str, Any]:
    made = api.create(ruleset="his2p", **body)
    for seat, token in made["seat_tokens"].items():
        api.ok("POST", f"/api/games/{made['id']}/join", token, {"name": seat})
    api.ok("POST", f"/api/games/{made['id']}/gm/start", made["gm_token"])
    return made


def test_a_drawn_secret_is_shown_to_no_role(api: Api, client: TestClient, app_db: str) -> None:
    made = his2p_game(api)
    row, state, _log = stored(app_db, made["id"])
    assert row.seed_kind == "secret" and row.seed == 0
    secret = int(row.secret)
    assert secret.bit_length() > 128 and state["rng"]["seed"] == secret
    for token in (made["gm_token"], made["lobby_token"], *made["seat_tokens"].values(), None):
        shown = seen_by(api, client, made["id"], token)
        assert str(secret)[:16] not in shown
        assert "chosen by its creator" not in shown
    answer = api.ok("GET", f"/api/games/{made['id']}", made["gm_token"])
    assert answer["game"]["seed"]["kind"] == "secret" and "seed" not in answer["game"]["seed"]
    status, refused = api.call("GET", f"/api/games/{made['id']}/record", made["gm_token"])
    assert status == 409 and "once the game is over" in refused["error"]


def test_a_chosen_seed_is_said_on_every_seats_page_and_never_shown(api: Api, client: TestClient, app_db: str) -> None:
    made = his2p_game(api, seed=CHOSEN)
    row, _state, _log = stored(app_db, made["id"])
    assert row.seed_kind == "chosen" and row.secret is None and row.seed == CHOSEN
    for seat, token in made["seat_tokens"].items():
        shown = seen_by(api, client, made["id"], token)
        assert "This game&#39;s seed was chosen by its creator." in shown, seat  # the page
        answer = api.ok("GET", f"/api/games/{made['id']}", token)
        assert answer["game"]["seed"] == {"kind": "chosen", "note": "this game's seed was chosen by its creator"}
        assert str(CHOSEN) not in shown


def numbers_in(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text)}


def test_a_seat_cannot_set_its_game_up_offline_from_what_it_sees(api: Api, client: TestClient, app_db: str) -> None:
    """Point 7's seed-prediction test: every number a seat is shown (and the small seeds, and the 48-bit
    seeds a search from the game's creation time would try first), taken as the seed of the same game set up
    offline, does not give the hidden Diplomatic deck the server dealt. The same attack on a game whose seed the
    seat knew succeeds, so the test can fail."""
    secret_game = his2p_game(api)
    chosen_game = his2p_game(api, seed=CHOSEN)
    for made, leaked in ((secret_game, False), (chosen_game, True)):
        _row, state, _log = stored(app_db, made["id"])
        deck = state["diplomatic_deck"]
        seen = seen_by(api, client, made["id"], made["seat_tokens"]["protestant"])
        candidates = sorted(n for n in numbers_in(seen) | set(range(64)) if n < 2**200)
        if leaked:
            candidates.append(CHOSEN)  # what the seat would know had the seed been shown to it
        found = [n for n in candidates if new_game("his2p", seed=n).state["diplomatic_deck"] == deck]
        assert bool(found) == leaked, found


def test_a_gm_rollback_draws_new_dice_kept_for_replay(
    api: Api, client: TestClient, app_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = his2p_game(api)
    fresh = 2**140 + 4242  # the rollback's secret, known to the test alone
    monkeypatch.setattr("umpire.server.store.new_secret", lambda: fresh)
    gid, gm = made["id"], made["gm_token"]
    acting = api.ok("GET", f"/api/games/{gid}", gm)["view"]["acting"][0]
    token = made["seat_tokens"][acting]
    target = api.ok("GET", f"/api/games/{gid}", token)["view"]["actions"][0]
    _row, before, _log = stored(app_db, gid)
    api.ok("POST", f"/api/games/{gid}/actions", token, {"action": target})
    _row, first, _log = stored(app_db, gid)
    api.ok("POST", f"/api/games/{gid}/undo", gm, {"count": 1})
    api.ok("POST", f"/api/games/{gid}/actions", token, {"action": target})  # the same target again
    row, second, log = stored(app_db, gid)
    at = len(before["rolls"])
    assert first["rolls"][at]["purpose"] == second["rolls"][at]["purpose"]
    assert first["rolls"][at]["result"] != second["rolls"][at]["result"]  # the undone dice did not come back
    assert second["rng"]["seed"] == fresh and log[-2] == {"role": "gm", "action": {"type": RESEED, "secret": fresh}}
    for who in (gm, *made["seat_tokens"].values(), None):
        assert str(fresh)[:16] not in seen_by(api, client, gid, who)
    store = fresh_store(app_db)
    try:
        assert store.verify(gid) == row.seq  # the log, the fresh secret with it, replays to the stored state
    finally:
        store.engine.dispose()


def test_the_seed_and_record_are_published_when_the_game_is_over(api: Api, app_db: str) -> None:
    made = api.create(ruleset="standard", options={"end_year": 1902})
    gid, gm = made["id"], made["gm_token"]
    api.ok("POST", f"/api/games/{gid}/gm/start", gm)
    for _ in range(12):
        if api.ok("GET", f"/api/games/{gid}")["game"]["status"] == "over":
            break
        api.ok("POST", f"/api/games/{gid}/gm/resolve", gm)
    answer = api.ok("GET", f"/api/games/{gid}")
    assert answer["game"]["status"] == "over"
    row, _state, _log = stored(app_db, gid)
    assert answer["game"]["seed"]["seed"] == row.secret
    record = api.ok("GET", answer["game"]["seed"]["record"])
    assert record["seed"] == int(row.secret)
    from umpire.kernel.game import replay

    assert replay(record).digest() == row.digest  # anyone can verify the game from it


def test_a_game_of_an_older_release_still_loads_replays_and_says_its_seed_may_be_chosen(
    app_db: str, api: Api, client: TestClient
) -> None:
    """A database of revision 0003 (a 48-bit or chosen seed in ``seed``, no ``secret``) upgraded to 0004: its games
    load, replay to their stored state, and their pages say the seed may have been chosen."""
    from alembic import command

    made = his2p_game(api, seed=281_474_976_710_655)  # 48 bits, as that release drew
    gid = made["id"]
    acting = api.ok("GET", f"/api/games/{gid}", made["gm_token"])["view"]["acting"][0]
    token = made["seat_tokens"][acting]
    api.ok(
        "POST",
        f"/api/games/{gid}/actions",
        token,
        {"action": api.ok("GET", f"/api/games/{gid}", token)["view"]["actions"][0]},
    )
    store = fresh_store(app_db)
    try:
        config = db.alembic_config(store.engine)
        command.downgrade(config, "0003")  # the older release's schema: no secret, no seed kind
        command.upgrade(config, "head")
    finally:
        store.engine.dispose()
    store = fresh_store(app_db)
    try:
        assert store.verify(gid) == 1 and store.snapshot(gid).row.seed == 281_474_976_710_655
    finally:
        store.engine.dispose()
    answer = api.ok("GET", f"/api/games/{gid}", token)
    assert answer["game"]["seed"]["kind"] == "unknown"
    assert "set by an older release of the server" in client.get(f"/g/{gid}").text


def test_a_server_may_refuse_chosen_seeds(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ruling K-G03's other reading as an option: UMPIRE_CHOSEN_SEEDS=refuse draws every game's seed itself."""
    from umpire.server.app import create_app

    monkeypatch.setenv("UMPIRE_CHOSEN_SEEDS", "refuse")
    with TestClient(create_app(str(tmp_path / "refuse.sqlite"), scheduler=False, warm=False)) as refusing:
        answer = refusing.post("/api/games", json={"ruleset": "standard", "seed": 5})
        assert answer.status_code == 422 and "leave 'seed' out" in answer.json()["error"]
        assert refusing.post("/api/games", json={"ruleset": "standard"}).status_code == 201
    monkeypatch.setenv("UMPIRE_CHOSEN_SEEDS", "sometimes")
    with pytest.raises(ValueError, match="'allow' or 'refuse'"):
        create_app(str(tmp_path / "bad.sqlite"), scheduler=False, warm=False)
