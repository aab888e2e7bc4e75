"""A team's page in a real browser (issue 30, point 6; Playwright and Debian's Chromium, as in test_browser.py).

France opens its link on a laptop (1366x768) and a phone (390x844): its sheet (treasury, armies, brief) comes first,
above the phase's banner, the announcements and the map, and on the laptop it starts on the first screen. "Claim a
grievance" offers the eighty-odd other states grouped (the teams' states under their team, the non-played ones by
region), and its filter box hides what does not match as one types; the grievance sent from a filtered list names
the state that was shown. Screenshots go to ``artifacts/server-rr3-sheet/``.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.test_browser import Pages
from tests.server.test_rr3_map_browser import france_joined

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_RR3_SHEET", ROOT / "artifacts" / "server-rr3-sheet"))
SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
MATCH = "#forms details[data-form=propose_marriage] select[name=match]"
AGAINST = "#forms details[data-form=grievance] select[name=against]"
FILTER = "#forms details[data-form=grievance] input[data-filter=against]"

# The options of the list as the page shows them: value, text, group, and whether the filter hides it.
OPTIONS = """s => [...s.querySelectorAll('option')].map(o => ({value: o.value, text: o.textContent,
  group: o.parentElement.tagName === 'OPTGROUP' ? o.parentElement.label : null,
  hidden: o.hidden || (o.parentElement.tagName === 'OPTGROUP' && o.parentElement.hidden)}))"""


def top(page: Any, selector: str) -> float:
    return float(page.eval_on_selector(selector, "n => n.getBoundingClientRect().top + window.scrollY"))


def test_a_team_page_opens_on_its_sheet_and_its_long_lists_are_grouped_and_filter(browser: Any, tmp_path: Path) -> None:
    # ruling RR3-N01
    pages = Pages(ARTIFACTS)
    with LiveServer(str(tmp_path / "browser-rr3-sheet.sqlite"), poll=0.2, heartbeat=0.5) as server:
        http = httpx.Client(base_url=server.url, timeout=30)
        gid, tokens = france_joined(http)
        auth = {"Authorization": f"Bearer {tokens['france']}"}
        view = http.get(f"/api/games/{gid}", headers=auth).json()["view"]
        form = next(a for a in view["actions"] if a["type"] == "grievance")
        against = next(f for f in form["fields"] if f["name"] == "against")["choices"]
        assert len(against) > 60 and "france" not in against
        states, teams, characters = view["states"], view["teams"], view["characters"]
        form = next(a for a in view["actions"] if a["type"] == "propose_marriage")
        matches = next(f for f in form["fields"] if f["name"] == "match")["choices"]
        assert len(matches) > 40

        for size, viewport in SIZES.items():
            page = pages.new(browser.new_context(viewport=viewport))
            page.goto(f"{server.url}/g/{gid}#token={tokens['france']}")
            page.wait_for_selector("#team table.treasury tr[data-row='france']")
            page.wait_for_selector("#rr3-map svg g.area path")
            page.wait_for_selector(f"{AGAINST} optgroup[label^='Non-played · ']", state="attached")
            # The sheet first: above the banner, the announcements and the map (and the requests beside or below).
            sheet = top(page, "#team")
            for later in ("#events", "#board-announce", "#map-card"):
                assert sheet < top(page, later), f"{size}: the sheet is below {later}"
            assert sheet < viewport["height"] / 3, f"{size}: the sheet starts {sheet}px down"
            assert top(page, "#team table.treasury") < viewport["height"], f"{size}: the treasury is below the fold"
            if size == "laptop":  # the requests beside the sheet, not under the map
                assert abs(top(page, "#forms-card") - sheet) < 2
            else:  # below the sheet, a link away
                assert top(page, "#forms-card") < top(page, "#events")
                page.click("#team a.to-forms")
                page.wait_for_function("() => document.querySelector('#forms-card').getBoundingClientRect().top < 10")
                page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(ARTIFACTS / f"{size}-01-first-screen.png"))

            # "Claim a grievance": every other state once, each in a group; a team's under its name, the rest by region.
            page.click("#forms details[data-form=grievance] summary")
            options = page.eval_on_selector(AGAINST, OPTIONS)
            assert sorted(o["value"] for o in options) == sorted(against)
            assert all(o["group"] for o in options) and not any(o["hidden"] for o in options)
            for o in options:
                st = states[o["value"]]
                assert o["text"] == st["name"]
                if st["team"]:
                    assert o["group"] == teams[st["team"]]["name"], o
                else:
                    assert o["group"].startswith("Non-played · "), o
            groups = list(dict.fromkeys(o["group"] for o in options))
            assert {teams["electors"]["name"], "Non-played · Germany", "Non-played · Italy"} <= set(groups), groups
            assert 8 <= len(groups) < len(options) / 3, groups
            page.eval_on_selector("#forms details[data-form=grievance]", "n => n.scrollIntoView()")
            pages.shot(page, f"{size}-02-grievance-form")

            # Typing filters: "saxo" leaves the two Saxonies (of two teams), and the first shown is the one chosen.
            page.fill(FILTER, "saxo")
            shown = [o for o in page.eval_on_selector(AGAINST, OPTIONS) if not o["hidden"]]
            assert sorted(o["value"] for o in shown) == ["ducal_saxony", "saxony"], shown
            assert page.eval_on_selector(AGAINST, "s => s.value") in ("ducal_saxony", "saxony")
            assert "2 of" in page.inner_text("#forms details[data-form=grievance] .filter-count")
            # A region's name finds its states; a word that matches nothing says so.
            page.fill(FILTER, "italy")
            shown = [o for o in page.eval_on_selector(AGAINST, OPTIONS) if not o["hidden"]]
            assert shown and {o["group"] for o in shown} == {"Non-played · Italy"}
            page.fill(FILTER, "zzzz")
            assert "no match" in page.inner_text("#forms details[data-form=grievance] .filter-count")
            page.fill(FILTER, "bava")
            pages.shot(page, f"{size}-03-filtered")

            # The characters one may marry: grouped the same way (a non-played one under its state's region), and
            # found by their state's name too.
            page.click("#forms details[data-form=propose_marriage] summary")
            options = page.eval_on_selector(MATCH, OPTIONS)
            assert sorted(o["value"] for o in options) == sorted(matches)
            for o in options:
                ch = characters[o["value"]]
                team = ch["team"] or (states[ch["state"]]["team"] if ch["state"] else None)
                assert o["group"] == (teams[team]["name"] if team else o["group"]) and o["text"] == ch["name"], o
                assert team or o["group"].startswith("Non-played · "), o
            home = Counter(characters[c]["state"] for c in matches if characters[c]["state"]).most_common(1)[0][0]
            page.fill("#forms details[data-form=propose_marriage] input[data-filter=match]", states[home]["name"])
            shown = {o["value"] for o in page.eval_on_selector(MATCH, OPTIONS) if not o["hidden"]}
            of_home = {c for c in matches if characters[c]["state"] == home}
            assert len(of_home) > 1 and of_home <= shown < set(matches), (home, of_home, shown)

            # The sheet's long tables filter too: France's cards by kind, its garrisons by a city's name.
            cards = view["team"]["cards"]
            assert len(cards) > 12
            # Open on a laptop; on a phone folded under the count by kind (the brief and requests are not pushed down).
            folded = not page.eval_on_selector("#team details.cards-box", "d => d.open")
            assert folded == (size == "phone")
            exactions = sum("exaction" in c["id"] for c in cards)
            assert f"{exactions} Exaction" in page.inner_text("#team details.cards-box summary")
            if folded:
                page.click("#team details.cards-box summary")
            page.fill("#team input[data-table-filter=cards]", "loan")
            loans = [c for c in cards if "loan" in c["id"]]
            assert loans and len(loans) < len(cards)
            assert len(page.query_selector_all("#team table.cards tr[data-row]:not([hidden])")) == len(loans)
            page.click("#team details.garrisons summary")
            page.fill("#team input[data-table-filter=garrisons]", "lyon")
            rows = page.query_selector_all("#team table.garrisons tr[data-row]:not([hidden])")
            assert [r.get_attribute("data-row") for r in rows] == ["lyon"]
            assert rows[0].inner_text().startswith("Lyon\t")  # the city's name from the board, not its id
            pages.shot(page, f"{size}-04-sheet-filtered")

            if size == "laptop":  # once: the grievance sent from the filtered list names the state shown
                page.select_option("#forms details[data-form=grievance] select[name=state]", "france")
                page.fill("#forms details[data-form=grievance] input[name=text]", "Bavaria harbours our rebels")
                page.click("#forms details[data-form=grievance] button[data-send=grievance]")
                page.wait_for_selector("#team .pending-items li:has-text('against bavaria')")
                # The form is reset: its filter is empty and the whole list shows again.
                page.wait_for_function(
                    f"() => document.querySelector({AGAINST!r}).querySelectorAll('option:not([hidden])').length"
                    f" === {len(against)}"
                )
                assert page.input_value(FILTER) == ""
                # The sheet was redrawn with the new request: its filters kept what was typed.
                assert page.input_value("#team input[data-table-filter=cards]") == "loan"
                assert len(page.query_selector_all("#team table.cards tr[data-row]:not([hidden])")) == len(loans)
            page.context.close()
        assert not pages.errors, pages.errors
