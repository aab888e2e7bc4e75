"""Europe 1615 sanctions (seed 003: SANCTIONS (OPTIONAL), Description of sanctions/modifiers): the data, the
deal, the yearly selection with the seed's examples, the submission obligation and the influence effects."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.diplomacy.map import load_map
from umpire.games.europe1615.influence import POWERS, Attack, resolve_attacks
from umpire.games.europe1615.sanctions import (
    CARD_IDS,
    CATEGORIES,
    EFFECTS,
    MINOR,
    SANCTIONS,
    STOCKHOLM,
    WARSAW,
    SanctionContext,
    SanctionSubmission,
    attack_immunity,
    available,
    deal_sanction_lists,
    draw_satellite_states,
    find_sanction,
    in_force,
    may_deploy,
    must_submit,
    never_playable,
    prune_lists,
    purge_on_effect,
    select_sanctions,
    submission_errors,
)
from umpire.kernel.rng import init_rng

EVERYTHING = {p: list(CARD_IDS) for p in POWERS}  # lists holding every card, for selection tests


def everything_but_own_embargo() -> dict[str, list[str]]:
    return {p: [c for c in CARD_IDS if not c.endswith(p)] for p in POWERS}


# ------------------------------------------------------------------------------------------------ data


def test_sanctions_the_sanctions_as_data() -> None:
    assert len(SANCTIONS) == 33  # 31 ranks; Stronghold I, II and III are separate cards sharing rank 27
    assert sorted({s.rank for s in SANCTIONS}) == list(range(1, 32))
    counts = {c: sum(1 for s in SANCTIONS if s.category == c) for c in CATEGORIES}
    assert counts == {"protestant": 7, "catholic": 4, "impediment": 7, "embargo": 6, "miscellaneous": 9}
    # the bracketed rank orders by number in category, then by category priority
    by_rule = sorted(SANCTIONS, key=lambda s: (s.number, CATEGORIES.index(s.category), s.sub))
    assert by_rule == sorted(SANCTIONS, key=lambda s: s.priority)
    assert sorted(SANCTIONS, key=lambda s: (CATEGORIES.index(s.category), s.number, s.sub)) == list(SANCTIONS)
    for card in SANCTIONS:
        assert card.conditions and card.effect and all(e in EFFECTS for e in card.effects)
    assert find_sanction("PROTESTANT_UNION").rank == 31
    assert find_sanction("Ottoman neutrality").rank == 1
    assert [s.embargo_on for s in SANCTIONS if s.embargo_on] == ["SPAIN", "AUSTRIA", "FRANCE", "DENMARK", "ENGLAND"]


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("Saxon interv.", "SAXON_INTERVENTION"),
        ("Polish interv.", "POLISH_INTERVENTION"),
        ("Embargo Spain", "EMBARGO_SPAIN"),
        ("embargo on France", "EMBARGO_FRANCE"),
        ("Bethlen", "BETHLEN_INTERVENTION"),
        ("Bethlen's intervention", "BETHLEN_INTERVENTION"),
        ("stronghold ii", "STRONGHOLD_II"),
        ("Stronghold I", "STRONGHOLD_I"),
        ("Bribe", "BRIBE"),
        ("satellite state", "SATELLITE_STATE"),
        ("Anti-Hapsburg", "ANTI_HAPSBURG"),
    ],
)
def test_sanctions_find_sanction(text: str, card: str) -> None:
    assert find_sanction(text).id == card


def test_sanctions_find_sanction_errors() -> None:
    with pytest.raises(LookupError, match="could be Stronghold I, Stronghold II, Stronghold III"):
        find_sanction("Stronghold")
    with pytest.raises(LookupError, match="could be Embargo on Spain"):
        find_sanction("Embargo")
    with pytest.raises(LookupError, match="no sanction is named 'Armada'"):
        find_sanction("Armada")


# ---------------------------------------------------------------------------------------------- dealing


def check_deal(hands: dict[str, list[str]]) -> None:
    assert sorted(hands) == sorted(POWERS)
    for power, hand in hands.items():
        assert len(hand) == 7 and len(set(hand)) == 7
        assert f"EMBARGO_{power}" not in hand
    assert set().union(*map(set, hands.values())) == set(CARD_IDS)


def test_sanctions_deal_every_card_at_least_once_seven_distinct_no_own_embargo() -> None:
    state: dict[str, Any] = {"rng": init_rng(1615)}
    hands = deal_sanction_lists(state, POWERS)
    check_deal(hands)
    assert all(r["purpose"].startswith("sanction lists:") for r in state["rolls"])
    assert all("gm" in r["visible_to"] for r in state["rolls"])
    again: dict[str, Any] = {"rng": init_rng(1615)}
    assert deal_sanction_lists(again, POWERS) == hands  # the deal comes from the game's generator only


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32))
def test_sanctions_deal_property(seed: int) -> None:
    check_deal(deal_sanction_lists({"rng": init_rng(seed)}, POWERS))


def test_sanctions_deal_needs_enough_room() -> None:
    with pytest.raises(ValueError, match="cannot hold all 33"):
        deal_sanction_lists({"rng": init_rng(1)}, POWERS[:4])


# -------------------------------------------------------------------------------------------- selection


def test_sanctions_seed_example_submission_embargo_on_spain() -> None:
    """Seed, "Example submission": France Saxon interv., Austria and Spain Polish interv., England Embargo Spain,
    Denmark Embargo France.  "Result: Embargo on Spain has the highest rank and thus it is put into effect.\""""
    subs = {
        "FRANCE": "SAXON_INTERVENTION",
        "AUSTRIA": "POLISH_INTERVENTION",
        "SPAIN": "POLISH_INTERVENTION",
        "ENGLAND": "EMBARGO_SPAIN",
        "DENMARK": "EMBARGO_FRANCE",
    }
    sel = select_sanctions(subs, everything_but_own_embargo())
    assert sel.in_effect == ("EMBARGO_SPAIN",)
    assert all("EMBARGO_SPAIN" not in hand for hand in sel.lists.values())
    assert "SAXON_INTERVENTION" in sel.lists["FRANCE"]


