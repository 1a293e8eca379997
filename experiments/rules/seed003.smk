# Seed 003 (Choo's thesis, 2016), chapters 4-6: contention-aware selective caching (ch. 4,
# block selcache), locality-aware selective caching with the reuse frequency table (ch. 5,
# block rft, --l1 lasc) and memory request scheduling (ch. 6, block memsched), each as its
# chapter's sec. X.5 evaluates it. Machine: --config choo (Tables 4.1, 5.1, 6.1, the same
# GTX480 configuration). Applications: each chapter's own table (4.2, 5.2, 6.2). Every
# speedup is IPC over Base (the plain 16 KB 4-way L1, GTO) on the same application.
# What is not modelled (BypassAll, IndXor, the TwoLevel scheduler, the seed's ready-warp
# count) and why: docs/studies.md and the claims marked not_measured.

# Per-workload --scale. Measured on this 2-core machine (shared), one gpusim run of
# Base on choo at that scale (seconds, GPU cycles, mean resident warps per SM of 48):
#   2dconv 0.25: 1.3 s, 189 K cycles, 18.9 (filled)     2mm 0.25: 0.4 s, 157 K, 21.0 (filled)
#   atax 0.25: 0.35 s, 2.61 M, 0.7 (4/15 SMs); with the memory request scheduler 2.5 s,
#     Depth 1 3.6 s (event skipping stops working). At scale 1: 22 s, 30.5 M cycles and
#     still 9/15 SMs, 2.8 warps: these column-strided kernels never fill the GPU at any
#     affordable size (one thread per row). bicg and mvt: as atax (docs/choo.md: same cycles).
#   gesummv 0.25: 0.13 s, 1.02 M, 0.3 (1/15 SMs); scale 1: 13 s, 4/15 SMs
#   syr2k 0.5: 0.5 s, 129 K, 3.1 (not filled; 0.25: 18 K cycles on 4 SMs)
#   syrk 0.5: 2.0 s, 826 K, 13.8 (filled; scale 1: 49 s)
#   backprop 0.5: scale 1 took 5.4 s (41.4 warps), half the input nodes halve the work
#   bfs 0.05: 2.3 s, 212 K, 22.2 (filled; scale 1 would be ~90 s)
#   btree 0.5: scale 1 took 7.8 s (38.3 warps); half the keys and queries
#   hotspot 1: 1.1 s, 67 K, 22.8 (filled)
#   lud 1: 9.3 s, 1.30 M, 13.8 (filled); with the memory request scheduler 12.2 s
#     (a smaller matrix has fewer blocks per launch and would not fill)
#   nw 0.25: 0.6 s, 484 K, 1.0 (never fills: one 16-thread block per tile of a diagonal)
#   srad1 0.2: 4.2 s, 1.43 M, 5.0 (not filled; 0.5 would cost ~26 s a run)
#   srad 0.25: 1.0 s, 113 K, 38.4 (filled)
# The default set below is 426 distinct runs; estimated ~1000 CPU-seconds in all
# (lud ~290 s of it, srad1 ~130 s, the four column-strided kernels ~140 s, most of that
# with the memory request scheduler).
SCALES003 = {
    "2dconv": 0.25, "2mm": 0.25, "atax": 0.25, "bicg": 0.25, "gesummv": 0.25, "mvt": 0.25,
    "syr2k": 0.5, "syrk": 0.5, "backprop": 0.5, "bfs": 0.05, "btree": 0.5, "hotspot": 1.0,
    "lud": 1.0, "nw": 0.25, "srad1": 0.2, "srad": 0.25,
}

# Table 4.2 / 5.2 / 6.2 (SRAD2 is our `srad`, srad_v2; BTREE is `btree`)
CH4 = ["2mm", "atax", "bicg", "gesummv", "mvt", "syr2k", "syrk", "hotspot", "lud", "nw", "srad1", "btree"]
CH5 = ["2dconv", "2mm", "atax", "bicg", "gesummv", "mvt", "syr2k", "syrk",
       "backprop", "bfs", "hotspot", "lud", "nw", "srad1", "srad"]
CH6 = ["2dconv", "2mm", "atax", "bicg", "gesummv", "mvt", "syr2k", "syrk",
       "backprop", "hotspot", "lud", "nw", "srad1", "srad"]

