"""The decision core at the bottom of Here I Stand's package (issue 27 point 2): ``core.py`` imports nothing of the
package; decision kinds and continuations are registered by name, by modules the ruleset's entry point imports;
no module reaches into another's private names or hides an import inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from umpire.games.his2p import core, rules
from umpire.games.his2p.events import responses
from umpire.games.his2p.war import assaults, land_war, naval_war

PACKAGE = Path(core.__file__).parent
PREFIX = "umpire.games.his2p"
#: The package and its subpackages (``events``, ``war``, ``winter``...), and the names of all their modules.
PACKAGES = {PREFIX, *(f"{PREFIX}.{p.parent.name}" for p in PACKAGE.glob("*/__init__.py"))}
MODULES = {p.stem for p in PACKAGE.rglob("*.py")}


def _modules() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text()) for p in sorted(PACKAGE.rglob("*.py")) if p.stem != "__init__"}


def _package_aliases(tree: ast.Module) -> dict[str, str]:
    """The names a module binds to the package's modules (``from umpire.games.his2p.war import x as y``: y -> x)."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module in PACKAGES:
            found.update({a.asname or a.name: a.name for a in node.names if a.name in MODULES})
    return found


def test_the_core_imports_nothing_of_the_package() -> None:
    tree = _modules()["core"]
    imported = [
        n.module if isinstance(n, ast.ImportFrom) else a.name
        for n in ast.walk(tree)
        if isinstance(n, ast.Import | ast.ImportFrom)
        for a in n.names
    ]
    assert imported and not [m for m in imported if m and m.startswith("umpire")]


def test_a_kind_or_a_continuation_is_registered_once_and_an_unknown_one_is_named() -> None:
    with pytest.raises(ValueError, match="'impulse' is registered twice"):
        core.decision_kind("impulse", lambda *a: [], lambda *a: None)
    with pytest.raises(ValueError, match="'land' is registered twice"):
        core.continuation("land")(lambda state, board, kept: None)
    with pytest.raises(LookupError, match="no continuation 'nowhere'"):
        core.proceed({}, None, "nowhere")
    with pytest.raises(LookupError, match="no decision kind 'nothing'"):
        core.handler_of("nothing")


def test_every_continuation_a_pause_names_is_registered() -> None:
    named = {
        land_war.AFTER_WINDOWS,
        naval_war.AFTER_WINDOWS,
        assaults.AFTER_ASSAULT_WINDOWS,
        assaults.AFTER_ASSAULT_DICE,
        "debate_rounds",
        *responses.AFTER.values(),
    }
    assert set(responses.AFTER) == set(responses.KINDS)
    assert named <= set(core.continuations())


def test_the_entry_point_imports_every_module_that_registers() -> None:
    calls = ("decision_kind", "continuation", "register_events")
    registering = {
        name
        for name, tree in _modules().items()
        if name not in ("core", "diplomatic_cards", "events")
        and any(
            (isinstance(n, ast.Attribute) and n.attr in calls)
            or (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "event")
            for n in ast.walk(tree)
        )
    }
    assert registering == {m.__name__.rsplit(".", 1)[1] for m in rules.REGISTERING}


def test_no_module_uses_another_modules_private_names() -> None:
    reached = []
    for name, tree in _modules().items():
        aliases = _package_aliases(tree)
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom) and (n.module or "").startswith(PREFIX + "."):
                reached += [f"{name}: from {n.module} import {a.name}" for a in n.names if a.name.startswith("_")]
            if (
                isinstance(n, ast.Attribute)
                and isinstance(n.value, ast.Name)
                and n.value.id in aliases
                and n.attr.startswith("_")
            ):
                reached.append(f"{name}: {aliases[n.value.id]}.{n.attr}")
    assert reached == []


def test_every_import_is_at_the_top_of_its_module() -> None:
    late = []
    for name, tree in _modules().items():
        body = [n for n in tree.body if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
        first_code = next((i for i, n in enumerate(body) if not isinstance(n, ast.Import | ast.ImportFrom)), len(body))
        late += [f"{name}:{n.lineno}" for n in body[first_code:] if isinstance(n, ast.Import | ast.ImportFrom)]
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                late += [f"{name}:{n.lineno}" for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
    assert late == []
