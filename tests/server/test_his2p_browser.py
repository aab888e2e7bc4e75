"""Here I Stand (two-player) in a real browser: Playwright (Python) drives Debian's Chromium, as in
``test_browser.py``.

The GM creates the game and starts it; the Papacy and the Protestant open their seats' links in their own
browsers and join. The Protestant makes a reformation attempt of Luther's 95 Theses from its page; the rest of the
opening (the other attempts, the Diet of Worms, spring deployment) is played through the API; then the Papacy plays
a card for CP from its page and spends it on an action, its CP left shown, undoes that action (the card
played before it cannot be taken back) and takes it again. The Protestant's page never holds a name
of a card in the Papacy's hand or Diplomatic hand. Screenshots at laptop (1366 x 768) and phone (390 x 844) sizes go to
``artifacts/server-his2p/``.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import httpx

from tests.server.conftest import LiveServer
from tests.server.test_browser import Pages, until

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("UMPIRE_ARTIFACTS_HIS2P", ROOT / "artifacts" / "server-his2p"))
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def view(server: LiveServer, gid: str, token: str) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"}
    answer: dict[str, Any] = httpx.get(f"{server.url}/api/games/{gid}", headers=headers, timeout=60).json()
    return answer


def act(server: LiveServer, gid: str, token: str, action: dict[str, Any]) -> None:
    answer = httpx.post(
        f"{server.url}/api/games/{gid}/actions",
        json={"action": action},
        headers={"Authorization": f"Bearer {token}"},
        timeout=60,
    )
    assert answer.status_code == 200, answer.text


def first_stream_message(server: LiveServer, gid: str, token: str) -> str:
    """The first message of the game's event stream as ``token``'s page receives it (the whole answer)."""
    headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
    with httpx.stream("GET", f"{server.url}/api/games/{gid}/events", headers=headers, timeout=60) as answer:
        text = ""
        for chunk in answer.iter_text():
            text += chunk
            if "\n\n" in text and "data:" in text:
                return text
    raise AssertionError("the stream closed before its first message")


def test_his2p_opening_and_a_card_for_cp_in_the_browser(browser: Any, tmp_path: Path) -> None:
    pages = Pages(ARTIFACTS)
    errors, page_for, shot = pages.errors, pages.new, pages.shot

    with LiveServer(str(tmp_path / "browser-his2p.sqlite"), poll=0.2, heartbeat=0.5) as server:
        made = httpx.post(
            f"{server.url}/api/games", json={"ruleset": "his2p", "seed": 5, "title": "HIS"}, timeout=60
        ).json()
        gid, tokens, gm_token = made["id"], made["seat_tokens"], made["gm_token"]
        papacy = page_for(browser.new_context(viewport=LAPTOP))
        protestant = page_for(browser.new_context(viewport=LAPTOP))
        answers: list[Any] = []  # every answer the Protestant's page receives from the API (its stream apart)
        protestant.on("response", lambda r: answers.append(r) if "/api/" in r.url and "/events" not in r.url else None)
        for page, seat, name in ((papacy, "papacy", "Leo"), (protestant, "protestant", "Martin")):
            page.goto(made["seat_links"][seat])
            page.wait_for_selector("#join:not(.hidden)")
            page.fill("#join-name", name)
            page.click("#join-button")
            page.wait_for_selector("#join", state="hidden")
            page.wait_for_selector(f"#who:has-text('{name}')")
        gm = page_for(browser.new_context(viewport=LAPTOP))
        gm.goto(made["gm_link"])
        gm.click("#gm-start")
        gm.wait_for_selector("#gm-start:disabled")

        # Luther's 95 Theses: the Protestant picks the first target from its page's buttons, in words.
        protestant.wait_for_selector("#decision:has-text('reformation attempt')")
        protestant.wait_for_selector("#his-map svg g#space-wittenberg")
        first = protestant.locator("button.his-action").first
        assert re.match(r"Reformation attempt in \w", first.inner_text())
        before = len(view(server, gid, gm_token)["view"]["rolls"])
        first.click()
        protestant.wait_for_selector("#rolls li:has-text('reformation attempt in')")
        assert len(view(server, gid, gm_token)["view"]["rolls"]) > before
        shot(protestant, "protestant-theses-laptop")

        # Issue 31 point 6 (HIS-R09): the Protestant ticks "pass automatically unless I hold a card that can be
        # played here" in a decision of its own; only its own view carries it, the Papacy's box stays clear (and
        # cannot be changed while the Protestant decides).
        protestant.wait_for_selector("#autopass-row:not(.hidden)")
        assert "the other player's page is the same" in protestant.inner_text("#autopass-row")
        assert not protestant.is_checked("#autopass-unless-playable")
        protestant.check("#autopass-unless-playable")
        until(lambda: view(server, gid, tokens["protestant"])["view"]["autopass_unless_playable"] is True)
        assert view(server, gid, tokens["papacy"])["view"]["autopass_unless_playable"] is False
        assert "unless_playable" not in json.dumps(view(server, gid, gm_token)["view"])
        papacy.wait_for_selector("#autopass-unless-playable:disabled")
        assert not papacy.is_checked("#autopass-unless-playable")
        shot(protestant, "protestant-autopass-laptop")
        own_phone = page_for(browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
        own_phone.goto(f"{server.url}/g/{gid}#token={tokens['protestant']}")
        own_phone.wait_for_selector("#autopass-row:not(.hidden)")
        until(lambda: own_phone.is_checked("#autopass-unless-playable"))  # drawn from its own view on a new page
        shot(own_phone, "protestant-autopass-phone")

        # The rest of the opening through the API, until the Papacy's first impulse.
        for _ in range(40):
            gm_view = view(server, gid, gm_token)["view"]
            if gm_view["phase"] == "action" and gm_view["decision"]["kind"] == "impulse":
                break
            seat = gm_view["acting"][0]
            mine = view(server, gid, tokens[seat])["view"]
            act(server, gid, tokens[seat], mine["actions"][0])
        gm_view = view(server, gid, gm_token)["view"]
        assert gm_view["acting"] == ["papacy"] and gm_view["decision"]["kind"] == "impulse"
        hand = {c["name"] for c in gm_view["hands"]["papacy"]}

        # The Papacy plays a card for CP, then spends CP on a religious action; its CP left is shown.
        papacy.wait_for_selector("#decision:has-text('impulse')")
        papacy.wait_for_selector("#hand li")
        assert {n for n in hand if n in papacy.inner_text("#hand")} == hand
        play = papacy.locator("[data-group='Cards'] button.his-action", has_text=re.compile(r"for [2-6] CP")).first
        played = play.inner_text()
        cp = int(re.search(r"for (\d) CP", played).group(1))  # type: ignore[union-attr]
        play.click()
        papacy.wait_for_selector("#cp-left:not(.hidden)")
        assert papacy.inner_text("#cp-left") == f"{cp} CP left"
        shot(papacy, "papacy-cp-laptop")
        # Burning books: one button a zone, the debater's bonus chosen in a second step (labels.bonus_choice).
        burn = papacy.locator("[data-group='Religious actions'] button.his-choice", has_text="Burn books")
        assert burn.count() == 4
        burn.first.click()
        options = papacy.locator(".bonus-choice.open button.his-action")
        options.first.wait_for()
        assert options.count() == 3 and "Cajetan" in papacy.inner_text(".bonus-choice.open")
        shot(papacy, "papacy-burn-books-choice-laptop")
        spend = papacy.locator("[data-group='Religious actions'] button.his-action", has_text="Build St. Peter's")
        cost = int(re.search(r"\((\d) CP\)", spend.inner_text()).group(1))  # type: ignore[union-attr]
        spend.click()
        until(lambda: papacy.inner_text("#cp-left") == f"{cp - cost} CP left")
        assert any(card in played for card in hand)

        # Undo from the page: the action took nothing hidden and rolled no die, so the CP come back; the card
        # played before it cannot be taken back (the refusal is shown).
        papacy.click("#undo")
        until(lambda: papacy.inner_text("#cp-left") == f"{cp} CP left")
        papacy.click("#undo")
        papacy.wait_for_selector("#action-error:has-text('hidden')")
        papacy.locator("[data-group='Religious actions'] button.his-action", has_text="Build St. Peter's").click()
        until(lambda: papacy.inner_text("#cp-left") == f"{cp - cost} CP left")
        gm_view = view(server, gid, gm_token)["view"]
        still = {c["name"] for c in gm_view["hands"]["papacy"]}
        diplomatic = {c["name"] for c in view(server, gid, tokens["papacy"])["view"]["diplomatic_hand_cards"]}
        assert diplomatic and all(name in papacy.inner_text("#diplomatic-hand") for name in diplomatic)

        # The Protestant's page: the map and tracks, never a card of the Papacy's hand.
        protestant.wait_for_selector("#powers tr")
        protestant_dom = protestant.content()
        assert still and not [name for name in still | diplomatic if name in protestant_dom]
        # Issue 16 point 4: nor do the page's network answers (each API answer and its stream's first message)
        # hold the Papacy's hand, its Diplomatic hand or either deck's order.
        bodies = [r.text() for r in answers if r.ok]
        assert any(f"/api/games/{gid}" in r.url for r in answers) and bodies
        bodies.append(first_stream_message(server, gid, tokens["protestant"]))
        for body in bodies:
            assert not [name for name in still | diplomatic if name in body]
            if body.lstrip().startswith("{"):
                shown = json.loads(body).get("view") or {}
                assert not {"hands", "deck", "diplomatic_deck", "diplomatic_hands"} & set(shown), sorted(shown)
                assert shown.get("role", "protestant") == "protestant"
        assert "Papacy" in protestant.inner_text("#powers")
        # The debaters, public: Luther with his value and bonus in words; Eck among the Papal ones.
        luther = protestant.inner_text("#debaters li[data-debater=luther]")
        assert luther.startswith("4 Luther") and "translating" in luther
        assert "Eck" in protestant.inner_text("#debaters ul[data-side=papal]")

        # The board at the laptop's size shows the whole map; zoom in and out.
        box = protestant.locator("#his-map svg").bounding_box()
        assert box and box["width"] > 600
        protestant.click("[data-zoom=in]")
        assert protestant.get_attribute("#his-map svg", "viewBox") != "0 0 1420 1200"
        protestant.click("[data-zoom=fit]")
        assert protestant.get_attribute("#his-map svg", "viewBox") == "0 0 1420 1200"
        shot(protestant, "protestant-laptop")

        # On a phone: the board opens closer (Germany and Italy), the decision above it.
        phone = page_for(browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
        phone.goto(f"{server.url}/g/{gid}#token={tokens['papacy']}")
        phone.wait_for_selector("#his-map svg g#space-rome")
        until(lambda: phone.get_attribute("#his-map svg", "viewBox") != "0 0 1420 1200")
        phone.screenshot(path=str(pages.artifacts / "papacy-phone.png"))
        shot(phone, "papacy-phone-full")
        papacy.set_viewport_size(LAPTOP)
        papacy.screenshot(path=str(pages.artifacts / "papacy-laptop-window.png"))

        assert not errors, errors


def test_his2p_a_person_plays_the_papacy_against_the_bot_in_the_browser(browser: Any, tmp_path: Path) -> None:
    """Issue 16 point 1: the new-game form puts the normal bot in the Protestant seat; the person joins the Papacy
    and plays several impulses from the page, the bot answering each at once (the page never waits for it). A
    debate the Papacy calls marks its debaters. Screenshots at laptop and phone sizes go to
    ``artifacts/server-his2p-bot/``."""
    pages = Pages(ARTIFACTS.parent / (ARTIFACTS.name + "-bot"))
    errors, page_for, shot = pages.errors, pages.new, pages.shot

    with LiveServer(str(tmp_path / "browser-his2p-bot.sqlite"), poll=0.2, heartbeat=0.5) as server:
        gm = page_for(browser.new_context(viewport=LAPTOP))
        gm.goto(server.url + "/")
        gm.wait_for_selector("#ruleset option[value=his2p]", state="attached")
        gm.select_option("#ruleset", "his2p")
        gm.wait_for_selector("#bots:not(.hidden) select[data-bot-seat=protestant]")
        gm.select_option("select[data-bot-seat=protestant]", "normal")
        shot(gm, "create-form-laptop")
        gm.click("#create-button")
        gm.wait_for_selector("#created:not(.hidden)")
        links = {a.get_attribute("data-link"): a.get_attribute("href") for a in gm.query_selector_all("a[data-link]")}
        assert "papacy" in links and "protestant" not in links
        assert gm.inner_text("[data-bot=protestant]") == "played by the normal bot"
        gid = re.search(r"/g/([^#?]+)", links["GM"]).group(1)  # type: ignore[union-attr]
        gm_token = links["GM"].split("#token=")[1]

        papacy = page_for(browser.new_context(viewport=LAPTOP))
        papacy.goto(links["papacy"])
        papacy.wait_for_selector("#join:not(.hidden)")
        papacy.fill("#join-name", "Leo")
        papacy.click("#join-button")
        papacy.wait_for_selector("#who:has-text('Leo')")
        gm.goto(links["GM"])
        gm.click("#gm-start")
        gm.wait_for_selector("#gm-start:disabled")

        def seq() -> int:
            return int(view(server, gid, gm_token)["game"]["seq"])

        def click(button: Any) -> None:
            before = seq()
            button.click()
            try:
                until(lambda: seq() > before, 5)
            except AssertionError:  # a live update redrew the buttons under the click: nothing was sent, click again
                if seq() == before:
                    button.click()
                until(lambda: seq() > before)
            papacy.wait_for_selector("#actions button.his-action:not([disabled])")

        # The bot made Luther's attempts and the rest until the Papacy's first decision.
        papacy.wait_for_selector("#actions button.his-action")
        assert view(server, gid, gm_token)["view"]["acting"] == ["papacy"]
        impulses = debated = raised = built = 0
        for _ in range(80):
            if impulses >= 4 and debated and built:
                break
            gm_view = view(server, gid, gm_token)["view"]
            assert gm_view["acting"] == ["papacy"], gm_view["acting"]  # never waiting for the bot
            kind = gm_view["decision"]["kind"]
            buttons = papacy.locator("#actions button.his-action")
            if kind == "impulse":
                impulses += 1
                card = papacy.locator("[data-group='Cards'] button.his-action", has_text=re.compile(r"for [3-6] CP"))
                click(card.first if card.count() else buttons.first)
            elif kind == "cp" and papacy.locator("button.build").count() and not built:
                built += 1
                build_a_formation(papacy, shot)
                click(papacy.locator(".formation.open .destinations button").first)
            elif kind == "cp" and raised < 2 and papacy.locator("button.his-action", has_text="in Rome").count():
                raised += 1
                click(papacy.locator("[data-group='Raise units'] button.his-action", has_text="in Rome").first)
            elif kind == "cp":
                debate = papacy.locator("button.his-action", has_text="Call a theological debate")
                spend = papacy.locator("button.his-action", has_text="Build St. Peter's")
                other = spend.first if spend.count() else buttons.first
                click(debate.first if debate.count() and not debated else other)
            elif kind == "defender":
                debated += 1
                papacy.wait_for_selector("#debaters li.debating")
                assert "In the debate" in papacy.inner_text("#debate-now")
                shot(papacy, "papacy-debate-laptop")
                papacy.set_viewport_size(PHONE)
                papacy.locator("#debaters-card").screenshot(path=str(pages.artifacts / "papacy-debate-phone.png"))
                papacy.set_viewport_size(LAPTOP)
                click(buttons.first)
            else:
                click(buttons.first)
        assert impulses >= 4 and debated and built, (impulses, debated, built)
        bot_moves = [e for e in view(server, gid, gm_token)["view"]["log"] if e["text"].startswith("protestant")]
        assert bot_moves
        shot(papacy, "papacy-against-bot-laptop")
        phone = page_for(browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
        phone.goto(links["papacy"].replace("#token=", "#token="))
        phone.wait_for_selector("#his-map svg g#space-rome")
        shot(phone, "papacy-against-bot-phone")
        assert not errors, errors


def build_a_formation(page: Any, shot: Any) -> None:
    """Open the formation builder of the moves from one space, change the count of regulars and check that the
    destinations offered are exactly the view's legal moves of that formation (the page computes no rule)."""
    page.click("button.build")
    page.wait_for_selector(".formation.open select[data-kind=regular]")
    select = page.locator(".formation.open select[data-kind=regular]")
    values = [o.get_attribute("value") for o in select.locator("option").all()]
    assert len(values) >= 2, values
    select.select_option(values[-1])
    page.wait_for_selector(
        f".formation.open select[data-kind=regular] option[value='{values[-1]}']:checked", state="attached"
    )
    assert f"Move {values[-1]} regular" in page.inner_text(".formation.open")
    destinations = page.locator(".formation.open .destinations button")
    assert destinations.count() >= 1
    assert all(re.search(r"\(\d CP\)$", t) for t in destinations.all_inner_texts())
    assert page.locator("#his-map g.space.destination").count() == destinations.count()
    shot(page, "papacy-formation-laptop")
    page.set_viewport_size(PHONE)
    page.locator(".formation.open").screenshot(
        path=str(ARTIFACTS.parent / (ARTIFACTS.name + "-bot") / "papacy-formation-phone.png")
    )
    page.set_viewport_size(LAPTOP)
