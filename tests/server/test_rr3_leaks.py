"""Renaissance and Reformation III over HTTP: a team never receives another team's secrets.

Handbook, *Introduction*: "the brief covers personal as well as team matters it is confidential to you and should
not be shown to any other player"; revenue cards belong to their player; intention cards are written privately
(*The Campaign System*). A game is played through the API while every byte France, the Habsburgs and the observer
receive is kept (API answers, the event stream, the pages, past phases, the projector page) and scanned: France's
never hold the Habsburgs' confidential brief, card ids, treasury lines or sealed intention; the observer's hold no
team's. The scan is checked against each team's own answers, which must hold those secrets (so it can fail).
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import httpx
import pytest

from tests.server.conftest import LiveServer

A, B = "france", "habsburgs"
TEAM_SEATS = {"seats": "teams"}
"""The first test plays a seat per team (RR3-K02); the second, players inside one team (RR3-K01)."""
WATCHED = (A, B, "observer")


def stream(url: str, token: str | None, into: list[str], stop: threading.Event) -> None:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    with httpx.Client(timeout=10) as client, client.stream("GET", url, headers=headers) as response:
        for line in response.iter_lines():
            into.append(line)
            if stop.is_set():
                return


def payloads(texts: list[str]) -> list[Any]:
    """Every JSON document among what was received: whole answers and the event stream's data lines."""
    out = []
    for text in texts:
        body = text[5:].strip() if text.startswith("data:") else text
        try:
            out.append(json.loads(body))
        except ValueError:
            continue
    return out


def without_own_team(doc: Any) -> Any:
    """A received answer without the receiver's own team part (the only place its private data may be)."""
    if isinstance(doc, dict) and isinstance(doc.get("view"), dict) and "team" in doc["view"]:
        return {**doc, "view": {k: v for k, v in doc["view"].items() if k != "team"}}
    return doc


def compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class Table:
    """The game's HTTP client: keeps every body each watched role receives."""

    def __init__(self, base: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=20)
        self.received: dict[str, list[str]] = {w: [] for w in WATCHED}

    def call(self, who: str, method: str, path: str, token: str | None, body: Any = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = self.http.request(method, path, json=(body or {}) if method == "POST" else None, headers=headers)
        if who in self.received:
            self.received[who].append(response.text)
        assert response.status_code < 400, (who, path, response.status_code, response.text)
        return response.json() if response.headers.get("content-type", "").startswith("application/json") else None

    def page(self, who: str, path: str) -> None:
        response = self.http.get(path)
        assert response.status_code == 200, (path, response.status_code)
        self.received[who].append(response.text)


def first_card(view: dict[str, Any], kind: str) -> str:
    """The id of an unplayed card of ``kind`` the play_card form offers."""
    form = next(a for a in view["actions"] if a["type"] == "play_card")
    offered = next(f for f in form["fields"] if f["name"] == "card")["choices"]
    kinds = {c["id"]: c["kind"] for c in view["team"]["cards"]}
    return next(c for c in offered if kinds.get(c) == kind)


def test_a_team_never_receives_another_teams_secrets(live: LiveServer) -> None:
    # ruling RR3-WB05 (the projector page is scanned too)
    table = Table(live.url)
    made = table.call(
        "creator", "POST", "/api/games", None, {"ruleset": "rr3", "scenario": "1524", "seed": 5, "options": TEAM_SEATS}
    )
    gid, gm, tokens = made["id"], made["gm_token"], made["seat_tokens"]
    base = f"/api/games/{gid}"
    names = {A: "Francis", B: "Charles", "map_control": "Mona"}
    for seat, name in names.items():
        table.call(seat, "POST", f"{base}/join", tokens[seat], {"name": name})
    if table.call("observer", "GET", base, None)["view"].get("provisional"):
        pytest.skip("the 1524 scenario (map and briefs) is not installed: nothing secret to scan for")

    stop = threading.Event()
    streams: dict[str, list[str]] = {w: [] for w in WATCHED}
    threads = [
        threading.Thread(target=stream, args=(f"{live.url}{base}/events", tokens.get(w), streams[w], stop), daemon=True)
        for w in WATCHED
    ]
    for t in threads:
        t.start()
    time.sleep(0.5)

    table.call("gm", "POST", f"{base}/gm/start", gm)
    # Phase 1: each team plays a revenue card from its form; Map Control rolls both.
    for team in (A, B):
        view = table.call(team, "GET", base, tokens[team])["view"]
        card = first_card(view, "subsidy")
        table.call(team, "POST", f"{base}/actions", tokens[team], {"action": {"type": "play_card", "card": card}})
    mc = tokens["map_control"]
    desk = table.call("map_control", "GET", base, mc)["view"]["desk"]
    plays = [i for i in desk["pending"] if i["kind"] == "play_card"]
    assert {i["team"] for i in plays} == {A, B}
    for item in plays:
        table.call("map_control", "POST", f"{base}/actions", mc, {"action": {"type": "settle", "item": item["id"]}})
    table.call(
        "gm", "POST", f"{base}/actions", gm, {"action": {"type": "announce", "text": "The Diet meets", "who": "G"}}
    )
    # Phase 2: Map Control moves to the first movement step; the Habsburgs seal an intention card.
    table.call("gm", "POST", f"{base}/gm/resolve", gm)
    for _ in range(3):
        view = table.call(B, "GET", base, tokens[B])["view"]
        if view["step"] == "move1":
            break
        table.call("map_control", "POST", f"{base}/actions", mc, {"action": {"type": "next_step", "who": "x"}})
    view = table.call(B, "GET", base, tokens[B])["view"]
    assert view["step"] == "move1"
    assert any(a["type"] == "intend" for a in view["actions"]), "the Habsburgs have an intention card to write"
    movable = sorted(a for a, r in view["team"]["armies"].items() if not r.get("mutinous"))
    intentions = [{"army": a, "option": "stay", "engage": True, "on_contact": "retreat"} for a in movable]
    sealed = table.call(
        B, "POST", f"{base}/actions", tokens[B], {"action": {"type": "intend", "intentions": intentions}}
    )
    card_lines = sealed["view"]["team"]["intention"]["submission"]["armies"]
    assert card_lines

    # What there is to keep secret, read from each team's own answers.
    own = {team: table.call(team, "GET", base, tokens[team])["view"]["team"] for team in (A, B)}
    # Map Control's desk names who has handed a card in, not the card; once it calls the next step, the cards the
    # step was moved by are on its desk (RR3-H06), and still on no team's or the observer's screen.
    intentions = table.call("map_control", "GET", base, mc)["view"]["desk"]["intentions"]
    assert B in intentions["handed_in"] and intentions["step"] == "move1"
    table.call("map_control", "POST", f"{base}/actions", mc, {"action": {"type": "next_step", "who": "x"}})
    closed = table.call("map_control", "GET", base, mc)["view"]["desk"]["intentions"]["closed"]
    assert closed["step"] == "move1" and [compact(x) for x in closed["cards"][B]] == [
        compact(line) for _, line in sorted(card_lines.items())
    ]
    for who in (A, "observer"):
        table.call(who, "GET", base, tokens.get(who))
    for team in (A, B):
        table.call(team, "GET", f"{base}/phases/0", tokens[team])
        table.call(team, "GET", f"{base}/phases/1", tokens[team])
    table.page("observer", f"/g/{gid}/projector")
    table.page("observer", f"/g/{gid}")
    table.call("observer", "GET", f"{base}/phases/1", None)
    time.sleep(1.0)
    stop.set()
    table.call("gm", "POST", f"{base}/actions", gm, {"action": {"type": "announce", "text": "wake", "who": "G"}})
    for t in threads:
        t.join(timeout=5)

    def secrets_of(team: str) -> list[str]:
        part = own[team]
        out = [part["brief"]["confidential"], *part["card_ids"]]
        sealed = ((part.get("intention") or {}).get("submission") or {}).get("armies") or {}
        out += [compact(line) for line in sealed.values()]
        return [s for s in out if s]

    assert own[A]["brief"]["confidential"] and own[B]["brief"]["confidential"]
    assert own[A]["card_ids"] and own[B]["card_ids"]
    assert any(compact(line) for line in card_lines.values())

    everything = {w: table.received[w] + streams[w] for w in WATCHED}
    assert len(streams[A]) > 3 and len(streams["observer"]) > 3, "the streams were followed"

    # The scan can fail: each team's own answers do hold its secrets and treasury lines.
    for team in (A, B):
        mine = "\n".join(everything[team])
        assert own[team]["brief"]["confidential"] in mine
        assert '"treasury":' in mine
    assert all(compact(line) in "\n".join(everything[B]) for line in card_lines.values())

    def scan(who: str, forbidden: list[str]) -> None:
        for raw in everything[who]:
            for secret in forbidden:
                assert secret not in raw, f"{who} received a secret: {secret[:60]!r}"
        for doc in payloads(everything[who]):
            rest = compact(without_own_team(doc))
            assert '"treasury":' not in rest, f"{who} received a treasury line outside its own team part"
            assert '"confidential":' not in rest, f"{who} received a brief outside its own team part"
            assert '"states_private":' not in rest and '"intentions":' not in rest
            assert '"closed_cards":' not in rest and '"handed_in":' not in rest

    scan(A, secrets_of(B))
    scan(B, secrets_of(A))
    scan("observer", secrets_of(A) + secrets_of(B))
    for raw in everything["observer"]:
        assert '"treasury":' not in raw and '"confidential":' not in raw and '"card_ids":' not in raw


def test_a_player_never_receives_another_players_brief_or_cards(live: LiveServer) -> None:
    """RR3-K01: the five Electors are five seats. Frederick of Saxony and Joachim of Brandenburg each play a revenue
    card; every byte each receives (answers, the event stream, the page) is scanned for the other's personal brief
    and cards, which each one's own answers hold (so the scan can fail)."""
    a, b = "frederick_iii_saxony", "joachim_i"
    table = Table(live.url)
    table.received = {a: [], b: []}
    made = table.call("creator", "POST", "/api/games", None, {"ruleset": "rr3", "scenario": "1524", "seed": 5})
    gid, gm, tokens = made["id"], made["gm_token"], made["seat_tokens"]
    assert a in tokens and b in tokens and "electors" not in tokens
    base = f"/api/games/{gid}"
    for seat, name in ((a, "Fred"), (b, "Jo")):
        table.call(seat, "POST", f"{base}/join", tokens[seat], {"name": name})
    if table.call(a, "GET", base, tokens[a])["view"].get("provisional"):
        pytest.skip("the 1524 scenario (map and briefs) is not installed: nothing secret to scan for")
    stop = threading.Event()
    streams: dict[str, list[str]] = {a: [], b: []}
    threads = [
        threading.Thread(target=stream, args=(f"{live.url}{base}/events", tokens[w], streams[w], stop), daemon=True)
        for w in (a, b)
    ]
    for t in threads:
        t.start()
    time.sleep(0.5)
    table.call("gm", "POST", f"{base}/gm/start", gm)
    for seat in (a, b):
        card = first_card(table.call(seat, "GET", base, tokens[seat])["view"], "subsidy")
        table.call(seat, "POST", f"{base}/actions", tokens[seat], {"action": {"type": "play_card", "card": card}})
    own = {seat: table.call(seat, "GET", base, tokens[seat])["view"]["team"] for seat in (a, b)}
    table.call(a, "GET", f"{base}/phases/0", tokens[a])
    time.sleep(1.0)
    stop.set()
    table.call("gm", "POST", f"{base}/actions", gm, {"action": {"type": "announce", "text": "wake", "who": "G"}})
    for t in threads:
        t.join(timeout=5)

    def secrets_of(seat: str) -> list[str]:
        return [own[seat]["players"][seat]["brief"], *own[seat]["card_ids"]]

    for seat in (a, b):
        assert own[seat]["players"][seat]["brief"] and own[seat]["card_ids"]
        mine = "\n".join(table.received[seat] + streams[seat])
        assert all(s in mine for s in secrets_of(seat))
        assert own[seat]["brief"]["confidential"] in mine  # the team's matters, shared by its players
    assert len(streams[a]) > 2 and len(streams[b]) > 2, "the streams were followed"
    for seat, other in ((a, b), (b, a)):
        for raw in table.received[seat] + streams[seat]:
            for secret in secrets_of(other):
                assert secret not in raw, f"{seat} received a secret of {other}: {secret[:60]!r}"
