"""Europe 1615 influence rules: INF allocation and deployment, minor-state status, religious markers,
diplomatic attacks and the Ottoman order choice.

Every function is pure over plain data: an *INF table* is ``{minor id: {power: INFs}}`` (a power's INFs in one
minor state), centre values are ``{centre: value}``, confessions ``{power: "protestant" | "catholic"}``.  Nothing
here reads the map; the phase engine passes in what the map and the state hold.  Section names in the docstrings
("INFLUENCE", "Political status", ...) are those of the seed, seed 003 (Europe 1615 version 3, DipWiki).
Decisions on ambiguous rules are in ``docs/rulings/europe1615.md`` (E1615-xx).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar, cast

__all__ = [
    "CATHOLIC",
    "CONFESSION",
    "FIRST_YEAR_INF",
    "FIRST_YEAR_ORDER",
    "ISLAMIC",
    "NEUTRAL",
    "PAPAL_STATES",
    "POWERS",
    "PROTESTANT",
    "UNALIGNED",
    "Allocation",
    "Attack",
    "AttackOutcome",
    "AttackResult",
    "Confession",
    "DeployCheck",
    "InfTable",
    "Markers",
    "Status",
    "StatusKind",
    "apply_deployments",
    "attack_order",
    "base_may_deploy",
    "confession_of",
    "confessional_majority",
    "deployment_errors",
    "most_influential",
    "ottoman_order",
    "ottoman_tally",
    "political_status",
    "religious_markers",
    "remaining_inf",
    "remove_power",
    "resolve_attacks",
    "yearly_allocation",
]

Confession = Literal["protestant", "catholic"]
PROTESTANT: Confession = "protestant"
CATHOLIC: Confession = "catholic"
ISLAMIC = "islamic"

#: The five great powers, in alphabetical order.
POWERS: tuple[str, ...] = ("AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN")

#: "INFs available/allocated per year": Protestant powers England and Denmark, Catholic powers Spain, France, Austria.
CONFESSION: Mapping[str, Confession] = {
    "ENGLAND": PROTESTANT,
    "DENMARK": PROTESTANT,
    "SPAIN": CATHOLIC,
    "FRANCE": CATHOLIC,
    "AUSTRIA": CATHOLIC,
}

#: "INFs available/allocated per year" (the first year: the sum of each power's home centre values).
FIRST_YEAR_INF: Mapping[str, int] = {"ENGLAND": 17, "DENMARK": 18, "SPAIN": 23, "FRANCE": 21, "AUSTRIA": 18}

#: "THE DIPLOMATIC ATTACK", sequence of attacks in the first year: England, Austria, Denmark, France, Spain.
FIRST_YEAR_ORDER: tuple[str, ...] = ("ENGLAND", "AUSTRIA", "DENMARK", "FRANCE", "SPAIN")

#: The Papal States (ROM and MAR): only Catholic powers may deploy there ("Pliant minor states", note).
PAPAL_STATES = "PAPL"

InfTable = Mapping[str, Mapping[str, int]]
H = TypeVar("H", bound=Hashable)


def confession_of(power: str, confessions: Mapping[str, Confession] | None = None) -> Confession | None:
    """The confession of a great power (None for anything else, e.g. a minor state or the Ottomans)."""
    return (CONFESSION if confessions is None else confessions).get(power)


# ------------------------------------------------------------------------------------------------ allocation


@dataclass(frozen=True, slots=True)
class Allocation:
    """A power's INFs for one year: the values of the home centres it still holds, of the centres it captured,
    and (for the report) the values of the home centres it has lost."""

    home: int
    captured: int
    lost_home: int
    total: int


def yearly_allocation(
    held_centres: Iterable[str],
    home_centres: Collection[str],
    values: Mapping[str, int],
    *,
    eliminated: bool = False,
) -> Allocation:
    """The INFs a power receives at the beginning of a year.

    Seed, "INFLUENCE" and "Gain and loss of influence": the home centre values add up to the first year's
    allocation; a captured centre adds its value for as long as the power holds it; the loss of a home centre
    loses its value.  So the allocation is the sum of the values of every centre the power holds.  An eliminated
    power receives nothing ("ELIMINATION AND EFFECTS OF").  Computed once at the start of the year from the
    ownership left by the last winter (ruling E1615-C03); it does not change during the year.
    """
    held = set(held_centres)
    home = sum(values[c] for c in held if c in home_centres)
    captured = sum(values[c] for c in held if c not in home_centres)
    lost = sum(values[c] for c in home_centres if c not in held)
    if eliminated:
        return Allocation(0, 0, lost, 0)
    return Allocation(home, captured, lost, home + captured)


def remaining_inf(year_total: int, spent_this_year: int) -> int:
    """INFs still to deploy this year.  Seed, "Deployment of influence": deployments may be spread over the
    movement phases; never more than the year's total; unused INFs do not carry into the next year (the engine
    resets ``spent_this_year`` to 0 with each new allocation)."""
    return max(0, year_total - spent_this_year)


DeployCheck = Callable[[str, str], tuple[bool, str]]


def base_may_deploy(
    power: str,
    minor: str,
    *,
    pliant: Collection[str] | None = None,
    eliminated: Collection[str] = (),
    confessions: Mapping[str, Confession] | None = None,
) -> tuple[bool, str]:
    """The general deployment rules, before any sanction.

    - only a great power deploys, and not once eliminated ("ELIMINATION AND EFFECTS OF");
    - only to a pliant minor state that is still independent ("Capture of a minor state": a captured state can
      no longer be influenced); ``pliant`` None skips that check;
    - the Papal States only by the Catholic powers ("Pliant minor states", note).

    Returns (allowed, reason); the reason is empty when allowed.  Sanction restrictions are added by
    :func:`umpire.games.europe1615.sanctions.may_deploy`.
    """
    conf = confession_of(power, confessions)
    if conf is None:
        return False, f"{power} is not a great power"
    if power in eliminated:
        return False, f"{power} is eliminated and can no longer deploy INFs"
    if pliant is not None and minor not in pliant:
        return False, f"{minor} is not an independent pliant minor state"
    if minor == PAPAL_STATES and conf != CATHOLIC:
        return False, "only the Catholic powers may deploy INFs to the Papal States (PAPL)"
    return True, ""


def deployment_errors(
    power: str,
    deployments: Iterable[tuple[str, int]],
    *,
    year_total: int,
    spent: int = 0,
    may_deploy: DeployCheck | None = None,
    pliant: Collection[str] | None = None,
) -> list[str]:
    """Why a deployment ``[(minor, INFs), ...]`` by ``power`` is not allowed (empty list: it is).

    Seed, "Deployment of influence": "players cannot deploy more than the available INFs for the year", so the
    running total of this deployment may not pass ``year_total - spent``; each amount is a whole number of at
    least 1; each minor must be one the power may deploy to (``may_deploy``, by default :func:`base_may_deploy`
    with ``pliant``).  A minor named twice receives the sum (ruling E1615-C04).
    """
    # ruling E1615-C02: the French example's 23 INFs exceed France's 21
    check = may_deploy if may_deploy is not None else (lambda p, m: base_may_deploy(p, m, pliant=pliant))
    left = remaining_inf(year_total, spent)
    errors: list[str] = []
    running = 0
    for minor, amount in deployments:
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            errors.append(f"{amount!r} INFs to {minor}: a deployment is a whole number of at least 1 INF")
            continue
        ok, why = check(power, minor)
        if not ok:
            errors.append(f"{amount} INFs to {minor}: {why}")
            continue
        running += amount
        if running > left:
            errors.append(
                f"{amount} INFs to {minor}: brings the deployment to {running} INFs, over the {left} "
                f"left of {power}'s {year_total} for this year"
            )
    return errors


def apply_deployments(table: InfTable, power: str, deployments: Iterable[tuple[str, int]]) -> dict[str, dict[str, int]]:
    """A new INF table with ``power``'s deployments added.  Seed, "Deployment of influence": "INFs will continue
    to accumulate in the minor states with each deployment dictating the status of the state"."""
    out = {minor: dict(infs) for minor, infs in table.items()}
    for minor, amount in deployments:
        row = out.setdefault(minor, {})
        row[power] = row.get(power, 0) + amount
    return out


