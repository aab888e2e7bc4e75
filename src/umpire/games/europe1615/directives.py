"""Europe 1615: the submission lines that use a sanction in effect -- ``STRONGHOLD:``, ``PERMIT:``, ``RELIEVE:``,
``LEVY:``, ``WAIVE CAPTURE:``, ``EMBARGO:``, ``RESERVATION:``, ``CANCEL:`` (``submission.split_directives``):
checked against the state when a seat submits, carried out when the phase is resolved (rulings E1615-E05 to E1615-E12 in
docs/rulings/europe1615.md).

Seed sections: "Table of sanctions" ("Stronghold", "Treaty of Lyon", "Relieve attrition", "Levy an army",
"Cancellation option", "Embargoes": "the player with most influence makes the decision", "Ecclesiastical
reservation"), "Waiving the capture of a center".
"""

from __future__ import annotations

from collections.abc import Mapping

from umpire.diplomacy.map import UnitType
from umpire.games.europe1615 import sanctions
from umpire.games.europe1615.board import State, aligned_map, game_map, prov_of
from umpire.games.europe1615.mapdata import power_confession
from umpire.games.europe1615.sanction_effects import (
    EMBARGOES,
    LYON_BARRED,
    RESERVATION,
    STRONGHOLD_PICKS,
    by_influence,
    fortified,
    has_use,
    in_force,
    reservable,
    spend,
)
from umpire.games.europe1615.submission import Directive, LineError, split_directives


def check_directives(
    state: State, power: str, directives: list[Directive], kind: str
) -> tuple[list[Directive], list[LineError]]:
    """The lines using a sanction in effect (``submission.split_directives``): the good ones and an error for
    each bad one.  STRONGHOLD in late winter (with the sanction choice) or a movement phase; the others in a
    movement phase only (rulings E1615-E05 to E1615-E11)."""
    sc = state.get("sanctions") or {}
    good: list[Directive] = []
    errors: list[LineError] = []
    seen: set[str] = set()

    def err(d: Directive, token: str, message: str, expected: str = "") -> None:
        errors.append(LineError(d.line, d.text, token, message, expected))

    for d in directives:
        key = d.keyword
        if key in seen:
            err(d, key, f"only one {key} line per submission")
            continue
        seen.add(key)
        if not d.args:
            err(d, key, f"{key} names nothing", "a list after the colon")
            continue
        if key not in ("STRONGHOLD", "EMBARGO", "RESERVATION") and kind != "M":
            err(d, key, f"{key} is given with a movement submission")
            continue
        if key == "STRONGHOLD":
            if kind == "A":
                hand = sc.get("lists", {}).get(power, [])
                n = max((STRONGHOLD_PICKS[c] for c in hand if c in STRONGHOLD_PICKS), default=0)
            else:
                n = sc.get("picks", {}).get(power, 0) if kind == "M" else 0
            if n == 0:
                err(d, key, "you have no Stronghold centres to choose")
                continue
            if len(d.args) > n:
                err(d, d.args[n], f"you may fortify at most {n} centre(s)")
                continue
            problems = [(c, why) for c in d.args if (why := fortify_problem(state, c))]
            if problems:
                err(d, problems[0][0], problems[0][1])
                continue
        elif key == "PERMIT":
            if power != "FRANCE" or not in_force(state, "TREATY_OF_LYON"):
                err(d, key, "only France permits moves through Switzerland, under the Treaty of Lyon")
                continue
            wrong = [a for a in d.args if a not in LYON_BARRED]
            if wrong:
                err(d, wrong[0], "not barred from Switzerland", "SPAIN or AUSTRIA")
                continue
        elif key == "RELIEVE":
            if not has_use(state, power, "RELIEVE_ATTRITION"):
                err(d, key, "you hold no unused Relieve attrition sanction")
                continue
            prov = prov_of(d.args[0].split()[-1])
            u = state["units"].get(prov)
            aligned = aligned_map(state)
            if len(d.args) > 1 or u is None or not (u["nation"] == power or aligned.get(u["nation"]) == power):
                err(d, d.args[0], "name one of your (or your aligned states') units", "e.g. RELIEVE: A BOH")
                continue
            if not u.get("mark"):
                err(d, d.args[0], "that unit carries no attrition mark")
                continue
        elif key == "LEVY":
            if not has_use(state, power, "LEVY"):
                err(d, key, "you hold no unused Levy an army sanction")
                continue
            problem = levy_problem(state, power, d.args)
            if problem:
                err(d, d.args[0], problem, "e.g. LEVY: A PAR")
                continue
        elif key == "WAIVE CAPTURE":
            gm = game_map()
            wrong = [a for a in d.args if a not in gm.provinces or gm.provinces[a].type == "sea"]
            if wrong:
                err(d, wrong[0], "not a land province of the map", "e.g. WAIVE CAPTURE: GEN, SAV")
                continue
        elif key in ("EMBARGO", "RESERVATION"):
            problem = choice_problem(state, power, d, kind)
            if problem:
                err(d, d.args[0], problem)
                continue
        elif key == "CANCEL":
            if not has_use(state, power, "CANCELLATION"):
                err(d, key, "you hold no unused Cancellation option")
                continue
            try:
                target = sanctions.find_sanction(d.args[0]).id
            except LookupError as exc:
                err(d, d.args[0], str(exc))
                continue
            if target in STRONGHOLD_PICKS:
                err(d, d.args[0], f"{target} cannot be cancelled")
                continue
            if target not in sc.get("active", {}):
                err(d, d.args[0], f"{target} is not in effect")
                continue
        good.append(d)
    return good, errors


