"""Endeavours (rewrite 9.0-15.0): the effectiveness rating (ER) of each, its result from the Year Card, and what
each result does to the areas.

The ER terms follow the public chart summary (spotlightongames); the figures the chart leaves out (language and
religion modifiers, terrain, the result rows) come from ``tables.json``. Every function is pure over plain values.
Language and religion relations are named by their modifier's rank: ``LANGUAGE_RELATIONS[m]`` for a modifier ``m``
of 0, 1 or 2 (same, related, unrelated), and likewise for religion.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from umpire.games.empires2.tables import (
    ALL_ENDEAVOURS,
    LANGUAGE_RELATIONS,
    RELIGION_RELATIONS,
    Tables,
    load_tables,
)

#: Rewrite 19.0: each of Technological Weapons and Tactical Systems Advance adds this to conquest and pillage, and
#: takes it off an attack on the owner's defence.
WEAPONS_BONUS = 3
#: Endeavours against another area from one's own (the "-1" result strikes the base area, rewrite 17.0).
FOREIGN: frozenset[str] = frozenset({"conquest", "pillage", "diplomacy"})
#: Endeavours on one's own area (the "-1" result strikes that area).
DOMESTIC: frozenset[str] = frozenset({"fortification", "ruling"})


@dataclass(frozen=True, slots=True)
class Circumstances:
    """What every endeavour's ER shares: the Court Area's language and religion against the target's (rewrite 2.0,
    Court Area), two intervening sea areas, gold spent (+1 each), C results against the area used (10.33), and any
    other modifier a rule adds (``other``, e.g. the seed's 33.43)."""

    language: str = "same"
    religion: str = "same"
    two_seas: bool = False
    gold: int = 0
    partial_c: int = 0
    other: int = 0

    def __post_init__(self) -> None:
        if self.language not in LANGUAGE_RELATIONS:
            raise ValueError(f"language is one of {', '.join(LANGUAGE_RELATIONS)}, not {self.language!r}")
        if self.religion not in RELIGION_RELATIONS:
            raise ValueError(f"religion is one of {', '.join(RELIGION_RELATIONS)}, not {self.religion!r}")
        if self.gold < 0 or self.partial_c < 0:
            raise ValueError(f"gold and C results must not be negative, not {self.gold}, {self.partial_c}")


@dataclass(frozen=True, slots=True)
class Defence:
    """A defensive endeavour against a conquest or pillage (rewrite 13.0): the defender's combat stature, the gold
    it spends, and its Technological Weapons / Tactical Systems cards."""

    combat: int
    gold: int = 0
    weapons_cards: int = 0

    def __post_init__(self) -> None:
        if self.gold < 0 or not 0 <= self.weapons_cards <= 2:
            raise ValueError(
                f"defence gold must not be negative, weapons cards 0..2: {self.gold}, {self.weapons_cards}"
            )

    @property
    def reduction(self) -> int:
        """What the defence takes off the attacker's ER."""
        return self.combat + self.gold + WEAPONS_BONUS * self.weapons_cards


def endeavour_cost(endeavour: str, tables: Tables | None = None) -> int:
    """The gold an endeavour costs before any gold spent on its ER (chart; defence authored from seed 33.25)."""
    t = tables or load_tables()
    if endeavour == "defence":
        return t.defence_cost
    if endeavour not in t.endeavour_costs:
        raise ValueError(f"no endeavour {endeavour!r}; expected one of {', '.join(ALL_ENDEAVOURS)}")
    return t.endeavour_costs[endeavour]


def culture_penalty(language: str, religion: str, tables: Tables | None = None) -> int:
    """The language plus religion modifier the chart subtracts from every ER."""
    t = tables or load_tables()
    return t.language_modifier[language] + t.religion_modifier[religion]


def terrain_penalty(terrain: str | None, tables: Tables | None = None) -> int:
    """What the target's terrain takes off a conquest or pillage (authored, EMP-R18); None: no terrain given."""
    if terrain is None:
        return 0
    t = tables or load_tables()
    if terrain not in t.terrain_modifier:
        raise ValueError(f"no terrain {terrain!r}; expected one of {', '.join(t.terrain_modifier)}")
    return t.terrain_modifier[terrain]


def across_two_seas(er: int) -> int:
    """Chart: halved with two intervening sea areas, or times 1.5 if negative; both rounded down (EMP-R03)."""
    return er // 2 if er >= 0 else (er * 3) // 2


def _finish(base: int, c: Circumstances, tables: Tables | None) -> int:
    """The chart's order: base terms less culture, the sea adjustment, then gold; then 10.33 and other modifiers."""
    er = base - culture_penalty(c.language, c.religion, tables)
    if c.two_seas:
        er = across_two_seas(er)
    return er + c.gold - c.partial_c + c.other


def ruling_er(
    administrative: int, target_social_state: int, c: Circumstances = Circumstances(), tables: Tables | None = None
) -> int:
    """Rewrite 15.0 (chart): administrative stature less the absolute social state of the area ruled."""
    return _finish(administrative - abs(target_social_state), c, tables)


def fortification_er(
    administrative: int,
    social_state: int,
    population: int,
    c: Circumstances = Circumstances(),
    tables: Tables | None = None,
) -> int:
    """Rewrite 14.0 (chart): administrative stature plus the area's social state and population."""
    return _finish(administrative + social_state + population, c, tables)


def conquest_er(
    combat: int,
    base_social_state: int,
    target_social_state: int,
    target_fortification: int,
    c: Circumstances = Circumstances(),
    *,
    terrain: str | None = None,
    weapons_cards: int = 0,
    defence: Defence | None = None,
    tables: Tables | None = None,
) -> int:
    """Rewrite 10.0 (chart): combat stature plus the base's social state, less the target's social state,
    fortification level and terrain; +3 per weapons card (19.0); less the defence (13.0)."""
    base = combat + base_social_state - target_social_state - target_fortification - terrain_penalty(terrain, tables)
    er = _finish(base, c, tables) + WEAPONS_BONUS * weapons_cards
    return er - (defence.reduction if defence else 0)


def pillage_er(
    combat: int,
    base_social_state: int,
    target_population: int,
    target_social_state: int,
    target_fortification: int,
    c: Circumstances = Circumstances(),
    *,
    terrain: str | None = None,
    weapons_cards: int = 0,
    defence: Defence | None = None,
    tables: Tables | None = None,
) -> int:
    """Rewrite 11.0 (chart): as conquest, plus the target's population."""
    base = combat + base_social_state + target_population - target_social_state - target_fortification
    base -= terrain_penalty(terrain, tables)
    er = _finish(base, c, tables) + WEAPONS_BONUS * weapons_cards
    return er - (defence.reduction if defence else 0)


def diplomacy_er(
    diplomatic: int,
    base_social_state: int,
    target_social_state: int,
    target_area: str,
    c: Circumstances = Circumstances(),
    *,
    owner_diplomatic: int | None = None,
    defender_gold: int = 0,
    tables: Tables | None = None,
) -> int:
    """Rewrite 12.0 (chart): diplomatic stature plus the base's social state, less the target's, less the owner's
    diplomatic stature, or 3 for an unowned area (5 for Venice), less the gold the owner spends against it. The
    chart gives no sea adjustment for diplomacy, so ``two_seas`` is refused."""
    if c.two_seas:
        raise ValueError("diplomacy has no sea adjustment (chart); two_seas must be False")
    if defender_gold < 0:
        raise ValueError(f"the owner's gold must not be negative, not {defender_gold}")
    t = tables or load_tables()
    if owner_diplomatic is None:
        resistance = t.unowned_diplomatic_stature_areas.get(target_area, t.unowned_diplomatic_stature)
    else:
        resistance = owner_diplomatic
    return _finish(diplomatic + base_social_state - target_social_state - resistance, c, t) - defender_gold


def result(endeavour: str, er: int, fortune: int, tables: Tables | None = None) -> str:
    """Rewrite 9.0: the result read from the Year Card turned over, for the endeavour at its ER."""
    return (tables or load_tables()).result(endeavour, er, fortune)


def struck_area(endeavour: str) -> str:
    """Which area a "-1" result lowers: the base of a foreign endeavour, the target of a domestic one (17.0)."""
    if endeavour in FOREIGN:
        return "base"
    if endeavour in DOMESTIC:
        return "target"
    raise ValueError(f"no endeavour {endeavour!r} reads a Year Card result")


# --- Conquest and partial C results (rewrite 10.3) ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PartialConquest:
    """One empire's C results against one area, kept by the base area each came through (10.32, 10.36)."""

    attacker: str
    target: str
    markers: tuple[tuple[str, int], ...] = ()

    @property
    def total(self) -> int:
        """10.32: the markers add up."""
        return sum(count for _, count in self.markers)

    def through(self, base: str) -> int:
        return dict(self.markers).get(base, 0)


def c_results_needed(population: int) -> int:
    """10.3: as many C results as the area's population; at least one (EMP-R04)."""
    return max(1, population)


def add_c(progress: PartialConquest, base: str) -> PartialConquest:
    """10.3, 10.32: one more C result, on the marker of the base it came through."""
    counts = dict(progress.markers)
    counts[base] = counts.get(base, 0) + 1
    return replace(progress, markers=tuple(sorted(counts.items())))


def remove_c(progress: PartialConquest, base: str) -> PartialConquest:
    """10.36: the owner's conquest against the enemy base through which a C result came removes one of them."""
    counts = dict(progress.markers)
    if counts.get(base, 0) == 0:
        raise ValueError(f"{progress.attacker} has no C result against {progress.target} through {base}")
    counts[base] -= 1
    return replace(progress, markers=tuple(sorted((b, n) for b, n in counts.items() if n)))


@dataclass(frozen=True, slots=True)
class ConquestOutcome:
    """What a conquest did: the C results now held, whether the area fell (it then takes the attacker's social state
    marker and an unrest marker, 10.3), and the change to the base's social state."""

    progress: PartialConquest
    conquered: bool
    base_social_state_change: int


def apply_conquest(code: str, progress: PartialConquest, base: str, population: int) -> ConquestOutcome:
    """Rewrite 10.3: a C result adds a marker; enough of them take the area; "-1" lowers the base (17.0)."""
    if code == "C":
        progress = add_c(progress, base)
        if progress.total >= c_results_needed(population):
            return ConquestOutcome(replace(progress, markers=()), True, 0)
        return ConquestOutcome(progress, False, 0)
    return ConquestOutcome(progress, False, _social_change(code, "conquest"))


# --- The other results ----------------------------------------------------------------------------------------------


def _social_change(code: str, endeavour: str) -> int:
    if code == "-1":
        return -1
    if code == "0":
        return 0
    raise ValueError(f"{code!r} is not a {endeavour} result here")


@dataclass(frozen=True, slots=True)
class PillageOutcome:
    """11.0: a P result lowers the target's social state and brings gold (EMP-R05); "-1" lowers the base."""

    target_social_state_change: int
    gold: int
    base_social_state_change: int


def apply_pillage(code: str, target_population: int, tables: Tables | None = None) -> PillageOutcome:
    """Rewrite 11.0: the result of a pillage."""
    if code == "P":
        t = tables or load_tables()
        gold = max(1, target_population) if t.pillage_gold_is_population else 1
        return PillageOutcome(-1, gold, 0)
    return PillageOutcome(0, 0, _social_change(code, "pillage"))


@dataclass(frozen=True, slots=True)
class DiplomacyOutcome:
    """12.0: a T result gives one diplomatic tie to the target, a C result one C result of a diplomatic conquest
    (errata 9.4: no tie with it; EMP-R06, EMP-D12). Claims follow from ties and possession (18.0, ``diplomacy.py``)."""

    ties: int
    conquest: bool
    base_social_state_change: int


def apply_diplomacy(code: str) -> DiplomacyOutcome:
    """Rewrite 12.0: a tie or a diplomatic conquest's C result."""
    if code == "T":
        return DiplomacyOutcome(1, False, 0)
    if code == "C":
        return DiplomacyOutcome(0, True, 0)
    return DiplomacyOutcome(0, False, _social_change(code, "diplomacy"))


@dataclass(frozen=True, slots=True)
class AreaAfter:
    """A domestic endeavour's area afterwards."""

    social_state: int
    fortification: int
    unrest: bool


def apply_fortification(
    code: str, social_state: int, fortification: int, unrest: bool, tables: Tables | None = None
) -> AreaAfter:
    """Rewrite 14.0: F raises the fortification level by one, up to the maximum; "-1" lowers the social state."""
    t = tables or load_tables()
    if not 0 <= fortification <= t.max_fortification:
        raise ValueError(f"fortification level is 0..{t.max_fortification}, not {fortification}")
    if code == "F":
        return AreaAfter(social_state, min(fortification + 1, t.max_fortification), unrest)
    return AreaAfter(social_state + _social_change(code, "fortification"), fortification, unrest)


def apply_ruling(code: str, social_state: int, max_social_state: int, fortification: int, unrest: bool) -> AreaAfter:
    """Rewrite 15.0: +1 ends the unrest of an area in unrest, or else raises its social state by one up to its
    maximum (EMP-R07); "-1" lowers the social state."""
    if social_state > max_social_state:
        raise ValueError(f"social state {social_state} is above the area's maximum {max_social_state}")
    if code == "+1":
        if unrest:
            return AreaAfter(social_state, fortification, False)
        return AreaAfter(min(social_state + 1, max_social_state), fortification, unrest)
    return AreaAfter(social_state + _social_change(code, "ruling"), fortification, unrest)


def lowest_gold_for(er: int, target_er: int) -> int:
    """The gold that lifts an ER to a target (one gold is +1, rewrite 9.0); none if it is there already."""
    return max(0, target_er - er)
