#!/usr/bin/env python3
"""Prepared positions for tests that need a game well under way: the game is played once here, and its action log
is saved under ``tests/fixtures/``, so that a test feeds the log to what it tests instead of playing to the
position itself (a megagame's two turns cost minutes when each action is its own transaction).

``rr3_two_turns.json``: two turns of the megagame (seed 7, scenario 1524) played by the scripted table of
``tests/rr3/test_rr3_whole_game.py``: each team fills in one request form of its view at random, writes random
intention cards in the movement steps, the umpires settle their desks, Map Control moves the steps on and the GM
resolves each phase. Format::

    {"format": "umpire-position/1", "about": ..., "ruleset", "scenario", "options", "seed",
     "batches": [[{"role", "action"}, ...], ...],   # the log, cut where the server's phase key changes
     "position": {"turn", "phase", "step", "actions", "settled"}}

The log is cut into batches at each change of the server's phase key (``umpire.server.store.phase_key``), so a test
that sends one batch per transaction opens each phase's row and deadline as play one action at a time would.
A test replaying the file checks that every action is accepted and that it reaches ``position``; when a rules change
makes it fail, run this script again and commit the file.

Usage::

    python tools/prepare_positions.py            # writes tests/fixtures/rr3_two_turns.json
    python tools/prepare_positions.py --check    # exits 1 if the file differs from what the script produces
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "src")]

from tests.rr3.test_rr3_whole_game import TEAMS, clear_desks, fill, intentions  # noqa: E402

from umpire.games.rr3 import desk  # noqa: E402
from umpire.kernel.errors import IllegalAction  # noqa: E402
from umpire.kernel.game import Game, new_game  # noqa: E402
from umpire.kernel.ruleset import GM  # noqa: E402
from umpire.server.store import phase_key  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures"
RR3_TWO_TURNS = FIXTURES / "rr3_two_turns.json"
FORMAT = "umpire-position/1"


def rr3_two_turns(seed: int = 7) -> Game:
    """Two turns of the megagame played by the scripted table; only the actions the rules accept are logged."""
    rnd = random.Random(seed)
    game = new_game("rr3", "1524", {}, seed=seed)

    def act(role: str, action: dict[str, Any]) -> None:
        with contextlib.suppress(IllegalAction):  # a refused request is not logged
            game.act(role, action)

    while game.state["turn"] < 3:
        for team in TEAMS:
            forms = desk.request_forms(game.state, team, team)
            for form in rnd.sample(forms, k=min(1, len(forms))):
                act(team, fill(rnd, form))
            if game.state.get("step") in ("move1", "move2") and team in game.state.get("box", {}):
                lines = intentions(rnd, game, team)
                if lines:
                    act(team, {"type": "intend", "intentions": lines})
        clear_desks(rnd, game, [])
        if game.state.get("step") not in (None, "done"):
            act("map_control", {"type": "next_step", "who": "umpire"})
        else:
            act(GM, {"type": "resolve"})
    return game


def position(game: Game) -> dict[str, Any]:
    """What a replay of the file must reach: the turn, phase and step, the number of actions and of settled items."""
    state = game.state
    settled = sum(1 for item in state["items"].values() if item["status"] == desk.SETTLED)
    return {
        "turn": state["turn"],
        "phase": state["phase"],
        "step": state.get("step"),
        "actions": len(game.record["actions"]),
        "settled": settled,
    }


def batches(game: Game) -> list[list[dict[str, Any]]]:
    """The game's log cut after each action that changes the server's phase key."""
    replica = new_game(game.record["ruleset"], game.record["scenario"], game.record["options"], game.record["seed"])
    key = phase_key(replica)
    cut: list[list[dict[str, Any]]] = [[]]
    for entry in game.record["actions"]:
        replica.act(entry["role"], entry["action"])
        cut[-1].append({"role": entry["role"], "action": entry["action"]})
        now = phase_key(replica)
        if now != key:
            key = now
            cut.append([])
    return [batch for batch in cut if batch]


def rr3_two_turns_file() -> str:
    game = rr3_two_turns()
    record = game.record
    data = {
        "format": FORMAT,
        "about": "two turns of the megagame by the scripted table; written by tools/prepare_positions.py",
        "ruleset": record["ruleset"],
        "scenario": record["scenario"],
        "options": record["options"],
        "seed": record["seed"],
        "batches": batches(game),
        "position": position(game),
    }
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed file instead of writing")
    args = parser.parse_args(argv)
    text = rr3_two_turns_file()
    if args.check:
        same = RR3_TWO_TURNS.exists() and RR3_TWO_TURNS.read_text(encoding="utf-8") == text
        print(f"{RR3_TWO_TURNS.relative_to(ROOT)}: {'up to date' if same else 'differs: run the script again'}")
        return 0 if same else 1
    FIXTURES.mkdir(parents=True, exist_ok=True)
    RR3_TWO_TURNS.write_text(text, encoding="utf-8")
    print(f"wrote {RR3_TWO_TURNS.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
