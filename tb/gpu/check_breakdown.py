#!/usr/bin/env python3
"""check_breakdown.py RUN.json...: the load-latency breakdown of gpusim runs is whole.

For every run: the stages of all line requests add up to the sum of their latencies
(computed apart by the model); the requests of each class equal the L1's own counters
(hits, pending hits, misses, bypasses); every hit took l1.lat cycles; with no jitter every
miss or bypass crossed the interconnect in (8-byte request serialisation + icnt.lat) and
back in (reply serialisation + icnt.lat) cycles; every L2 read hit took l2.lat; every packet waited l2.rop before the slice and every L2
read miss dram.lat before the DRAM buffer. The
per-kernel and per-SM sums agree. Prints one line per failure; exit 1 if any.
"""
import json
import sys


def check(path):
    errs = []
    d = json.load(open(path))
    c, cfg, b = d["counters"], d["config"], d["breakdown"]
    st = {n: i for i, n in enumerate(b["stages"])}
    classes = ["hit", "pending_hit", "miss", "bypass"]

    def total(rows):
        t = {k: [0] * len(st) for k in classes}
        n = {k: 0 for k in classes}
        for r in rows:
            for k in classes:
                n[k] += r[k]["requests"]
                t[k] = [a + x for a, x in zip(t[k], r[k]["cycles"])]
        return n, t

    nk, tk = total(b["kernels"])
    ns, ts = total(b["sms"])
    if (nk, tk) != (ns, ts):
        errs.append("per-kernel and per-SM sums differ")
    allc = sum(sum(v) for v in ts.values())
    if allc != b["line_request_cycles"]:
        errs.append("stages add up to %d cycles, line requests took %d" % (allc, b["line_request_cycles"]))
    for k, ctr in (("hit", "l1_hits"), ("pending_hit", "l1_hit_pending"), ("miss", "l1_misses"),
                   ("bypass", "l1_bypasses")):
        if ns[k] != c[ctr]:
            errs.append("%s requests %d, L1 counter %s %d" % (k, ns[k], ctr, c[ctr]))
    if ts["hit"][st["l1_hit"]] != ns["hit"] * cfg["l1.lat"]:
        errs.append("hits spent %d cycles in the L1, not %d x l1.lat" % (ts["hit"][st["l1_hit"]], ns["hit"]))
    net = ns["miss"] + ns["bypass"]
    if cfg["icnt.jitter"] == 0:
        bw, lat = cfg["icnt.bw"], cfg["icnt.lat"]
        up = (8 + bw - 1) // bw + lat
        down = (8 + cfg["l1.line"] + bw - 1) // bw + lat
        for s, per in (("icnt_req", up), ("icnt_reply", down)):
            got = ts["miss"][st[s]] + ts["bypass"][st[s]]
            if got != net * per:
                errs.append("%s: %d cycles for %d packets, not %d each" % (s, got, net, per))
    for s, per, n in (("l2_rop", cfg["l2.rop"], net), ("dram_lat", cfg["dram.lat"], c["l2_misses"])):
        got = ts["miss"][st[s]] + ts["bypass"][st[s]]
        if got != n * per:
            errs.append("%s: %d cycles for %d requests, not %d each" % (s, got, n, per))
    l2hit = ts["miss"][st["l2_hit"]] + ts["bypass"][st["l2_hit"]]
    if l2hit != c["l2_hits"] * cfg["l2.lat"]:
        errs.append("L2 hit stage %d cycles, not l2_hits %d x l2.lat" % (l2hit, c["l2_hits"]))
    for k in ("hit", "pending_hit"):
        far = sum(ts[k][st[s]] for s in b["stages"][st["miss_queue"]:])
        if far:
            errs.append("%s requests have %d cycles past the L1" % (k, far))
    return ["%s: %s" % (path, e) for e in errs]


def main():
    if len(sys.argv) < 2:
        print("usage: check_breakdown.py RUN.json...", file=sys.stderr)
        return 2
    bad = []
    for p in sys.argv[1:]:
        try:
            bad += check(p)
        except (OSError, ValueError, KeyError) as e:
            bad.append("%s: cannot read the breakdown (%s)" % (p, e))
    for e in bad:
        print(e)
    print("breakdown: %d runs checked, %d problems" % (len(sys.argv) - 1, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