def test_sanctions_seed_example_submission_with_satellite_state_saxon_and_polish() -> None:
    """ "However, if England had submitted Satellite state, then Saxon intervention and Polish intervention would
    both be put into effect": Polish intervention, submitted by two players, matches Saxon intervention."""
    subs = {
        "FRANCE": "SAXON_INTERVENTION",
        "AUSTRIA": "POLISH_INTERVENTION",
        "SPAIN": "POLISH_INTERVENTION",
        "ENGLAND": "SATELLITE_STATE",
        "DENMARK": "EMBARGO_FRANCE",
    }
    sel = select_sanctions(subs, everything_but_own_embargo())
    assert sel.in_effect == ("SAXON_INTERVENTION", "POLISH_INTERVENTION")
    assert sel.submitters == {"SAXON_INTERVENTION": ("FRANCE",), "POLISH_INTERVENTION": ("AUSTRIA", "SPAIN")}
    for hand in sel.lists.values():
        assert "SAXON_INTERVENTION" not in hand and "POLISH_INTERVENTION" not in hand
    assert "SATELLITE_STATE" in sel.lists["ENGLAND"]


def test_sanctions_a_single_submitter_does_not_match() -> None:
    subs = {"FRANCE": "SAXON_INTERVENTION", "AUSTRIA": "POLISH_INTERVENTION", "ENGLAND": "SATELLITE_STATE"}
    assert select_sanctions(subs, EVERYTHING).in_effect == ("SAXON_INTERVENTION",)


