#!/usr/bin/env python3
"""include_cycles.py -- no cycle between the project's C and C++ units (CTest repo/include_cycles).

A unit is a header and its source (tlm/run.h and tlm/run.cc are one unit).  Unit A depends on
unit B when a file of A includes B's header with #include "...".  Any cycle of two or more units
is printed, unit by unit with the include line that closes each edge, and the exit status is 1.
(Call cycles the include graph cannot see, a header's function defined in a unit above it, are
not found here.)

  include_cycles.py ROOT       check the tree at ROOT
  include_cycles.py --selftest plant a three-unit cycle in a temporary tree and require it found
"""
import os
import re
import sys
import tempfile

DIRS = ["ref", "cosim", "testbench", "tlm", "vectors/gen", "rtl_model"]
EXTS = (".c", ".h", ".cc", ".cpp", ".hpp")
INC = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def files(root):
    out = []
    for d in DIRS:
        for dp, dns, fns in os.walk(os.path.join(root, d)):
            dns[:] = [n for n in dns if n not in ("build", "verilated")]
            out += [os.path.join(dp, f) for f in fns if f.endswith(EXTS)]
    return sorted(out)


def unit(path, root):
    return os.path.splitext(os.path.relpath(path, root))[0]


def check(root):
    fs = files(root)
    by_name = {}
    for f in fs:
        by_name.setdefault(os.path.basename(f), []).append(f)
    edges = {}  # unit -> {unit: "file:line"}
    for f in fs:
        u = unit(f, root)
        edges.setdefault(u, {})
        with open(f, errors="replace") as fh:
            text = fh.read()
        for n, line in enumerate(text.splitlines(), 1):
            m = INC.match(line)
            if m:
                name = m.group(1)
                local = os.path.normpath(os.path.join(os.path.dirname(f), name))
                hits = [local] if os.path.exists(local) else by_name.get(os.path.basename(name), [])
                if len(hits) == 1 and unit(hits[0], root) != u:
                    edges[u].setdefault(unit(hits[0], root), "%s:%d" % (os.path.relpath(f, root), n))
    # Tarjan's strongly connected components.
    index, low, stack, on, sccs = {}, {}, [], set(), []
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, {}):
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
            if len(comp) > 1:
                sccs.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    bad = 0
    for comp in sccs:
        bad += 1
        print("FAIL: include cycle between units: " + ", ".join(comp))
        for a in comp:
            for b, where in sorted(edges[a].items()):
                if b in comp:
                    print("  %s -> %s (%s)" % (a, b, where))
    return bad


def selftest():
    with tempfile.TemporaryDirectory() as t:
        os.makedirs(os.path.join(t, "tlm"))
        w = lambda n, s: open(os.path.join(t, "tlm", n), "w").write(s)
        w("a.h", '#pragma once\n#include "b.h"\nint a_fn(int x);\n')
        w("b.h", "#pragma once\nint b_fn(int x);\n")
        w("b.cc", '#include "b.h"\n#include "c.h"\nint b_fn(int x) { return c_fn(x); }\n')
        w("c.h", "#pragma once\nint c_fn(int x);\n")
        w("c.cc", '#include "c.h"\n#include "a.h"\nint c_fn(int x) { return a_fn(x); }\n')
        w("d.h", '#pragma once\n#include "a.h"\n')
        n = check(t)
        if n != 1:
            print("FAIL: the selftest's planted cycle gave %d findings, not 1" % n)
            return 1
    print("PASS: the planted cycle a -> b -> c -> a was found")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "--selftest":
        sys.exit(selftest())
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    n = check(sys.argv[1])
    if n == 0:
        print("PASS: no cycle between units")
    sys.exit(1 if n else 0)
