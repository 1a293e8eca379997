#!/usr/bin/env python3
"""config_sweep.py: random valid configurations of the GPU model, each run to the end on a
short workload under the watchdog. A run must finish (exit 0) with its longest stretch
without progress inside the configuration's quiet bound; a deadlock (exit 3), a crash or a
quiet stretch past the bound is a failure, printed with the command that reproduces it.

  config_sweep.py GPUSIM [--runs N] [--seed S] [--out DIR] [--jobs N] [--pairs [--per-pair K]]

--pairs: instead of --runs independent draws, K runs (default 1) for every pair of block
kinds, both forced on and the other kinds off, half of them on the tightest L1
(one way, the smallest size, one or two MSHRs), so that a combination of two blocks is never
left to chance. A pair the model refuses in every draw is listed with its
reason (a refusal at configuration time, exit 2, is a valid answer); a run that fails is a
failure as above.

Parameters and ranges come from `gpusim --help-config`, so new parameters and new block
kinds are swept without editing this file. A candidate the model rejects (exit 2: a
cross-parameter rule) is redrawn; the rejections are counted. Deterministic for a seed.
"""
import json
import math
import os
import random
import re
import concurrent.futures
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import num  # noqa: E402  (tb/lib/num.py)

WORKLOADS = ["2dconv", "2mm", "3dconv", "3mm", "atax", "bicg", "fdtd", "gemm", "gesummv",
             "mvt", "syr2k", "syrk"]
SKIP = {"watchdog", "max_cycles", "series"}  # run control (the watchdog stays automatic) and output
TOP = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def read_manifests():
    """{kind: (fits, withs)} from each block's manifest (tb/blocks/<b>/manifest.sh):
    SWEEP_FIT, "KEY=SOURCE" settings made whenever the kind is on (SOURCE a GPU parameter,
    l1.sets, or a value), and SWEEP_WITH, the kinds a pair's run turns on beside it"""
    out = subprocess.run(["bash", "-c", 'cd "$1" && . tb/lib/blocks.sh && for b in $(blocks); do manifest "$b" || exit 2; '
                          'printf "%s\\t%s\\t%s\\n" "$b" "${SWEEP_FIT[*]}" "${SWEEP_WITH:-}"; done', "_", TOP],
                         capture_output=True, text=True, check=True).stdout
    m = {}
    for line in out.splitlines():
        b, fits, withs = line.split("\t")
        m[b] = ([f.split("=", 1) for f in fits.split()], tuple(withs.split()))
    return m


def read_params(gpusim):
    """[(key, kind, lo, hi or names, default)] from --help-config, and the block kinds (the
    names without a dot in its "block kinds" part)"""
    out = subprocess.run([gpusim, "--help-config"], capture_output=True, text=True, check=True).stdout
    params, kinds, in_kinds = [], set(), False
    for line in out.splitlines():
        if line.startswith("block kinds"):
            in_kinds = True
            continue
        m = re.match(r"\s+(\S+)\s+(\S+)\s+default (\S+)", line)
        if not m or m.group(1) in SKIP:
            continue
        key, rng, dflt = m.groups()
        if in_kinds and "." not in key:
            kinds.add(key)
        r = re.fullmatch(r"(\d+)\.\.(\d+)", rng)
        if r:
            params.append((key, "int", int(r.group(1)), int(r.group(2)), dflt))
        elif "|" in rng:
            params.append((key, "enum", rng.split("|"), None, dflt))
    return params, kinds


def draw(rng, p):
    key, kind, lo, hi, _ = p
    if kind == "enum":
        return rng.choice(lo)
    u = rng.random()
    if u < 0.25:
        return lo  # the smallest resources find deadlocks
    if u < 0.35:
        return min(lo + 1, hi)
    if u < 0.40:
        return hi
    # log-uniform in between
    a, b = math.log(max(lo, 1)), math.log(max(hi, 1))
    return max(lo, min(hi, int(round(math.exp(rng.uniform(a, b))))))


def pow2_between(rng, lo, hi):
    return 1 << rng.randint(max(lo, 1).bit_length() - 1, hi.bit_length() - 1)


