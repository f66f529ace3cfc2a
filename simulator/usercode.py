"""Strategies as code: a user's own compiled decisions, from a file of their own.

A user's file names strategies with `strategy(name, family=..., base=...)`: a built-in strategy's parameters,
with some of the family's decisions replaced by the user's functions (`@my_strategy.decision`). The engines
call the decisions of strategies/<family>_logic.py by their names in that module. When a run has user files,
the decisions they replace are swapped in the logic module, before the engine is imported, for ones that a
module generated here defines to dispatch per seat on the seat's parameter row:

    if prm[p, P_USER_STRATEGY] == 1: return _user_1_builds(...)
    return _builtin_builds(...)                                      # the seats of built-in strategies

and the engine compiles into a numba cache directory of its own, keyed on the engine's sources, the text
of the user files and this generator: a second run loads it, an edit to a file compiles it again, and a run
without user files is the built-in engine, its results and its cache untouched. A process binds one set of
user files; a run that asks for another set (or for the JIT off) plays its batches in a child process
(executors.py).

The decisions a user may replace are read from the code, never listed by hand: the functions of a logic
module that the family's engine calls (found in the engine's sources) and that take the parameter rows
`prm` and the seat deciding (`p` or `q`).
"""
from __future__ import annotations

import ast
import builtins
import dis
import functools
import hashlib
import importlib
import importlib.util
import inspect
import re
import sys
import textwrap
import traceback
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import numba

import simulator.engines
from simulator import families
from simulator.checks import hint
from strategies import Strategy, StrategyError, available, check_parameter, get, set_user_strategies

ENGINES = Path(simulator.engines.__file__).parent
ENGINE_CACHE = Path(numba.config.CACHE_DIR)   # the built-in engine's (simulator/__init__.py)
SOURCES = ENGINE_CACHE / "user-sources"       # the copies of the user files, imported from there
SEATS = ("p", "q")                            # how the logic modules name the seat deciding


class UserCodeError(StrategyError):
    """A user's strategy file that cannot be loaded or compiled, in one line: file:line, function, why."""


# ---------------------------------------------------------------------------------------------------
# The decisions of each family, read from the engines' sources and the logic modules


@dataclass(frozen=True)
class Decision:
    name: str
    module: str                # the logic module defining it, e.g. strategies.board_logic
    parameters: tuple[str, ...]
    seat: str                  # the parameter naming the seat that decides
    doc: str

    @property
    def signature(self) -> str:
        return f"{self.name}({', '.join(self.parameters)})"