def test_sanctions_seed_protestant_union_challenge_example() -> None:
    """Seed, "Challenges": Denmark submits Protestant Union, Spain and Austria submit it too: a successful
    challenge; the sanction does not come into effect, leaves Spain's and Austria's lists but not Denmark's,
    and the next highest ranked sanction is evaluated."""
    subs = {
        "DENMARK": "PROTESTANT_UNION",
        "SPAIN": "PROTESTANT_UNION",
        "AUSTRIA": "PROTESTANT_UNION",
        "ENGLAND": "LEVY",
        "FRANCE": "BRIBE",
    }
    sel = select_sanctions(subs, EVERYTHING)
    assert sel.blocked == ("PROTESTANT_UNION",)
    assert sel.in_effect == ("BRIBE",)
    assert "PROTESTANT_UNION" in sel.lists["DENMARK"]
    assert "PROTESTANT_UNION" not in sel.lists["SPAIN"] and "PROTESTANT_UNION" not in sel.lists["AUSTRIA"]
    assert sel.removed["SPAIN"] == ("PROTESTANT_UNION", "BRIBE")


def test_sanctions_seed_protestant_union_single_challenger_fails() -> None:
    """ "If only Spain had submitted the Protestant Union to challenge the Danish submission, then the sanction
    would go into effect.\""""
    sel = select_sanctions({"DENMARK": "PROTESTANT_UNION", "SPAIN": "PROTESTANT_UNION"}, EVERYTHING)
    assert sel.in_effect == ("PROTESTANT_UNION",)
    assert sel.submitters == {"PROTESTANT_UNION": ("DENMARK",)}  # a failed challenger is no submitter
    assert sel.blocked == ()


def test_sanctions_support_qualifier_is_not_a_challenge() -> None:
    subs = {
        "DENMARK": "PROTESTANT_UNION",
        "SPAIN": SanctionSubmission("PROTESTANT_UNION", support=True),
        "AUSTRIA": "PROTESTANT_UNION",
    }
    sel = select_sanctions(subs, EVERYTHING)
    assert sel.in_effect == ("PROTESTANT_UNION",)
    assert sel.submitters["PROTESTANT_UNION"] == ("DENMARK", "SPAIN")


def test_sanctions_protestants_challenge_catholic_advantages_too() -> None:
    subs = {"FRANCE": "CATHOLIC_LEAGUE", "ENGLAND": "CATHOLIC_LEAGUE", "DENMARK": "CATHOLIC_LEAGUE"}
    sel = select_sanctions(subs, EVERYTHING)
    assert sel.blocked == ("CATHOLIC_LEAGUE",) and sel.in_effect == ()
    assert sel.removed == {"ENGLAND": ("CATHOLIC_LEAGUE",), "DENMARK": ("CATHOLIC_LEAGUE",)}


def test_sanctions_seed_bethlen_and_embargo_on_france_example() -> None:
    """Seed, "When two or more sanctions come into effect": France submits Bethlen's intervention, Spain and
    Austria both submit the embargo on France (equal rank, lower priority): both come into effect."""
    subs = {
        "FRANCE": "BETHLEN_INTERVENTION",
        "SPAIN": "EMBARGO_FRANCE",
        "AUSTRIA": "EMBARGO_FRANCE",
        "ENGLAND": "CATHOLIC_IMMUNITY",
        "DENMARK": "OTTOMAN_NEUTRALITY",
    }
    sel = select_sanctions(subs, everything_but_own_embargo())
    assert sel.in_effect == ("BETHLEN_INTERVENTION", "EMBARGO_FRANCE")


def test_sanctions_seed_bethlen_example_with_three_submitters() -> None:
    """ "This rule is still followed even if, say, France, England, and Denmark submitted Bethlen's intervention,
    Spain's and Austria's submission of the embargo allows it to match\"."""
    subs = {
        "FRANCE": "BETHLEN_INTERVENTION",
        "ENGLAND": "BETHLEN_INTERVENTION",
        "DENMARK": "BETHLEN_INTERVENTION",
        "SPAIN": "EMBARGO_FRANCE",
        "AUSTRIA": "EMBARGO_FRANCE",
    }
    sel = select_sanctions(subs, everything_but_own_embargo())
    assert sel.in_effect == ("BETHLEN_INTERVENTION", "EMBARGO_FRANCE")
    assert sel.submitters["BETHLEN_INTERVENTION"] == ("DENMARK", "ENGLAND")  # France's challenge failed, 1 to 2


