"""Answers that do not grow with the game, and live updates that carry only what changed.

- the stream's JSON Patches, applied by an independent RFC 6902 implementation (``jsonpatch``), give the new
  document, whatever the two documents are;
- a standard game's answer is about as large at phase 30 as at phase 1 (the history is paged);
- in a megagame after two turns, one settled desk item pushes less than 10 KB to every seat's stream.
"""

from __future__ import annotations

import copy
import json
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.server.conftest import Api, Events, LiveServer, follow, started_game
from umpire.games.rr3 import desk
from umpire.kernel.errors import IllegalAction
from umpire.server.patches import Feed, diff
from umpire.server.store import Store, Tx

SCALARS = st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["a", "b", "~1/x", ""])
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.sampled_from(["a", "b", "c/d", "e~f"]), inner),
    max_leaves=25,
)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(st.sampled_from(["x", "y", "z"]), JSON), st.dictionaries(st.sampled_from(["x", "y", "z"]), JSON))
def test_a_patch_turns_the_old_document_into_the_new(old: dict[str, Any], new: dict[str, Any]) -> None:
    patch = diff(old, new)
    assert jsonpatch.apply_patch(copy.deepcopy(old), patch) == new
    assert json.loads(json.dumps(patch)) == patch  # plain JSON


def test_a_window_that_slides_costs_only_its_ends() -> None:
    old = {"news": [{"n": i, "text": "x" * 50} for i in range(150)]}
    new = {"news": old["news"][3:] + [{"n": i, "text": "y" * 50} for i in range(150, 153)]}
    patch = diff(old, new)
    assert len(patch) == 6 and jsonpatch.apply_patch(copy.deepcopy(old), patch) == new
    newest_first = {"done": list(reversed(new["news"]))[:20]}
    patch = diff({"done": list(reversed(old["news"]))[:20]}, newest_first)
    assert len(patch) == 6


def test_a_feed_sends_the_whole_answer_then_patches_and_nothing_when_unchanged() -> None:
    feed = Feed()
    big = {"units": ["A PAR"] * 50}
    first = feed.message({"game": {"now": 1.0, "status": "running"}, "view": {"a": 1, **big}})
    assert first is not None and first.startswith("event: state\n") and '"now":1.0' in first
    assert feed.message({"game": {"now": 2.0, "status": "running"}, "view": {"a": 1, **big}}) is None  # time passed
    patch = feed.message({"game": {"now": 3.0, "status": "running"}, "view": {"a": 2, **big}})
    assert patch == 'event: patch\ndata: [{"op":"replace","path":"/view/a","value":2}]\n\n'
    # A change larger as a patch than as a whole (every unit of the answer) is sent whole. (A patch under half the
    # size of the last whole answer is sent without weighing it: serialising a big answer for every change costs.)
    whole = feed.message({"game": {"now": 4.0, "status": "over"}, "view": {"b": 3, "units": ["F BRE"] * 50}})
    assert whole is not None and whole.startswith("event: state\n")


def test_a_standard_answer_stays_the_same_size_over_thirty_phases(api: Api) -> None:
    made = started_game(api, seats=("FRANCE",))
    gid, gm = made["id"], made["gm_token"]
    sizes = {}
    for phase in range(31):
        shown = api.ok("GET", f"/api/games/{gid}")
        sizes[phase] = len(json.dumps(shown, separators=(",", ":")))
        if phase in (1, 30):
            assert shown["view"]["history"]["length"] >= phase  # the phases happened
        api.ok("POST", f"/api/games/{gid}/gm/resolve", gm)
    print(f"standard observer answer: phase 1 {sizes[1]} bytes, phase 30 {sizes[30]} bytes")
    assert sizes[30] < 1.25 * sizes[1], sizes
    past = api.ok("GET", f"/api/games/{gid}/phases/10")
    assert past["history"] and past["view"]["phase"] == past["history"][0]["phase"]


FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def two_turns(store: Store, gid: str, prepared: dict[str, Any]) -> None:
    """Two turns of the megagame, a prepared position (``tests/fixtures/rr3_two_turns.json``, written by
    ``tools/prepare_positions.py`` from the scripted table of tests/rr3's whole game), fed to the store one phase per
    transaction: each phase's row and deadline open as they would with one action at a time. Every action must be
    accepted and the position reached must be the file's; if not, the rules changed: run the script again."""
    for batch in prepared["batches"]:

        def work(tx: Tx, batch: list[dict[str, Any]] = batch) -> None:
            for entry in batch:
                tx.apply(entry["role"], entry["action"])

        try:
            store.transact(gid, work)
        except IllegalAction as why:
            message = f"the prepared position no longer replays ({why}): run tools/prepare_positions.py"
            raise AssertionError(message) from why
    snap = store.snapshot(gid)
    state = snap.game.state
    reached = {
        "turn": state["turn"],
        "phase": state["phase"],
        "step": state.get("step"),
        "actions": snap.row.seq,
        "settled": sum(1 for item in state["items"].values() if item["status"] == desk.SETTLED),
    }
    assert reached == prepared["position"], "the prepared position changed: run tools/prepare_positions.py"
    assert len(snap.phases) == 1 + len(prepared["batches"])  # the phase the game started in, and one per batch