def geometry(rng, d, byname):
    """values that must fit each other: line a power of two, cache sizes a whole number of
    sets, DRAM rows whole lines, threads whole warps within the warp slots"""
    line = pow2_between(rng, byname["l1.line"][2], byname["l1.line"][3])
    d["l1.line"] = line
    for c in ("l1", "l2"):
        lo, hi = byname[c + ".size"][2], byname[c + ".size"][3]
        assoc = int(d.get(c + ".assoc", byname[c + ".assoc"][4]))
        sets = 1 << rng.randint(0, 8)
        while line * assoc * sets < lo:
            sets *= 2
        while sets > 1 and line * assoc * sets > hi:
            sets //= 2
        if line * assoc * sets > hi:
            d[c + ".assoc"] = assoc = max(1, hi // line)
        d[c + ".size"] = line * assoc * sets
    d["dram.row"] = pow2_between(rng, max(line, byname["dram.row"][2]), byname["dram.row"][3])
    warps = int(d.get("core.warps", byname["core.warps"][4]))
    d["core.threads"] = 32 * rng.randint(1, warps)
    d["core.schedulers"] = min(int(d.get("core.schedulers", byname["core.schedulers"][4])), warps)
    trc, tras = int(d.get("dram.tRC", byname["dram.tRC"][4])), int(d.get("dram.tRAS", byname["dram.tRAS"][4]))
    if trc < tras:
        d["dram.tRC"] = tras


def fit_blocks(d, byname, fits):
    """a block that is on gets its manifest's SWEEP_FIT settings: the GPU's matching sizes
    where its check demands them (its L1's sets and ways, its channel's banks and buffer),
    so that a draw with a block on is seldom refused for a size alone; a value outside the
    parameter's range is left to the model to refuse"""
    def get(k):
        if k == "l1.sets":
            return get("l1.size") // (get("l1.line") * get("l1.assoc"))
        v = d.get(k, byname[k][4])
        return int(v) if byname[k][1] == "int" else v
    for kind, (fit, _) in fits.items():
        if d.get(kind) != "on":
            continue
        for key, src in fit:
            v = get(src) if src in byname or src == "l1.sets" else src
            lo, hi = byname[key][2], byname[key][3]
            if byname[key][1] == "int" and not lo <= int(v) <= hi:
                continue
            d[key] = v


def candidate(rng, params, kinds, fits, force=()):
    byname = {p[0]: p for p in params}
    d = {}
    for p in params:
        key = p[0]
        if "." in key and key.split(".")[0] in kinds:  # a block kind's own parameter
            if force and key.split(".")[0] not in force:
                continue  # (a pair's run: the kinds that are off keep their defaults)
            # (a pair's run draws its two kinds' parameters more often: their options meet)
            if not key.endswith(".preset") and rng.random() < (0.6 if force else 0.3):
                d[key] = draw(rng, p)
            continue
        if key in kinds:  # KIND=on|off: a third of the time on (every kind adds its own
            on = key in force if force else rng.random() < 1 / 3  # rules a draw must meet; a
            d[key] = "on" if on else "off"  # forced pair alone, the others off)
            continue
        if rng.random() < 0.5:
            d[key] = draw(rng, p)
    geometry(rng, d, byname)
    if force and rng.random() < 0.5:
        # half of a pair's draws on the tightest L1 (one way, the smallest size, one or two
        # MSHRs): every access contends, and the blocks' refusal and bypass paths run
        d["l1.assoc"] = 1
        d["l1.size"] = byname["l1.size"][2]
        d["l1.mshr"] = rng.randint(byname["l1.mshr"][2], 2)
    fit_blocks(d, byname, fits)
    return ["%s=%s" % kv for kv in d.items()]


def main():
    ap = num.one_line_parser(description=__doc__.split("\n")[0])
    ap.add_argument("gpusim")
    ap.add_argument("--runs", type=num.arg_integer(1, 100000, "--runs"), default=40)
    ap.add_argument("--seed", type=num.arg_integer(0, (1 << 64) - 1, "--seed"), default=1)
    ap.add_argument("--out", default="build/test/sweep")
    ap.add_argument("--jobs", type=num.arg_integer(1, 64, "--jobs"), default=2, help="parallel runs (default 2)")
    ap.add_argument("--pairs", action="store_true", help="K runs for every pair of block kinds, both on")
    ap.add_argument("--per-pair", type=num.arg_integer(1, 1000, "--per-pair"), default=1,
                    help="runs per pair with --pairs (default 1)")
    a = ap.parse_args()
    params, kinds = read_params(a.gpusim)
    fits = {k: v for k, v in read_manifests().items() if k in kinds}
    byname = {p[0]: p for p in params}
    os.makedirs(a.out, exist_ok=True)
    forced = [()] * a.runs
    if a.pairs:
        ks = sorted(kinds)
        forced = [(x, y) + fits[x][1] + fits[y][1]
                  for i, x in enumerate(ks) for y in ks[i + 1:] for _ in range(a.per_pair)]
        a.runs = len(forced)
    refused = {}  # pair -> the model's reason, for pairs refused in every draw
    ok = rejected = failed = limited = 0
    worst = (0.0, "")
    # each run draws from its own generator (seeded by --seed and the run's number) until
    # gpusim accepts a candidate (exit 2 = rejected: drawn again), so runs are independent:
    # they go on --jobs processes and report in run order, the same output for any --jobs
    def one(run):
        rr = random.Random("%d/%d" % (a.seed, run))
        rej = 0
        js = os.path.join(a.out, "run%d.json" % run)
        tries, plain, first = 1000, None, None
        if forced[run]:
            # the pair alone on the default machine (sizes fitted): the fallback run, and a
            # refusal of it is the pair's answer, unless a random draw is taken (fewer tries)
            d = {k: ("on" if k in forced[run] else "off") for k in kinds}
            fit_blocks(d, byname, fits)
            plain = [a.gpusim, "--workload", "atax", "--scale", "0.05", "--seed", str(run + 1), "--quiet",
                     "--json", js, "--set", "max_cycles=20000000"]
            for kv in d.items():
                plain += ["--set", "%s=%s" % kv]
            first = subprocess.run(plain, capture_output=True, text=True)
            if first.returncode == 2:
                tries = 100  # refused alone: a few draws with other sizes before believing it
        for _ in range(tries):
            sets = candidate(rr, params, kinds, fits, forced[run])
            wl = rr.choice(WORKLOADS)
            scale = round(rr.uniform(0.03, 0.08), 3)
            cmd = [a.gpusim, "--workload", wl, "--scale", str(scale), "--seed", str(run + 1),
                   "--quiet", "--json", js, "--set", "max_cycles=20000000"]
            for s in sets:
                cmd += ["--set", s]
            p = subprocess.run(cmd, capture_output=True, text=True)
            if p.returncode != 2:
                return run, cmd, js, p, rej
            rej += 1
        if plain is None:
            return run, None, None, None, rej
        if first.returncode != 2:
            first = subprocess.run(plain, capture_output=True, text=True)  # (its JSON again)
            return run, plain, js, first, rej
        return run, None, first.stderr.strip().splitlines()[-1] if first.stderr.strip() else "exit 2", None, rej
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        results = list(ex.map(one, range(a.runs)))
    rejected = sum(r[4] for r in results)
    if any(r[1] is None and not forced[r[0]] for r in results):
        print("sweep: no valid configuration drawn in 1000 tries", file=sys.stderr)
        return 1
    for r in results:
        if r[1] is None:  # a pair refused in every draw: its reason
            refused.setdefault("+".join(dict.fromkeys(forced[r[0]])), r[2])
    for pair, why in sorted(refused.items()):
        print("refused pair %s: %s" % (pair, why))
    cmds = [(r[0], r[1], r[2]) for r in results if r[1] is not None]
    procs = [r[3] for r in results if r[1] is not None]
    for (run, cmd, js), p in zip(cmds, procs):
        line = " ".join(c if " " not in c else "'%s'" % c for c in cmd)
        if p.returncode != 0:
            failed += 1
            print("FAIL exit %d: %s\n  %s" % (p.returncode, line, (p.stderr or p.stdout).strip()[:600]))
            continue
        d = json.load(open(js))
        quiet, bound = d["counters"]["longest_quiet"], d["config"]["quiet_bound"]
        if quiet > bound:
            failed += 1
            print("FAIL quiet %d > bound %d: %s" % (quiet, bound, line))
            continue
        if "stopped at max_cycles" in p.stdout:
            # a slow configuration: still progressing (every quiet stretch within the bound)
            print("note: run %d stopped at max_cycles, progressing: %s" % (run, line))
            limited += 1
        else:
            ok += 1
        if quiet / bound > worst[0]:
            worst = (quiet / bound, "run %d: longest quiet %d of bound %d" % (run, quiet, bound))
    what = "%d configurations run" % len(cmds)
    if a.pairs:
        npairs = len(forced) // a.per_pair
        what = "%d pairs of %d block kinds x %d: %d configurations run, %d pairs refused by the model" % (
            npairs, len(kinds), a.per_pair, len(cmds), len(refused))
    print("sweep: %s, %d finished, %d stopped at max_cycles still progressing, %d failed "
          "(deadlock, crash or quiet > bound); %d candidates rejected by validation; closest to the bound: %s (%.0f%%)"
          % (what, ok, limited, failed, rejected, worst[1], 100 * worst[0]))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
