# Seed 002 (Chao Li's thesis, chapter 4: the decoupled L1D with SM dueling): its experiments.
# Every bar runs on `--config dl1d` (Table 4.2's GPU; the differences from Table 4.2 are in
# docs/studies.md) with the seed's chapter-4 applications the model has: those with a
# "002:" class in `gpusim --list-apps`, laplace3d excepted (its 002 class is chapter 2).
# Not modelled: Barnes-Hut, Leukocyte, FFT, Myocyte, Heartwall, MM (no warp programs), and
# the schemes Profiled-BYPASS, PDP-best, RRIP and the two-level scheduler.
# Table 4.1 classes: CNF particlefilter (PTF), lud, hotspot (HS), nw, sssp; CI gaussian (GS),
# cfd, pathfinder (PF); CF backprop (BP), btree (BT). srad1 runs both of the seed's SRAD
# kernels (SD1 CF, SD2 CNF) in one application, so it gets its own class "CF+CNF" and is in
# no class mean.

# Per-workload --scale. Seconds are wall time of one gpusim run on `--config dl1d` (baseline
# L1 unless noted) on this 2-core machine shared with other jobs, measured for this file:
#   particlefilter 1: 0.1 s, not filled (8 blocks; at 6 it is 9.2 s and still not filled:
#                     most launches are 1-block kernels), so the seed's input stays
#   lud 1: 10.3 s, filled            hotspot 1: 0.4 s, filled
#   nw 0.5: 1.3-3.2 s (n = 1024), never filled (one 16-thread block per diagonal tile);
#           scale 1 is 21 s on base-s (docs/workloads.md) and nw is in 25 runs
#   sssp 0.044: 10.8 s, filled (13.4 warps/SM); 0.02: 4.2 s not filled; 0.058: 34.4 s (DL1D)
#   srad1 0.3: 11.4 s (DL1D), filled (scale 1 is 128 s on base-s)
#   gaussian 1: 2.6 s, not filled at any size (Fan1 is one block)
#   cfd 0.02: 1.5 s, not filled (filled from ~0.08, about 80 s a run; iterations scale too)
#   pathfinder 1: 5.6-14.6 s, filled     backprop 1: 2.2 s     btree 1: 3.4 s, both filled
# Runs: 11 apps x 6 designs (fig4_8_cnf + fig4_9_cf_ci; the helper experiments reuse them)
# + 5 CNF apps x 19 sweep designs = 161 runs: per design the 11 apps take ~61 s and the 5 CNF
# apps ~25 s, so about 6 x 61 + 19 x 25 = 840 s by these (loaded-machine) timings.
SCALES = {"particlefilter": 1.0, "lud": 1.0, "hotspot": 1.0, "nw": 0.5, "sssp": 0.044,
          "srad1": 0.3, "gaussian": 1.0, "cfd": 0.02, "pathfinder": 1.0, "backprop": 1.0, "btree": 1.0}

P = "dl1d"
CNF = ["particlefilter", "lud", "hotspot", "nw", "sssp"]  # Table 4.1 order (PTF, LUD, HS, NW, SSSP)
CF_CI = ["backprop", "btree", "gaussian", "cfd", "pathfinder", "srad1"]
APPS = CNF + CF_CI
MIXED = {"srad1": "CF+CNF"}
SCALES_OF = lambda apps: {a: SCALES[a] for a in apps}

DL1D = {"dl1d": "on"}                                   # Table 4.3: 32 x 8 tags, 32 x 4 lines, threshold 2, dueling
NODUEL = {"dl1d": "on", "dl1d.Duel": "off"}             # every SM decoupled
# BALL (every access bypasses the L1): no such switch in the model; the decoupled L1D with
# an 8-bit RC and threshold 255, no dueling, caches a line only after 255 references to one
# tag entry without aging, so (checked on hotspot: 0 hits, every read bypassed) it bypasses all
BALL = {"dl1d": "on", "dl1d.Duel": "off", "dl1d.RcBits": 8, "dl1d.Threshold": 255}
MRPB = {"mrpb": "on"}                                   # seed 000's final MRPB (bypass on associativity stalls)
MRPB_ALL = {"mrpb": "on", "mrpb.Bypass": "all"}         # bypass on every stall, as sec. 4.6.1 describes MRPB

