"""The Diplomacy-family adjudicator: maps as data, orders, the resolver and the JSON contract.

- :mod:`umpire.diplomacy.map`: ``load_map(name_or_path) -> GameMap`` (docs/maps.md);
- :mod:`umpire.diplomacy.orders`: order dataclasses, ``parse_order``, ``format_order``;
- :mod:`umpire.diplomacy.policy`: ``Unit``, ``Outcome`` and the ``Policy`` a variant overrides;
- :mod:`umpire.diplomacy.resolver`: ``resolve_movement`` (Kruijswijk's guess algorithm, DATC section 5);
- :mod:`umpire.diplomacy.phases`: ``resolve_retreats``, ``resolve_adjustments`` and the civil-disorder order;
- :mod:`umpire.diplomacy.contract`: ``adjudicate(case) -> answer`` and ``run_jsonl`` (docs/adjudication.md);
- :mod:`umpire.diplomacy.native`: the backend of movement phases, the native core (C, ``_cresolver``) or the
  Python reference: ``backend()`` says which is in use, ``UMPIRE_NATIVE=0`` forces Python.
- :mod:`umpire.diplomacy.fast`: the in-process fast path for bots: a ``Board`` of units read once, orders as int
  codes, ``Board.resolve(codes)`` giving per-unit facts (the contract's answers, no JSON).
"""

from __future__ import annotations

from umpire.diplomacy.contract import CaseError, adjudicate, register_variant, run_jsonl
from umpire.diplomacy.map import GameMap, MapError, load_map
from umpire.diplomacy.native import backend, set_backend
from umpire.diplomacy.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    OrderError,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
    format_order,
    parse_order,
)
from umpire.diplomacy.phases import resolve_adjustments, resolve_retreats
from umpire.diplomacy.policy import STANDARD, Outcome, Policy, Unit
from umpire.diplomacy.resolver import MovementResult, resolve_movement

__all__ = [
    "STANDARD",
    "Build",
    "CaseError",
    "Convoy",
    "Disband",
    "GameMap",
    "Hold",
    "MapError",
    "Move",
    "MovementResult",
    "Order",
    "OrderError",
    "Outcome",
    "Policy",
    "Retreat",
    "SupportHold",
    "SupportMove",
    "Unit",
    "Waive",
    "adjudicate",
    "backend",
    "format_order",
    "load_map",
    "parse_order",
    "register_variant",
    "resolve_adjustments",
    "resolve_movement",
    "resolve_retreats",
    "run_jsonl",
    "set_backend",
]
