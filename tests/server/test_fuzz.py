"""Fuzzing the HTTP API from its own OpenAPI schema (schemathesis): no request, however malformed, gets a 5xx.

Each generated request runs three times: against a game that exists, with no token, with a seat's token and with
the GM's token (and, for paths without a game, as generated), so the fuzzing reaches past the 404s and 401s.
"""

from __future__ import annotations

import tempfile
import warnings
from pathlib import Path

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

TOKENS = [None, GAME["seat_tokens"]["FRANCE"], GAME["gm_token"]]


@schema.parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_no_server_errors(case: schemathesis.Case) -> None:
    if "game_id" in (case.path_parameters or {}):
        case.path_parameters = {**case.path_parameters, "game_id": GAME["id"]}
        runs = TOKENS
    else:
        runs = [None]
    for token in runs:
        headers = dict(case.headers or {})
        headers.pop("Authorization", None)
        if token:
            headers["Authorization"] = f"Bearer {token}"
        case.headers = headers
        response = case.call()
        assert response.status_code < 500, (case.method, case.formatted_path, response.status_code, response.text)
        if response.status_code >= 400:
            assert response.json().get("error"), response.text
