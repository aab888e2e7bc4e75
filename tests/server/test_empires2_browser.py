"""Empires for Two in a real browser: Playwright (Python) drives Debian's Chromium, as in ``test_browser.py``.

Each test plays a short plan (``empires2_plans.py``): the same actions are first found in-process, then played
against a live server, the preliminaries through the API and the actions under test by clicking the seat's page's
buttons in words (with the gold field). Screenshots at laptop (1366 x 768) and phone (390 x 844) sizes go to
``artifacts/server-empires2/`` and ``artifacts/server-empires2-alliance/``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.empires2_plans import INFO, Plan, Policy, Step, ally_steps, ally_turn_run, contest_for_both, find_seed
from tests.server.test_browser import Pages, until

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_EMPIRES2", ROOT / "artifacts" / "server-empires2"))
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
#: Millennium seeds found by ``find_seed`` (it searches on from them if an engine change moves the dice). 28: both
#: seats court France, a seat defends, and a stature check calls a contest where both seats bid: 45 actions now that
#: the bots parley and convert.
SEED = 28
#: 1: Byzantium courts France to alliance with all its gold (a C result); France's player-turn, run by Byzantium,
#: ends 20 actions in.
ALLY_SEED = 1


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
    """The words of the button that sends ``action`` on the seat's page."""
    for listed, label in zip(seat_view["actions"], seat_view["action_labels"], strict=True):
        same = {k: v for k, v in listed.items() if k not in (*INFO, "gold")}
        if same == {k: v for k, v in action.items() if k != "gold"}:
            return str(label["label"])
    raise AssertionError(f"{action} is not listed")


def _click(page: Any, seat_view: dict[str, Any], action: dict[str, Any]) -> None:
    """Send ``action`` as a player does: once the page shows the view it was chosen from (its last log line),
    open its group if folded, set the gold field, click its button."""
    last = seat_view["log"][-1] if seat_view["log"] else None
    if last is not None:
        until(lambda: page.locator("#log li").first.inner_text() == last)
    label = _button_label(seat_view, action)
    group = next(g["group"] for g in seat_view["action_labels"] if g["label"] == label)
    folded = page.locator(f"details.emp-fold[data-group='{group}']:not([open]) > summary")
    if folded.count():  # a long group is folded: open it, as a player does
        folded.click()
    if page.locator("#gold-row:not(.hidden)").count():
        page.fill("#gold", str(action.get("gold", 0)))
    page.locator("button.his-action", has_text=label).first.click()


class Table:
    """A live Millennium game: created, joined and started through the API (the lobby's pages are tested
    elsewhere); each seat's page opened from its link when first needed."""

    def __init__(self, server: LiveServer, pages: Pages, browser: Any, seed: int) -> None:
        self.server, self.browser, self.new_page = server, browser, pages.new
        made = httpx.post(
            f"{server.url}/api/games", json={"ruleset": "empires2", "seed": seed, "title": "Millennium"}, timeout=60
        ).json()
        self.gid, self.tokens, self.gm_token = made["id"], made["seat_tokens"], made["gm_token"]
        for seat, name in (("germany", "Otto"), ("byzantine", "Basil")):
            self.call(seat, "/join", {"name": name})
        self.call("gm", "/gm/start", {})
        self._pages: dict[str, Any] = {}

    def call(self, seat: str, path: str, body: dict[str, Any]) -> None:
        token = self.gm_token if seat == "gm" else self.tokens[seat]
        answer = httpx.post(
            f"{self.server.url}/api/games/{self.gid}{path}", json=body, headers={"Authorization": f"Bearer {token}"}
        )
        assert answer.status_code == 200, answer.text

    def page(self, seat: str, viewport: dict[str, int] = LAPTOP, **options: Any) -> Any:
        """The seat's page at a size (opened on first use)."""
        key = f"{seat}-{viewport['width']}"
        if key not in self._pages:
            page = self.new_page(self.browser.new_context(viewport=viewport, **options))
            page.goto(f"{self.server.url}/g/{self.gid}#token={self.tokens[seat]}")
            page.wait_for_selector("#who:has-text('Otto'), #who:has-text('Basil')")
            self._pages[key] = page
        return self._pages[key]

    def view(self, seat: str = "gm") -> dict[str, Any]:
        return view(self.server, self.gid, self.gm_token if seat == "gm" else self.tokens[seat])

    def play(
        self,
        found: Plan,
        from_page: Callable[[Step], bool],
        before: Callable[[Step], None],
        after: Callable[[Step], None] = lambda step: None,
    ) -> None:
        """Play the plan: the steps ``from_page`` picks by their seat's page (``before`` and ``after`` called round
        each click), the rest through the API."""
        for step in found.steps:
            if not from_page(step):
                act(self.server, self.gid, self.tokens[step.seat], step.action)
                continue
            page = self.page(step.seat)
            before(step)
            was = self.view()
            _click(page, step.view, step.action)
            until(lambda was=was: self.view() != was)
            after(step)
        assert self.view()["log"] == found.game.view("gm")["log"], "the server's game left the plan"


