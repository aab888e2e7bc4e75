"""Europe 1615 guides its players, in a real browser (issue 18, points 2, 3 and 5): Playwright drives Debian's
Chromium.

France opens its seat and reads what it has (INFs left this year, where its INFs are, how to write a
submission with the rules' own example); its mistakes are flagged beside their lines as they are typed; it
submits, then resubmits with a typo, which is refused while the earlier orders stand and are shown; it proposes to
end the game by agreement with a labelled button; the GM declares a power abandoned and withdraws it with labelled
buttons; after the resolution France's report comes grouped (its own first) with the void diplomatic attack's
reason; in late winter France is told its builds and picks its sanction from its list, each with its text.
Screenshots at 1366x768 and 390x844 go to ``artifacts/server-1615-guide/``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.test_browser import Pages, until

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_1615_GUIDE", ROOT / "artifacts" / "server-1615-guide"))
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def call(server: LiveServer, method: str, path: str, token: str | None = None, body: Any = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    data = (body if body is not None else {}) if method == "POST" else None
    response = httpx.request(method, server.url + path, headers=headers, json=data, timeout=30)
    assert response.status_code < 300, response.text
    return response.json()


def test_europe1615_guides_france_and_the_gm(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    errors, page_for = pages.errors, pages.new

    def both(page: Any, name: str) -> None:
        """A screenshot at laptop and at phone size; the phone's page is as wide as the phone."""
        for label, size in (("laptop", LAPTOP), ("phone", PHONE)):
            page.set_viewport_size(size)
            page.wait_for_timeout(300)
            if label == "phone":  # laid out again at the phone's width (a loaded machine may take a while)
                until(lambda: page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1)
            pages.shot(page, f"{name}-{label}")
        page.set_viewport_size(LAPTOP)

    with LiveServer(str(tmp_path / "guide1615.sqlite"), poll=0.2, heartbeat=0.5) as server:
        made = call(server, "POST", "/api/games", body={"ruleset": "europe1615", "title": "1615 guide", "seed": 3})
        game, gm_token = made["id"], made["gm_token"]
        for seat in ("FRANCE", "SPAIN"):
            call(server, "POST", f"/api/games/{game}/join", made["seat_tokens"][seat], {"name": seat.title()})

        # A new GM lands on the GM tab, told what to do next; then starts the game.
        gm = page_for(browser.new_context(viewport=LAPTOP))
        gm.on("dialog", lambda dialog: dialog.accept())
        gm.goto(made["gm_link"])
        gm.wait_for_selector("#tab-gm:not(.hidden) #gm-next:has-text('what to do next')")
        steps = gm.inner_text("#gm-next")
        assert "Send each player their seat's link" in steps and "2 of 5 seats joined" in steps, steps
        assert "Start game" in steps
        gm.wait_for_selector('[data-unit="A PAR"]')  # the map is drawn (its first drawing after a start is slow)
        both(gm, "00-gm-lands")
        gm.click("#gm-start")
        gm.wait_for_selector("#gm-next:has-text('Waiting for')")

        france = page_for(browser.new_context(viewport=LAPTOP))
        france.goto(made["seat_links"]["FRANCE"])
        france.wait_for_selector("#guide-1615")
        france.wait_for_selector('[data-unit="A PAR"].mine')  # the map is drawn
        assert "INFs left this year: 21 of 21" in france.inner_text("#inf-left")
        assert "no INFs in any minor state yet" in france.inner_text("#inf-placed")
        france.click("#format-help summary")
        example = france.inner_text("#format-example")
        assert "9: WUR" in example and "NORM S PAR-CHA" in example
        assert "LOR > SPAIN" in france.inner_text("#format-help")
        assert not france.is_visible("#generic-actions")  # no raw JSON anywhere on the page
        assert "{" not in france.inner_text("#tab-orders")
        both(france, "01-france-guide")

        # Lines are checked as they are typed, before anything is saved: a move to a province the unit cannot
        # reach and a support of nothing are kept but flagged with the rule; a second order for a unit and more
        # INFs than are left are lines the submission would not keep.
        france.fill("#orders-text", "9: WUR\nPAR-MOS\nPAR-CHA\nNORM S GUY-BUR\n30: LOR\n")
        until(lambda: len(france.query_selector_all("#order-lines li.warn, #order-lines li.bad")) == 4)
        warned = france.eval_on_selector_all("#order-lines li.warn", "els => els.map(e => [e.value, e.textContent])")
        bad = france.eval_on_selector_all("#order-lines li.bad", "els => els.map(e => [e.value, e.textContent])")
        assert [w[0] for w in warned] == [2, 4] and [b[0] for b in bad] == [3, 5], (warned, bad)
        assert "cannot reach MOS (not adjacent)" in warned[0][1] and "support of nothing" in warned[1][1]
        assert "a second order for the unit in PAR" in bad[0][1] and "over the 21 available" in bad[1][1]
        assert not france.inner_text("#orders-ok")  # nothing saved
        both(france, "01b-france-checked-as-typed")

        # A good submission, then a resubmission with a typo: refused, the earlier one stands and is shown.
        good = "9: WUR\nLOR > SPAIN\nPAR-CHA\n"
        france.fill("#orders-text", good)
        france.click("#submit-orders")
        france.wait_for_selector("#orders-ok:has-text('Orders saved')")
        france.wait_for_selector("#inf-pending:has-text('deploys 9 to WUR this phase: 12 left after it')")
        france.fill("#orders-text", "9: WUR\nLOR > SPAIN\nPAR-CHX\n")
        france.click("#submit-orders")
        france.wait_for_selector("#orders-error:has-text('earlier orders stand')")
        assert "CHX" in france.inner_text("#order-lines li.bad")
        assert france.input_value("#orders-text") == "9: WUR\nLOR > SPAIN\nPAR-CHX\n"  # kept to be fixed
        assert france.inner_text("#saved-text").strip() == good.strip()
        view = call(server, "GET", f"/api/games/{game}", made["seat_tokens"]["FRANCE"])["view"]
        assert view["submission"]["text"] == good
        both(france, "02-france-resubmission-refused")
        france.fill("#orders-text", good)
        france.click("#submit-orders")
        france.wait_for_selector("#orders-ok:has-text('Orders saved')")
        assert not france.query_selector("#saved-text")

        # End by agreement: a labelled button; the vote is shown and the button turns into its withdrawal.
        france.click("[data-action=propose_end]")
        france.wait_for_selector("#special-actions:has-text('Agreed so far: FRANCE')")
        france.wait_for_selector("[data-action=propose_end]:has-text('Withdraw my agreement')")

        # The GM reads the sealed orders as a table, and abandons a power and withdraws it by labelled buttons.
        gm.wait_for_selector("#gm-boxes tr[data-seat=FRANCE] pre:has-text('PAR-CHA')")
        assert "nothing yet" in gm.inner_text("#gm-boxes tr[data-seat=SPAIN]")
        assert "{" not in gm.inner_text("#gm-boxes")
        gm.wait_for_selector("[data-action='abandon:AUSTRIA']:has-text('Declare AUSTRIA abandoned')")
        gm.click("[data-action='abandon:AUSTRIA']")
        gm.wait_for_selector("[data-action='abandon:AUSTRIA']:has-text('AUSTRIA is no longer abandoned')")
        both(gm, "03-gm-special-actions")
        gm.click("[data-action='abandon:AUSTRIA']")
        gm.wait_for_selector("[data-action='abandon:AUSTRIA']:has-text('Declare AUSTRIA abandoned')")
        assert "{" not in gm.inner_text("#gm-special")

        # Resolution: France's report, its own group first and open, the void attack with its reason.
        gm.click("#gm-resolve")
        france.wait_for_selector("#phase:has-text('Summer 1615 movement')")
        first = france.query_selector("details.report-group")
        assert first is not None and first.get_attribute("data-group") == "For FRANCE"
        assert first.get_attribute("open") is not None
        mine = first.inner_text()
        assert "FRANCE: A PAR - CHA: succeeds" in mine
        assert "diplomatic attack FRANCE: LOR > SPAIN: void (FRANCE holds no INFs in LOR)" in mine
        assert france.query_selector("details.report-group[data-group=BAV]") is not None
        titles = france.eval_on_selector_all("details.report-group", "els => els.map(e => e.dataset.group)")
        assert titles[-1] == "Everything else"
        france.click("#report-minors > summary")
        france.click("details.report-group[data-group=BAV] > summary")
        assert "BAV · UNALIGNED" in france.inner_text("details.report-group[data-group=BAV] > summary")
        # The INFs placed this year, and what is left.
        france.wait_for_selector("#inf-placed:has-text('WUR 9')")
        assert "INFs left this year: 12 of 21" in france.inner_text("#inf-left")
        both(france, "04-france-report-grouped")

        # On to late winter: France is told its builds and chooses its sanction from its list, each with its text.
        for _ in range(6):
            phase = call(server, "GET", f"/api/games/{game}", gm_token)["view"]["phase"]
            if phase.endswith("A"):
                break
            call(server, "POST", f"/api/games/{game}/gm/resolve", gm_token)
        france.wait_for_selector("#phase:has-text('Late winter 1615 builds')")
        france.wait_for_selector("#sanction-choice")
        duty = france.inner_text("#winter-duty")
        assert "build" in duty, duty
        rows = france.query_selector_all("#sanction-choice tr[data-sanction]")
        assert len(rows) == 7
        assert all(len(r.inner_text()) > 30 for r in rows)  # each with its name and what it does
        choose = france.query_selector("#sanction-choice [data-choose]")
        assert choose is not None
        sid = choose.get_attribute("data-choose")
        name = france.inner_text(f"#sanction-choice tr[data-sanction={sid}] td")
        choose.click()
        until(lambda: f"SANCTION: {name}" in france.input_value("#orders-text"))
        france.click("#submit-orders")
        france.wait_for_selector("#orders-ok:has-text('Orders saved')")
        seen = call(server, "GET", f"/api/games/{game}", made["seat_tokens"]["FRANCE"])["view"]
        assert f"SANCTION: {name}" in seen["submission"]["text"] and not seen["submission"]["errors"]
        both(france, "05-france-winter-sanction")
    assert not errors, errors


