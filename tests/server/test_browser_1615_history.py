"""History works for Europe 1615, in a real browser (issue 18, point 4): Playwright drives Debian's Chromium.

France plays a year (a move, a deployment and a void diplomatic attack), then opens the History tab: the list
names each phase once, in order, the current one last; each past phase shows its name, its report as France may
read it (grouped, every void line with its reason), each entry under its own name (the year's opening status
check under the first phase, the scoring under the winter), and its orders as arrows on its own map. Going
back to the Orders tab, or a new phase, puts the board back on the present. Screenshots at 1366x768 and 390x844
go to ``artifacts/server-1615-history/``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.server.conftest import LiveServer
from tests.server.test_browser import Pages, until
from tests.server.test_browser_1615_guide import call

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_1615_HISTORY", ROOT / "artifacts" / "server-1615-history"))
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def both(pages: Pages, page: Any, name: str) -> None:
    """A screenshot at laptop and at phone size; the phone's page is no wider than the phone."""
    for label, size in (("laptop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.wait_for_timeout(300)
        if label == "phone":  # laid out again at the phone's width (a loaded machine may take a while)
            until(lambda: page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1)
        pages.shot(page, f"{name}-{label}")
    page.set_viewport_size(LAPTOP)


def test_europe1615_history_in_the_browser(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    errors = pages.errors

    with LiveServer(str(tmp_path / "history1615.sqlite"), poll=0.2, heartbeat=0.5) as server:
        made = call(server, "POST", "/api/games", body={"ruleset": "europe1615", "title": "1615 history", "seed": 3})
        game, gm_token, france_token = made["id"], made["gm_token"], made["seat_tokens"]["FRANCE"]
        call(server, "POST", f"/api/games/{game}/join", france_token, {"name": "Louis"})
        call(server, "POST", f"/api/games/{game}/gm/start", gm_token)
        call(server, "POST", f"/api/games/{game}/orders", france_token, {"text": "9: WUR\nLOR > SPAIN\nPAR-CHA\n"})
        for _ in range(4):  # S1615M, U1615M, F1615M (and the early winter the engine runs), W1615A
            call(server, "POST", f"/api/games/{game}/gm/resolve", gm_token)
        assert call(server, "GET", f"/api/games/{game}", gm_token)["view"]["phase"] == "S1616M"

        france = pages.new(browser.new_context(viewport=LAPTOP))
        france.goto(made["seat_links"]["FRANCE"])
        france.wait_for_selector('[data-unit="A CHA"][data-owner="FRANCE"]')
        france.click('[data-tab="history"]')
        france.wait_for_selector("#history-list li:has-text('(now)')")
        items = france.eval_on_selector_all("#history-list li", "els => els.map(e => [e.dataset.phase, e.textContent])")
        assert items == [
            ["0", "Spring 1615 movement"],
            ["1", "Summer 1615 movement"],
            ["2", "Fall 1615 movement"],
            ["3", "Late winter 1615 builds"],
            ["4", "Spring 1616 movement (now)"],
        ], items

        # The first phase: its name, the year's opening status check (INFs for the year), then its own report,
        # grouped for France, the void attack with its reason; its orders as arrows on the map as it opened.
        france.click("#history-list li[data-phase='0']")
        france.wait_for_selector("#board-caption:has-text('History: Spring 1615 movement')")
        assert france.inner_text("#history-detail h3") == "Spring 1615 movement"
        entries = france.eval_on_selector_all("#history-detail .history-entry", "els => els.map(e => e.dataset.entry)")
        assert entries == ["S1615I", "S1615M"], entries
        assert france.inner_text(".history-entry[data-entry=S1615I] h4") == "Initial status check 1615"
        opening = france.inner_text(".history-entry[data-entry=S1615I]")
        assert "INFs for the year" in opening, opening
        own = france.inner_text(".history-entry[data-entry=S1615M] details.report-group[data-group='For FRANCE']")
        assert "A PAR - CHA: succeeds" in own and "FRANCE deployed to WUR" in own, own
        assert "LOR > SPAIN: void (FRANCE holds no INFs in LOR)" in own, own
        until(lambda: len(france.query_selector_all("g.order")) >= 1)  # PAR - CHA drawn on the past map
        assert france.query_selector('[data-unit="A PAR"]') is not None  # the map as the phase opened
        assert france.is_visible("#back-to-now")
        both(pages, france, "01-france-history-S1615M")

        # Every past phase: its name heads its detail and an entry of that name is there (nothing off by one);
        # the winter's resolution also recorded the scoring and the next year's opening, each under its name.
        # (Each name in words, its code in the tooltip and the entry's data.)
        for idx, name, title in (
            (1, "U1615M", "Summer 1615 movement"),
            (2, "F1615M", "Fall 1615 movement"),
            (3, "W1615A", "Late winter 1615 builds"),
        ):
            france.click(f"#history-list li[data-phase='{idx}']")
            france.wait_for_selector(f"#board-caption:has-text('History: {title}')")
            assert france.inner_text("#history-detail h3") == title
            assert france.get_attribute("#history-detail h3", "title") == name
            shown = france.eval_on_selector_all(
                "#history-detail .history-entry", "els => els.map(e => e.dataset.entry)"
            )
            assert shown[0] == name, (name, shown)
            assert "== " not in france.inner_text("#history-detail")  # the report, not raw text nor JSON
            assert "{" not in france.inner_text("#history-detail")
        assert shown == ["W1615A", "W1615S", "S1616I"], shown
        assert "score FRANCE" in france.inner_text(".history-entry[data-entry=W1615S]")
        both(pages, france, "02-france-history-W1615A")

        # The current phase: not resolved yet.
        france.click("#history-list li[data-phase='4']")
        france.wait_for_selector("#history-detail:has-text('not resolved yet')")

        # Ordering in the present puts the board back on it: the Orders tab closes the past phase.
        france.click("#history-list li[data-phase='0']")
        france.wait_for_selector("#board-caption:has-text('History: Spring 1615 movement')")
        france.click('[data-tab="orders"]')
        france.wait_for_selector("#board-caption:has-text('Now: Spring 1616 movement')")
        assert not france.is_visible("#back-to-now")
        france.wait_for_selector('[data-unit="A CHA"].mine')  # the present's units, clickable
        france.click('[data-unit="A CHA"]')
        france.wait_for_selector('[data-choice="Move"]')
        france.click('[data-choice="Cancel"]')

        # A new phase while a past one is shown: the board follows the game to the present.
        call(server, "POST", f"/api/games/{game}/orders", france_token, {"text": "CHA-PAR\n"})
        france.click('[data-tab="history"]')
        france.click("#history-list li[data-phase='2']")
        france.wait_for_selector("#board-caption:has-text('History: Fall 1615 movement')")
        call(server, "POST", f"/api/games/{game}/gm/resolve", gm_token)
        france.wait_for_selector("#phase:has-text('Summer 1616 movement')")
        france.wait_for_selector("#board-caption:has-text('Now: Summer 1616 movement')")
        assert france.inner_text("#history-detail").strip() == ""
        france.wait_for_selector("#history-list li:has-text('Summer 1616 movement (now)')")
        # The last phase's orders are drawn on the present's map (Europe 1615's entries have their results).
        france.wait_for_selector("#show-last-label:not(.hidden)")
        until(lambda: len(france.query_selector_all("g.order.past")) >= 1)
        both(pages, france, "03-france-back-to-now")
    assert not errors, errors
