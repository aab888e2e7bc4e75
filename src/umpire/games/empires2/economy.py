"""Gold, taxation and plunder (rewrite 16.0), unrest and rebellion (rewrite 17.0).

The rebellion value's terms and the rebellion table follow the public chart summary (spotlightongames); what an
area may yield, and what plunder brings, are authored (``tables.json``, table "taxation"). Pure functions over plain
values, with thin wrappers that roll through :mod:`umpire.kernel.rng` with a purpose.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from umpire.games.empires2.tables import LANGUAGE_RELATIONS, RELIGION_RELATIONS, Tables, load_tables
from umpire.kernel import rng

State = dict[str, Any]

#: Rewrite 19.0: each played Enlargement of King's Personal Demesne brings this much gold at each taxation.
DEMESNE_GOLD = 1

#: Rebellion check outcomes (EMP-R08).
CALM = "calm"
UNREST = "unrest"
REBELLION = "rebellion"


@dataclass(frozen=True, slots=True)
class TaxedArea:
    """What the rebellion value of an area reads (chart): its fortification level, its language and religion
    against the Court Area's, diplomatic ties on it, its unrest, and whether it touches an independent area of
    its own language and religion."""

    fortification: int = 0
    language: str = "same"
    religion: str = "same"
    own_tie: bool = False
    other_ties: int = 0
    unrest: bool = False
    independent_kin_neighbour: bool = False

    def __post_init__(self) -> None:
        if self.language not in LANGUAGE_RELATIONS:
            raise ValueError(f"language is one of {', '.join(LANGUAGE_RELATIONS)}, not {self.language!r}")
        if self.religion not in RELIGION_RELATIONS:
            raise ValueError(f"religion is one of {', '.join(RELIGION_RELATIONS)}, not {self.religion!r}")
        if self.fortification < 0 or self.other_ties < 0:
            raise ValueError(f"fortification and ties must not be negative: {self.fortification}, {self.other_ties}")


def rebellion_value(gold: int, area: TaxedArea, tables: Tables | None = None) -> int:
    """Rewrite 16.1 (chart): +1 a gold taken, -1 a fortification level, +1/+2 related/unrelated language, +1/+2
    different church/religion, -2 for one's own tie, +2 for one or more other empires' ties (errata 17.22,
    EMP-U01), +5 in unrest, +1 beside an independent area of the same language and religion."""
    if gold < 0:
        raise ValueError(f"gold taken must not be negative, not {gold}")
    r = (tables or load_tables()).rebellion_value
    return (
        r.per_gold * gold
        + r.per_fortification_level * area.fortification
        + r.language[area.language]
        + r.religion[area.religion]
        + (r.own_tie if area.own_tie else 0)
        + (r.unfriendly_ties if area.other_ties else 0)
        + (r.unrest if area.unrest else 0)
        + (r.independent_kin_neighbour if area.independent_kin_neighbour else 0)
    )


def rebels_on(value: int, total: int, tables: Tables | None = None) -> bool:
    """Chart: whether a two-dice total hits at this rebellion value; none at 0 or less, the top row above it."""
    if not 2 <= total <= 12:
        raise ValueError(f"a two-dice total is 2..12, not {total}")
    if value <= 0:
        return False
    rows = (tables or load_tables()).rebellion_rolls
    return total in rows[min(value, max(rows))]


def rebellion_chance(value: int, tables: Tables | None = None) -> float:
    """The chance a rebellion check hits at this value (for bots and the Independent procedure's reasoning)."""
    ways = {total: 6 - abs(total - 7) for total in range(2, 13)}
    return sum(n for total, n in ways.items() if rebels_on(value, total, tables)) / 36


def check_outcome(hit: bool, in_unrest: bool) -> str:
    """EMP-R08: a hit puts a calm area into unrest and makes an area already in unrest rebel (17.0)."""
    if not hit:
        return CALM
    return REBELLION if in_unrest else UNREST


def rebellion_check(state: State, area_id: str, value: int, in_unrest: bool, tables: Tables | None = None) -> str:
    """Roll a rebellion check for an area (rewrite 17.0): calm, unrest or rebellion."""
    faces = rng.roll_many(state, f"rebellion check in {area_id} (value {value})", 2)
    return check_outcome(rebels_on(value, sum(faces), tables), in_unrest)


def max_tax(social_state: int, tables: Tables | None = None) -> int:
    """EMP-R09 (authored): an area yields at most its social state in gold, none below 1."""
    return max(0, social_state) * (tables or load_tables()).gold_per_social_state


def most_gold_within(social_state: int, area: TaxedArea, limit: int, tables: Tables | None = None) -> int:
    """The most gold an area yields while its rebellion value stays at or below ``limit`` (the seed's 33.24 B taxes
    at a limit of one); 0 when even no gold exceeds it."""
    within = [g for g in range(max_tax(social_state, tables) + 1) if rebellion_value(g, area, tables) <= limit]
    return max(within, default=0)


def tax_gold(taken: dict[str, int], demesne_cards: int = 0) -> int:
    """Rewrite 16.1 and 19.0: the gold of a taxation, one per played Personal Demesne card over the areas' gold."""
    if any(gold < 0 for gold in taken.values()) or demesne_cards < 0:
        raise ValueError(f"gold and cards must not be negative: {taken}, {demesne_cards}")
    return sum(taken.values()) + DEMESNE_GOLD * demesne_cards


@dataclass(frozen=True, slots=True)
class Plunder:
    """Rewrite 16.2 and 17.0: the gold plunder brings and what it does to the area: a calm area falls into unrest,
    an area in unrest takes a rebellion check."""

    gold: int
    enters_unrest: bool
    needs_rebellion_check: bool


def plunder(social_state: int, population: int, in_unrest: bool, tables: Tables | None = None) -> Plunder:
    """EMP-R10 (authored gold): the area's tax plus its population; the unrest rule is the rewrite's (17.0)."""
    t = tables or load_tables()
    gold = max_tax(social_state, t) + (max(0, population) if t.plunder_adds_population else 0)
    return Plunder(gold, not in_unrest, in_unrest)


@dataclass(frozen=True, slots=True)
class Taxation:
    """One area's taxation: the gold taken, the rebellion value, the check's outcome."""

    area: str
    gold: int
    value: int
    outcome: str


def tax_area(
    state: State, area_id: str, social_state: int, gold: int, area: TaxedArea, tables: Tables | None = None
) -> Taxation:
    """Rewrite 16.1: take gold from an area (at most its yield) and roll its rebellion check."""
    most = max_tax(social_state, tables)
    if not 0 <= gold <= most:
        raise ValueError(f"{area_id} yields 0..{most} gold at social state {social_state}, not {gold}")
    value = rebellion_value(gold, area, tables)
    return Taxation(area_id, gold, value, rebellion_check(state, area_id, value, area.unrest, tables))
