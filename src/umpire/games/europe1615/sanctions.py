"""Europe 1615 sanctions (optional rule): the sanctions as data, dealing the lists, the yearly selection, the
submission obligation, and the sanction effects that are pure influence rules (who may deploy INFs where,
immunity to diplomatic attacks, influence removed when a sanction comes into effect).

Seed 003, "SANCTIONS (OPTIONAL)" and "Description of sanctions/modifiers".  Each sanction has a *number* in its
category (1-7, "ranks first in category") and an overall *rank* in brackets ([31] Protestant Union ... [1]
Ottoman neutrality); the bracket order is the number first, then the category priority Protestant advantages >
Catholic advantages > impediments > embargoes > miscellaneous.  Stronghold I, II and III are three separate
sanctions sharing rank [27] (so 33 cards over 31 ranks; ruling E1615-C20).

The effects of sanctions on movement, builds, retreats and the other phases are the phase engine's
(``sanction_effects``, ``directives``, ``sanction_choice``, ``movement``, ``forced_march``, ``winter``); the
``EFFECTS`` table says which exist and where each is implemented.  Decisions on ambiguous rules:
``docs/rulings/europe1615.md`` (E1615-xx).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from umpire.games.europe1615.influence import (
    CATHOLIC,
    CONFESSION,
    PROTESTANT,
    Confession,
    InfTable,
    base_may_deploy,
    confession_of,
)
from umpire.kernel import rng

__all__ = [
    "BY_ID",
    "CARD_IDS",
    "CATEGORIES",
    "CATEGORY_NAMES",
    "EFFECTS",
    "HAND_SIZE",
    "MINOR",
    "SANCTIONS",
    "STOCKHOLM",
    "WARSAW",
    "Category",
    "Sanction",
    "SanctionContext",
    "SanctionSubmission",
    "Selection",
    "attack_immunity",
    "available",
    "deal_sanction_lists",
    "default_pick",
    "draw_satellite_states",
    "find_sanction",
    "in_force",
    "may_deploy",
    "must_submit",
    "never_playable",
    "prune_lists",
    "purge_on_effect",
    "select_sanctions",
    "submission_errors",
]

Category = Literal["protestant", "catholic", "impediment", "embargo", "miscellaneous"]
#: "Protestant advantages > Catholic advantages > impediments > embargoes > miscellaneous sanctions".
CATEGORIES: tuple[Category, ...] = ("protestant", "catholic", "impediment", "embargo", "miscellaneous")
CATEGORY_NAMES: Mapping[Category, str] = {
    "protestant": "Protestant advantages",
    "catholic": "Catholic advantages",
    "impediment": "Impediments",
    "embargo": "Embargoes",
    "miscellaneous": "Miscellaneous sanctions",
}
#: "a randomly-generated list of seven sanctions".
HAND_SIZE = 7

#: The ids of the minor states and centres the sanctions name (the map's minor ids, ruling E1615-C29).
MINOR: Mapping[str, str] = MappingProxyType(
    {
        "rhineland": "RHI",
        "hesse": "HES",
        "brandenburg": "BRA",
        "wuerttemberg": "WUR",
        "saxony": "SAX",
        "transylvania": "TRA",
        "lower_saxony": "LOWR",
        "sweden": "SWE",
        "dutch": "DUT",
        "bavaria": "BAV",
        "franconia": "FRA",
        "westphalia": "WES",
        "poland": "POLN",
        "savoy": "SAV",
        "venice": "VEN",
        "switzerland": "SWI",
        "catalonia": "CAT",
        "ireland": "IRE",
        "papal": "PAPL",
    }
)
STOCKHOLM = "STO"
WARSAW = "WAR"


@dataclass(frozen=True, slots=True)
class Sanction:
    """One sanction card.  ``number``: its place in its category (the rank used for selection); ``rank``: the
    bracketed overall rank; ``sub``: the order among equal cards (Stronghold I < II < III); ``favours``: the
    confession a Protestant or Catholic advantage favours; ``embargo_on``: the power an embargo bars."""

    id: str
    name: str
    category: Category
    number: int
    rank: int
    conditions: str
    effect: str
    effects: tuple[str, ...]
    sub: int = 0
    embargo_on: str | None = None

    @property
    def favours(self) -> Confession | None:
        if self.category == "protestant":
            return PROTESTANT
        if self.category == "catholic":
            return CATHOLIC
        return None

    @property
    def priority(self) -> tuple[int, int]:
        """Sort key, best first: higher rank, then the lower ``sub`` (Stronghold I > II > III)."""
        return (-self.rank, self.sub)


def _s(
    id: str,
    name: str,
    category: Category,
    number: int,
    rank: int,
    conditions: str,
    effect: str,
    effects: tuple[str, ...],
    sub: int = 0,
    embargo_on: str | None = None,
) -> Sanction:
    return Sanction(id, name, category, number, rank, conditions, effect, effects, sub, embargo_on)


_ALWAYS = "always available"

#: Every sanction card, by category and number as the seed lists them ("Description of sanctions/modifiers").
SANCTIONS: tuple[Sanction, ...] = (
    # Protestant advantages
    _s(
        "PROTESTANT_UNION",
        "Protestant Union",
        "protestant",
        1,
        31,
        "while the Rhineland (RHI) is an independent pliant state; cancels when RHI is captured",
        "only Protestant powers deploy INFs to RHI, HES, BRA and WUR; all Catholic INFs there are removed; Union "
        "members cannot dislodge, help dislodge or capture each other's units and centres but may move through",
        ("deploy_only", "influence_purge", "league_friendship", "league_no_capture"),
    ),
    _s(
        "SAXON_INTERVENTION",
        "Saxon intervention",
        "protestant",
        2,
        26,
        "while Saxony (SAX) is an independent pliant state; cancels when SAX is captured",
        "only Protestant powers deploy INFs to SAX; diplomatic attacks still allowed",
        ("deploy_only",),
    ),
    _s(
        "BETHLEN_INTERVENTION",
        "Bethlen's intervention",
        "protestant",
        3,
        21,
        "while Transylvania (TRA) is an independent pliant state; cancels when TRA is captured",
        "only Protestant powers deploy INFs to TRA; diplomatic attacks still allowed",
        ("deploy_only",),
    ),
    _s(
        "KEJSERKRIG",
        "Kejserkrig",
        "protestant",
        4,
        16,
        "while Lower Saxony (LOWR) is an independent pliant state; cancels when LOWR is captured",
        "only Denmark deploys INFs to LOWR; diplomatic attacks still allowed",
        ("deploy_only",),
    ),
    _s(
        "GUSTAV_INTERVENTION",
        "Gustav's intervention",
        "protestant",
        5,
        11,
        "while Stockholm has not been captured",
        "only Protestant powers deploy INFs to Sweden (SWE); Swedish units may retreat",
        ("deploy_only", "may_retreat"),
    ),
    _s(
        "DUTCH_INTERVENTION",
        "Dutch intervention",
        "protestant",
        6,
        7,
        "while the Dutch Provinces (DUT) are an independent pliant state; cancels when DUT is captured",
        "only Protestant powers deploy INFs to DUT; diplomatic attacks still allowed; Dutch units may retreat",
        ("deploy_only", "may_retreat"),
    ),
    _s(
        "PROTESTANT_IMMUNITY",
        "Protestant immunity",
        "protestant",
        7,
        3,
        _ALWAYS,
        "Protestant powers are immune to diplomatic attacks by Catholic powers",
        ("attack_immunity",),
    ),
    # Catholic advantages
    _s(
        "CATHOLIC_LEAGUE",
        "Catholic League",
        "catholic",
        1,
        30,
        "while Bavaria (BAV) is an independent pliant state; cancels when BAV is captured",
        "only Catholic powers deploy INFs to BAV, FRA (Franconia) and WES; all Protestant INFs there are removed; "
        "League members cannot dislodge, help dislodge or capture each other's units and centres but may move "
        "through",
        ("deploy_only", "influence_purge", "league_friendship", "league_no_capture"),
    ),
    _s(
        "POLISH_INTERVENTION",
        "Polish intervention",
        "catholic",
        2,
        25,
        "while Warsaw has not been captured",
        "only Catholic powers deploy INFs to Poland (POLN); Polish units may retreat",
        ("deploy_only", "may_retreat"),
    ),
    _s(
        "ECCLESIASTICAL_RESERVATION",
        "Ecclesiastical reservation",
        "catholic",
        3,
        20,
        "a German or Italian minor state chosen by the submitter (not PAPL, DUT, the Iberian states, SWE, POLN, "
        "TRA, MOL, North Africa, IRE, SCO); with several Catholic submitters the most influential chooses that "
        "many states",
        "no Protestant power (nor a minor state aligned with one) may capture the state, though it may occupy it; "
        "no Protestant marker may be placed there; the state carries a white cross",
        ("choice_of_states", "capture_ban", "marker_ban"),
    ),
    _s(
        "CATHOLIC_IMMUNITY",
        "Catholic immunity",
        "catholic",
        4,
        15,
        _ALWAYS,
        "Catholic powers are immune to diplomatic attacks by Protestant powers",
        ("attack_immunity",),
    ),
    # Impediments
    _s(
        "ANTI_HAPSBURG",
        "Anti-Hapsburg campaign",
        "impediment",
        1,
        29,
        _ALWAYS,
        "Austria and Spain may not deploy INFs to DUT, TRA, RHI, LOWR and SAV; diplomatic attacks still allowed",
        ("deploy_ban",),
    ),
    _s(
        "BOHEMIAN_REVOLT",
        "Bohemian revolt",
        "impediment",
        2,
        24,
        _ALWAYS,
        "Austria cannot build in BOH and may not deploy INFs to Protestant-majority states; an Austrian unit in "
        "BOH dislodged by a Protestant power's unit is disbanded; no Austrian retreat into BOH",
        ("deploy_ban", "no_build", "disband_if_dislodged_by_protestant", "no_retreat_into"),
    ),
    _s(
        "TREATY_OF_LYON",
        "Treaty of Lyon",
        "impediment",
        3,
        19,
        "available when (1) France is not eliminated, (2) Savoy is aligned with France, (3) Venice is not aligned "
        "with Spain or Austria, (4) Switzerland is not captured nor aligned with Spain or Austria; cancels only "
        "when France is eliminated or Switzerland captured",
        "Spain and Austria may not move units through Switzerland unless France permits it, and may not deploy "
        "INFs to SAV and VEN; diplomatic attacks still allowed",
        ("deploy_ban", "no_passage"),
    ),
    _s(
        "DANO_SWEDISH_RIVALRY",
        "Dano-Swedish rivalry",
        "impediment",
        4,
        14,
        _ALWAYS,
        "Denmark may not deploy INFs to Sweden; diplomatic attacks still allowed",
        ("deploy_ban",),
    ),
    _s(
        "HUGUENOT_REBELLION",
        "Huguenot rebellion",
        "impediment",
        5,
        10,
        _ALWAYS,
        "France cannot build in GUY and may not deploy INFs to Protestant-majority states; a French unit in GUY "
        "dislodged by a Protestant power's unit is disbanded; no French retreat into GUY",
        ("deploy_ban", "no_build", "disband_if_dislodged_by_protestant", "no_retreat_into"),
    ),
    _s(
        "CATALONIAN_REVOLT",
        "Catalonian revolt",
        "impediment",
        6,
        6,
        _ALWAYS,
        "Spain may not deploy INFs to Catalonia",
        ("deploy_ban",),
    ),
    _s(
        "IRISH_CATHOLIC_REBELLION",
        "Irish Catholic rebellion",
        "impediment",
        7,
        2,
        _ALWAYS,
        "Protestant powers may not deploy INFs to Ireland",
        ("deploy_ban",),
    ),
    # Embargoes
    _s(
        "EMBARGO_SPAIN",
        "Embargo on Spain",
        "embargo",
        1,
        28,
        "Spain cannot hold it",
        "Spain may not deploy INFs to one minor state chosen by the submitter (the most influential of several)",
        ("choice_of_state", "deploy_ban"),
        embargo_on="SPAIN",
    ),
    _s(
        "EMBARGO_AUSTRIA",
        "Embargo on Austria",
        "embargo",
        2,
        23,
        "Austria cannot hold it",
        "Austria may not deploy INFs to one minor state chosen by the submitter (the most influential of several)",
        ("choice_of_state", "deploy_ban"),
        embargo_on="AUSTRIA",
    ),
    _s(
        "EMBARGO_FRANCE",
        "Embargo on France",
        "embargo",
        3,
        18,
        "France cannot hold it",
        "France may not deploy INFs to one minor state chosen by the submitter (the most influential of several)",
        ("choice_of_state", "deploy_ban"),
        embargo_on="FRANCE",
    ),
    _s(
        "EMBARGO_DENMARK",
        "Embargo on Denmark",
        "embargo",
        4,
        13,
        "Denmark cannot hold it",
        "Denmark may not deploy INFs to one minor state chosen by the submitter (the most influential of several)",
        ("choice_of_state", "deploy_ban"),
        embargo_on="DENMARK",
    ),
    _s(
        "EMBARGO_ENGLAND",
        "Embargo on England",
        "embargo",
        5,
        9,
        "England cannot hold it",
        "England may not deploy INFs to one minor state chosen by the submitter (the most influential of several)",
        ("choice_of_state", "deploy_ban"),
        embargo_on="ENGLAND",
    ),
    _s(
        "SATELLITE_STATE",
        "Satellite state",
        "embargo",
        6,
        5,
        _ALWAYS,
        "each submitter receives a different random state with a centre and a unit (not Sweden or Poland) and is "
        "the only power allowed to deploy INFs there",
        ("random_state", "deploy_only"),
    ),
    # Miscellaneous
    _s(
        "STRONGHOLD_I",
        "Stronghold I",
        "miscellaneous",
        1,
        27,
        _ALWAYS,
        "each submitter fortifies one centre held by a power or aligned: a unit there defends with the strength "
        "of two; removed when taken by a unit supported by three unbroken supports of one power; never cancelled",
        ("choice_of_centres", "defence_bonus"),
        sub=0,
    ),
    _s(
        "STRONGHOLD_II",
        "Stronghold II",
        "miscellaneous",
        1,
        27,
        _ALWAYS,
        "as Stronghold I with two centres",
        ("choice_of_centres", "defence_bonus"),
        sub=1,
    ),
    _s(
        "STRONGHOLD_III",
        "Stronghold III",
        "miscellaneous",
        1,
        27,
        _ALWAYS,
        "as Stronghold I with three centres",
        ("choice_of_centres", "defence_bonus"),
        sub=2,
    ),
    _s(
        "BRIBE",
        "Bribe a unit to hold",
        "miscellaneous",
        2,
        22,
        _ALWAYS,
        "once, any unit on the board holds whatever it was ordered (a 'BRIBE' note next to a hold order); with "
        "several submitters they agree, otherwise the most influential decides",
        ("bribe_hold",),
    ),
    _s(
        "LEVY",
        "Levy an army",
        "miscellaneous",
        3,
        17,
        _ALWAYS,
        "once, each submitter raises an army (a fleet on a coast) in one of its territories; it must be supported "
        "at the next adjustment",
        ("levy",),
    ),
    _s(
        "FORCED_MARCH",
        "Forced march",
        "miscellaneous",
        4,
        12,
        _ALWAYS,
        "once, each submitter orders an army to move and then move or support from where it arrived "
        "('A(SWI) - WUR || WUR S RHI-HES'); the second order counts only if the first succeeds",
        ("forced_march",),
    ),
    _s(
        "RELIEVE_ATTRITION",
        "Relieve attrition",
        "miscellaneous",
        5,
        8,
        _ALWAYS,
        "each submitter removes an attrition mark from a unit",
        ("relieve_attrition",),
    ),
    _s(
        "CANCELLATION",
        "Cancellation option",
        "miscellaneous",
        6,
        4,
        _ALWAYS,
        "cancel one sanction in effect (not a stronghold); with several submitters they agree, otherwise the most "
        "influential decides",
        ("cancel_sanction",),
    ),
    _s(
        "OTTOMAN_NEUTRALITY",
        "Ottoman neutrality",
        "miscellaneous",
        7,
        1,
        _ALWAYS,
        "Ottoman units no longer move or receive orders",
        ("ottoman_neutrality",),
    ),
)

BY_ID: Mapping[str, Sanction] = MappingProxyType({s.id: s for s in SANCTIONS})
CARD_IDS: tuple[str, ...] = tuple(s.id for s in SANCTIONS)

#: Every kind of sanction effect, what it does and where it is implemented.
EFFECTS: Mapping[str, str] = MappingProxyType(
    {
        "deploy_only": "only the named powers may deploy INFs to the named states: sanctions.may_deploy",
        "deploy_ban": "the named powers may not deploy INFs to the named states: sanctions.may_deploy",
        "influence_purge": "the other confession's INFs are removed on coming into effect: sanctions.purge_on_effect",
        "attack_immunity": "a confession is immune to the other's diplomatic attacks: sanctions.attack_immunity",
        "marker_ban": "no Protestant marker in the chosen states: influence.religious_markers(reservation=True)",
        "capture_ban": "no Protestant power (or minor aligned with one) captures the chosen states: phase engine",
        "choice_of_state": "the submitter (the most influential of several) names a minor state: phase engine",
        "choice_of_states": "the most influential Catholic submitter names one state per submitter: phase engine",
        "choice_of_centres": "each submitter names 1-3 centres to fortify: phase engine",
        "random_state": "a distinct random state for each submitter: sanctions.draw_satellite_states",
        "league_friendship": "members cannot dislodge or help dislodge each other's units: Policy.friendly",
        "league_no_capture": "members cannot capture each other's centres: Policy.centre_owner",
        "may_retreat": "the named state's units may retreat when dislodged: Policy.may_retreat",
        "no_build": "the power cannot build in the named home centre: Policy.may_build",
        "disband_if_dislodged_by_protestant": "the power's unit in the named province dislodged by a Protestant "
        "unit is disbanded: phase engine",
        "no_retreat_into": "the power's units cannot retreat into the named province: phase engine",
        "no_passage": "Spain and Austria cannot move through Switzerland unless France permits: phase engine",
        "defence_bonus": "a unit in a fortified centre defends with strength two: Policy.defence_bonus",
        "bribe_hold": "a chosen unit holds whatever it was ordered: phase engine",
        "levy": "an extra army or fleet is raised at once: phase engine",
        "forced_march": "one army moves then moves or supports (submission.ForcedMarch): phase engine",
        "relieve_attrition": "an attrition mark is removed: phase engine",
        "cancel_sanction": "a sanction in effect is cancelled: phase engine",
        "ottoman_neutrality": "the Ottoman units no longer move or receive orders: phase engine",
    }
)


def find_sanction(text: str) -> Sanction:
    """The sanction named by ``text``: its id (``EMBARGO_SPAIN``) or its name, written loosely.  Case,
    punctuation and the words 'on', 'the', 'an', 'a', 'to' are ignored, and each word may be cut short:
    'Embargo Spain', 'embargo on spain', 'Saxon interv.', 'Bethlen', 'stronghold ii'.  Raises ``LookupError``
    naming the candidates when the text fits none or several."""
    raw = text.strip()
    if raw.upper().replace(" ", "_") in BY_ID:
        return BY_ID[raw.upper().replace(" ", "_")]
    words = _words(raw)
    if not words:
        raise LookupError("no sanction named; expected a sanction name such as 'Embargo on Spain'")
    hits = [s for s in SANCTIONS if _fits(words, _words(s.name))]
    if len(hits) > 1:
        exact = [s for s in hits if _words(s.name) == words]
        if len(exact) == 1:
            return exact[0]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise LookupError(f"no sanction is named {raw!r}; expected one of: {', '.join(s.name for s in SANCTIONS)}")
    raise LookupError(f"{raw!r} could be {', '.join(s.name for s in hits)}; expected one of these names in full")


_STOP = frozenset({"on", "the", "an", "a", "to", "of"})


def _words(text: str) -> list[str]:
    cleaned = re.sub(r"'s\b", "", text.lower().replace("’", "'"))
    return [w for w in re.split(r"[^a-z0-9]+", cleaned) if w and w not in _STOP]


def _fits(given: list[str], name: list[str]) -> bool:
    """Whether each given word starts the name's word in the same place; the given words may stop early."""
    if len(given) > len(name):
        return False
    return all(n.startswith(g) for g, n in zip(given, name, strict=False))


