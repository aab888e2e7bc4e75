"""Where Empires for Two reads its data files: the package's ``data/``, or an owner's folder laid over it.

The base game's map and tables are authored (docs/empires2-data.md): a group owning *Empires of the Middle Ages* may
type the printed figures into files of the same format and keep them outside the package, so that they survive an
upgrade. The setting is the environment variable ``UMPIRE_DATA`` (or ``umpire --data DIR``, which sets it for the
command and any server or worker it starts): a folder holding an ``empires2/`` folder. Each file of :data:`FILES`
found in ``DIR/empires2/`` is read in place of the package's file of that name; the others come from the package.
Every file is checked by the same loader either way, and a fault names the owner's file, the entry and what was
expected (``owner_data.use`` loads them all at once and says so before anything else runs).

This module is the low level: which file each name is read from, the JSON read with its faults named, and the
digests of the owner's files (a game records them, ``rules.py``, so it is never continued on other figures). The
loaders (``mapdata``, ``scenario``, ``tables``, ``events``, ``raiders``, ``church``, ``victory``) read through it;
``owner_data`` changes the folder and empties their caches.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from umpire.kernel.errors import UmpireError

ENV = "UMPIRE_DATA"
#: The folder inside ``UMPIRE_DATA`` that holds this ruleset's files (other rulesets may have their own one day).
FOLDER = "empires2"
#: Every data file an owner may lay over the package's, by name.
FILES: tuple[str, ...] = (
    "map.json",
    "scenario_charlemagne.json",
    "scenario_millennium.json",
    "tables.json",
    "event_cards.json",
    "raiders.json",
    "church.json",
    "victory.json",
)
PACKAGED = Path(__file__).with_name("data")


class OwnerDataError(UmpireError, ValueError):
    """The owner's data folder or one of its files is not what umpire reads: the message names the folder or file,
    the entry and what was expected."""


@dataclass(frozen=True, slots=True)
class Source:
    """Where one data file is read from: the package, or the owner's folder (``owner``)."""

    name: str
    path: Path
    owner: bool

    @property
    def label(self) -> str:
        """How a fault names the file: the owner's path, or the package's ``empires2/data/<name>``."""
        return str(self.path) if self.owner else f"empires2/data/{self.name}"


@dataclass(frozen=True, slots=True)
class Overlay:
    """The folder in use (None: the package only), each file's source and the digests of the owner's files."""

    folder: Path | None
    sources: Mapping[str, Source]
    digests: Mapping[str, str]


def _digest(path: Path) -> str:
    return "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()


def resolve(folder: str | Path | None) -> Overlay:
    """The overlay of ``folder`` (``DIR``, holding ``empires2/``), its layout checked: the folder and ``empires2/``
    exist, and every ``.json`` file in it is one umpire reads. Raises :class:`OwnerDataError` naming the fault."""
    packaged = {name: Source(name, PACKAGED / name, False) for name in FILES}
    if folder is None or str(folder) == "":
        return Overlay(None, MappingProxyType(packaged), MappingProxyType({}))
    root = Path(folder).expanduser().absolute()
    where = f"{ENV}={root}"
    if not root.is_dir():
        raise OwnerDataError(f"{where}: no such folder (expected a folder holding {FOLDER}/ with the owner's files)")
    mine = root / FOLDER
    if not mine.is_dir():
        raise OwnerDataError(
            f"{where}: no folder {FOLDER}/ in it; put the Empires for Two files there ({', '.join(FILES)}), "
            "each optional (docs/empires2-data.md)"
        )
    unknown = sorted(p.name for p in mine.iterdir() if p.suffix == ".json" and p.name not in FILES)
    if unknown:
        raise OwnerDataError(
            f"{where}: {FOLDER}/{unknown[0]} is not a file umpire reads; expected any of {', '.join(FILES)}"
        )
    sources = dict(packaged)
    digests: dict[str, str] = {}
    for name in FILES:
        path = mine / name
        if path.is_file():
            sources[name] = Source(name, path, True)
            try:
                digests[name] = _digest(path)
            except OSError as exc:
                raise OwnerDataError(f"{path}: cannot be read: {exc.strerror or exc}") from None
        elif path.exists():
            raise OwnerDataError(f"{path}: expected a file")
    return Overlay(root, MappingProxyType(sources), MappingProxyType(digests))


_current: Overlay | None = None


def current() -> Overlay:
    """The overlay in use: the one set last (``owner_data.use``), else ``UMPIRE_DATA``'s, read once."""
    global _current
    if _current is None:
        _current = resolve(os.environ.get(ENV) or None)
    return _current


def set_current(overlay: Overlay) -> None:
    """Use ``overlay`` from now on (``owner_data.use`` also empties the loaders' caches and checks every file)."""
    global _current
    _current = overlay


def source(name: str) -> Source:
    """Where the data file ``name`` (one of :data:`FILES`) is read from now."""
    if name not in FILES:
        raise ValueError(f"unknown data file {name!r}; expected one of {', '.join(FILES)}")
    return current().sources[name]


def read(src: Source) -> Any:
    """The file's JSON; an owner's file that cannot be read or parsed raises :class:`OwnerDataError` naming it, the
    line and the column."""
    try:
        text = src.path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise OwnerDataError(f"{src.label}: cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise OwnerDataError(
            f"{src.label}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None


def refault(fault: ValueError, src: Source) -> ValueError:
    """A loader's fault on an owner's file as :class:`OwnerDataError`, naming the owner's path once, where the parser
    named it or the package's file (the parsers of ``tables``, ``events`` and ``raiders`` name their file by its
    bare name); a packaged file's fault as it is."""
    if not src.owner or isinstance(fault, OwnerDataError):
        return fault
    text = str(fault)
    for named in (f"{src.label}: ", f"empires2/data/{src.name}: ", f"{src.name}: "):
        if text.startswith(named):
            text = text[len(named) :]
            break
    return OwnerDataError(f"{src.label}: {text}")


def digests() -> Mapping[str, str]:
    """The digests of the owner's files in use (empty when every file is the package's)."""
    return current().digests
