"""The layout docs/architecture.md promises: each game family in its own folder, registered
once, named nowhere else, and an import graph without a circle."""
import ast
import re
from pathlib import Path

import strategies
from simulator import families
from simulator.rules import builtin_editions, load_edition

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("simulator", "strategies")


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules a file imports, at module level or inside a function (`from a import b` counts
    a.b when it is a module, else a)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                names.add(full if full in modules else node.module)
    return {name for name in names if name in modules}


def test_every_family_folder_registers_one_family_with_its_strategies_and_an_edition():
    folders = sorted(p.name for p in (ROOT / "simulator" / "engines").iterdir()
                     if (p / "__init__.py").exists() and p.name != "shared")
    assert sorted(families.names()) == folders
    played = {load_edition(name).family for name in builtin_editions()}
    for name in families.names():
        assert name in played, f"no built-in edition of the {name} family"
        assert strategies.available(name), f"no strategies for the {name} family"
        assert families.get(name).strategies.DEFAULT_LINEUP


def test_no_module_outside_a_family_folder_names_a_family():
    """Dispatch goes through the registry: a family's name as a string appears only in its own folder and
    its own strategies module."""
    pattern = re.compile(r"""["'](%s)["']""" % "|".join(map(re.escape, families.names())))
    offenders = []
    for module, path in _modules().items():
        parts = module.split(".")
        own = (parts[:2] == ["simulator", "engines"] and len(parts) > 2 and parts[2] in families.names()) or \
            (parts[0] == "strategies" and len(parts) > 1 and parts[1].removesuffix("_logic") in families.names())
        if not own and pattern.search(path.read_text()):
            offenders.append(module)
    # the CLI's default edition's family is the only default that names one
    assert offenders == ["simulator.cli.catalog"], offenders


def test_the_import_graph_has_no_circle():
    modules = _modules()
    graph = {module: _imports(path, modules) - {module} for module, path in modules.items()}
    # A package's __init__ importing its own submodules is how Python packages expose them, not a circle.
    for module in graph:
        graph[module] = {m for m in graph[module] if not module.startswith(m + ".")}
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                raise AssertionError("import circle: " + " -> ".join(path[path.index(target):] + [target]))
            if target not in state:
                visit(target)
        path.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module)
