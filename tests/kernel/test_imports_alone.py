"""Every module of the project imports on its own, first, in an interpreter that has imported nothing of the
package (issue 27 point 2): no module leans on another having been imported before it.

Two child interpreters import the third-party libraries the package uses, then fork once per module; each fork
starts with no ``umpire`` module loaded and imports one. Not checked: ``__main__`` modules (they run the CLI) and
the Alembic migration scripts (Alembic loads them by path; their names are not identifiers).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"

CHILD = r"""
import ast, importlib, json, os, sys
src, modules = sys.argv[1], json.loads(sys.argv[2])
sys.path.insert(0, src)
# what the package imports from outside itself, loaded once before the forks (failures ignored: optional extras)
outside = set()
for path in __import__("pathlib").Path(src, "umpire").rglob("*.py"):
    for node in ast.walk(ast.parse(path.read_text())):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
            [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level else [])
        outside.update(n for n in names if n.split(".")[0] != "umpire")
for name in sorted(outside):
    try:
        importlib.import_module(name)
    except Exception:
        pass
assert not [m for m in sys.modules if m.split(".")[0] == "umpire"], "a library imported umpire"
failed = {}
for module in modules:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            importlib.import_module(module)
            message = ""
        except BaseException as exc:  # noqa: BLE001 - any failure is the finding
            message = f"{type(exc).__name__}: {exc}"
        os.write(write, message.encode())
        os._exit(0)
    os.close(write)
    chunks = []
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.close(read)
    os.waitpid(pid, 0)
    if chunks:
        failed[module] = b"".join(chunks).decode()
print(json.dumps(failed))
"""


def project_modules() -> list[str]:
    """The dotted names of the package's modules, less ``__main__`` and the migration scripts."""
    names = []
    for path in sorted((SRC / "umpire").rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        if parts[-1] == "__main__" or "migrations" in parts:
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_every_module_imports_first_on_its_own() -> None:
    modules = project_modules()
    assert len(modules) > 200
    children = [  # two at once: the machine's two cores
        subprocess.Popen(
            [sys.executable, "-c", CHILD, str(SRC), json.dumps(modules[i::2])], stdout=subprocess.PIPE, text=True
        )
        for i in range(2)
    ]
    failed: dict[str, str] = {}
    for child in children:
        out, _ = child.communicate(timeout=300)
        assert child.returncode == 0
        failed.update(json.loads(out))
    assert failed == {}, "\n".join(f"{m}: {why}" for m, why in sorted(failed.items()))
