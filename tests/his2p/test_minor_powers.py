"""Minor powers activated and deactivated (rule book 22.1-22.4; seed 2.2, 13) by the Diplomatic cards Andrea Doria
(201), Diplomatic Marriage (204) and Venetian Alliance (212)."""

from __future__ import annotations

import pytest

from tests.his2p.test_diplomacy import papacy_plays
from tests.his2p.test_invasions import protestant_plays
from umpire.games.his2p import board as b
from umpire.games.his2p import core, restrictions
from umpire.games.his2p.diplomacy import minor_powers
from umpire.games.his2p.mapdata import load_map
from umpire.kernel.game import Game


def papal_genoa(game: Game) -> None:
    minor_powers.activate(game.state, load_map(), "genoa", "papacy")


def test_card_201_andrea_doria_papacy_activates_genoa_as_its_ally() -> None:
    game = papacy_plays(201, [208, 217], papacy_keeps=208)
    state = game.state
    assert state["minor_allies"]["genoa"] == "papacy"
    assert ["genoa", "papacy"] in state["diplomacy"]["allied"]
    assert state["spaces"]["genoa"]["control"] == "papacy"  # Italian: control may change (seed 2.2)
    assert state["spaces"]["bastia"]["control"] == "genoa"  # no zone: stays Genoese, held through the alliance
    assert minor_powers.held_by(state, "bastia", "papacy")
    assert restrictions.major_of(state, "genoa") == "papacy"
    assert core.top(state) == {"kind": "diplomatic_play", "role": "protestant"}


def test_seed_13_an_active_minors_units_follow_their_major() -> None:
    game = papacy_plays(201, [208, 217], papacy_keeps=208)
    board = load_map()
    assert not restrictions.may_enter(game.state, board, "genoa", "marseille")  # French zone: Papal rules
    assert restrictions.may_enter(game.state, board, "genoa", "florence")


def test_card_201_andrea_doria_adds_4_cp_of_genoese_units_to_a_papal_genoa() -> None:
    game = protestant_plays(201)
    game.state["stack"] = [{"kind": "diplomatic_play", "role": "papacy"}]
    game.state["diplomatic_hands"]["papacy"] = [201, 208]
    papal_genoa(game)
    before = b.units_of(game.state, "genoa", "genoa")
    game.act("papacy", {"type": "diplomatic_card", "card": 201})
    actions = game.view("papacy")["actions"]
    assert {"type": "genoese_unit", "space": "genoa", "unit": "regular"} in actions
    assert {"type": "genoese_unit", "space": "bastia", "unit": "squadron"} in actions
    game.act("papacy", {"type": "genoese_unit", "space": "genoa", "unit": "regular"})
    assert {a["space"] for a in game.view("papacy")["actions"]} == {"genoa"}  # the second unit goes with it
    game.act("papacy", {"type": "genoese_unit", "space": "genoa", "unit": "squadron"})
    after = b.units_of(game.state, "genoa", "genoa")
    assert after["regular"] == before["regular"] + 1 and after["squadron"] == before["squadron"] + 1
    assert game.state["minor_allies"]["genoa"] == "papacy"


def test_card_201_andrea_doria_protestant_turns_a_papal_genoa_french() -> None:
    game = protestant_plays(201)
    papal_genoa(game)
    b.add_units(game.state, "genoa", "papacy", "regular", 2)
    b.add_units(game.state, "florence", "genoa", "regular", 1)
    game.act("protestant", {"type": "diplomatic_card", "card": 201})
    state = game.state
    assert state["minor_allies"]["genoa"] == "france"
    allied = state["diplomacy"]["allied"]
    assert ["france", "genoa"] in allied and ["genoa", "papacy"] not in allied
    assert state["spaces"]["genoa"]["control"] == "france"
    assert b.units_of(state, "genoa", "papacy")["regular"] == 0  # Papal units leave the deactivated minor's spaces
    assert sum(b.land_unit_count(state, s, "papacy") for s in state["units"]) >= 2
    assert b.units_of(state, "florence", "genoa")["regular"] == 0  # Genoese units go home
    assert b.units_of(state, "genoa", "genoa")["regular"] >= 3


def test_card_201_andrea_doria_protestant_reinforces_a_french_genoa() -> None:
    game = protestant_plays(201)
    minor_powers.activate(game.state, load_map(), "genoa", "france")
    game.act("protestant", {"type": "diplomatic_card", "card": 201})
    assert core.top(game.state)["kind"] == "doria_units"
    game.act("protestant", {"type": "genoese_unit", "space": "bastia", "unit": "regular"})
    game.act("protestant", {"type": "genoese_unit", "space": "bastia", "unit": "regular"})
    assert b.units_of(game.state, "bastia", "genoa")["regular"] == 2


def test_card_204_diplomatic_marriage_papal_choices() -> None:
    game = protestant_plays(201)
    minor_powers.activate(game.state, load_map(), "venice", "hapsburg")
    options = minor_powers.marriage_options(game.state, "papacy")
    assert {"type": "activate", "minor": "genoa", "ally": "papacy"} in options
    assert {"type": "deactivate", "minor": "venice"} in options
    assert not any(o["minor"] in ("hungary", "scotland") for o in options)


def test_card_204_diplomatic_marriage_protestant_activates_for_the_hapsburgs_or_deactivates() -> None:
    game = protestant_plays(204)
    minor_powers.activate(game.state, load_map(), "venice", "papacy")
    game.act("protestant", {"type": "diplomatic_card", "card": 204})
    actions = game.view("protestant")["actions"]
    assert actions == [
        {"type": "activate", "minor": "genoa", "ally": "hapsburg"},
        {"type": "deactivate", "minor": "venice"},
    ]
    game.act("protestant", {"type": "activate", "minor": "genoa", "ally": "hapsburg"})
    assert game.state["minor_allies"]["genoa"] == "hapsburg"
    assert game.state["spaces"]["genoa"]["control"] == "hapsburg"


