"""Assigning the five powers to players by blind auction.

Seed 003, "ASSIGNING POWERS": "Players will use a Blind Auction Bidding to have powers assigned by the GM"
(the Blind Auction Bidding of Dirk Knemeyer, as used on the playDiplomacy forum), with two modifications:
"(1) Each power should receive minimally 5 points from the 100 points allocated to each players. (2) In cases
of ties, GM will check which player registered into the game first, and this player will be given priority."

The procedure (ruling E1615-C32): every player secretly spreads exactly 100 whole points over the five powers,
at least 5 on each.  The GM then repeatedly takes the highest bid still standing among the players and powers
not yet assigned and gives that power to that player; both then leave the auction.  Equal bids by different
players are settled by registration order (earliest first); equal bids by one player on two powers by the order
in which the player listed them (first listed first).  This is the auction's "highest bid first, assign,
repeat"; it gives every player a power when there are as many players as powers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from umpire.games.europe1615.influence import POWERS
from umpire.kernel import rng

__all__ = ["MIN_BID", "POINTS", "Award", "Bid", "assign_powers", "bid_errors", "no_preference_bids"]

#: "the 100 points allocated to each players".
POINTS = 100
#: "Each power should receive minimally 5 points".
MIN_BID = 5

Bid = tuple[str, int]


@dataclass(frozen=True, slots=True)
class Award:
    """One step of the auction: ``player`` gets ``power`` with a bid of ``points``; ``tie`` says how a tie was
    settled ('' when there was none)."""

    player: str
    power: str
    points: int
    tie: str = ""


def _pairs(bids: Mapping[str, int] | Iterable[Bid]) -> list[Bid]:
    return list(bids.items()) if isinstance(bids, Mapping) else list(bids)


def bid_errors(
    bids: Mapping[str, int] | Iterable[Bid],
    powers: Sequence[str] = POWERS,
    *,
    points: int = POINTS,
    minimum: int = MIN_BID,
) -> list[str]:
    """Why one player's bids are not valid (empty: they are).  Bids are ``{power: points}`` (or pairs) in the
    player's own order.  Every power gets one whole-number bid of at least ``minimum`` (5), and the bids add up to
    exactly ``points`` (100) (seed, "ASSIGNING POWERS"; ruling E1615-C32)."""
    pairs = _pairs(bids)
    errors: list[str] = []
    seen: set[str] = set()
    for power, amount in pairs:
        if power not in powers:
            errors.append(f"unknown power {power!r}; expected one of {', '.join(powers)}")
            continue
        if power in seen:
            errors.append(f"two bids on {power}")
        seen.add(power)
        if not isinstance(amount, int) or isinstance(amount, bool):
            errors.append(f"the bid on {power} must be a whole number, not {amount!r}")
        elif amount < minimum:
            errors.append(f"the bid on {power} is {amount}; each power must receive at least {minimum} points")
    missing = [p for p in powers if p not in seen]
    if missing:
        errors.append(f"no bid on {', '.join(missing)}; every power needs a bid of at least {minimum}")
    total = sum(a for _, a in pairs if isinstance(a, int))
    if total != points:
        errors.append(f"the bids add up to {total}; they must add up to exactly {points}")
    return errors


def no_preference_bids(state: dict[str, Any], player: str, powers: Sequence[str] = POWERS) -> list[Bid]:
    """Bids for a player who states no preference: 100 // 5 = 20 on each power, listed in a random order drawn
    from the game's generator (so the listing order, which settles the player's own ties, is random)."""
    share = POINTS // len(powers)
    order = rng.shuffle(state, f"auction: order of {player}'s no-preference bids", list(powers))
    bids = [(p, share) for p in order]
    bids[0] = (bids[0][0], share + POINTS - share * len(powers))
    return bids


def assign_powers(
    bids: Mapping[str, Mapping[str, int] | Iterable[Bid]],
    registration: Sequence[str],
    powers: Sequence[str] = POWERS,
    *,
    extra_players: bool = False,
) -> list[Award]:
    """Assign powers by the blind auction; returns the awards in the order made.

    ``bids``: each player's bids (validate them with :func:`bid_errors` first); ``registration``: the players in
    the order they registered.  With fewer players than powers the powers left over are not assigned; more
    players than powers is an error unless ``extra_players`` (a server lobby): then the auction ends when the
    powers run out and the players left get none.
    """
    players = list(registration)
    if set(players) != set(bids):
        raise ValueError("the registration order must list exactly the players who bid")
    if len(players) > len(powers) and not extra_players:
        raise ValueError(f"{len(players)} players for {len(powers)} powers")
    table = {player: _pairs(bids[player]) for player in players}
    awards: list[Award] = []
    left_players, left_powers = list(players), list(powers)
    while left_players and left_powers:
        best: tuple[int, int, int, str, str] | None = None
        for reg, player in enumerate(players):
            if player not in left_players:
                continue
            for listed, (power, amount) in enumerate(table[player]):
                if power not in left_powers:
                    continue
                key = (-amount, reg, listed, player, power)
                if best is None or key < best:
                    best = key
        if best is None:
            raise ValueError(f"{', '.join(left_players)} bid on none of {', '.join(left_powers)}")
        amount, _, _, player, power = -best[0], *best[1:]
        rivals = [p for p in left_players if p != player and any(pw == power and a == amount for pw, a in table[p])]
        own_ties = [pw for pw, a in table[player] if pw != power and pw in left_powers and a == amount]
        tie = ""
        if rivals:
            tie = f"tied with {', '.join(rivals)} at {amount}; {player} registered first"
        elif own_ties:
            tie = f"{player} bid {amount} on {', '.join([power, *own_ties])} too; {power} was listed first"
        awards.append(Award(player, power, amount, tie))
        left_players.remove(player)
        left_powers.remove(power)
    return awards
