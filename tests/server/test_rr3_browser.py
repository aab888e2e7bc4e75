"""Renaissance and Reformation III in a real browser: Playwright (Python) drives Debian's Chromium, as in
``test_browser.py``.

Game Control creates the game from the form; Map Control, France and the Habsburgs open their seats' links in
their own browsers and join; the projector shows the room's screen. Through phase 1 (handbook, *The Turn
Sequence*: "Play revenue cards. Raise armies"): France plays a subsidy card from its form, Map Control sees it on
its desk and rolls it with one click, the dice and the outcome appear on the desk and on France's sheet and
France's treasury changes, while the Habsburgs' page shows no French treasury or brief; the Habsburgs raise an
army (a wrong number of men first: the refusal is shown beside the form), which Map Control raises; Game Control
announces (the projector and both teams show it) and ends the phase: every page shows phase 2 and its 15-minute
countdown. Screenshots go to ``artifacts/server-rr3/``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import LiveServer
from tests.server.test_browser import Pages, until

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_RR3", ROOT / "artifacts" / "server-rr3"))


def treasury(page: Any, state: str) -> int:
    return int(page.inner_text(f'#team table.treasury tr[data-row="{state}"] td[data-col="treasury"]'))


def test_rr3_phase_one_in_the_browser(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    errors, page_for, shot = pages.errors, pages.new, pages.shot

    with LiveServer(str(tmp_path / "browser-rr3.sqlite"), poll=0.2, heartbeat=0.5) as server:
        size = {"width": 1400, "height": 1000}
        gm = page_for(browser.new_context(viewport=size))
        umpire = page_for(browser.new_context(viewport=size))
        france = page_for(browser.new_context(viewport=size))
        habsburgs = page_for(browser.new_context(viewport=size))
        projector = page_for(browser.new_context(viewport={"width": 1600, "height": 900}))

        # Game Control creates the game.
        gm.goto(server.url + "/")
        gm.wait_for_selector("#ruleset option[value=rr3]", state="attached")
        gm.select_option("#ruleset", "rr3")
        gm.select_option("select[data-option=seats]", label="teams")  # a seat per team (RR3-K02)
        gm.fill("input[name=title]", "Renaissance in the browser")
        gm.select_option("select[name=missed_orders]", "hold")
        gm.click("#create-button")
        gm.wait_for_selector("#created:not(.hidden)")
        links = {a.get_attribute("data-link"): a.get_attribute("href") for a in gm.query_selector_all("a[data-link]")}
        assert {"GM", "france", "habsburgs", "map_control", "Projector"} <= set(links)
        gid = links["Projector"].rstrip("/").split("/")[-2]
        if httpx.get(f"{server.url}/api/games/{gid}", timeout=30).json()["view"].get("provisional"):
            pytest.skip("the 1524 scenario (map and briefs) is not installed")

        # Each seat joins from its own link, in its own browser.
        for page, seat, name in (
            (umpire, "map_control", "Mona"),
            (france, "france", "Fran"),
            (habsburgs, "habsburgs", "Hab"),
        ):
            page.goto(links[seat])
            page.wait_for_selector("#join:not(.hidden)")
            assert "#token=" not in page.url
            page.fill("#join-name", name)
            page.click("#join-button")
            page.wait_for_selector("#join", state="hidden")
            page.wait_for_selector(f"#who:has-text('{name}')")
        projector.goto(links["Projector"])
        projector.wait_for_selector("#clock:has-text('phase 1')")

        # Game Control starts the clock: phase 1 of turn 1 is ten minutes.
        gm.goto(links["GM"])
        gm.wait_for_selector("#gm:not(.hidden)")
        gm.fill("#umpire-name", "Gina")
        gm.click("#gm-start")
        for page in (gm, umpire, france, habsburgs, projector):
            page.wait_for_selector("#countdown:has-text('ends in 9m')")
        shot(gm, "01-gm-started")

        # France plays a subsidy card from its form.
        france.wait_for_selector("#team table.treasury")
        before = treasury(france, "france")
        confidential = france.inner_text("#team .confidential")
        assert "CONFIDENTIAL" in confidential and len(confidential) > 40
        france.click('details[data-form="play_card"] > summary')
        form = 'details[data-form="play_card"] form'
        offered = france.eval_on_selector_all(f'{form} select[name="card"] option', "os => os.map(o => o.value)")
        card = next(o for o in offered if "subsidy" in o)
        france.select_option(f'{form} select[name="card"]', card)
        shot(france, "02-france-card-form")
        france.click(f"{form} button[type=submit]")
        france.wait_for_selector(f"#team .pending-items li:has-text('{card}')")
        item = france.get_attribute(f"#team .pending-items li:has-text('{card}')", "data-item")
        shot(france, "03-france-request-pending")

        # Map Control's desk shows the item; one click rolls it.
        row = f'#desk .pending-items li[data-item="{item}"]'
        umpire.wait_for_selector(row)
        assert card in umpire.inner_text(row)
        shot(umpire, "04-map-control-desk")
        umpire.click(f'{row} button[data-send="settle"]')
        done = f'#desk .closed-items li[data-item="{item}"]'
        umpire.wait_for_selector(done)
        umpire.wait_for_selector(f"{done} ul.dice li")
        settled = umpire.inner_text(done)
        assert "Mona" in settled and "d6" in settled
        faces = umpire.eval_on_selector_all(f"{done} ul.dice .face", "fs => fs.map(f => Number(f.textContent))")
        assert faces and all(1 <= f <= 6 for f in faces)
        outcome = umpire.inner_text(f"{done} .outcome")
        assert outcome
        shot(umpire, "05-map-control-settled")

        # France sees the dice and the outcome, and its treasury changed.
        mine = f'#team .closed-items li[data-item="{item}"]'
        france.wait_for_selector(f"{mine} ul.dice li")
        assert outcome in france.inner_text(mine)
        until(lambda: treasury(france, "france") != before)
        shot(france, "06-france-treasury")

        # The hall's public displays are on every page: the prestige and heavenly charts, the family trees.
        france.wait_for_selector('#charts [data-chart="prestige"] li')
        assert len(france.query_selector_all('#charts [data-chart="heavenly"] li')) == 11
        assert france.query_selector('#families details[data-family="Habsburg"] li[data-character="charles_v"]')

        # The Habsburgs see their own treasury only, and nothing of France's brief.
        habsburgs.wait_for_selector("#team table.treasury")
        rows = habsburgs.eval_on_selector_all("#team table.treasury tr[data-row]", "rs => rs.map(r => r.dataset.row)")
        assert "france" not in rows and {"spain", "austria"} <= set(rows)
        content = habsburgs.content()
        assert confidential.replace("CONFIDENTIAL: ", "")[:80] not in content
        assert card not in content

        # The Habsburgs raise an army: a wrong number of men is refused beside the form, then Map Control raises it.
        habsburgs.click('details[data-form="raise_army"] > summary')
        form = 'details[data-form="raise_army"] form'
        habsburgs.select_option(f'{form} select[name="state"]', "austria")
        areas = habsburgs.eval_on_selector_all(f'{form} select[name="area"] option', "os => os.map(o => o.value)")
        home = httpx.get(
            f"{server.url}/api/games/{gid}", headers={"Authorization": "Bearer " + token_of(links["habsburgs"])}
        ).json()["view"]["team"]["states_private"]["austria"]["home"]
        area = next(a for a in areas if a in home)
        habsburgs.select_option(f'{form} select[name="area"]', area)
        habsburgs.fill(f'{form} input[name="men"]', "1500")
        habsburgs.click(f"{form} button[type=submit]")
        habsburgs.wait_for_selector(f"{form} .error:has-text('thousands')")
        shot(habsburgs, "07-habsburgs-refused")
        habsburgs.fill(f'{form} input[name="men"]', "5000")
        habsburgs.click(f"{form} button[type=submit]")
        habsburgs.wait_for_selector("#team .pending-items li:has-text('Raise 5,000 men')")
        raise_item = habsburgs.get_attribute("#team .pending-items li:has-text('Raise 5,000 men')", "data-item")
        row = f'#desk .pending-items li[data-item="{raise_item}"]'
        umpire.wait_for_selector(row)
        umpire.click(f'{row} button[data-send="settle"]')
        habsburgs.wait_for_selector(f'#team .closed-items li[data-item="{raise_item}"]:has-text("raised in")')
        habsburgs.wait_for_selector(
            f'#team table.armies tr[data-row^="austria_"] td[data-col="area"][data-value="{area}"]'
        )
        shot(habsburgs, "08-habsburgs-army")

        # Map Control adjusts France's unrest by hand, with the reason; France's sheet and the log show it.
        unrest = int(france.inner_text('#team table.treasury tr[data-row="france"] td[data-col="unrest"]'))
        umpire.select_option("#adjust-target", "states")
        umpire.fill("#adjust-key", "france")
        umpire.fill("#adjust-field", "unrest")
        umpire.select_option("#adjust-mode", "delta")
        umpire.fill("#adjust-amount", "1")
        umpire.fill("#adjust-why", "riots in Paris")
        umpire.click("#adjust-send")
        until(lambda: france.inner_text('#team tr[data-row="france"] td[data-col="unrest"]') == str(unrest + 1))
        umpire.click("#adjustments-box > summary")
        umpire.wait_for_selector("#adjustments li:has-text('riots in Paris')")
        assert "Mona" in umpire.inner_text("#adjustments li")
        shot(umpire, "09-map-control-adjusted")

        # Game Control announces; the projector and both teams show it.
        gm.fill("#announce-text", "The Diet is summoned to Speyer.")
        gm.click("#announce-send")
        for page in (projector, france, habsburgs):
            page.wait_for_selector(".announcement:has-text('summoned to Speyer')")
        assert "Gina" in projector.inner_text(".announcement")
        shot(projector, "10-projector-announcement")

        # Game Control pauses the clock (every page says so), adds five minutes, and resumes.
        gm.click("#gm-pause")
        for page in (france, projector):
            page.wait_for_selector("#countdown:has-text('paused')")
        gm.fill("#gm-extend-minutes", "5")
        gm.click("#gm-extend")
        projector.wait_for_selector("#countdown:has-text('paused · 1')")  # 14 or 13 minutes left, still paused
        gm.click("#gm-resume")
        france.wait_for_selector("#countdown:has-text('ends in 1')")
        # One time on the screen (RR3-M12): the countdown, not the timetable's nominal ten minutes beside it.
        assert france.inner_text("#events-title") == "Phase 1 of 6"

        # Game Control ends the phase: every page shows phase 2 and its fifteen minutes.
        gm.click("#gm-skip")
        for page in (gm, umpire, france, habsburgs, projector):
            page.wait_for_selector("#clock:has-text('phase 2')")
            page.wait_for_selector("#countdown:has-text('ends in 14m')")
        assert "Military" in projector.inner_text("#events") or "military" in projector.inner_text("#events")
        shot(projector, "11-projector-phase-2")
        shot(gm, "12-gm-phase-2")

        # Map Control moves to the first movement step; France seals its intention card (its army stays), which
        # only France sees.
        umpire.click('details[data-form="next_step"] > summary')
        umpire.click('details[data-form="next_step"] form button[type=submit]')
        for page in (umpire, france, projector):
            page.wait_for_selector("#clock:has-text('first movement step')")
        card_form = 'details[data-form="intend"] form'
        france.wait_for_selector(f"{card_form} .intent-row")
        army = france.get_attribute(f"{card_form} .intent-row", "data-army")
        france.select_option(f'{card_form} .intent-row[data-army="{army}"] select[name="option"]', "stay")
        france.click(f"{card_form} button[type=submit]")
        france.wait_for_selector(f"#team ul.intention li:has-text('{army}')")
        # The map: the army's counter stands in its area; clicking the area lists it.
        where = france.get_attribute(f'#team table.armies tr[data-row="{army}"] td[data-col="area"]', "data-value")
        france.wait_for_selector(f'#rr3-map g.army[data-army="{army}"]')
        france.dispatch_event(f'#rr3-map g.area[data-area="{where}"]', "click")
        france.wait_for_selector(f"#area-info:has-text('{army}')")
        assert "null" not in france.inner_text("#area-info")  # absent lines are left out, not written "null"
        assert "stay" in france.inner_text("#team ul.intention")
        shot(france, "13-france-intention-sealed")
        assert habsburgs.query_selector(f"ul.intention li:has-text('{army}')") is None
        assert army not in habsburgs.inner_text("#team")

        # Game Control ends phase 2 (its movement steps run out first): every page shows phase 3.
        gm.click("#gm-skip")
        for page in (gm, umpire, france, habsburgs, projector):
            page.wait_for_selector("#clock:has-text('phase 3')")
            page.wait_for_selector("#countdown:has-text('ends in 14m')")
        shot(france, "14-france-phase-3")
    assert not errors, errors


def token_of(link: str) -> str:
    found = re.search(r"#token=([^&]+)", link)
    assert found, link
    return found.group(1)
