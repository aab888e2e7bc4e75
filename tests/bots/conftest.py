"""Markers of the bot and self-play tests."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "ray: runs self-play on a local Ray instance (skipped when Ray is absent)")
