"""Religion (handbook, *Religion*): religious debate, Lutheran conversion, purging religious dissidents, revolts
by religious minorities and the Heavenly Status Chart kept by Religious Control.

Each rule is a pure function taking the dice (or cards) already rolled (or played); a thin wrapper rolls the dice
through ``umpire.kernel.rng`` with a logged purpose. Decisions on ambiguous rules are the RL-numbered entries of
``docs/rulings/rr3.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from umpire.kernel import rng

State = dict[str, Any]

CATHOLIC = "catholic"
LUTHERAN = "lutheran"
SIDES = (CATHOLIC, LUTHERAN)

# --- Religious debate -------------------------------------------------------------------------------------------

FAITH_ALONE = "redemption by faith alone"
TRANSUBSTANTIATION = "transubstantiation"
COMMUNION_BOTH_KINDS = "communion in both kinds"
PAPAL_SUPREMACY = "supremacy of the pope"
ISSUES = (FAITH_ALONE, TRANSUBSTANTIATION, COMMUNION_BOTH_KINDS, PAPAL_SUPREMACY)
ISSUES_PER_DEBATE = 3


def _other(side: str) -> str:
    if side not in SIDES:
        raise ValueError(f"unknown side {side!r}")
    return LUTHERAN if side == CATHOLIC else CATHOLIC


Card = int | None
"""A debating-point card's value, or None when the player has no card left to play (RR3-RL11)."""
Round = tuple[Card, Card]
"""One round of a contest: the ``(catholic, lutheran)`` cards revealed at once."""


def round_winner(catholic: Card, lutheran: Card) -> str | None:
    """The winner of one round: the higher card; a player with no card left loses to one who plays a card (RR3-RL11).
    None for a draw (equal cards, or neither player has a card)."""
    if catholic is None or lutheran is None:
        if catholic is None and lutheran is None:
            return None
        return LUTHERAN if catholic is None else CATHOLIC
    if catholic == lutheran:
        return None
    return CATHOLIC if catholic > lutheran else LUTHERAN


def card_contest(rounds: Sequence[Round]) -> str | None:
    """Handbook, *Religious debate*: both players reveal a debating-point card at once and the higher card wins;
    a draw is replayed with further cards until there is a winner. ``rounds`` are the ``(catholic, lutheran)``
    cards in order; every round but the last must be a draw and the last must have a winner (RR3-RL02), unless
    neither player had a card left, which ends the contest undecided and returns None (RR3-RL11). Returns the
    winning side."""
    if not rounds:
        raise ValueError("a contest needs at least one round of cards")
    for catholic, lutheran in rounds[:-1]:
        if round_winner(catholic, lutheran) is not None:
            raise ValueError(f"round ({catholic}, {lutheran}) was not a draw, so no further round is played")
        if catholic is None and lutheran is None:
            raise ValueError("neither player had a card left, so no further round is played")
    catholic, lutheran = rounds[-1]
    winner = round_winner(catholic, lutheran)
    if winner is None and not (catholic is None and lutheran is None):
        raise ValueError(f"the contest is still drawn at ({catholic}, {lutheran}): play another round")
    return winner


Hand = dict[str, tuple[int, ...]]
"""A player's debating-point cards: for each issue, the values of the cards held (RR3-RL11)."""


def play_card(hand: Mapping[str, Sequence[int]], issue: str, value: int) -> Hand:
    """The hand after playing a card of ``value`` for ``issue``: cards are issued for the whole game, so a played
    card is spent (RR3-RL02). Raises if the card is not held."""
    held = list(hand.get(issue, ()))
    if value not in held:
        raise ValueError(f"no {value}-point card for {issue!r} in hand")
    held.remove(value)
    new = {key: tuple(values) for key, values in hand.items()}
    new[issue] = tuple(held)
    return new


def has_cards(hand: Mapping[str, Sequence[int]], issue: str | None = None) -> bool:
    """Whether the hand holds a card for ``issue`` (any issue when None, as for the choice of the first issue)."""
    if issue is None:
        return any(hand.values())
    return bool(hand.get(issue))


