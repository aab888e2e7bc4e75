"""Europe 1615 scoring: the round score, the round winner, victory and the forced draws.

Seed 003, "SCORING PHASE", "VICTORY CONDITIONS" and "CONDITIONS TO FORCE AN AUTOMATIC DRAW".  Pure functions
over plain data; minor states are described by :class:`MinorScoring` (``MinorScoring.from_json`` reads a dict).
Decisions on ambiguous rules: ``docs/rulings/europe1615.md`` (E1615-xx).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from umpire.games.europe1615.influence import CATHOLIC, PAPAL_STATES, PROTESTANT, Confession, confession_of

__all__ = [
    "ALIGNMENT_BASE",
    "MARKER_VP",
    "OTTOMAN",
    "ROME",
    "ROUNDS_TO_WIN",
    "GameEnd",
    "MinorScoring",
    "Score",
    "alignment_value",
    "capture_points",
    "game_end",
    "marker_points",
    "round_winner",
    "score_round",
]

#: "Alignment value: Twelve plus the value shown in the center".
ALIGNMENT_BASE = 12
#: "each Protestant power receives 10 VPs for each Protestant marker".
MARKER_VP = 10
#: "Victor by rounds: The power that wins 5 rounds".
ROUNDS_TO_WIN = 5
#: The nation id of the Ottoman Empire and the province id of Rome, as the engine names them.
OTTOMAN = "OTTOMAN"
ROME = "ROM"


def capture_points(held_centres: Iterable[str], home_centres: Collection[str], values: Mapping[str, int]) -> int:
    """VPs for captures: the value of each centre a power holds beyond its home centres.  Seed, "SCORING PHASE"
    ("Scoring depends on the capture of centers (beyond home centers)") and "Capture value"; e.g. Denmark holding
    Saxony scores 5 VPs (and gains 5 INFs, see ``influence.yearly_allocation``)."""
    return sum(values[c] for c in set(held_centres) if c not in home_centres)


def alignment_value(dominion_centres: Iterable[str], values: Mapping[str, int]) -> int:
    """VPs for an alignment: twelve plus the values of every centre in the minor state's dominion (its own and
    those it has acquired).  Seed, "Alignment value" and "Explanation and examples": Saxony 12 + 5 = 17;
    Brandenburg holding Mecklenburg 12 + 2 + 1 = 15; Poland 12 + 9 + 3 = 24; a state without centres
    (Switzerland, Franconia, Morocco) is still worth 12 ("Players may still score on alignment"; ruling
    E1615-C10)."""
    return ALIGNMENT_BASE + sum(values[c] for c in set(dominion_centres))


@dataclass(frozen=True, slots=True)
class MinorScoring:
    """What scoring needs to know of one minor state (or of Sweden, Poland, the Ottomans).

    ``independent``: a pliant state not captured by a foreign unit; ``dominion``: the centres it holds (its own
    and those acquired); ``aligned_to``: the power it is aligned with, if any; ``marker``: its confessional marker;
    ``white``: under Ecclesiastical reservation; ``ottoman``: the Ottoman Empire (never scores alignment)."""

    id: str
    independent: bool = True
    dominion: tuple[str, ...] = ()
    aligned_to: str | None = None
    marker: Confession | None = None
    white: bool = False
    ottoman: bool = False

    @property
    def is_ottoman(self) -> bool:
        return self.ottoman or self.id == OTTOMAN

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MinorScoring:
        marker = data.get("marker")
        if marker not in (None, PROTESTANT, CATHOLIC):
            raise ValueError(f"minor {data.get('id')!r}: marker must be 'protestant', 'catholic' or null")
        return cls(
            id=str(data["id"]),
            independent=bool(data.get("independent", True)),
            dominion=tuple(data.get("dominion", ())),
            aligned_to=data.get("aligned_to"),
            marker=marker,
            white=bool(data.get("white", False)),
            ottoman=bool(data.get("ottoman", False)),
        )


@dataclass(frozen=True, slots=True)
class Score:
    """One power's score for a round, with its parts and one line per item for the report."""

    power: str
    captures: int = 0
    alignments: int = 0
    markers: int = 0
    lines: tuple[str, ...] = field(default=())

    @property
    def total(self) -> int:
        return self.captures + self.alignments + self.markers


def marker_points(
    power: str, minors: Iterable[MinorScoring], confessions: Mapping[str, Confession] | None = None
) -> tuple[int, list[str]]:
    """10 VPs for each marker of the power's confession in an independent pliant minor state.  Seed, "Scoring from
    religious markers": every power of the confession scores each such marker; Catholics do not score the Papal
    States (permanently Catholic); white crosses are not counted (they are no confessional marker; a Catholic
    marker beside one still counts, ruling E1615-C11); captured states carry grey crosses and do not count."""
    conf = confession_of(power, confessions)
    points, lines = 0, []
    for minor in minors:
        if not minor.independent or minor.is_ottoman or minor.marker is None or minor.marker != conf:
            continue
        if minor.id == PAPAL_STATES:
            continue
        points += MARKER_VP
        lines.append(f"{minor.marker} marker in {minor.id}: {MARKER_VP}")
    return points, lines