# ----------------------------------------------------------------------------------------------- dealing


def deal_sanction_lists(
    state: dict[str, Any],
    powers: Sequence[str],
    *,
    cards: Sequence[str] = CARD_IDS,
    hand_size: int = HAND_SIZE,
    max_attempts: int = 100,
) -> dict[str, list[str]]:
    """Deal each power its secret list of ``hand_size`` (7) sanctions from the game's generator.

    Seed, "Distribution of lists": like dealing out cards; no duplicates within a list, but a sanction may be in
    several lists; every sanction is dealt at least once; a power never holds the embargo on itself ("Spain
    cannot hold this sanction in its list").  Method (ruling E1615-C21): shuffle all the cards and deal them round
    the powers in the given order, one at a time; if a power was dealt its own embargo, shuffle again (each
    attempt is logged); then fill each short list with a card drawn from those it lacks (not its own embargo).
    Every draw is logged with its purpose and visible to the GM only (the lists are secret; the view of a power
    shows it its own list).
    """
    if len(set(cards)) != len(cards):
        raise ValueError("each sanction card must be listed once")
    if len(powers) * hand_size < len(cards):
        raise ValueError(f"{len(powers)} lists of {hand_size} cannot hold all {len(cards)} sanctions")
    if hand_size > len(cards) - 1:
        raise ValueError(f"a list of {hand_size} distinct sanctions needs more than {len(cards)} sanctions")
    own = {p: {c for c in cards if BY_ID[c].embargo_on == p} for p in powers}
    hands: dict[str, list[str]] = {}
    why = ""
    for attempt in range(1, max_attempts + 1):
        purpose = f"sanction lists: shuffle the {len(cards)} sanctions (deal {attempt}{why})"
        deck = rng.shuffle(state, purpose, list(cards), visible_to=["gm"])
        hands = {p: deck[i :: len(powers)] for i, p in enumerate(powers)}
        clash = [p for p in powers if own[p] & set(hands[p])]
        if not clash:
            break
        why = f"; {', '.join(clash)} had been dealt its own embargo"
    else:
        raise RuntimeError(f"no valid deal of the sanction lists in {max_attempts} attempts")
    for power in powers:
        while len(hands[power]) < hand_size:
            options = [c for c in cards if c not in hands[power] and c not in own[power]]
            n = len(hands[power]) + 1
            pick = rng.choice(
                state, f"sanction lists: sanction {n} of {hand_size} for {power}", options, visible_to=["gm", power]
            )
            hands[power].append(pick)
    return {p: sorted(h, key=lambda c: BY_ID[c].priority) for p, h in hands.items()}


