"""Deaths, marriages, births and family (handbook, *Death, Marriage, Birth and Family*).

Characters are plain records (:class:`Character`) kept in a ``dict`` by name. Every rule is a pure function taking
the dice already rolled; a thin ``roll_*`` wrapper rolls them through :mod:`umpire.kernel.rng`, each die logged
with its purpose. The handbook leaves the death chances to "Character Control's list"; the default table by age
here is umpire's (RR3-D01). Decisions on ambiguous rules are in ``docs/rulings/rr3.md`` (D-numbers).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from umpire.kernel import rng

State = dict[str, Any]

MALE = "M"
FEMALE = "F"
AGE_OF_MARRIAGE = 16
"""Handbook, *Births*: children may marry at sixteen; an heir under sixteen needs a regent (*Death*)."""
FIRST_YEAR = 1525
YEARS_PER_TURN = 4

# (lowest age, highest 2d6 total that kills) -- RR3-D01: the handbook leaves the numbers to Character Control's list.
DEATH_TABLE: tuple[tuple[int, int], ...] = ((0, 2), (40, 3), (50, 4), (60, 5), (70, 6))


@dataclass(frozen=True)
class Character:
    """One character card (or a non-played character). ``born`` is a year; ``parents`` are names; ``cleric``
    marks bishops and the like, who have no card and do not marry (*Marriage*); ``death_number`` overrides the
    age table with Character Control's own figure (RR3-D01)."""

    name: str
    sex: str
    born: int
    family: str = ""
    played: bool = False
    alive: bool = True
    spouse: str | None = None
    parents: tuple[str, ...] = ()
    cleric: bool = False
    death_number: int | None = None

    def __post_init__(self) -> None:
        if self.sex not in (MALE, FEMALE):
            raise ValueError(f"{self.name}: sex must be {MALE!r} or {FEMALE!r}, not {self.sex!r}")

    def age(self, year: int) -> int:
        return year - self.born


def turn_start_year(turn: int) -> int:
    """Handbook, *Game timetable*: turn 1 is 1525-1528, four years a turn (turn 4 is 1537-1540)."""
    if turn < 1:
        raise ValueError(f"there is no turn {turn}")
    return FIRST_YEAR + YEARS_PER_TURN * (turn - 1)


# --- Death -------------------------------------------------------------------------------------------------


def death_number(age: int) -> int:
    """The highest 2d6 total on which a character of ``age`` dies this turn (RR3-D01: umpire's default table)."""
    number = DEATH_TABLE[0][1]
    for lowest, kills in DEATH_TABLE:
        if age >= lowest:
            number = kills
    return number


@dataclass(frozen=True)
class DeathRoll:
    name: str
    age: int
    dice: tuple[int, int]
    dies_on: int
    died: bool


def death_outcome(character: Character, year: int, dice: Sequence[int]) -> DeathRoll:
    """Handbook, *Death*: each turn in phase 1 a character makes a death roll (2d6, RR3-D01); the character dies if
    the total is at most its death number (Control's figure if given, else the table by age at ``year``)."""
    if len(dice) != 2:
        raise ValueError(f"a death roll is 2d6, not {list(dice)}")
    age = character.age(year)
    dies_on = character.death_number if character.death_number is not None else death_number(age)
    return DeathRoll(character.name, age, (dice[0], dice[1]), dies_on, sum(dice) <= dies_on)


def roll_deaths(state: State, characters: Iterable[Character], turn: int) -> list[DeathRoll]:
    """Phase 1's death rolls: one 2d6 per living character, in the order given."""
    year = turn_start_year(turn)
    results = []
    for c in characters:
        if not c.alive:
            continue
        dice = rng.roll_many(state, f"{c.name}: death roll, turn {turn} (2d6)", 2)
        results.append(death_outcome(c, year, dice))
    return results


def bury(people: Mapping[str, Character], name: str) -> dict[str, Character]:
    """Mark ``name`` dead and widow the spouse (the dead keep their spouse on record, for :func:`claimants`)."""
    out = dict(people)
    dead = out[name]
    out[name] = replace(dead, alive=False)
    if dead.spouse and dead.spouse in out:
        out[dead.spouse] = replace(out[dead.spouse], spouse=None)
    return out