def _module_file(dotted: str) -> Path | None:
    relative = Path(*dotted.removeprefix("simulator.engines.").split("."))
    for candidate in (ENGINES / relative.with_suffix(".py"), ENGINES / relative / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


@functools.cache
def _file_graph(path: Path) -> dict[str, frozenset[tuple]]:
    """Each top-level function of an engine file -> what it names: engine functions ("engine", file, name)
    and the logic modules' functions ("logic", module, name), as `from strategies import board_logic as
    strategy` then `strategy.buys(...)`, or `from strategies.deal_logic import choose_play`."""
    tree = ast.parse(path.read_text())
    imported = {}
    for node in tree.body:
        if not isinstance(node, ast.ImportFrom) or not node.module:
            continue
        for alias in node.names:
            local = alias.asname or alias.name
            if node.module == "strategies" and alias.name.endswith("_logic"):
                imported[local] = ("module", f"strategies.{alias.name}", None)
            elif node.module.startswith("strategies.") and node.module.endswith("_logic"):
                imported[local] = ("logic", node.module, alias.name)
            elif node.module.startswith("simulator.engines.") and (file := _module_file(node.module)):
                imported[local] = ("engine", file, alias.name)
    functions = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    graph = {}
    for function in (node for node in tree.body if isinstance(node, ast.FunctionDef)):
        named = set()
        for node in ast.walk(function):
            if isinstance(node, ast.Name) and node.id in functions:
                named.add(("engine", path, node.id))
            elif isinstance(node, ast.Name) and node.id in imported and imported[node.id][0] != "module":
                named.add(imported[node.id])
            elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and imported.get(node.value.id, ("",))[0] == "module":
                named.add(("logic", imported[node.value.id][1], node.attr))
        graph[function.name] = frozenset(named)
    return graph


@functools.cache
def _engine_calls(family: str) -> dict[str, frozenset[str]]:
    """Logic module -> the names of it that the family's engine reaches: from every function of the
    family's folder, through the engine functions they call (shared ones included), read as code."""
    todo = [("engine", path, name) for path in sorted((ENGINES / family).glob("*.py")) for name in _file_graph(path)]
    seen = set()
    used: dict[str, set[str]] = {}
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        kind, where, name = node
        if kind == "logic":
            used.setdefault(where, set()).add(name)
        else:
            todo.extend(_file_graph(where).get(name, ()))
    return {module: frozenset(names) for module, names in used.items()}


@functools.cache
def decisions(family: str) -> dict[str, Decision]:
    """The decisions of `family` a user may replace, by name, in the order of their logic modules. Read
    from the logic modules' sources, not imported: a process about to bind must import them only once
    numba caches into the bound engine's directory (bind())."""
    found = {}
    for module_name, names in sorted(_engine_calls(family).items()):
        tree = ast.parse(_logic_file(module_name).read_text())
        for function in tree.body:
            if not isinstance(function, ast.FunctionDef) or function.name not in names:
                continue
            parameters = tuple(argument.arg for argument in function.args.args)
            seat = next((p for p in parameters if p in SEATS), None)
            if "prm" not in parameters or seat is None:
                continue   # a rule of play, the same for every seat: not a strategy's choice
            found[function.name] = Decision(function.name, module_name, parameters, seat,
                                            ast.get_docstring(function) or "")
    return found


def _logic_file(module_name: str) -> Path:
    return ENGINES.parent.parent / Path(*module_name.split(".")).with_suffix(".py")


def family_layout(family: str):
    """The family's layout module (column numbers by name): its own, or the board economy's."""
    try:
        return importlib.import_module(f"simulator.engines.{family}.layout")
    except ModuleNotFoundError:
        return importlib.import_module("simulator.engines.shared.layout")


# ---------------------------------------------------------------------------------------------------
# A user's file: its strategies and their decisions


@dataclass
class UserStrategy:
    """What `strategy(...)` returns in a user's file: register decisions on it with `@it.decision`."""
    name: str
    family: str
    base: str
    summary: str
    params: dict
    functions: dict[str, Callable] = field(default_factory=dict)
    source: str = ""    # the file defining it and its text's hash, for a run's manifest

    def decision(self, function: Callable) -> Callable:
        """Replace the family's decision of the same name (same parameters) by `function` for this strategy."""
        python = getattr(function, "py_func", function)
        known = decisions(self.family)
        if python.__name__ not in known:
            raise UserCodeError(f"strategy {self.name}: '{python.__name__}' is not a decision of the {self.family} "
                                f"family (known: {', '.join(known)})")
        expected = known[python.__name__].parameters
        given = tuple(inspect.signature(python).parameters)
        if given != expected:
            raise UserCodeError(f"strategy {self.name}: {python.__name__}({', '.join(given)}): expected the "
                                f"parameters ({', '.join(expected)})")
        self.functions[python.__name__] = function
        return function


_collected: list[UserStrategy] | None = None   # the strategies of the file being loaded


def strategy(name: str, family: str, base: str, summary: str = "", **params) -> UserStrategy:
    """A strategy of your own, in a file given to --strategy-file: `base`'s parameters (a built-in strategy
    of `family`) changed by `params`, and its decisions but those you register with `@it.decision`."""
    if _collected is None:
        raise UserCodeError("strategy(...) defines a strategy in a file given to --strategy-file (or to "
                            "strategy_files=[...]), not elsewhere")
    if family not in families.names():
        raise UserCodeError(f"strategy {name}: unknown family '{family}' (known: {', '.join(families.names())})")
    built_in = {strategy.name for strategy in available(family) if not strategy.code}
    if base not in built_in:
        raise UserCodeError(f"strategy {name}: base: unknown built-in strategy '{base}' for the {family} family"
                            f"{hint(base, sorted(built_in))}")
    parameters = families.get(family).strategies.PARAMETERS
    for key in params:
        check_parameter(name, key, parameters)
    found = UserStrategy(name, family, base, summary or f"your own, over {base}", params)
    _collected.append(found)
    return found


@dataclass(frozen=True)
class SourceFile:
    name: str       # as the user gave it, for messages
    text: str

    @property
    def module(self) -> str:
        """The module name it is imported as: one per text, so that numba's cache never mixes two texts."""
        stem = re.sub(r"\W", "_", Path(self.name).stem)
        return f"usercode_{stem}_{hashlib.sha256(self.text.encode()).hexdigest()[:12]}"


@dataclass(frozen=True)
class UserCode:
    """The user files of a run, by their text: what a worker process needs to play them."""
    files: tuple[SourceFile, ...]

    @property
    def key(self) -> str:
        """The files' texts and the code generating the binding: a change to either compiles anew."""
        digest = hashlib.sha256(Path(__file__).read_bytes())
        for source in self.files:
            digest.update(source.module.encode())
        return digest.hexdigest()[:16]

    @property
    def directory(self) -> Path:
        """numba's cache for the engine bound to these files, with their copies and the generated modules;
        under the built-in engine's, which is keyed on the engine's sources."""
        return ENGINE_CACHE / f"user-{self.key}"


@dataclass
class Loaded:
    code: UserCode
    strategies: list[UserStrategy]   # strategy k (from 1) is strategies[k - 1]


_loaded: Loaded | None = None
_jit = True
_bound: UserCode | None = None   # the user files this process's engine is bound to
_bindings: list[str] = []        # the logic modules whose decisions bind() replaced


def read_files(paths) -> UserCode:
    files = []
    for path in paths:
        path = Path(path)
        try:
            files.append(SourceFile(str(path), path.read_text()))
        except OSError as exc:
            raise UserCodeError(f"--strategy-file {path}: cannot read it ({exc.strerror or exc})") from None
    return UserCode(tuple(files))


def use(paths=(), jit: bool = True) -> None:
    """Play the strategies of these user files from now on in this process (none: only the built-ins), and
    with the JIT off when `jit` is False (every decision, the user's and the engine's, runs as Python)."""
    global _jit
    _jit = jit
    load(read_files(paths) if paths else None)


def load(code: UserCode | None) -> Loaded | None:
    """Import the user files and register their strategies (numbered from 1, file after file)."""
    global _loaded, _bound
    if code is None or not code.files:
        set_user_strategies([])
        _loaded = None
        return None
    if _loaded is not None and _loaded.code == code:
        return _loaded
    binds_here = _bound is None and plays_here(code, not numba.config.DISABLE_JIT)
    if binds_here:
        # This process's engine is bound to these files from now on. They may import a logic module (to call
        # a built-in decision): whatever numba compiles from here on goes to the bound engine's cache, never
        # to the built-in one's.
        _bound = code
        before = numba.config.CACHE_DIR
        numba.config.CACHE_DIR = str(code.directory)
    try:
        collected = []
        for source in code.files:
            collected += _import(source)
        registered = []
        for number, found in enumerate(collected, 1):
            base = get(found.family, found.base)   # a built-in one: strategy() checked it
            registered.append(Strategy(found.name, found.family, found.summary, {**base.params, **found.params},
                                       code=number, source=found.source))
        set_user_strategies(registered)
    except StrategyError:
        # Files that do not load bind nothing: unless they imported a logic module (now cached beside them),
        # the process stays free to play the built-in engine from its cache, or the files once fixed.
        if binds_here and not _engine_importers() & set(sys.modules):
            _bound, numba.config.CACHE_DIR = None, before
        raise
    if binds_here and not any(found.functions for found in collected) and not _engine_importers() & set(sys.modules):
        # Parameters only, and no logic module imported: the built-in engine plays them, from its own cache.
        _bound, numba.config.CACHE_DIR = None, before
    _loaded = Loaded(code, collected)
    return _loaded


def _import(source: SourceFile) -> list[UserStrategy]:
    """Import a user file from its copy (written once per text: numba's cache checks the file's time). The
    copies sit beside the engines' caches, not in one: a file of parameters only creates no bound engine's."""
    global _collected
    copy = SOURCES / f"{source.module}.py"
    if not copy.exists():
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(source.text)
    if source.module in sys.modules:
        return sys.modules[source.module].__dict__["__user_strategies__"]
    spec = importlib.util.spec_from_file_location(source.module, copy)
    module = importlib.util.module_from_spec(spec)
    _collected = []
    try:
        spec.loader.exec_module(module)
    except StrategyError as exc:   # a strategy(...) or @decision of the file that is not right
        raise UserCodeError(f"{_where(exc, copy, source)}{exc}") from None
    except SyntaxError as exc:
        raise UserCodeError(f"{source.name}:{exc.lineno}: {exc.msg}") from None
    except Exception as exc:  # the user's own code failed as Python: say where, in one line
        raise UserCodeError(f"{_where(exc, copy, source)}{type(exc).__name__}: {exc}") from None
    finally:
        found, _collected = _collected, None
    if not found:
        raise UserCodeError(f"{source.name}: defines no strategy: call simulator.usercode.strategy(...)")
    for each in found:
        each.source = f"{source.name} (sha256 {source.module.rsplit('_', 1)[1]})"
        for name, function in each.functions.items():
            if undefined := _undefined_name(getattr(function, "py_func", function), source.module):
                raise UserCodeError(f"{source.name}:{undefined[1]}: {name} of strategy {each.name}: name "
                                    f"'{undefined[0]}' is not defined")
    module.__user_strategies__ = found
    sys.modules[source.module] = module
    return found


def _undefined_name(function: Callable, module: str, seen=None) -> tuple[str, int] | None:
    """A global name a decision (or a function of the user's file it calls) uses and nobody defined, with its
    line: found now, not minutes into the engine's compile, where numba's NameError does not say where."""
    seen = seen if seen is not None else set()
    if function in seen:
        return None
    seen.add(function)
    codes = [function.__code__]
    for code in codes:
        codes += [constant for constant in code.co_consts if inspect.iscode(constant)]
        for instruction in dis.get_instructions(code):
            if instruction.opname != "LOAD_GLOBAL":
                continue
            name = instruction.argval
            if name not in function.__globals__ and not hasattr(builtins, name):
                return name, instruction.positions.lineno
            called = getattr(function.__globals__.get(name), "py_func", function.__globals__.get(name))
            if inspect.isfunction(called) and called.__module__ == module:
                if found := _undefined_name(called, module, seen):
                    return found
    return None


def _where(exc: BaseException, copy: Path, source: SourceFile) -> str:
    lines = [frame.lineno for frame in traceback.extract_tb(exc.__traceback__) if Path(frame.filename) == copy]
    return f"{source.name}:{lines[-1]}: " if lines else f"{source.name}: "


def in_use() -> UserCode | None:
    """The user files this process plays (use()) whose decisions every run binds where its batches are
    played; None if they replace no decision: their strategies are parameters over the built-in engine."""
    if _loaded is None or not any(found.functions for found in _loaded.strategies):
        return None
    return _loaded.code


def loaded_strategy(number: int) -> UserStrategy:
    """The user strategy registered with `number` (Strategy.code) from the files in use."""
    return _loaded.strategies[number - 1]


def jit_enabled() -> bool:
    return _jit


# ---------------------------------------------------------------------------------------------------
# Binding the engine to the user's decisions




@functools.cache
def _module_level(tree: ast.AST):
    """The nodes of a module run when it is imported: all but those inside its functions."""
    for node in ast.iter_child_nodes(tree):
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield node
            yield from _module_level(node)


def _engine_importers() -> frozenset[str]:
    """The logic modules and the engine modules importing one: a process binds only if none is imported."""
    found = {f"strategies.{path.stem}" for path in (ENGINES.parent.parent / "strategies").glob("*_logic.py")}
    for path in ENGINES.rglob("*.py"):
        # an import inside a function runs only when it is called, and then the logic module itself is imported
        for node in _module_level(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("strategies") and (
                    node.module.endswith("_logic") or any(a.name.endswith("_logic") for a in node.names)):
                found.add(".".join(("simulator", *path.relative_to(ENGINES.parent).with_suffix("").parts)))
    return frozenset(found)


def plays_here(code: UserCode | None, jit: bool) -> bool:
    """Can this process play a run of these user files (None: the built-ins alone) with the JIT on or off?
    An engine bound to user files plays the built-in strategies as they are (their seats take the
    built-in decisions), so only another set of files, or the JIT switched the other way, needs a child."""
    if jit == bool(numba.config.DISABLE_JIT):
        return False
    return code is None or _bound == code or (_bound is None and not _engine_importers() & set(sys.modules))


def bind(code: UserCode) -> None:
    """Bind this process's engine to the decisions of `code`'s files; the engine must not be imported yet."""
    if not plays_here(code, not numba.config.DISABLE_JIT):
        raise UserCodeError("this process already plays the built-in engine or other user files: user strategies "
                            "need a fresh process (with Dask: workers started for the run, --workers N)")
    global _bound
    loaded = load(code)
    _bound = code
    if _bindings:
        return
    for module_name, overridden in sorted(_overrides(loaded).items()):
        source = _binding_source(module_name, overridden)
        name = f"usercode_binding_{code.key}_{module_name.rsplit('.', 1)[1]}"
        path = code.directory / "sources" / f"{name}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text() != source:
            path.write_text(source)
        spec = importlib.util.spec_from_file_location(name, path)
        generated = importlib.util.module_from_spec(spec)
        sys.modules[name] = generated
        spec.loader.exec_module(generated)
        # The engine reads the decisions from the logic module when it is imported and compiled: the
        # module's own entries are replaced (not the module in sys.modules, which numba reads for the
        # globals of the built-in functions), so a built-in decision calling another calls the seat's too.
        logic = importlib.import_module(module_name)
        for decision in overridden:
            setattr(logic, decision, getattr(generated, decision))
        _bindings.append(module_name)


def _overrides(loaded: Loaded) -> dict[str, dict[str, list[tuple[int, Decision, int]]]]:
    """Logic module -> decision -> (strategy number, decision, parameter column of the strategy number)."""
    found: dict[str, dict[str, list]] = {}
    for number, user in enumerate(loaded.strategies, 1):
        column = family_layout(user.family).P_USER_STRATEGY
        for name in user.functions:
            decision = decisions(user.family)[name]
            found.setdefault(decision.module, {}).setdefault(name, []).append((number, decision, column))
    return found


def _binding_source(module_name: str, overridden: dict[str, list[tuple[int, Decision, int]]]) -> str:
    lines = [f'"""Generated by simulator/usercode.py: the decisions of {module_name} that user strategies replace,',
             "played by the user's function for the seats of those strategies (by their number in the parameter",
             'rows), by the built-in one for the other seats. Rewritten whenever it changes; not to be edited."""',
             "from numba import njit", "",
             f"from {module_name} import {', '.join(f'{name} as _builtin_{name}' for name in overridden)}",
             "from simulator.usercode import compiled", ""]
    for name, users in overridden.items():
        decision = users[0][1]
        arguments = ", ".join(decision.parameters)
        for number, _, _ in users:
            lines.append(f"_user_{number}_{name} = compiled({number}, {name!r})")
        lines += ["", "", "@njit(cache=True)", f"def {name}({arguments}):",
                  f"    user = prm[{decision.seat}, {users[0][2]}]"]
        for number, _, column in users:
            assert column == users[0][2], "families sharing a logic module keep the strategy number in one column"
            lines += [f"    if user == {number}:", f"        return _user_{number}_{name}({arguments})"]
        lines += [f"    return _builtin_{name}({arguments})", "", ""]
    return "\n".join(lines).rstrip() + "\n"


def compiled(number: int, name: str):
    """User strategy `number`'s function for decision `name`, compiled by numba (cached beside the engine),
    with numba's reference counts, which the engine's turn goes without (simulator/engines/shared/jit.py):
    numba compiles a callee with its caller's setting unless the callee sets its own, and a user's decision
    may allocate. Options the user gave their own njit are kept."""
    function = loaded_strategy(number).functions[name]
    options = {**getattr(function, "targetoptions", {}), "cache": True, "_nrt": True}
    return numba.njit(**options)(getattr(function, "py_func", function))


# ---------------------------------------------------------------------------------------------------
# A failure of the user's code, in one line


@contextmanager
def user_code_errors(code: UserCode | None):
    """Turn a failure of a user's decision into one line naming file:line, strategy, decision and why:
    numba's report of a function it cannot compile, or an exception a decision raised while playing (a
    run's batches are played in threads, child processes or Dask workers, whose tracebacks would otherwise
    reach the user as dozens of lines of the engine's frames)."""
    try:
        yield
    except numba.core.errors.NumbaError as exc:
        if code is None:
            raise
        raise UserCodeError(_one_line(str(exc), code)) from None
    except Exception as exc:
        where = None if code is None or isinstance(exc, UserCodeError) else _raised_in(exc, code)
        if where is None:
            raise
        raise UserCodeError(f"{where}: raised {type(exc).__name__}: {exc}".rstrip(": ")) from None


def _raised_in(exc: BaseException, code: UserCode) -> str | None:
    """`file:line: DECISION of strategy NAME` for the last frame of the user's files in the traceback
    (numba adds the frame of a raise in compiled code), or None if the user's code is not in it."""
    copies = {f"{source.module}.py": source for source in code.files}
    frames = [frame for frame in traceback.extract_tb(exc.__traceback__) if Path(frame.filename).name in copies]
    if not frames:
        return None
    source = copies[Path(frames[-1].filename).name]
    return f"{source.name}:{frames[-1].lineno}: {_function_at(source, frames[-1].lineno)}"


def looping_notice(family: str, params, seconds: float) -> str:
    """What to say when no games have finished for `seconds` of a run whose lineup has user strategies: which
    of their decisions may be looping (compiled, a loop that never ends cannot be stopped from outside)."""
    numbers = set(params[:, family_layout(family).P_USER_STRATEGY].tolist())
    suspects = [f"{user.name} ({', '.join(user.functions)})" for number, user in enumerate(_loaded.strategies, 1)
                if number in numbers and user.functions] if _loaded is not None else []
    return (f"no games have finished for {seconds:.0f} s: a decision of the user strategies "
            f"{'; '.join(suspects) or 'in this run'} may be looping; Ctrl-C ends the run")


def _one_line(message: str, code: UserCode) -> str:
    message = re.sub(r"\x1b\[[0-9;]*m", "", message)   # numba's bold, which a one-line message goes without
    reason = next((line.strip() for line in message.splitlines()
                   if line.strip() and not line.startswith(("Failed in", "During:", "-", "No implementation"))
                   and not line.lstrip().startswith(("File ", ">>>", "^", "<source", "There are", "Of which"))),
                  "numba could not compile it")
    first_rejected = re.search(r"No implementation of function (.*?) found for signature:\s*\n\s*>>>\s*(.*)", message)
    if first_rejected:
        reason = f"no implementation of {first_rejected.group(1)} for {first_rejected.group(2).strip()}"
    for source in code.files:
        for match in re.finditer(r'File "([^"]+)", line (\d+)', message):
            if Path(match.group(1)).name == f"{source.module}.py":
                line = int(match.group(2))
                return f"{source.name}:{line}: {_function_at(source, line)}: numba cannot compile it: {reason}"
    return _return_type_mismatch(message, code) or f"the user strategies' decisions cannot be compiled: {reason}"


def _return_type_mismatch(message: str, code: UserCode) -> str | None:
    """A decision returning another type than the built-in one (numba then fails in the generated dispatch,
    not in the user's file): the user's `return` line, strategy, decision and both types."""
    returned = {}
    for match in re.finditer(r"Return of: IR name '[^']*', type '(.*?)', location:\s*\nFile \"([^\"]+)\", line (\d+)",
                             message):
        try:
            line = Path(match.group(2)).read_text().splitlines()[int(match.group(3)) - 1]
        except (OSError, IndexError):
            continue
        if called := re.match(r"\s*return _(?:user_(\d+)|builtin)_(\w+)\(", line):
            returned[called.group(1) or "builtin"] = (match.group(1), called.group(2))
    users = [key for key in returned if key != "builtin"]
    if "builtin" not in returned or not users:
        return None
    number, (theirs, decision) = int(users[0]), returned[users[0]]
    user = loaded_strategy(number)
    python = getattr(user.functions[decision], "py_func", user.functions[decision])
    lines, first = inspect.getsourcelines(python)
    returns = sorted(node.lineno for node in ast.walk(ast.parse(textwrap.dedent("".join(lines))))
                     if isinstance(node, ast.Return))
    line = first + returns[0] - 1 if returns else first
    source = next(source for source in code.files
                  if user in getattr(sys.modules.get(source.module), "__user_strategies__", []))
    return (f"{source.name}:{line}: {decision} of strategy {user.name}: returns "
            f"{theirs}, where the engine expects what the built-in {decision} returns: {returned['builtin'][0]}")


def _function_at(source: SourceFile, line: int) -> str:
    module = sys.modules.get(source.module)
    for user in getattr(module, "__user_strategies__", []):
        for name, function in user.functions.items():
            python = getattr(function, "py_func", function)
            lines, first = inspect.getsourcelines(python)
            if first <= line < first + len(lines):
                return f"{name} of strategy {user.name}"
    return "a function it calls"


# ---------------------------------------------------------------------------------------------------
# A starting file, and the arrays a decision reads


ARRAY_COLUMNS = {   # a decision's array parameter -> the prefix of its columns in the family's layout
    "prm": "P_", "pl": "PL_", "sq": "SQ_", "own": "O_", "groups": "G_", "rules": "R_", "bank": "B_", "cards": "C_",
    "loc": "LOC_", "tab": "T_", "gs": "GS_",
}


def columns(family: str, array: str) -> list[tuple[str, int, str]]:
    """(name, number, meaning) of the columns of `array` in the family's layout, by number."""
    prefix = ARRAY_COLUMNS.get(array)
    if prefix is None:
        return []
    layout = family_layout(family)
    meanings = {}
    for module in {layout, importlib.import_module("simulator.engines.shared.layout")}:
        for match in re.finditer(r"^([A-Z_0-9]+) = [^#\n]*#\s*(.*)$", Path(module.__file__).read_text(), re.M):
            meanings.setdefault(match.group(1), match.group(2))
    if array == "prm":   # the parameters' meanings are the strategies' (strategies/<family>.py)
        by_index = {index: f"{key}: {meaning}" for key, (index, _, meaning) in
                    families.get(family).strategies.PARAMETERS.items()}
        meanings.update({name: by_index[value] for name, value in vars(layout).items()
                         if name.startswith(prefix) and value in by_index})
    found = [(name, value, meanings.get(name, "")) for name, value in vars(layout).items()
             if name.startswith(prefix) and isinstance(value, int) and not name.endswith("COLUMNS")
             and not name.startswith(f"{prefix}N_")
             and not any(name.startswith(other) for other in ARRAY_COLUMNS.values() if len(other) > len(prefix))]
    return sorted(found, key=lambda column: (column[1], column[0]))


def heading(family: str, array: str) -> str:
    """What `array` holds, as the layout says above its first column: `tab[player, column, set]` and the like."""
    found = columns(family, array)
    if not found:
        return ""
    first = re.compile(rf"^{found[0][0]} = ")
    for module in (family_layout(family), importlib.import_module("simulator.engines.shared.layout")):
        lines = Path(module.__file__).read_text().splitlines()
        at = next((number for number, line in enumerate(lines) if first.match(line)), None)
        if at is None:
            continue
        comment = []
        while at > 0 and lines[at - 1].startswith("# "):
            at -= 1
            comment.insert(0, lines[at].removeprefix("# "))
        return " ".join(comment)
    return ""


def template(family: str) -> str:
    """A commented starting file for `family`: one strategy, each decision's signature and meaning, the
    columns of the arrays the decisions read, one decision replaced by a call to the built-in one."""
    known = decisions(family)
    base = families.get(family).strategies.DEFAULT_LINEUP[0]
    layout = family_layout(family).__name__
    arrays = sorted({name for decision in known.values() for name in decision.parameters if name in ARRAY_COLUMNS})
    lines = [f'"""My {family} strategies: monopoly-mc simulate --edition EDITION --strategy-file THIS_FILE -s mine ...',
             "",
             "Each strategy takes a built-in strategy's parameters (base, changed by keyword) and replaces the",
             "decisions you give it with functions of the same name and parameters, compiled by numba: write them",
             "with numpy arrays and numbers (no dicts, no classes), and read the arrays by the column names below.",
             "`--jit off` runs them as Python, print() included, with the same results on a seed.",
             '"""',
             f"from {layout} import *  # noqa: F401,F403  (the column names below)",
             "from simulator.usercode import strategy",
             ""]
    for module in sorted({decision.module for decision in known.values()}):
        names = [name for name, decision in known.items() if decision.module == module]
        lines.append(f"from {module} import {', '.join(f'{name} as builtin_{name}' for name in names)}")
    lines += ["", f'mine = strategy("mine", family="{family}", base="{base}", summary="my own, over {base}")', ""]
    for number, decision in enumerate(known.values()):
        mark = "" if number == 0 else "# "
        lines += ["", f"# {decision.signature}  ({decision.module}; seat deciding: {decision.seat})"]
        lines += [f"#   {line}" for line in decision.doc.splitlines()]
        lines += [f"{mark}@mine.decision", f"{mark}def {decision.signature}:",
                  f"{mark}    return builtin_{decision.name}({', '.join(decision.parameters)})", ""]
    lines += ["", "# What the arrays hold, by column name (array[row, COLUMN]):"]
    for array in arrays:
        lines.append(f"#   {array}: {heading(family, array)}".rstrip())
        lines += [f"#     {name:<24} {meaning}".rstrip() for name, _, meaning in columns(family, array)]
    return "\n".join(lines) + "\n"
