"""The GM report of a Europe 1615 phase as text, from the data entry the engine keeps in ``state["history"]``.

Each history entry is ``{"phase", "public": {...}, "gm": {...}}``; :func:`report_text` writes the public part and,
for the GM, the secret part (deployment amounts, attack reductions, Ottoman proposals, submissions).
"""

from __future__ import annotations

from typing import Any

__all__ = ["report_text"]


def _status(st: dict[str, Any]) -> str:
    return f"ALIGNED ({st['power']})" if st.get("kind") == "ALIGNED" else str(st.get("kind"))


def report_text(entry: dict[str, Any], *, gm: bool = False) -> str:
    """The report of one phase, one item a line."""
    pub = entry["public"]
    lines = [f"== {entry['phase']}: {pub.get('kind', '')} =="]
    if "allocation" in pub:
        lines.append("INFs for the year: " + ", ".join(f"{p} {n}" for p, n in sorted(pub["allocation"].items())))
    for power, states in sorted(pub.get("deployed", {}).items()):
        lines.append(f"{power} deployed to {', '.join(states)}")
    for att in pub.get("attacks", []):
        lines.append(f"diplomatic attack {att['power']}: {att['minor']} > {att['target']}: {att['outcome']}")
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
    return "\n".join(lines)
