"""The religious struggle (rule book 18; two-player seed: unchanged except where noted): reformation and
counter-reformation attempts, and theological debates.

Each step is a function: which spaces may be targeted (18.3 and 18.4 step 1), how many dice each side rolls (18.2,
18.3 step 2, 18.4 step 2), how the highest dice decide (18.3 steps 5 and 8, 18.4 steps 5 and 8), and the rounds of
a debate (18.5). Dice come from the game's generator with their purpose logged; the engine (``engine.py``) turns
the choices into legal actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p.mapdata import HisMap
from umpire.kernel import rng

State = dict[str, Any]

REFORMATION = "reformation"
#: An attempt's zone when every language zone counts as its target zone (Defender of the Faith, HIS-V02).
ANY_ZONE = "all"
COUNTER_REFORMATION = "counter_reformation"

#: Popes under whom the Papacy wins ties and may succeed automatically in counter-reformation (18.4).
REFORMING_POPES = frozenset({"paul_iii", "julius_iii"})

#: Language zones in which a theological debate may be called (18.1, Call Theological Debate).
DEBATE_ZONES = ("german", "english", "french")


@dataclass(frozen=True)
class Dice:
    """A number of dice and why: the reasons name each source, for the log and the player."""

    count: int
    reasons: tuple[str, ...]


def _neighbours(state: State, board: HisMap, space: str) -> list[str]:
    """Spaces that lend religious modifiers to ``space``: joined by a connection, not a pass, and not in unrest
    (18.3 step 2: "not across a pass nor from a space in unrest")."""
    return [n for n in sorted(board.spaces[space].links) if not b.in_unrest(state, n)]


def side_dice(state: State, board: HisMap, space: str, side: str) -> Dice:
    """The base dice ``side`` rolls in a religious struggle over ``space`` (18.3 step 2 for the Protestant, 18.4
    step 2 and 18.3 step 6 for the Papacy): +1 per adjacent space of its influence, +1 per adjacent reformer (or
    Jesuit university), +1 per adjacent stack of its confession, +2 for a reformer (university) in the space, +2 for
    a stack of its confession in the space; at least 1."""
    reasons: list[str] = []
    count = 0
    for n in _neighbours(state, board, space):
        if b.religion(state, board, n) == side:
            count += 1
            reasons.append(f"+1 adjacent {side} space {n}")
        if side == b.PROTESTANT and b.reformer_in(state, n):
            count += 1
            reasons.append(f"+1 adjacent reformer in {n}")
        if side == b.CATHOLIC and b.has_jesuit(state, n):
            count += 1
            reasons.append(f"+1 adjacent Jesuit university in {n}")
        if b.has_stack_of(state, n, side):
            count += 1
            reasons.append(f"+1 adjacent {side} units in {n}")
    if side == b.PROTESTANT and b.reformer_in(state, space):
        count += 2
        reasons.append("+2 reformer in the space")
    if side == b.CATHOLIC and b.has_jesuit(state, space):
        count += 2
        reasons.append("+2 Jesuit university in the space")
    if b.has_stack_of(state, space, side):
        count += 2
        reasons.append(f"+2 {side} units in the space")
    if count == 0:
        return Dice(1, ("1 die at least",))
    return Dice(count, tuple(reasons))


def _port_shares_sea_with(board: HisMap, state: State, space: str, side: str) -> bool:
    """Whether ``space`` is a port on a sea zone where another port is of ``side``'s influence (18.3 step 1)."""
    for sea in board.spaces[space].ports:
        for other in board.seas[sea].ports:
            if other != space and b.religion(state, board, other) == side:
                return True
    return False


def _can_target(state: State, board: HisMap, space: str, side: str, own_marker: bool) -> bool:
    """A space of ``side``'s opponent's influence that ``side`` may target (18.3 and 18.4 step 1): holding its
    marker (a reformer, a Jesuit university), or adjacent to a space of its influence (passes count), or a port on a
    sea zone with another port of its influence."""
    if b.religion(state, board, space) != (b.CATHOLIC if side == b.PROTESTANT else b.PROTESTANT):
        return False
    if own_marker:
        return True
    spot = board.spaces[space]
    if any(b.religion(state, board, n) == side for n in spot.links | spot.passes):
        return True
    return _port_shares_sea_with(board, state, space, side)


