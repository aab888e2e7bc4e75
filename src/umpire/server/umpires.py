"""The name an umpire's action is recorded under (rulings WB4 and RR3-J01).

A control seat's link may be shared by the several umpires of one desk; each types their own name on the page (kept
in that browser), and the page sends it as the action's ``who``. The record keeps that name and, when it is not the
name the seat joined with, whose link it came through, so no umpire can act under another's name unseen.
"""

from __future__ import annotations

from typing import Any

MAX_NAME = 40
"""Characters kept of a name the page sends (the record's ``who`` holds at most 80)."""


def umpire_name(sent: Any, joined: str) -> str:
    """The ``who`` to record for an action the page sent as ``sent`` through a seat joined as ``joined``: the joined
    name alone when the page names nobody (or the joined name), else ``"Name (on Joined's link)"``."""
    name = " ".join(sent.split())[:MAX_NAME] if isinstance(sent, str) else ""
    if not name or name.casefold() == joined.strip().casefold():
        return joined
    return f"{name} (on {joined[:MAX_NAME]}'s link)"
