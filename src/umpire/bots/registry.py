"""Bots by ruleset and level: what the server and the CLI ask for when a seat needs "a bot at this level".

Each ruleset with bots registers a factory ``level -> Bot`` and its levels, weakest first, and may give each level
a line saying how strong it is (``notes``, shown where a seat's bot is chosen). Standard Diplomacy is built in;
another ruleset's bot module (one of :data:`BOT_MODULES`, imported on first use and skipped while it does not
exist) either calls :func:`register_bots` or defines ``LEVELS`` and ``make_bot(level)`` (and optionally
``LEVEL_NOTES``), and is then registered under its module name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from umpire.kernel.bots import Bot
from umpire.kernel.once import Once

#: Modules imported on first use; each may call :func:`register_bots` for its ruleset.
BOT_MODULES: tuple[str, ...] = ("umpire.bots.europe1615", "umpire.bots.his2p", "umpire.bots.empires2")


@dataclass(frozen=True)
class BotFamily:
    """The bots of one ruleset: its levels (weakest first), the default level, how to make one, and a line per
    level saying how strong it is (where known)."""

    ruleset: str
    levels: tuple[str, ...]
    default: str
    factory: Callable[[str], Bot]
    notes: Mapping[str, str] = field(default_factory=dict)


_FAMILIES: dict[str, BotFamily] = {}


def register_bots(
    ruleset: str,
    levels: tuple[str, ...],
    factory: Callable[[str], Bot],
    default: str = "",
    notes: Mapping[str, str] | None = None,
) -> None:
    """Register ``factory`` as the maker of ``ruleset``'s bots at each of ``levels`` (``notes``: level -> a line
    saying how strong it is)."""
    if not levels:
        raise ValueError(f"bots for {ruleset!r} need at least one level")
    chosen = default or levels[-1]
    if chosen not in levels:
        raise ValueError(f"default level {chosen!r} is not one of {', '.join(levels)}")
    unknown = sorted(set(notes or {}) - set(levels))
    if unknown:
        raise ValueError(f"notes for unknown levels {', '.join(unknown)}; levels: {', '.join(levels)}")
    _FAMILIES[ruleset] = BotFamily(ruleset, tuple(levels), chosen, factory, dict(notes or {}))


def _register_all() -> None:
    from umpire.bots.diplomacy import LEVEL_NOTES, LEVELS, make_bot

    register_bots("standard", LEVELS, make_bot, default="normal", notes=LEVEL_NOTES)
    for module in BOT_MODULES:
        try:
            loaded = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name == module:
                continue  # that ruleset's bots are not written yet
            raise
        name = module.rsplit(".", 1)[-1]
        make, known = getattr(loaded, "make_bot", None), getattr(loaded, "LEVELS", None)
        if name not in _FAMILIES and callable(make) and known:
            register_bots(name, tuple(known), make, notes=getattr(loaded, "LEVEL_NOTES", None))


#: Every ruleset's bots registered once, whole, whichever threads ask first (:class:`~umpire.kernel.once.Once`).
_load = Once(_register_all).run


def family(ruleset: str) -> BotFamily:
    """The bots of ``ruleset``, or ValueError naming the rulesets that have bots."""
    _load()
    try:
        return _FAMILIES[ruleset]
    except KeyError:
        known = ", ".join(sorted(_FAMILIES)) or "none"
        raise ValueError(f"no bots for ruleset {ruleset!r}; rulesets with bots: {known}") from None


def levels(ruleset: str) -> tuple[str, ...]:
    """The levels of ``ruleset``'s bots, weakest first."""
    return family(ruleset).levels


def bot_for(ruleset: str, level: str | None = None) -> Bot:
    """A bot for a seat of ``ruleset`` at ``level`` (the ruleset's default level when None)."""
    fam = family(ruleset)
    chosen = fam.default if level is None else level
    if chosen not in fam.levels:
        raise ValueError(f"unknown bot level {chosen!r} for {ruleset}; levels: {', '.join(fam.levels)}")
    return fam.factory(chosen)


def notes(ruleset: str) -> dict[str, str]:
    """How strong each level of ``ruleset``'s bots is, in a line (levels without a line are left out)."""
    return dict(family(ruleset).notes)


def rulesets_with_bots() -> list[str]:
    """The rulesets that have registered bots."""
    _load()
    return sorted(_FAMILIES)