# The seed's own groupings. Ch. 4 (sec. 4.5.1, from Figure 3.4): "benchmarks that have severe
# coincident intra-warp contention such as atax, bicg, gesummv, mvt, syr2k, syrk" (IW) and
# "other benchmarks that do not suffer much from intra-warp contention" (other); chapter 6
# gives none and uses the same benchmarks, so it takes chapter 4's. Ch. 5 (sec. 5.5.1,
# Figure 5.6b): more than 99% of the no-reuse requests bypassed for "atax, bicg, gesummv,
# mvt, syr2k, syrk, bfs, hotspot, nw, and srad1" (no-reuse), less for "2dconv, 2mm,
# backprop, lud, and srad2" whose PCs mix no-reuse with reuse requests (mixed).
IW003 = {"atax", "bicg", "gesummv", "mvt", "syr2k", "syrk"}
MIXED003 = {"2dconv", "2mm", "backprop", "lud", "srad"}


def pairs003(apps):
    return [("choo", w) for w in apps]


def scales003(apps):
    return {w: SCALES003[w] for w in apps}


def cls_iw(apps):
    return {w: "IW" if w in IW003 else "other" for w in apps}


def cls_reuse(apps):
    return {w: "mixed" if w in MIXED003 else "no-reuse" for w in apps}


# ---- designs (one dict per design, so that experiments naming it share its runs)
LRR = {"core.sched": "lrr"}  # the seed's basic RoundRobin; GTO is choo's default
MRPB003 = {"mrpb": "on"}  # seed 000's final MRPB, the seed's [42]
# ch. 4: LocSelCaching = selcache's preset final (scheme c + locality degree, what
# `--selcache on` gives); IndSelCaching = preset index (`--locality-degree off`). The preset
# is named, not selcache.LocDeg=off: LocDeg=off equals the parameter table's default and
# would drop out of the design key, merging IndSelCaching's runs with LocSelCaching's.
LOCSEL = {"selcache": "on"}
INDSEL = {"selcache": "on", "selcache.preset": "index"}
# ch. 5: LASC1.0 = rft's final (the 1-bit OR form of sec. 5.3.3, `--l1 lasc`); the
# averaging form with thresholds 1.0, 1.5, 2.0 (Th2 in halves), 2-bit saturating line counters
LASC = {"rft": "on"}
LASC_AVG = {f"Th{t / 2:.1f}": {"rft": "on", "rft.Update": "avg", "rft.RBits": 2, "rft.Th2": t} for t in (2, 3, 4)}
LASC15 = LASC_AVG["Th1.5"]  # = preset avg15
LASC_SEL = dict(LASC, **LOCSEL)
# ch. 6: the final scheduler (48 slots x 32 deep, GroupedRR, 4 probe units), alone and with
# chapter 4's final selective caching (sec. 6.3.4)
MEMSCHED = {"memsched": "on"}
MEMSCHED_SEL = dict(MEMSCHED, **LOCSEL)


def ways(n, design=None):
    """a 16 KB L1 of n ways (16 KB / 128 B / n sets) and the L1 blocks of design sized to it"""
    d = {"l1.assoc": n}
    for k, v in (design or {}).items():
        d[k] = v
    for blk in ("selcache", "rft"):
        if (design or {}).get(blk) == "on":
            d[f"{blk}.Ways"] = n
            d[f"{blk}.Sets"] = 16384 // 128 // n
    return d


CHOO = ("--config choo (Tables 4.1/5.1/6.1: 15 SMs, 2 GTO schedulers, 16 KB 4-way L1, 6 x 128 KB "
        "16-way L2, FR-FCFS; preset differences in docs/studies.md); inputs scaled per workload "
        "(SCALES003: 2dconv, 2mm, atax, bicg, gesummv, mvt, nw, srad 0.25, syr2k, syrk, backprop, "
        "btree 0.5, bfs 0.05, srad1 0.2, hotspot, lud 1); not filling the GPU at these sizes: atax, "
        "bicg, mvt, gesummv, syr2k, nw, srad1")

# ---------------------------------------------------------------- chapter 4
gexp.experiment(
    "ch4_fig4_6", seed="003", where="sec. 4.5.1, Figure 4.6",
    title="Selective caching against a 32-way L1 and MRPB (IPC and L1D accesses)",
    setup=CHOO + "; Table 4.2's 12 applications; Assoc-32 = the same 16 KB L1 with 32 ways; "
          "IndSelCaching = scheme c with the cache index calculation, LocSelCaching = with the "
          "locality degree (the final design); MRPB = seed 000's final design. BypassAll and "
          "IndXor are not modelled (no bypass-every-load L1, no XOR index function)",
    designs={"Base": {}, "Assoc-32": {"l1.assoc": 32}, "IndSelCaching": INDSEL,
             "LocSelCaching": LOCSEL, "MRPB": MRPB003},
    pairs=pairs003(CH4), scales=scales003(CH4), classes=cls_iw(CH4),
    plot={"seed_gm": {"choo": {"LocSelCaching": 2.25}}})