MAIN = {"BL": {}, "BALL": BALL, "MRPB": MRPB, "MRPB bypass-all": MRPB_ALL, "DL1D": DL1D, "DL1D no dueling": NODUEL}
MAIN_SETUP = ("--config dl1d (Table 4.2, 15 SMs, GTO, 16 KB 4-way L1); BL the plain L1; DL1D Table 4.3 "
              "(256 tags 32 x 8, 128 lines 32 x 4, threshold 2, SM dueling every 500 cycles, 10 points); "
              "BALL approximated by the decoupled L1D with threshold 255 (8-bit RC) and no dueling, which "
              "bypasses every read; MRPB seed 000's final design (bypass on associativity stalls; "
              "'MRPB bypass-all' bypasses on every stall, as sec. 4.6.1 words it); a bypass still needs the L1 "
              "to accept the read (docs/deviations.md D14); dueling counts a bypass as a miss (D11); "
              "Profiled-BYPASS and PDP-best are not modelled; BH, LFK, FFT, MYC, HT, MM are not modelled")

gexp.experiment(
    "fig4_8_cnf", seed="002", where="sec. 4.6.1, Figure 4.8 (and Table 4.1's CNF rows)",
    title="Bypassing schemes on the cache-unfriendly (CNF) applications",
    setup=MAIN_SETUP + "; CNF apps of Table 4.1 except BH (not modelled) and SD2 (inside srad1); "
          "nw at 0.5 x and sssp at 0.044 x the seed's inputs",
    designs=MAIN, pairs=[(P, a) for a in CNF], baseline="BL", scales=SCALES_OF(CNF),
    plot={"seed_gm": {P: {"DL1D": 1.303, "MRPB": 1.192}}, "seed_max": 1.568})

gexp.experiment(
    "fig4_9_cf_ci", seed="002", where="sec. 4.6.1(b), Figure 4.9 (and Table 4.1's CF and CI rows)",
    title="Bypassing schemes on the cache-friendly (CF) and cache-insensitive (CI) applications",
    setup=MAIN_SETUP + "; CF: backprop, btree (HT, MM not modelled); CI: gaussian, cfd, pathfinder (LFK, FFT, "
          "MYC not modelled); srad1 (SD1 CF and SD2 CNF in one app) its own class; cfd at 0.02 x (not filled), "
          "srad1 at 0.3 x the seed's inputs",
    designs=MAIN, pairs=[(P, a) for a in CF_CI], baseline="BL", scales=SCALES_OF(CF_CI),
    classes=dict(MIXED))

# the same runs, each application its own class, so that claims can name one application
gexp.experiment(
    "per_app", seed="002", where="sec. 4.3.2, 4.6.1(c), 4.6.5 (per-application numbers)",
    title="Per-application numbers of chapter 4 (each application its own class)",
    setup=MAIN_SETUP + "; the runs of fig4_8_cnf and fig4_9_cf_ci; hit rate = l1_hit_rate (hits on filled "
          "lines / reads the L1 accepted, bypassed reads counted, hit-pending not a hit, writes not counted: "
          "the seed's LUD 36.8% counts write hits, 62.8% of its hits)",
    designs={"BL": {}, "BALL": BALL, "MRPB": MRPB, "DL1D": DL1D}, pairs=[(P, a) for a in APPS],
    baseline="BL", scales=SCALES_OF(APPS), classes={a: a for a in APPS},
    seed_columns=[
        {"name": "BL L1 hit rate", "design": "BL", "counter": "l1_hit_rate",
         "seed": {"nw": 0.01, "hotspot": 0.01, "lud": 0.368}, "fmt": 3},
        {"name": "DL1D L1 hit rate", "design": "DL1D", "counter": "l1_hit_rate",
         "seed": {"nw": 0.01, "hotspot": 0.01}, "fmt": 3},
        {"name": "DL1D reads bypassed", "design": "DL1D", "counter": "l1_bypasses/dl1d_reads", "seed": {}, "fmt": 3},
        {"name": "DL1D dueling switches", "design": "DL1D", "counter": "dl1d_duel_switches", "seed": {}, "fmt": 0},
        {"name": "DL1D reads served as baseline", "design": "DL1D", "counter": "dl1d_reads_as_baseline/dl1d_reads",
         "seed": {}, "fmt": 3},
    ])

gexp.experiment(
    "fig4_8_over_mrpb", seed="002", where="sec. 4.6.1(a), Figure 4.8 (DL1D against MRPB)",
    title="The decoupled L1D over MRPB",
    setup=MAIN_SETUP + "; the runs of fig4_8_cnf and fig4_9_cf_ci, speedups over MRPB",
    designs={"MRPB": MRPB, "DL1D": DL1D, "DL1D no dueling": NODUEL}, pairs=[(P, a) for a in APPS],
    baseline="MRPB", scales=SCALES_OF(APPS), classes=dict(MIXED))

