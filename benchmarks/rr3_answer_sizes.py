"""How large a megagame's answers are, by role: the bytes a read (``GET /api/games/{id}``) sends to each kind of seat of
a Renaissance and Reformation III game on game day, and the bytes a live update sends after one desk action (the
stream's JSON Patch against the whole answer).

Run: ``python benchmarks/rr3_answer_sizes.py``. It plays the same short game-day position every time (the 1524
scenario, seats by player, seed 11: revenue cards played by four teams, the death rolls settled, one card settled),
then prints, for the observer, a player, a team seat, each control desk and Game Control, the size of the whole
answer, of its ``view``, and of the patch the stream would send after Map Control settles one revenue card, and
the size of Map Control's own answer to that action (brief where the server has the ``answer: brief`` of issue 28
point 11). The figures before and after point 11 are in docs/server.md.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

warnings.filterwarnings("ignore", message=".*httpx.*")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from fastapi.testclient import TestClient  # noqa: E402

from umpire.server import jsontext  # noqa: E402
from umpire.server.app import create_app  # noqa: E402
from umpire.server.models import ActionBody  # noqa: E402
from umpire.server.patches import diff  # noqa: E402

ACTION_FIELDS = set(ActionBody.model_fields)
CONTROL = ("map_control", "political_control", "religious_control", "character_control", "nonplayed_control")


def size(data: Any) -> int:
    return len(jsontext.dumps(data).encode())


def main(database: str) -> None:
    with TestClient(create_app(database, scheduler=False)) as client:

        def call(method: str, path: str, token: str | None = None, body: Any = None) -> Any:
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            if method == "GET":
                return client.get(path, headers=headers).json()
            return client.post(path, json=body or {}, headers=headers).json()

        made = call("POST", "/api/games", None, {"ruleset": "rr3", "scenario": "1524", "seed": 11})
        gid, gm, tokens = made["id"], made["gm_token"], made["seat_tokens"]
        base = f"/api/games/{gid}"
        call("POST", f"{base}/gm/start", gm)
        players = [s for s in tokens if s not in CONTROL]
        for seat in players[:12]:
            forms = call("GET", base, tokens[seat])["view"]["actions"]
            form = next((a for a in forms if a["type"] == "play_card"), None)
            if form is None:
                continue
            for card in next(f for f in form["fields"] if f["name"] == "card")["choices"][:1]:
                call("POST", f"{base}/actions", tokens[seat], {"action": {"type": "play_card", "card": card}})
        cc = tokens["character_control"]
        deaths = next(i for i in call("GET", base, cc)["view"]["desk"]["pending"] if i["kind"] == "death_rolls")
        call("POST", f"{base}/actions", cc, {"action": {"type": "settle", "item": deaths["id"], "who": "Cy"}})
        roles = {"observer": None, "player": tokens[players[0]], **{d: tokens[d] for d in CONTROL}, "gm": gm}
        before = {role: call("GET", base, token) for role, token in roles.items()}
        mc = tokens["map_control"]
        card = next(i for i in before["map_control"]["view"]["desk"]["pending"] if i["kind"] == "play_card")
        settle = {"action": {"type": "settle", "item": card["id"], "who": "Mona"}, "answer": "brief"}
        brief = call("POST", f"{base}/actions", mc, settle) if "answer" in ACTION_FIELDS else None
        if brief is None:  # a server before the brief answer: the action answers with the whole answer
            brief = call("POST", f"{base}/actions", mc, {"action": settle["action"]})
        print(f"Map Control's answer to its settle action: {size(brief):,} bytes")
        print(f"{'role':20} {'answer':>10} {'view':>10} {'patch after one settle':>24}")
        for role, token in roles.items():
            after = call("GET", base, token)
            strip = [{**a, "game": {k: v for k, v in a["game"].items() if k != "now"}} for a in (before[role], after)]
            patch = size(diff(strip[0], strip[1]))
            print(f"{role:20} {size(after):>10,} {size(after['view']):>10,} {patch:>24,}")


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        main(str(Path(tmp) / "sizes.sqlite"))