# --------------------------------------------------------------------------------------------- selection


@dataclass(frozen=True, slots=True)
class SanctionSubmission:
    """A power's sanction choice for the coming year; ``support``: the 'SUPPORT' qualifier of a power submitting
    an advantage of the other confession (otherwise that submission is a challenge)."""

    sanction: str
    support: bool = False


@dataclass(frozen=True, slots=True)
class Selection:
    """The outcome of one year's selection.

    ``in_effect``: the sanctions put into effect, best first; ``submitters``: for each of them, the powers whose
    submissions count for it (challengers excluded); ``blocked``: advantages stopped by a successful challenge;
    ``skipped``: submitted sanctions whose conditions do not hold; ``removed``: what leaves each power's list;
    ``lists``: every power's list afterwards; ``notes``: one line per step for the report."""

    in_effect: tuple[str, ...]
    submitters: Mapping[str, tuple[str, ...]]
    blocked: tuple[str, ...]
    skipped: tuple[str, ...]
    removed: Mapping[str, tuple[str, ...]]
    lists: Mapping[str, tuple[str, ...]]
    notes: tuple[str, ...] = field(default=())


def _as_submission(value: SanctionSubmission | str) -> SanctionSubmission:
    return value if isinstance(value, SanctionSubmission) else SanctionSubmission(value)


