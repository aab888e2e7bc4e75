"""``umpire view`` on a terminal: a short readable summary of one role's view (the whole view is ``--json``).

A generic part (phase, whom the game waits for, what the role may do, the end) and a part per ruleset for what its
view holds: units and centres (standard), units, INFs, minor states and the submission (Europe 1615), the team
sheet or the desk (Renaissance and Reformation III). Only what the view holds is shown, so nothing leaks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from umpire.cli.outcome import end_reason, listing, phase_words, result_counts, submission_errors
from umpire.kernel.ruleset import View

#: Lines of a long report shown before "… and N more lines".
REPORT_LINES = 12
#: Up to this many legal actions are shown with their labels; more, by their names only.
LABELLED_ACTIONS = 6


def view_text(view: View) -> str:
    """The summary of ``view``, a few lines, ending with the actions the role may take now."""
    role = str(view.get("role"))
    lines = [f"{view.get('ruleset')} game, seen by {role}: {phase_line(view)}"]
    if view.get("over"):
        lines.append(f"The game is over: {end_reason(view)}")
    part = RULESET_PARTS.get(str(view.get("ruleset")), generic_lines)
    lines.extend(part(view, role))
    lines.append(ACTION_LINES.get(str(view.get("ruleset")), actions_line)(view))
    return "\n".join(lines)


def phase_line(view: View) -> str:
    """The phase, whom the game waits for, and whether the role is ready."""
    text = phase_words(view, view.get("phase"))
    waiting = view.get("waiting_for")
    if isinstance(waiting, list) and waiting:
        text += f"; waiting for {listing([str(w) for w in waiting], 10)}"
    if "ready" in view:
        text += "; you are ready" if view["ready"] else "; you are not ready"
    return text


def actions_line(view: View) -> str:
    """``You may: orders for FRANCE (F BRE, A MAR), ready`` — the legal actions in brief."""
    actions = [a for a in view.get("actions") or [] if isinstance(a, dict)]
    if not actions:
        return "You may: nothing now"
    return "You may: " + ", ".join(brief_action(a, labelled=len(actions) <= LABELLED_ACTIONS) for a in actions)


def brief_action(action: dict[str, Any], labelled: bool = True) -> str:
    """One legal action in a few words (its label too when ``labelled``)."""
    kind = str(action.get("type"))
    orderable = action.get("orderable")
    if kind == "orders" and isinstance(orderable, dict):
        return f"orders for {action.get('power')} ({orderable_text(orderable)})"
    if kind == "ready":
        return "ready" if action.get("ready", True) else "not ready"
    label = action.get("label")
    return f"{kind} ({label})" if label and labelled else kind


def orderable_text(orderable: dict[str, Any]) -> str:
    """What a standard power must order: units, retreats, builds or disbands."""
    if "retreats" in orderable:
        retreats = orderable["retreats"]
        return "retreat " + listing([f"{u} to {'/'.join(map(str, t)) or 'nowhere'}" for u, t in retreats.items()])
    if "builds" in orderable:
        return f"build {orderable['builds']} in {listing(orderable.get('build_sites', [])) or 'no free home centre'}"
    if "disbands" in orderable:
        return f"disband {orderable['disbands']} of {listing(orderable.get('units', []), 20)}"
    return listing(orderable.get("units", []), 20)


def routine(line: str) -> bool:
    """A Europe 1615 report line that only says a unit held, or a minor state stayed unaligned."""
    return line.endswith(("(holds)", "it holds", ": UNALIGNED"))


def report_excerpt(text: str, role: str, own: bool) -> list[str]:
    """The report's lines (only those naming ``role`` when ``own``), cut to :data:`REPORT_LINES`."""
    lines = [line for line in text.splitlines() if line.strip() and not routine(line)]
    if own:
        lines = [line for line in lines if role in line or line.startswith("==")]
    shown = ["  " + line for line in lines[:REPORT_LINES]]
    if len(lines) > REPORT_LINES:
        shown.append(f"  … and {len(lines) - REPORT_LINES} more lines (--json shows the whole view)")
    return shown


# --- standard Diplomacy -----------------------------------------------------------------------------------------


