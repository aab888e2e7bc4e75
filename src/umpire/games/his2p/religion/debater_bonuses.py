"""The debaters' bonuses (rule book 18.2, "Debater bonuses"; 18.1, 18.3 step 3, 18.4 steps 3 and 9, 18.5 steps 5
and 8; the counters' texts in umpire's words in ``people.json``), all debaters being in the two-player game.

Kinds of bonus and where they apply:

- a die more (two for Faber) to the attempts of one action whose target lies in the debater's area (Bucer,
  Zwingli, Oekolampadius, Farel, Cop, Cranmer, Canisius: within 2 spaces of their city; Contarini: of Charles V;
  Latimer, Wishart, Knox: England, Scotland; Faber: electorates): the attempting player commits the debater with
  the target of an attempt; later attempts of the same action whose target lies in the area get it too;
- a third attempt to a treatise (Carlstadt in the German zone, with unrest where an attempt fails; Calvin in the
  French) or to burning books (Cajetan in the chosen zone, Caraffa in any zone), and Tetzel's 1 CP to St. Peter's
  with burning books: committed with the action, before its attempts;
- the translators' free step (``religious_actions.translation_bonus_actions``) and Loyola's university for 2 CP;
- in debates, without a choice, for a debater who enters a round uncommitted: Eck attacking, Gardiner attacking in
  the English zone (``religion.attacker_debate_dice``), Campeggio cancelling a lost debate on a 5 or 6, Aleander
  giving the winner one more flip; Bullinger stepping into a second round in any zone, the Protestant choosing.

Each power uses at most one bonus of attempts or translation an impulse (18.2); Loyola's and the debate bonuses
are outside that limit (ruling HIS-W08).
"""

from __future__ import annotations

from typing import Any

from umpire.games.his2p import board as b
from umpire.games.his2p import core
from umpire.games.his2p.mapdata import HisMap
from umpire.games.his2p.people import load_people
from umpire.games.his2p.religion import religion, religious_actions
from umpire.kernel import rng

State = dict[str, Any]
Action = dict[str, Any]

PAPACY = "papacy"
PROTESTANT = "protestant"

#: Debaters whose die bonus reaches the spaces within 2 of a city (18.2; their counters).
NEAR_CITY = {
    "bucer": "strasburg",
    "zwingli": "zurich",
    "oekolampadius": "basel",
    "farel": "geneva",
    "cop": "paris",
    "cranmer": "london",
    "canisius": "regensburg",
}
#: Debaters whose die bonus reaches the home spaces of a power in its own language zone (England, Scotland).
IN_REALM = {"latimer": ("england",), "wishart": ("scotland",), "knox": ("england", "scotland")}
#: How far (in connections, passes included) a "within 2 spaces" bonus reaches.
REACH = 2
#: Debaters giving a third attempt to a treatise in their zone (18.3) and to burning books (18.4).
TREATISE_THIRD = {"carlstadt": "german", "calvin": "french"}
BURN_THIRD = ("cajetan", "caraffa")
TETZEL_CP = 1
LOYOLA_COST = 2
#: The roll that lets Campeggio cancel a lost debate (his counter: a 5 or 6).
CAMPEGGIO_ROLL = 5


def _side(role: str) -> str:
    return "papal" if role == PAPACY else PROTESTANT


def used(state: State, role: str) -> bool:
    """Whether ``role`` has used its one bonus of attempts or translation this impulse (18.2)."""
    bonus = state.get("impulse_bonus") or {}
    return bool(bonus.get("used" if role == PROTESTANT else "papacy_used"))


def mark_used(state: State, role: str) -> None:
    bonus = state.setdefault("impulse_bonus", {"used": False, "translated": []})
    bonus["used" if role == PROTESTANT else "papacy_used"] = True