def select_sanctions(
    submissions: Mapping[str, SanctionSubmission | str],
    lists: Mapping[str, Sequence[str]],
    *,
    playable: Callable[[str], bool] | None = None,
    confessions: Mapping[str, Confession] | None = None,
    lone_challenge_counts: bool = True,
) -> Selection:
    """Decide which sanctions come into effect this year.  Seed, "SANCTIONS (OPTIONAL)":

    1. every submission must come from the submitter's own list (``ValueError`` otherwise);
    2. challenges ("for Protestant and Catholic advantages, only"): a power of the other confession that submits an
       advantage without 'SUPPORT' challenges it; the challenge succeeds when the challengers outnumber the
       powers of the favoured confession that submitted it ("match and exceed ... by at least one"); a
       successfully challenged advantage does not come into effect and leaves the challengers' lists only
       (decided for every submitted advantage, ruling E1615-C28).  When
       no power of the favoured confession submits the advantage the challenge is ignored and the submission
       counts as an ordinary one (ruling E1615-C23: the seed's own examples, France submitting Saxon and
       Bethlen's interventions, need this; ``lone_challenge_counts=False`` selects the other reading, under
       which such a submission is void);
    3. submitted sanctions whose conditions prevent them (``playable`` false) are skipped;
    4. the best remaining sanction by rank comes into effect ("Selection"), and with it every sanction of the same
       number in its category (an equal rank) submitted by two or more players ("it will match an equally ranked
       and a higher prioritized sanction"); failed challengers do not count among those players (ruling
       E1615-C22);
    5. sanctions in effect leave every list ("Elimination from lists").
    """
    subs = {p: _as_submission(v) for p, v in submissions.items()}
    for power, sub in subs.items():
        if sub.sanction not in BY_ID:
            raise ValueError(f"{power} submitted an unknown sanction {sub.sanction!r}")
        if sub.sanction not in lists.get(power, ()):
            raise ValueError(f"{power} submitted {BY_ID[sub.sanction].name}, which is not in its list")
    by_card: dict[str, list[str]] = {}
    for power in sorted(subs):
        by_card.setdefault(subs[power].sanction, []).append(power)
    notes: list[str] = []
    counted: dict[str, tuple[str, ...]] = {}
    blocked: list[str] = []
    skipped: list[str] = []
    removed: dict[str, list[str]] = {p: [] for p in lists}
    for card_id, powers in by_card.items():
        card = BY_ID[card_id]
        favours = card.favours
        if favours is None:
            counted[card_id] = tuple(powers)
            continue
        own = [p for p in powers if confession_of(p, confessions) == favours]
        challengers = [p for p in powers if confession_of(p, confessions) != favours and not subs[p].support]
        supporters = [p for p in powers if p not in own and p not in challengers]
        if not own:
            standing = powers if lone_challenge_counts else supporters
            if standing:
                counted[card_id] = tuple(standing)
            if challengers:
                done = "counts as a submission" if lone_challenge_counts else "is void"
                notes.append(
                    f"{card.name}: no {favours} power submitted it; the challenge by {', '.join(challengers)} {done}"
                )
            continue
        if challengers and len(challengers) > len(own):
            blocked.append(card_id)
            for p in challengers:
                removed[p].append(card_id)
            notes.append(
                f"{card.name}: challenged successfully by {', '.join(challengers)} against "
                f"{', '.join(own)}; it leaves the challengers' lists"
            )
            continue
        if challengers:
            notes.append(f"{card.name}: the challenge by {', '.join(challengers)} fails against {', '.join(own)}")
        counted[card_id] = tuple(own + supporters)
    candidates = []
    for card_id in sorted(counted, key=lambda c: BY_ID[c].priority):
        if playable is not None and not playable(card_id):
            skipped.append(card_id)
            notes.append(f"{BY_ID[card_id].name}: its conditions do not hold; skipped")
            continue
        candidates.append(card_id)
    in_effect: list[str] = []
    if candidates:
        top = BY_ID[candidates[0]]
        in_effect.append(top.id)
        notes.append(f"{top.name} [{top.rank}] has the highest rank and comes into effect")
        for card_id in candidates[1:]:
            card = BY_ID[card_id]
            if card.number == top.number and len(counted[card_id]) >= 2:
                in_effect.append(card_id)
                notes.append(
                    f"{card.name} [{card.rank}], submitted by {len(counted[card_id])} players, matches "
                    f"{top.name} on rank and also comes into effect"
                )
    else:
        notes.append("no sanction comes into effect")
    after: dict[str, tuple[str, ...]] = {}
    for power, hand in lists.items():
        gone = set(in_effect) | set(removed.get(power, ()))
        removed[power] = [c for c in hand if c in gone]
        after[power] = tuple(c for c in hand if c not in gone)
    return Selection(
        in_effect=tuple(in_effect),
        submitters={c: counted[c] for c in in_effect},
        blocked=tuple(blocked),
        skipped=tuple(skipped),
        removed={p: tuple(r) for p, r in removed.items() if r},
        lists=after,
        notes=tuple(notes),
    )


