#!/usr/bin/env python3
"""check_results.py: every run result under RESULTS/runs follows docs/results-format.md.

Each file: format gpumem-run/1; run {preset, workload, scale, seed, design, sets} equal to
what its path says; command; git {commit, dirty}; gpusim_sha256; config (the resolved
parameters, its preset the run's); workload; counters (numbers, cycles > 0, ipc_thread >=
0). Prints one line per bad file and a summary; exit 1 if any is bad, 2 if there is no
runs/ folder. Usage: check_results.py RESULTS [--expect N]"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import gexp  # noqa: E402


def problems(path, rel):
    d = gexp.load_run(path)
    out = []
    parts = rel.split(os.sep)  # runs/<preset>/<workload>/x<scale>/s<seed>/<key>.json
    r = d["run"]
    want = {"preset": parts[1], "workload": parts[2], "design": parts[5][:-len(".json")]}
    for k, v in want.items():
        if r.get(k) != v:
            out.append(f"run.{k} {r.get(k)!r} but the path says {v!r}")
    if parts[3] != f"x{gexp.scale_text(r.get('scale', -1))}" or parts[4] != f"s{r.get('seed')}":
        out.append(f"scale/seed {r.get('scale')}/{r.get('seed')} do not match the path {parts[3]}/{parts[4]}")
    if r.get("sets") != gexp.key_sets(r.get("design", "base")):
        out.append("run.sets are not the design key's settings")
    for k in ("command", "git", "gpusim_sha256", "config", "workload", "counters"):
        if k not in d:
            out.append(f"no {k}")
    if out:
        return out
    if d["config"].get("preset") != r["preset"]:
        out.append(f"config.preset {d['config'].get('preset')!r} is not the run's preset")
    if not isinstance(d["git"].get("commit"), str) or len(d["git"]["commit"]) != 40:
        out.append("git.commit is not a commit id")
    if len(d["gpusim_sha256"]) != 64:
        out.append("gpusim_sha256 is not a sha256")
    c = d["counters"]
    bad = [k for k, v in c.items() if not isinstance(v, (int, float, str)) and not k.startswith("per_")]
    if bad:
        out.append(f"counters not numbers: {', '.join(bad[:3])}")
    if not c.get("cycles", 0) > 0 or not c.get("ipc_thread", -1) >= 0:
        out.append("cycles must be > 0 and ipc_thread >= 0")
    resolved = gexp.resolved_config(d["config"])
    for s in r["sets"]:
        k, v = s.split("=", 1)
        if str(resolved.get(k)) != v:
            out.append(f"--set {s} but the resolved configuration has {k}={resolved.get(k)!r}")
    return out


def main():
    ap = argparse.ArgumentParser(description="check run results against docs/results-format.md")
    ap.add_argument("results")
    ap.add_argument("--expect", type=int, help="the number of run results there must be")
    a = ap.parse_args()
    base = os.path.join(a.results, "runs")
    if not os.path.isdir(base):
        print(f"check_results: {a.results}: no runs/ folder", file=sys.stderr)
        return 2
    n = nbad = 0
    for dp, _, fs in sorted(os.walk(base)):
        for f in sorted(fs):
            if not f.endswith(".json"):
                continue
            n += 1
            p = os.path.join(dp, f)
            try:
                pr = problems(p, os.path.relpath(p, a.results))
            except gexp.ExpError as e:
                pr = [str(e)]
            if pr:
                nbad += 1
                print(f"BAD {os.path.relpath(p, a.results)}: {'; '.join(pr)}")
    ok = nbad == 0 and (a.expect is None or n == a.expect)
    print(f"check_results: {n} run results, {nbad} bad" + (f" (expected {a.expect})" if a.expect is not None else ""))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
