"""The snapshot-checked leak scan (issue 26, point 7): for every ruleset, a game is moved on a few steps, its true
hidden parts are read from the store (the generator's secret, the sealed boxes, the hands and decks of
``Ruleset.hidden_parts``), and every endpoint's answer to every role (each seat, the GM, a lobby player, the observer)
is scanned for the parts that role may not see. The GM sees everything but the secret."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import Api
from tests.server.test_snapshots import fresh_store
from umpire.kernel import registry
from umpire.server import db

RULESETS = ("standard", "europe1615", "his2p", "empires2", "rr3")
# Sealed orders nobody else would write (a seat's own, until the phase resolves).
SEALED = {"standard": ("FRANCE", "A PAR - PIC\nA MAR - GAS"), "europe1615": ("AUSTRIA", "AUSTRIA:\nA VIE - TYR")}


def stored_state(app_db: str, game_id: str) -> dict[str, Any]:
    store = fresh_store(app_db)
    try:
        with store.reading() as conn:
            snap = conn.execute(db.snapshots.select().where(db.snapshots.c.game_id == game_id)).one()
        return dict(json.loads(snap.state))
    finally:
        store.engine.dispose()


def as_texts(value: Any) -> list[str]:
    """How a hidden list or text could appear in an answer (compact and spaced JSON); short lists are skipped, as
    they could match by chance."""
    if isinstance(value, str):
        return [value] if len(value) >= 8 else []
    if isinstance(value, list) and len(value) >= 4 and all(isinstance(v, (int, str)) for v in value):
        return [json.dumps(value, separators=(",", ":"))[1:-1], json.dumps(value)[1:-1]]
    return []


def secrets_by_owner(ruleset: str, state: dict[str, Any]) -> dict[str | None, list[str]]:
    """The hidden texts of the stored state by the seat that may see them (None: no player may)."""
    found: dict[str | None, list[str]] = {None: []}
    for seat, box in (state.get("box") or {}).items():
        submission = (box or {}).get("submission")
        for part in json.dumps(submission).split('"') if submission else []:
            for piece in [part, *part.split("\\n")]:  # as a JSON answer holds it, and each of its lines
                if not piece.endswith(":"):  # a power's heading is no secret
                    found.setdefault(seat, []).extend(as_texts(piece))
    hidden = registry.get(ruleset).hidden_parts(state) or {}
    for part in hidden.values() if isinstance(hidden, dict) else []:
        if isinstance(part, dict):  # by seat: a hand
            for seat, items in part.items():
                found.setdefault(seat, []).extend(as_texts(items))
        else:  # a deck: no player's
            found[None].extend(as_texts(part))
    return found


def everything_shown(client: TestClient, game_id: str, token: str | None) -> str:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    answer = client.get(f"/api/games/{game_id}", headers=headers)
    texts = [answer.text, client.get(f"/g/{game_id}").text]
    texts.append(client.get(f"/api/games/{game_id}/timeline", headers=headers).text)
    texts.append(client.get(f"/api/games/{game_id}/record", headers=headers).text)
    for idx in range(answer.json()["phases"]):
        texts.append(client.get(f"/api/games/{game_id}/phases/{idx}", headers=headers).text)
    return "\n".join(texts)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_role_is_shown_what_the_store_keeps_from_it(api: Api, client: TestClient, app_db: str, ruleset: str) -> None:
    made = api.create(ruleset=ruleset)
    gid, gm = made["id"], made["gm_token"]
    seats = made["seat_tokens"]
    for seat, token in seats.items():
        api.ok("POST", f"/api/games/{gid}/join", token, {"name": seat})
    lobby = made["lobby_token"]  # the lobby link's holder
    api.ok("POST", f"/api/games/{gid}/gm/start", gm)
    for _ in range(4):  # a few steps on: the acting seat's first action (a sequential game) or the GM's resolve
        view = api.ok("GET", f"/api/games/{gid}", gm)["view"]
        if view.get("acting"):
            seat = view["acting"][0]
            action = api.ok("GET", f"/api/games/{gid}", seats[seat])["view"]["actions"][0]
            api.ok("POST", f"/api/games/{gid}/actions", seats[seat], {"action": action})
        elif any(a.get("type") == "resolve" for a in view.get("actions") or []):
            api.ok("POST", f"/api/games/{gid}/gm/resolve", gm)
    if ruleset in SEALED:
        seat, text = SEALED[ruleset]
        api.ok("POST", f"/api/games/{gid}/orders", seats[seat], {"text": text})
    state = stored_state(app_db, gid)
    secret = str(state["rng"]["seed"])
    assert len(secret) >= 38  # 128 bits and more
    hidden = secrets_by_owner(ruleset, state)
    if ruleset in SEALED:
        assert hidden.get(SEALED[ruleset][0]), "the scan found the sealed orders in the store"
    if ruleset == "his2p":
        assert hidden[None], "the scan found the decks in the store"
    roles: dict[str, str | None] = {**seats, "gm": gm, "lobby": lobby, "observer": None}
    for role, token in roles.items():
        shown = everything_shown(client, gid, token)
        assert secret[:20] not in shown, f"{ruleset}: the generator's secret reached {role}"
        if hidden.get(role):  # the scan looks for what answers hold: the owner is shown its own
            assert any(text in shown for text in hidden[role]), f"{ruleset}: {role} is not shown its own"
        if role == "gm":
            continue
        for owner, texts in hidden.items():
            if owner == role:
                continue
            for text in texts:
                assert text not in shown, f"{ruleset}: {owner or 'no player'}'s hidden {text[:60]!r} reached {role}"