def test_empires2_played_from_the_page_and_a_sealed_bid_stays_sealed(browser: Any, tmp_path: Path) -> None:
    """A place, an endeavour and a defence (rewrite 13.0) from the pages, then a contest (33.44) where both seats
    seal a gold bid (33.46): Germany's page shows Byzantium's bid only as "sealed", never the amount."""
    found = find_seed(SEED, contest_for_both, Policy(keep=1, courtiers=2, listed_tax=False), limit=80)
    pages = Pages(ARTIFACTS)
    with LiveServer(str(tmp_path / "browser-empires2.sqlite"), poll=0.2, heartbeat=0.5) as server:
        table = Table(server, pages, browser, found.seed)
        first: dict[str, Step] = {}
        for step in found.steps:
            first.setdefault(step.action["type"], step)

        def before(step: Step) -> None:
            page = table.page(step.seat)
            if step.action["type"] == "defend":  # the question in words, the attacked area outlined on the board
                page.locator("#decision", has_text="defence").wait_for()
                page.wait_for_selector("#emp-map svg path#attacked")
                pages.shot(page, f"{step.seat}-defence-question-laptop")

        def after(step: Step) -> None:
            if step.action["type"] == "defend":  # the defence in words in the defender's log, at once
                until(lambda: "defends" in table.page(step.seat).inner_text("#log"))

        table.play(found, lambda s: first.get(s.action["type"]) is s and s.action["type"] != "tax", before, after)
        assert set(first) >= {"place", "endeavour", "defend"}
        assert sorted(table.view()["acting"]) == ["byzantine", "germany"], table.view()["decision_text"]
        pages.shot(table.page(first["endeavour"].seat), f"{first['endeavour'].seat}-endeavour-laptop")

        # Byzantium seals its bid from its page; Germany's page shows it as "sealed", never the amount.
        byz, ger = table.page("byzantine"), table.page("germany")
        byz.wait_for_selector("#decision:has-text('Seal a gold bid')")
        gold = table.view("byzantine")["empires"]["byzantine"]["gold"]
        assert gold >= 1
        _click(byz, table.view("byzantine"), {"type": "bid", "gold": gold})
        until(lambda: table.view()["acting"] == ["germany"])
        assert table.view()["contests"][0]["bids"]["byzantine"] == gold
        assert table.view("germany")["contests"][0]["bids"]["byzantine"] == "sealed"
        ger.wait_for_selector("#contests li:has-text('Byzantine Empire: sealed')")
        assert f"Byzantine Empire: {gold} gold" not in ger.inner_text("#contests")
        assert f"Byzantine Empire: {gold} gold" in byz.inner_text("#contests")  # its own bid, to its own seat
        pages.shot(ger, "germany-sealed-bid-laptop")
        pages.shot(byz, "byzantine-bid-laptop")

        # On a phone: the decision first, the board opening on the seat's own Court, the tables below.
        phone = table.page("germany", PHONE, is_mobile=True, has_touch=True)
        phone.wait_for_selector("#emp-map svg path#area-saxony")
        phone.wait_for_selector("#decision:has-text('Seal a gold bid')")
        until(lambda: not str(phone.get_attribute("#emp-map svg", "viewBox")).startswith("0 0 "))
        phone.screenshot(path=str(pages.artifacts / "germany-phone.png"))
        pages.shot(phone, "germany-phone-full")

        assert not pages.errors, pages.errors