def test_europe1615_tells_a_power_what_it_must_disband_in_early_winter(browser: Any, tmp_path: Path) -> None:
    """Issue 18, point 3: France takes Flanders from Spain; in early winter Spain's page says it must disband one
    unit and which it may choose; the disband typed is saved without a flagged line. Laptop and phone."""
    pages = Pages(ARTIFACTS.with_name(ARTIFACTS.name + "-disband"))
    with LiveServer(str(tmp_path / "disband1615.sqlite"), poll=0.2, heartbeat=0.5) as server:
        made = call(server, "POST", "/api/games", body={"ruleset": "europe1615", "title": "1615 disband", "seed": 3})
        game, gm_token, tokens = made["id"], made["gm_token"], made["seat_tokens"]
        for seat in ("FRANCE", "SPAIN"):
            call(server, "POST", f"/api/games/{game}/join", tokens[seat], {"name": seat.title()})
        call(server, "POST", f"/api/games/{game}/gm/start", gm_token)
        call(server, "POST", f"/api/games/{game}/orders", tokens["FRANCE"], {"text": "NORM-FLA\n"})
        call(server, "POST", f"/api/games/{game}/orders", tokens["SPAIN"], {"text": "FLA-CHA\n"})
        for _ in range(3):  # S1615M, U1615M, F1615M: Flanders is France's at the year's end
            call(server, "POST", f"/api/games/{game}/gm/resolve", gm_token)
        assert call(server, "GET", f"/api/games/{game}", gm_token)["view"]["phase"] == "W1615E"

        for size, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
            phone = size is PHONE
            spain = pages.new(browser.new_context(viewport=size, is_mobile=phone, has_touch=phone))
            spain.goto(made["seat_links"]["SPAIN"])
            spain.wait_for_selector("#phase:has-text('Early winter 1615 adjustments')")
            spain.wait_for_selector('[data-unit="A CHA"].mine')
            duty = spain.inner_text("#winter-duty")
            assert "You must disband 1 unit(s): one of A CAS, A CHA, A MIL, F ANDL, F NAP" in duty, duty
            assert spain.evaluate("document.documentElement.scrollWidth") <= size["width"] + 1
            # the captures logged as W1615E opened are not "last results" of a phase still open
            heading = spain.inner_text("#result-box h3")
            assert heading == "As Early winter 1615 adjustments opened", heading
            pages.shot(spain, f"01-spain-must-disband-{name}")
        spain.fill("#orders-text", "A CHA D\n")
        spain.click("#submit-orders")
        spain.wait_for_selector("#orders-ok:has-text('Orders saved')")
        assert not spain.query_selector_all("#order-lines li.bad, #order-lines li.warn")
    assert not pages.errors, pages.errors
