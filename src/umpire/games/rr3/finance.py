"""Money (handbook, *The Financial System*) and the army's money matters (*The Campaign System*: raising,
pay, arrears, mutiny, desertion, extortion and loot).

Revenue cards: Subsidies d6+4 (Unrest +2 unless a Persuasion card is played or the tax raises an army, then the
revolt roll), Exactions d6 (only to raise an army), Loans d6+6 (halved in phase 4, added to the national debt).
At most one card of each type per player per turn, plus one Italian bank loan (:func:`card_play_error`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from umpire.games.rr3 import readings
from umpire.kernel import rng

State = dict[str, Any]

SUBSIDY = "subsidy"
EXACTION = "exaction"
LOAN = "loan"
CARD_TYPES = (SUBSIDY, EXACTION, LOAN)
ITALIAN_STATES = frozenset({"florence", "milan", "venice", "papacy"})
MEN_PER_FLORIN = 5_000


@dataclass(frozen=True)
class SubsidyResult:
    revenue_die: int
    revolt_die: int
    unrest_before: int
    unrest_index: int
    revolt: bool
    amount: int
    unrest_after: int


def subsidy_outcome(
    revenue_die: int,
    revolt_die: int,
    unrest: int,
    *,
    persuasion: bool = False,
    to_raise_army: bool = False,
    revolt_modifier: int = 0,
    revenue_bonus: int = 0,
) -> SubsidyResult:
    """Handbook, *Revenue cards* and *Revolt*: a subsidy yields d6+4 florins. Unless a Persuasion card is played
    or the tax is to raise an army, the Unrest Index rises by 2. Then a d6 is rolled: if it scores **less** than
    the index a revolt occurs, the subsidy is halved (round down) and the index drops to zero.

    The revolt roll is made even when the index did not rise (RR3-R05). ``revolt_modifier`` is Political Control's
    adjustment to the index for this roll only (a war without grievance, prestige; handbook, *Domestic support*).
    ``revenue_bonus`` is added to the revenue before any halving (high prestige, RR3-H03).
    """
    raised = unrest if (persuasion or to_raise_army) else unrest + 2
    revolt = revolt_die < raised + revolt_modifier
    amount = revenue_die + 4 + revenue_bonus
    if revolt:
        amount //= 2
    return SubsidyResult(
        revenue_die=revenue_die,
        revolt_die=revolt_die,
        unrest_before=unrest,
        unrest_index=raised,
        revolt=revolt,
        amount=amount,
        unrest_after=0 if revolt else raised,
    )


def play_subsidy(
    state: State,
    player: str,
    unrest: int,
    *,
    persuasion: bool = False,
    to_raise_army: bool = False,
    revolt_modifier: int = 0,
    revenue_bonus: int = 0,
) -> SubsidyResult:
    """Roll a subsidy card's revenue (d6) and then its revolt roll (d6); see :func:`subsidy_outcome`."""
    revenue = rng.roll(state, f"{player}: subsidy (d6+4)")
    revolt = rng.roll(state, f"{player}: revolt roll for subsidy")
    return subsidy_outcome(
        revenue,
        revolt,
        unrest,
        persuasion=persuasion,
        to_raise_army=to_raise_army,
        revolt_modifier=revolt_modifier,
        revenue_bonus=revenue_bonus,
    )


def play_exaction(state: State, player: str, *, to_raise_army: bool, revenue_bonus: int = 0) -> int:
    """Handbook, *Revenue cards*: an exaction yields d6 florins (plus ``revenue_bonus``, RR3-H03) and may only be
    used to raise an army."""
    if not to_raise_army:
        raise ValueError(f"{player}: an Exaction card may only be played to raise an army")
    return rng.roll(state, f"{player}: exaction (d6)") + revenue_bonus


def loan_amount(die: int, phase: int, revenue_bonus: int = 0) -> int:
    """Handbook, *Loan cards*: d6+6 florins (plus ``revenue_bonus``, RR3-H03), halved (round down, RR3-R06) when played
    in the fourth phase; loans may only be played in phases 1 and 4."""
    if phase not in (1, 4):
        raise ValueError(f"loan cards are played in phase 1 or 4, not phase {phase}")
    amount = die + 6 + revenue_bonus
    return amount // 2 if phase == 4 else amount


def play_loan(
    state: State, player: str, phase: int, national_debt: int, bank: str | None = None, revenue_bonus: int = 0
) -> tuple[int, int]:
    """Roll a loan (a player's own card or, with ``bank``, an Italian bank's loan) and return
    ``(florins received, new national debt)``. Loans are never repaid; the amount received is added to the
    debt (RR3-R06)."""
    loan_amount(1, phase)  # validate the phase before rolling
    source = f"{bank} bank loan" if bank else "loan"
    amount = loan_amount(rng.roll(state, f"{player}: {source} (d6+6, phase {phase})"), phase, revenue_bonus)
    return amount, national_debt + amount


@dataclass(frozen=True)
class CardPlay:
    """A revenue card played: by whom, which type, in which phase; ``bank`` names the Italian bank of an
    Italian loan; ``to_raise_army`` says the money is for raising an army."""

    player: str
    kind: str
    phase: int = 1
    bank: str | None = None
    to_raise_army: bool = False