gexp.experiment(
    "ch4_fig4_7", seed="003", where="sec. 4.5.2, Figure 4.7",
    title="Selective caching under the GTO and round-robin warp schedulers",
    setup=CHOO + "; Table 4.2's applications; LocSelCaching with GTO (choo's) and with loose "
          "round-robin (the seed's RoundRobin); every bar over Base with GTO, the RR improvement is "
          "LRR + LocSelCaching over LRR. The TwoLevel scheduler is not modelled",
    designs={"Base": {}, "LocSelCaching": LOCSEL, "LRR": LRR, "LRR + LocSelCaching": dict(LRR, **LOCSEL)},
    pairs=pairs003(CH4), scales=scales003(CH4), classes=cls_iw(CH4))

gexp.experiment(
    "ch4_fig4_8", seed="003", where="sec. 4.5.3, Figure 4.8",
    title="Selective caching with a 2-, 4- and 8-way 16 KB L1",
    setup=CHOO + "; Table 4.2's applications; 16 KB L1 with 2 ways (64 sets), 4 (32) or 8 (16), "
          "selective caching sized to it (selcache.Ways/Sets); each associativity's improvement "
          "is LocSelCaching over Base with the same L1 (our reading of 'IPC improvement for "
          "different associativities'), all bars over the 4-way Base",
    designs={"Base": {}, "LocSelCaching": LOCSEL, "2-way": ways(2), "2-way + LocSelCaching": ways(2, LOCSEL),
             "8-way": ways(8), "8-way + LocSelCaching": ways(8, LOCSEL)},
    pairs=pairs003(CH4), scales=scales003(CH4), classes=cls_iw(CH4))

# ---------------------------------------------------------------- chapter 5
gexp.experiment(
    "ch5_fig5_5", seed="003", where="sec. 5.3.2, Figure 5.5",
    title="LASC's caching threshold: 1.0, 1.5, 2.0 (averaging form)",
    setup=CHOO + "; Table 5.2's 15 applications; the reuse frequency table with the moving "
          "average (alpha 1/2) and 2-bit per-line counters, bypass when the PC's average <= the "
          "threshold; the seed does not list its thresholds beyond Th1.0 and Th1.5, Th2.0 is ours",
    designs=dict({"Base": {}}, **LASC_AVG),
    pairs=pairs003(CH5), scales=scales003(CH5), classes=cls_reuse(CH5))

gexp.experiment(
    "ch5_fig5_6", seed="003", where="sec. 5.5.1, Figure 5.6",
    title="LASC alone and with selective caching, against MRPB",
    setup=CHOO + "; Table 5.2's 15 applications; LASC1.0 = the 1-bit OR table (sec. 5.3.3, "
          "--l1 lasc), LASC1.5 = the averaging table with threshold 1.5, LASC1.0+SelCaching = with "
          "chapter 4's final selective caching at the same L1 hook; MRPB = seed 000's final design",
    designs={"Base": {}, "LASC1.0": LASC, "LASC1.5": LASC15, "LASC1.0+SelCaching": LASC_SEL, "MRPB": MRPB003},
    pairs=pairs003(CH5), scales=scales003(CH5), classes=cls_reuse(CH5),
    plot={"seed_gm": {"choo": {"LASC1.0": 1.39, "LASC1.0+SelCaching": 2.01}}})

gexp.experiment(
    "ch5_fig5_7", seed="003", where="sec. 5.5.2, Figure 5.7",
    title="LASC under the GTO and round-robin warp schedulers",
    setup=CHOO + "; Table 5.2's applications; LASC1.0 with GTO and with loose round-robin, "
          "the RR improvement is LRR + LASC1.0 over LRR. TwoLevel is not modelled",
    designs={"Base": {}, "LASC1.0": LASC, "LRR": LRR, "LRR + LASC1.0": dict(LRR, **LASC)},
    pairs=pairs003(CH5), scales=scales003(CH5), classes=cls_reuse(CH5))