def commit(state: State, role: str, debater: str, what: str, *, limited: bool = True) -> None:
    """Commit ``debater`` for its bonus (18.2), counting it as the impulse's one bonus when ``limited``."""
    state["debaters"][debater] = "committed"
    if limited:
        mark_used(state, role)
    core.log(state, f"{load_people().debaters[debater].name} is committed: {what}")


def fresh(state: State, role: str, debater: str) -> bool:
    """Whether ``debater`` is ``role``'s and uncommitted (so its bonus may be used)."""
    info = load_people().debaters.get(debater)
    return info is not None and info.side == _side(role) and state["debaters"].get(debater) == "uncommitted"


# --- dice to attempts (18.3 step 3, 18.4 step 3) ------------------------------------------------------------------


def area_helps(state: State, board: HisMap, debater: str, space: str) -> bool:
    """Whether ``debater``'s die bonus applies to an attempt on ``space`` (their counters): within 2 spaces of
    their city (Contarini: of Charles V's space), in their realm (Latimer England, Wishart Scotland, Knox both:
    home spaces in the English zone, so not Calais), or an electorate (Faber)."""
    if debater in NEAR_CITY:
        return board.hops(NEAR_CITY[debater]).get(space, REACH + 1) <= REACH
    if debater == "contarini":
        where = state["leaders"].get("charles_v")
        return isinstance(where, str) and where in board.spaces and board.hops(where).get(space, REACH + 1) <= REACH
    if debater in IN_REALM:
        spot = board.spaces[space]
        return spot.language == "english" and any(p in spot.home for p in IN_REALM[debater])
    if debater == "faber":
        return board.spaces[space].type == "electorate"
    return False


def dice_of(debater: str) -> int:
    """Dice a debater adds to an attempt: 2 for Faber, 1 for the others."""
    return 2 if debater == "faber" else 1


def _area_debaters(kind: str) -> tuple[str, ...]:
    side = PROTESTANT if kind == religion.REFORMATION else "papal"
    people = load_people().debaters
    return tuple(d for d in (*NEAR_CITY, "contarini", *IN_REALM, "faber") if people[d].side == side)


def attempt_actions(
    state: State, board: HisMap, role: str, decision: dict[str, Any], spaces: list[str]
) -> list[Action]:
    """Targets with a debater committed for its die bonus (18.2, 18.3 step 3, 18.4 step 3): the attempting
    player's own kind of attempt, no debater committed for this action yet, none this impulse."""
    kind = decision["attempt"]["kind"]
    own = PROTESTANT if kind == religion.REFORMATION else "papal"
    if decision.get("debater") or used(state, role) or _side(role) != own:
        return []
    found: list[Action] = []
    for debater in _area_debaters(kind):
        if not fresh(state, role, debater):
            continue
        found += [
            {"type": "target", "space": s, "debater": debater} for s in spaces if area_helps(state, board, debater, s)
        ]
    return found


def attempt_bonus(state: State, board: HisMap, role: str, decision: dict[str, Any], action: Action) -> tuple[str, ...]:
    """The extra dice of an attempt from the action's committed debater, committing it first when the action names
    it; reasons as ``religion.Attempt.bonus`` keeps them."""
    if "debater" in action:
        debater = action["debater"]
        commit(state, role, debater, "a die more to this action's attempts in his area")
        decision["debater"] = debater
    debater = decision.get("debater")
    if not debater or not area_helps(state, board, debater, action["space"]):
        return ()
    name = load_people().debaters[debater].name
    return tuple(f"+1 {name}" for _ in range(dice_of(debater)))


# --- treatises, burning books, Jesuit universities (18.1, 18.3, 18.4) --------------------------------------------


