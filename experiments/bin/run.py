#!/usr/bin/env python3
"""run.py: one gpusim run -> one result JSON (format gpumem-run/1, docs/results-format.md).

Usage: run.py --gpusim BIN --preset P --workload W --scale X --seed N --key KEY --out FILE
The result holds the run's identity, the command, the git commit, the binary's sha256,
gpusim's resolved configuration, the workload, every counter, the series and the
load-latency breakdown. Written to FILE.tmp and renamed, so a killed run leaves no result.
Exit 2 with one line on stderr on bad input or a failed gpusim."""
import argparse
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import gexp  # noqa: E402


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for b in iter(lambda: f.read(1 << 20), b""):
            h.update(b)
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser(description="one gpusim run into one result JSON")
    for a in ("--gpusim", "--preset", "--workload", "--scale", "--seed", "--key", "--out"):
        ap.add_argument(a, required=True)
    a = ap.parse_args()
    try:
        sets = gexp.key_sets(a.key)
        scale, seed = float(a.scale), int(a.seed)
    except (gexp.ExpError, ValueError) as e:
        print(f"run.py: {e}", file=sys.stderr)
        return 2
    tmp = a.out + ".tmp"
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    cmd = gexp.gpusim_cmd(a.gpusim, a.preset, a.workload, scale, tmp, [x for s in sets for x in ("--set", s)], seed=seed)
    try:
        g = gexp.gpusim_json(cmd)
    except gexp.GpusimFailed as e:
        err = (e.stderr.strip().splitlines() or ["(no message)"])[-1]
        print(f"run.py: gpusim exited {e.returncode} for {a.preset}/{a.workload}/x{gexp.scale_text(scale)}/{a.key}: {err}",
              file=sys.stderr)
        return 2
    shown = ["gpusim"] + cmd[1:]
    shown[shown.index("--json") + 1] = "OUT.json"
    out = {
        "format": gexp.FORMAT,
        "run": {"preset": a.preset, "workload": a.workload, "scale": scale, "seed": seed, "design": a.key,
                "sets": sets},
        "command": shown,
        "git": gexp.git_state(),
        "gpusim_sha256": sha256(a.gpusim),
        "config": g["config"],
        "workload": g["workload"],
        "counters": g["counters"],
        "breakdown": g.get("breakdown"),
        "series": g.get("series"),
        "residency": g.get("residency"),
        "timeline": g.get("timeline"),
    }
    with open(tmp, "w") as f:
        json.dump(out, f, indent=1, sort_keys=False)
        f.write("\n")
    os.replace(tmp, a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
