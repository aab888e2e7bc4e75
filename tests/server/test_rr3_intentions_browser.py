"""Map Control's intention cards in a real browser (Playwright and Debian's Chromium, as in ``test_browser.py``).

Handbook, *Movement*: "Those players who command armies will be issued with Intention Cards ... If players are not
ready with their intentions when the umpires call for the start of a step they will miss that step". Issue 19,
point 7: the cards were in Map Control's view but its page never showed them. In the first movement step France
hands in its card and the Habsburgs do not: Map Control's desk names France as handed in and the Habsburgs as
missing, without the card; when Map Control calls the next step, the desk shows France's card and that the
Habsburgs missed the step, on a laptop (1366x768) and on a phone (390x844); France's page never shows the desk's
panel. Screenshots go to ``artifacts/server-rr3-intentions/``.
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
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_RR3_CARDS", ROOT / "artifacts" / "server-rr3-intentions"))
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def test_map_control_sees_the_intention_cards_on_its_desk(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    errors, page_for, shot = pages.errors, pages.new, pages.shot

    with LiveServer(str(tmp_path / "browser-rr3-cards.sqlite"), poll=0.2, heartbeat=0.5) as server:
        http = httpx.Client(base_url=server.url, timeout=20)

        def call(method: str, path: str, token: str | None, body: Any = None) -> Any:
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            response = http.request(method, path, json=(body or {}) if method == "POST" else None, headers=headers)
            assert response.status_code < 400, (path, response.text)
            return response.json()

        made = call(
            "POST", "/api/games", None, {"ruleset": "rr3", "scenario": "1524", "seed": 5, "options": {"seats": "teams"}}
        )
        gid, gm, tokens = made["id"], made["gm_token"], made["seat_tokens"]
        base = f"/api/games/{gid}"
        if call("GET", base, None)["view"].get("provisional"):
            pytest.skip("the 1524 scenario (map and briefs) is not installed")
        for seat, name in (("map_control", "Mona"), ("france", "Fran"), ("habsburgs", "Hab")):
            call("POST", f"{base}/join", tokens[seat], {"name": name})
        mc = tokens["map_control"]
        call("POST", f"{base}/gm/start", gm)
        call("POST", f"{base}/gm/resolve", gm)  # phase 2: the pay step
        call("POST", f"{base}/actions", mc, {"action": {"type": "next_step", "who": "Mona"}})
        view = call("GET", base, tokens["france"])["view"]
        assert view["step"] == "move1"
        army = sorted(a for a, r in view["team"]["armies"].items() if not r.get("mutinous"))[0]
        line = {"army": army, "option": "stay", "engage": True}
        call("POST", f"{base}/actions", tokens["france"], {"action": {"type": "intend", "intentions": [line]}})

        umpire = page_for(browser.new_context(viewport=LAPTOP))
        phone = page_for(browser.new_context(viewport=PHONE))
        france = page_for(browser.new_context(viewport=LAPTOP))
        for page, seat in ((umpire, "map_control"), (phone, "map_control"), (france, "france")):
            page.goto(f"{server.url}/g/{gid}#token={tokens[seat]}")
            page.wait_for_selector("#clock:has-text('first movement step')")

        # During the step: who has handed in and who is missing, not the card itself.
        panel = "#desk section[data-intentions]"
        umpire.wait_for_selector(f"{panel} [data-handed-in]:has-text('France')")
        assert "Habsburgs" in umpire.inner_text(f"{panel} [data-missing]")
        assert "France" not in umpire.inner_text(f"{panel} [data-missing]")
        assert umpire.query_selector(f"{panel} [data-card]") is None
        umpire.eval_on_selector(panel, "n => n.scrollIntoView()")
        shot(umpire, "01-laptop-step-open")
        phone.wait_for_selector(f"{panel} [data-handed-in]:has-text('France')")
        shot(phone, "02-phone-step-open")

        # Map Control calls the next step: the cards the first step was moved by are on its desk.
        umpire.click('details[data-form="next_step"] > summary')
        umpire.click('details[data-form="next_step"] form button[type=submit]')
        umpire.wait_for_selector("#clock:has-text('second movement step')")
        row = f'{panel} tr[data-card="france:{army}"]'
        umpire.wait_for_selector(row)
        cells = umpire.inner_text(row)
        assert "stay" in cells and "intends to engage" in cells
        assert "Habsburgs" in umpire.inner_text(f"{panel} [data-missed]")
        umpire.eval_on_selector(panel, "n => n.scrollIntoView()")
        shot(umpire, "03-laptop-cards-of-the-closed-step")
        phone.wait_for_selector(row)
        phone.eval_on_selector(panel, "n => n.scrollIntoView()")
        # On a phone the page does not run off the screen sideways (a wide table scrolls inside itself).
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        shot(phone, "04-phone-cards-of-the-closed-step")
        phone.locator("#desk").screenshot(path=str(ARTIFACTS / "04b-phone-map-control-desk.png"))

        # France's page has no such panel, and never shows the Habsburgs as missing.
        france.wait_for_selector("#clock:has-text('second movement step')")
        assert france.query_selector("section[data-intentions]") is None
        assert "Missed the step" not in france.content()
        shot(france, "05-france-page")
    assert not errors, errors