gexp.experiment(
    "ch5_fig5_8", seed="003", where="sec. 5.5.3, Figure 5.8",
    title="LASC + selective caching with a 2-, 4- and 8-way 16 KB L1",
    setup=CHOO + "; Table 5.2's applications; LASC1.0+SelCaching (the chapter's best design: the "
          "seed's 1.63x at 8 ways exceeds LASC1.0's 1.39x at 4, so it cannot be LASC alone under the "
          "seed's own trend) with both blocks sized to the L1; each associativity's improvement is "
          "over Base with the same L1",
    designs={"Base": {}, "LASC1.0+SelCaching": LASC_SEL, "2-way": ways(2),
             "2-way + LASC1.0+SelCaching": ways(2, LASC_SEL), "8-way": ways(8),
             "8-way + LASC1.0+SelCaching": ways(8, LASC_SEL)},
    pairs=pairs003(CH5), scales=scales003(CH5), classes=cls_reuse(CH5))

# ---------------------------------------------------------------- chapter 6
gexp.experiment(
    "ch6_fig6_5a", seed="003", where="sec. 6.5.1, Figure 6.5a", title="Memory request queue depth",
    setup=CHOO + "; Table 6.2's 14 applications; GroupedRR with 4 probe units, 48 slots of 1, 32 or 64 requests",
    designs={"Base": {}, "Depth 1": dict(MEMSCHED, **{"memsched.Depth": 1}), "Depth 32": MEMSCHED,
             "Depth 64": dict(MEMSCHED, **{"memsched.Depth": 64})},
    pairs=pairs003(CH6), scales=scales003(CH6), classes=cls_iw(CH6))

gexp.experiment(
    "ch6_fig6_5b", seed="003", where="sec. 6.5.1, Figure 6.5b", title="Cache probe units",
    setup=CHOO + "; Table 6.2's applications; GroupedRR, 48 x 32 queue, 2, 3 or 4 probe units (K)",
    designs={"Base": {}, "K=2": dict(MEMSCHED, **{"memsched.K": 2}), "K=3": dict(MEMSCHED, **{"memsched.K": 3}),
             "K=4": MEMSCHED},
    pairs=pairs003(CH6), scales=scales003(CH6), classes=cls_iw(CH6))

gexp.experiment(
    "ch6_fig6_5c", seed="003", where="sec. 6.5.1, Figure 6.5c", title="Queue scheduling policy",
    setup=CHOO + "; Table 6.2's applications; 48 x 32 queue; Fixed and RoundRobin with one probe "
          "unit (the seed credits GroupedRR's lead to its multiple probe units), GroupedRR with 4",
    designs={"Base": {}, "Fixed": {"memsched": "on", "memsched.preset": "fixed"},
             "RoundRobin": {"memsched": "on", "memsched.preset": "rr"}, "GroupedRR": MEMSCHED},
    pairs=pairs003(CH6), scales=scales003(CH6), classes=cls_iw(CH6))

gexp.experiment(
    "ch6_fig6_6", seed="003", where="sec. 6.5.2, Figure 6.6",
    title="Memory request scheduling alone and with selective caching, against MRPB",
    setup=CHOO + "; Table 6.2's applications; MemSched = 48 x 32 queue, GroupedRR, 4 probe units; "
          "MemSched+SelCaching = with chapter 4's final selective caching behind it (it bypasses "
          "reads the L1 takes as misses, docs/deviations.md H4); MRPB = seed 000's final design",
    designs={"Base": {}, "MemSched": MEMSCHED, "MemSched+SelCaching": MEMSCHED_SEL, "MRPB": MRPB003},
    pairs=pairs003(CH6), scales=scales003(CH6), classes=cls_iw(CH6),
    plot={"seed_gm": {"choo": {"MemSched": 1.95, "MemSched+SelCaching": 2.06}}})

gexp.experiment(
    "ch6_fig6_7", seed="003", where="sec. 6.5.3, Figure 6.7",
    title="Memory request scheduling under the GTO and round-robin warp schedulers",
    setup=CHOO + "; Table 6.2's applications; MemSched with GTO and with loose round-robin, the RR "
          "improvement is LRR + MemSched over LRR. TwoLevel is not modelled",
    designs={"Base": {}, "MemSched": MEMSCHED, "LRR": LRR, "LRR + MemSched": dict(LRR, **MEMSCHED)},
    pairs=pairs003(CH6), scales=scales003(CH6), classes=cls_iw(CH6))

