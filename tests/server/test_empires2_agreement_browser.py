"""Grand diplomacy (rewrite 20.0) in a real browser: Germany proposes an agreement from its page's form, a refused
one first (its reason shown), Byzantium answers with the labelled buttons. Screenshots at laptop and phone sizes go
to ``artifacts/server-empires2-agreement/``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.server.conftest import LiveServer
from tests.server.test_browser import Pages, until
from tests.server.test_empires2_browser import LAPTOP, PHONE, Table, act

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_EMPIRES2", ROOT / "artifacts" / "server-empires2")).with_name(
    "server-empires2-agreement"
)


def to_germanys_turn(table: Table) -> None:
    """Plain moves through the API (the earliest place, a ruling, the end of a turn) until Germany's own turn."""
    while True:
        gm = table.view()
        if gm["phase"] == "turn" and gm["current"] == "germany" and gm["acting"] == ["germany"]:
            return
        seat = gm["acting"][0]
        actions = table.view(seat)["actions"]
        simple = [a for a in actions if a["type"] in ("place", "end_turn")]
        pick = simple[0] if simple else next(a for a in actions if a.get("endeavour") == "ruling")
        act(table.server, table.gid, table.tokens[seat], {k: v for k, v in pick.items() if k not in ("max_gold", "er")})


def test_empires2_an_agreement_is_proposed_and_answered_from_the_pages(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    with LiveServer(str(tmp_path / "browser-empires2-agreement.sqlite"), poll=0.2, heartbeat=0.5) as server:
        table = Table(server, pages, browser, 2)
        to_germanys_turn(table)
        ger = table.page("germany", LAPTOP)
        ger.wait_for_selector("#emp-map svg path#area-saxony")
        ger.wait_for_selector("#agreement-card:not(.hidden) #agree-propose")
        ger.locator("#agree-gives-areas option", has_text="Bavaria").wait_for()  # names, not ids
        assert ger.locator("#agree-gives-areas option[value='saxony']").count() == 0  # the Court is never offered
        gold = table.view("germany")["empires"]["germany"]["gold"]

        small = table.page("germany", PHONE, is_mobile=True, has_touch=True)
        small.locator("#agree-gives-areas option", has_text="Bavaria").wait_for()
        small.locator("#agreement-card").screenshot(path=str(pages.artifacts / "germany-proposal-form-phone.png"))

        # Too much gold: refused with its reason, nothing proposed.
        ger.fill("#agree-gives-gold", str(gold + 1))
        ger.click("#agree-propose")
        ger.locator("#action-error", has_text=f"cannot give {gold + 1}").wait_for()
        assert table.view()["agreement"] is None

        # 2 gold for Byzantium's claim to Serbia.
        ger.fill("#agree-gives-gold", "2")
        ger.select_option("#agree-gets-claims", ["serbia"])
        pages.shot(ger, "germany-proposal-form-laptop")
        ger.click("#agree-propose")
        until(lambda: table.view()["agreement"] is not None)
        ger.locator("#decision", has_text="waiting for Byzantine Empire to answer").wait_for()
        assert ger.locator("#agreement-card.hidden").count() == 1

        byz = table.page("byzantine", LAPTOP)
        words = "Germany gives 2 gold; Byzantine Empire gives its claim to Serbia"
        byz.locator("#decision", has_text=words).wait_for()
        pages.shot(byz, "byzantine-answer-laptop")
        phone = table.page("byzantine", PHONE, is_mobile=True, has_touch=True)
        phone.locator("button.his-action", has_text=f"Accept: {words}").wait_for()
        phone.screenshot(path=str(pages.artifacts / "byzantine-answer-phone.png"))
        pages.shot(phone, "byzantine-answer-phone-full")

        byz.locator("button.his-action", has_text=f"Accept: {words}").click()
        until(lambda: table.view()["agreement"] is None)
        ger.locator("#log li", has_text="Byzantine Empire cedes its claim to Serbia to Germany").wait_for()
        after = table.view()
        assert "serbia" in after["empires"]["germany"]["claims"]
        assert after["empires"]["germany"]["gold"] == gold - 2
        pages.shot(ger, "germany-after-agreement-laptop")
        refused = f"Germany holds {gold} gold and cannot give {gold + 1}"  # the refusal provoked above, logged
        assert [e for e in pages.errors if e != refused] == [], pages.errors