def can_reform(state: State, board: HisMap, space: str) -> bool:
    """A legal reformation target (18.3 step 1): Catholic, and holding a reformer, or adjacent to a Protestant
    space (passes count here), or a port on a sea zone with another Protestant port."""
    return _can_target(state, board, space, b.PROTESTANT, b.reformer_in(state, space))


def can_counter_reform(state: State, board: HisMap, space: str) -> bool:
    """A legal counter-reformation target (18.4 step 1): Protestant, and holding a Jesuit university, or adjacent
    to a Catholic space (passes count), or a port on a sea zone with another Catholic port."""
    return _can_target(state, board, space, b.CATHOLIC, b.has_jesuit(state, space))


def targets(state: State, board: HisMap, kind: str, exclude: Sequence[str] = ()) -> list[str]:
    """Every legal target of a reformation or counter-reformation attempt, less those already targeted this
    impulse (18.3: "a space may be the target of only one attempt per impulse")."""
    # ruling HIS-E01: a target may be in any language zone (18.3 step 1)
    test = can_reform if kind == REFORMATION else can_counter_reform
    return [s for s in sorted(board.spaces) if s not in exclude and test(state, board, s)]


@dataclass(frozen=True)
class Attempt:
    """One reformation or counter-reformation attempt as the action that grants it defines it.

    ``zone`` is the action's target language zone (None when it names none); ``bonus`` are extra attacker dice
    with their reasons (Printing Press, Luther's 95 Theses, a debater: 18.3 step 3, 18.4 step 3); ``die_plus`` is
    added to each attacker die in the zone (Full Bible, Calvin's Institutes: 18.3 step 4)."""

    kind: str
    zone: str | None
    bonus: tuple[str, ...] = ()
    die_plus: int = 0


@dataclass(frozen=True)
class Outcome:
    """What an attempt rolled and whether it flipped the space."""

    space: str
    attacker: tuple[int, ...]
    defender: tuple[int, ...]
    success: bool
    automatic: bool
    reason: str


def papacy_reforming(state: State) -> bool:
    """Whether the pope is Paul III or Julius III, who win counter-reformation ties in the zone (18.4)."""
    return state["rulers"].get("papacy") in REFORMING_POPES


def judge(kind: str, attacker_high: int, defender_high: int | None, in_zone: bool, reforming_pope: bool) -> bool:
    """Who wins an attempt given the highest modified dice (18.3 steps 5 and 8, 18.4 steps 5 and 8).

    ``defender_high`` is None when the defender did not roll because the attempt succeeded automatically."""
    if defender_high is None:
        return True
    if attacker_high != defender_high:
        return attacker_high > defender_high
    if kind == REFORMATION:
        return in_zone
    return in_zone and reforming_pope


def automatic(kind: str, attacker_high: int, in_zone: bool, reforming_pope: bool) -> bool:
    """An automatic success, with no defence roll (18.3 step 5: a modified 6 or more in the zone; 18.4 step 5: a
    6 in the zone under Paul III or Julius III)."""
    if not in_zone:
        return False
    if kind == REFORMATION:
        return attacker_high >= 6
    return reforming_pope and attacker_high >= 6


def attempt(state: State, board: HisMap, space: str, how: Attempt) -> Outcome:
    """Roll one attempt on ``space`` and flip it on success (18.3, 18.4). The caller has checked the target."""
    reformation = how.kind == REFORMATION
    attacker_side = b.PROTESTANT if reformation else b.CATHOLIC
    defender_side = b.CATHOLIC if reformation else b.PROTESTANT
    name = board.spaces[space].name
    base = side_dice(state, board, space, attacker_side)
    count = base.count + len(how.bonus)
    in_zone = how.zone == ANY_ZONE or (how.zone is not None and board.spaces[space].language == how.zone)
    pope = papacy_reforming(state)
    label = "reformation" if reformation else "counter-reformation"
    faces = rng.roll_many(state, f"{label} attempt in {name}: {attacker_side} {count} dice", count)
    modified = [f + (how.die_plus if in_zone else 0) for f in faces]
    if not reformation and state["events"].get("augsburg_confession"):
        modified = [f - 1 for f in modified]
    high = max(modified)
    if automatic(how.kind, high, in_zone, pope):
        flip(state, board, space, attacker_side)
        return Outcome(space, tuple(modified), (), True, True, f"{high} in the target zone: automatic success")
    defence = side_dice(state, board, space, defender_side)
    answer = rng.roll_many(state, f"{label} attempt in {name}: {defender_side} {defence.count} dice", defence.count)
    success = judge(how.kind, high, max(answer), in_zone, pope)
    if success:
        flip(state, board, space, attacker_side)
    tie = high == max(answer)
    reason = f"{high} against {max(answer)}" + (" (tie)" if tie else "")
    return Outcome(space, tuple(modified), tuple(answer), success, False, reason)