def test_sanctions_strongholds_are_separate_cards_of_equal_rank() -> None:
    sel = select_sanctions(
        {"ENGLAND": "STRONGHOLD_II", "FRANCE": "STRONGHOLD_III", "SPAIN": "STRONGHOLD_III"}, EVERYTHING
    )
    assert sel.in_effect == ("STRONGHOLD_II", "STRONGHOLD_III")
    assert "STRONGHOLD_I" in sel.lists["ENGLAND"]
    single = select_sanctions({"ENGLAND": "STRONGHOLD_I", "FRANCE": "STRONGHOLD_II"}, EVERYTHING)
    assert single.in_effect == ("STRONGHOLD_I",)


def test_sanctions_unplayable_submissions_are_skipped_and_kept() -> None:
    sel = select_sanctions(
        {"ENGLAND": "SAXON_INTERVENTION", "SPAIN": "LEVY"}, EVERYTHING, playable=lambda c: c != "SAXON_INTERVENTION"
    )
    assert sel.in_effect == ("LEVY",) and sel.skipped == ("SAXON_INTERVENTION",)
    assert "SAXON_INTERVENTION" in sel.lists["ENGLAND"]
    assert select_sanctions({}, EVERYTHING).in_effect == ()


def test_sanctions_submissions_must_come_from_the_own_list() -> None:
    with pytest.raises(ValueError, match="not in its list"):
        select_sanctions({"SPAIN": "LEVY"}, {"SPAIN": ["BRIBE"]})
    with pytest.raises(ValueError, match="unknown sanction"):
        select_sanctions({"SPAIN": "ARMADA"}, {"SPAIN": ["BRIBE"]})


# ---------------------------------------------------------------------------------------- obligation


def test_sanctions_submission_obligation() -> None:
    hand = ["SAXON_INTERVENTION", "LEVY"]
    assert must_submit(hand)
    assert not must_submit([])
    assert not must_submit(["SAXON_INTERVENTION"], playable=lambda c: False)
    assert submission_errors("ENGLAND", None, hand) == [
        "ENGLAND must submit a sanction: its list still holds Saxon intervention, Levy an army"
    ]
    assert submission_errors("ENGLAND", None, ["SAXON_INTERVENTION"], playable=lambda c: False) == []
    assert submission_errors("ENGLAND", "LEVY", hand) == []
    assert submission_errors("ENGLAND", "BRIBE", hand) == ["Bribe a unit to hold is not in ENGLAND's list"]
    refrain = submission_errors("ENGLAND", "SAXON_INTERVENTION", hand, playable=lambda c: c == "LEVY")
    assert refrain == ["Saxon intervention cannot come into effect now and ENGLAND holds sanctions that can"]
    assert submission_errors("SPAIN", SanctionSubmission("CATHOLIC_LEAGUE", True), ["CATHOLIC_LEAGUE"]) == [
        "SUPPORT qualifies only an advantage of the other confession, not Catholic League"
    ]
    assert submission_errors("SPAIN", SanctionSubmission("PROTESTANT_UNION", True), ["PROTESTANT_UNION"]) == []


def test_sanctions_never_playable_and_pruning() -> None:
    dead = never_playable({"FRANCE"}, in_effect={"LEVY"})
    assert {"EMBARGO_FRANCE", "TREATY_OF_LYON", "HUGUENOT_REBELLION", "LEVY"} <= dead
    assert "ANTI_HAPSBURG" not in never_playable({"SPAIN"})
    assert "ANTI_HAPSBURG" in never_playable({"SPAIN", "AUSTRIA"})
    assert "PROTESTANT_IMMUNITY" in never_playable({"ENGLAND", "DENMARK"})
    assert prune_lists({"SPAIN": ["EMBARGO_FRANCE", "BRIBE"]}, dead) == {"SPAIN": ["BRIBE"]}


# -------------------------------------------------------------------------------------- may_deploy


def ctx(active: dict[str, Any], **kw: Any) -> SanctionContext:
    return SanctionContext(active=active, **kw)


