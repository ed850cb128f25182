"""The import graph of ``knockrummy``: every import, at the top of a module, inside a
function or under ``TYPE_CHECKING``, read from the source with ``ast``.

``python -m tests.imports`` prints the layer of every import that crosses layers the
wrong way, the cycles, and which screens import which.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "knockrummy"


def module_name(path: Path) -> str:
    """``knockrummy/ui/app.py`` -> ``knockrummy.ui.app`` (a package is its ``__init__``)."""
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the game by name."""
    return {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The game's modules ``name`` imports, wherever the import statement is."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            # ``from package import module`` imports the module; ``from module import
            # name`` the module itself
            subs = [f"{base}.{alias.name}" for alias in node.names
                    if f"{base}.{alias.name}" in known]
            targets = subs + ([base] if len(subs) < len(node.names) else [])
        for target in targets:
            if target in known:
                found.add(target)
    found.discard(name)
    return found


def graph() -> dict[str, set[str]]:
    """Module -> the game's modules it imports."""
    mods = modules()
    known = set(mods)
    return {name: imports_of(name, path, known) for name, path in mods.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(10_000)

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


#: the layers, bottom first, as docs/ARCHITECTURE.md draws them: a module may import its
#: own layer and those below, never one above or beside it on the same floor
LAYERS: tuple[tuple[str, ...], ...] = (
    ("knockrummy", "knockrummy.assets", "knockrummy.i18n"),
    ("knockrummy.engine",),
    ("knockrummy.ai", "knockrummy.storage", "knockrummy.words"),
    ("knockrummy.coach", "knockrummy.sim"),
    ("knockrummy.app",),
    ("knockrummy.bench", "knockrummy.ui"),
    ("knockrummy.startup",),
    ("knockrummy.__main__",),
)
#: parts of ``ui`` that are screens: a screen never imports another screen (it opens
#: it by name through the navigator). The table and the replay are one screen each.
SCREEN_GROUPS = ("knockrummy.ui.screens.", "knockrummy.ui.table", "knockrummy.ui.replay")
#: modules in ``ui/screens`` that are building blocks for screens, not screens
SCREEN_PARTS = ("knockrummy.ui.screens", "knockrummy.ui.screens.base",
                "knockrummy.ui.screens.listing", "knockrummy.ui.screens.scrolling",
                "knockrummy.ui.screens.names")
#: the one module that imports every screen: the navigator's registry of screens by name
REGISTRY = "knockrummy.ui.screens"


def part_of(name: str) -> str:
    """The part (``knockrummy.engine``, ``knockrummy.ui``, ...) ``name`` belongs to."""
    parts = name.split(".")
    return ".".join(parts[:2])


def floor(name: str) -> tuple[int, str]:
    """The layer number of ``name`` and its part."""
    part = part_of(name)
    for level, members in enumerate(LAYERS):
        if part in members:
            return level, part
    raise KeyError(f"{name} is in no layer of tests/imports.py LAYERS")


def screen_of(name: str) -> str | None:
    """The screen ``name`` is part of (None for what is not a screen)."""
    if name in SCREEN_PARTS:
        return None
    for group in SCREEN_GROUPS:
        if group.endswith("."):
            if name.startswith(group):
                return name
        elif name == group or name.startswith(group + "."):
            return group
    return None


def upward(edges: dict[str, set[str]]) -> list[str]:
    """Every import that goes up a floor or sideways to another part on the same one."""
    found = []
    for name, targets in sorted(edges.items()):
        level, part = floor(name)
        for target in sorted(targets):
            t_level, t_part = floor(target)
            if t_level > level or (t_level == level and t_part != part
                                   and t_part not in LAYERS[0]):
                found.append(f"{name} -> {target}")
    return found


def screens_importing_screens(edges: dict[str, set[str]]) -> list[str]:
    """Every import of one screen by another."""
    found = []
    for name, targets in sorted(edges.items()):
        mine = screen_of(name)
        if name == REGISTRY:
            continue
        for target in sorted(targets):
            theirs = screen_of(target)
            if theirs is not None and theirs != mine and name.startswith("knockrummy.ui."):
                found.append(f"{name} -> {target}")
    return found


def main() -> int:
    edges = graph()
    for group in cycles(edges):
        print(f"cycle of {len(group)}: {' '.join(group)}")
    for line in upward(edges):
        print(f"against the layers: {line}")
    for line in screens_importing_screens(edges):
        print(f"screen imports screen: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
