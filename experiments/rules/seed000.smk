# Seed 000 (MRPB, HPCA 2014): its experiments, as sec. 5 runs them.
# Every sweep changes one dimension of Table 4 from the setting its section states; the
# bars are the 12 PolyBench kernels on Base-S plus syr2k and syrk on Base-L (the seed's
# figures 8-13 show those 14), every speedup over Base (no MRPB) on the same preset.
# Our deviations from the seed's setups are in each experiment's `setup` text and in
# docs/deviations.md (E1-E4).

S12 = [("base-s", k) for k in gexp.KERNELS]
L12 = [("base-l", k) for k in gexp.KERNELS]
SWEEP = S12 + [("base-l", "syr2k"), ("base-l", "syrk")]
FINAL = {"mrpb": "on"}  # the final design: mrpb's parameter defaults are Table 4's bold values
# sec. 5.1-5.2: fixed order, unlimited queues (32 entries, the most a warp instruction's
# requests need), 3-cycle latency, no bypass, no flush
UNLIMITED = dict(FINAL, **{"mrpb.Depth": 32, "mrpb.Latency": 3, "mrpb.Bypass": "off", "mrpb.Flush": "off"})


def mrpb(base, **kv):
    return dict(base, **{f"mrpb.{k}": v for k, v in kv.items()})


gexp.experiment(
    "fig14_final", seed="000", where="sec. 5.5, Figure 14",
    title="The final MRPB against Base-S and Base-L on all 12 PolyBench kernels",
    setup="Table 4's bold values: warp-id signature (48 queues), non-greedy fixed order, flush on, "
          "8 entries, 5-cycle latency, bypass on associativity stalls",
    designs={"Base": {}, "MRPB": FINAL}, pairs=S12 + L12,
    plot={"seed_gm": {"base-s": 2.65, "base-l": 2.23}, "seed_max": 17.2})

gexp.experiment(
    "fig8_signature", seed="000", where="sec. 5.1, Figure 8", title="Queue signature",
    setup="fixed order, unlimited queues (32 entries), 3-cycle latency, no bypass, flush off",
    designs={"Base": {}, "block ID": mrpb(UNLIMITED, NumQ=8, Sig="block"),
             "in-block warp ID": mrpb(UNLIMITED, NumQ=32, Sig="inblk"), "warp ID": UNLIMITED},
    pairs=SWEEP)

gexp.experiment(
    "fig9_drain", seed="000", where="sec. 5.2, Figure 9", title="Drain policy",
    setup="warp-id signature, unlimited queues (32 entries), no flush, 3-cycle latency, no bypass",
    designs={"Base": {}, "fixed": UNLIMITED, "greedy fixed": mrpb(UNLIMITED, Greedy="on"),
             "longest": mrpb(UNLIMITED, Drain="longest"),
             "greedy longest": mrpb(UNLIMITED, Drain="longest", Greedy="on"),
             "round-robin": mrpb(UNLIMITED, Drain="rr"), "greedy round-robin": mrpb(UNLIMITED, Drain="rr", Greedy="on")},
    pairs=SWEEP)

DEPTHS = (4, 8, 16, 32)  # Table 4: 4-32 entries per queue
gexp.experiment(
    "fig10_depth_noflush", seed="000", where="sec. 5.3, Figure 10", title="Entries per queue, flush off",
    setup="warp-id signature, fixed order, flush off, 3-cycle latency, no bypass",
    designs=dict({"Base": {}}, **{f"{d} entries": mrpb(UNLIMITED, Depth=d) for d in DEPTHS}),
    pairs=SWEEP)

gexp.experiment(
    "fig11_depth_flush", seed="000", where="sec. 5.3, Figure 11", title="Entries per queue, flush on",
    setup="as Figure 10 with the flush option on (entries hold reads only)",
    designs=dict({"Base": {}}, **{f"{d} entries": mrpb(UNLIMITED, Depth=d, Flush="on") for d in DEPTHS}),
    pairs=SWEEP)

LATENCIES = (3, 5, 9, 13, 18)  # Table 4: 3-18 cycles, 5 chosen
gexp.experiment(
    "fig12_latency", seed="000", where="sec. 5.3, Figure 12", title="Enqueue-to-dequeue latency",
    setup="8 entries, flush on, warp-id signature, fixed order, no bypass",
    designs=dict({"Base": {}}, **{f"{n} cycles": mrpb(UNLIMITED, Depth=8, Flush="on", Latency=n) for n in LATENCIES}),
    pairs=SWEEP)