gexp.experiment(
    "fig4_10_traffic", seed="002", where="sec. 4.6.1(f), Figure 4.10b-c",
    title="L2 and DRAM traffic against the decoupled L1D's",
    setup=MAIN_SETUP + "; the runs of fig4_8_cnf and fig4_9_cf_ci with DL1D as the baseline, so that a "
          "counter reduction below 0 means more traffic than DL1D; L2 accesses = l2_hits + l2_misses + "
          "l2_merges + l2_writes, DRAM traffic = l2_misses (the instruction counts are equal across designs, "
          "so per-kilo-instruction rates compare as these counts)",
    designs={"DL1D": DL1D, "BL": {}, "BALL": BALL, "MRPB": MRPB}, pairs=[(P, a) for a in APPS],
    baseline="DL1D", scales=SCALES_OF(APPS), classes=dict(MIXED))

gexp.experiment(
    "fig4_2_contention", seed="002", where="sec. 4.3.1, Figure 4.2",
    title="L1 and L2 associativity and capacity on the baseline (CNF)",
    setup="--config dl1d baseline L1; a 16 KB fully associative L1 (128 ways), a 128 KB L1 (64 sets x 16 ways), "
          "an 8x L2 (1 MB 64-way slices, 6 MB); the seed's exact sizes are in its figure only",
    designs={"BL": {}, "L1 16 KB full assoc": {"l1.assoc": 128},
             "L1 128 KB": {"l1.size": 131072, "l1.assoc": 16},
             "L2 6 MB 64-way": {"l2.size": 1048576, "l2.assoc": 64}},
    pairs=[(P, a) for a in CNF], baseline="BL", scales=SCALES_OF(CNF))

SWEEP_SETUP = ("every SM decoupled (dueling off, so that the parameter is what changes; the seed's CNF apps "
               "run the decoupled design under dueling), Table 4.3 otherwise; speedups over the baseline L1")
TAGS = {6: "192", 8: "256", 12: "384", 16: "512"}
gexp.experiment(
    "fig4_13ab_tag", seed="002", where="sec. 4.6.2, Figure 4.13a-b",
    title="Tag-store entries and associativity",
    setup=SWEEP_SETUP + "; the tag store keeps the data store's 32 sets (the model ties them), so entries "
          "and tag ways change together: 6, 8, 12, 16 ways = 192, 256, 384, 512 entries (the seed's Figure "
          "4.13a is fully associative, 4.13b varies ways; a fully associative tag store is not modelled)",
    designs=dict({"BL": {}}, **{f"{n} entries ({w}-way)": dict(NODUEL, **{"dl1d.TagWays": w}) for w, n in TAGS.items()}),
    pairs=[(P, a) for a in CNF], baseline="BL", scales=SCALES_OF(CNF))

THRESHOLDS = (1, 2, 3, 4, 8)
gexp.experiment(
    "fig4_13c_threshold", seed="002", where="sec. 4.6.2, Figure 4.13c",
    title="Locality threshold",
    setup=SWEEP_SETUP + "; thresholds 1, 2, 3, 4, 8 (a new tag entry starts at RC 1, so threshold 1 acts as 2 "
          "until aging takes an entry to 0: docs/deviations.md D3); the seed normalizes to threshold 1",
    designs=dict({"BL": {}}, **{f"threshold {t}": dict(NODUEL, **{"dl1d.Threshold": t}) for t in THRESHOLDS}),
    pairs=[(P, a) for a in CNF], baseline="BL", scales=SCALES_OF(CNF))

L64 = {"dl1d.Sets": 64}
gexp.experiment(
    "fig4_14_l1size", seed="002", where="sec. 4.6.3, Figure 4.14",
    title="L1 capacity: baseline and decoupled L1D, over the 16 KB baseline",
    setup="baselines 32, 64, 128 KB as 64 sets x 4, 8, 16 ways; decoupled 32 KB = 64 sets x 4 lines with 8 tags, "
          "64 KB = 64 sets x 8 lines with 16 tags (twice the lines, as Table 4.3); a 128 KB decoupled L1D is "
          "not modelled (at most 64 sets and 8 data ways); with and without dueling",
    designs={"BL 16 KB": {}, "BL 32 KB": {"l1.size": 32768}, "BL 64 KB": {"l1.size": 65536, "l1.assoc": 8},
             "BL 128 KB": {"l1.size": 131072, "l1.assoc": 16},
             "DL1D 16 KB": DL1D, "DL1D 32 KB": dict(DL1D, **{"l1.size": 32768}, **L64),
             "DL1D 64 KB": dict(DL1D, **{"l1.size": 65536, "l1.assoc": 8, "dl1d.DataWays": 8, "dl1d.TagWays": 16}, **L64),
             "DL1D no dueling 16 KB": NODUEL, "DL1D no dueling 32 KB": dict(NODUEL, **{"l1.size": 32768}, **L64),
             "DL1D no dueling 64 KB": dict(NODUEL, **{"l1.size": 65536, "l1.assoc": 8, "dl1d.DataWays": 8,
                                                       "dl1d.TagWays": 16}, **L64)},
    pairs=[(P, a) for a in CNF], baseline="BL 16 KB", scales=SCALES_OF(CNF))