gexp.experiment(
    "ch6_fig6_8", seed="003", where="sec. 6.5.4, Figure 6.8",
    title="Memory request scheduling with a 2-, 4- and 8-way 16 KB L1",
    setup=CHOO + "; Table 6.2's applications; MemSched (the chapter's proposal) with a 16 KB L1 of "
          "2, 4 or 8 ways; each associativity's improvement is over Base with the same L1",
    designs={"Base": {}, "MemSched": MEMSCHED, "2-way": ways(2), "2-way + MemSched": ways(2, MEMSCHED),
             "8-way": ways(8), "8-way + MemSched": ways(8, MEMSCHED)},
    pairs=pairs003(CH6), scales=scales003(CH6), classes=cls_iw(CH6))


# Mechanism (issue [seed-studies]): why the combined designs do not beat MRPB on the seed's
# own applications (ch5.over_mrpb, ch6.over_mrpb). MRPB is reordering plus a bypass on
# associativity stalls; 'MRPB, no bypass' keeps the reordering alone, so the bars show
# which of the two carries MRPB's lead where it leads (syrk, syr2k: reordering; hotspot and
# the column-strided kernels: the bypass). The columns: each design's L1 hit rate, the
# share of reads LASC bypassed, and the L1's associativity refusals.
gexp.experiment(
    "s003_mech_mrpb", seed="003", where="mechanism: LASC + selective caching and MemSched + selective caching against MRPB",
    title="What MRPB has that the combined designs lack: its reordering, its bypass",
    setup=CHOO + "; chapter 6's applications and bfs (chapter 5's); 'MRPB, no bypass' is mrpb.Bypass=off",
    designs={"Base": {}, "MRPB": MRPB003, "MRPB, no bypass": dict(MRPB003, **{"mrpb.Bypass": "off"}),
             "LASC1.0+SelCaching": LASC_SEL, "MemSched+SelCaching": MEMSCHED_SEL},
    pairs=pairs003(CH5), scales=scales003(CH5), classes=cls_iw(CH5),
    seed_columns=[
        {"name": "L1 hit rate", "design": "Base", "counter": "l1_hit_rate", "seed": {}, "fmt": 3},
        {"name": "L1 hit rate", "design": "MRPB", "counter": "l1_hit_rate", "seed": {}, "fmt": 3},
        {"name": "L1 hit rate", "design": "LASC1.0+SelCaching", "counter": "l1_hit_rate", "seed": {}, "fmt": 3},
        {"name": "reads bypassed by LASC", "design": "LASC1.0+SelCaching", "counter": "rft_bypassed/rft_lookups",
         "seed": {}, "fmt": 3},
        {"name": "assoc. refusals", "design": "Base", "counter": "l1_fail_assoc", "seed": {}, "fmt": 0},
        {"name": "assoc. refusals", "design": "MRPB", "counter": "l1_fail_assoc", "seed": {}, "fmt": 0},
        {"name": "assoc. refusals", "design": "LASC1.0+SelCaching", "counter": "l1_fail_assoc", "seed": {}, "fmt": 0},
        {"name": "assoc. refusals", "design": "MemSched+SelCaching", "counter": "l1_fail_assoc", "seed": {}, "fmt": 0},
    ])

# [timing] (docs/timing.md): the pipelined form's cost in the GPU, IPC against the single-cycle form
# on the seed's own machine and applications.
gexp.experiment(
    "s003_timing_pipe_rft", seed="003", where="issue [timing]: the pipelined reuse frequency table (docs/timing/rft.md)",
    title="LASC with the reuse frequency table pipelined (Pipe=1: an eviction's update lands 2 cycles later)",
    setup=CHOO + "; Table 5.2's 15 applications",
    designs={"LASC": LASC, "LASC, pipelined": dict(LASC, **{"rft.Pipe": 1})}, baseline="LASC",
    pairs=pairs003(CH5), scales=scales003(CH5), classes=cls_reuse(CH5))

gexp.experiment(
    "s003_timing_pipe_memsched", seed="003", where="issue [timing]: the pipelined memory request scheduler (docs/timing/memsched.md)",
    title="The memory request scheduler with its candidate list found a cycle early (Pipe=1)",
    setup=CHOO + "; Table 6.2's 14 applications; a request is a candidate from 2 cycles after it is queued (was 1)",
    designs={"MemSched": MEMSCHED, "MemSched, pipelined": dict(MEMSCHED, **{"memsched.Pipe": 1})}, baseline="MemSched",
    pairs=pairs003(CH6), scales=scales003(CH6), classes=cls_iw(CH6))

DEFAULT_SET["003"] = [n for n in gexp.EXPERIMENTS if gexp.EXPERIMENTS[n]["seed"] == "003"]