def open_choices(state: State, power: str, key: str, kind: str) -> list[str]:
    """The sanctions whose state ``power`` may name now with an EMBARGO or RESERVATION line: in late winter
    those of its list (named with the sanction choice), in a movement phase those in effect still waiting for
    its choice (ruling E1615-E12)."""
    sc = state.get("sanctions") or {}
    family = set(EMBARGOES) if key == "EMBARGO" else {RESERVATION}
    if kind == "A":
        return sorted(s for s in sc.get("lists", {}).get(power, []) if s in family)
    if kind == "M":
        return sorted(s for s, ps in sc.get("pending", {}).items() if power in ps and s in family)
    return []


def choice_problem(state: State, power: str, d: Directive, kind: str) -> str:
    """Why an EMBARGO or RESERVATION line cannot be accepted ("" if it can)."""
    open_ = open_choices(state, power, d.keyword, kind)
    if d.keyword == "EMBARGO":
        words = d.args[0].split()
        if len(d.args) > 1 or len(words) not in (1, 2):
            return "name one state, e.g. EMBARGO: SAX (or EMBARGO: SPAIN SAX)"
        if len(words) == 2:
            open_ = [s for s in open_ if EMBARGOES[s] == words[0]]
        if not open_:
            return "you have no embargo whose state you may name"
        if len(open_) > 1:
            return "name the embargoed power too, e.g. EMBARGO: SPAIN SAX"
        if words[-1] not in state["pliant"]:
            return f"{words[-1]} is not an independent pliant state"
        return ""
    if not open_:
        return "you have no Ecclesiastical reservation whose states you may name"
    if power_confession(game_map(), power) != "catholic":
        return "only a Catholic submitter names the states of the Ecclesiastical reservation"
    bad = [a for a in d.args if a not in reservable() or a not in state["pliant"]]
    if bad:
        return f"{bad[0]} is not an independent German or Italian state (the Papal States excluded)"
    return ""


def settle_choices(state: State, texts: Mapping[str, str], kind: str) -> list[str]:
    """Give the embargoes and the Ecclesiastical reservation waiting for a choice their state(s): the most
    influential holder with a good line decides (seed: "the player with most influence makes the
    decision"); the reservation names as many states as it had Catholic submitters (ruling E1615-E12)."""
    sc = state["sanctions"]
    pending = sc.setdefault("pending", {})
    notes: list[str] = []
    for sid, holders in sorted(pending.items()):
        key = "EMBARGO" if sid in EMBARGOES else "RESERVATION"
        done = False
        for p in by_influence(state, holders):
            found = split_directives(texts.get(p, ""))[1]
            for d in check_directives(state, p, found, kind)[0]:
                if d.keyword != key:
                    continue
                if key == "EMBARGO":
                    words = d.args[0].split()
                    if len(words) == 2 and words[0] != EMBARGOES[sid]:
                        continue
                    sc["active"][sid] = words[-1]
                    notes.append(f"{sid}: {EMBARGOES[sid]} may not deploy INFs to {words[-1]} (chosen by {p})")
                else:
                    sc["active"][sid] = list(d.args[: len(holders)])
                    notes.append(f"{sid}: {', '.join(d.args[: len(holders)])} (chosen by {p})")
                done = True
                break
            if done:
                break
        if done or sid not in sc["active"]:
            del pending[sid]
    if not pending:
        sc.pop("pending", None)
    return notes