def must_submit(hand: Iterable[str], playable: Callable[[str], bool] | None = None) -> bool:
    """Whether a power must submit a sanction this year.  Seed, "Elimination from lists": a player with no
    sanctions left no longer takes part; one may refrain from submitting a sanction whose conditions prevent it,
    "however, if the player still has other sanctions on his/her list that may be used, he/she is obligated to
    submit"."""
    return any(playable is None or playable(c) for c in hand)


def submission_errors(
    power: str,
    submission: SanctionSubmission | str | None,
    hand: Sequence[str],
    *,
    playable: Callable[[str], bool] | None = None,
    confessions: Mapping[str, Confession] | None = None,
) -> list[str]:
    """Why a power's sanction submission (None: no submission) is not acceptable; empty when it is.

    - the sanction must be in the power's list;
    - 'SUPPORT' only qualifies an advantage of the other confession ("Challenges");
    - a power that holds a sanction that may be used must submit one that may be used (:func:`must_submit`;
      ruling E1615-C24); a power with none may submit nothing.
    """
    if submission is None:
        if must_submit(hand, playable):
            usable = [BY_ID[c].name for c in hand if playable is None or playable(c)]
            return [f"{power} must submit a sanction: its list still holds {', '.join(usable)}"]
        return []
    sub = _as_submission(submission)
    card = BY_ID.get(sub.sanction)
    if card is None:
        return [f"unknown sanction {sub.sanction!r}"]
    errors: list[str] = []
    if sub.sanction not in hand:
        errors.append(f"{card.name} is not in {power}'s list")
    if sub.support and (card.favours is None or card.favours == confession_of(power, confessions)):
        errors.append(f"SUPPORT qualifies only an advantage of the other confession, not {card.name}")
    if playable is not None and not playable(sub.sanction) and must_submit(hand, playable):
        errors.append(f"{card.name} cannot come into effect now and {power} holds sanctions that can")
    return errors