# --- Heirs and regents -------------------------------------------------------------------------------------


def children_of(people: Mapping[str, Character], name: str) -> list[Character]:
    """``name``'s children, eldest first (birth year, then card order: the order drawn is age order)."""
    order = {n: i for i, n in enumerate(people)}
    kids = [c for c in people.values() if name in c.parents]
    return sorted(kids, key=lambda c: (c.born, order[c.name]))


@dataclass(frozen=True)
class Succession:
    deceased: str
    heir: str | None
    regency: bool
    """The heir is under sixteen: the player plays the regent until the heir comes of age."""
    new_character: bool
    """No heir: Control gives the player another character."""


def succession(
    people: Mapping[str, Character], deceased: str, year: int, *, male_preference: bool = True
) -> Succession:
    """Handbook, *Death*: a player who dies becomes the heir if one is available, or effectively the regent if
    the heir is under sixteen; with no heir the player is given another character. The heir is the eldest
    living son, else the eldest living daughter (RR3-D02; ``male_preference=False``: the eldest child of either
    sex); a dead child's line comes before younger siblings (RR3-D02)."""

    def line(name: str) -> str | None:
        kids = children_of(people, name)
        if male_preference:
            kids = [k for k in kids if k.sex == MALE] + [k for k in kids if k.sex == FEMALE]
        for k in kids:
            if k.alive:
                return k.name
            below = line(k.name)
            if below is not None:
                return below
        return None

    heir = line(deceased)
    if heir is None:
        return Succession(deceased, None, False, True)
    return Succession(deceased, heir, people[heir].age(year) < AGE_OF_MARRIAGE, False)


def male_line_heir(people: Mapping[str, Character], deceased: str) -> str | None:
    """Handbook, *Death*: "A player who dies will become their heir if one is available" -- ruling RR3-G01: the heir
    who succeeds without a choice is the eldest living son, a dead son's own sons (and theirs) coming before his
    younger brothers. None when there is no such heir: then Control chooses (:func:`succession_candidates`)."""
    for son in (k for k in children_of(people, deceased) if k.sex == MALE):
        if son.alive:
            return son.name
        below = male_line_heir(people, son.name)
        if below is not None:
            return below
    return None


def succession_candidates(people: Mapping[str, Character], deceased: str) -> list[str]:
    """RR3-G01: when there is no son to succeed, whom Control may choose: the heir of RR3-D02's order first (a
    daughter's line), then every living relative with a claim (*Claims*: "any family connection will give rise to a
    claim", :func:`claimants`, nearest first: the widow, brothers and sisters, ...)."""
    first = succession(people, deceased, FIRST_YEAR).heir
    rest = [name for name, _ in claimants(people, deceased)]
    return ([first] if first else []) + [n for n in rest if n != first]


def resolve_deaths(
    people: Mapping[str, Character], results: Iterable[DeathRoll], year: int, *, male_preference: bool = True
) -> tuple[dict[str, Character], list[Succession]]:
    """Bury everyone whose death roll killed them; for each played character who died, the succession (the
    heir's card becomes the player's, RR3-D02). Successions are worked out after all the turn's burials, so a father
    and son dying in the same turn pass the line to the next heir (RR3-D14)."""
    dead = [r.name for r in results if r.died]
    out = dict(people)
    for name in dead:
        out = bury(out, name)
    successions = [succession(out, n, year, male_preference=male_preference) for n in dead if people[n].played]
    for s in successions:
        if s.heir is not None:
            out[s.heir] = replace(out[s.heir], played=True)
    return out, successions


# --- Marriages and betrothals ------------------------------------------------------------------------------


