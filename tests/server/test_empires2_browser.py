"""Empires for Two in a real browser: Playwright (Python) drives Debian's Chromium, as in ``test_browser.py``.

The GM creates a Millennium game and starts it; Germany and Byzantium join from their seats' links. The game is
played by the ``normal`` bot's choices; the first place in the round, the first endeavour and the first defence
(rewrite 13.0) are made by clicking the seat's page's buttons in words (with the gold field), the rest through the
API, until both seats must seal a gold bid in an alliance contest (33.46). Byzantium seals its bid from its page;
Germany's page then shows that bid only as "sealed" and holds no trace of the amount. Screenshots at laptop
(1366 x 768) and phone (390 x 844) sizes go to ``artifacts/server-empires2/``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.test_browser import Pages, browser, until
from umpire.bots.empires2 import NormalBot

__all__ = ["browser"]  # the module's fixture, shared

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_EMPIRES2", ROOT / "artifacts" / "server-empires2"))
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
#: Millennium with this seed reaches a contest where both seats bid after 355 of the normal bot's actions (with its
#: parleys, EMP-P03), a defence asked on the way.
SEED = 5
INFO = ("max_gold", "er")


def view(server: LiveServer, gid: str, token: str) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"}
    answer: dict[str, Any] = httpx.get(f"{server.url}/api/games/{gid}", headers=headers, timeout=60).json()
    return answer["view"]  # type: ignore[no-any-return]


def act(server: LiveServer, gid: str, token: str, action: dict[str, Any]) -> None:
    answer = httpx.post(
        f"{server.url}/api/games/{gid}/actions",
        json={"action": action},
        headers={"Authorization": f"Bearer {token}"},
        timeout=60,
    )
    assert answer.status_code == 200, answer.text


def _button_label(seat_view: dict[str, Any], action: dict[str, Any]) -> str:
    """The words of the button that sends ``action`` (a bot's choice) on the seat's page."""
    for listed, label in zip(seat_view["actions"], seat_view["action_labels"], strict=True):
        same = {k: v for k, v in listed.items() if k not in (*INFO, "gold")}
        if same == {k: v for k, v in action.items() if k != "gold"}:
            return str(label["label"])
    raise AssertionError(f"{action} is not listed")


def _click(page: Any, seat_view: dict[str, Any], action: dict[str, Any]) -> None:
    label = _button_label(seat_view, action)
    group = next(g["group"] for g in seat_view["action_labels"] if g["label"] == label)
    folded = page.locator(f"details.emp-fold[data-group='{group}']:not([open]) > summary")
    if folded.count():  # a long group is folded: open it, as a player does
        folded.click()
    if page.locator("#gold-row:not(.hidden)").count():
        page.fill("#gold", str(action.get("gold", 0)))
    page.locator("button.his-action", has_text=label).first.click()


def test_empires2_played_from_the_page_and_a_sealed_bid_stays_sealed(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    errors, page_for, shot = pages.errors, pages.new, pages.shot

    with LiveServer(str(tmp_path / "browser-empires2.sqlite"), poll=0.2, heartbeat=0.5) as server:
        made = httpx.post(
            f"{server.url}/api/games", json={"ruleset": "empires2", "seed": SEED, "title": "Millennium"}, timeout=60
        ).json()
        gid, tokens, gm_token = made["id"], made["seat_tokens"], made["gm_token"]
        seat_pages = {}
        for seat, name in (("germany", "Otto"), ("byzantine", "Basil")):
            page = page_for(browser.new_context(viewport=LAPTOP))
            page.goto(made["seat_links"][seat])
            page.wait_for_selector("#join:not(.hidden)")
            page.fill("#join-name", name)
            page.click("#join-button")
            page.wait_for_selector("#join", state="hidden")
            page.wait_for_selector(f"#who:has-text('{name}')")
            seat_pages[seat] = page
        gm = page_for(browser.new_context(viewport=LAPTOP))
        gm.goto(made["gm_link"])
        gm.click("#gm-start")
        gm.wait_for_selector("#gm-start:disabled")

        bot, rng = NormalBot(), random.Random(0)
        from_page: set[str] = set()
        for _ in range(400):
            gm_view = view(server, gid, gm_token)
            acting = gm_view["acting"]
            if len(acting) == 2 and gm_view["contests"]:
                break
            seat = acting[0]
            seat_view = view(server, gid, tokens[seat])
            action = bot.act(seat_view, rng)
            assert action is not None
            kind = action["type"]
            if kind in ("place", "endeavour", "defend") and kind not in from_page:
                from_page.add(kind)
                page = seat_pages[seat]
                page.locator("#decision", has_text=seat_view["decision_text"]).wait_for()
                if kind == "defend":  # the question in words, the attacked area outlined on the board
                    assert "choose Germany's defence" in seat_view["decision_text"] or seat == "byzantine"
                    page.wait_for_selector("#emp-map svg path#attacked")
                    shot(page, f"{seat}-defence-question-laptop")
                _click(page, seat_view, action)
                until(lambda before=gm_view: view(server, gid, gm_token) != before)
                page.wait_for_selector("#log li")
                if kind == "defend":
                    assert "defends" in page.inner_text("#log")
                if kind == "endeavour":
                    shot(page, f"{seat}-endeavour-laptop")
            else:
                act(server, gid, tokens[seat], action)
        assert from_page == {"place", "endeavour", "defend"}
        gm_view = view(server, gid, gm_token)
        assert sorted(gm_view["acting"]) == ["byzantine", "germany"], gm_view["decision_text"]

        # Byzantium seals its bid from its page; Germany's page shows it as "sealed", never the amount.
        byz, ger = seat_pages["byzantine"], seat_pages["germany"]
        byz.wait_for_selector("#decision:has-text('Seal a gold bid')")
        bid = bot.act(view(server, gid, tokens["byzantine"]), rng)
        assert bid is not None and bid["type"] == "bid"
        bid["gold"] = max(1, bid["gold"])
        _click(byz, view(server, gid, tokens["byzantine"]), bid)
        until(lambda: view(server, gid, gm_token)["acting"] == ["germany"])
        assert view(server, gid, gm_token)["contests"][0]["bids"]["byzantine"] == bid["gold"]
        assert view(server, gid, tokens["germany"])["contests"][0]["bids"]["byzantine"] == "sealed"
        ger.wait_for_selector("#contests li:has-text('Byzantine Empire: sealed')")
        assert f"Byzantine Empire: {bid['gold']} gold" not in ger.content()
        shot(ger, "germany-sealed-bid-laptop")
        shot(byz, "byzantine-bid-laptop")

        # On a phone: the decision first, the board opening on the seat's own Court, the tables below.
        phone = page_for(browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
        phone.goto(f"{server.url}/g/{gid}#token={tokens['germany']}")
        phone.wait_for_selector("#emp-map svg path#area-saxony")
        phone.wait_for_selector("#decision:has-text('Seal a gold bid')")
        until(lambda: not str(phone.get_attribute("#emp-map svg", "viewBox")).startswith("0 0 "))
        phone.screenshot(path=str(pages.artifacts / "germany-phone.png"))
        shot(phone, "germany-phone-full")

        assert not errors, errors