def default_pick(
    power: str,
    hand: Sequence[str],
    playable: Callable[[str], bool] | None = None,
    confessions: Mapping[str, Confession] | None = None,
) -> str | None:
    """The sanction chosen for a power that owed a submission and made none that may be used (ruling E1615-C24):
    the first usable sanction in the order of its list, passing over the other confession's advantages (which
    would be challenges the player never made) while another is usable.  None when nothing is owed."""
    usable = [c for c in hand if playable is None or playable(c)]
    own = confession_of(power, confessions)
    plain = [c for c in usable if BY_ID[c].favours is None or BY_ID[c].favours == own]
    return next(iter(plain or usable), None)


def prune_lists(lists: Mapping[str, Sequence[str]], dead: Collection[str]) -> dict[str, list[str]]:
    """The lists without the sanctions that can never be played (see :func:`never_playable`).  Seed, "Elimination
    from lists": "If a sanction can never be played, due to, for example, an elimination of a power, then it is
    removed from players' lists"."""
    return {p: [c for c in hand if c not in dead] for p, hand in lists.items()}


def never_playable(
    eliminated: Collection[str], *, in_effect: Collection[str] = (), confessions: Mapping[str, Confession] | None = None
) -> set[str]:
    """The sanctions that can never be played any more (ruling E1615-C25): those already in effect; an embargo on
    an eliminated power; the Treaty of Lyon and the Huguenot rebellion once France is eliminated; the Bohemian
    revolt once Austria is; the Catalonian revolt once Spain is; the Anti-Hapsburg campaign once Austria and
    Spain both are; the Dano-Swedish rivalry and Kejserkrig once Denmark is; the Irish Catholic rebellion and
    Protestant immunity once every Protestant power is, Catholic immunity once every Catholic power is."""
    conf = CONFESSION if confessions is None else confessions
    out = set(in_effect)
    gone = set(eliminated)
    for card in SANCTIONS:
        if card.embargo_on is not None and card.embargo_on in gone:
            out.add(card.id)
    rules = {
        "TREATY_OF_LYON": {"FRANCE"},
        "HUGUENOT_REBELLION": {"FRANCE"},
        "BOHEMIAN_REVOLT": {"AUSTRIA"},
        "CATALONIAN_REVOLT": {"SPAIN"},
        "ANTI_HAPSBURG": {"AUSTRIA", "SPAIN"},
        "DANO_SWEDISH_RIVALRY": {"DENMARK"},
        "KEJSERKRIG": {"DENMARK"},
        "IRISH_CATHOLIC_REBELLION": {p for p, c in conf.items() if c == PROTESTANT},
        "PROTESTANT_IMMUNITY": {p for p, c in conf.items() if c == PROTESTANT},
        "CATHOLIC_IMMUNITY": {p for p, c in conf.items() if c == CATHOLIC},
    }
    for card_id, needed in rules.items():
        if needed and needed <= gone:
            out.add(card_id)
    return out


# ------------------------------------------------------------------------------------ influence effects


@dataclass(frozen=True, slots=True)
class SanctionContext:
    """What the influence effects of sanctions depend on.

    ``active``: the sanctions in effect, each with its parameter (an embargo: the barred minor id or None until
    chosen; Satellite state: ``{power: minor}``; Ecclesiastical reservation: a list of minors; others: None);
    ``independent``: the independent pliant minor states (None: every state counts as independent);
    ``captured_centres``: centres captured from their minor state (Stockholm, Warsaw); ``eliminated``: the
    eliminated powers; ``markers``: each minor's confessional marker; ``aligned``: the power each minor is aligned
    with; ``lyon_continuous``: option, the Treaty of Lyon's INF ban holds only while its four conditions hold
    (ruling E1615-C27)."""

    active: Mapping[str, Any] = field(default_factory=dict)
    independent: frozenset[str] | None = None
    captured_centres: frozenset[str] = frozenset()
    eliminated: frozenset[str] = frozenset()
    markers: Mapping[str, str | None] = field(default_factory=dict)
    aligned: Mapping[str, str | None] = field(default_factory=dict)
    confessions: Mapping[str, Confession] = field(default_factory=lambda: dict(CONFESSION))
    lyon_continuous: bool = False

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SanctionContext:
        """Build from plain JSON data with the same keys (lists for the sets)."""
        indep = data.get("independent")
        return cls(
            active=dict(data.get("active", {})),
            independent=None if indep is None else frozenset(indep),
            captured_centres=frozenset(data.get("captured_centres", ())),
            eliminated=frozenset(data.get("eliminated", ())),
            markers=dict(data.get("markers", {})),
            aligned=dict(data.get("aligned", {})),
            confessions=dict(data.get("confessions", CONFESSION)),
            lyon_continuous=bool(data.get("lyon_continuous", False)),
        )

    def is_independent(self, minor: str) -> bool:
        return self.independent is None or minor in self.independent