def match_error(a: Character, b: Character, year: int, *, betrothal: bool = False) -> str | None:
    """Why ``a`` and ``b`` cannot marry (or, with ``betrothal``, be betrothed) in ``year``; ``None`` if they
    can. Handbook, *Marriage* and *Births*: marriageable characters have cards (clerics do not), marriage from
    sixteen, betrothal at any age. Opposite sexes, both living and unmarried, not parent and child or siblings
    (RR3-D03)."""
    for c in (a, b):
        if not c.alive:
            return f"{c.name} is dead"
        if c.cleric:
            return f"{c.name} is a cleric and has no character card"
        if c.spouse is not None:
            return f"{c.name} is married to {c.spouse}"
        if not betrothal and c.age(year) < AGE_OF_MARRIAGE:
            return f"{c.name} is under {AGE_OF_MARRIAGE} and may only be betrothed"
    if a.name == b.name:
        return f"{a.name} cannot marry themself"
    if a.sex == b.sex:
        return f"{a.name} and {b.name} are of the same sex"
    if a.name in b.parents or b.name in a.parents or (set(a.parents) & set(b.parents)):
        return f"{a.name} and {b.name} are too closely related"
    return None


def marry(people: Mapping[str, Character], a: str, b: str, year: int) -> dict[str, Character]:
    """Register a marriage with Character Control (handbook, *Marriage*). The wife's card passes to the
    husband's family (``family`` becomes his)."""
    error = match_error(people[a], people[b], year)
    if error:
        raise ValueError(error)
    out = dict(people)
    husband, wife = (a, b) if people[a].sex == MALE else (b, a)
    out[husband] = replace(out[husband], spouse=wife)
    out[wife] = replace(out[wife], spouse=husband, family=out[husband].family)
    return out


def due_weddings(
    people: Mapping[str, Character], betrothals: Iterable[tuple[str, str]], year: int
) -> list[tuple[str, str]]:
    """Betrothals that can now become marriages: both parties sixteen or over and still free (RR3-D04)."""
    return [(a, b) for a, b in betrothals if match_error(people[a], people[b], year) is None]


@dataclass(frozen=True)
class SuitorContest:
    rounds: tuple[dict[str, int], ...]
    """Each round's totals (die + bonus) by suitor; a tie for the best rolls again among the tied."""
    bonus: dict[str, int]
    winner: str


def prestige_bonus(prestige: Mapping[str, int], bonus: int = 1) -> dict[str, int]:
    """Handbook, *Marriage*: competing suitors dice "with a bonus for characters with a high prestige". RR3-D05:
    ``bonus`` (+1) to the suitor or suitors whose team stands highest in prestige among the competitors, none
    when all stand equal."""
    if not prestige:
        return {}
    top = max(prestige.values())
    everyone_equal = all(p == top for p in prestige.values())
    return {s: (bonus if p == top and not everyone_equal else 0) for s, p in prestige.items()}


def suitor_outcome(prestige: Mapping[str, int], rounds: Sequence[Mapping[str, int]], bonus: int = 1) -> SuitorContest:
    """Decide between suitors for a non-played character (phase 4) from the d6 ``rounds`` rolled: each suitor's
    die plus its prestige bonus; the highest wins; the tied best roll again, keeping their bonus (RR3-D05). Each
    round holds a die for every suitor still in the contest."""
    bonuses = prestige_bonus(prestige, bonus)
    alive = sorted(prestige)
    totals: list[dict[str, int]] = []
    for dice in rounds:
        if len(alive) == 1:
            break
        if sorted(dice) != alive:
            raise ValueError(f"round dice are for {sorted(dice)}, expected {alive}")
        scores = {s: dice[s] + bonuses[s] for s in alive}
        totals.append(scores)
        best = max(scores.values())
        alive = [s for s in alive if scores[s] == best]
    if len(alive) != 1:
        raise ValueError(f"still tied between {alive}: roll another round")
    return SuitorContest(tuple(totals), bonuses, alive[0])


def roll_suitors(state: State, match: str, prestige: Mapping[str, int], bonus: int = 1) -> SuitorContest:
    """Roll the competing suitors' d6s, re-rolling among the tied, and decide; see :func:`suitor_outcome`."""
    if len(prestige) < 2:
        raise ValueError(f"{match}: a contest needs two or more suitors")
    bonuses = prestige_bonus(prestige, bonus)
    rounds: list[dict[str, int]] = []
    contenders = sorted(prestige)
    while len(contenders) > 1:
        dice = {s: rng.roll(state, f"{s}: suitor for {match} (d6)") for s in contenders}
        rounds.append(dice)
        best = max(dice[s] + bonuses[s] for s in contenders)
        contenders = [s for s in contenders if dice[s] + bonuses[s] == best]
    return suitor_outcome(prestige, rounds, bonus)


