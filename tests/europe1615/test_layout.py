"""Issue 13, point 8: a newcomer finds each rule area of the 1615 engine by file name -- each module cites the seed
sections it implements, rules.py's docstring maps them, and the ruleset class only dispatches."""

from __future__ import annotations

import ast
import importlib
import inspect

from umpire.games.europe1615 import rules

ENGINE = (
    "board",
    "status",
    "duties",
    "parsing",
    "movement",
    "forced_march",
    "retreats",
    "winter",
    "sanction_effects",
    "directives",
    "sanction_choice",
    "elimination",
    "ending",
    "views",
)


def test_every_engine_module_cites_the_seed_sections_it_implements() -> None:
    for name in ENGINE:
        doc = importlib.import_module(f"umpire.games.europe1615.{name}").__doc__ or ""
        assert "Seed sections:" in doc, name


def test_the_ruleset_docstring_maps_every_engine_module() -> None:
    missing = [name for name in ENGINE if f"``{name}``" not in (rules.__doc__ or "")]
    assert missing == []


def test_the_ruleset_class_only_dispatches() -> None:
    tree = ast.parse(inspect.getsource(rules.Europe1615))
    methods = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    longest = max(methods, key=lambda n: (n.end_lineno or 0) - n.lineno)
    assert (longest.end_lineno or 0) - longest.lineno < 50, longest.name