def score_round(
    powers: Iterable[str],
    *,
    held: Mapping[str, Collection[str]],
    homes: Mapping[str, Collection[str]],
    values: Mapping[str, int],
    minors: Iterable[MinorScoring],
    eliminated: Collection[str] = (),
    confessions: Mapping[str, Confession] | None = None,
) -> dict[str, Score]:
    """Every power's score for the round (one year).  Seed, "SCORING PHASE":

    - captures: the value of each centre held beyond the home centres (:func:`capture_points`);
    - alignments: for each independent minor state aligned with the power, twelve plus its dominion's values
      (:func:`alignment_value`); none for the Ottomans; none for a captured state ("this rewards system only
      applies for minor states that have not been captured by a foreign unit");
    - religious markers: :func:`marker_points`.

    Scores do not carry over between rounds.  An eliminated power scores nothing ("all scores are ceded";
    ruling E1615-C12).
    """
    minor_list = list(minors)
    scores: dict[str, Score] = {}
    for power in powers:
        if power in eliminated:
            scores[power] = Score(power, lines=("eliminated: no score",))
            continue
        lines: list[str] = []
        homeset = homes.get(power, ())
        captures = 0
        for centre in sorted(set(held.get(power, ())) - set(homeset)):
            captures += values[centre]
            lines.append(f"capture of {centre}: {values[centre]}")
        alignments = 0
        for minor in minor_list:
            if minor.aligned_to != power or not minor.independent or minor.is_ottoman:
                continue
            worth = alignment_value(minor.dominion, values)
            alignments += worth
            lines.append(f"alignment of {minor.id}: {worth}")
        marks, mark_lines = marker_points(power, minor_list, confessions)
        scores[power] = Score(power, captures, alignments, marks, (*lines, *mark_lines))
    return scores


def round_winner(scores: Mapping[str, int]) -> str | None:
    """The winner of the round: the single highest score.  Seed, "Scoring metric": "If ties occur for the top
    score, then no winner is declared for the round".  An empty mapping has no winner."""
    if not scores:
        return None
    top = max(scores.values())
    best = [p for p, s in scores.items() if s == top]
    return best[0] if len(best) == 1 else None


EndKind = Literal["victory", "draw"]


@dataclass(frozen=True, slots=True)
class GameEnd:
    """How the game ended: ``victory`` of one power or ``draw`` between ``powers``, and why."""

    kind: EndKind
    powers: tuple[str, ...]
    reason: str


def game_end(
    *,
    alive: Collection[str],
    rounds_won: Mapping[str, int],
    rome_owner: str | None = None,
    ottoman_centres: Collection[str] = (),
    islamic_centres: Collection[str] = (),
    confessions: Mapping[str, Confession] | None = None,
    rounds_to_win: int = ROUNDS_TO_WIN,
) -> GameEnd | None:
    """Whether the game ends now (checked after each scoring phase; the Rome conditions also whenever Rome
    changes hands).  Seed, "VICTORY CONDITIONS" and "CONDITIONS TO FORCE AN AUTOMATIC DRAW", checked in this
    order (ruling E1615-C13):

    1. a Protestant power that captures Rome wins ("Automatic Protestant victory");
    2. an Ottoman capture of Rome: the remaining Protestant powers draw; if only one Protestant power remains,
       all remaining powers draw;
    3. all Protestant powers eliminated: the remaining Catholic powers draw; all Catholic powers eliminated: the
       remaining Protestant powers draw;
    4. the Ottomans hold 5 Christian centres and 7 or more centres in all: the remaining powers draw
       ("Christian" = not in ``islamic_centres``; ruling E1615-C14);
    5. a power has won ``rounds_to_win`` (5) rounds ("Victor by rounds").

    ``alive``: the great powers not eliminated; ``rome_owner``: the power (or ``OTTOMAN``) holding Rome.
    """
    living = sorted(alive)
    prot = [p for p in living if confession_of(p, confessions) == PROTESTANT]
    cath = [p for p in living if confession_of(p, confessions) == CATHOLIC]
    if rome_owner is not None and rome_owner in living and confession_of(rome_owner, confessions) == PROTESTANT:
        return GameEnd("victory", (rome_owner,), f"{rome_owner}, a Protestant power, captured Rome")
    if rome_owner == OTTOMAN and prot:
        if len(prot) == 1:
            return GameEnd("draw", tuple(living), "the Ottomans captured Rome with one Protestant power left")
        return GameEnd("draw", tuple(prot), "the Ottomans captured Rome: the Protestant powers draw")
    if not prot and cath:
        return GameEnd("draw", tuple(cath), "all Protestant powers are eliminated")
    if not cath and prot:
        return GameEnd("draw", tuple(prot), "all Catholic powers are eliminated")
    christian = [c for c in set(ottoman_centres) if c not in islamic_centres]
    if len(christian) >= 5 and len(set(ottoman_centres)) >= 7:
        return GameEnd(
            "draw",
            tuple(living),
            f"the Ottomans hold {len(christian)} Christian centres, {len(set(ottoman_centres))} in all",
        )
    winners = [p for p in living if rounds_won.get(p, 0) >= rounds_to_win]
    if winners:
        best = max(winners, key=lambda p: rounds_won[p])
        return GameEnd("victory", (best,), f"{best} has won {rounds_won[best]} rounds")
    return None