def remove_power(table: InfTable, power: str) -> dict[str, dict[str, int]]:
    """A new INF table without ``power``'s INFs.  Seed, "ELIMINATION AND EFFECTS OF": the INFs of an eliminated
    (or abandoned) power are removed from every minor state after the scoring phase."""
    # ruling E1615-E02
    return {minor: {p: n for p, n in infs.items() if p != power} for minor, infs in table.items()}


# ---------------------------------------------------------------------------------------------- status


StatusKind = Literal["ALIGNED", "NEUTRAL", "UNALIGNED"]


@dataclass(frozen=True, slots=True)
class Status:
    """The political status of a minor state; ``power`` is the power it is aligned with (ALIGNED only)."""

    kind: StatusKind
    power: str | None = None

    def __str__(self) -> str:
        return f"ALIGNED ({self.power})" if self.kind == "ALIGNED" else self.kind


UNALIGNED = Status("UNALIGNED")
NEUTRAL = Status("NEUTRAL")


def political_status(infs: Mapping[str, int], *, strict_majority: bool = False) -> Status:
    """The status of an independent minor state from its INFs ``{power: INFs}``.

    Seed, "EFFECTS OF INFLUENCE..." and "Political status":

    - UNALIGNED: no power holds any INFs ("Political status ... is not established if no power has invested");
    - ALIGNED with a power when it alone holds the most INFs *and* at least half of all INFs in the state
      ("the power must hold the most INFs in the state (50% or greater)");
    - NEUTRAL otherwise: two or more powers share the most INFs (a 50/50 tie: "two powers have invested equally"),
      or more than two powers have invested and none holds 50% or more.

    So exactly 50% aligns only when no other power also holds 50% (10/5/5 aligns with the 10; 10/10 is neutral).
    A power whose INFs were reduced to 0 is no longer an investor (ruling E1615-C01).  Option
    ``strict_majority``: alignment needs more than half of the INFs (10/5/5 is then neutral).
    """
    held = {p: n for p, n in infs.items() if n > 0}
    if not held:
        return UNALIGNED
    total = sum(held.values())
    top = max(held.values())
    leaders = [p for p, n in held.items() if n == top]
    if len(leaders) == 1 and (2 * top > total if strict_majority else 2 * top >= total):
        return Status("ALIGNED", leaders[0])
    return NEUTRAL


