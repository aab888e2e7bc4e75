"""The event streams of a game share one read of it per change (Store.read_shared), without missing a change."""

from __future__ import annotations

import pytest

from umpire.server import db
from umpire.server.models import CreateGame
from umpire.server.store import Caller, Store, Unauthorized


def fresh_store(url: str) -> Store:
    engine = db.make_engine(url)
    db.migrate(engine)
    return Store(engine)


def test_streams_share_a_read_until_this_process_changes_the_game(app_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    store = fresh_store(app_db)
    made = store.create(CreateGame(ruleset="standard", seed=1))
    gid, france = str(made["id"]), made["seat_tokens"]["FRANCE"]
    store.start(gid)
    reads: list[str] = []
    real = Store.read

    def counting(self: Store, *args: object, **kwargs: object) -> object:
        reads.append("read")
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Store, "read", counting)
    first = store.read_shared(gid, france, max_age=60)
    assert first[0].role == "FRANCE"
    assert store.read_shared(gid, None, max_age=60)[0].role == "observer"
    assert store.read_shared(gid, made["gm_token"], max_age=60)[0].role == "gm"
    assert len(reads) == 1  # one read for three streams
    store.act(gid, Caller("FRANCE"), [{"type": "ready", "ready": True}])
    _caller, snap = store.read_shared(gid, france, max_age=60)
    assert len(reads) == 2 and snap.row.seq == first[1].row.seq + 1


def test_a_change_by_another_process_is_seen_within_max_age(app_db: str) -> None:
    mine, other = fresh_store(app_db), fresh_store(app_db)
    made = mine.create(CreateGame(ruleset="standard", seed=1))
    gid = str(made["id"])
    mine.start(gid)
    before = mine.read_shared(gid, None, max_age=60)[1].row.seq
    other.act(gid, Caller("FRANCE"), [{"type": "ready", "ready": True}])
    assert mine.read_shared(gid, None, max_age=60)[1].row.seq == before  # shared, not yet re-read
    assert mine.read_shared(gid, None, max_age=0)[1].row.seq == before + 1  # older than max_age: read again


def test_a_reissued_token_is_refused_at_once(app_db: str) -> None:
    store = fresh_store(app_db)
    made = store.create(CreateGame(ruleset="standard", seed=1))
    gid, france = str(made["id"]), made["seat_tokens"]["FRANCE"]
    store.read_shared(gid, france, max_age=60)
    store.reissue(gid, "FRANCE")

    with pytest.raises(Unauthorized):
        store.read_shared(gid, france, max_age=60)
