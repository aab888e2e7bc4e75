"""The create page sets the staff links apart (issue 12): an rr3 game's control desks are listed in their own box,
for the control team and umpires only, at laptop and phone sizes. Screenshots go to ``artifacts/server-staff/``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.server.conftest import LiveServer
from tests.server.test_browser import Pages

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_STAFF", ROOT / "artifacts" / "server-staff"))
DESKS = {"map_control", "political_control", "religious_control", "character_control", "nonplayed_control"}
SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


def test_create_page_sets_staff_links_apart(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    with LiveServer(str(tmp_path / "staff.sqlite"), scheduler=False) as server:
        for size_name, size in SIZES.items():
            page = pages.new(browser.new_context(viewport=size))
            page.goto(server.url + "/")
            page.wait_for_selector("#ruleset option[value=rr3]", state="attached")
            page.select_option("#ruleset", "rr3")
            page.fill("input[name=title]", "Staff links")
            page.click("#create-button")
            page.wait_for_selector("#staff-box:not(.hidden)")
            staff = {a.get_attribute("data-link") for a in page.query_selector_all("#staff-links a[data-link]")}
            players = {a.get_attribute("data-link") for a in page.query_selector_all("#links a[data-link]")}
            assert staff == DESKS
            assert "francis_i" in players and not DESKS & players  # a seat per player (RR3-K01)
            assert "control team and umpires only" in page.inner_text("#staff-box")
            pages.shot(page, f"create-answer-{size_name}")
            # A standard game has no staff: no box.
            page.goto(server.url + "/")
            page.wait_for_selector("#ruleset option[value=standard]", state="attached")
            page.select_option("#ruleset", "standard")
            page.click("#create-button")
            page.wait_for_selector("#created:not(.hidden)")
            assert page.is_hidden("#staff-box")
    assert not pages.errors, pages.errors