def flip(state: State, board: HisMap, space: str, side: str) -> None:
    """Turn a space to ``side``'s influence, placing an electorate's waiting regulars when it turns Protestant."""
    b.set_religion(state, space, side)
    if side == b.PROTESTANT and board.spaces[space].type == "electorate":
        release_electorate_regulars(state, space)


def release_electorate_regulars(state: State, space: str) -> int:
    """Place the Protestant regulars waiting on the electorate display for ``space`` (21.6): before the
    Schmalkaldic League whenever the electorate turns Protestant; after it only once the Protestant also controls
    it politically. Returns how many were placed."""
    waiting = state.setdefault("electorate_display", {}).get(space, 0)
    if not waiting or not state["spaces"][space]["protestant"]:
        return 0
    if state["events"].get("schmalkaldic_league") and state["spaces"][space]["control"] != b.PROTESTANT:
        return 0
    b.add_units(state, space, b.PROTESTANT, "regular", waiting)
    state["electorate_display"].pop(space)
    return int(waiting)


def protestant_spaces(state: State, board: HisMap, *, count_unrest: bool = True) -> int:
    """The number of spaces under Protestant religious influence: the Protestant Spaces track (23.2); the
    religious victory counts only those without unrest (23.1)."""
    return sum(
        1
        for s in board.spaces
        if b.religion(state, board, s) == b.PROTESTANT and (count_unrest or not b.in_unrest(state, s))
    )


# --- Theological debates (18.5) -----------------------------------------------------------------------------------


def debater_pool(state: State, debaters: Mapping[str, Any], side: str, zone: str | None, status: str) -> list[str]:
    """The debaters of ``side`` with ``status`` (uncommitted or committed); Protestant debaters only of ``zone``
    (18.5 step 2: Papal debaters debate in every zone)."""
    return sorted(
        d
        for d, info in debaters.items()
        if info.side == side
        and state["debaters"].get(d) == status
        and (side != b.PROTESTANT or zone is None or info.zone == zone)
    )


def debate_callable(state: State, debaters: Mapping[str, Any], caller: str, zone: str) -> str | None:
    """Why ``caller`` may not call a debate in ``zone`` now, or None if it may (18.1, Call Theological Debate):
    the zone must be German, English or French; a Protestant debater of the zone must be in play; the caller needs
    an uncommitted debater (the Protestant one of that zone)."""
    if zone not in DEBATE_ZONES:
        return f"debates are held in the {', '.join(DEBATE_ZONES)} zones, not {zone!r}"
    in_play = debater_pool(state, debaters, b.PROTESTANT, zone, "uncommitted") + debater_pool(
        state, debaters, b.PROTESTANT, zone, "committed"
    )
    if not in_play:
        return f"no Protestant debater of the {zone} zone is in play"
    if caller == b.PROTESTANT and state["events"].get("wartburg"):
        return "the Protestant calls no debate this turn after The Wartburg (#37)"
    if not debater_pool(state, debaters, caller, zone, "uncommitted"):
        return f"every {caller} debater{' of the ' + zone + ' zone' if caller == b.PROTESTANT else ''} is committed"
    return None


def debate_hits(faces: Sequence[int]) -> int:
    """Hits in a debate: every 5 or 6 (18.5 steps 5 and 6)."""
    return sum(1 for f in faces if f >= 5)


#: Debaters who roll one die more when they attack (18.5 step 5: Eck; Gardiner only in the English zone).
STRONG_ATTACKERS = frozenset({"eck", "gardiner"})