def test_card_204_diplomatic_marriage_deactivation_sends_units_home() -> None:
    game = protestant_plays(204)
    minor_powers.activate(game.state, load_map(), "venice", "papacy")
    b.add_units(game.state, "ravenna", "venice", "regular", 1)
    game.act("protestant", {"type": "diplomatic_card", "card": 204})
    game.act("protestant", {"type": "deactivate", "minor": "venice"})
    state = game.state
    assert "venice" not in state["minor_allies"]
    assert state["spaces"]["venice"]["control"] == "venice"
    assert b.units_of(state, "ravenna", "venice")["regular"] == 0
    assert b.units_of(state, "venice", "venice")["regular"] == 3


def test_card_204_diplomatic_marriage_never_touches_hungary() -> None:
    game = protestant_plays(204)
    assert not any(o["minor"] == "hungary" for o in minor_powers.marriage_options(game.state, "protestant"))
    with pytest.raises(ValueError, match="cannot be deactivated"):
        minor_powers.deactivate(game.state, load_map(), "hungary")


def test_card_212_venetian_alliance_activates_an_unaligned_venice_for_the_papacy() -> None:
    game = papacy_plays(212, [208, 217], papacy_keeps=208)
    assert game.state["minor_allies"]["venice"] == "papacy"
    assert game.state["spaces"]["venice"]["control"] == "papacy"
    assert game.state["spaces"]["corfu"]["control"] == "venice"


def test_card_212_venetian_alliance_deactivates_a_hapsburg_venice() -> None:
    game = protestant_plays(212)
    minor_powers.activate(game.state, load_map(), "venice", "hapsburg")
    game.act("protestant", {"type": "diplomatic_card", "card": 212})
    assert "venice" not in game.state["minor_allies"]
    assert ["hapsburg", "venice"] not in game.state["diplomacy"]["allied"]


def test_22_4_deactivation_sends_other_powers_army_leaders_away_with_their_units() -> None:
    """22.4 step 3: a Hapsburg army in a Hapsburg-held Venice leaves when Venice is deactivated, and its leaders go
    with it (they used to stay behind in the Venetian space), as does a leader standing there with no unit."""
    game = protestant_plays(212)
    state, board = game.state, load_map()
    minor_powers.activate(state, board, "venice", "hapsburg")
    b.add_units(state, "venice", "hapsburg", "regular", 2)
    state["leaders"]["duke_of_alva"] = "venice"
    state["leaders"]["ferdinand"] = "corfu"  # a leader alone in a Venetian space the Hapsburgs hold
    game.act("protestant", {"type": "diplomatic_card", "card": 212})
    state = game.state
    assert b.units_of(state, "venice", "hapsburg")["regular"] == 0
    alva = state["leaders"]["duke_of_alva"]
    assert alva != "venice" and board.spaces[alva].fortified
    assert b.units_of(state, alva, "hapsburg")["regular"] >= 2  # with his army
    assert state["spaces"][alva]["control"] == "hapsburg"
    assert state["leaders"].get("ferdinand") != "corfu"


def test_card_212_venetian_alliance_reinforces_a_papal_venice_in_a_papal_port() -> None:
    game = protestant_plays(212)
    minor_powers.activate(game.state, load_map(), "venice", "papacy")
    game.state["sieges"] = {"ancona": {"besieger": "hapsburg", "impulse": 1}}
    game.act("protestant", {"type": "diplomatic_card", "card": 212})
    assert core.top(game.state) == {"kind": "venetian_units", "role": "papacy"}
    ports = [a["space"] for a in game.view("papacy")["actions"]]
    assert "rome" not in ports or load_map().spaces["rome"].ports
    assert "venice" in ports and "corfu" in ports and "ancona" not in ports
    before = b.units_of(game.state, "venice", "venice")
    game.act("papacy", {"type": "venetian_units", "space": "venice"})
    after = b.units_of(game.state, "venice", "venice")
    assert after["regular"] == before["regular"] + 1 and after["squadron"] == before["squadron"] + 2


def test_19_3_active_minor_units_winter_like_their_major_inactive_ones_stay() -> None:
    game = protestant_plays(201)
    state = game.state
    board = load_map()
    papal_genoa(game)
    b.add_units(state, "bastia", "genoa", "regular", 2)  # an unfortified home space: to Genoa, the home key
    b.add_units(state, "ancona", "genoa", "regular", 1)  # unfortified and Papal: to a fortified space held
    b.add_units(state, "zara", "venice", "regular", 1)  # Venice inactive: stays (HIS-E08)
    genoese = sum(b.land_unit_count(state, s, "genoa") for s in state["units"])
    before = b.units_of(state, "genoa", "genoa")["regular"]
    minor_powers.winter_return(state, board)
    assert b.land_unit_count(state, "bastia", "genoa") == 0 and b.land_unit_count(state, "ancona", "genoa") == 0
    assert b.units_of(state, "genoa", "genoa")["regular"] >= before + 1
    assert all(board.spaces[s].fortified for s in state["units"] if b.land_unit_count(state, s, "genoa"))
    assert sum(b.land_unit_count(state, s, "genoa") for s in state["units"]) <= genoese
    assert b.units_of(state, "zara", "venice")["regular"] == 1
