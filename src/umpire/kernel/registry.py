"""The ruleset registry: each game system is a module registered by name with its scenarios and options."""

from __future__ import annotations

import importlib

from umpire.kernel.errors import UnknownRuleset
from umpire.kernel.once import Once
from umpire.kernel.ruleset import Ruleset

#: Modules that define the built-in rulesets; each calls :func:`register` when imported.
BUILTIN_MODULES: tuple[str, ...] = (
    "umpire.games.standard",
    "umpire.games.europe1615.rules",
    "umpire.games.rr3.rules",
    "umpire.games.his2p.rules",
    "umpire.games.empires2.rules",
)

_REGISTRY: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset under its ``info.name``; registering a second one under the same name is an error."""
    name = ruleset.info.name
    if name in _REGISTRY and type(_REGISTRY[name]) is not type(ruleset):
        raise ValueError(f"a ruleset named {name!r} is already registered")
    _REGISTRY[name] = ruleset
    return ruleset


def _import_builtins() -> None:
    for module in BUILTIN_MODULES:
        importlib.import_module(module)


#: The built-in modules imported once, whole, whichever threads ask first (:class:`~umpire.kernel.once.Once`).
_load_builtins = Once(_import_builtins).run


def get(name: str) -> Ruleset:
    """The ruleset registered as ``name``, or UnknownRuleset naming the ones there are."""
    _load_builtins()
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise UnknownRuleset(f"unknown ruleset {name!r}; known rulesets: {known}") from None


def available() -> list[Ruleset]:
    """Every registered ruleset, by name."""
    _load_builtins()
    return [_REGISTRY[name] for name in sorted(_REGISTRY)]
