"""What the map drawing shows: a plain description of one game state, independent of any game's rules.

The caller decides what goes in (and, for hidden information such as INF, what a given viewer may see); the
renderer draws exactly what it is given and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

MinorStatus = Literal["aligned", "neutral", "unaligned"]
#: A religious marker, by the cross drawn: ``protestant`` orange, ``catholic`` blue, ``grey`` the dark grey cross of a
#: confession suspended (in Europe 1615, while the state is held by a foreign state), ``white`` the white cross of
#: the Ecclesiastical reservation.
Religion = Literal["protestant", "catholic", "grey", "white"]

MINOR_STATUSES: tuple[MinorStatus, ...] = ("aligned", "neutral", "unaligned")
RELIGIONS: tuple[Religion, ...] = ("protestant", "catholic", "grey", "white")


@dataclass(frozen=True)
class Unit:
    """A unit on the board: ``kind`` ``"A"`` (army) or ``"F"`` (fleet) at ``location`` (``"LON"``, ``"STP/NC"``)."""

    kind: Literal["A", "F"]
    location: str
    owner: str
    dislodged: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("A", "F"):
            raise ValueError(f"unit kind must be 'A' or 'F', not {self.kind!r}")

    @property
    def province(self) -> str:
        return self.location.split("/", 1)[0]

    @property
    def coast(self) -> str | None:
        parts = self.location.split("/", 1)
        return parts[1] if len(parts) == 2 else None

    @classmethod
    def parse(cls, text: str, owner: str, dislodged: bool = False) -> Unit:
        """``Unit.parse("F STP/NC", "RUSSIA")``: a unit in order notation."""
        kind, _, location = text.strip().partition(" ")
        if kind not in ("A", "F") or not location.strip():
            raise ValueError(f"not a unit in order notation: {text!r}")
        return cls(kind, location.strip().upper(), owner, dislodged)  # type: ignore[arg-type]


@dataclass(frozen=True)
class MinorState:
    """A minor state as drawn: its provinces, its status, whom it is aligned with, and its religious markers.

    ``markers`` may hold more than one cross (a white and a blue one, say). ``seat`` is the province where the
    status badge and the crosses are drawn (default: its first province that is a centre, else its first).
    ``colour`` fills its provinces where no owner is given for them.
    """

    name: str
    provinces: tuple[str, ...]
    status: MinorStatus
    aligned_with: str | None = None
    markers: tuple[Religion, ...] = ()
    colour: str | None = None
    seat: str | None = None

    def __post_init__(self) -> None:
        if self.status not in MINOR_STATUSES:
            raise ValueError(f"{self.name}: status must be one of {MINOR_STATUSES}, not {self.status!r}")
        for marker in self.markers:
            if marker not in RELIGIONS:
                raise ValueError(f"{self.name}: a religious marker must be one of {RELIGIONS}, not {marker!r}")
        if self.status == "aligned" and not self.aligned_with:
            raise ValueError(f"{self.name}: an aligned minor state needs `aligned_with`")


@dataclass(frozen=True)
class InfView:
    """The INF totals one viewer may see: ``totals[minor][power]``. Only what is here is drawn."""

    viewer: str
    totals: Mapping[str, Mapping[str, int]]


@dataclass
class MapState:
    """One game state to draw.

    - ``units``: every unit on the board.
    - ``centre_owners``: centre province -> owner id (a power of the map, or a minor state's id).
    - ``province_owners``: province -> owner id, for the province's fill colour (control).
    - ``minors``: minor state id -> :class:`MinorState`.
    - ``colours``: owner id -> colour, for owners the map file does not colour (or to override it).
    - ``names``: owner id -> display name, likewise.
    """

    title: str = ""
    units: list[Unit] = field(default_factory=list)
    centre_owners: dict[str, str] = field(default_factory=dict)
    province_owners: dict[str, str] = field(default_factory=dict)
    minors: dict[str, MinorState] = field(default_factory=dict)
    colours: dict[str, str] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_orders(
        cls,
        units: Mapping[str, list[str]],
        centres: Mapping[str, list[str]],
        *,
        title: str = "",
        colour_home_provinces: Mapping[str, Mapping[str, Any]] | None = None,
        territories: Mapping[str, list[str]] | None = None,
        **kwargs: Any,
    ) -> MapState:
        """Build a state from per-owner lists in order notation, as in a map file's ``start`` section.

        With ``colour_home_provinces`` (a map's ``provinces``), every province whose ``home`` is a power is
        coloured as that power's; with ``territories`` (``{owner: [province, ...]}``), those provinces too.
        """
        state = cls(title=title, **kwargs)
        for owner, provinces in (territories or {}).items():
            for pid in provinces:
                state.province_owners.setdefault(pid, owner)
        for owner, texts in units.items():
            state.units.extend(Unit.parse(t, owner) for t in texts)
        for owner, provinces in centres.items():
            for pid in provinces:
                state.centre_owners[pid] = owner
        if colour_home_provinces:
            for pid, p in colour_home_provinces.items():
                home = p.get("home")
                if home:
                    state.province_owners.setdefault(pid, str(home))
        for pid, owner in state.centre_owners.items():
            state.province_owners.setdefault(pid, owner)
        return state

    @classmethod
    def start(cls, game_map: Mapping[str, Any], *, title: str = "", **kwargs: Any) -> MapState:
        """The starting position of a map file (``start.units`` and ``start.centers``).

        Home centres are coloured as their power's, and so are the provinces a top-level ``territories`` section
        (``{power: [province, ...]}``, as in Europe 1615's map) gives a power, if the map has one.
        """
        start = game_map.get("start", {})
        territories = game_map.get("territories")
        if isinstance(territories, Mapping):
            kwargs.setdefault(
                "territories",
                {str(k): [str(p) for p in v] for k, v in territories.items() if isinstance(v, list)},
            )
        return cls.from_orders(
            start.get("units", {}),
            start.get("centers", {}),
            title=title or f"{game_map.get('name', game_map.get('id', ''))}: start",
            colour_home_provinces=game_map.get("provinces", {}),
            **kwargs,
        )
