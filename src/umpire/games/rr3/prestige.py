"""Prestige (handbook, *Prestige*): the causes that raise or lower a team's standing and the chart of relative
prestige that Political Control updates each turn.

The handbook lists the causes but gives no points; Control awards them. The table here gives each cause a
default award and a cap on a single award (RR3-D08, umpire's own figures); an award outside the cap is refused unless
Control marks it ``exceptional``. Decisions are in ``docs/rulings/rr3.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

DIPLOMATIC_SUCCESS = "diplomatic_success"
MILITARY_VICTORY = "military_victory"
GOOD_MARRIAGE = "good_marriage"
RELIGIOUS_ACT = "religious_act"
DISPLAY_OF_WEALTH = "display_of_wealth"
FAMILY_DEALINGS = "family_dealings"
CONTROL_DISCRETION = "control_discretion"


@dataclass(frozen=True)
class Cause:
    key: str
    handbook: str
    """The handbook's wording."""
    default: int
    """The usual size of an award (gain or loss) for this cause (RR3-D08)."""
    cap: int
    """The largest single award, up or down, without an ``exceptional`` ruling (RR3-D08)."""


CAUSES: dict[str, Cause] = {
    c.key: c
    for c in (
        Cause(DIPLOMATIC_SUCCESS, "Diplomatic Success", 1, 3),
        Cause(MILITARY_VICTORY, "Military victory", 1, 3),
        Cause(GOOD_MARRIAGE, "Good marriages", 1, 2),
        Cause(RELIGIOUS_ACT, "Religious acts", 1, 2),
        Cause(DISPLAY_OF_WEALTH, "Great displays of wealth (this is the renaissance)", 1, 2),
        Cause(FAMILY_DEALINGS, "Dealings with family members", 1, 2),
        Cause(CONTROL_DISCRETION, "Anything else which the Control team think appropriate", 1, 3),
    )
}


@dataclass(frozen=True)
class Award:
    """``points`` (negative for a loss) to ``team`` for ``cause``; ``None`` takes the cause's default gain."""

    team: str
    cause: str
    points: int | None = None
    note: str = ""
    exceptional: bool = False

    def value(self) -> int:
        if self.cause not in CAUSES:
            raise ValueError(f"{self.cause!r} is not a cause of prestige (one of {sorted(CAUSES)})")
        cause = CAUSES[self.cause]
        points = cause.default if self.points is None else self.points
        if abs(points) > cause.cap and not self.exceptional:
            raise ValueError(
                f"{self.team}: {points:+d} for {cause.handbook!r} exceeds the cap of {cause.cap} (mark exceptional)"
            )
        return points


@dataclass(frozen=True)
class TurnAccount:
    chart: dict[str, int]
    """The prestige chart after the turn's awards."""
    by_cause: dict[str, dict[str, int]]
    """For each team, its net points this turn by cause."""


def account(chart: Mapping[str, int], awards: Iterable[Award]) -> TurnAccount:
    """Apply a turn's awards to the chart (handbook: "A chart showing the relative prestige of each team/group
    will be updated each turn"). Teams not yet on the chart start at 0; prestige may go negative (RR3-D09)."""
    new = dict(chart)
    by_cause: dict[str, dict[str, int]] = {}
    for a in awards:
        v = a.value()
        new[a.team] = new.get(a.team, 0) + v
        line = by_cause.setdefault(a.team, {})
        line[a.cause] = line.get(a.cause, 0) + v
    return TurnAccount(new, by_cause)


def ranking(chart: Mapping[str, int]) -> list[tuple[int, str, int]]:
    """The relative prestige chart: ``(rank, team, prestige)``, highest first; equal prestige shares a rank
    (competition ranking: 1, 1, 3) and is listed by name."""
    ordered = sorted(chart.items(), key=lambda kv: (-kv[1], kv[0]))
    out: list[tuple[int, str, int]] = []
    for i, (team, points) in enumerate(ordered):
        rank = out[-1][0] if out and out[-1][2] == points else i + 1
        out.append((rank, team, points))
    return out


def revolt_modifier(chart: Mapping[str, int], team: str) -> int:
    """Handbook, *Prestige*: high prestige brings "less chance of revolt". RR3-D10: the team(s) ranked first on the
    chart take -1 on the revolt index (``finance.subsidy_outcome(revolt_modifier=...)``), the team(s) ranked
    last +1, provided the chart is not all equal; everyone else 0."""
    if team not in chart or len(set(chart.values())) < 2:
        return 0
    if chart[team] == max(chart.values()):
        return -1
    if chart[team] == min(chart.values()):
        return 1
    return 0


def revenue_bonus(chart: Mapping[str, int], team: str) -> int:
    """Handbook, *Prestige*: "The rewards of high prestige can include increased chances of raising revenue".
    RR3-H03: the team(s) ranked first on the chart add 1 florin to each revenue card they play (before a revolt or
    phase 4 halves it), provided the chart is not all equal; no one else gains or loses."""
    if team not in chart or len(set(chart.values())) < 2:
        return 0
    return 1 if chart[team] == max(chart.values()) else 0