@dataclass(frozen=True)
class IssueResult:
    """One issue argued: who chose it, the rounds of cards played and who won it."""

    issue: str
    chosen_by: str
    rounds: tuple[Round, ...]
    winner: str | None
    """None when neither player had a card left (RR3-RL11)."""


@dataclass(frozen=True)
class DebateResult:
    """A whole debate: who won the first choice, the three issues, the winner and the change in the Lutherans'
    conversion counters for the turn (+2/+3 for a Lutheran victory, -2/-3 for a Catholic one)."""

    first_choice: str
    choice_rounds: tuple[Round, ...]
    issues: tuple[IssueResult, ...]
    winner: str | None
    convincing: bool
    counter_change: int


def _pairs(rounds: Sequence[Round]) -> tuple[Round, ...]:
    return tuple((catholic, lutheran) for catholic, lutheran in rounds)


def choosers(first_choice: str) -> tuple[str, str, str]:
    """Handbook, *Religious debate*: the winner of the opening card picks the first issue, the other player the
    second, and the choice returns to the first player for the third."""
    other = _other(first_choice)
    return (first_choice, other, first_choice)


def debate_outcome(wins: Mapping[str, int]) -> tuple[str | None, bool, int]:
    """Handbook, *Religious debate*, outcome table: winning two issues is a victory (the Lutherans gain, or lose,
    2 conversion counters that turn); winning all three is a convincing victory (3 counters). Returns
    ``(winner, convincing, change in Lutheran conversion counters)``; with an undecided issue and one win each,
    nobody wins and nothing changes (RR3-RL11)."""
    catholic, lutheran = wins.get(CATHOLIC, 0), wins.get(LUTHERAN, 0)
    if catholic < 0 or lutheran < 0 or catholic + lutheran > ISSUES_PER_DEBATE:
        raise ValueError(f"a debate argues {ISSUES_PER_DEBATE} issues, not {catholic + lutheran}")
    won = max(catholic, lutheran)
    if won < 2:
        return None, False, 0
    winner = CATHOLIC if catholic > lutheran else LUTHERAN
    convincing = won == ISSUES_PER_DEBATE
    change = won if winner == LUTHERAN else -won
    return winner, convincing, change


def resolve_debate(
    choice_rounds: Sequence[Round],
    chosen_issues: Sequence[str],
    issue_rounds: Sequence[Sequence[Round]],
) -> DebateResult:
    """Resolve a debate from the cards already played (handbook, *Religious debate*).

    ``choice_rounds``: the ``(catholic, lutheran)`` cards played for the choice of the first issue (any issue's
    cards; ties replayed). ``chosen_issues``: the three issues in the order chosen (the choosers alternate, see
    :func:`choosers`); no issue is argued twice (RR3-RL01). ``issue_rounds``: for each issue, the rounds of cards
    played on it. All three issues are argued even when the second decides the debate (RR3-RL03).
    """
    if len(chosen_issues) != ISSUES_PER_DEBATE or len(issue_rounds) != ISSUES_PER_DEBATE:
        raise ValueError(f"a debate argues exactly {ISSUES_PER_DEBATE} issues")
    if len(set(chosen_issues)) != len(chosen_issues):
        raise ValueError("an issue may only be argued once in a debate")
    for issue in chosen_issues:
        if issue not in ISSUES:
            raise ValueError(f"{issue!r} is not one of the four issues")
    first = card_contest(choice_rounds)
    if first is None:
        raise ValueError("neither player has a debating-point card, so there is no debate (RL11)")
    results = tuple(
        IssueResult(issue=issue, chosen_by=chooser, rounds=_pairs(rounds), winner=card_contest(rounds))
        for issue, chooser, rounds in zip(chosen_issues, choosers(first), issue_rounds, strict=True)
    )
    wins = {side: sum(1 for r in results if r.winner == side) for side in SIDES}
    winner, convincing, change = debate_outcome(wins)
    return DebateResult(
        first_choice=first,
        choice_rounds=_pairs(choice_rounds),
        issues=results,
        winner=winner,
        convincing=convincing,
        counter_change=change,
    )


def counters_after_debate(counters: int, change: int) -> int:
    """The Lutherans' conversion counters for the turn after a debate's gain or loss; never below zero (RR3-RL04)."""
    return max(0, counters + change)