# --------------------------------------------------------------------------------------------- markers


@dataclass(frozen=True, slots=True)
class Markers:
    """The religious markers of a minor state.

    ``confession``: the Protestant (orange) or Catholic (blue) cross, or None; ``white``: the white cross of the
    Ecclesiastical reservation; ``grey``: the dark grey cross that replaces a confessional marker while the state
    is held by a foreign state (``confession`` is then None; the suspended majority is ``suspended``)."""

    confession: Confession | None = None
    white: bool = False
    grey: bool = False
    suspended: Confession | None = None


def confessional_majority(
    infs: Mapping[str, int], confessions: Mapping[str, Confession] | None = None
) -> Confession | None:
    """Which confession's marker the INFs call for.  Seed, "Religious/confessional status of the minor states":
    a confession that alone holds INFs places its marker; if both hold INFs, one places its marker only when it
    holds twice the INFs of the other (or more: the Saxony example, 10 Protestant against 5 Catholic, is exactly
    twice and places a Protestant marker)."""
    totals = {PROTESTANT: 0, CATHOLIC: 0}
    for power, n in infs.items():
        conf = confession_of(power, confessions)
        if conf is not None and n > 0:
            totals[conf] += n
    prot, cath = totals[PROTESTANT], totals[CATHOLIC]
    if prot > 0 and prot >= 2 * cath:
        return PROTESTANT
    if cath > 0 and cath >= 2 * prot:
        return CATHOLIC
    return None