gexp.experiment(
    "fig13_bypass", seed="000", where="sec. 5.4, Figure 13", title="Bypass option",
    setup="bypass off / on all stalls / on associativity stalls with the final design's reordering "
          "(the seed runs this without reordering, a one-slot buffer; our MRPB has no one-queue "
          "signature: docs/deviations.md E2)",
    designs={"Base": {}, "no bypass": mrpb(FINAL, Bypass="off"), "bypass-on-all-stalls": mrpb(FINAL, Bypass="all"),
             "bypass-on-assoc-stalls": FINAL},
    pairs=SWEEP)

gexp.experiment(
    "drain_x_bypass", seed="000", where="Table 4 (drain policy x bypass option)",
    title="Drain policy with and without bypass",
    setup="the final design with each of the 6 drain policies, bypass off and on associativity stalls",
    designs=dict({"Base": {}},
                 **{f"{pn}, {bn}": mrpb(FINAL, Drain=d, Greedy=g, Bypass=b)
                    for pn, d, g in (("fixed", "fixed", "off"), ("greedy fixed", "fixed", "on"),
                                     ("longest", "longest", "off"), ("greedy longest", "longest", "on"),
                                     ("rr", "rr", "off"), ("greedy rr", "rr", "on"))
                    for bn, b in (("no bypass", "off"), ("bypass", "assoc"))}),
    pairs=SWEEP, plot={"interaction": {"x": ["fixed", "greedy fixed", "longest", "greedy longest", "rr", "greedy rr"],
                                       "series": ["no bypass", "bypass"], "label": "{x}, {s}"}})

gexp.experiment(
    "fig16_sched", seed="000", where="sec. 5.7, Figure 16", title="MRPB over the LRR and GTO warp schedulers",
    setup="Base-S with loose round-robin (LRR, the seed's RR) or greedy-then-oldest, without and with the final MRPB; "
          "CCWS-SWL is not modelled",
    designs={"Base": {}, "MRPB": FINAL, "GTO": {"core.sched": "gto"}, "GTO + MRPB": dict(FINAL, **{"core.sched": "gto"})},
    pairs=S12)

gexp.experiment(
    "cache_alternatives", seed="000", where="sec. 5.8 and 6", title="MRPB against a 64-way L1 and a 20 KB 5-way L1",
    setup="Base-S; a 16 KB 64-way L1 (1-cycle hit, as every L1 here), a 20 KB 5-way L1, and the final MRPB",
    designs={"Base": {}, "MRPB": FINAL, "64-way L1": {"l1.assoc": 64}, "20 KB 5-way L1": {"l1.size": 20480, "l1.assoc": 5}},
    pairs=S12, plot={"seed_gm": {"base-s": {"20 KB 5-way L1": 1.2}}})

# the stretch: Table 4's four discrete dimensions in full (3 x 6 x 2 x 3 = 108 designs) at depth 8 and
# latency 5, on the 12 kernels at a reduced scale; not in the default set (EXP=factorial)
FACTORIAL = {"Base": {}}
for _sn, _sig in (("warp", dict(Sig="warp")), ("block", dict(NumQ=8, Sig="block")), ("inblk", dict(NumQ=32, Sig="inblk"))):
    for _pn, _d, _g in (("fixed", "fixed", "off"), ("gfixed", "fixed", "on"), ("longest", "longest", "off"),
                        ("glongest", "longest", "on"), ("rr", "rr", "off"), ("grr", "rr", "on")):
        for _fl in ("on", "off"):
            for _by in ("off", "all", "assoc"):
                FACTORIAL[f"{_sn}/{_pn}/flush {_fl}/bypass {_by}"] = mrpb(FINAL, Drain=_d, Greedy=_g, Flush=_fl, Bypass=_by, **_sig)
gexp.experiment(
    "factorial", seed="000", where="Table 4 (full factorial of the discrete options)",
    title="Full factorial: signature x drain x flush x bypass, at 0.1 x the seed's inputs",
    setup="8 entries, 5-cycle latency; Base-S, 12 kernels, scale 0.1",
    designs=FACTORIAL, pairs=S12, scale=0.1, plot={"factorial": True})

# [timing] (docs/timing.md): the pipelined form's cost in the GPU, IPC against the single-cycle form
# on the seed's own machine and applications.
gexp.experiment(
    "s000_timing_pipe", seed="000", where="issue [timing]: the pipelined MRPB (docs/timing/mrpb.md)",
    title="The final MRPB with its pipelined drain (Pipe=1) against the single-cycle form",
    setup="Table 4's final MRPB; Pipe=1 registers the drain's pick, the array read address and the write port, "
          "inside the 5-cycle latency (Latency - 4 delay stages), so an uncontended request is offered at the same cycle",
    designs={"MRPB": FINAL, "MRPB, pipelined": mrpb(FINAL, Pipe=1)}, pairs=S12, baseline="MRPB")

DEFAULT_SET["000"] = [n for n in gexp.EXPERIMENTS if gexp.EXPERIMENTS[n]["seed"] == "000" and n != "factorial"]