# --- Lutheran conversion ----------------------------------------------------------------------------------------

MAX_COUNTERS_PER_PLACE = 3
NORTH = "germany, hungary, the netherlands"
WEST = "france, england"
SOUTH = "spain, italy"
COLUMNS = (NORTH, WEST, SOUTH)
REGION_COLUMN: dict[str, str] = {
    "germany": NORTH,
    "hungary": NORTH,
    "netherlands": NORTH,
    "the netherlands": NORTH,
    "france": WEST,
    "england": WEST,
    "spain": SOUTH,
    "italy": SOUTH,
}
"""The handbook's three columns of the conversion table by region. Areas elsewhere are put in a column by
Religious Control (RR3-RL05); pass the column itself to :func:`conversion_target`."""

# The least d6 score for a successful conversion by counters played in one place; 1 means automatic, None
# impossible (handbook, *Lutheran conversion*).
CONVERSION_TABLE: dict[str, tuple[int | None, int | None, int | None]] = {
    NORTH: (5, 4, 1),
    WEST: (6, 5, 4),
    SOUTH: (None, None, 6),
}


def column_for(region: str) -> str:
    """The conversion-table column of a region name (or a column name itself)."""
    key = region.strip().lower()
    if key in CONVERSION_TABLE:
        return key
    if key not in REGION_COLUMN:
        raise ValueError(f"{region!r} is in no column of the conversion table: Religious Control decides (RL5)")
    return REGION_COLUMN[key]


def conversion_target(counters: int, region: str) -> int | None:
    """Handbook, *Lutheran conversion*: the least d6 score that converts, for ``counters`` (1 to 3) played in the
    same place in ``region``. Germany, Hungary, the Netherlands: 5+, 4+, automatic; France, England: 6, 5+, 4+;
    Spain, Italy: impossible, impossible, 6. Returns 1 for automatic and None where no score converts."""
    if not 1 <= counters <= MAX_COUNTERS_PER_PLACE:
        raise ValueError(f"1 to {MAX_COUNTERS_PER_PLACE} counters may be played in one place, not {counters}")
    return CONVERSION_TABLE[column_for(region)][counters - 1]


def conversion_needs_roll(counters: int, region: str) -> bool:
    """Whether a die is rolled at all: not when the conversion is automatic or impossible (RR3-RL06)."""
    target = conversion_target(counters, region)
    return target is not None and target > 1


def converts(die: int | None, counters: int, region: str) -> bool:
    """Whether the counters convert the place, given the d6 rolled (``None`` when no roll is needed)."""
    target = conversion_target(counters, region)
    if target is None:
        return False
    if target <= 1:
        return True
    if die is None or not 1 <= die <= 6:
        raise ValueError(f"a conversion with {counters} counters needs a d6, not {die!r}")
    return die >= target


def conversion_error(
    counters: int, available: int, state_areas: int, player_controlled: bool, already_lutheran: bool = False
) -> str | None:
    """Why the Lutherans may not play ``counters`` in a place, or None. Handbook, *Lutheran conversion* and
    *The result of a successful conversion*: at most 3 counters in one place, no more than the turn's counters
    left; a one-area state controlled by a player may NOT be the target (areas of a player's multi-area state
    may)."""
    if not 1 <= counters <= MAX_COUNTERS_PER_PLACE:
        return f"1 to {MAX_COUNTERS_PER_PLACE} counters may be played in one place"
    if counters > available:
        return f"only {available} conversion counters are left this turn"
    if state_areas < 1:
        return "a state has at least one area"
    if state_areas == 1 and player_controlled:
        return "a one-area state controlled by a player may not be converted"
    if already_lutheran:
        return "Lutheranism is already established there"
    return None


@dataclass(frozen=True)
class ConversionResult:
    """A conversion attempt: the die (None if none was rolled), success, and what changed. ``state_converted``:
    the state religion and its ruler's religion are now Lutheran (a one-area state); ``area_established``:
    Lutheranism is established in the area but the state religion is unchanged (a multi-area state)."""

    place: str
    counters: int
    die: int | None
    success: bool
    state_converted: bool
    area_established: bool


