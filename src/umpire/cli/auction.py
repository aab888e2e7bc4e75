"""``umpire new europe1615 --auction BIDS.json``: the blind auction (seed 003, "ASSIGNING POWERS"; ruling E1615-C32)
run from a file of bids, the same procedure as the server's lobby.

The file lists the players in registration order (the order settles ties)::

    {"players": [{"name": "alice", "bids": {"FRANCE": 40, "SPAIN": 30, "AUSTRIA": 10, "ENGLAND": 10, "DENMARK": 10}},
                 {"name": "bob", "bids": null}]}

``bids`` in the player's own order (it settles the player's own ties); ``null``: no preference (20 on each power in
an order drawn from a generator seeded by the game's seed, kept out of the game's state so that its replay is
unchanged).
"""

from __future__ import annotations

from typing import Any

from umpire.cli.args import UsageError
from umpire.games.europe1615 import auction
from umpire.kernel.rng import init_rng

SHAPE = '{"players": [{"name": "…", "bids": {"FRANCE": 40, …} or null}, …]} in registration order'


def run_auction(data: Any, seed: int, source: str) -> list[auction.Award]:
    """The awards of the blind auction described by ``data`` (the parsed file ``source``); a UsageError naming
    the player and the fault when the file is not a valid set of bids."""
    players = data.get("players") if isinstance(data, dict) else None
    if not isinstance(players, list) or not players:
        raise UsageError(f"{source} must be {SHAPE}")
    draws: dict[str, Any] = {"rng": init_rng(seed), "rolls": []}
    bids: dict[str, list[auction.Bid]] = {}
    for i, entry in enumerate(players, 1):
        name = entry.get("name") if isinstance(entry, dict) else None
        if not isinstance(name, str) or not name.strip():
            raise UsageError(f"{source}: player {i} needs a 'name' (text); expected {SHAPE}")
        if name in bids:
            raise UsageError(f"{source}: player {name!r} is listed twice")
        given = entry.get("bids")
        if given is None:
            bids[name] = auction.no_preference_bids(draws, name)
            continue
        if not isinstance(given, dict):
            raise UsageError(f"{source}: {name}'s 'bids' must map each power to its points, or be null")
        errors = auction.bid_errors(given)
        if errors:
            raise UsageError(f"{source}: {name}'s bids: {'; '.join(errors)}")
        bids[name] = list(given.items())
    try:
        return auction.assign_powers(bids, list(bids))
    except ValueError as exc:
        raise UsageError(f"{source}: {exc}") from None
