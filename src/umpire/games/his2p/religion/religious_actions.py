"""Here I Stand's religious actions for CP (seed section 11.1 and the power cards' action tables; rule book 18.1):
their costs, the attempts decisions that publishing, burning books and the translations open, Translate Scripture
with its translators' free step, and St. Peter's. Debates are in ``debates.py``; the attempts themselves in
``religion.py``.
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import core
from umpire.games.his2p.core import PAPACY, PROTESTANT
from umpire.games.his2p.people import load_people
from umpire.games.his2p.powers import load_powers
from umpire.games.his2p.religion import religion

State = dict[str, Any]
Action = dict[str, Any]

#: CP cost of each religious action a power may take (11.1, the power cards' action tables).
ACTION_COSTS: dict[str, dict[str, int]] = {
    PROTESTANT: {"publish_treatise": 2, "translate_scripture": 1, "call_debate": 3},
    PAPACY: {"build_st_peters": 1, "burn_books": 2, "call_debate": 3, "found_jesuit_university": 3},
}
#: The zones with translation tracks (18.1), in the order their actions are offered; the tracks' figures (CP,
#: attempts, die bonus, VP) and St. Peter's are on the power cards (``powers.json``).
TRANSLATION_ZONES = ("german", "english", "french")


def attempts_frame(role: str, count: int, how: religion.Attempt) -> dict[str, Any]:
    """The decision of ``count`` reformation or counter-reformation attempts made ``how`` (18.3, 18.4)."""
    return {
        "kind": "attempts",
        "role": role,
        "left": count,
        "attempt": {"kind": how.kind, "zone": how.zone, "bonus": list(how.bonus), "die_plus": how.die_plus},
        "targeted": [],
    }


def translation_done(state: State, zone: str) -> bool:
    """Whether the zone's full Bible is translated (18.1): nothing is left to translate there."""
    return bool(state["tracks"]["translations"][zone]["bible"] >= load_powers().full_bible.cp)


def push_attempts(state: State, role: str, count: int, how: religion.Attempt) -> None:
    """Push an attempts decision, skipping the spaces already targeted this impulse (18.3 step 1)."""
    frame = attempts_frame(role, count, how)
    frame["targeted"] = list(state.get("impulse_targets", []))
    state["stack"].append(frame)


#: Debaters whose bonus is a free step of translation in their zone (18.1, Translate Scripture; their counters).
TRANSLATORS = frozenset({"luther", "melanchthon", "tyndale", "coverdale", "olivetan"})


def translation_bonus_actions(state: State, role: str) -> list[Action]:
    """Committing a translator for one free step (18.1; 18.2, debater bonuses): once the Protestant has spent CP on
    translation in the debater's zone this impulse, at most one debater bonus an impulse, the debater uncommitted."""
    bonus = state.get("impulse_bonus") or {}
    if role != PROTESTANT or bonus.get("used") or not bonus.get("translated"):
        return []
    people = load_people().debaters
    return [
        {"type": "commit_debater", "debater": d}
        for d in sorted(TRANSLATORS)
        if state["debaters"].get(d) == "uncommitted"
        and people[d].zone in bonus["translated"]
        and not translation_done(state, str(people[d].zone))
    ]


def use_translation_bonus(state: State, debater: str) -> None:
    """Commit a translator for his free step of translation in his zone (18.2)."""
    people = load_people().debaters
    state["debaters"][debater] = "committed"
    state["impulse_bonus"]["used"] = True
    core.log(state, f"{people[debater].name} is committed: one free step of translation")
    translate(state, str(people[debater].zone))


def translate(state: State, zone: str) -> None:
    """Translate Scripture (18.1): 1 CP moves the zone's New Testament marker one box, then (once it is complete)
    the full Bible's; completing either gives six reformation attempts in the zone, the full Bible's with +1 to
    each Protestant die and 1 VP."""
    track = state["tracks"]["translations"][zone]
    testament, bible = load_powers().new_testament, load_powers().full_bible
    if track["new_testament"] < testament.cp:
        track["new_testament"] += 1
        core.log(state, f"translation: {zone} New Testament {track['new_testament']}/{testament.cp}")
        if track["new_testament"] == testament.cp:
            core.log(
                state,
                f"the {zone} New Testament is complete: {testament.attempts} reformation attempts in the {zone} zone",
            )
            push_attempts(state, PROTESTANT, testament.attempts, religion.Attempt(religion.REFORMATION, zone))
        return
    track["bible"] += 1
    core.log(state, f"translation: {zone} full Bible {track['bible']}/{bible.cp}")
    if track["bible"] == bible.cp:
        state["bonus_vp"][PROTESTANT] += bible.vp
        core.log(
            state,
            f"the {zone} Bible is complete: {bible.vp} VP and {bible.attempts} reformation attempts at"
            f" +{bible.die_bonus} a die",
        )
        how = religion.Attempt(religion.REFORMATION, zone, (), bible.die_bonus)
        push_attempts(state, PROTESTANT, bible.attempts, how)


def st_peters_complete(state: State) -> bool:
    """Whether St. Peter's has given all its VP (18.1: 5 at most)."""
    return bool(state["tracks"]["st_peters"]["vp"] >= load_powers().st_peters_max_vp)


def add_st_peters_cp(state: State, cp: int) -> None:
    """Add ``cp`` CP to St. Peter's by card (18.1), one at a time, stopping once it has given its 5 VP."""
    for _ in range(cp):
        if st_peters_complete(state):
            return
        build_st_peters(state)


def build_st_peters(state: State) -> None:
    """Build Saint Peter's (18.1): each CP moves the CP marker; the fifth adds 1 VP and resets it (5 VP at most)."""
    track = state["tracks"]["st_peters"]
    per_vp = load_powers().st_peters_cp_per_vp
    track["cp"] += 1
    if track["cp"] >= per_vp:
        track["cp"] = 0
        track["vp"] += 1
        core.log(state, f"St. Peter's: 1 VP ({track['vp']} in all)")
    else:
        core.log(state, f"St. Peter's: {track['cp']}/{per_vp} CP")
