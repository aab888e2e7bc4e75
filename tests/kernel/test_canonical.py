"""Canonical JSON and the state copy the kernel works on."""

from __future__ import annotations

from umpire.kernel.canonical import canonical_json, check_plain, clone


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
