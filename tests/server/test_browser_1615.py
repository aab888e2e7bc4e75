"""Europe 1615 in a real browser: Playwright (Python) drives Debian's Chromium, as in ``test_browser.py``.

The GM creates a 1615 game from the form, France joins through its seat's link, types an INF deployment and an
order for Paris, then replaces that order by clicking the map (unit, action, a highlighted target) and adds two
more by clicking (a support, a hold): each clicked order is written in the seed's compact form in place of the
unit's line, the typed lines staying as they are. One more line is typed, everything is submitted, the GM
resolves and France sees its armies where they moved and the phase's report. Screenshots go to
``artifacts/server-1615/``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.server.conftest import LiveServer
from tests.server.test_browser import Pages, click_province, targets_of, until

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_1615", ROOT / "artifacts" / "server-1615"))


def test_europe1615_orders_by_clicks_and_text_in_the_browser(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    errors, page_for, shot = pages.errors, pages.new, pages.shot

    def text(page: Any) -> list[str]:
        lines: list[str] = page.input_value("#orders-text").splitlines()
        return lines

    with LiveServer(str(tmp_path / "browser1615.sqlite"), poll=0.2, heartbeat=0.5) as server:
        size = {"width": 1400, "height": 1000}
        gm = page_for(browser.new_context(viewport=size))
        france = page_for(browser.new_context(viewport=size))

        gm.goto(server.url + "/")
        gm.wait_for_selector("#ruleset option[value=europe1615]", state="attached")
        gm.select_option("#ruleset", "europe1615")
        gm.fill("input[name=title]", "Europe 1615 in the browser")
        gm.select_option("select[name=missed_orders]", "hold")
        gm.click("#create-button")
        gm.wait_for_selector("#created:not(.hidden)")
        links = {a.get_attribute("data-link"): a.get_attribute("href") for a in gm.query_selector_all("a[data-link]")}
        assert {"GM", "FRANCE"} <= set(links)

        france.goto(links["FRANCE"])
        france.wait_for_selector("#join:not(.hidden)")
        france.fill("#join-name", "Louis")
        france.click("#join-button")
        france.wait_for_selector("#join", state="hidden")
        france.wait_for_selector("#who:has-text('Louis')")

        gm.goto(links["GM"])
        gm.click("#gm-tab")
        gm.wait_for_selector("#gm-start:not([disabled])")
        gm.click("#gm-start")
        gm.wait_for_selector("#deadline:has-text('no deadline')")

        # France's own units are marked as its to order; typed lines first: an INF deployment and a move.
        france.wait_for_selector('[data-unit="A PAR"].mine')
        france.wait_for_selector("#orders-text:not(.hidden)")
        assert france.get_attribute('[data-unit="F BRIT"]', "class").split().count("mine") == 1
        assert "mine" not in (france.get_attribute('[data-unit="A RUM"]', "class") or "")  # Ottoman: not clicked
        france.wait_for_selector("#click-help:has-text('Click one of your units')")
        france.fill("#orders-text", "9: WUR\nPAR-BUR")
        shot(france, "01-france-typed")

        # Paris by clicks: unit, Move, then one of the highlighted provinces an army in Paris can reach.
        france.click('[data-unit="A PAR"]')
        france.click('[data-choice="Move"]')
        targets = targets_of(france)
        assert "CHA" in targets and set(targets) <= {"BRIT", "BUR", "CHA", "GUY", "NORM"}, targets
        shot(france, "02-france-move-targets")
        click_province(france, "CHA")
        france.wait_for_selector("#orders-ok:has-text('saved')")
        assert text(france) == ["9: WUR", "PAR-CHA"]  # the typed order for Paris replaced where it stood

        # A support and a hold by clicks, written in the seed's compact form.
        france.click('[data-unit="A NORM"]')
        france.click('[data-choice="Support"]')
        france.click('[data-unit="A PAR"]')
        click_province(france, "CHA")
        until(lambda: "NORM S PAR-CHA" in text(france))
        france.click('[data-unit="F BRIT"]')
        france.click('[data-choice="Hold"]')
        until(lambda: "BRIT HOLD" in text(france))
        france.wait_for_selector("#orders-ok:has-text('saved')")
        assert text(france) == ["9: WUR", "PAR-CHA", "NORM S PAR-CHA", "BRIT HOLD"]
        shot(france, "03-france-clicked-orders")

        # One more line by text, with a mistake first: the bad line is marked, nothing is saved and the clicked
        # orders stand (shown as the saved orders); the GM's page, which shows every box, stays whole.
        clicked = france.input_value("#orders-text")
        france.fill("#orders-text", clicked + "PRO-XYZ\n")
        france.click("#submit-orders")
        france.wait_for_selector("#order-lines li.bad")
        assert "XYZ" in france.inner_text("#order-lines li.bad")
        france.wait_for_selector("#orders-error:has-text('earlier orders stand')")
        assert france.inner_text("#saved-text").strip() == clicked.strip()
        gm.wait_for_selector("#gm-boxes:has-text('NORM S PAR-CHA')")
        assert "XYZ" not in gm.inner_text("#gm-boxes")
        france.fill("#orders-text", clicked + "PRO-LAN\n")
        france.click("#submit-orders")
        france.wait_for_selector("#orders-ok:has-text('Orders saved')")
        assert text(france) == ["9: WUR", "PAR-CHA", "NORM S PAR-CHA", "BRIT HOLD", "PRO-LAN"]
        assert not france.query_selector_all("#order-lines li.bad")
        # The submission's moves and supports are drawn as arrows, on France's board and on the GM's.
        until(lambda: len(france.query_selector_all("g.order:not(.past)")) == 3)  # PAR-CHA, NORM S PAR-CHA, PRO-LAN
        until(lambda: len(gm.query_selector_all("g.order:not(.past)")) >= 3)
        france.click("#ready-toggle")
        france.wait_for_selector("#ready-toggle:has-text('undo')")
        shot(france, "04-france-submitted")

        # The GM resolves; France sees its armies where they went and the phase's report.
        gm.click("#gm-resolve")
        france.wait_for_selector("#phase:has-text('Summer 1615 movement')")
        france.wait_for_selector('[data-unit="A CHA"][data-owner="FRANCE"]')
        france.wait_for_selector('[data-unit="A LAN"][data-owner="FRANCE"]')
        assert not france.query_selector_all('[data-unit="A PAR"]')
        report = france.inner_text("#result-box")
        assert "A PAR - CHA: succeeds" in report and "A NORM S A PAR - CHA: succeeds" in report, report
        assert "FRANCE deployed to WUR" in report
        # Wuerttemberg, now aligned with France, is France's to order too: its army is clickable.
        france.wait_for_selector("#minor-marker-WUR rect.status.aligned")
        france.wait_for_selector('[data-unit="A WUR"].mine')
        france.click('[data-unit="A WUR"]')
        france.wait_for_selector('[data-choice="Move"]')
        france.click('[data-choice="Cancel"]')
        shot(france, "05-france-results")
        shot(gm, "06-gm-after-resolve")
    assert not errors, errors