def religious_markers(
    infs: Mapping[str, int],
    *,
    islamic: bool = False,
    papal: bool = False,
    reservation: bool = False,
    captured: bool = False,
    previous: Confession | None = None,
    sticky: bool = False,
    confessions: Mapping[str, Confession] | None = None,
) -> Markers:
    """The religious markers of a minor state, recomputed from its INFs (ruling E1615-C05).

    - Islamic states never receive a marker ("Islamic states cannot receive these markers");
    - the Papal States are permanently Catholic ("Scoring from religious markers");
    - under the Ecclesiastical reservation no Protestant-majority marker may be placed, the state carries the
      white cross, and a Catholic marker may still be placed beside it (sanction "Ecclesiastical reservation");
    - a captured state's confessional marker is replaced by a dark grey cross ("Capture of a minor state"); the
      INFs stay in suspension, so the marker returns when the state is liberated.

    Option ``sticky`` (ruling E1615-C05): a marker stays (``previous``) until the INFs call for the other one.
    """
    # ruling E1615-C06: grey and white crosses
    if islamic:
        return Markers()
    majority: Confession | None = CATHOLIC if papal else confessional_majority(infs, confessions)
    if sticky and majority is None:
        majority = previous
    if reservation and majority == PROTESTANT:
        majority = None
    if captured:
        return Markers(None, white=reservation, grey=majority is not None, suspended=majority)
    return Markers(majority, white=reservation)


# ------------------------------------------------------------------------------------ diplomatic attacks


def attack_order(
    powers: Iterable[str],
    *,
    allocation: Mapping[str, int],
    centres: Mapping[str, int] | None = None,
    last_score: Mapping[str, int] | None = None,
    first_year: bool = False,
) -> list[str]:
    """The sequence in which diplomatic attacks are resolved, first to last.

    Seed, "THE DIPLOMATIC ATTACK", "Sequence of attacks": from least to most influential by the INFs received
    for the year; ties by the number of centres (fewer first), then by the previous year's score (lower first).
    In the first year: England, Austria, Denmark, France, Spain.  A tie left after all that is broken by the
    first-year order (ruling E1615-C07).
    """
    listed = list(powers)

    def rank(power: str) -> int:
        return FIRST_YEAR_ORDER.index(power) if power in FIRST_YEAR_ORDER else len(FIRST_YEAR_ORDER)

    if first_year:
        return sorted(listed, key=lambda p: (rank(p), p))
    cs = centres or {}
    ls = last_score or {}
    return sorted(listed, key=lambda p: (allocation.get(p, 0), cs.get(p, 0), ls.get(p, 0), rank(p), p))


def most_influential(
    candidates: Iterable[str],
    *,
    allocation: Mapping[str, int],
    centres: Mapping[str, int] | None = None,
    last_score: Mapping[str, int] | None = None,
    first_year: bool = False,
) -> str:
    """The most influential of ``candidates`` (the last of them in :func:`attack_order`): who decides when the
    seed says "the player with most influence makes the decision" (embargoes, bribes, cancellation)."""
    order = attack_order(
        candidates, allocation=allocation, centres=centres, last_score=last_score, first_year=first_year
    )
    if not order:
        raise ValueError("no candidates")
    return order[-1]


@dataclass(frozen=True, slots=True)
class Attack:
    """A diplomatic attack order ``MINOR > POWER`` by ``power``."""

    power: str
    minor: str
    target: str


AttackOutcome = Literal["resolved", "void"]


@dataclass(frozen=True, slots=True)
class AttackResult:
    """What one attack did: ``reduction`` INFs were removed from both sides (0 when void, with the reason)."""

    attack: Attack
    outcome: AttackOutcome
    reduction: int
    attacker_before: int
    target_before: int
    reason: str


