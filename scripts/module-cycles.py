#!/usr/bin/env python3
"""Module circles inside each crate of the workspace (issue 27: "no module circles in any
crate").

For every crate under crates/ (and python/), each file of src/ is a module named by its
path (src/lint/mod.rs -> lint, src/lint/cfg.rs -> lint::cfg); a module depends on another
when its text names `crate::a::b` (in a `use` or a path), resolved to the longest module
that exists. A module does not depend on its own parent or children (Rust's nesting, not an
arrow between equals); comments and unit-test modules (`#[cfg(test)] mod tests`) are not
read. The strongly connected components with more than one module are
circles; the script prints each and exits 1 when there is any.

    python3 scripts/module-cycles.py [--level N]

--level N (default 1) cuts module names to their first N parts before building the graph
(1: the crate's top-level modules, the granularity the issue names).
"""

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PATH = re.compile(r"\bcrate((?:::[A-Za-z_][A-Za-z0-9_]*)+)")
USE_GROUP = re.compile(r"\buse\s+crate::\{([^;]*)\};", re.S)


def module_of(src: Path, f: Path) -> tuple:
    parts = list(f.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return tuple(parts)


def strip_comments(text: str) -> str:
    # A unit-test module (`#[cfg(test)] mod tests`, at the end of a file by convention)
    # may use any module of its crate: not an arrow of the crate's structure.
    m = re.search(r"#\[cfg\(test\)\]\s*mod\s+\w+\s*\{", text)
    if m:
        text = text[: m.start()]
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.split("//")[0] for line in text.splitlines())


def targets(text: str) -> list:
    out = [m.group(1).split("::")[1:] for m in PATH.finditer(text)]
    # `use crate::{a::b, c}`: each item of the group.
    for g in USE_GROUP.finditer(text):
        for item in re.split(r",(?![^{]*\})", g.group(1)):
            head = item.strip().split("::{")[0]
            if head:
                out.append([p for p in head.split("::") if p and p != "self"])
    return out


def sccs(graph: dict) -> list:
    index, low, stack, on, res = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            res.append(comp)

    sys.setrecursionlimit(10000)
    for v in list(graph):
        if v not in index:
            visit(v)
    return res


def crate_circles(src: Path, level: int) -> list:
    files = sorted(src.rglob("*.rs"))
    mods = {module_of(src, f): f for f in files}
    graph = {}
    for m, f in mods.items():
        me = m[:level]
        graph.setdefault(me, set())
        for t in targets(strip_comments(f.read_text(errors="replace"))):
            # The longest existing module the path names.
            best = ()
            for k in range(len(t), 0, -1):
                if tuple(t[:k]) in mods:
                    best = tuple(t[:k])
                    break
            dep = best[:level]
            if not dep or dep == me:
                continue
            # Parent and child modules are nesting, not arrows between equals.
            if dep[: len(me)] == me or me[: len(dep)] == dep:
                continue
            graph[me].add(dep)
            graph.setdefault(dep, set())
    return [sorted(c) for c in sccs(graph) if len(c) > 1]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--level", type=int, default=1)
    args = ap.parse_args()
    srcs = sorted(ROOT.glob("crates/*/src")) + [ROOT / "python/src"]
    bad = 0
    for src in srcs:
        if not src.is_dir():
            continue
        name = src.parent.name
        circles = crate_circles(src, args.level)
        for c in circles:
            bad += 1
            print(f"{name}: circle among " + ", ".join("::".join(m) for m in c))
    print(f"{len(srcs)} crates, {bad} module circles (level {args.level})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