def standard_lines(view: View, role: str) -> list[str]:
    units: dict[str, list[str]] = view.get("units") or {}
    centers: dict[str, list[str]] = view.get("centers") or {}
    lines = []
    if role in units or role in centers:
        own = centers.get(role, [])
        lines.append(f"Your units: {', '.join(units.get(role, [])) or 'none'}")
        lines.append(f"Your centres ({len(own)}): {', '.join(own) or 'none'}")
        dislodged = (view.get("dislodged") or {}).get(role)
        if dislodged:
            lines.append(f"Dislodged: {', '.join(dislodged)}")
    else:
        counts = sorted(((len(cs), p) for p, cs in centers.items() if cs), reverse=True)
        lines.append("Centres: " + ", ".join(f"{p} {n}" for n, p in counts))
        for power in sorted(units):
            lines.append(f"  {power}: {', '.join(units[power]) or 'no units'}")
    for power, orders in (view.get("orders") or {}).items():
        lines.append(f"Orders for {power}: {'; '.join(orders) or 'none yet'}")
    history = view.get("history") or []
    if history:
        last = history[-1]
        lines.append(f"Last results ({last.get('phase')}, {result_counts([last])}):")
        for power in sorted(last.get("results") or {}):
            if power == role or role not in units:
                for result in last["results"][power]:
                    lines.append(f"  {power} {result['order']}: {result['result']} ({result['reason']})")
    return lines[: 12 + REPORT_LINES]


# --- Europe 1615 ------------------------------------------------------------------------------------------------


def europe1615_lines(view: View, role: str) -> list[str]:
    units = [u for u in (view.get("units") or {}).values() if isinstance(u, dict)]
    lines = []
    seat = role in (view.get("allocation") or {})
    if seat:
        own = [f"{u.get('kind')} {u.get('loc')}" for u in units if u.get("nation") == role]
        lines.append(f"Your units: {', '.join(own) or 'none'}")
        lines.append(f"INFs left: {view.get('inf_left')}; your INFs: {inf_text(view.get('my_inf'))}")
    else:
        per_power: dict[str, int] = {}
        for unit in units:
            per_power[str(unit.get("nation"))] = per_power.get(str(unit.get("nation")), 0) + 1
        great = sorted(view.get("allocation") or {})
        lines.append("Units: " + ", ".join(f"{p} {per_power.get(p, 0)}" for p in great))
    lines.append(f"Minor states: {status_text(view.get('status') or {})}")
    rounds = view.get("rounds_won") or {}
    lines.append("Rounds won: " + (", ".join(f"{p} {n}" for p, n in sorted(rounds.items())) or "none"))
    submission = view.get("submission")
    if isinstance(submission, dict):
        text = [line.strip() for line in str(submission.get("text", "")).splitlines() if line.strip()]
        lines.append(f"Your submission: {' | '.join(text) or 'empty'}")
        for error in submission_errors(view):
            lines.append(f"  refused line {error.get('line')}: {error.get('message')}")
    report = view.get("report")
    if isinstance(report, str) and report.strip():
        lines.append("Last report" + (" (your lines):" if seat else ":"))
        lines.extend(report_excerpt(report, role, seat))
    return lines


def inf_text(inf: Any) -> str:
    if not isinstance(inf, dict) or not inf:
        return "none deployed"
    return ", ".join(f"{minor} {amount}" for minor, amount in sorted(inf.items()))


def status_text(status: dict[str, Any]) -> str:
    """``ALIGNED: WUR (FRANCE); UNALIGNED: 30`` — the minor states grouped by status."""
    groups: dict[str, list[str]] = {}
    for minor, st in sorted(status.items()):
        kind = str(st.get("kind")) if isinstance(st, dict) else str(st)
        who = st.get("power") if isinstance(st, dict) else None
        groups.setdefault(kind, []).append(f"{minor} ({who})" if who else minor)
    parts = []
    for kind, minors in sorted(groups.items()):
        parts.append(f"{kind} {len(minors)}" if kind == "UNALIGNED" else f"{kind}: {listing(minors, 10)}")
    return "; ".join(parts) or "none"


# --- Renaissance and Reformation III ----------------------------------------------------------------------------


def rr3_lines(view: View, role: str) -> list[str]:
    lines = []
    clock = view.get("clock") or {}
    if clock:
        paused = ", paused" if clock.get("paused") else ""
        lines.append(
            f"Clock: turn {clock.get('turn')}, phase {clock.get('phase')}, ends at {clock.get('ends_at')}{paused}"
        )
    team = view.get("team")
    if isinstance(team, dict):
        lines.extend(team_lines(team))
    desk = view.get("desk")
    if isinstance(desk, dict):
        lines.extend(desk_lines(desk))
    control = view.get("game_control")
    if isinstance(control, dict) and isinstance(control.get("pending"), dict):
        pending = [f"{d} {n}" for d, n in control["pending"].items() if n]
        lines.append(f"Pending on the desks: {', '.join(pending) or 'nothing'}")
    for note in (view.get("announcements") or [])[-3:]:
        lines.append(f"Announcement: {note.get('text', note) if isinstance(note, dict) else note}")
    news = [n for n in view.get("news") or [] if isinstance(n, dict)]
    for item in news[-3:]:
        lines.append(f"News: {item.get('title')}: {item.get('text')}")
    return lines