@pytest.mark.parametrize(
    ("active", "power", "minor", "allowed"),
    [
        ({"PROTESTANT_UNION": None}, "SPAIN", "RHI", False),
        ({"PROTESTANT_UNION": None}, "ENGLAND", "WUR", True),
        ({"PROTESTANT_UNION": None}, "SPAIN", "SAX", True),
        ({"CATHOLIC_LEAGUE": None}, "DENMARK", "FRA", False),
        ({"CATHOLIC_LEAGUE": None}, "FRANCE", "WES", True),
        ({"SAXON_INTERVENTION": None}, "AUSTRIA", "SAX", False),
        ({"BETHLEN_INTERVENTION": None}, "AUSTRIA", "TRA", False),
        ({"KEJSERKRIG": None}, "ENGLAND", "LOWR", False),
        ({"KEJSERKRIG": None}, "DENMARK", "LOWR", True),
        ({"GUSTAV_INTERVENTION": None}, "FRANCE", "SWE", False),
        ({"DUTCH_INTERVENTION": None}, "SPAIN", "DUT", False),
        ({"POLISH_INTERVENTION": None}, "ENGLAND", "POLN", False),
        ({"ANTI_HAPSBURG": None}, "SPAIN", "SAV", False),
        ({"ANTI_HAPSBURG": None}, "FRANCE", "SAV", True),
        ({"TREATY_OF_LYON": None}, "AUSTRIA", "VEN", False),
        ({"TREATY_OF_LYON": None}, "FRANCE", "VEN", True),
        ({"DANO_SWEDISH_RIVALRY": None}, "DENMARK", "SWE", False),
        ({"DANO_SWEDISH_RIVALRY": None}, "ENGLAND", "SWE", True),
        ({"CATALONIAN_REVOLT": None}, "SPAIN", "CAT", False),
        ({"IRISH_CATHOLIC_REBELLION": None}, "ENGLAND", "IRE", False),
        ({"IRISH_CATHOLIC_REBELLION": None}, "SPAIN", "IRE", True),
        ({"EMBARGO_SPAIN": "LOR"}, "SPAIN", "LOR", False),
        ({"EMBARGO_SPAIN": "LOR"}, "SPAIN", "SAV", True),
        ({"EMBARGO_SPAIN": None}, "SPAIN", "LOR", True),  # no state chosen yet
        ({"SATELLITE_STATE": {"ENGLAND": "SCO"}}, "SPAIN", "SCO", False),
        ({"SATELLITE_STATE": {"ENGLAND": "SCO"}}, "ENGLAND", "SCO", True),
        ({}, "ENGLAND", "PAPL", False),
        ({}, "SPAIN", "PAPL", True),
    ],
)
def test_sanctions_may_deploy(active: dict[str, Any], power: str, minor: str, allowed: bool) -> None:
    ok, why = may_deploy(power, minor, ctx(active))
    assert ok is allowed
    assert (why == "") is allowed


def test_sanctions_may_deploy_reasons() -> None:
    assert may_deploy("SPAIN", "RHI", ctx({"PROTESTANT_UNION": None})) == (
        False,
        "Protestant Union: only the Protestant powers may deploy INFs to RHI",
    )
    assert (
        may_deploy("ENGLAND", "LOWR", ctx({"KEJSERKRIG": None}))[1]
        == "Kejserkrig: only Denmark may deploy INFs to LOWR"
    )
    assert may_deploy("SPAIN", "SCO", ctx({"SATELLITE_STATE": {"ENGLAND": "SCO"}}))[1] == (
        "Satellite state: SCO is ENGLAND's satellite; only ENGLAND may deploy INFs there"
    )


def test_sanctions_revolts_bar_protestant_majority_states() -> None:
    markers = {"SAX": "protestant", "BAV": "catholic"}
    revolt = ctx({"BOHEMIAN_REVOLT": None, "HUGUENOT_REBELLION": None}, markers=markers)
    assert may_deploy("AUSTRIA", "SAX", revolt) == (
        False,
        "Bohemian revolt: Austria may not deploy INFs to SAX, a Protestant-majority state",
    )
    assert may_deploy("FRANCE", "SAX", revolt)[0] is False
    assert may_deploy("AUSTRIA", "BAV", revolt)[0] is True
    assert may_deploy("SPAIN", "SAX", revolt)[0] is True