def card_play_error(
    played_this_turn: Sequence[CardPlay], new: CardPlay, italian_states: frozenset[str] = ITALIAN_STATES
) -> str | None:
    """Why ``new`` may not be played given the cards already played this turn, or None if it may.

    Handbook, *The Financial System*: at most one card of each type per player per turn; subsidies and exactions
    in phase 1 only, loans in phase 1 or 4; an exaction only to raise an army; an Italian bank grants its loan to
    ONE non-Italian player per turn, in addition to that player's own loan (RR3-R07: one Italian loan per player per
    turn, of type loan only).
    """
    if new.kind not in CARD_TYPES:
        return f"unknown revenue card type {new.kind!r}"
    if new.kind == LOAN:
        if new.phase not in (1, 4):
            return "loan cards may only be played in phase 1 or phase 4"
    elif new.phase != 1:
        return f"{new.kind} cards may only be played in phase 1"
    if new.kind == EXACTION and not new.to_raise_army:
        return "an Exaction card may only be used to raise an army"
    if new.bank is not None:
        if new.kind != LOAN:
            return "an Italian bank grants loans only"
        if new.bank not in italian_states:
            return f"{new.bank} is not an Italian bank"
        if new.player in italian_states:
            return "an Italian bank grants its loan to a non-Italian player only"
        for card in played_this_turn:
            if card.bank == new.bank:
                return f"the {new.bank} bank has already granted its loan this turn"
            if card.bank is not None and card.player == new.player:
                return f"{new.player} has already had an Italian loan this turn"
        return None
    for card in played_this_turn:
        if card.bank is None and card.player == new.player and card.kind == new.kind:
            return f"{new.player} has already played a {new.kind} card this turn"
    return None


def florins_for(men: int) -> int:
    """1 florin per 5,000 men or part of (handbook, *Pay*; raising an army costs the same, RR3-R08)."""
    if men < 0:
        raise ValueError(f"cannot pay {men} men")
    return -(-men // MEN_PER_FLORIN)


def pay_due(men: int) -> int:
    """Handbook, *Pay*: each Military phase an army is paid 1 florin per 5,000 men or part of."""
    return florins_for(men)


def raising_cost(men: int) -> int:
    """Handbook, *Raising an army*: each 5,000 men raised costs 1 florin (a part of 5,000 costs a full florin,
    RR3-R08)."""
    return florins_for(men)


def pay_army(men: int, paid: int, arrears: int) -> int:
    """Handbook, *Pay*: failing to pay in full marks one more Arrears box; returns the arrears afterwards.
    Paying more than is due does not clear arrears (that is :func:`arrears_cost`)."""
    if paid < 0 or arrears < 0:
        raise ValueError("pay and arrears cannot be negative")
    return arrears + (1 if paid < pay_due(men) else 0)


def arrears_cost(men: int, arrears: int) -> int:
    """Handbook, *Mutiny*: each Arrears box cleared costs the army's full pay."""
    return arrears * pay_due(men)


def mutinies(die: int, arrears: int, *, example: bool = False) -> bool:
    """Handbook, *Mutiny*: with arrears marked after pay, roll 1d6; the army mutinies if it scores less than
    the arrears (RR3-R09: a roll equal to the arrears does not mutiny, unlike the Monluc example's wording). With
    ``example`` (option ``mutiny: example``, RR3-M08) the example's reading: "The die roll needs to be more than 3 to
    avoid a mutiny", so a roll equal to the arrears mutinies too."""
    return arrears > 0 and (die <= arrears if example else die < arrears)


def roll_mutiny(state: State, army: str, arrears: int) -> bool:
    """Roll for mutiny if any arrears are marked (no roll, and no mutiny, without arrears), by the game's reading
    of the rule (:mod:`umpire.games.rr3.readings`)."""
    if arrears <= 0:
        return False
    example = readings.reading(state, readings.MUTINY) == "example"
    return mutinies(rng.roll(state, f"{army}: mutiny roll ({arrears} arrears)"), arrears, example=example)


def desertion(men: int, arrears: int, fatigue: int) -> int:
    """Handbook, *Desertion*: at the end of a military phase an army loses 1,000 men per Arrears or Fatigue box.
    Returns the men left (never below zero)."""
    return max(0, men - 1_000 * (arrears + fatigue))


EXTORTION_FLORINS = 1


def extortion_error(areas_moved: int, already_extorted: bool) -> str | None:
    """Handbook, *Extortion*: 1 florin from an area passed through, only when moving ONE area that phase, and
    never from an area with an Extortion marker. Returns why not, or None."""
    if already_extorted:
        return "this area has already been extorted"
    if areas_moved != 1:
        return "an army may only extort when moving one area that phase"
    return None


def loot(state: State, army: str, area: str, arrears: int, already_looted: bool) -> tuple[int, int]:
    """Handbook, *Loot*: a full military phase stationary looting annuls one Arrears marker or, without arrears,
    gains d6 florins. Returns ``(arrears after, florins gained)``."""
    if already_looted:
        raise ValueError(f"{area} has already been looted")
    if arrears > 0:
        return arrears - 1, 0
    return 0, rng.roll(state, f"{army}: loot {area} (d6)")