LRR = {"core.sched": "lrr"}
gexp.experiment(
    "fig4_15_sched", seed="002", where="sec. 4.6.4, Figure 4.15",
    title="Warp schedulers: GTO and LRR, without and with the decoupled L1D (over GTO)",
    setup="the seed's GTO (Table 4.2) and LRR; the two-level scheduler (2LEVEL) is not modelled",
    designs={"GTO": {}, "GTO + DL1D": DL1D, "GTO + DL1D no dueling": NODUEL,
             "LRR": LRR, "LRR + DL1D": dict(DL1D, **LRR), "LRR + DL1D no dueling": dict(NODUEL, **LRR)},
    pairs=[(P, a) for a in CNF], baseline="GTO", scales=SCALES_OF(CNF))


# Mechanism (issue [seed-studies]): what SM dueling does on these applications. The seed fixes
# SM 0 on the decoupled design and SM 1 on the baseline (the leaders); the followers take
# the comparator's choice. core.dl1d_follow (a switch of the GPU glue, not of the block)
# sends the followers always to the decoupled design or always to the baseline, leaders
# unchanged: if dueling's cycles stay when the followers are all decoupled, the cost is the
# baseline leader itself. The table gives each SM's last busy cycle: SM 1 (the baseline
# leader) and the mean over all SMs, as a share of the run's cycles.
gexp.experiment(
    "s002_mech_dueling", seed="002", where="mechanism: SM dueling (sec. 4.4.3)",
    title="SM dueling: followers by the comparator, always decoupled, always baseline; no dueling",
    setup=MAIN_SETUP + "; DL1D's followers switched with core.dl1d_follow",
    designs={"BL": {}, "DL1D": DL1D,
             "DL1D, followers decoupled": dict(DL1D, **{"core.dl1d_follow": "decoupled"}),
             "DL1D, followers baseline": dict(DL1D, **{"core.dl1d_follow": "baseline"}),
             "DL1D no dueling": NODUEL},
    pairs=[(P, a) for a in APPS], baseline="BL", scales=SCALES_OF(APPS), classes=dict(MIXED),
    seed_columns=[
        {"name": "followers' reads as baseline", "design": "DL1D",
         "counter": "(dl1d_reads_as_baseline-counters.per_sm.dl1d_reads_as_baseline.1)/(dl1d_reads-counters.per_sm.dl1d_reads.1)",
         "seed": {}, "fmt": 4},
        {"name": "SM 1 last busy / cycles", "design": "DL1D", "counter": "timeline.sm_last_active.1/cycles", "seed": {}, "fmt": 3},
        {"name": "mean SM last busy / cycles", "design": "DL1D", "counter": "mean(timeline.sm_last_active)/cycles",
         "seed": {}, "fmt": 3},
        {"name": "SM 1 last busy / cycles", "design": "DL1D no dueling", "counter": "timeline.sm_last_active.1/cycles",
         "seed": {}, "fmt": 3},
        {"name": "cycles", "design": "DL1D", "counter": "cycles", "seed": {}, "fmt": 0},
        {"name": "cycles", "design": "DL1D no dueling", "counter": "cycles", "seed": {}, "fmt": 0},
    ],
    timelines=[(P, "nw", "DL1D"), (P, "nw", "DL1D no dueling")])

# [timing] (docs/timing.md): the pipelined form's cost in the GPU, IPC against the single-cycle form
# on the seed's own machine and applications.
gexp.experiment(
    "s002_timing_pipe", seed="002", where="issue [timing]: the pipelined decoupled L1D (docs/timing/dl1d.md)",
    title="The decoupled L1D pipelined (Pipe=1: the decision a cycle later, added to every L1 access) against the single-cycle form",
    setup=MAIN_SETUP + "; Pipe=1 adds one cycle to every L1 access (hits return, misses leave a cycle later) and "
          "decides the dueling 16 cycles later",
    designs={"DL1D": DL1D, "DL1D, pipelined": dict(DL1D, **{"dl1d.Pipe": 1})},
    pairs=[(P, a) for a in APPS], baseline="DL1D", scales=SCALES_OF(APPS))

DEFAULT_SET["002"] = [n for n in gexp.EXPERIMENTS if gexp.EXPERIMENTS[n]["seed"] == "002"]