def test_sanctions_cancel_when_their_state_is_captured() -> None:
    independent = frozenset({"HES", "SAX", "SWI"})
    union = ctx({"PROTESTANT_UNION": None}, independent=independent)
    assert not in_force("PROTESTANT_UNION", union)
    assert may_deploy("SPAIN", "HES", union) == (True, "")  # RHI captured: the Union is over
    assert may_deploy("SPAIN", "RHI", union)[1] == "RHI is not an independent pliant minor state"
    gustav = ctx({"GUSTAV_INTERVENTION": None}, captured_centres=frozenset({"STO"}))
    assert may_deploy("FRANCE", "SWE", gustav)[0] is True
    assert not in_force("EMBARGO_SPAIN", ctx({}, eliminated=frozenset({"SPAIN"})))


def test_sanctions_treaty_of_lyon_conditions() -> None:
    good = {"SAV": "FRANCE", "VEN": "ENGLAND", "SWI": None}
    assert available("TREATY_OF_LYON", ctx({}, aligned=good))
    assert not available("TREATY_OF_LYON", ctx({}, aligned={**good, "SAV": "SPAIN"}))
    assert not available("TREATY_OF_LYON", ctx({}, aligned={**good, "VEN": "AUSTRIA"}))
    assert not available("TREATY_OF_LYON", ctx({}, aligned={**good, "SWI": "SPAIN"}))
    assert not available("TREATY_OF_LYON", ctx({}, aligned=good, independent=frozenset({"SAV", "VEN"})))
    assert not available("TREATY_OF_LYON", ctx({}, aligned=good, eliminated=frozenset({"FRANCE"})))
    assert not available("TREATY_OF_LYON", ctx({"TREATY_OF_LYON": None}, aligned=good))  # already in effect
    # once in effect it cancels only with France eliminated or Switzerland captured ...
    lost_savoy = ctx({"TREATY_OF_LYON": None}, aligned={"SAV": "SPAIN"})
    assert may_deploy("SPAIN", "SAV", lost_savoy)[0] is False
    assert may_deploy("SPAIN", "SAV", ctx({"TREATY_OF_LYON": None}, eliminated=frozenset({"FRANCE"})))[0] is True
    # ... unless the option makes its four conditions continuous
    continuous = ctx({"TREATY_OF_LYON": None}, aligned={"SAV": "SPAIN"}, lyon_continuous=True)
    assert may_deploy("SPAIN", "SAV", continuous)[0] is True


def test_sanctions_other_availability() -> None:
    assert available("SAXON_INTERVENTION", ctx({}))
    assert not available("SAXON_INTERVENTION", ctx({}, independent=frozenset({"RHI"})))
    assert not available("POLISH_INTERVENTION", ctx({}, captured_centres=frozenset({"WAR"})))
    assert available("LEVY", ctx({}))


def test_sanctions_context_from_json() -> None:
    data = {"active": {"EMBARGO_SPAIN": "LOR"}, "independent": ["LOR"], "markers": {"LOR": "protestant"}}
    c = SanctionContext.from_json(data)
    assert c.independent == frozenset({"LOR"}) and c.is_independent("LOR") and not c.is_independent("SAX")
    assert may_deploy("SPAIN", "LOR", c)[0] is False


# ------------------------------------------------------------------------------- immunity and purges


