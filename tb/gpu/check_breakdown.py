#!/usr/bin/env python3
"""check_breakdown.py: the load-latency breakdown of gpusim runs is whole.

Usage: tb/gpu/check_breakdown.py RUN.json...   (files of gpusim --json)

For every run: the stages of all line requests add up to the sum of their latencies
(computed apart by the model); the requests of each class equal the L1's own counters
(hits, pending hits, misses, bypasses, the bypasses with an application's atomics); every hit took l1.lat cycles; with no jitter every
miss or bypass crossed the interconnect in (8-byte request serialisation + icnt.lat) and
back in (reply serialisation + icnt.lat) cycles; every L2 read hit took l2.lat; every packet waited l2.rop before the slice and every L2
read miss dram.lat before the DRAM buffer. The
per-kernel and per-SM sums agree. No stage of a class (per kernel, per SM, in all) holds
more cycles than all line requests took, nor more than its requests x the run's cycles
(a stage that went below zero wraps to near 2^64 in the model's unsigned sums, and the
wrapped sums can still add up modulo 2^64). With a prefetch source (l1_prefetches_issued)
the prefetches are L1 misses that no load waits on: the miss requests are the L1's misses
less the prefetches, and the L2 hits and misses not in the breakdown are prefetches (at
most that many; the rest merged in the L2). Prints one line per failure; exit 1 if any.
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
    # sanity: no stage beyond the total (an underflowed stage is a huge unsigned number)
    rows = [("kernel " + r["kernel"], r) for r in b["kernels"]] + [("sm %d" % r["sm"], r) for r in b["sms"]]
    rows.append(("all", {k: {"requests": ns[k], "cycles": ts[k]} for k in classes}))
    for where, r in rows:
        for k in classes:
            n = r[k]["requests"]
            for s, v in zip(b["stages"], r[k]["cycles"]):
                if v < 0 or v > b["line_request_cycles"] or v > n * c["cycles"]:
                    errs.append("%s: %s stage %s has %d cycles (line requests took %d, %d requests x %d cycles)"
                                % (where, k, s, v, b["line_request_cycles"], n, c["cycles"]))
    pf = c.get("l1_prefetches_issued", 0)
    # an application's atomics go past the L1 as bypasses do (docs/workloads.md): their
    # line requests are in the bypass class, counted apart by the front end
    atom = d.get("frontend", {}).get("atomics", 0)
    for k, ctr, less in (("hit", "l1_hits", 0), ("pending_hit", "l1_hit_pending", 0), ("miss", "l1_misses", pf),
                         ("bypass", "l1_bypasses", -atom)):
        if ns[k] != c[ctr] - less:
            errs.append("%s requests %d, L1 counter %s %d%s" % (k, ns[k], ctr, c[ctr],
                                                                 " less %d prefetches" % less if less > 0 else
                                                                 " plus %d atomics" % -less if less < 0 else ""))
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
    l2rop = ts["miss"][st["l2_rop"]] + ts["bypass"][st["l2_rop"]]
    if l2rop != net * cfg["l2.rop"]:
        errs.append("l2_rop: %d cycles for %d requests, not %d each" % (l2rop, net, cfg["l2.rop"]))
    # the L2 reads of loads: every L2 hit and miss, but those of prefetches (pf_hit, pf_miss)
    pf_left = {}
    for s, key, ctr in (("l2_hit", "l2.lat", "l2_hits"), ("dram_lat", "dram.lat", "l2_misses")):
        got, per = ts["miss"][st[s]] + ts["bypass"][st[s]], cfg[key]
        if per == 0:
            if got:
                errs.append("%s: %d cycles, not 0 (%s 0)" % (s, got, key))
            continue
        if got % per or not 0 <= c[ctr] - got // per <= pf:
            errs.append("%s: %d cycles, not %s %d%s x %d" % (s, got, ctr, c[ctr],
                                                            " less at most %d prefetches" % pf if pf else "", per))
        else:
            pf_left[s] = c[ctr] - got // per
    if sum(pf_left.values()) > pf:
        errs.append("%d L2 hits and %d L2 misses not in the breakdown, more than %d prefetches"
                    % (pf_left.get("l2_hit", 0), pf_left.get("dram_lat", 0), pf))
    for k in ("hit", "pending_hit"):
        far = sum(ts[k][st[s]] for s in b["stages"][st["miss_queue"]:])
        if far:
            errs.append("%s requests have %d cycles past the L1" % (k, far))
    return ["%s: %s" % (path, e) for e in errs]


def main():
    if any(a in ("-h", "--help") for a in sys.argv[1:]):
        print(__doc__.strip())
        return 0
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