#: The state whose capture cancels a sanction ("This modifier is available as long as ... still an independent
#: pliant state"), or the centre whose capture does ("as long as Stockholm/Warsaw has not been captured").
_ANCHOR_STATE = {
    "PROTESTANT_UNION": MINOR["rhineland"],
    "SAXON_INTERVENTION": MINOR["saxony"],
    "BETHLEN_INTERVENTION": MINOR["transylvania"],
    "KEJSERKRIG": MINOR["lower_saxony"],
    "DUTCH_INTERVENTION": MINOR["dutch"],
    "CATHOLIC_LEAGUE": MINOR["bavaria"],
}
_ANCHOR_CENTRE = {"GUSTAV_INTERVENTION": STOCKHOLM, "POLISH_INTERVENTION": WARSAW}


def _lyon_conditions(ctx: SanctionContext) -> str:
    """Why the Treaty of Lyon's four conditions do not hold (empty: they hold)."""
    # ruling E1615-E07
    hapsburg = {"SPAIN", "AUSTRIA"}
    if "FRANCE" in ctx.eliminated:
        return "France is eliminated"
    if ctx.aligned.get(MINOR["savoy"]) != "FRANCE":
        return "Savoy is not aligned with France"
    if ctx.aligned.get(MINOR["venice"]) in hapsburg:
        return "Venice is aligned with Spain or Austria"
    if not ctx.is_independent(MINOR["switzerland"]):
        return "Switzerland has been captured"
    if ctx.aligned.get(MINOR["switzerland"]) in hapsburg:
        return "Switzerland is aligned with Spain or Austria"
    return ""


def in_force(sanction_id: str, ctx: SanctionContext) -> bool:
    """Whether a sanction in effect still applies or has been cancelled by events ("The modifier cancels when RHI
    is captured", "The sanction cancels only if France is eliminated or if Switzerland is captured", ...)."""
    # ruling E1615-C35: a sanction stays until it ends by its own terms
    if sanction_id in _ANCHOR_STATE:
        return ctx.is_independent(_ANCHOR_STATE[sanction_id])
    if sanction_id in _ANCHOR_CENTRE:
        return _ANCHOR_CENTRE[sanction_id] not in ctx.captured_centres
    if sanction_id == "TREATY_OF_LYON":
        if ctx.lyon_continuous:
            return not _lyon_conditions(ctx)
        return "FRANCE" not in ctx.eliminated and ctx.is_independent(MINOR["switzerland"])
    card = BY_ID[sanction_id]
    return card.embargo_on is None or card.embargo_on not in ctx.eliminated


def available(sanction_id: str, ctx: SanctionContext) -> bool:
    """Whether a submitted sanction may come into effect now (the ``playable`` test of :func:`select_sanctions`):
    not already in effect, its state or centre still independent, and for the Treaty of Lyon its four conditions
    ("For this sanction to be available")."""
    if sanction_id in ctx.active:
        return False
    if sanction_id == "TREATY_OF_LYON":
        return not _lyon_conditions(ctx)
    return in_force(sanction_id, ctx)


#: Sanctions that let only some powers deploy to some states: sanction -> (states, who may deploy there).
_DEPLOY_ONLY: Mapping[str, tuple[tuple[str, ...], str]] = {
    "PROTESTANT_UNION": ((MINOR["rhineland"], MINOR["hesse"], MINOR["brandenburg"], MINOR["wuerttemberg"]), PROTESTANT),
    "CATHOLIC_LEAGUE": ((MINOR["bavaria"], MINOR["franconia"], MINOR["westphalia"]), CATHOLIC),
    "SAXON_INTERVENTION": ((MINOR["saxony"],), PROTESTANT),
    "BETHLEN_INTERVENTION": ((MINOR["transylvania"],), PROTESTANT),
    "KEJSERKRIG": ((MINOR["lower_saxony"],), "DENMARK"),
    "GUSTAV_INTERVENTION": ((MINOR["sweden"],), PROTESTANT),
    "DUTCH_INTERVENTION": ((MINOR["dutch"],), PROTESTANT),
    "POLISH_INTERVENTION": ((MINOR["poland"],), CATHOLIC),
}
#: Sanctions that bar some powers from some states: sanction -> (who is barred, the states; None: every
#: Protestant-majority state).
_DEPLOY_BAN: Mapping[str, tuple[str, tuple[str, ...] | None]] = {
    "ANTI_HAPSBURG": (
        "AUSTRIA SPAIN",
        (MINOR["dutch"], MINOR["transylvania"], MINOR["rhineland"], MINOR["lower_saxony"], MINOR["savoy"]),
    ),
    "BOHEMIAN_REVOLT": ("AUSTRIA", None),
    "HUGUENOT_REBELLION": ("FRANCE", None),
    "TREATY_OF_LYON": ("AUSTRIA SPAIN", (MINOR["savoy"], MINOR["venice"])),
    "DANO_SWEDISH_RIVALRY": ("DENMARK", (MINOR["sweden"],)),
    "CATALONIAN_REVOLT": ("SPAIN", (MINOR["catalonia"],)),
    "IRISH_CATHOLIC_REBELLION": (PROTESTANT, (MINOR["ireland"],)),
}


