"""A short game end to end in a real browser: Playwright (Python) drives Debian's Chromium.

The GM creates the game from the form, two players open their seats' links and join, France orders by clicking
the map and Germany by typing (with a mistake first, shown beside its line), both mark themselves ready, the GM
resolves, and everyone reads the results, the history and the press. Screenshots go to ``artifacts/server/``.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from typing import Any

from tests.server.conftest import LiveServer

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS", ROOT / "artifacts" / "server"))


def until(condition: Any, seconds: float = 15.0) -> None:
    """Wait for a condition checked from Python (the pages' policy forbids evaluating strings in them)."""
    end = time.time() + seconds
    while not condition():
        if time.time() > end:
            raise AssertionError("timed out waiting for the page")
        time.sleep(0.05)


def scroll_to(locator: Any, tries: int = 5) -> None:
    """Scroll ``locator`` into view. A live update may redraw the page between finding the element and scrolling
    to it (Playwright then says it is no longer attached); it is found again and scrolled to, up to ``tries``."""
    from playwright.sync_api import Error as PlaywrightError

    for attempt in range(tries):
        try:
            locator.scroll_into_view_if_needed()
            return
        except PlaywrightError:
            if attempt == tries - 1:
                raise
            time.sleep(0.2)


def click_province(page: Any, prov: str) -> None:
    """Click the map where a province's unit stands (its point), as a player does: a real mouse click at that
    spot of the screen, so whatever the page draws there has to pass it on to the province."""
    page.locator("#board").scroll_into_view_if_needed()
    x, y = page.eval_on_selector(
        f"#at-{prov.replace('/', '-')}",
        "e => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }",
    )
    page.mouse.click(x, y)


def targets_of(page: Any) -> list[str]:
    """The provinces highlighted on the map as where the order under construction may go."""
    found: list[str] = page.eval_on_selector_all("path.hl.target", "els => els.map(e => e.dataset.target).sort()")
    return found


class Pages:
    """Pages that record their page errors and console errors (not the 4xx answers a test provokes on purpose),
    and screenshots into a fresh artifacts folder."""

    def __init__(self, artifacts: Path) -> None:
        if artifacts.exists():
            shutil.rmtree(artifacts)
        artifacts.mkdir(parents=True)
        self.artifacts = artifacts
        self.errors: list[str] = []

    def new(self, context: Any) -> Any:
        page = context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        page.on(
            "console",
            lambda msg: (
                self.errors.append(msg.text)
                if msg.type == "error" and "responded with a status of 4" not in msg.text
                else None
            ),
        )
        page.set_default_timeout(15000)
        return page

    def shot(self, page: Any, name: str) -> None:
        page.screenshot(path=str(self.artifacts / f"{name}.png"), full_page=True)


def test_short_game_in_the_browser(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    errors, page_for, shot = pages.errors, pages.new, pages.shot

    with LiveServer(str(tmp_path / "browser.sqlite"), poll=0.2, heartbeat=0.5) as server:
        size = {"width": 1400, "height": 950}
        gm = page_for(browser.new_context(viewport=size))
        france = page_for(browser.new_context(viewport=size))
        germany = page_for(browser.new_context(viewport=size))

        # The GM creates the game.
        gm.goto(server.url + "/")
        gm.wait_for_selector("#ruleset option[value=standard]", state="attached")
        gm.select_option("#ruleset", "standard")
        gm.fill("input[name=title]", "Browser test game")
        gm.select_option("select[name=missed_orders]", "hold")
        shot(gm, "01-create-form")
        gm.click("#create-button")
        gm.wait_for_selector("#created:not(.hidden)")
        links = {a.get_attribute("data-link"): a.get_attribute("href") for a in gm.query_selector_all("a[data-link]")}
        shot(gm, "02-created-links")
        assert {"GM", "FRANCE", "GERMANY"} <= set(links)

        # Two players join through their seats' links.
        for page, seat, name in ((france, "FRANCE", "Fran"), (germany, "GERMANY", "Gerd")):
            page.goto(links[seat])
            page.wait_for_selector("#join:not(.hidden)")
            assert "#token=" not in page.url  # the token leaves the address bar at once
            page.fill("#join-name", name)
            page.click("#join-button")
            page.wait_for_selector("#join", state="hidden")
            page.wait_for_selector(f"#who:has-text('{name}')")
        shot(france, "03-france-joined")

        # The GM starts the game.
        gm.goto(links["GM"])
        gm.click("#gm-tab")
        gm.wait_for_selector("#gm-start:not([disabled])")
        gm.click("#gm-start")
        gm.wait_for_selector("#deadline:has-text('no deadline')")
        shot(gm, "04-gm-started")

        # France orders by clicking the map: unit, then action, then target (targets highlighted).
        france.wait_for_selector('[data-unit="A PAR"]')
        france.wait_for_selector("#orders-text:not(.hidden)")
        france.click('[data-unit="A PAR"]')
        france.click('[data-choice="Move"]')
        targets = targets_of(france)
        assert targets == ["BRE", "BUR", "GAS", "PIC"], targets  # where an army in Paris can go
        shot(france, "05-france-move-targets")
        click_province(france, "BUR")
        france.wait_for_selector("#orders-ok:has-text('saved')")
        france.click('[data-unit="A MAR"]')
        france.click('[data-choice="Support"]')
        france.click('[data-unit="A PAR"]')
        click_province(france, "BUR")
        until(lambda: "A MAR S A PAR - BUR" in france.input_value("#orders-text"))
        france.wait_for_selector("#orders-ok:has-text('saved')")
        assert france.input_value("#orders-text").splitlines() == ["A PAR - BUR", "A MAR S A PAR - BUR"]
        shot(france, "06-france-clicked-orders")

        # Germany types its orders; a mistake is shown beside its line and nothing is submitted.
        germany.wait_for_selector("#orders-text:not(.hidden)")
        germany.fill("#orders-text", "A MUN - BUR\nA BER - KIE\nF KIE - DNE")
        germany.click("#submit-orders")
        germany.wait_for_selector("#order-lines li.bad")
        bad = germany.inner_text("#order-lines li.bad")
        assert "F KIE - DNE" in bad and "DNE" in bad.split("←", 1)[1]
        shot(germany, "07-germany-line-error")
        germany.fill("#orders-text", "A MUN - BUR\nA BER - KIE\nF KIE - DEN")
        germany.click("#submit-orders")
        germany.wait_for_selector("#orders-ok:has-text('saved')")

        # Both are ready; France sends Germany a private message.
        for page in (france, germany):
            page.click("#ready-toggle")
            page.wait_for_selector("#ready-toggle:has-text('undo')")
        france.click('[data-tab="press"]')
        france.uncheck('[data-to="public"]')
        france.check('[data-to="GERMANY"]')
        france.fill("#press-body", "Bonjour Gerd, Burgundy is mine.")
        france.click("#press-send")
        germany.click('[data-tab="press"]')
        germany.wait_for_selector(".msg .body:has-text('Burgundy is mine')")
        shot(germany, "08-germany-press")

        # The GM sets a deadline (the players' clocks show it live), minutes per phase for what follows, and
        # then resolves at once; results arrive live.
        gm.fill("#gm-minutes", "30")
        gm.click("#gm-set-deadline")
        gm.wait_for_selector("#deadline:has-text('deadline in 29m')")  # and counting down
        france.wait_for_selector("#deadline:has-text('deadline in 29m')")
        gm.fill('#gm-deadlines [data-kind="movement"]', "1440")
        gm.click("#gm-save-deadlines")
        gm.click("#gm-resolve")
        for page in (france, germany):
            page.wait_for_selector("#phase:has-text('Fall 1901 movement')")
        france.click('[data-tab="orders"]')
        results = france.inner_text("#result-box")
        assert "A PAR - BUR" in results and "succeeds" in results
        shot(france, "09-france-results")

        # History: the past phase's map with its orders, and the centre chart.
        germany.click('[data-tab="history"]')
        germany.click('[data-phase="0"]')
        germany.wait_for_selector("#history-detail table.results")
        detail = germany.inner_text("#history-detail")
        assert "A MUN - BUR" in detail and "fails" in detail
        # The results table comes before the past map is drawn; the caption follows the map.
        germany.wait_for_selector("#board-caption:has-text('History: Spring 1901 movement')")
        shot(germany, "10-germany-history")
        germany.click('[data-tab="charts"]')
        germany.wait_for_selector('svg.chart[data-series="centres"]')
        shot(germany, "11-germany-charts")
        gm.click('[data-tab="gm"]')
        france.wait_for_selector("#deadline:has-text('deadline in 23h')")  # the next phase's, from the GM's 1440 min
        shot(gm, "12-gm-panel")
    assert not errors, errors