# --- Births ------------------------------------------------------------------------------------------------


def births_due(
    people: Mapping[str, Character],
    weddings: Iterable[tuple[str, str, int]],
    turn: int,
    played_families: Collection[str],
) -> list[tuple[str, str]]:
    """Handbook, *Births*: newly married couples dice "in that turn only". ``weddings`` are ``(husband, wife,
    turn married)``; the couples married this turn dice if either spouse is played or belongs to a played
    family (RR3-D13: "this does not normally apply to the children of non-played characters")."""

    def counts(c: Character) -> bool:
        return c.played or c.family in played_families

    return [(h, w) for h, w, married in weddings if married == turn and (counts(people[h]) or counts(people[w]))]


def children_count(die: int) -> int:
    """Handbook, *Births*: d6 minus 2 children; zero or less means a barren marriage (or children lost young)."""
    if not 1 <= die <= 6:
        raise ValueError(f"a d6 cannot show {die}")
    return max(0, die - 2)


def birth_outcome(
    father: Character, mother: Character, die: int, cards_drawn: Sequence[tuple[str, str]], turn: int
) -> list[Character]:
    """Handbook, *Births*: a newly married couple dices that turn only; one child card is drawn per child, the
    order drawn is age order, and the card gives name and sex. Children take the father's family and are born
    in the turn's first year, eldest first (RR3-D06)."""
    n = children_count(die)
    if len(cards_drawn) < n:
        raise ValueError(f"{n} children but only {len(cards_drawn)} cards")
    year = turn_start_year(turn)
    return [
        Character(name, sex, year, family=father.family, parents=(father.name, mother.name))
        for name, sex in cards_drawn[:n]
    ]


def roll_births(
    state: State,
    people: Mapping[str, Character],
    husband: str,
    deck: Sequence[tuple[str, str]],
    turn: int,
) -> tuple[dict[str, Character], list[Character], list[tuple[str, str]]]:
    """Roll a newly married couple's d6, shuffle the child-card deck and draw. Returns the updated characters,
    the children (eldest first) and the rest of the deck."""
    father = people[husband]
    if father.spouse is None:
        raise ValueError(f"{husband} is not married")
    mother = people[father.spouse]
    die = rng.roll(state, f"{father.name} and {mother.name}: children (d6-2)")
    n = children_count(die)
    drawn = rng.shuffle(state, f"{father.name} and {mother.name}: child cards", deck) if n else list(deck)
    kids = birth_outcome(father, mother, die, drawn, turn)
    out = dict(people)
    for k in kids:
        if k.name in out:
            raise ValueError(f"there is already a character called {k.name}")
        out[k.name] = k
    return out, kids, drawn[n:]


# --- Claims ------------------------------------------------------------------------------------------------


def claimants(people: Mapping[str, Character], deceased: str) -> list[tuple[str, int]]:
    """Handbook, *Claims*: any family connection gives a claim (no Salic law); its strength is argued by the
    players. RR3-D07: the living blood relatives (through parents and children, any degree) and the widow(er), each
    with the degree of kinship (steps through the family tree; the spouse is 1), nearest first."""
    links: dict[str, set[str]] = {n: set() for n in people}
    for c in people.values():
        for p in c.parents:
            if p in links:
                links[p].add(c.name)
                links[c.name].add(p)
    seen = {deceased: 0}
    frontier = [deceased]
    while frontier:
        nxt = []
        for n in frontier:
            for m in sorted(links.get(n, ())):
                if m not in seen:
                    seen[m] = seen[n] + 1
                    nxt.append(m)
        frontier = nxt
    spouse = people[deceased].spouse
    if spouse:
        seen[spouse] = 1
    found = [(n, d) for n, d in seen.items() if n != deceased and n in people and people[n].alive]
    return sorted(found, key=lambda x: (x[1], x[0]))