def test_sanctions_immunities() -> None:
    both = ctx({"PROTESTANT_IMMUNITY": None, "CATHOLIC_IMMUNITY": None})
    assert attack_immunity("SPAIN", "ENGLAND", ctx({"PROTESTANT_IMMUNITY": None})) is not None
    assert attack_immunity("DENMARK", "ENGLAND", both) is None
    assert attack_immunity("ENGLAND", "SPAIN", ctx({"PROTESTANT_IMMUNITY": None})) is None
    assert attack_immunity("ENGLAND", "SPAIN", both) == (
        "Catholic immunity: SPAIN is immune to diplomatic attacks by Protestant powers"
    )
    table = {"LOR": {"ENGLAND": 5, "FRANCE": 10}}
    after, results = resolve_attacks(
        table, [Attack("ENGLAND", "LOR", "FRANCE")], ["ENGLAND"], immune=lambda a, t: attack_immunity(a, t, both)
    )
    assert after == table and results[0].outcome == "void"


def test_sanctions_union_and_league_purge_the_other_confession() -> None:
    table = {"RHI": {"ENGLAND": 3, "SPAIN": 4}, "BAV": {"DENMARK": 2, "AUSTRIA": 1}, "SAX": {"SPAIN": 1}}
    assert purge_on_effect("PROTESTANT_UNION", table) == {
        "RHI": {"ENGLAND": 3},
        "BAV": {"DENMARK": 2, "AUSTRIA": 1},
        "SAX": {"SPAIN": 1},
    }
    assert purge_on_effect("CATHOLIC_LEAGUE", table)["BAV"] == {"AUSTRIA": 1}
    assert purge_on_effect("LEVY", table) == table


def test_sanctions_satellite_states_are_distinct_random_and_logged() -> None:
    state: dict[str, Any] = {"rng": init_rng(7)}
    got = draw_satellite_states(state, ["SPAIN", "ENGLAND"], ["SWE", "POLN", "SCO", "LOR", "SAV"])
    assert sorted(got) == ["ENGLAND", "SPAIN"]
    assert len(set(got.values())) == 2 and set(got.values()) <= {"SCO", "LOR", "SAV"}
    assert [r["purpose"] for r in state["rolls"]] == [
        "Satellite state: ENGLAND's satellite",
        "Satellite state: SPAIN's satellite",
    ]
    with pytest.raises(ValueError, match="no state left"):
        draw_satellite_states({"rng": init_rng(7)}, ["SPAIN", "ENGLAND"], ["SCO"])


def test_sanctions_option_lone_challenge_void() -> None:
    """The other reading of ruling E1615-C23: a lone cross-confession submission is a void challenge; the seed's
    example then gives Polish intervention alone."""
    subs = {
        "FRANCE": "SAXON_INTERVENTION",
        "AUSTRIA": "POLISH_INTERVENTION",
        "SPAIN": "POLISH_INTERVENTION",
        "ENGLAND": "SATELLITE_STATE",
        "DENMARK": SanctionSubmission("CATHOLIC_IMMUNITY", support=True),
    }
    sel = select_sanctions(subs, everything_but_own_embargo(), lone_challenge_counts=False)
    assert sel.in_effect == ("POLISH_INTERVENTION",)
    assert "SAXON_INTERVENTION" in sel.lists["FRANCE"]
    assert sel.submitters["POLISH_INTERVENTION"] == ("AUSTRIA", "SPAIN")
    lone_support = select_sanctions(
        {"DENMARK": SanctionSubmission("CATHOLIC_IMMUNITY", support=True)}, EVERYTHING, lone_challenge_counts=False
    )
    assert lone_support.in_effect == ("CATHOLIC_IMMUNITY",)


# ------------------------------------------------------------------------- against the real map (when it is there)

MAP_FILE = Path(__file__).resolve().parents[2] / "src/umpire/games/europe1615/data/map.json"


@pytest.mark.skipif(not MAP_FILE.exists(), reason="the Europe 1615 map is not written yet")
def test_sanctions_map_names_every_state_and_centre_the_sanctions_name() -> None:
    game_map = load_map(MAP_FILE)
    raw = game_map.extra.get("minors", {})
    minor_ids = set(raw) if isinstance(raw, dict) else {m["id"] for m in raw}
    assert set(MINOR.values()) <= minor_ids, sorted(set(MINOR.values()) - minor_ids)
    assert {STOCKHOLM, WARSAW} <= set(game_map.centers)