def team_lines(team: dict[str, Any]) -> list[str]:
    lines = [f"Team {team.get('name')}: prestige {team.get('prestige')}, heavenly {team.get('heavenly')}"]
    for state in (team.get("states_private") or {}).values():
        if isinstance(state, dict):
            lines.append(
                f"  {state.get('name')}: treasury {state.get('treasury')}, debt {state.get('debt')},"
                f" unrest {state.get('unrest')}"
            )
    armies = [a for a in (team.get("armies") or {}).values() if isinstance(a, dict)]
    if armies:
        lines.append("  Armies: " + listing([f"{a.get('id')} {a.get('men')} men in {a.get('area')}" for a in armies]))
    cards = [c for c in team.get("cards") or [] if isinstance(c, dict) and not c.get("played")]
    lines.append(f"  Cards in hand: {listing([str(c.get('id')) for c in cards], 6) or 'none'}")
    items = team.get("items") or {}
    for item in items.get("pending", []):
        lines.append(f"  Request {item.get('id')} waits on {item.get('desk')}: {item.get('title')}")
    for item in items.get("done", [])[-3:]:
        lines.append(f"  Request {item.get('id')} {item.get('status')}: {item.get('outcome')}")
    return lines


def desk_lines(desk: dict[str, Any]) -> list[str]:
    pending = [i for i in desk.get("pending", []) if isinstance(i, dict)]
    lines = [f"Desk {desk.get('title')}: {len(pending)} pending, {len(desk.get('done', []))} done"]
    for item in pending:
        choices = "/".join(str(a.get("type")) for a in item.get("actions", []) if isinstance(a, dict))
        lines.append(f"  {item.get('id')}: {item.get('title')} [{choices}]")
    return lines


def generic_lines(view: View, role: str) -> list[str]:
    """A ruleset without its own part: the view's plain fields."""
    skip = ("ruleset", "role", "phase", "over", "ready")
    plain = {k: v for k, v in view.items() if isinstance(v, str | int | float | bool) and k not in skip}
    return [f"{key}: {value}" for key, value in plain.items()]


def his2p_lines(view: View, role: str) -> list[str]:
    """Here I Stand: the turn, VP, what is being decided, the role's hand, the last lines of the log."""
    vp = view.get("vp") or {}
    lines = [f"Turn {view.get('turn')}; VP: Papacy {vp.get('papacy')}, Protestant {vp.get('protestant')}"]
    if view.get("blocked"):
        lines.append(f"umpire stops here: {view['blocked']} is not built yet")
    decision = view.get("decision")
    if isinstance(decision, dict):
        extra = f", {decision['left']} left" if "left" in decision else ""
        extra += f", {decision['cp']} CP" if "cp" in decision else ""
        lines.append(f"Now: {decision.get('kind')} for {decision.get('role')}{extra}")
    hand = view.get("hand")
    if isinstance(hand, list):
        cards = [f"#{c.get('number')} {c.get('name')} ({c.get('cp')} CP)" for c in hand if isinstance(c, dict)]
        lines.append(f"Your hand: {', '.join(cards) or 'empty'}")
    for entry in (view.get("log") or [])[-5:]:
        if isinstance(entry, dict):
            lines.append(f"Log: {entry.get('text')}")
    return lines


def his2p_actions_line(view: View) -> str:
    """``You may: target leipzig, target magdeburg, …`` — every field of each action, which has no label."""
    actions = [a for a in view.get("actions") or [] if isinstance(a, dict)]
    if not actions:
        return "You may: nothing now"
    shown = [" ".join([str(a.get("type"))] + [f"{k}={v}" for k, v in a.items() if k != "type"]) for a in actions]
    return "You may: " + ", ".join(shown)


RULESET_PARTS: dict[str, Callable[[View, str], list[str]]] = {
    "standard": standard_lines,
    "europe1615": europe1615_lines,
    "rr3": rr3_lines,
    "his2p": his2p_lines,
}
ACTION_LINES: dict[str, Callable[[View], str]] = {"his2p": his2p_actions_line}
