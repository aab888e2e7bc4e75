"""The seeded generator: determinism, range, uniformity, logging with purpose, and redaction of secret draws."""

from __future__ import annotations

import collections

import pytest

from umpire.kernel import rng


def fresh(seed: int) -> dict:
    return {"rng": rng.init_rng(seed), "rolls": []}


def test_same_seed_same_draws_and_log() -> None:
    a, b = fresh(7), fresh(7)
    assert [rng.roll(a, "test") for _ in range(50)] == [rng.roll(b, "test") for _ in range(50)]
    assert a == b


def test_different_seeds_differ() -> None:
    a, b = fresh(1), fresh(2)
    assert [rng.roll(a, "t") for _ in range(30)] != [rng.roll(b, "t") for _ in range(30)]


def test_generator_state_is_two_integers_and_resumes() -> None:
    state = fresh(99)
    first = [rng.roll(state, "t", 20) for _ in range(5)]
    saved = dict(state["rng"])
    rest = [rng.roll(state, "t", 20) for _ in range(5)]
    resumed = {"rng": saved, "rolls": []}
    assert [rng.roll(resumed, "t", 20) for _ in range(5)] == rest
    assert set(saved) == {"seed", "draws"} and len(first) == 5


def test_faces_in_range_and_roughly_uniform() -> None:
    state = fresh(3)
    counts = collections.Counter(rng.roll(state, "t") for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in counts.values()), counts


def test_every_draw_is_logged_with_its_purpose() -> None:
    state = fresh(5)
    value = rng.roll(state, "Spain: subsidy (d6+4)")
    faces = rng.roll_many(state, "battle: 3 dice", 3)
    pick = rng.choice(state, "satellite state", ["SAX", "BAV"])
    order = rng.shuffle(state, "deal sanctions", [1, 2, 3, 4])
    assert [e["purpose"] for e in state["rolls"]] == [
        "Spain: subsidy (d6+4)",
        "battle: 3 dice",
        "satellite state",
        "deal sanctions",
    ]
    assert state["rolls"][0]["result"] == value and state["rolls"][1]["result"] == faces
    assert ["SAX", "BAV"][state["rolls"][2]["result"]] == pick
    assert sorted(order) == [1, 2, 3, 4]
    assert [e["n"] for e in state["rolls"]] == [1, 2, 3, 4]


def test_a_draw_without_purpose_is_refused() -> None:
    with pytest.raises(ValueError, match="purpose"):
        rng.roll(fresh(1), "")


def test_secret_draws_are_hidden_from_other_roles() -> None:
    state = fresh(11)
    rng.shuffle(state, "shuffle the Protestant's hand", list(range(8)), visible_to=["PROTESTANT"])
    rng.roll(state, "public roll")
    own = rng.visible_rolls(state, "PROTESTANT")
    other = rng.visible_rolls(state, "PAPACY")
    assert own[0]["result"] == state["rolls"][0]["result"]
    assert other[0]["result"] == "hidden" and other[0]["purpose"] == "shuffle the Protestant's hand"
    assert other[1]["result"] == state["rolls"][1]["result"]
    assert all("visible_to" not in e for e in own + other)


def test_shuffle_is_a_permutation_and_seed_dependent() -> None:
    a = rng.shuffle(fresh(1), "deck", list(range(20)))
    b = rng.shuffle(fresh(2), "deck", list(range(20)))
    assert sorted(a) == list(range(20)) and a != b
