"""Replaying a game's action log in another process reproduces its state exactly (the guide's determinism rule).

Python randomises the order of sets of strings per process (``PYTHONHASHSEED``). A rule that iterates a set where
the order matters (a search that keeps the first path it meets, a choice among equals) gives the same answer in one
process and another answer after a restart, so a server's replay of a stored log would diverge. Each ruleset plays a
random game in one process and replays its log in a second with another hash seed; the states must be equal.
(Found by this test: the Here I Stand winter's "nearest fortified space" search, ruling HIS-W06.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = r"""
import json, sys
from umpire.bots.registry import bot_for
from umpire.kernel.bots import play_bot
from umpire.kernel.canonical import canonical_json, state_digest
from umpire.kernel.game import new_game

mode, ruleset, seed, path, limit = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
game = new_game(ruleset, seed=seed)
if mode == "play":
    rules = game.ruleset
    bots = {s: bot_for(ruleset, "random") for s in rules.seats(game.state)}
    log = []
    while not rules.is_over(game.state) and len(log) < limit:
        acted = False
        for side, bot in bots.items():
            action = play_bot(bot, rules.view(game.state, side), seed, side, len(log))
            if action is None:
                continue
            game.act(side, action)
            log.append([side, action])
            acted = True
        if not acted:
            break
    json.dump({"log": log, "digest": state_digest(game.state)}, open(path, "w"))
else:
    recorded = json.load(open(path))
    for side, action in recorded["log"]:
        game.act(side, action)
    print(json.dumps({"same": state_digest(game.state) == recorded["digest"], "actions": len(recorded["log"])}))
"""


def _run(mode: str, ruleset: str, seed: int, path: Path, hash_seed: str, limit: int) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, mode, ruleset, str(seed), str(path), str(limit)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return done.stdout


@pytest.mark.parametrize(
    ("ruleset", "seed", "limit"),
    [("his2p", 1, 3000), ("his2p", 4, 3000), ("empires2", 2, 3000), ("europe1615", 3, 400), ("standard", 5, 400)],
)
def test_a_log_replays_to_the_same_state_under_another_hash_seed(
    ruleset: str, seed: int, limit: int, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    _run("play", ruleset, seed, path, "1", limit)
    answer = json.loads(_run("replay", ruleset, seed, path, "2", limit))
    assert answer["actions"] > 0
    assert answer["same"], f"{ruleset} seed {seed}: the replay in another process diverged"