def conversion_result(place: str, die: int | None, counters: int, region: str, state_areas: int) -> ConversionResult:
    """Handbook, *The result of a successful conversion*: a one-area state converts wholly (state and ruler); in
    a multi-area state Lutheranism is established in that area only."""
    success = converts(die, counters, region)
    return ConversionResult(
        place=place,
        counters=counters,
        die=die,
        success=success,
        state_converted=success and state_areas == 1,
        area_established=success and state_areas > 1,
    )


def attempt_conversion(
    state: State,
    place: str,
    counters: int,
    region: str,
    state_areas: int,
    *,
    available: int = MAX_COUNTERS_PER_PLACE,
    player_controlled: bool = False,
) -> ConversionResult:
    """Check, roll (only if needed, RR3-RL06) and resolve the Lutherans' conversion attempt on ``place``."""
    why = conversion_error(counters, available, state_areas, player_controlled)
    if why:
        raise ValueError(f"{place}: {why}")
    die = None
    if conversion_needs_roll(counters, region):
        target = conversion_target(counters, region)
        die = rng.roll(state, f"{place}: Lutheran conversion ({counters} counters, {target}+ on d6)")
    return conversion_result(place, die, counters, region, state_areas)


# --- Purging religious dissidents -------------------------------------------------------------------------------

PURGE_TROOPS = 5_000
PURGE_SUCCESS = 5


@dataclass(frozen=True)
class PurgeResult:
    area: str
    die: int
    modifier: int
    total: int
    success: bool
    attempts_after: int
    """Purge attempts made in the area so far, this one included (for the next purge and the revolt roll)."""


def purge_modifier(troops: int, florins: int, previous_attempts: int) -> int:
    """Handbook, *Purging Religious dissidents*: +1 if at least 5,000 troops are present, +1 per florin spent,
    +1 per previous attempt."""
    if troops < 0 or florins < 0 or previous_attempts < 0:
        raise ValueError("troops, florins and previous attempts cannot be negative")
    return (1 if troops >= PURGE_TROOPS else 0) + florins + previous_attempts


def purge_outcome(area: str, die: int, troops: int, florins: int, previous_attempts: int) -> PurgeResult:
    """Handbook, *Purging Religious dissidents*: d6 plus modifiers; 5 or more succeeds and the area no longer has
    a religious minority, 4 or less fails."""
    if not 1 <= die <= 6:
        raise ValueError(f"a d6 cannot show {die}")
    modifier = purge_modifier(troops, florins, previous_attempts)
    total = die + modifier
    return PurgeResult(
        area=area,
        die=die,
        modifier=modifier,
        total=total,
        success=total >= PURGE_SUCCESS,
        attempts_after=previous_attempts + 1,
    )


def purge_error(ruler: str, purges_this_phase: Sequence[str], has_minority: bool = True) -> str | None:
    """Why ``ruler`` may not attempt a purge now, or None: a ruler may only attempt to purge one area per military
    phase (``purges_this_phase`` are the rulers who have already tried this phase), and only an area with a
    religious minority can be purged."""
    if not has_minority:
        return "the area has no religious minority"
    if ruler in purges_this_phase:
        return f"{ruler} has already attempted a purge this military phase"
    return None


def attempt_purge(
    state: State, ruler: str, area: str, troops: int, florins: int, previous_attempts: int
) -> PurgeResult:
    """Roll and resolve ``ruler``'s purge of ``area``."""
    modifier = purge_modifier(troops, florins, previous_attempts)
    die = rng.roll(state, f"{ruler}: purge religious minority in {area} (d6+{modifier}, 5+ succeeds)")
    return purge_outcome(area, die, troops, florins, previous_attempts)


# --- Revolts by religious minorities ----------------------------------------------------------------------------

MINORITY_REVOLT = 5
REVOLT_FLORINS_PER_TURN = 2


def adjacent_revolts(minority: str, neighbours_in_revolt: Sequence[str]) -> int:
    """How many adjacent revolts count (+1 each): those by the same religion as the minority (RR3-RL07).
    ``neighbours_in_revolt`` gives the religion of each adjacent area's revolt."""
    return sum(1 for religion in neighbours_in_revolt if religion == minority)


