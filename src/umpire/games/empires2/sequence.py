"""The sequence of play (rewrite 6.0) as data, with initiative determination and the Year Cards.

A round is five years; five rounds make a game turn. Each round the Year Cards are shuffled and five dealt face
down to each empire; initiative decides who picks a place in the order of play first; each empire then takes its
player-turn (an Event Card, at least one endeavour, each turning over a Year Card, and one taxation before, between
or after them); at the end of the round the Year Cards left unused are turned over for stature checks (seed 33.24
saves them "for possible leader stature checks at the end of the Round"). Plain data and functions: no engine yet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from umpire.games.empires2.endeavours import result
from umpire.games.empires2.leaders import Leader
from umpire.games.empires2.tables import Tables, load_tables
from umpire.kernel import rng

State = dict[str, Any]

YEARS_PER_ROUND = 5
ROUNDS_PER_GAME_TURN = 5


@dataclass(frozen=True, slots=True)
class Phase:
    """One step of the sequence of play."""

    id: str
    section: str
    text: str


ROUND_PHASES: tuple[Phase, ...] = (
    Phase("year_cards", "6.0", "shuffle the Year Cards and deal five face down to each empire"),
    Phase(
        "initiative", "6.0", "initiative determination: in initiative order each empire picks its place in the round"
    ),
    Phase("player_turns", "6.0", "each empire takes its player-turn in the order picked"),
    Phase("end_of_round", "6.0, 8.0", "the Year Cards left unused are turned over: a marked one calls a stature check"),
)

PLAYER_TURN_STEPS: tuple[Phase, ...] = (
    Phase("event_card", "19.0", "draw an Event Card and reveal it; a holding card may be kept"),
    Phase("endeavours", "9.0", "at least one endeavour, each turning over one Year Card"),
    Phase("taxation", "16.1", "once in the player-turn, before, between or after the endeavours"),
)


def phase_after(phase_id: str) -> str | None:
    """The round phase that follows, or None at the end of the round."""
    ids = [phase.id for phase in ROUND_PHASES]
    if phase_id not in ids:
        raise ValueError(f"no round phase {phase_id!r}; expected one of {', '.join(ids)}")
    index = ids.index(phase_id)
    return ids[index + 1] if index + 1 < len(ids) else None


def round_years(first_year: int, round_number: int) -> tuple[int, int]:
    """The years a round covers (round 1 starts at the scenario's first year)."""
    if round_number < 1:
        raise ValueError(f"rounds count from 1, not {round_number}")
    start = first_year + YEARS_PER_ROUND * (round_number - 1)
    return start, start + YEARS_PER_ROUND - 1


def game_turn_of(round_number: int) -> int:
    """The game turn a round belongs to (five rounds each)."""
    if round_number < 1:
        raise ValueError(f"rounds count from 1, not {round_number}")
    return (round_number - 1) // ROUNDS_PER_GAME_TURN + 1


# --- Initiative (rewrite 6.0) --------------------------------------------------------------------------------------


def initiative_rating(leader: Leader, areas: int, tables: Tables | None = None) -> int:
    """EMP-R13 (authored sum): the leader's statures and the areas the empire holds."""
    if areas < 0:
        raise ValueError(f"areas held must not be negative, not {areas}")
    t = tables or load_tables()
    return t.initiative_per_stature_point * leader.total + t.initiative_per_area * areas


def picking_order(ratings: Mapping[str, int], tiebreaks: Mapping[str, Sequence[int]]) -> list[str]:
    """Who picks a place first: the highest rating; equal ratings by their tie-break rolls, highest first (then by
    name, so the order is total). ``tiebreaks`` holds each tied empire's rolls in the order made."""
    return sorted(ratings, key=lambda e: (-ratings[e], [-face for face in tiebreaks.get(e, ())], e))


def roll_initiative(state: State, ratings: Mapping[str, int]) -> list[str]:
    """Roll a die for every empire sharing a rating with another, again while still level, and give the order."""
    tiebreaks: dict[str, list[int]] = {e: [] for e in ratings}
    while True:
        groups: dict[tuple[int, tuple[int, ...]], list[str]] = {}
        for e in ratings:
            groups.setdefault((ratings[e], tuple(tiebreaks[e])), []).append(e)
        tied = sorted(e for members in groups.values() if len(members) > 1 for e in members)
        if not tied:
            return picking_order(ratings, tiebreaks)
        for e in tied:
            tiebreaks[e].append(rng.roll(state, f"initiative tie-break for {e}"))


def place_in_round(order_of_play: Sequence[str | None], empire: str, place: int) -> list[str | None]:
    """An empire takes a free place (1-based) in the round's order of play."""
    if not 1 <= place <= len(order_of_play):
        raise ValueError(f"place is 1..{len(order_of_play)}, not {place}")
    if order_of_play[place - 1] is not None:
        raise ValueError(f"place {place} is taken by {order_of_play[place - 1]}")
    if empire in order_of_play:
        raise ValueError(f"{empire} already has a place")
    out = list(order_of_play)
    out[place - 1] = empire
    return out


def earliest_free(order_of_play: Sequence[str | None]) -> int:
    """The first free place (the seed's 33.12 puts Independent Empires there)."""
    for index, holder in enumerate(order_of_play):
        if holder is None:
            return index + 1
    raise ValueError("every place in the round is taken")


# --- Year Cards ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class YearCard:
    """One Year Card: its fortune (the column its results are read in) and whether it calls a stature check."""

    id: str
    fortune: int
    stature_check: bool


def year_card_deck(tables: Tables | None = None) -> list[YearCard]:
    """The 56 Year Cards, unshuffled (authored faces, table "year_cards")."""
    cards: list[YearCard] = []
    for kind in (tables or load_tables()).year_card_kinds:
        for copy in range(kind.copies):
            cards.append(YearCard(f"y{len(cards) + 1:02d}", kind.fortune, copy < kind.stature_check_copies))
    return cards


def deal_year_cards(state: State, empires: Sequence[str], tables: Tables | None = None) -> dict[str, list[YearCard]]:
    """Phase year_cards: shuffle the deck and deal five face down to each empire, in the order given."""
    t = tables or load_tables()
    deck = year_card_deck(t)
    need = t.year_cards_per_empire * len(empires)
    if need > len(deck):
        raise ValueError(f"{len(empires)} empires need {need} Year Cards; the deck holds {len(deck)}")
    shuffled = rng.shuffle(state, "shuffle the Year Cards", deck)
    per = t.year_cards_per_empire
    return {e: shuffled[i * per : (i + 1) * per] for i, e in enumerate(empires)}


def turn_over(hand: Sequence[YearCard]) -> tuple[YearCard, list[YearCard]]:
    """An endeavour turns over the next face-down Year Card of the empire's hand (dealt shuffled, so unseen)."""
    if not hand:
        raise ValueError("no Year Card left to turn over")
    return hand[0], list(hand[1:])


@dataclass(frozen=True, slots=True)
class Attempt:
    """An endeavour's Year Card read (rewrite 9.0): the rating, the card, the result, and whether the card calls a
    stature check (EMP-R11)."""

    endeavour: str
    er: int
    card: YearCard
    result: str

    @property
    def stature_check(self) -> bool:
        return self.card.stature_check

    def words(self) -> str:
        """The attempt in words, for the game's record."""
        card = (
            f"Year Card {self.card.id} (fortune {self.card.fortune}{', stature check' if self.stature_check else ''})"
        )
        return f"{self.endeavour} at {self.er:+d}: {card}: {self.result}"


def read_year_card(endeavour: str, er: int, card: YearCard, tables: Tables | None = None) -> Attempt:
    """Rewrite 9.0: the result of an endeavour at its rating on the Year Card turned over."""
    return Attempt(endeavour, er, card, result(endeavour, er, card.fortune, tables))
