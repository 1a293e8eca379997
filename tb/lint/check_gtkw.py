#!/usr/bin/env python3
"""check_gtkw.py GTKW: every signal a .gtkw names exists (with that width) in its FST.

Reads the FST through fst2vcd's header. Exit 1 and one line per missing signal."""
import re
import subprocess
import sys


def fst_signals(fst):
    out = subprocess.run(["fst2vcd", "-f", fst], capture_output=True, text=True, check=True).stdout
    scope, names = [], set()
    for line in out.splitlines():
        if line.startswith("$enddefinitions"):
            break
        t = line.split()
        if not t:
            continue
        if t[0] == "$scope":
            scope.append(t[2])
        elif t[0] == "$upscope":
            scope.pop()
        elif t[0] == "$var":
            width, name = int(t[2]), t[4]
            rng = t[5] if len(t) > 6 and t[5].startswith("[") else ""
            full = ".".join(scope + [name]) + (rng if width > 1 else "")
            names.add(full)
    return names


def main():
    gtkw = sys.argv[1]
    text = open(gtkw).read()
    fst = re.search(r'^\[dumpfile\] "(.*)"', text, re.M).group(1)
    have = fst_signals(fst)
    missing = 0
    wanted = 0
    for line in text.splitlines():
        if not line or line[0] in "[*@-":
            continue
        name = re.sub(r"^\+\{[^}]*\} ", "", line)
        wanted += 1
        if name not in have:
            print(f"{gtkw}: signal not in {fst}: {name}")
            missing += 1
    print(f"{gtkw}: {wanted - missing}/{wanted} signals found")
    return 1 if missing or wanted == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