def minority_revolt_check_due(adjacent_in_revolt: int, purge_attempts: int, has_minority: bool = True) -> bool:
    """Whether Map Control rolls for a minority revolt in an area (phase 5, and after a purge attempt): only an
    area with a religious minority, and only when an adjacent area of its religion is in revolt or a purge has
    been attempted there (RR3-RL08)."""
    return has_minority and (adjacent_in_revolt > 0 or purge_attempts > 0)


def minority_revolts(die: int, adjacent_in_revolt: int, purge_attempts: int) -> bool:
    """Handbook, *Possible revolt by a religious minority*: 1d6, +1 per adjacent area in revolt, +1 per attempt
    made to purge the minority (RR3-RL09: every attempt so far, the one just made included); 5 or more revolts."""
    if not 1 <= die <= 6:
        raise ValueError(f"a d6 cannot show {die}")
    if adjacent_in_revolt < 0 or purge_attempts < 0:
        raise ValueError("modifiers cannot be negative")
    return die + adjacent_in_revolt + purge_attempts >= MINORITY_REVOLT


def roll_minority_revolt(state: State, area: str, adjacent_in_revolt: int, purge_attempts: int) -> bool:
    """Roll for a possible revolt by the religious minority of ``area``."""
    modifier = adjacent_in_revolt + purge_attempts
    die = rng.roll(state, f"{area}: religious minority revolt (d6+{modifier}, 5+ revolts)")
    return minority_revolts(die, adjacent_in_revolt, purge_attempts)


def revolt_cost(areas_in_revolt: int) -> int:
    """Handbook, *Possible revolt by a religious minority*: each area in revolt costs its owner 2 florins per
    turn."""
    if areas_in_revolt < 0:
        raise ValueError("cannot have a negative number of areas in revolt")
    return REVOLT_FLORINS_PER_TURN * areas_in_revolt


# --- The Heavenly Status Chart ----------------------------------------------------------------------------------

TEAMS = (
    "England",
    "France",
    "The Habsburgs",
    "The Electors of the Empire",
    "German princes",
    "The Papacy",
    "The Lutherans",
    "Venice",
    "Florence",
    "Milan",
    "Denmark",
)
"""The player teams/groups (handbook, *The Player Teams*), each with a place on the chart."""


def new_heavenly_chart(teams: Sequence[str] = TEAMS, start: int = 0) -> dict[str, int]:
    """Handbook, *The Heavenly Status Chart*: the righteousness of each team/group, kept by Religious Control.
    The handbook gives no scale; umpire keeps an integer standing per team, all equal at the start (RR3-RL10)."""
    if len(set(teams)) != len(teams):
        raise ValueError("a team appears twice on the chart")
    return {team: start for team in teams}


def update_heavenly_chart(chart: Mapping[str, int], judgements: Mapping[str, int]) -> dict[str, int]:
    """The chart after Religious Control's judgement of the turn: each team's standing moves by its
    ``judgements`` entry (godly acts up, ungodly down). Returns a new chart; unknown teams are an error."""
    unknown = sorted(set(judgements) - set(chart))
    if unknown:
        raise ValueError(f"not on the heavenly status chart: {', '.join(unknown)}")
    return {team: standing + judgements.get(team, 0) for team, standing in chart.items()}


def heavenly_ranking(chart: Mapping[str, int]) -> list[tuple[int, str, int]]:
    """The chart in rank order: ``(rank, team, standing)``, highest first; equal standings share a rank
    (standard competition ranking) and are listed in chart order."""
    order = sorted(chart.items(), key=lambda item: -item[1])
    ranked: list[tuple[int, str, int]] = []
    for i, (team, standing) in enumerate(order):
        rank = ranked[-1][0] if ranked and ranked[-1][2] == standing else i + 1
        ranked.append((rank, team, standing))
    return ranked


def highest_ranked(chart: Mapping[str, int]) -> list[str]:
    """The team(s) ranked highest on the chart, who may obtain more debating-point cards (handbook, *Religious
    debate*); equal first places all qualify (RR3-RL10)."""
    if not chart:
        return []
    top = max(chart.values())
    return [team for team, standing in chart.items() if standing == top]
