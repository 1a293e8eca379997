#!/usr/bin/env python3
"""check_gtkw.py: every signal a .gtkw names exists (with that width) in its FST,
and every translate filter file it names exists and maps every value it is used for.

Usage: tb/lint/check_gtkw.py FILE.gtkw...

Trace lines: "name", "+{alias} name", and "#{alias} bit bit ..." where a bit is a 1-bit
signal or "(i)name[msb:0]" (bit msb-i of a vector, GTKWave's form). Filters: "^N path"
before the traces it translates ("@" flags with 0x2000); each such trace must find, in
its file, a line for every value its width can take (decimal, as GTKWave prints it)
up to 4096 values, or the count a "# values: N" line of the file declares. Reads the FST through fst2vcd's header. Exit 1 and one line per
problem."""
import os
import re
import subprocess
import sys


def fst_signals(fst):
    out = subprocess.run(["fst2vcd", "-f", fst], capture_output=True, text=True, check=True).stdout
    scope, names = [], {}
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
            names[full] = width
    return names


def trace_width(spec, have):
    """Width of one trace spec, or None plus the missing names."""
    m = re.match(r"^(\+\{[^}]*\} )?(\S+)$", spec)
    if m and not spec.startswith("#"):
        name = m.group(2)
        return (have[name], []) if name in have else (None, [name])
    m = re.match(r"^#\{[^}]*\}(.*)$", spec)
    if not m:
        return None, [spec]
    bits, missing = 0, []
    for tok in m.group(1).split():
        b = re.match(r"^\((\d+)\)(.+\[(\d+):(\d+)\])$", tok)
        if b:
            vec, idx, msb = b.group(2), int(b.group(1)), int(b.group(3))
            if vec not in have or idx > msb:
                missing.append(tok)
        elif tok not in have or have[tok] != 1:
            missing.append(tok)
        bits += 1
    return (bits if not missing else None), missing


def check(gtkw):
    text = open(gtkw).read()
    fst = re.search(r'^\[dumpfile\] "(.*)"', text, re.M).group(1)
    have = fst_signals(fst)
    problems, wanted, flags, filt = [], 0, 0, None
    filters_seen = set()
    for line in text.splitlines():
        if not line or line[0] in "[*-":
            continue
        if line[0] == "@":
            flags = int(line[1:], 16)
            continue
        if line[0] == "^":
            m = re.match(r"^\^(\d+) (.+)$", line)
            filt = m.group(2) if m else None
            if not filt or not os.path.isfile(filt):
                problems.append(f"filter file missing: {line}")
                filt = None
            else:
                filters_seen.add(filt)
            continue
        wanted += 1
        width, missing = trace_width(line, have)
        for name in missing:
            problems.append(f"signal not in {fst}: {name}")
        if flags & 0x2000 and width:
            if not filt:
                problems.append(f"translated trace without a filter file: {line}")
                continue
            lines = open(filt).read().splitlines()
            keys = {l.split(None, 1)[0] for l in lines if l.strip() and not l.startswith("#")}
            declared = [int(l.split(":")[1]) for l in lines if l.startswith("# values:")]
            need = range(declared[0] if declared else min(1 << width, 4096))
            gaps = [v for v in need if str(v) not in keys]
            if gaps:
                problems.append(f"{filt} does not map {len(gaps)} values of {line} (first {gaps[0]})")
    for p in problems:
        print(f"{gtkw}: {p}")
    print(f"{gtkw}: {wanted - len([p for p in problems if p.startswith('signal')])}/{wanted} traces found, "
          f"{len(filters_seen)} filter files")
    return 1 if problems or wanted == 0 else 0


def main():
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print(__doc__.strip())
        return 0
    if len(sys.argv) < 2:
        print("usage: check_gtkw.py FILE.gtkw...", file=sys.stderr)
        return 2
    return max(check(g) for g in sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
