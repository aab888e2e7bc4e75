"""The create form and seat links in a real browser (issue 18, point 6): Playwright drives Debian's Chromium.

The form offers only what the chosen ruleset uses, from the server's ``table`` for it: no movement deadlines,
blind auction or bots for the megagame (its own timetable instead), the auction only for Europe 1615, the number
of misses only with civil disorder. A seat's link opened in a tab that holds another seat switches the tab to it;
a link the GM reissued falls back, on the page already open and on one opened later, to the observer's view with
a message saying the seat was given to someone else. Screenshots at 1366x768 and 390x844 go to
``artifacts/server-create/``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tests.server.conftest import LiveServer
from tests.server.test_browser import Pages
from tests.server.test_browser_1615_guide import call
from tests.server.test_browser_1615_history import LAPTOP, both

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_CREATE", ROOT / "artifacts" / "server-create"))


def offered(page: Any, select: str) -> list[str]:
    values: list[str] = page.eval_on_selector_all(f"{select} option", "els => els.map(e => e.value)")
    return values


def deadlines_shown(page: Any) -> list[str]:
    return [
        label.get_attribute("data-deadline")
        for label in page.query_selector_all("[data-deadline]")
        if label.is_visible()
    ]


def test_the_form_shows_what_the_ruleset_uses(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    with LiveServer(str(tmp_path / "form.sqlite"), poll=0.2, heartbeat=0.5) as server:
        page = pages.new(browser.new_context(viewport=LAPTOP))
        page.goto(server.url + "/")
        page.wait_for_selector("#ruleset option[value=rr3]", state="attached")

        page.select_option("#ruleset", "rr3")
        assert offered(page, "#assignment") == ["chosen", "random"]
        assert offered(page, "#missed-orders") == ["hold", "civil_disorder"]
        assert deadlines_shown(page) == ["default"]
        assert page.inner_text("[data-deadline=default]").strip().startswith("Each phase")
        assert "the ruleset's own timetable" in page.inner_text("#deadlines-legend")
        assert not page.is_visible("#civil-disorder-label")
        page.select_option("#missed-orders", "civil_disorder")
        assert page.is_visible("#civil-disorder-label")
        both(pages, page, "01-form-rr3")

        page.select_option("#ruleset", "europe1615")
        assert offered(page, "#assignment") == ["chosen", "random", "auction"]
        assert offered(page, "#missed-orders") == ["hold", "bot", "civil_disorder"]
        assert page.input_value("#missed-orders") == "civil_disorder"  # a choice still offered is kept
        assert deadlines_shown(page) == ["movement", "retreats", "adjustments", "default"]
        assert "empty = none" in page.inner_text("#deadlines-legend")
        both(pages, page, "02-form-1615")

        page.select_option("#ruleset", "standard")
        assert offered(page, "#assignment") == ["chosen", "random"]
        assert deadlines_shown(page) == ["movement", "retreats", "adjustments"]
        # Each bot level with a line saying how strong it is, DumbBot as the reference.
        assert offered(page, "select[data-bot-seat=FRANCE]")[-1] == "strong"
        lines = page.inner_text("#bot-levels")
        assert page.is_visible("#bot-levels") and "dumbbot: DumbBot" in lines and "strong:" in lines, lines
        both(pages, page, "04-form-standard-bots")

        # Empires for Two: the options a player can choose, not those that offer only "false" (the crusades and
        # colonisation cannot be played on its map and scenarios, EMP-E09, EMP-M12).
        page.select_option("#ruleset", "empires2")
        shown = page.eval_on_selector_all("[data-option]", "els => els.map(e => e.dataset.option)")
        assert shown == ["leave_out", "raiders", "magnates", "millennium_adjustment", "schism"], shown
        both(pages, page, "03-form-empires2")

        # The megagame made from the form: what was hidden is not sent (no movement deadline, no auction).
        page.select_option("#ruleset", "rr3")
        page.fill("input[name=dl_default]", "12")
        page.fill("input[name=title]", "Megagame from the form")
        page.click("#create-button")
        page.wait_for_selector("#created:not(.hidden)")
        game = page.get_attribute("#gm-open", "href").split("/g/")[1].split("#")[0]
        settings = call(server, "GET", f"/api/games/{game}")["game"]["settings"]
        assert settings["deadlines"] == {"default": 720} and settings["assignment"] == "chosen", settings
        assert settings["missed_orders"] == "civil_disorder"
    assert not pages.errors, pages.errors


def test_seat_links_switch_and_a_reissued_link_falls_back(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS.with_name(ARTIFACTS.name + "-links"))
    with LiveServer(str(tmp_path / "links.sqlite"), poll=0.2, heartbeat=0.5) as server:
        made = call(server, "POST", "/api/games", body={"ruleset": "standard", "title": "Links"})
        game, gm_token, links = made["id"], made["gm_token"], made["seat_links"]

        # One tab takes France, then is given Germany's link: the tab switches to Germany.
        context = browser.new_context(viewport=LAPTOP)
        tab = pages.new(context)
        tab.goto(links["FRANCE"])
        tab.wait_for_selector("#join-title:has-text('FRANCE')")
        tab.fill("#join-name", "Anne")
        tab.click("#join-button")
        tab.wait_for_selector("#who:has-text('Anne · FRANCE')")
        tab.goto(links["GERMANY"])
        tab.wait_for_selector("#join-title:has-text('Take the seat of GERMANY')")
        tab.fill("#join-name", "Bert")
        tab.click("#join-button")
        tab.wait_for_selector("#who:has-text('Bert · GERMANY')")
        assert "#token=" not in tab.url
        both(pages, tab, "00-seat-switched")
        # The browser now holds Germany's seat: a new tab of it opens as Germany.
        other = pages.new(context)
        other.goto(f"{server.url}/g/{game}")
        other.wait_for_selector("#who:has-text('Bert · GERMANY')")
        other.close()

        # Italy's player, in another browser, is looking at the game when the GM reissues Italy's link.
        italy = pages.new(browser.new_context(viewport=LAPTOP))
        call(server, "POST", f"/api/games/{game}/join", made["seat_tokens"]["ITALY"], {"name": "Carla"})
        italy.goto(links["ITALY"])
        italy.wait_for_selector("#who:has-text('Carla · ITALY')")
        call(server, "POST", f"/api/games/{game}/gm/start", gm_token)
        italy.wait_for_selector("#orders-text:not(.hidden)")
        call(server, "POST", f"/api/games/{game}/gm/reissue", gm_token, {"seat": "ITALY"})
        italy.wait_for_selector("#token-gone:not(.hidden)")
        assert "your seat was given to someone else" in italy.inner_text("#token-gone")
        italy.wait_for_selector("#who:has-text('observer')")
        assert not italy.is_visible("#orders-text")
        italy.wait_for_selector('[data-unit="A VEN"]')  # the observer's board
        both(pages, italy, "01-reissued-open-page")

        # A page opened later in a browser that still holds a reissued token: the observer's view, the message.
        later = browser.new_context(viewport=LAPTOP)
        first = pages.new(later)
        first.goto(links["GERMANY"])
        first.wait_for_selector("#who:has-text('Bert · GERMANY')")
        first.close()
        call(server, "POST", f"/api/games/{game}/gm/reissue", gm_token, {"seat": "GERMANY"})
        again = pages.new(later)
        again.goto(f"{server.url}/g/{game}")
        again.wait_for_selector("#token-gone:not(.hidden)")
        again.wait_for_selector("#who:has-text('observer')")
        assert not again.query_selector_all("p.error.card")  # no bare error in place of the page
        both(pages, again, "02-reissued-later")
    assert not pages.errors, pages.errors


def test_the_gm_creates_a_his2p_game_from_a_position_file(browser: Any, tmp_path: Path) -> None:
    """Issue 31 point 1: the form takes a position file for a ruleset that reads positions (his2p), shows a bad
    one's problems one per line, and creates the game from a good one; other rulesets do not offer it."""
    from umpire.kernel.game import new_game
    from umpire.kernel.position import write_position

    moment = write_position(*(lambda g: (g.ruleset, g.state))(new_game("his2p", seed=3)))
    moment["bonus_vp"]["protestant"] = 3
    good, bad = tmp_path / "pos.json", tmp_path / "bad.json"
    good.write_text(json.dumps(moment))
    bad.write_text(
        json.dumps({**moment, "turn": 0, "units": {**moment["units"], "gulf_of_lyon": {"papacy": {"regular": 1}}}})
    )
    pages = Pages(ARTIFACTS.with_name(ARTIFACTS.name + "-position"))
    with LiveServer(str(tmp_path / "position.sqlite"), poll=0.2, heartbeat=0.5) as server:
        page = pages.new(browser.new_context(viewport=LAPTOP))
        page.goto(server.url + "/")
        page.wait_for_selector("#ruleset option[value=his2p]", state="attached")
        assert not page.is_visible("#position-label")  # standard Diplomacy has no positions
        page.select_option("#ruleset", "his2p")
        assert page.is_visible("#position-label")
        page.set_input_files("#position", str(bad))
        page.click("#create-button")
        page.wait_for_selector("#create-error:not(:empty)")
        assert page.inner_text("#create-error").splitlines() == [
            "turn: expected 1 to 9, found 0",
            "units.gulf_of_lyon.papacy.regular: land units cannot stand in a sea zone",
        ]
        both(pages, page, "01-bad-position")
        page.set_input_files("#position", str(good))
        page.click("#create-button")
        page.wait_for_selector("#created:not(.hidden)")
        game = page.get_attribute("#gm-open", "href").split("/g/")[1].split("#")[0]
        made = call(server, "GET", f"/api/games/{game}")["game"]
        assert made["scenario"] == "position", made
        both(pages, page, "02-created")
    assert not pages.errors, pages.errors
