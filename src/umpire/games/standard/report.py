"""A readable text report of a standard Diplomacy game: each phase's orders with results, and centre counts."""

from __future__ import annotations

from typing import Any

SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}
KINDS = {"M": "movement", "R": "retreats", "A": "adjustments"}


def phase_title(phase: str) -> str:
    """``S1901M`` -> ``Spring 1901 movement`` (a code of another form is given back as it is)."""
    if len(phase) != 6 or phase[0] not in SEASONS or phase[-1] not in KINDS or not phase[1:5].isdigit():
        return phase
    return f"{SEASONS[phase[0]]} {phase[1:5]} {KINDS[phase[-1]]}"


def phase_report(entry: dict[str, Any]) -> list[str]:
    """The lines reporting one resolved phase of ``state["history"]``."""
    lines = [phase_title(entry["phase"])]
    for power in sorted(entry["results"]):
        for result in entry["results"][power]:
            mark = {"succeeds": " ", "fails": "x", "void": "!"}[result["result"]]
            lines.append(f"  {mark} {power:<8} {result['order']:<24} {result['reason']}")
    return lines


def centre_table(centers: dict[str, list[str]]) -> str:
    """One line: each power's number of centres, largest first."""
    counts = sorted(((len(cs), p) for p, cs in centers.items()), reverse=True)
    return "  ".join(f"{p} {n}" for n, p in counts)


def game_report(state: dict[str, Any]) -> str:
    """The whole game: every phase and the centre counts now (why it ended is ``umpire.cli.outcome.end_reason``)."""
    lines: list[str] = []
    for entry in state["history"]:
        lines.extend(phase_report(entry))
    lines.append("")
    lines.append(f"Centres now ({phase_title(state['phase'])}): {centre_table(state['centers'])}")
    return "\n".join(lines)
