"""The game families: every package under simulator/engines/ (but shared/) that defines FAMILY is one. A new
family is a folder there, a strategies module, its data file and its tests; nothing else names families."""
from __future__ import annotations

import functools
import importlib
import pkgutil

import simulator.engines
from simulator.engines.shared.family import Family


@functools.cache
def _registry() -> dict[str, Family]:
    found = {}
    for module in pkgutil.iter_modules(simulator.engines.__path__):
        if module.ispkg and module.name != "shared":
            family = importlib.import_module(f"simulator.engines.{module.name}").FAMILY
            found[family.name] = family
    return found


def names() -> list[str]:
    return list(_registry())


def get(name: str) -> Family:
    """The family `name` (KeyError when there is none)."""
    return _registry()[name]
