"""The drawn map is cached per phase and view, and drawn once however many threads ask at the same time."""

from __future__ import annotations

import threading
import time

import pytest

from umpire.kernel.game import new_game
from umpire.server import mapsvg


def test_a_drawing_is_made_once_for_threads_asking_together() -> None:
    cache = mapsvg.SvgCache(size=2)
    drawn: list[int] = []

    def draw() -> str:
        drawn.append(1)
        time.sleep(0.05)
        return "<svg/>"

    threads = [threading.Thread(target=cache.get, args=("k", draw)) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(drawn) == 1
    cache.get("a", lambda: "a")
    cache.get("b", lambda: "b")
    assert cache.get("k", lambda: "again") == "again"  # the oldest drawing left the cache (size 2)


def test_the_same_view_is_drawn_once_and_another_phase_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = mapsvg.draw_svg

    def counting(*args: object, **kwargs: object) -> str:
        calls.append("draw")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(mapsvg, "_SVGS", mapsvg.SvgCache())
    monkeypatch.setattr(mapsvg, "draw_svg", counting)
    game = new_game("standard", seed=3)
    first = mapsvg.map_svg(game.view("FRANCE"))
    assert mapsvg.map_svg(game.view("FRANCE")) == first
    assert len(calls) == 1
    game.act("gm", {"type": "resolve"})
    second = mapsvg.map_svg(game.view("FRANCE"))
    assert second != first and len(calls) == 2
