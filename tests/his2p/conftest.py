"""Shared fixtures of the his2p tests."""

from __future__ import annotations

import pytest

from umpire.games.his2p.events import responses


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "responses: the test opens response windows (responses.py) as a game does")


@pytest.fixture(autouse=True)
def quiet_response_windows(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests about other rules auto-pass the response windows (Foul Weather, The Wartburg, Here I Stand...), which
    would otherwise stop each move, event and German debate; the tests marked ``responses`` see them open."""
    if request.node.get_closest_marker("responses") is None:
        monkeypatch.setattr(responses, "auto", lambda state, role, window: True)
        monkeypatch.setattr(responses, "_log_pass", lambda state, role, window: None)
