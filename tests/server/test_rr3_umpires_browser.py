"""Several umpires at Map Control's desk, split by map table, in a real browser (Playwright and Debian's Chromium,
as in ``test_browser.py``).

Issue 19, point 3 (handbook, *The Map*: the map is "spread over three tables for ease of umpiring"; *The
Financial System*: revenue is rolled "at the map table at which the player is based"): two umpires open Map
Control's one link, each giving their own name, kept in their browser; one filters the desk to the West and
settles all of the West's revenue items with one click; each item is settled under that umpire's name, and the
other tables' items wait. Point 8: a team's card form asks no Italian bank it was not granted; the turn's death
rolls are one short news entry with the dice folded; the family trees are folded. On a laptop (1366x768) and a
phone (390x844); screenshots go to ``artifacts/server-rr3-umpires/``.
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
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_RR3_UMPIRES", ROOT / "artifacts" / "server-rr3-umpires"))
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def test_two_umpires_share_map_control_and_settle_the_west_table(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    errors, page_for, shot = pages.errors, pages.new, pages.shot

    with LiveServer(str(tmp_path / "browser-rr3-umpires.sqlite"), poll=0.2, heartbeat=0.5) as server:
        http = httpx.Client(base_url=server.url, timeout=20)

        def call(method: str, path: str, token: str | None, body: Any = None) -> Any:
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            response = http.request(method, path, json=(body or {}) if method == "POST" else None, headers=headers)
            return response.status_code, response.json()

        def ok(method: str, path: str, token: str | None, body: Any = None) -> Any:
            status, data = call(method, path, token, body)
            assert status < 400, (path, data)
            return data

        made = ok(
            "POST", "/api/games", None, {"ruleset": "rr3", "scenario": "1524", "seed": 5, "options": {"seats": "teams"}}
        )
        gid, gm, tokens = made["id"], made["gm_token"], made["seat_tokens"]
        base = f"/api/games/{gid}"
        if ok("GET", base, None)["view"].get("provisional"):
            pytest.skip("the 1524 scenario (map and briefs) is not installed")
        ok("POST", f"{base}/join", tokens["map_control"], {"name": "Mona"})
        ok("POST", f"{base}/join", tokens["character_control"], {"name": "Cy"})
        ok("POST", f"{base}/gm/start", gm)
        for team in ("france", "england", "habsburgs", "venice"):  # one card each, the first that may be played
            form = next(a for a in ok("GET", base, tokens[team])["view"]["actions"] if a["type"] == "play_card")
            assert "bank" not in [f["name"] for f in form["fields"]], "no bank was granted"
            for card in next(f for f in form["fields"] if f["name"] == "card")["choices"]:
                played = {"action": {"type": "play_card", "card": card}}
                if call("POST", f"{base}/actions", tokens[team], played)[0] < 400:
                    break
        pending = ok("GET", base, tokens["map_control"])["view"]["desk"]["pending"]
        west = {i["id"] for i in pending if i["kind"] == "play_card" and i["table"] == "west"}
        elsewhere = {i["id"] for i in pending if i["kind"] == "play_card" and i["table"] != "west"}
        assert len(west) >= 2 and elsewhere, pending

        # The death rolls: Character Control's one click.
        cc = tokens["character_control"]
        rolls = next(i for i in ok("GET", base, cc)["view"]["desk"]["pending"] if i["kind"] == "death_rolls")
        ok("POST", f"{base}/actions", cc, {"action": {"type": "settle", "item": rolls["id"], "who": "Cy"}})

        luca = page_for(browser.new_context(viewport=LAPTOP))
        pia = page_for(browser.new_context(viewport=PHONE))
        france = page_for(browser.new_context(viewport=LAPTOP))
        for page, seat in ((luca, "map_control"), (pia, "map_control"), (france, "france")):
            page.goto(f"{server.url}/g/{gid}#token={tokens[seat]}")
            page.wait_for_selector("#clock:has-text('phase 1')")
        for page, name in ((luca, "Luca"), (pia, "Pia")):
            page.fill("#umpire-name", name)
            page.press("#umpire-name", "Tab")

        luca.wait_for_selector('#who:has-text("Luca (on Mona\'s link) · Map Control")')

        # Luca works the West: the desk shows the West's items (and those on no table), not the others.
        luca.select_option("#desk-table", "west")
        for item in west:
            luca.wait_for_selector(f'#desk li.pending[data-item="{item}"]')
        shown = {n.get_attribute("data-item") for n in luca.query_selector_all("#desk li.pending")}
        assert not shown & elsewhere, shown
        assert "Pending at The West" in luca.inner_text("#desk h3")
        luca.eval_on_selector("#desks", "n => n.scrollIntoView()")
        shot(luca, "01-laptop-west-table")
        # Pia's browser is not filtered: she sees every table's items.
        for item in west | elsewhere:
            pia.wait_for_selector(f'#desk li.pending[data-item="{item}"]', state="attached")
        pia.eval_on_selector("#desks", "n => n.scrollIntoView()")
        shot(pia, "02-phone-all-tables")
        pia.locator("#desks").screenshot(path=str(ARTIFACTS / "02b-phone-map-control-desk.png"))
        assert pia.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        # One click settles the West's revenue items, each under Luca's name.
        luca.click('details[data-form="settle_table"] > summary')
        assert luca.eval_on_selector('details[data-form="settle_table"] select[name="table"]', "s => s.value") == "west"
        luca.click('details[data-form="settle_table"] form button[type=submit]')
        for item in west:
            luca.wait_for_selector(f'#desk li.pending[data-item="{item}"]', state="detached")
        done = {i["id"]: i for i in ok("GET", base, tokens["map_control"])["view"]["desk"]["done"]}
        assert {done[i]["closed_by"]["who"] for i in west} == {"Luca (on Mona's link)"}
        assert all(done[i]["dice"] for i in west)
        luca.wait_for_selector('#desk .closed-items :text("Luca (on Mona\'s link)")')
        shot(luca, "03-laptop-west-settled")
        pending = {i["id"] for i in ok("GET", base, tokens["map_control"])["view"]["desk"]["pending"]}
        assert elsewhere <= pending

        # Names and tables are kept per browser.
        luca.reload()
        luca.wait_for_selector("#clock:has-text('phase 1')")
        assert luca.input_value("#umpire-name") == "Luca" and luca.input_value("#desk-table") == "west"
        assert pia.input_value("#desk-table") == ""

        # The death rolls are one news entry, their dice folded; the family trees are folded.
        entries = [t for t in france.locator("#news li.news-item").all_inner_texts() if "dies (2d6" in t]
        assert len(entries) == 1, entries
        assert france.locator("#news details.dice-fold").count() >= 1
        assert france.locator("#news details.dice-fold[open]").count() == 0
        assert france.locator("#families details[open]").count() == 0
        assert france.locator("#families-box[open]").count() == 0
        assert "families" in france.inner_text("#families-count")
        assert france.locator('details[data-form="play_card"] [name="bank"]').count() == 0
        france.eval_on_selector("#news-card", "n => n.scrollIntoView()")
        shot(france, "04-laptop-news-and-forms")
        pia.eval_on_selector("#news-card", "n => n.scrollIntoView()")
        shot(pia, "05-phone-news")
        pia.locator("#news-card").screenshot(path=str(ARTIFACTS / "05b-phone-news-card.png"))
    assert not errors, errors
