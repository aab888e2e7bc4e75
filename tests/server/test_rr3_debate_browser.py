"""Religious Control records a debate round by round, and Political Control counts an election, in a real browser
(Playwright and Debian's Chromium, as in ``test_browser.py``).

Issue 19, point 8 (handbook, *Religious debate*: "Players reveal their debating point cards simultaneously for each
issue"; *Election of an emperor*: "Each elector has one vote. The votes of the two non-played prince bishops ... may
be obtained by suitable financial bribery"): the debate item's form is its next round, each side's card chosen from
a list of what it may play (RR3-L01), the rounds listed on the item; the election's form asks only the played
electors (RR3-L02). On a laptop (1366x768) and a phone (390x844); screenshots go to
``artifacts/server-rr3-debate/``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import LiveServer
from tests.server.test_browser import Pages, scroll_to

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_RR3_DEBATE", ROOT / "artifacts" / "server-rr3-debate"))
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def test_a_debate_round_by_round_and_an_election_of_the_electors_who_vote(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    errors, page_for, shot = pages.errors, pages.new, pages.shot

    with LiveServer(str(tmp_path / "browser-rr3-debate.sqlite"), poll=0.2, heartbeat=0.5) as server:
        http = httpx.Client(base_url=server.url, timeout=20)

        def ok(method: str, path: str, token: str | None, body: Any = None) -> Any:
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            response = http.request(method, path, json=(body or {}) if method == "POST" else None, headers=headers)
            assert response.status_code < 400, (path, response.json())
            return response.json()

        made = ok("POST", "/api/games", None, {"ruleset": "rr3", "scenario": "1524", "seed": 5})
        gid, gm, tokens = made["id"], made["gm_token"], made["seat_tokens"]
        base = f"/api/games/{gid}"
        if ok("GET", base, None)["view"].get("provisional"):
            pytest.skip("the 1524 scenario (map and briefs) is not installed")
        ok("POST", f"{base}/join", tokens["religious_control"], {"name": "Rhea"})
        ok("POST", f"{base}/join", tokens["political_control"], {"name": "Pia"})
        ok("POST", f"{base}/gm/start", gm)
        ok("POST", f"{base}/gm/resolve", gm)  # phase 1 -> phase 2, the debate phase
        debate = {"action": {"type": "propose_debate", "note": "Speyer"}}
        ok("POST", f"{base}/actions", tokens["philip_of_hesse"], debate)  # a seat per player (RR3-K01)
        call = {"action": {"type": "election", "office": "king_of_the_romans"}}
        ok("POST", f"{base}/actions", tokens["charles_v"], call)

        rhea = page_for(browser.new_context(viewport=LAPTOP))
        rhea.goto(f"{server.url}/g/{gid}#token={tokens['religious_control']}")
        rhea.wait_for_selector("#clock:has-text('phase 2')")
        item = rhea.locator("#desk li.pending").filter(has_text="Religious debate")
        step = item.locator('form[data-action="step"]')
        step.wait_for()
        assert "Opening cards (round 1)" in step.inner_text()
        catholic = step.locator('select[name="catholic"] option').all_inner_texts()
        assert catholic and all(":" in c for c in catholic), catholic  # any issue's card, as issue:value
        assert item.locator('form[data-action="settle"]').count() == 0  # no Resolve before the rounds are in
        # Three steps through the page: each form offers only the cards the side may play now.
        for _ in range(3):
            form = item.locator('form[data-action="step"]')
            label = form.inner_text()
            for name in ("issue", "catholic", "lutheran"):
                select = form.locator(f'select[name="{name}"]')
                if select.count():
                    values = select.locator("option").evaluate_all("os => os.map(o => o.value).filter(Boolean)")
                    select.select_option(values[-1] if name != "issue" else values[0])
            form.locator("button[type=submit]").click()
            rhea.wait_for_function(
                "([label]) => { const f = [...document.querySelectorAll('#desk li.pending form')]"
                ".find(f => f.dataset.action === 'step' || f.dataset.action === 'settle');"
                " return f && f.innerText !== label; }",
                arg=[label],
            )
        assert item.locator("ol.item-steps li").count() == 3
        assert "(Rhea)" in item.locator("ol.item-steps").inner_text()
        scroll_to(item)
        shot(rhea, "01-laptop-debate-rounds")

        phone = page_for(browser.new_context(viewport=PHONE))
        phone.goto(f"{server.url}/g/{gid}#token={tokens['religious_control']}")
        phone.wait_for_selector("#desk ol.item-steps li")
        scroll_to(phone.locator("#desk li.pending").filter(has_text="Religious debate"))
        shot(phone, "02-phone-debate-rounds")
        phone.locator("#desks").screenshot(path=str(ARTIFACTS / "02b-phone-religious-desk.png"))
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        pia = page_for(browser.new_context(viewport=PHONE))
        pia.goto(f"{server.url}/g/{gid}#token={tokens['political_control']}")
        election = pia.locator("#desk li.pending").filter(has_text="Election")
        election.locator('form[data-action="settle"]').wait_for()
        names = election.locator('form[data-action="settle"] select').evaluate_all("ss => ss.map(s => s.name)")
        assert names == ["vote_mainz", "vote_bohemia", "vote_palatinate", "vote_saxony", "vote_brandenburg"], names
        labels = election.locator('form[data-action="settle"]').inner_text()
        assert "Vote of Frederick III the Wise, Electorate of Saxony" in labels, labels  # not "Vote of saxony"
        # The candidates by name, not id (issue 18 point 7): "Frederick III the Wise", never "frederick iii saxony".
        shown = election.locator('select[name="vote_saxony"] option').evaluate_all("os => os.map(o => o.textContent)")
        assert "Frederick III the Wise" in shown and not any("_" in o or o.islower() for o in shown if o != "–"), shown
        scroll_to(election)
        shot(pia, "03-phone-election-form")
        pia.locator("#desks").screenshot(path=str(ARTIFACTS / "03b-phone-political-desk.png"))
        assert pia.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        box, card = election.bounding_box(), election.locator("select").last.bounding_box()
        assert box and card and card["x"] + card["width"] <= box["x"] + box["width"], (card, box)
    assert not errors, errors
