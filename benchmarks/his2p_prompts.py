"""How often is a person holding a Here I Stand seat asked to answer a window, with and without "pass automatically
unless I hold a card that can be played here"? (issue 31 point 6, ruling HIS-R09)

For each seed, the same game is played twice by the ``normal`` bot on both sides, the person's seat answering
every combat-card or response window in which its hand can play nothing by passing by hand (first run) or having
the setting on (second run); elsewhere the bot decides for it with the same random stream, so both runs are the
same game. Printed per seed, side by side: the windows the person was asked by hand, the windows asked with the
setting, how many of the first offered a card, and whether the public log and the other seat's views agree. A
window stays open after a card is played in it (for another card), so each time it asks counts once.

    python benchmarks/his2p_prompts.py [--seeds 6] [--seed 1] [--seat protestant]
"""

from __future__ import annotations

import argparse
import random
import statistics
from typing import Any

from umpire.bots.his2p import make_bot
from umpire.games.his2p import core, engine
from umpire.games.his2p.events import responses
from umpire.games.his2p.war import windows
from umpire.kernel.game import Game, new_game

WINDOWS = (responses.WINDOW, windows.WINDOW)
SEATS = (core.PAPACY, core.PROTESTANT)


def play(seed: int, seat: str, setting: bool) -> tuple[Game, int, int, list[dict[str, Any]]]:
    """One game: the game, the windows ``seat`` was asked, those offering a card, and the other seat's views."""
    game = new_game("his2p", seed=seed)
    bots = {role: make_bot("normal") for role in SEATS}
    rngs = {role: random.Random(f"{seed}-{role}") for role in SEATS}
    asked = offered = 0
    other: list[dict[str, Any]] = []
    placed = not setting
    while not game.state.get("over") and not game.state.get("blocked") and engine.acting_roles(game.state):
        role = engine.acting_roles(game.state)[0]
        if role == seat and not placed:  # the setting, sent in the seat's first decision
            game.act(seat, {"type": "autopass", "kind": windows.UNLESS_PLAYABLE, "on": True})
            placed = True
        view = game.view(role)
        if role == seat and (view["decision"] or {}).get("kind") in WINDOWS:
            asked += 1
            if not any(a["type"] == "play" for a in view["actions"]):
                game.act(role, {"type": "pass"})
                continue
            offered += 1
        if role != seat:
            other.append(view)
        action = bots[role].act(view, rngs[role])
        if action is None:
            break
        game.act(role, action)
    return game, asked, offered, other


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seat", choices=SEATS, default=core.PROTESTANT)
    args = parser.parse_args()
    print(f"seat: {args.seat}; normal bot on both sides; seeds {args.seed}..{args.seed + args.seeds - 1}")
    print("seed  turns  asked by hand  offering a card  asked with the setting  log same  other's views same")
    by_hand, auto = [], []
    for seed in range(args.seed, args.seed + args.seeds):
        manual, asked, offered, seen = play(seed, args.seat, setting=False)
        setting, asked_auto, _, seen_auto = play(seed, args.seat, setting=True)
        same_log = manual.state["log"] == setting.state["log"]
        print(
            f"{seed:>4}  {manual.state['turn']:>5}  {asked:>13}  {offered:>15}  {asked_auto:>22}  {same_log!s:>8}"
            f"  {seen == seen_auto!s:>17}"
        )
        by_hand.append(asked)
        auto.append(asked_auto)
    ratio = statistics.mean(by_hand) / max(statistics.mean(auto), 1e-9)
    print(
        f"mean asked: {statistics.mean(by_hand):.1f} by hand, {statistics.mean(auto):.1f} with the setting "
        f"({ratio:.1f} times fewer)"
    )


if __name__ == "__main__":
    main()
