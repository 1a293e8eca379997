#!/usr/bin/env python3
"""migrate_keys.py RESULTS: rename the runs of a results folder made before design keys were
joined by '+' (they were joined by ',', which Snakemake's cluster jobs cannot carry in a
wildcard): runs/.../<a,b>.json -> <a+b>.json (its run.design updated, nothing else),
bench/.../<a,b>.tsv -> <a+b>.tsv. The counters are untouched, so the workflow finds its
runs again and re-runs nothing. Prints what it renamed; exit 2 on a missing folder or a
name clash."""
import json
import os
import sys



def _help():
    """-h / --help: the usage and this program's description on stdout, exit 0"""
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print("usage: migrate_keys.py RESULTS\n\n" + (__doc__ or "").strip())
        sys.exit(0)

def main(argv):
    if len(argv) != 1 or not os.path.isdir(os.path.join(argv[0], "runs")):
        print("migrate_keys.py: expected a results folder with runs/ in it", file=sys.stderr)
        return 2
    res = argv[0]
    n = 0
    for sub, ext in (("runs", ".json"), ("bench", ".tsv")):
        for dp, _, fs in os.walk(os.path.join(res, sub)):
            for f in sorted(fs):
                if not f.endswith(ext) or "," not in f:
                    continue
                new = f.replace(",", "+")
                src, dst = os.path.join(dp, f), os.path.join(dp, new)
                if os.path.exists(dst):
                    print(f"migrate_keys.py: {dst} exists already", file=sys.stderr)
                    return 2
                if ext == ".json":
                    with open(src) as fh:
                        d = json.load(fh)
                    d["run"]["design"] = new[:-len(ext)]
                    with open(dst + ".tmp", "w") as fh:
                        json.dump(d, fh, indent=1, sort_keys=False)
                        fh.write("\n")
                    os.replace(dst + ".tmp", dst)
                    os.utime(dst, (os.stat(src).st_atime, os.stat(src).st_mtime))
                    os.remove(src)
                else:
                    os.rename(src, dst)
                n += 1
    print(f"migrate_keys.py: {n} files renamed in {res}")
    return 0


if __name__ == "__main__":
    _help()
    sys.exit(main(sys.argv[1:]))
