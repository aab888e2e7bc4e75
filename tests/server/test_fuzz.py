"""Fuzzing the HTTP API from its own OpenAPI schema (schemathesis): no request, however malformed, gets a 5xx.

Each generated request runs against a game that exists, once per kind of caller: no token, a seat's, the GM's,
the lobby's and an account's (linked to a seat); paths without a game run as generated with each token. Then the
hand-made bad inputs of issue 12 (huge numbers, huge bodies, deep nesting, oversized actions) go to every
operation. Examples are bounded and derandomised, so a run is repeatable and takes about a minute on 2 cores.
"""

from __future__ import annotations

import tempfile
import warnings
from pathlib import Path
from typing import Any

import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from umpire.server.app import create_app  # noqa: E402

_DB = Path(tempfile.mkdtemp(prefix="umpire-fuzz-")) / "fuzz.sqlite"
APP = create_app(str(_DB), scheduler=False)
# The event stream never ends by design; its refusals (bad token, no game) are tested in test_live.py.
schema = schemathesis.openapi.from_asgi("/openapi.json", APP).exclude(path_regex="/events$")

with TestClient(APP) as _client:
    GAME = _client.post("/api/games", json={"ruleset": "standard"}).json()
    _auth = {"Authorization": f"Bearer {GAME['seat_tokens']['FRANCE']}"}
    _client.post(f"/api/games/{GAME['id']}/join", json={"name": "Fuzzy"}, headers=_auth)
    _client.post(f"/api/games/{GAME['id']}/gm/start", json={}, headers={"Authorization": f"Bearer {GAME['gm_token']}"})
    _ACCOUNT = _client.post("/api/accounts", json={"name": "fuzzer", "password": "long enough"}).json()["token"]
    _client.post(
        "/api/accounts/link",
        json={"game": GAME["id"]},
        headers={"Authorization": f"Bearer {_ACCOUNT}", "X-Seat-Token": GAME["seat_tokens"]["ENGLAND"]},
    )

#: One token per kind of caller: none (the observer), a seat, the GM, the lobby, an account linked to a seat.
TOKENS = [None, GAME["seat_tokens"]["FRANCE"], GAME["gm_token"], GAME["lobby_token"], _ACCOUNT]


def _check(response: Any, what: Any) -> None:
    assert response.status_code < 500, (what, response.status_code, response.text[:500])
    if response.status_code >= 400:
        assert response.json().get("error"), response.text[:500]


_SEEN: set[str] = set()


@schema.parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_no_server_errors(case: schemathesis.Case) -> None:
    if "game_id" in (case.path_parameters or {}):
        case.path_parameters = {**case.path_parameters, "game_id": GAME["id"]}
    # With the game fixed, many examples of an operation are the same request (a GET of the map): send each once.
    headers = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
    key = repr((case.method, case.path, case.path_parameters, case.query, case.body, sorted(headers.items())))
    if key in _SEEN:
        return
    _SEEN.add(key)
    for token in TOKENS:
        headers = dict(case.headers or {})
        headers.pop("Authorization", None)
        if token:
            headers["Authorization"] = f"Bearer {token}"
        case.headers = headers
        _check(case.call(), (case.method, case.formatted_path, token is not None))


_HUGE = "9" * 5000
BAD_BODIES = [
    '{"action": {"type": "x", "n": 1e999}}',
    '{"action": {"type": "orders", "power": "FRANCE", "orders": [' + ",".join(['"A PAR H"'] * 100_000) + "]}}",
    '{"action": {"type": "submit", "text": "' + "9" * 4301 + ': WUR"}}',
    '{"action": {"type": "adjust", "delta": ' + "9" * 4301 + "}}",
    '{"n": ' + _HUGE + "}",
    '{"seconds": ' + _HUGE + ', "at": 1e999, "in_seconds": NaN, "seed": -Infinity}',
    '{"text": "' + "x" * 30_000 + '"}',
    "[" * 5_000 + "]" * 5_000,
    '{"a": ' * 3_000 + "1" + "}" * 3_000,
    '{"bids": {"FRANCE": ' + _HUGE + "}}",
    '{"to": [' + ",".join(['"FRANCE"'] * 10_000) + '], "body": "x"}',
    '{"deadlines": {"movement": 1e308}}',
    '{"name": "' + "n" * 5_000 + '", "password": "' + "p" * 5_000 + '"}',
    "x" * (1024 * 1024 + 1),
    "\xff\xfe not utf-8",
]


def test_hand_made_bad_inputs_never_5xx() -> None:
    """Issue 12's attacks on every write operation, with each kind of caller: a 4xx with an error, never a 5xx."""
    paths = [p for p in APP.openapi()["paths"].items() if "post" in p[1]]
    with TestClient(APP) as client:
        for raw, _ops in paths:
            path = raw.replace("{game_id}", GAME["id"])
            for body in BAD_BODIES:
                for token in (None, GAME["seat_tokens"]["FRANCE"], GAME["gm_token"]):
                    headers = {"Content-Type": "application/json"}
                    if token:
                        headers["Authorization"] = f"Bearer {token}"
                    response = client.post(path, content=body.encode("utf-8", "surrogateescape"), headers=headers)
                    _check(response, (path, body[:40]))