def fortify_problem(state: State, centre: str) -> str:
    """Why ``centre`` may not be fortified (ruling E1615-E05): it must be a centre held by a great power or by an
    ALIGNED minor state, and not fortified already."""
    gm = game_map()
    if centre not in gm.centers:
        return f"{centre} is not a supply centre"
    owner = state["owner"].get(centre)
    ok = owner in gm.powers or state["status"].get(owner or "", {}).get("kind") == "ALIGNED"
    if not ok:
        return f"{centre} is neither held by a power nor by an aligned state"
    if centre in fortified(state):
        return f"{centre} is fortified already"
    return ""


def levy_problem(state: State, power: str, args: tuple[str, ...]) -> str:
    """Why a LEVY line cannot raise its unit (ruling E1615-E08)."""
    parts = args[0].split()
    if len(args) > 1 or not 1 <= len(parts) <= 2 or (len(parts) == 2 and parts[0] not in ("A", "F")):
        return "name one unit to raise"
    kind: UnitType = "F" if parts[0] == "F" and len(parts) == 2 else "A"
    loc = parts[-1]
    prov = prov_of(loc)
    gm = game_map()
    if prov not in gm.provinces or state["owner"].get(prov) != power:
        return f"{loc} is not one of your territories"
    if prov in state["units"]:
        return f"{prov} is occupied"
    if not gm.is_location(loc, kind):
        return f"{'a fleet' if kind == 'F' else 'an army'} cannot stand in {loc}"
    return ""


def apply_directives(state: State, texts: Mapping[str, str], powers: list[str]) -> tuple[set[str], list[str]]:
    """Carry out the good sanction lines of a movement phase (rulings E1615-E05 to E1615-E11): a cancellation (the
    most influential holder's), strongholds, France's permission under the Treaty of Lyon, relieved marks,
    levied units.  Returns the powers France permits through Switzerland and the notes for the report."""
    # ruling E1615-E15 (CANCEL)
    found = {p: check_directives(state, p, split_directives(texts.get(p, ""))[1], "M")[0] for p in powers}
    notes: list[str] = []
    permitted: set[str] = set()
    cancels = [(p, d) for p in by_influence(state, powers) for d in found[p] if d.keyword == "CANCEL"]
    if cancels:
        who, line = cancels[0]
        target = sanctions.find_sanction(line.args[0]).id
        state["sanctions"]["active"].pop(target, None)
        spend(state, "CANCELLATION", list(state["sanctions"].get("uses", {}).get("CANCELLATION", [])))
        notes.append(f"{target} is cancelled (Cancellation option of {who})")
    if state["sanctions"] and state["sanctions"].get("pending"):
        notes.extend(settle_choices(state, texts, "M"))
    for p in powers:
        for d in found[p]:
            if d.keyword == "STRONGHOLD":
                notes.extend(fortify(state, p, d.args))
            elif d.keyword == "PERMIT":
                permitted |= set(d.args)
                notes.append(f"FRANCE permits {', '.join(d.args)} to move through Switzerland")
            elif d.keyword == "RELIEVE":
                prov = prov_of(d.args[0].split()[-1])
                state["units"][prov]["mark"] = False
                spend(state, "RELIEVE_ATTRITION", [p])
                notes.append(f"{p} relieves the attrition mark of the unit in {prov}")
            elif d.keyword == "WAIVE CAPTURE":
                waived = state.setdefault("waived", {}).setdefault(p, [])
                waived[:] = sorted(set(waived) | set(d.args))  # private until the build phase: no report note
            elif d.keyword == "LEVY":
                parts = d.args[0].split()
                kind: UnitType = "F" if parts[0] == "F" and len(parts) == 2 else "A"
                loc = parts[-1]
                state["units"][prov_of(loc)] = {"nation": p, "kind": kind, "loc": loc, "mark": False}
                spend(state, "LEVY", [p])
                notes.append(f"{p} levies {kind} {loc}")
    return permitted, notes


def fortify(state: State, power: str, centres: tuple[str, ...]) -> list[str]:
    """Fortify ``centres`` for a Stronghold holder, as far as its picks go (ruling E1615-E05)."""
    sc = state["sanctions"]
    picks = sc.setdefault("picks", {})
    notes: list[str] = []
    for c in centres:
        if picks.get(power, 0) <= 0 or fortify_problem(state, c):
            continue
        sc.setdefault("strongholds", {})[c] = power
        picks[power] -= 1
        notes.append(f"{c} is fortified (Stronghold of {power})")
    if power in picks and picks[power] <= 0:
        del picks[power]
    return notes