def test_empires2_a_player_courts_an_independent_to_alliance_and_runs_its_turn(browser: Any, tmp_path: Path) -> None:
    """Issue 17 point 6: from Byzantium's page, a diplomatic endeavour against France's Court with all its gold
    (33.41: a C result gives every tie, the alliance at once); the page then says France is allied to Byzantium,
    and when France's place in the round comes, Byzantium's page runs France's player-turn (33.31) to its end."""
    found = find_seed(ALLY_SEED, ally_turn_run, Policy(keep=0, courtiers=1, listed_tax=True), limit=80)
    courting = next(s for s in found.steps if s.action.get("endeavour") == "diplomacy")
    player, ally = courting.seat, found.game.state["areas"][courting.action["area"]]["owner"]
    assert found.game.view("gm")["empires"][ally]["ally_of"] == player
    turn = ally_steps(found.steps)
    pages = Pages(ARTIFACTS.with_name(ARTIFACTS.name + "-alliance"))
    with LiveServer(str(tmp_path / "browser-empires2-alliance.sqlite"), poll=0.2, heartbeat=0.5) as server:
        table = Table(server, pages, browser, found.seed)
        names = {eid: e["name"] for eid, e in table.view()["empires"].items()}

        def before(step: Step) -> None:
            page = table.page(step.seat)
            if step is courting:
                page.locator(f"#empires tr[data-empire='{ally}'] td.status", has_text="Independent").wait_for()
                pages.shot(page, f"{player}-courting-laptop")
            if step is turn[0]:  # the seat's page says whose turn it runs, and for whom
                page.locator("#decision", has_text=names[ally]).wait_for()
                pages.shot(page, f"{player}-runs-{ally}-laptop")
                phone = table.page(player, PHONE, is_mobile=True, has_touch=True)
                phone.locator("#decision", has_text=names[ally]).wait_for()
                phone.screenshot(path=str(pages.artifacts / f"{player}-runs-{ally}-phone.png"))
                pages.shot(phone, f"{player}-runs-{ally}-phone-full")

        def after(step: Step) -> None:
            page = table.page(step.seat)
            if step is courting:  # the C result in words; both pages say who is allied to whom
                page.locator("#log li", has_text=f"{names[ally]} is now allied to {names[player]}").wait_for()
                status = f"#empires tr[data-empire='{ally}'] td.status"
                for seat in ("germany", "byzantine"):
                    table.page(seat).locator(status, has_text=f"Allied to {names[player]}").wait_for()
                page.locator(f"#empires tr[data-empire='{player}'] td.status", has_text=names[ally]).wait_for()
                page.locator("#who", has_text=f"allied: {names[ally]}").wait_for()
                pages.shot(page, f"{player}-allied-laptop")
            if step is turn[-1]:
                page.locator("#log li", has_text=f"{names[ally]} ends its player-turn").wait_for()
                pages.shot(page, f"{player}-after-{ally}-turn-laptop")

        table.play(found, lambda s: s is courting or s in turn, before, after)
        assert {s.action["type"] for s in turn} >= {"endeavour", "end_turn"}
        assert all(s.seat == player and s.action["empire"] == ally for s in turn)
        assert not pages.errors, pages.errors


def test_empires2_raiders_and_magnates_on_the_page_and_the_board(browser: Any, tmp_path: Path) -> None:
    """Rewrite 24.0 with both options on (seed 5: the Vikings raid Flanders and a Magnate rises in Galicia in round
    1): the seat's page lists them in words, and its board outlines the raided area and marks the Magnate's seat."""
    pages = Pages(ARTIFACTS)
    with LiveServer(str(tmp_path / "browser-empires2-raiders.sqlite"), poll=0.2, heartbeat=0.5) as server:
        made = httpx.post(
            f"{server.url}/api/games",
            json={"ruleset": "empires2", "seed": 5, "options": {"raiders": True, "magnates": True}},
            timeout=60,
        ).json()
        gid, tokens = made["id"], made["seat_tokens"]
        for seat, name in (("germany", "Otto"), ("byzantine", "Basil")):
            answer = httpx.post(
                f"{server.url}/api/games/{gid}/join",
                json={"name": name},
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            )
            assert answer.status_code == 200, answer.text
        httpx.post(
            f"{server.url}/api/games/{gid}/gm/start", json={}, headers={"Authorization": f"Bearer {made['gm_token']}"}
        )
        seen = view(server, gid, tokens["germany"])
        assert [r["area"] for r in seen["raids"]] == ["flanders"] and seen["magnates"][0]["seat"] == "galicia"
        page = pages.new(browser.new_context(viewport=LAPTOP))
        page.goto(f"{server.url}/g/{gid}#token={tokens['germany']}")
        page.wait_for_selector("#hazards-card:not(.hidden) li[data-raid='flanders']")
        page.wait_for_selector("#emp-map svg path#raided-flanders")
        until(lambda: "Vikings raided Flanders this round: beaten off" in page.inner_text("#hazards"))
        assert "Magnate of Galicia, combat stature" in page.inner_text("#hazards")
        page.wait_for_selector("#emp-map svg g#magnate-galicia")
        pages.shot(page, "germany-raiders-and-magnates-laptop")
        assert not pages.errors, pages.errors
