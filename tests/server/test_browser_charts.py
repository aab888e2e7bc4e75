"""Charts in a real browser (issue 18, point 8): Playwright drives Debian's Chromium.

A standard game runs two dozen phases (France takes Spain and Portugal in 1901, then everyone holds); its centre
chart has a value axis with round ticks, the phase names along the bottom without two of them overlapping (at
laptop and at phone width), both axes named, a line per power in the power's own colour, and a key naming each
power in that colour. A Europe 1615 game's score chart likewise. Screenshots at 1366x768 and 390x844 go to
``artifacts/server-charts/``.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Any

from tests.server.conftest import LiveServer
from tests.server.test_browser import Pages
from tests.server.test_browser_1615_guide import call
from tests.server.test_browser_1615_history import LAPTOP, PHONE, both

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_CHARTS", ROOT / "artifacts" / "server-charts"))

# The boxes of the phase names along the bottom, as drawn on the screen.
BOXES = """svg => [...svg.querySelectorAll('text.tick-x')].map(t => {
  const r = t.getBoundingClientRect(); return [t.textContent, r.left, r.top, r.right, r.bottom];
})"""


def overlapping(boxes: list[list[Any]]) -> list[tuple[str, str]]:
    """Pairs of neighbouring phase names drawn over each other: the names are slanted alike, so two collide
    when their right ends are nearer than about a line's height (1.2 em of 12 px) across the page."""
    out = []
    for a, b in itertools.pairwise(boxes):
        if b[3] - a[3] < 12 * 1.2:
            out.append((a[0], b[0]))
    return out


def check_chart(page: Any, series: str, powers: set[str]) -> None:
    chart = f"svg.chart[data-series={series}]"
    page.wait_for_selector(chart)
    ticks = page.eval_on_selector_all(f"{chart} text.tick-y", "els => els.map(e => Number(e.textContent))")
    assert len(ticks) >= 3 and ticks[0] == 0 and ticks == sorted(ticks), ticks
    steps = {round(b - a, 6) for a, b in itertools.pairwise(ticks)}
    assert len(steps) == 1, ticks  # evenly spaced, round values
    titles = page.eval_on_selector_all(f"{chart} text.axis-title", "els => els.map(e => e.textContent)")
    assert len(titles) == 2 and "phase" in titles, titles
    boxes = page.eval_on_selector(chart, BOXES)
    assert len(boxes) >= 3, boxes
    assert not overlapping(boxes), overlapping(boxes)
    # The last phase is always named; the first too.
    names = [b[0] for b in boxes]
    # (The axis keeps the short codes; the history list names the phase in words, its code in the tooltip.)
    assert names[0] == page.get_attribute("#history-list li", "title")
    # A line per power, each in its own colour, and the key naming each power in that colour.
    strokes = dict(
        page.eval_on_selector_all(
            f"{chart} g.series", "gs => gs.map(g => [g.dataset.power, g.querySelector('path').getAttribute('stroke')])"
        )
    )
    assert set(strokes) == powers, strokes
    assert len(set(strokes.values())) == len(powers), strokes  # no two powers share a colour
    key = page.eval_on_selector_all(
        f"ul.chart-key[data-series={series}] li",
        "ls => ls.map(l => [l.dataset.power, l.textContent,"
        " getComputedStyle(l.querySelector('.swatch')).backgroundColor])",
    )
    assert {k[0] for k in key} == powers
    for power, text, swatch in key:
        hex_colour = strokes[power].lstrip("#")
        rgb = tuple(int(hex_colour[i : i + 2], 16) for i in (0, 2, 4))
        assert swatch == f"rgb({rgb[0]}, {rgb[1]}, {rgb[2]})", (power, swatch, strokes[power])
        assert power.lower() in text.lower(), text


def test_charts_have_axes_and_a_key(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    with LiveServer(str(tmp_path / "charts.sqlite"), poll=0.2, heartbeat=0.5) as server:
        made = call(server, "POST", "/api/games", body={"ruleset": "standard", "title": "Charts", "seed": 1})
        game, gm_token, france_token = made["id"], made["gm_token"], made["seat_tokens"]["FRANCE"]
        call(server, "POST", f"/api/games/{game}/join", france_token, {"name": "Fran"})
        call(server, "POST", f"/api/games/{game}/gm/start", gm_token)
        orders = ["F BRE - MAO\nA MAR - SPA\nA PAR - BUR", "F MAO - POR", "A PAR B\nF BRE B"]
        for text in orders:
            call(server, "POST", f"/api/games/{game}/orders", france_token, {"text": text})
            call(server, "POST", f"/api/games/{game}/gm/resolve", gm_token)
        for _ in range(20):
            call(server, "POST", f"/api/games/{game}/gm/resolve", gm_token)
        timeline = call(server, "GET", f"/api/games/{game}/timeline")
        assert len(timeline) >= 20 and timeline[-1]["series"]["centres"]["FRANCE"] == 5, timeline[-1]

        page = pages.new(browser.new_context(viewport=LAPTOP))
        page.goto(made["seat_links"]["FRANCE"])
        page.wait_for_selector('[data-unit="A PAR"]')
        page.click('[data-tab="charts"]')
        powers = {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"}
        check_chart(page, "centres", powers)
        assert "France" in page.inner_text("ul.chart-key li[data-power=FRANCE]")
        assert page.inner_text("ul.chart-key li[data-power=FRANCE] .muted").strip() == "5"
        both(pages, page, "01-standard-centres")
        page.set_viewport_size(PHONE)
        page.wait_for_timeout(500)  # redrawn at the phone's width
        check_chart(page, "centres", powers)
        page.set_viewport_size(LAPTOP)

        made = call(server, "POST", "/api/games", body={"ruleset": "europe1615", "title": "1615 charts", "seed": 3})
        game, gm_token, france_token = made["id"], made["gm_token"], made["seat_tokens"]["FRANCE"]
        call(server, "POST", f"/api/games/{game}/join", france_token, {"name": "Louis"})
        call(server, "POST", f"/api/games/{game}/gm/start", gm_token)
        call(server, "POST", f"/api/games/{game}/orders", france_token, {"text": "9: WUR\nPAR-CHA\n"})
        for _ in range(9):
            call(server, "POST", f"/api/games/{game}/gm/resolve", gm_token)
        page.goto(made["seat_links"]["FRANCE"])
        page.wait_for_selector('[data-unit="A PAR"], [data-unit="A CHA"]')
        page.click('[data-tab="charts"]')
        check_chart(page, "scores", {"AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN"})
        assert "Score per phase" in page.inner_text("#charts")
        both(pages, page, "02-1615-scores")
    assert not pages.errors, pages.errors