def cp_actions(state: State, board: HisMap, role: str, cp: int, costs: dict[str, int]) -> list[Action]:
    """The CP actions made with a debater's bonus: a treatise with Carlstadt or Calvin, burning books with Cajetan,
    Caraffa or Tetzel (one bonus an impulse), a Jesuit university with Loyola for 2 CP."""
    found: list[Action] = []
    if role == PROTESTANT and cp >= costs["publish_treatise"] and not used(state, role):
        found += [
            {"type": "publish_treatise", "zone": zone, "debater": d}
            for d, zone in TREATISE_THIRD.items()
            if fresh(state, role, d)
        ]
    if role == PAPACY and cp >= costs["burn_books"] and not used(state, role):
        found += [
            {"type": "burn_books", "zone": zone, "debater": d}
            for d in (*BURN_THIRD, "tetzel")
            if fresh(state, role, d)
            for zone in ("german", "english", "french", "italian")
        ]
    jesuits = state["events"].get("society_of_jesus")
    if role == PAPACY and cp >= LOYOLA_COST and fresh(state, role, "loyola") and jesuits:
        found += [
            {"type": "found_jesuit_university", "space": s, "debater": "loyola"}
            for s in sorted(board.spaces)
            if b.religion(state, board, s) == b.CATHOLIC and not b.has_jesuit(state, s)
        ]
    return found


def cost(action: Action, normal: int) -> int:
    """The CP an action costs: Loyola's university 2, else ``normal``."""
    return LOYOLA_COST if action.get("debater") == "loyola" else normal


def attempts_of(state: State, board: HisMap, role: str, action: Action) -> tuple[int, str, list[str] | None, bool]:
    """Commit the debater an action names and say its attempts: (count, target zone, the only spaces allowed or
    None, whether a failed attempt leaves unrest). Carlstadt: 3 attempts on German spaces, unrest where one fails;
    Calvin: 3 on French spaces; Cajetan: 3 in the chosen zone; Caraffa: 3, each in its own zone (every zone the
    target zone); Tetzel: 2, and 1 CP to St. Peter's."""
    debater, zone = action.get("debater"), action["zone"]
    if debater is None:
        return 2, zone, None, False
    if debater in TREATISE_THIRD:
        commit(state, role, debater, f"three attempts on {zone} spaces")
        return 3, zone, list(board.by_language(zone)), debater == "carlstadt"
    if debater == "cajetan":
        commit(state, role, debater, "a third attempt")
        return 3, zone, None, False
    if debater == "caraffa":
        commit(state, role, debater, "a third attempt, in any zone")
        return 3, religion.ANY_ZONE, None, False
    commit(state, role, debater, f"{TETZEL_CP} CP to St. Peter's")
    religious_actions.add_st_peters_cp(state, TETZEL_CP)
    return 2, zone, None, False


def loyola(state: State, action: Action) -> None:
    """Commit Loyola when a university is founded with him (outside the one-bonus limit)."""
    if action.get("debater") == "loyola":
        commit(state, PAPACY, "loyola", f"a Jesuit university for {LOYOLA_COST} CP", limited=False)


# --- debates (18.5 steps 5 and 8) ----------------------------------------------------------------------------------


def aleander_flips(state: State, papal: str, papal_fresh: bool) -> int:
    """One more flip for the winner when Aleander, uncommitted as he entered, is the Papal debater of the round
    that decides the debate."""
    return 1 if papal == "aleander" and papal_fresh else 0


def campeggio_cancels(state: State, loser: str, loser_fresh: bool) -> bool:
    """Whether Campeggio, uncommitted as he entered and losing, cancels the debate's result with a 5 or 6."""
    if loser != "campeggio" or not loser_fresh:
        return False
    face = rng.roll(state, "Campeggio: a 5 or 6 cancels the debate's result")
    cancels = face >= CAMPEGGIO_ROLL
    core.log(state, f"Campeggio rolls {face}: " + ("the result is cancelled" if cancels else "the result stands"))
    return cancels


def bullinger_may_enter(state: State, zone: str) -> bool:
    """Whether the Protestant may put Bullinger into a debate's second round (his counter: any zone)."""
    return bool(state["debaters"].get("bullinger") == "uncommitted")
