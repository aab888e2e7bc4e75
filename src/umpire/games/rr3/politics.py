"""The Diet of the Holy Roman Empire, the Imperial Penny and imperial elections (handbook, *The Diet of the Holy
Roman Empire* and *Election of an emperor and the King of the Romans*). Decisions are in
``docs/rulings/rr3.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from umpire.kernel import rng

State = dict[str, Any]

ELECTORS = ("mainz", "cologne", "trier", "bohemia", "palatinate", "saxony", "brandenburg")
"""The seven electors of the Golden Bull; Cologne and Trier are non-played prince bishops whose votes go to
whoever Political Control rules has bribed them (handbook)."""
NON_PLAYED_ELECTORS = frozenset({"cologne", "trier"})


@dataclass(frozen=True)
class DietVote:
    present: tuple[str, ...]
    ayes: tuple[str, ...]
    granted: bool


def diet_vote(present: Iterable[str], ayes: Iterable[str]) -> DietVote:
    """Handbook: the Imperial Penny "has to be agreed by a majority of those present" -- more than half of the
    members present (RR3-D11: a tie fails; the Emperor, chairing, is not a member voting)."""
    here = tuple(sorted(set(present)))
    yes = tuple(sorted(set(ayes)))
    if not here:
        raise ValueError("no one is present at the Diet")
    strangers = set(yes) - set(here)
    if strangers:
        raise ValueError(f"{sorted(strangers)} voted but are not present")
    return DietVote(here, yes, 2 * len(yes) > len(here))


def penny_error(emperor_at_war: bool, city_is_imperial_free: bool) -> str | None:
    """Why the Emperor may not ask the Diet for the Imperial Penny: he must be at war and the Diet, summoned by
    him, must sit in an Imperial Free City (handbook)."""
    if not emperor_at_war:
        return "the Emperor may only ask for the Imperial Penny when at war"
    if not city_is_imperial_free:
        return "the Diet must be held in an Imperial Free City"
    return None


def imperial_penny(die: int) -> int:
    """Handbook: if granted the Imperial Penny produces d6+6 florins, collected in phase 1 of the next turn."""
    if not 1 <= die <= 6:
        raise ValueError(f"a d6 cannot show {die}")
    return die + 6


def request_imperial_penny(
    state: State, present: Iterable[str], ayes: Iterable[str], *, emperor_at_war: bool, city_is_imperial_free: bool
) -> tuple[DietVote, int]:
    """The Diet votes; if it grants the Penny, roll its d6. Returns the vote and the florins (0 if refused)."""
    error = penny_error(emperor_at_war, city_is_imperial_free)
    if error:
        raise ValueError(error)
    vote = diet_vote(present, ayes)
    if not vote.granted:
        return vote, 0
    return vote, imperial_penny(rng.roll(state, "Emperor: Imperial Penny (d6+6)"))


@dataclass(frozen=True)
class Election:
    tally: dict[str, int]
    elected: str | None
    """``None``: no candidate has a majority of the electors; another ballot is needed."""


def election(votes: Mapping[str, str], candidates_sex: Mapping[str, str]) -> Election:
    """Handbook: each elector has one vote; any male may stand. RR3-D12: a candidate is elected with an absolute
    majority of the seven electors (four votes); otherwise no one is elected and Political Control calls another
    ballot. The same procedure elects the King of the Romans. ``votes`` maps elector to candidate (an elector
    may abstain by being absent); ``candidates_sex`` gives each candidate's sex ("M"/"F")."""
    tally: dict[str, int] = {}
    for elector, candidate in votes.items():
        if elector not in ELECTORS:
            raise ValueError(f"{elector!r} is not an elector (one of {ELECTORS})")
        if candidates_sex.get(candidate) != "M":
            raise ValueError(f"{candidate!r} cannot stand: only a male may be elected")
        tally[candidate] = tally.get(candidate, 0) + 1
    winners = [c for c, n in tally.items() if 2 * n > len(ELECTORS)]
    return Election(dict(sorted(tally.items())), winners[0] if winners else None)
