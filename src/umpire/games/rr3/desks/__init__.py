"""The procedures each control desk runs, one module per domain; importing this package registers them all with
:mod:`umpire.games.rr3.desk` (requests, direct actions, settlers and phase hooks)."""

from umpire.games.rr3.desks import (
    answers,
    armies,
    characters,
    control,
    finance,
    movement,
    navies,
    nonplayed,
    nonplayed_armies,
    politics,
    recruitment,
    religion,
    sieges,
    succession,
    tables,
    treaties,
)

__all__ = [
    "answers",
    "armies",
    "characters",
    "control",
    "finance",
    "movement",
    "navies",
    "nonplayed",
    "nonplayed_armies",
    "politics",
    "recruitment",
    "religion",
    "sieges",
    "succession",
    "tables",
    "treaties",
]
