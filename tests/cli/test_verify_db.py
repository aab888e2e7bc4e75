"""``umpire verify-db``: every game of a server's database replays to its stored snapshot (issue 12, point 9)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from sqlalchemy import select, update

from umpire.kernel.canonical import canonical_json
from umpire.server import db
from umpire.server.models import CreateGame
from umpire.server.store import Caller, Store


def verify(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "umpire", "verify-db", *args], capture_output=True, text=True, cwd=cwd, timeout=120
    )


def a_database(path: Path) -> Store:
    engine = db.make_engine(str(path))
    db.migrate(engine)
    store = Store(engine)
    for seed in (1, 2):
        made = store.create(CreateGame(ruleset="standard", seed=seed))
        store.start(made["id"])
        store.act(made["id"], Caller("FRANCE"), [{"type": "orders", "power": "FRANCE", "orders": ["A PAR - BUR"]}])
        store.act(made["id"], Caller("gm"), [{"type": "resolve"}])
    return store


def test_every_game_replays_to_its_snapshot(tmp_path: Path) -> None:
    a_database(tmp_path / "g.sqlite").engine.dispose()
    result = verify("--database", "g.sqlite", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "2 of 2 games replay to their stored state (4 actions replayed)"


def test_a_snapshot_that_differs_from_its_log_is_reported(tmp_path: Path) -> None:
    store = a_database(tmp_path / "g.sqlite")
    with store.writing() as conn:
        game_id, text = conn.execute(select(db.snapshots.c.game_id, db.snapshots.c.state)).first()
        state = json.loads(text)
        state["rolls"].append({"purpose": "forged"})
        conn.execute(update(db.snapshots).where(db.snapshots.c.game_id == game_id).values(state=canonical_json(state)))
    store.engine.dispose()
    result = verify("--database", "g.sqlite", cwd=tmp_path)
    assert result.returncode == 1
    assert f"game {game_id}'s snapshot differs from what its action log replays to" in result.stderr
    assert "1 of 2 games" in result.stdout


def test_no_database_is_one_line(tmp_path: Path) -> None:
    result = verify("--database", "missing.sqlite", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "umpire: error: no database at missing.sqlite; expected the SQLite file a server ran on"
        " (or a postgresql:// URL)"
    )
    assert not (tmp_path / "missing.sqlite").exists()
