"""Two players of one team in a real browser (issue 19, point 2; RR3-K01, Playwright and Debian's Chromium).

Frederick of Saxony and Joachim of Brandenburg, two of the five Electors, open their own links on a laptop
(1366x768) and a phone (390x844): each page names the player, shows the team's shared brief and treasuries and the
player's own personal brief and cards, and nothing of the other's. Game Control's page lists the seats by character
and team with who joined. Screenshots go to ``artifacts/server-rr3-players/``.
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
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_RR3_PLAYERS", ROOT / "artifacts" / "server-rr3-players"))
SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
A, B = "frederick_iii_saxony", "joachim_i"


def test_two_electors_each_see_their_own_brief_and_cards(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    with LiveServer(str(tmp_path / "browser-rr3-players.sqlite"), poll=0.2, heartbeat=0.5) as server:
        http = httpx.Client(base_url=server.url, timeout=30)
        made = http.post("/api/games", json={"ruleset": "rr3", "scenario": "1524", "seed": 5}).json()
        gid, gm, tokens = made["id"], made["gm_token"], made["seat_tokens"]
        if http.get(f"/api/games/{gid}").json()["view"].get("provisional"):
            pytest.skip("the 1524 scenario (map and briefs) is not installed")
        for seat, name in ((A, "Fred"), (B, "Jo")):
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            assert http.post(f"/api/games/{gid}/join", json={"name": name}, headers=auth).status_code == 200
        assert http.post(f"/api/games/{gid}/gm/start", json={}, headers={"Authorization": f"Bearer {gm}"}).is_success
        own = {
            seat: http.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {tokens[seat]}"}).json()["view"]
            for seat in (A, B)
        }

        for size, viewport in SIZES.items():
            for seat, other in ((A, B), (B, A)):
                page = pages.new(browser.new_context(viewport=viewport))
                page.goto(f"{server.url}/g/{gid}#token={tokens[seat]}")
                page.wait_for_selector(f"#team .brief [data-personal='{seat}']")
                sheet = page.inner_text("#team")
                mine, theirs = own[seat]["team"], own[other]["team"]
                assert mine["players"][seat]["brief"] in sheet
                assert theirs["players"][other]["brief"] not in sheet
                assert mine["brief"]["confidential"] in sheet  # the team's matters, shared
                assert set(mine["card_ids"]).isdisjoint(theirs["card_ids"])
                rows = [r.get_attribute("data-row") for r in page.query_selector_all("#team table.cards tr[data-row]")]
                assert sorted(rows) == sorted(mine["card_ids"])
                assert page.query_selector(f"#team [data-personal='{other}']") is None
                heading = page.inner_text("#team h2")
                assert own[seat]["characters"][seat]["name"] in heading
                who = page.inner_text("#who")  # the top bar: the character and the team, not the seat's id
                team_name = own[seat]["teams"]["electors"]["name"]
                assert who == f"{'Fred' if seat == A else 'Jo'} · {own[seat]['characters'][seat]['name']} · {team_name}"
                page.eval_on_selector("#team", "n => n.scrollIntoView()")
                pages.shot(page, f"{size}-{seat}")
                page.context.close()

        page = pages.new(browser.new_context(viewport=SIZES["laptop"]))
        page.goto(f"{server.url}/g/{gid}#token={gm}")
        page.wait_for_selector("table.seats td:has-text('Fred')")
        seats = page.inner_text("table.seats")
        assert "Joachim" in seats and "Electors" in seats and "Jo" in seats
        page.eval_on_selector("table.seats", "n => n.scrollIntoView()")
        pages.shot(page, "laptop-gm-seats")
        assert not pages.errors, pages.errors