def _who(spec: str, ctx: SanctionContext) -> tuple[set[str], str]:
    """The powers a spec names ('protestant', 'catholic' or power ids) and how to say it."""
    if spec in (PROTESTANT, CATHOLIC):
        return {p for p, c in ctx.confessions.items() if c == spec}, f"the {spec.capitalize()} powers"
    names = spec.split()
    return set(names), " and ".join(n.capitalize() for n in names)


def may_deploy(power: str, minor: str, ctx: SanctionContext) -> tuple[bool, str]:
    """Whether ``power`` may deploy INFs to ``minor`` now, and if not why.

    The general rules first (``influence.base_may_deploy``: a great power not eliminated, an independent pliant
    state, the Papal States Catholic only), then every sanction in effect and in force, all of them at once
    (overlapping restrictions all apply, ruling E1615-C26): Protestant Union, Catholic League, the Saxon, Bethlen,
    Gustav, Dutch and Polish interventions and Kejserkrig (only some powers deploy there); the Anti-Hapsburg
    campaign, the Bohemian revolt and the Huguenot rebellion (no Austrian or French INFs to Protestant-majority
    states), the Treaty of Lyon (no Spanish or Austrian INFs to Savoy and Venice), the Dano-Swedish rivalry, the
    Catalonian revolt and the Irish Catholic rebellion (some powers barred); the embargoes (the barred power may
    not deploy to the chosen state) and the Satellite state (only its controller deploys there).
    """
    ok, why = base_may_deploy(
        power, minor, pliant=ctx.independent, eliminated=ctx.eliminated, confessions=ctx.confessions
    )
    if not ok:
        return ok, why
    for card_id in sorted(ctx.active, key=lambda c: BY_ID[c].priority if c in BY_ID else (0, 0)):
        card = BY_ID.get(card_id)
        if card is None or not in_force(card_id, ctx):
            continue
        param = ctx.active[card_id]
        if card_id in _DEPLOY_ONLY:
            states, spec = _DEPLOY_ONLY[card_id]
            allowed, who = _who(spec, ctx)
            if minor in states and power not in allowed:
                return False, f"{card.name}: only {who} may deploy INFs to {minor}"
        if card_id in _DEPLOY_BAN:
            spec, barred_states = _DEPLOY_BAN[card_id]
            barred, who = _who(spec, ctx)
            if power in barred and barred_states is None and ctx.markers.get(minor) == PROTESTANT:
                return False, f"{card.name}: {who} may not deploy INFs to {minor}, a Protestant-majority state"
            if power in barred and barred_states is not None and minor in barred_states:
                return False, f"{card.name}: {who} may not deploy INFs to {minor}"
        if card.embargo_on == power and param == minor:
            return False, f"{card.name}: {power} may not deploy INFs to {minor}"
        if card_id == "SATELLITE_STATE" and isinstance(param, Mapping):
            owners = sorted(p for p, m in param.items() if m == minor)
            if owners and power not in owners:
                return False, f"{card.name}: {minor} is {owners[0]}'s satellite; only {owners[0]} may deploy INFs there"
    return True, ""


def attack_immunity(attacker: str, target: str, ctx: SanctionContext) -> str | None:
    """Why ``target`` is immune to a diplomatic attack by ``attacker`` (None: it is not).  Sanctions "Protestant
    immunity" (Protestant powers immune to attacks by Catholic powers) and "Catholic immunity" (the reverse).
    Pass ``lambda a, t: attack_immunity(a, t, ctx)`` as ``immune`` to ``influence.resolve_attacks``."""
    a, t = confession_of(attacker, ctx.confessions), confession_of(target, ctx.confessions)
    if "PROTESTANT_IMMUNITY" in ctx.active and t == PROTESTANT and a == CATHOLIC:
        return f"Protestant immunity: {target} is immune to diplomatic attacks by Catholic powers"
    if "CATHOLIC_IMMUNITY" in ctx.active and t == CATHOLIC and a == PROTESTANT:
        return f"Catholic immunity: {target} is immune to diplomatic attacks by Protestant powers"
    return None


def purge_on_effect(
    sanction_id: str, table: InfTable, confessions: Mapping[str, Confession] | None = None
) -> dict[str, dict[str, int]]:
    """The INF table after a sanction comes into effect: Protestant Union removes all Catholic INFs from RHI,
    HES, BRA and WUR; Catholic League removes all Protestant INFs from BAV, FRA and WES.  Other sanctions leave
    the table as it is."""
    out = {m: dict(row) for m, row in table.items()}
    states: tuple[str, ...]
    if sanction_id == "PROTESTANT_UNION":
        states, loser = (MINOR["rhineland"], MINOR["hesse"], MINOR["brandenburg"], MINOR["wuerttemberg"]), CATHOLIC
    elif sanction_id == "CATHOLIC_LEAGUE":
        states, loser = (MINOR["bavaria"], MINOR["franconia"], MINOR["westphalia"]), PROTESTANT
    else:
        return out
    for minor in states:
        if minor in out:
            out[minor] = {p: n for p, n in out[minor].items() if confession_of(p, confessions) != loser}
    return out


def draw_satellite_states(
    state: dict[str, Any], submitters: Sequence[str], candidates: Sequence[str]
) -> dict[str, str]:
    """Give each submitter of the Satellite state a different random state.  Seed, "Satellite state": the state
    must have a centre and a unit (``candidates``: the engine's list of such independent states), not Sweden or
    Poland; "No two players can have the same state".  Submitters draw in alphabetical order; each draw is logged."""
    pool = sorted(c for c in candidates if c not in (MINOR["sweden"], MINOR["poland"]))
    out: dict[str, str] = {}
    for power in sorted(submitters):
        if not pool:
            raise ValueError("no state left to draw as a satellite state")
        pick = rng.choice(state, f"Satellite state: {power}'s satellite", pool)
        out[power] = pick
        pool.remove(pick)
    return out
