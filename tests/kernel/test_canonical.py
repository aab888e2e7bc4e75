"""Canonical JSON and the state copy the kernel works on."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.kernel.canonical import canonical_copy, canonical_json, check_plain, clone, plain_canonical_copy


def test_clone_is_a_deep_independent_copy_of_plain_data() -> None:
    original = {"a": [1, 2.5, {"b": None, "c": True}], "d": "é", "e": {"f": [[], {}]}}
    copied = clone(original)
    assert canonical_json(copied) == canonical_json(original)
    copied["a"][2]["b"] = 3
    copied["e"]["f"][0].append(1)
    assert original["a"][2]["b"] is None and original["e"]["f"] == [[], {}]
    assert type(copied["a"][2]["c"]) is bool and type(copied["a"][1]) is float


def test_canonical_json_is_order_independent_and_compact() -> None:
    assert canonical_json({"b": 1, "a": [1, {"d": 2, "c": 3}]}) == '{"a":[1,{"c":3,"d":2}],"b":1}'


def test_only_plain_json_data_is_accepted() -> None:
    import pytest

    with pytest.raises(TypeError, match=r"state\.x holds a tuple"):
        check_plain({"x": (1, 2)})
    with pytest.raises(TypeError, match="non-string key"):
        check_plain({1: "a"})


def test_non_finite_numbers_are_not_plain_json_data() -> None:
    import pytest

    for bad in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(TypeError, match=r"state\.x\[1\] is .*, which is not a JSON number"):
            check_plain({"x": [1.5, bad]})
    check_plain({"x": [1.5, -0.0, 1e308, 5e-324]})


PLAIN = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)  # orjson refuses those past 64 bits: the standard library copies them
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=6),
    max_leaves=30,
)


@settings(max_examples=300)
@given(PLAIN)
def test_the_canonical_copy_is_what_reading_the_canonical_json_back_gives(value: Any) -> None:
    """canonical_copy (orjson) against its definition (the standard library's text read back): the same values, of
    the same types, every dict's keys in the same order."""
    copied = canonical_copy(value)
    expected = json.loads(canonical_json(value))
    assert json.dumps(copied, ensure_ascii=False) == json.dumps(expected, ensure_ascii=False)  # order included
    assert copied == expected and canonical_json(copied) == canonical_json(value)
    if isinstance(value, (dict, list)):
        assert copied is not value


def test_the_canonical_copy_of_what_orjson_refuses() -> None:
    big = {"b": 2**80, "a": ["\ud800"]}  # an integer past 64 bits, a lone surrogate
    copied = canonical_copy(big)
    assert list(copied) == ["a", "b"] and copied == big


def test_the_kernels_checked_copy_refuses_what_check_plain_refuses() -> None:
    """plain_canonical_copy (after every action) refuses all check_plain refuses, naming the same place."""
    import enum
    import uuid

    import pytest

    class Colour(enum.Enum):
        RED = "red"

    bad = {
        "tuple": ({"x": [1, (2, 3)]}, r"state\.x\[1\] holds a tuple"),
        "key": ({"x": {1: "a"}}, r"state\.x has a non-string key 1"),
        "nan": ({"x": [float("nan")]}, r"state\.x\[0\] is nan"),
        "inf": ({"x": float("inf")}, r"state\.x is inf"),
        "set": ({"x": {1}}, r"state\.x holds a set"),
        "enum": ({"x": Colour.RED}, r"state\.x holds a Colour"),
        "uuid": ({"x": uuid.UUID(int=1)}, r"state\.x holds a UUID"),
        "object": ({"x": object()}, r"state\.x holds a object"),
    }
    for value, message in bad.values():
        with pytest.raises(TypeError, match=message):
            check_plain(value)
        with pytest.raises(TypeError, match=message):
            plain_canonical_copy(value)
    big = {"b": 2**80, "a": [True, 1.0, -0.0]}
    assert list(plain_canonical_copy(big)) == ["a", "b"] and plain_canonical_copy(big) == big


@settings(max_examples=200)
@given(PLAIN)
def test_the_kernels_checked_copy_is_the_canonical_copy(value: Any) -> None:
    copied = plain_canonical_copy(value)
    assert json.dumps(copied, ensure_ascii=False) == json.dumps(canonical_copy(value), ensure_ascii=False)
