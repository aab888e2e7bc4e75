"""The formation builder's grouping (labels.formation_step): every move of a formation carries the words of its
group, its destination, its leaders' names and its CP cost, so the page can build a move step by step from the
view's own legal actions."""

from __future__ import annotations

from tests.his2p.test_engine import cp_decision
from umpire.games.his2p import labels


def test_formation_step_groups_every_move_from_a_space_with_its_target_and_cost() -> None:
    game = cp_decision("papacy", 4)
    game.state["units"]["rome"] = {"papacy": {"regular": 3, "mercenary": 2}}
    view = game.view("papacy")
    both = list(zip(view["actions"], view["action_labels"], strict=True))
    moves = [(a, lab) for a, lab in both if "step" in lab]
    assert [a for a, _ in moves] == [a for a, _ in both if a["type"] in labels.FORMATION_MOVES]
    from_rome = [(a, lab["step"]) for a, lab in moves if a["from"] == "rome"]
    assert len(from_rome) > 8  # many formations: the page builds them instead of listing buttons
    assert {step["formation"] for _, step in from_rome} == {"Move from Rome"}
    assert {(a["to"], step["target"]) for a, step in from_rome} >= {("siena", "Siena")}
    assert {step["cost"] for _, step in from_rome} == {1}
    counts = {(a["regular"], a["mercenary"]) for a, _ in from_rome}
    assert (3, 1) in counts and (1, 0) in counts and (0, 2) in counts


def test_formation_step_names_leaders_and_passes_and_skips_other_actions() -> None:
    game = cp_decision("papacy", 4)
    step = labels.formation_step(
        game.state,
        "papacy",
        {"type": "move_over_pass", "from": "rome", "to": "siena", "regular": 1, "leaders": ["john_frederick"]},
    )
    assert step is not None
    assert step["target"] == "Siena, over the pass" and step["leaders"] == {"john_frederick": "John Frederick"}
    assert labels.formation_step(game.state, "papacy", {"type": "build_st_peters"}) is None
