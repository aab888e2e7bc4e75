"""The report of a Europe 1615 phase as text, from the data entry the engine keeps in ``state["history"]``.

Each history entry is ``{"phase", "public": {...}, "gm": {...}}``; :func:`report_text` writes the public part and,
for the GM, the secret part (deployment amounts, attack reductions, Ottoman proposals, submissions).
:func:`report_groups` sorts the same lines for one reader: what concerns that power (and the minor states aligned
with it) first, then each minor state, then the rest.

Every void or failed line says why.  A void diplomatic attack takes its reason from the GM's part of the entry:
that reason is public (who holds INFs where is published as the deployers, immunities come from sanctions in
effect, a state's standing is on the board); the INF amounts of a resolved attack stay the GM's.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["report_groups", "report_lines", "report_text"]

_WORD = re.compile(r"[A-Z][A-Z_]+")


#: The seed's names of the year's phases ("PHASES OF THE GAME YEAR"), by the season letter and kind letter of
#: the phase code (ruling E1615-R01): ``U1615M`` is the Summer Movement Phase of 1615.
MOVEMENT_SEASONS = {"S": "Spring", "U": "Summer", "F": "Fall"}
MOVEMENT_KINDS = {"M": "movement", "R": "retreats"}
WINTER_KINDS = {"E": "Early winter {} adjustments", "A": "Late winter {} builds", "S": "Scoring {}"}


def phase_title(phase: str) -> str:
    """``U1615M`` -> ``Summer 1615 movement``; ``W1615E`` -> ``Early winter 1615 adjustments``; ``W1615A`` ->
    ``Late winter 1615 builds``; ``S1615I`` -> ``Initial status check 1615`` (another code is given back as it is)."""
    # ruling E1615-M23
    if len(phase) != 6 or not phase[1:5].isdigit():
        return phase
    season, year, kind = phase[0], phase[1:5], phase[5]
    if season in MOVEMENT_SEASONS and kind in MOVEMENT_KINDS:
        return f"{MOVEMENT_SEASONS[season]} {year} {MOVEMENT_KINDS[kind]}"
    if season == "W" and kind in WINTER_KINDS:
        return WINTER_KINDS[kind].format(year)
    if season == "S" and kind == "I":
        return f"Initial status check {year}"
    return phase


def _status(st: dict[str, Any]) -> str:
    return f"ALIGNED ({st['power']})" if st.get("kind") == "ALIGNED" else str(st.get("kind"))


def _attack_reasons(entry: dict[str, Any]) -> list[str]:
    """Per public attack, the reason it was void ("" when it was resolved or none is recorded)."""
    # ruling E1615-C37
    public = entry["public"].get("attacks", [])
    secret = entry.get("gm", {}).get("attacks", [])
    out = []
    for i, att in enumerate(public):
        full = secret[i] if i < len(secret) else {}
        same = all(full.get(k) == att.get(k) for k in ("power", "minor", "target"))
        out.append(str(full.get("reason", "")) if same and att.get("outcome") == "void" else "")
    return out


def report_text(entry: dict[str, Any], *, gm: bool = False) -> str:
    """The report of one phase, one item a line."""
    return "\n".join(report_lines(entry, gm=gm))


def report_lines(entry: dict[str, Any], *, gm: bool = False) -> list[str]:
    """The report of one phase as its lines (the heading first)."""
    pub = entry["public"]
    lines = [f"== {entry['phase']}: {pub.get('kind', '')} =="]
    if "allocation" in pub:
        lines.append("INFs for the year: " + ", ".join(f"{p} {n}" for p, n in sorted(pub["allocation"].items())))
    for power, states in sorted(pub.get("deployed", {}).items()):
        lines.append(f"{power} deployed to {', '.join(states)}")
    for att, why in zip(pub.get("attacks", []), _attack_reasons(entry), strict=True):
        because = f" ({why})" if why else ""
        lines.append(f"diplomatic attack {att['power']}: {att['minor']} > {att['target']}: {att['outcome']}{because}")
    for prov, text in sorted(pub.get("minor_orders", {}).items()):
        lines.append(f"{prov}: {text}")
    for prov, text in sorted(pub.get("ottoman", {}).items()):
        lines.append(f"Ottoman {prov}: {text}")
    orders = pub.get("orders", [])
    if isinstance(orders, dict):  # adjustments: per power
        for power, outs in orders.items():
            for o in outs:
                lines.append(f"{power}: {o['order']}: {o['result']} ({o['reason']})")
    else:
        for o in orders:
            who = f"{o['nation']}: " if "nation" in o else ""
            lines.append(f"{who}{o['order']}: {o['result']} ({o['reason']})")
    for power, units in sorted(pub.get("civil_disorder", {}).items()):
        lines.append(f"{power} civil disorder: {', '.join(units)} disbanded")
    for text in pub.get("changes", []):
        lines.append(f"changes hands: {text}")
    for mid in pub.get("captured_states", []):
        lines.append(f"{mid} is captured: withdrawn from the pliant states, its INFs suspended")
    for mid in pub.get("liberated_states", []):
        lines.append(f"{mid} is liberated: a pliant state again, its INFs restored")
    for mid in pub.get("new_states", []):
        lines.append(f"{mid} is a new pliant minor state: a centre of a dissolved power")
    if pub.get("kind") == "abandoned":
        lines.append(f"{pub['power']} is {'declared abandoned' if pub['abandoned'] else 'no longer abandoned'}")
    if pub.get("kind") == "agreement":
        res = pub["result"]
        lines.append(f"the remaining powers agreed to stop the game: {res['kind']} {', '.join(res['powers'])}")
    for text in pub.get("disbanded", []):
        lines.append(f"disbanded: {text}")
    for text in pub.get("raised", []):
        lines.append(f"new unit of a liberated state: {text}")
    for text in pub.get("minor_builds", []) + pub.get("minor_disbands", []):
        lines.append(f"aligned power's order: {text}")
    for text in pub.get("minor_rebuilds", []):
        lines.append(f"rebuilt: {text}")
    for text in pub.get("sanction_effects", []):
        lines.append(f"sanction: {text}")
    if "sanctions" in pub:
        lines.append("sanctions in effect: " + (", ".join(pub["sanctions"]["in_effect"]) or "none"))
    for mid, st in sorted(pub.get("status", {}).items()):
        lines.append(f"status {mid}: {_status(st)}")
    for power, sc in sorted(pub.get("scores", {}).items()):
        lines.append(f"score {power}: {sc['total']} ({'; '.join(sc['lines']) or 'nothing'})")
    if "round_winner" in pub:
        lines.append(f"round winner: {pub['round_winner'] or 'none (tie)'}")
    if gm:
        secret = entry.get("gm", {})
        for power, amounts in sorted(secret.get("deployments", {}).items()):
            lines.append(f"[GM] {power} INFs: " + ", ".join(f"{n}: {m}" for m, n in sorted(amounts.items())))
        for att in secret.get("attacks", []):
            lines.append(f"[GM] attack {att['power']} in {att['minor']}: {att['reason']}")
        for prov, tally in sorted(secret.get("ottoman_proposals", {}).items()):
            for row in tally:
                lines.append(f"[GM] Ottoman {prov}: {row['order']} weight {row['weight']} ({', '.join(row['powers'])})")
        if secret.get("bribe"):
            lines.append(f"[GM] bribe by {secret['bribe']['power']}: {secret['bribe']['unit']}")
        for power, errors in sorted(secret.get("errors", {}).items()):
            for err in errors:
                lines.append(f"[GM] {power} {err}")
    return lines


def report_groups(
    entry: dict[str, Any], *, viewer: str | None, powers: list[str], gm: bool = False
) -> list[dict[str, Any]]:
    """The report's lines in groups ``{"title", "lines"}``: ``viewer``'s own (its units and deployments, the
    minor states aligned with it), then one group per minor state named in the report, then the rest.  A line
    belongs to the first group whose power or state it names; ``powers`` are the great powers."""
    pub = entry["public"]
    lines = report_lines(entry, gm=gm)[1:]
    minors = set(pub.get("status", {}))
    for o in pub.get("orders", []) if isinstance(pub.get("orders"), list) else []:
        if "nation" in o and o["nation"] not in powers:
            minors.add(o["nation"])
    minors.discard("OTTOMAN")
    own = {viewer} if viewer else set()
    for mid, st in pub.get("status", {}).items():
        if viewer and st.get("kind") == "ALIGNED" and st.get("power") == viewer:
            own.add(mid)
    mine: list[str] = []
    by_minor: dict[str, list[str]] = {}
    rest: list[str] = []
    for line in lines:
        words = set(_WORD.findall(line.replace("[GM]", "")))
        if words & own:
            mine.append(line)
            continue
        named = sorted(words & minors)
        if named:
            by_minor.setdefault(named[0], []).append(line)
        else:
            rest.append(line)
    groups: list[dict[str, Any]] = []
    if viewer:
        groups.append({"title": f"For {viewer}", "lines": mine})
    groups.extend({"title": mid, "lines": by_minor[mid]} for mid in sorted(by_minor))
    if rest:
        groups.append({"title": "Everything else", "lines": rest})
    return groups