def attacker_debate_dice(
    state: State, debaters: Mapping[str, Any], debater: str, zone: str, *, fresh: bool = True
) -> Dice:
    """The attacker's dice (18.5 step 5): the debater's value plus 3; a Papal debater's value doubled in the English
    zone under Mary I; one more die for Eck, or Gardiner in the English zone, when ``fresh`` (uncommitted as he
    enters: 18.2, debate bonuses); one die fewer for a Papal attacker while Augsburg
    Confession is in force; the extra dice of a debate Papal Inquisition calls (card #56)."""
    info = debaters[debater]
    value = info.value
    reasons = [f"{info.name} {value}", "+3 attacking"]
    if info.side == "papal" and zone == "english" and state["rulers"].get("england") == "mary_i":
        value *= 2
        reasons.append("value doubled: England under Mary I")
    count = value + 3
    if fresh and debater in STRONG_ATTACKERS and (debater != "gardiner" or zone == "english"):
        count += 1
        reasons.append(f"+1 {info.name} attacking")
    if info.side == "papal" and state["events"].get("augsburg_confession"):
        count -= 1
        reasons.append("-1 Augsburg Confession")
    extra = int(state.get("debate_extra_dice", 0)) if info.side == "papal" else 0
    if extra:
        count += extra
        reasons.append(f"+{extra} Papal Inquisition")
    return Dice(max(count, 0), tuple(reasons))


def defender_debate_dice(debaters: Mapping[str, Any], debater: str, committed: bool) -> Dice:
    """The defender's dice (18.5 step 6): the debater's value plus 1 if committed, plus 2 if uncommitted."""
    info = debaters[debater]
    extra = 1 if committed else 2
    return Dice(info.value + extra, (f"{info.name} {info.value}", f"+{extra} {'committed' if committed else 'fresh'}"))


def burned_or_disgraced(margin: int, loser_value: int) -> bool:
    """Whether the losing debater is burned (Protestant) or disgraced (Papal): the winner's margin of hits is
    strictly greater than the loser's value (18.5 steps 9 and 10)."""
    return margin > loser_value


# --- Turn 1: Luther's 95 Theses and the Diet of Worms (18.1; seed 7 and 18) --------------------------------------

#: Luther's 95 Theses (18.1): five reformation attempts in the German zone, each with one extra die.
THESES_ATTEMPTS = 5
THESES = Attempt(REFORMATION, "german", ("+1 Luther's 95 Theses",))

#: The Protestant rolls its card's CP plus 4 dice at the Diet of Worms (18.1, step 3).
DIET_PROTESTANT_EXTRA = 4
#: A Hapsburg card drawn for the Diet that is a mandatory event counts as a 2-CP card (seed 18, Diet of Worms).
DIET_MANDATORY_CP = 2


@dataclass(frozen=True)
class DietResult:
    """The dice of the Diet of Worms and who won by how many hits (18.1 steps 3-7)."""

    protestant: tuple[int, ...]
    papacy: tuple[int, ...]
    hapsburg: tuple[int, ...]
    winner: str | None
    flips: int


def diet_of_worms(state: State, protestant_cp: int, papal_cp: int, hapsburg_cp: int) -> DietResult:
    """Roll the Diet of Worms (18.1): the Protestant rolls its card's CP + 4 dice, the Papacy and the Hapsburgs
    their cards' CP each, hits on 5 and 6, Catholic hits added together; the side with more hits flips as many
    German spaces as the difference, none on a tie."""
    prot = rng.roll_many(state, f"Diet of Worms: Protestant {protestant_cp} CP + 4", protestant_cp + 4)
    pap = rng.roll_many(state, f"Diet of Worms: Papacy {papal_cp} CP", papal_cp)
    haps = rng.roll_many(state, f"Diet of Worms: Hapsburg {hapsburg_cp} CP", hapsburg_cp)
    p_hits = debate_hits(prot)
    c_hits = debate_hits(pap) + debate_hits(haps)
    winner = None if p_hits == c_hits else (b.PROTESTANT if p_hits > c_hits else b.CATHOLIC)
    return DietResult(tuple(prot), tuple(pap), tuple(haps), winner, abs(p_hits - c_hits))


def diet_targets(state: State, board: HisMap, winner: str) -> list[str]:
    """Spaces the Diet's winner may flip next (18.1 step 5-6): German-zone spaces of the other influence adjacent
    (by connection or pass) to a space of the winner's influence; spaces flipped earlier in the same Diet count."""
    found = []
    for space in sorted(board.by_language("german")):
        current = b.religion(state, board, space)
        if current in (winner, b.OTHER):
            continue
        spot = board.spaces[space]
        if any(b.religion(state, board, n) == winner for n in spot.links | spot.passes):
            found.append(space)
    return found