def resolve_attacks(
    table: InfTable,
    attacks: Iterable[Attack],
    order: Sequence[str],
    *,
    immune: Callable[[str, str], str | None] | None = None,
    pliant: Collection[str] | None = None,
) -> tuple[dict[str, dict[str, int]], list[AttackResult]]:
    """Resolve the movement phase's diplomatic attacks on the INF table after the phase's deployments.

    Seed, "THE DIPLOMATIC ATTACK": one attack per power per movement phase; attacks are resolved one at a time in
    ``order`` (:func:`attack_order`); each is a MUTUAL REDUCTION: the side with fewer INFs in the state loses all
    of them and the other loses as many (equal INFs: both lose all).  An attack is void when, at its turn, the
    attacker or the target holds no INFs there (an earlier attack may have removed them: in the Lorraine example
    France's attack goes ahead only "since INFs remain for France"), when the state is not an independent pliant
    state (``pliant``), when a power attacks itself, or when the target is immune (``immune(attacker, target)``
    returns the reason, e.g. Protestant or Catholic immunity; see ``sanctions.attack_immunity``); ruling
    E1615-C09.

    Returns the new table and one result per attack, in the order resolved.
    """
    by_power: dict[str, Attack] = {}
    for attack in attacks:
        if attack.power in by_power:
            raise ValueError(f"{attack.power} has two diplomatic attacks; only one per movement phase is allowed")
        by_power[attack.power] = attack
    missing = set(by_power) - set(order)
    if missing:
        raise ValueError(f"no place in the attack sequence for {', '.join(sorted(missing))}")
    out = {minor: dict(infs) for minor, infs in table.items()}
    results: list[AttackResult] = []
    for power in order:
        att = by_power.get(power)
        if att is None:
            continue
        row = out.get(att.minor, {})
        a, t = row.get(power, 0), row.get(att.target, 0)
        why: str | None = None
        if att.target == power:
            why = f"{power} cannot attack itself"
        elif pliant is not None and att.minor not in pliant:
            why = f"{att.minor} is not an independent pliant minor state"
        elif immune is not None:
            why = immune(power, att.target)
        if not why and a <= 0:
            why = f"{power} holds no INFs in {att.minor}"
        elif not why and t <= 0:
            why = f"{att.target} holds no INFs in {att.minor}"
        if why:
            results.append(AttackResult(att, "void", 0, a, t, why))
            continue
        cut = min(a, t)
        row[power] = a - cut
        row[att.target] = t - cut
        note = f"both lose {cut}: {power} {a} -> {a - cut}, {att.target} {t} -> {t - cut}"
        results.append(AttackResult(att, "resolved", cut, a, t, note))
    for minor in out:
        out[minor] = {p: n for p, n in out[minor].items() if n > 0}
    return out, results


# -------------------------------------------------------------------------------------------- Ottomans


def _key(order: H) -> Hashable:
    return " ".join(order.upper().split()) if isinstance(order, str) else order


def ottoman_tally(proposals: Mapping[str, H], weights: Mapping[str, int]) -> list[tuple[H, int, list[str]]]:
    """The combined weight behind each distinct order proposed for one Ottoman unit, heaviest first:
    ``[(order, weight, [powers]), ...]`` (for the GM's eyes only: the seed reports only the result).  An order
    given as text is shown upper-cased with single spaces."""
    groups: dict[Hashable, tuple[H, int, list[str]]] = {}
    for power, order in sorted(proposals.items()):
        weight = weights.get(power, 0)
        if weight <= 0:
            continue
        key = _key(order)
        shown = cast(H, key) if isinstance(order, str) else order
        first, total, backers = groups.get(key, (shown, 0, []))
        groups[key] = (first, total + weight, [*backers, power])
    return sorted(groups.values(), key=lambda g: -g[1])


def ottoman_order(proposals: Mapping[str, H], weights: Mapping[str, int]) -> H | None:
    """The order an Ottoman unit follows, or None: it holds.

    Seed, "Suggesting moves for the Ottomans": each power may propose an order for each Ottoman unit; the order
    backed by the greatest combined influential weight for the year is followed; a tie for the greatest weight
    (or no proposal) means the unit holds; only the result is reported.  The weight of a power is its INF
    allocation for the year (ruling E1615-C08); identical orders (compared after parsing, or as upper-cased text
    with single spaces) pool their weight.
    """
    tally = ottoman_tally(proposals, weights)
    if not tally:
        return None
    if len(tally) > 1 and tally[1][1] == tally[0][1]:
        return None
    return tally[0][0]
