"""The map is the board (issue 18, point 1), in a real browser: Playwright drives Debian's Chromium, as in
``test_browser.py``.

A standard game is set up and played one phase through the API; then France opens its page on a laptop's screen
(1366 x 768): the board is the drawing on real coastlines, its key names each power's colour and nothing the
standard game does not use, the previous phase's orders are arrows (the failed one marked), a fleet on a split coast
stands at its coast; France orders by clicking (unit, Move, a highlighted province), zooms and fits the map again.
Germany orders by tapping on a phone (390 x 844) and the page fits the phone's width. A Europe 1615 game is shown
at both sizes too, its key naming the minor states' marks. Orders typed with mistakes are flagged beside their
lines as they are typed (issue 18, point 2). Screenshots go to ``artifacts/server-map/``.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.test_browser import Pages, click_province, targets_of, until

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_MAP", ROOT / "artifacts" / "server-map"))
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def call(server: LiveServer, path: str, token: str | None = None, body: dict[str, Any] | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = httpx.post(server.url + path, headers=headers, json=body or {}, timeout=30)
    assert response.status_code < 300, response.text
    return response.json()


def new_game(server: LiveServer, ruleset: str, seats: tuple[str, ...]) -> dict[str, Any]:
    made: dict[str, Any] = call(server, "/api/games", body={"ruleset": ruleset, "title": f"{ruleset} map", "seed": 3})
    for seat in seats:
        call(server, f"/api/games/{made['id']}/join", made["seat_tokens"][seat], {"name": seat.title()})
    call(server, f"/api/games/{made['id']}/gm/start", made["gm_token"])
    return made


def centre(page: Any, selector: str) -> tuple[float, float]:
    x, y = page.eval_on_selector(
        selector, "e => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }"
    )
    return float(x), float(y)


def view_box(page: Any) -> list[float]:
    text: str = page.get_attribute("#board svg.geo", "viewBox")
    return [float(v) for v in text.split()]


def test_the_map_is_the_board_on_a_laptop_and_a_phone(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    errors, page_for, shot = pages.errors, pages.new, pages.shot

    with LiveServer(str(tmp_path / "map.sqlite"), poll=0.2, heartbeat=0.5) as server:
        made = new_game(server, "standard", ("FRANCE", "GERMANY", "RUSSIA"))
        game, tokens = made["id"], made["seat_tokens"]
        call(server, f"/api/games/{game}/orders", tokens["FRANCE"], {"text": "A PAR - BUR\nA MAR S A PAR - BUR"})
        call(server, f"/api/games/{game}/orders", tokens["GERMANY"], {"text": "A MUN - BUR"})
        call(server, f"/api/games/{game}/orders", tokens["RUSSIA"], {"text": "F SEV - RUM"})
        call(server, f"/api/games/{game}/gm/resolve", made["gm_token"])

        # France on a laptop: the drawing on real coastlines is the board.
        france = page_for(browser.new_context(viewport=LAPTOP))
        france.goto(made["seat_links"]["FRANCE"])
        france.wait_for_selector("#board svg.geo #prov-BUR")
        france.wait_for_selector('[data-unit="A BUR"].mine')
        assert not france.query_selector_all("#board circle.prov")  # not the graph
        # The key: each power's colour and name, and only what a standard game uses.
        names = france.eval_on_selector_all("[data-key-power]", "els => els.map(e => e.textContent)")
        assert [n.split(" ")[0] for n in names] == [
            "Austria",
            "England",
            "France",
            "Germany",
            "Italy",
            "Russia",
            "Turkey",
        ]
        assert "France 4 centres" not in names[2] and names[2].startswith("France 3 centres, 3 units")
        keys = france.eval_on_selector_all("[data-key]", "els => els.map(e => e.dataset.key)")
        assert {"army", "fleet", "centre", "arrow-move", "arrow-support", "arrow-fails"} <= set(keys)
        assert "arrow-convoy" not in keys  # no convoy was ordered
        assert not [k for k in keys if k.startswith(("cross-", "status-"))], keys
        assert not france.query_selector_all(".key-minors, .key-inf")
        # The previous phase's orders as arrows: two that succeeded, Munich's failed move marked with a cross.
        until(lambda: len(france.query_selector_all("g.order.past")) == 4)
        failed = france.query_selector_all("g.order.past.fails")
        assert [(f.get_attribute("data-from"), f.get_attribute("data-to")) for f in failed] == [("MUN", "BUR")]
        assert failed[0].query_selector(".fail-cross") is not None
        # A fleet on a split coast stands at its coast, not at the province's middle.
        fleet = centre(france, '[data-unit="F STP/SC"]')
        assert math.dist(fleet, centre(france, "#at-STP-SC")) < math.dist(fleet, centre(france, "#at-STP"))
        # The board fits the laptop's screen (issue 30 point 3): the whole map in view without scrolling, the
        # Mediterranean included, the orders beside it, and the key one tap away under it.
        box = france.eval_on_selector(
            "#board svg.geo", "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
        )
        side = france.eval_on_selector(".side", "e => { const r = e.getBoundingClientRect(); return [r.left, r.top]; }")
        assert box[3] <= LAPTOP["height"] and box[2] - box[0] > 560, box
        assert side[0] >= box[2] and side[1] < box[3], (side, box)  # the orders beside the map, not under it
        assert (
            france.is_visible("#map-key-box > summary")
            and france.evaluate("document.documentElement.scrollWidth") <= 1366
        )
        # Standard centres are drawn as Diplomacy boards draw them: a dot in the owner's ring, no number.
        assert not france.query_selector_all("#board svg.geo .centre text")
        shot(france, "01-laptop-standard-last-orders")

        # Clicking a unit, Move, then one of the highlighted provinces orders it; the order is an arrow at once.
        france.click('[data-unit="A BUR"]')
        france.click('[data-choice="Move"]')
        assert targets_of(france) == ["BEL", "GAS", "MAR", "MUN", "PAR", "PIC", "RUH"]
        shot(france, "02-laptop-standard-move-targets")
        click_province(france, "RUH")
        france.wait_for_selector("#orders-ok:has-text('saved')")
        assert "A BUR - RUH" in france.input_value("#orders-text").splitlines()
        france.wait_for_selector('g.order:not(.past)[data-from="BUR"][data-to="RUH"]')
        assert not targets_of(france)
        # Zoom in (button, wheel) and back to the whole map.
        whole = view_box(france)
        france.click('[data-zoom="in"]')
        assert view_box(france)[2] < whole[2] * 0.7
        x, y = centre(france, "#at-BUR")
        france.mouse.move(x, y)
        france.mouse.wheel(0, -300)
        until(lambda: view_box(france)[2] < whole[2] * 0.6)
        shot(france, "03-laptop-standard-zoomed")
        france.click('[data-zoom="fit"]')
        assert view_box(france) == whole
        # Orders are checked as they are typed: each mistake named beside its line with the rule, before saving;
        # they may still be saved (the adjudicator treats them as DATC says), and the warnings stay beside them.
        france.fill("#orders-text", "A BUR - RUH\nA MAR - MUN\nA BUR - PIC\nF BRE S A GAS - PIC\n")
        until(lambda: len(france.query_selector_all("#order-lines li.warn")) == 3)
        warned = france.eval_on_selector_all("#order-lines li.warn", "els => els.map(e => [e.value, e.textContent])")
        assert [w[0] for w in warned] == [2, 3, 4], warned
        assert "cannot reach MUN (not adjacent)" in warned[0][1]
        assert "second order for the unit in BUR (the first is on line 1)" in warned[1][1]
        assert "support of nothing: there is no unit in GAS" in warned[2][1]
        shot(france, "03b-laptop-standard-checked-as-typed")
        france.click("#submit-orders")  # four orders for three units: refused as a whole, the text kept
        france.wait_for_selector("#orders-error:has-text('at most 3 orders')")
        # A refusal shows what refused it only: the warnings of the text it refused are not shown beside it.
        until(lambda: not france.query_selector_all("#order-lines li.warn"))
        shot(france, "03c-laptop-standard-refused")
        france.fill("#orders-text", "A BUR - RUH\nA MAR - MUN\nF BRE S A GAS - PIC\n")
        france.click("#submit-orders")
        france.wait_for_selector("#orders-ok:has-text('saved')")
        until(lambda: len(france.query_selector_all("#order-lines li.warn")) == 2)  # saved, never silently
        france.fill("#orders-text", "A BUR - RUH\n")
        until(lambda: not france.query_selector_all("#order-lines li.warn"))
        france.click("#submit-orders")
        france.wait_for_selector("#orders-ok:has-text('saved')")
        # Hiding the previous phase's orders leaves this phase's own.
        france.uncheck("#show-last")
        until(lambda: not france.query_selector_all("g.order.past"))
        assert france.query_selector_all("g.order:not(.past)")
        france.check("#show-last")

        # Germany on a phone: the page fits the phone's width and a tap orders as a click does.
        germany = page_for(browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
        germany.goto(made["seat_links"]["GERMANY"])
        germany.wait_for_selector('[data-unit="A MUN"].mine')
        assert germany.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert germany.eval_on_selector("#board svg.geo", "e => e.getBoundingClientRect().width") <= PHONE["width"]
        # On a phone the orders come first, in the first screen, and the map is a tap away (the "Map" link).
        orders_top = germany.eval_on_selector("#orders-text", "e => e.getBoundingClientRect().top")
        board_top = germany.eval_on_selector("#board", "e => e.getBoundingClientRect().top")
        assert orders_top < PHONE["height"] and orders_top < board_top, (orders_top, board_top)
        assert germany.is_visible("#to-map")
        germany.tap("#to-map")
        # (scrolled until the map's top is at the screen's top, or as far as the page goes)
        reach = germany.evaluate(
            "Math.min(document.getElementById('board').getBoundingClientRect().top + scrollY,"
            " document.documentElement.scrollHeight - innerHeight)"
        )
        until(lambda: germany.evaluate("scrollY") >= reach - 2)
        germany.evaluate("window.scrollTo(0, 0)")
        # It opens close on Germany's own units (the whole map is unreadable at a phone's width); Fit shows it all.
        near = view_box(germany)
        x, y = centre(germany, "#at-MUN")
        box = germany.eval_on_selector(
            "#board svg.geo", "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
        )
        assert box[0] < x < box[2] and box[1] < y < box[3]
        germany.tap('[data-zoom="fit"]')
        assert view_box(germany)[2] > near[2] * 2.5
        fleet = centre(germany, '[data-unit="F STP/SC"]')  # at its coast on the phone too
        assert math.dist(fleet, centre(germany, "#at-STP-SC")) < math.dist(fleet, centre(germany, "#at-STP"))
        shot(germany, "04-phone-standard-whole")
        germany.tap('[data-zoom="in"]')
        germany.tap('[data-zoom="in"]')
        germany.tap('[data-zoom="in"]')
        shot(germany, "04-phone-standard")
        germany.tap('[data-unit="A MUN"]')
        germany.tap('[data-choice="Move"]')
        assert "BOH" in targets_of(germany)
        germany.locator("#board").scroll_into_view_if_needed()
        germany.touchscreen.tap(*centre(germany, "#at-BOH"))
        germany.wait_for_selector("#orders-ok:has-text('saved')")
        assert "A MUN - BOH" in germany.input_value("#orders-text").splitlines()
        germany.locator("#board").scroll_into_view_if_needed()
        shot(germany, "05-phone-standard-ordered")

        # The history shows a past phase's own drawing with its orders.
        france.click('[data-tab="history"]')
        france.click('[data-phase="0"]')
        france.wait_for_selector("#board-caption:has-text('History: Spring 1901 movement')")
        france.wait_for_selector('[data-unit="A PAR"]')
        until(lambda: len(france.query_selector_all("g.order.fails")) == 1)
        france.click("#back-to-now")
        france.wait_for_selector('[data-unit="A BUR"]')

        # Europe 1615 at both sizes: the minor states' statuses and crosses in the key, only those it shows.
        made1615 = new_game(server, "europe1615", ("FRANCE",))
        shown = httpx.get(
            f"{server.url}/api/games/{made1615['id']}",
            headers={"Authorization": f"Bearer {made1615['seat_tokens']['FRANCE']}"},
        ).json()
        minors = shown["board"]["minors"].values()
        crosses = {f"cross-{c}" for m in minors if m["status"] for c in m["markers"]}
        statuses = {f"status-{m['status']}" for m in minors if m["status"]}
        assert crosses and statuses
        for size, name in ((LAPTOP, "06-laptop-1615"), (PHONE, "07-phone-1615")):
            phone = size is PHONE
            page = page_for(browser.new_context(viewport=size, is_mobile=phone, has_touch=phone))
            page.goto(made1615["seat_links"]["FRANCE"])
            page.wait_for_selector('[data-unit="A PAR"].mine')
            page.wait_for_selector("#minor-marker-WUR")
            keys = set(page.eval_on_selector_all("[data-key]", "els => els.map(e => e.dataset.key)"))
            assert {k for k in keys if k.startswith(("cross-", "status-"))} == crosses | statuses, keys
            assert page.query_selector('[data-key-minor="WUR"]') is not None
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            shot(page, name)
            # Clickable by province at this size too: Paris, Move, and the provinces it may reach are highlighted.
            page.click('[data-unit="A PAR"]')
            page.click('[data-choice="Move"]')
            assert "CHA" in targets_of(page) and set(targets_of(page)) <= {"BRIT", "BUR", "CHA", "GUY", "NORM"}
            shot(page, name + "-move-targets")
            page.click('[data-choice="Cancel"]')
    assert not errors, errors


def test_winter_builds_are_checked_and_a_convoy_is_drawn_on_a_laptop_and_a_phone(browser: Any, tmp_path: Path) -> None:
    """Issue 18, points 1 and 2, at both sizes: a convoy of the last phase is a dotted arrow with its key entry; in
    winter a build on an occupied centre, on another power's centre and one past the allowance are each flagged
    beside their lines as they are typed."""
    pages = Pages(ARTIFACTS.with_name(ARTIFACTS.name + "-winter"))
    with LiveServer(str(tmp_path / "winter.sqlite"), poll=0.2, heartbeat=0.5) as server:
        made = new_game(server, "standard", ("ENGLAND", "RUSSIA"))
        game, tokens, gm = made["id"], made["seat_tokens"], made["gm_token"]
        spring = {
            "ENGLAND": "F LON - NTH\nA LVP - YOR\nF EDI - NWG",
            "RUSSIA": "F SEV - RUM\nF STP/SC - BOT\nA MOS - UKR\nA WAR - GAL",
        }
        autumn = {"ENGLAND": "A YOR - NWY\nF NTH C A YOR - NWY", "RUSSIA": "F BOT - SWE\nA UKR - SEV\nA GAL H"}
        for orders in (spring, autumn):
            for power, text in orders.items():
                call(server, f"/api/games/{game}/orders", tokens[power], {"text": text})
            call(server, f"/api/games/{game}/gm/resolve", gm)
        # Russia holds six centres with four units, SEV among them: two builds, in MOS, STP or WAR.
        typed = "A SEV B\nA BER B\nA MOS B\nA WAR B\nF STP/NC B\n"
        for size, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
            phone = size is PHONE
            page = pages.new(browser.new_context(viewport=size, is_mobile=phone, has_touch=phone))
            page.goto(made["seat_links"]["RUSSIA"])
            page.wait_for_selector("#phase:has-text('Winter 1901 adjustments')")
            page.wait_for_selector('[data-unit="A SEV"]')
            # The autumn's convoy, drawn as the last phase's orders: a dotted arrow, named in the key.
            page.wait_for_selector('g.order.past.convoy[data-from="NTH"][data-to="NWY"]')
            assert page.query_selector('g.order.past[data-from="YOR"][data-to="NWY"]') is not None
            assert "arrow-convoy" in page.eval_on_selector_all("[data-key]", "els => els.map(e => e.dataset.key)")
            page.fill("#orders-text", typed)
            until(lambda page=page: len(page.query_selector_all("#order-lines li.warn")) == 3)
            warned = page.eval_on_selector_all("#order-lines li.warn", "els => els.map(e => [e.value, e.textContent])")
            assert [w[0] for w in warned] == [1, 2, 5], warned
            assert "SEV is occupied (by your A SEV)" in warned[0][1]
            assert "BER is not one of your home centres (MOS, SEV, STP, WAR)" in warned[1][1]
            assert "one build too many: you may build 2" in warned[2][1]
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            if phone:
                page.locator("#order-lines").scroll_into_view_if_needed()
            pages.shot(page, f"01-{name}-winter-builds-checked")
    assert not pages.errors, pages.errors
