#!/usr/bin/env python3
"""check_claims.py: every claim of claims.json quotes its seed where it says.

For each claim (and each 'also' row): the fields report.py needs are present, the relation
and basis are known words, and the quote is in the seed file at the line given: the
quote's pieces (split at '...') are found, in order, in the seed text starting within
three lines of `line` (whitespace, line breaks and the seeds' typographic quotes and
dashes compared loosely). Prints one line per failure and a summary; exit 1 if any,
2 on bad input (one line on stderr).
Usage: check_claims.py [--claims FILE] [--seeds DIR]"""
import argparse
import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)
BASES = {"SRAM", "SRAM + logic", "flops", "logic", "storage", "timing", "energy", "ratio", "design",
         "method", "latency"}
RELATIONS = {"~", "=", "<", "<=", ">=", "info"}
NEED = ("id", "seed", "section", "line", "quote", "quantity", "value", "unit", "relation", "basis")


def norm(t):
    t = t.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    t = t.replace("\u2013", "-").replace("\u2014", "-").replace("\u223c", "~").replace("\uff5e", "~")
    t = re.sub(r"\$|\\text\{|\}|\\mathrm\{", "", t)  # the seeds' LaTeX-ish math: $0.0126\text{ mm}^2$
    return re.sub(r"\s+", " ", t).strip().lower()


def found_at(lines, line, quote):
    """True when the quote's pieces occur in order in the text from a line near `line`"""
    pieces = [norm(p) for p in re.split(r"\.\.\.|\u2026", quote) if norm(p)]
    for start in range(max(0, line - 4), min(len(lines), line + 3)):
        text = norm(" ".join(lines[start:start + 40]))
        pos, ok = 0, True
        for i, p in enumerate(pieces):
            k = text.find(p, pos)
            if k < 0 or (i == 0 and k > 400):
                ok = False
                break
            pos = k + len(p)
        if ok:
            return True
    return False


def main():
    ap = argparse.ArgumentParser(description="claims.json quotes against the seeds")
    ap.add_argument("--claims", default=os.path.join(HERE, "claims.json"))
    ap.add_argument("--seeds", default=os.path.join(TOP, "..", "shared", "seeds"))
    a = ap.parse_args()
    try:
        claims = json.load(open(a.claims))["claims"]
    except (OSError, ValueError, KeyError) as e:
        print(f"check_claims: {a.claims}: {e}", file=sys.stderr)
        return 2
    seeds = {}
    for f in glob.glob(os.path.join(a.seeds, "*.txt")):
        seeds[os.path.basename(f)[:3]] = open(f, encoding="utf-8", errors="replace").read().splitlines()
    if not seeds:
        print(f"check_claims: no seed files in {a.seeds}", file=sys.stderr)
        return 2
    bad, ids, rows = [], set(), 0
    for c in claims:
        cid = c.get("id", "?")
        miss = [k for k in NEED if k not in c]
        if miss:
            bad.append(f"{cid}: no {', '.join(miss)}")
            continue
        if cid in ids:
            bad.append(f"{cid}: id used twice")
        ids.add(cid)
        for row in [c] + [dict(c, **alt) for alt in c.get("also", [])]:
            rows += 1
            if row["relation"] not in RELATIONS:
                bad.append(f"{cid}: relation '{row['relation']}'")
            if row["basis"] not in BASES:
                bad.append(f"{cid}: basis '{row['basis']}' (one of {', '.join(sorted(BASES))})")
        lines = seeds.get(c["seed"])
        if lines is None:
            bad.append(f"{cid}: no seed file {c['seed']}_*.txt")
        elif not isinstance(c["line"], int) or not found_at(lines, c["line"], c["quote"]):
            bad.append(f"{cid}: quote not at seed {c['seed']} line {c['line']}: \"{c['quote'][:60]}\"")
    for b in bad:
        print(f"check_claims: {b}")
    per = {}
    for c in claims:
        per[c.get("seed")] = per.get(c.get("seed"), 0) + 1
    print(f"check_claims: {len(claims)} claims ({', '.join(f'{k}: {v}' for k, v in sorted(per.items()))}), "
          f"{rows} report rows, {len(bad)} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