def shown(answer: dict[str, Any]) -> dict[str, Any]:
    """What an answer shows, its clock left out (the clock alone sends nothing on a stream)."""
    return {"game": {k: v for k, v in answer["game"].items() if k != "now"}, "view": answer["view"]}


def caught_up(
    http: httpx.Client, gid: str, watchers: dict[str, str | None], streams: dict[str, Events], limit: float = 60.0
) -> None:
    """Wait until every stream's document shows what a fresh answer shows its watcher now. (Waiting for the streams
    to fall quiet instead let a push that came late on a loaded machine count as the next change's.)"""
    fresh = {}
    for who, token in watchers.items():
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        fresh[who] = shown(http.get(f"/api/games/{gid}", headers=headers).json())
    end = time.time() + limit
    while True:
        behind = [who for who, s in streams.items() if not s.docs or shown(s.docs[-1]) != fresh[who]]
        if not behind:
            return
        assert time.time() < end, f"these streams never showed the change: {behind}"
        time.sleep(0.05)


def test_one_settled_item_pushes_under_10_kb_to_every_seat(app_db: str) -> None:
    with (
        LiveServer(app_db, scheduler=False, heartbeat=60.0) as live,
        httpx.Client(base_url=live.url, timeout=30) as http,
    ):
        prepared = json.loads((FIXTURES / "rr3_two_turns.json").read_text(encoding="utf-8"))
        body = {"ruleset": prepared["ruleset"], "seed": prepared["seed"], "options": {"seats": "teams"}}
        made = http.post("/api/games", json=body).json()
        gid, tokens, gm = made["id"], made["seat_tokens"], made["gm_token"]
        http.post(f"/api/games/{gid}/gm/start", json={}, headers={"Authorization": f"Bearer {gm}"})
        store: Store = live.app.state.store
        two_turns(store, gid, prepared)

        watchers = {**tokens, "gm": gm, "observer": None}
        streams = {who: Events() for who in watchers}
        stop = threading.Event()
        threads = [
            threading.Thread(
                target=follow,
                args=(f"{live.url}/api/games/{gid}/events", token, streams[who], stop, 60),
                daemon=True,
            )
            for who, token in watchers.items()
        ]
        for thread in threads:
            thread.start()
        end = time.time() + 60
        while not all(s.docs for s in streams.values()) and time.time() < end:
            time.sleep(0.05)
        assert all(s.docs for s in streams.values()), "every stream opened with a whole answer"
        # France plays a card; the item is on a desk.
        france = {"Authorization": f"Bearer {tokens['france']}"}
        view = http.get(f"/api/games/{gid}", headers=france).json()["view"]
        form = next(a for a in view["actions"] if a["type"] == "play_card")
        for card in next(f for f in form["fields"] if f["name"] == "card")["choices"]:  # the first playable alone
            played = http.post(
                f"/api/games/{gid}/actions", json={"action": {"type": "play_card", "card": card}}, headers=france
            )
            if played.status_code == 200:
                break
        item = played.json()["view"]["team"]["items"]["pending"][-1]
        caught_up(http, gid, watchers, streams)  # every stream has had what the card changed
        opened = {who: (s.bytes, len(s.messages)) for who, s in streams.items()}
        # Its desk settles it: what does each seat receive?
        desk_token = {"Authorization": f"Bearer {tokens[item['desk']]}"}
        settle = {"action": {"type": "settle", "item": item["id"], "who": "umpire"}}
        assert http.post(f"/api/games/{gid}/actions", json=settle, headers=desk_token).status_code == 200
        caught_up(http, gid, watchers, streams)
        heard = {w for w, s in streams.items() if len(s.messages) > opened[w][1]}
        assert heard >= set(watchers) - {"observer"}, "some seat's stream never heard of the settlement"
        pushed = {who: s.bytes - opened[who][0] for who, s in streams.items()}
        received = {who: list(s.messages) for who, s in streams.items()}
        full = {who: len(s.messages[0][1]) for who, s in streams.items()}
        for who in watchers:
            print(f"rr3 {who:18s} whole answer {full[who]:8d} bytes, pushed for one settled item {pushed[who]:6d}")
            assert pushed[who] < 10_000, (who, pushed[who])
            kinds = [event for event, _ in received[who][opened[who][1] :]]
            assert "state" not in kinds, who
        # What was pushed is what a fresh answer shows (caught_up waited for it; checked once more here).
        gm_now = http.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {gm}"}).json()
        assert shown(streams["gm"].docs[-1]) == shown(gm_now)
        stop.set()
        http.post(f"/api/games/{gid}/gm/pause", json={}, headers={"Authorization": f"Bearer {gm}"})
        for thread in threads:
            thread.join(timeout=10)
