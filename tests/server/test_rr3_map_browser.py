"""The megagame's map in a real browser (issue 18, point 7; Playwright and Debian's Chromium, as in test_browser.py).

The page shows the server's drawing (map.svg: areas on real coastlines) whole, without an inner scroll, on a laptop
(1366x768) and a phone (390x844); zooming in shows the labels the whole map leaves out; a click on an area shows
its name, owner and cities below the map. Screenshots go to ``artifacts/server-rr3-map/``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import LiveServer
from tests.server.test_browser import Pages

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_RR3_MAP", ROOT / "artifacts" / "server-rr3-map"))
SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


def france_joined(http: httpx.Client) -> tuple[str, dict[str, str]]:
    """A started 1524 game with a seat per team, France's taken: its id and the seat tokens (skipped where the
    scenario's map and briefs are not installed)."""
    made = http.post(
        "/api/games", json={"ruleset": "rr3", "scenario": "1524", "seed": 5, "options": {"seats": "teams"}}
    ).json()
    gid, gm, tokens = made["id"], made["gm_token"], made["seat_tokens"]
    if http.get(f"/api/games/{gid}").json()["view"].get("provisional"):
        pytest.skip("the 1524 scenario (map and briefs) is not installed")
    auth = {"Authorization": f"Bearer {tokens['france']}"}
    assert http.post(f"/api/games/{gid}/join", json={"name": "Fran"}, headers=auth).status_code == 200
    assert http.post(f"/api/games/{gid}/gm/start", json={}, headers={"Authorization": f"Bearer {gm}"}).is_success
    return gid, tokens


def test_the_megagame_map_is_drawn_whole_zooms_and_picks_areas(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    with LiveServer(str(tmp_path / "browser-rr3-map.sqlite"), poll=0.2, heartbeat=0.5) as server:
        http = httpx.Client(base_url=server.url, timeout=20)
        gid, tokens = france_joined(http)

        for size, viewport in SIZES.items():
            page = pages.new(browser.new_context(viewport=viewport))
            page.goto(f"{server.url}/g/{gid}#token={tokens['france']}")
            page.wait_for_selector("#rr3-map svg g.area[data-area='london'] path")
            box = page.eval_on_selector(
                "#rr3-map", "n => [n.scrollWidth, n.clientWidth, n.scrollHeight, n.clientHeight]"
            )
            assert box[0] <= box[1] + 1 and box[2] <= box[3] + 1, f"{size}: the map scrolls inside its box: {box}"
            crowded = "#rr3-map svg g.crowded"
            assert page.eval_on_selector(crowded, "n => getComputedStyle(n).display") == "none"
            page.eval_on_selector("#rr3-map", "n => n.scrollIntoView()")
            pages.shot(page, f"{size}-01-whole-map")
            for _ in range(2):
                page.click("#rr3-map [data-zoom='in']")
            assert page.eval_on_selector(crowded, "n => getComputedStyle(n).display") != "none"
            page.dispatch_event("#rr3-map g.area[data-area='lyonnais']", "click")
            page.wait_for_selector("#area-info:has-text('Lyonnais')")
            assert "france" in page.inner_text("#area-info").lower()
            pages.shot(page, f"{size}-02-zoomed-picked")
        assert not pages.errors, pages.errors
