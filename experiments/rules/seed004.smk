# Seed 004 (CLAMS, SIGMETRICS 2016): its experiments on the `clams` preset (Table 3).
# The bars are the seed's Table 4 applications in its order, class A then class B
# (gpusim --list-apps "004:" classes); Ray Tracing (RAY, class A) is not modelled, so 10
# bars, not 11. Every speedup is over FR-FCFS on the same preset and application.
# Designs (docs/clams.md; the --set values `--dram-sched` expands to in
# cmodel/blocks/clams_pick/clams_pick_gpu.c, with `dram.accept=1` left to the preset):
#   FR-FCFS           the channel's own FR-FCFS, with the per-SM ranks on as observers only
#                     (the rank tags ride along and FR-FCFS ignores them: convsep at 0.03
#                     gives the same 90701 cycles with and without them); it gives PCC(1)
#   FR-FCFS-Cap-N     clams_pick Algo=cap, N = 2, 4, 6, 8, 12, 16 (sec. 7); Cap-Best is
#                     not a run but a measure: the best cap per application (gm_over_best)
#   Static-CLAMS      Th_CR 4, Th_SM 20% (sec. 7)
#   Semi-Dyn-CLAMS    Table 2, Th_SM 40%
#   Dyn-CLAMS         Table 2, Th_SM_init 40% (the final design)
# Deviations from the seed's setup are in each experiment's `setup`; docs/studies.md has
# the Table 3 comparison and the reasons for the scales.

# Per-application --scale. Measured on this 2-core machine (one gpusim alone, wall s),
# `--config clams`, Dyn-CLAMS unless said (the picker over 256 slots x 6 channels every
# DRAM cycle dominates; FR-FCFS runs are 2-10x faster, FR-FCFS-Cap about 2x faster):
#   lulesh       1: 53.3 s (771 K cycles); 0.6: 9.5 s but 10.6 warps/SM (not filled);
#                0.7: FR-FCFS 1.6 s, 291 K cycles, 13.2 warps/SM (filled) -> Dyn ~16 s
#   reduction    0.25: 2.4 s (FR-FCFS 0.5 s), 11.9 warps/SM (not filled);
#                0.3: FR-FCFS 0.6 s, 128 K cycles, 12.2 warps/SM (filled) -> Dyn ~3.5 s
#   scan         0.2: 8.1 s, 10.5 warps/SM (0.15: 9.4; scale 1 about 100x dearer)
#   laplace3d    1: 7.1 s, 7.4 warps/SM (100 blocks of 4 warps: the seed's LPS input; seed occ 11)
#   convsep      0.05: 15.3 s; 0.03: 3.3 s (FR-FCFS 1.9 s, Cap-4 3.9 s), 18 warps/SM
#   scalarprod   1: 11.0 s, 28.4 warps/SM (seed occ 30)
#   blackscholes 0.02: 11.5 s; 0.015: FR-FCFS 0.5 s, 81 K cycles, 15.9 warps/SM -> Dyn ~7 s
#   hotspot      1: 0.9 s, 22.8 warps/SM (seed occ 23)
#   cfd          0.02: 15.4 s, 1.7 warps/SM; 0.01: FR-FCFS 0.14 s, 232 K cycles -> Dyn ~7 s
#   gaussian     1: 43.1 s, 5.4 warps/SM; 0.25: FR-FCFS 0.03 s, 60 K cycles -> Dyn ~3 s
# Sum of one Dyn run per application ~ 66 s; the default set is 9 picker runs (fig10) + 6
# (Th_SM) + 3 (window) per application plus cheap FR-FCFS runs: ~1000 CPU-s estimated.
# At these scales reduction, scan, gaussian and cfd keep their data in the 768 KB L2 (DRAM
# bandwidth use under 3%): the DRAM scheduler can hardly act on them (docs/studies.md).
SCALES = {"lulesh": 0.7, "reduction": 0.3, "scan": 0.2, "laplace3d": 1.0, "convsep": 0.03,
          "scalarprod": 1.0, "blackscholes": 0.015, "hotspot": 1.0, "cfd": 0.01, "gaussian": 0.25}

APPS = ["lulesh", "reduction", "scan", "laplace3d", "convsep",            # class A (RAY not modelled)
        "scalarprod", "blackscholes", "hotspot", "cfd", "gaussian"]       # class B
ABBR = {"lulesh": "LUH", "reduction": "RED", "scan": "SCAN", "laplace3d": "LPS", "convsep": "CONS",
        "scalarprod": "SCP", "blackscholes": "BLK", "hotspot": "HS", "cfd": "CFD", "gaussian": "GAUSS"}
PAIRS = [("clams", a) for a in APPS]
CAPS = (2, 4, 6, 8, 12, 16)  # sec. 7: "Evaluated choices for cap values are 2, 4, 6, 8, 12 and 16"
CAP_LABELS = [f"FR-FCFS-Cap-{n}" for n in CAPS]

FRFCFS = {"clams_rank": "on"}  # ranks observe (PCC(1)); the DRAM order is the channel's FR-FCFS


def cap(n):
    return {"clams_pick": "on", "clams_pick.Algo": "cap", "clams_pick.Cap": n}


def clams(scheme=None, **mc):
    d = {"clams_rank": "on", "clams_mc": "on", "clams_pick": "on"}
    if scheme:
        d["clams_mc.Scheme"] = scheme
    d.update({f"clams_mc.{k}": v for k, v in mc.items()})
    return d


STATIC = clams("static", ThCR=4, ThSM=20)
SEMI = clams("semi")   # Th_SM 40%
DYN = clams()          # Th_SM_init 40%
MAIN = dict({"FR-FCFS": FRFCFS}, **{lab: cap(n) for lab, n in zip(CAP_LABELS, CAPS)},
            **{"Static-CLAMS": STATIC, "Semi-Dyn-CLAMS": SEMI, "Dyn-CLAMS": DYN})

COMMON_SETUP = (
    "clams preset (Table 3: 32 SMs, GTO, 6 channels x 8 banks, 256-entry buffers, 924 MHz DRAM; "
    "differences from Table 3 in docs/studies.md); Ray Tracing not modelled (10 of the 11 applications); "
    "whole applications at reduced inputs (--scale: lulesh 0.7, reduction 0.3, scan 0.2, convsep 0.03, "
    "blackscholes 0.015, cfd 0.01, gaussian 0.25, the rest 1), not the seed's full inputs nor its "
    "500 M-instruction cut for LUH, CONS and CFD; at these inputs reduction, scan, gaussian and cfd "
    "fit in the L2 and barely use DRAM; laplace3d, scan, gaussian, cfd do not fill the GPU")

gexp.experiment(
    "fig10_schedulers", seed="004", where="sec. 7, Figure 10, Figure 11, Table 4",
    title="FR-FCFS-Cap, Static-, Semi-Dyn- and Dyn-CLAMS over FR-FCFS",
    setup=COMMON_SETUP + "; FR-FCFS-Cap-Best is the best of the six caps per application, taken from the "
          "six runs (a measure, not a run); Static-CLAMS-Best is the separate stretch experiment static_best; "
          "Table 4's Th_CR / Th_SM are averages over every controller's window updates (idle windows included), "
          "%-cri is a fraction (0.46 = 46%); latency of critical requests is their DRAM-buffer wait "
          "(the seed's Figure 11b latency is not given in detail); FR-FCFS has no critical requests to compare",
    designs=MAIN, pairs=PAIRS, baseline="FR-FCFS", scales=SCALES,
    plot={"seed_gm": {"clams": {"Static-CLAMS": 1.03, "Semi-Dyn-CLAMS": 1.05, "Dyn-CLAMS": 1.09}}},
    seed_columns=[
        {"name": "occ (warps/SM, FR-FCFS)", "design": "FR-FCFS", "counter": "residency.mean_warps_per_sm",
         "seed": {"lulesh": 18, "reduction": 15, "scan": 14, "laplace3d": 11, "convsep": 15, "scalarprod": 30,
                  "blackscholes": 32, "hotspot": 23, "cfd": 45, "gaussian": 8}, "fmt": 1},
        {"name": "avg Th_CR (Semi-Dyn)", "design": "Semi-Dyn-CLAMS", "counter": "clams_mc_thcr_sum/clams_mc_updates",
         "seed": {"lulesh": 4, "reduction": 1, "scan": 4, "laplace3d": 4, "convsep": 5, "scalarprod": 1,
                  "blackscholes": 2, "hotspot": 6, "cfd": 2, "gaussian": 6}, "fmt": 2},
        {"name": "avg Th_SM % (Dyn)", "design": "Dyn-CLAMS", "counter": "clams_mc_thsm_sum/clams_mc_updates",
         "seed": {"lulesh": 13, "reduction": 16, "scan": 16, "laplace3d": 23, "convsep": 21, "scalarprod": 10,
                  "blackscholes": 8, "hotspot": 17, "cfd": 4, "gaussian": 6}, "fmt": 1},
        {"name": "%-cri as a fraction (Dyn)", "design": "Dyn-CLAMS",
         "counter": "clams_pick_crit_in_crit_mode/clams_pick_crit_cols",
         "seed": {"lulesh": 0.46, "reduction": 0.38, "scan": 0.42, "laplace3d": 0.32, "convsep": 0.45,
                  "scalarprod": 0.66, "blackscholes": 0.70, "hotspot": 0.17, "cfd": 0.10, "gaussian": 0.02}, "fmt": 2},
    ])

# The same runs with one class per application (the seed's abbreviation), so that claims
# on one application's number can select its bar (cls="RED"); no run of its own.
gexp.experiment(
    "fig10_per_app", seed="004", where="sec. 7, Figures 10 and 11 (per-application numbers in the text)",
    title="Figure 10's runs, one class per application",
    setup=COMMON_SETUP + "; the runs of fig10_schedulers, grouped by application",
    designs=MAIN, pairs=PAIRS, baseline="FR-FCFS", scales=SCALES, classes=ABBR)

THSM = (20, 40, 60, 80)  # sec. 7 sensitivity: 20% to 80%; 40% (the default) shares fig10's runs
SENS = dict({"FR-FCFS": FRFCFS},
            **{f"Semi-Dyn Th_SM {t}%": clams("semi", ThSM=t) for t in THSM},
            **{f"Dyn Th_SM_init {t}%": clams(ThSM=t) for t in THSM})
gexp.experiment(
    "thsm_sensitivity", seed="004", where="sec. 7, Brief Summary of Sensitivity Studies; sec. 5.4",
    title="Semi-Dyn-CLAMS's Th_SM and Dyn-CLAMS's Th_SM_init: 20, 40, 60, 80%",
    setup=COMMON_SETUP + "; the seed does not list the values it swept beyond 20% and 40-60%; we run 20, 40, "
          "60 and 80% (the values its sec. 5.3 and Figures 12-13 use); one class per application",
    designs=SENS, pairs=PAIRS, baseline="FR-FCFS", scales=SCALES, classes=ABBR)

WINDOWS = ((256, 8), (512, 9), (1024, 10), (2048, 11))  # (cycles, bits of a window counter: the seed's 9 for 512)
gexp.experiment(
    "window_sensitivity", seed="004", where="sec. 5.4, footnote 8",
    title="Dyn-CLAMS's PCR window: 256, 512, 1024, 2048 DRAM cycles",
    setup=COMMON_SETUP + "; Dyn-CLAMS (footnote 8 speaks of the PCR(k) window all the dynamic schemes use); "
          "the window counters widened with the window as the seed's 9 bits for 512 cycles",
    designs=dict({"FR-FCFS": FRFCFS},
                 **{f"Dyn-CLAMS, {w}-cycle window": (DYN if w == 512 else clams(Window=w, WinBits=b))
                    for w, b in WINDOWS}),
    pairs=PAIRS, baseline="FR-FCFS", scales=SCALES)

gexp.experiment(
    "fig4_bandwidth", seed="004", where="sec. 2 Figure 1, sec. 3.2 Figure 4",
    title="FR-FCFS at 1x, 2x and 4x the peak DRAM bandwidth: PCC(1)",
    setup=COMMON_SETUP + "; FR-FCFS with the ranks observing; 2xB halves the data burst (4 -> 2 DRAM cycles "
          "a line), 4xB makes it 1 cycle with tCCD 1, other timings unchanged (the seed does not say how it "
          "scaled bandwidth); PCC(1) is the share of SM-cycles at rank 1 (every cycle, not sampled every 1 K); "
          "the COV of per-core latency and IPC (Figure 1) has no measure yet",
    designs={"1xB": FRFCFS, "2xB": dict(FRFCFS, **{"dram.burst": 2}),
             "4xB": dict(FRFCFS, **{"dram.burst": 1, "dram.tCCD": 1})},
    pairs=PAIRS, baseline="1xB", scales=SCALES)

# Stretch (EXP=static_best): Static-CLAMS at every (Th_CR, Th_SM) of sec. 7's pool of 42,
# Th_CR 1-7 x Th_SM 0-100% in steps of 20%; Static-CLAMS-Best is the best per application
# (gm_over_best). About 42 Dyn-sized runs per application: ~2800 CPU-s at these scales.
STATIC_GRID = {f"Static {c}/{s}%": clams("static", ThCR=c, ThSM=s) for c in range(1, 8) for s in range(0, 101, 20)}
gexp.experiment(
    "static_best", seed="004", where="sec. 7 (Static-CLAMS-Best), Figure 10",
    title="Static-CLAMS at all 42 threshold pairs, Dyn-CLAMS against the best per application",
    setup=COMMON_SETUP + "; Static 4/20% is fig10's Static-CLAMS (shared run)",
    designs=dict({"FR-FCFS": FRFCFS, "Dyn-CLAMS": DYN}, **STATIC_GRID),
    pairs=PAIRS, baseline="FR-FCFS", scales=SCALES)


# Mechanism (issue [seed-studies]): is CLAMS idle because the DRAM is? Seven of the ten
# applications keep the DRAM data bus under 45% busy at these inputs (four under 1%), and
# Dyn-CLAMS then settles on Th_CR near 8 (every rank critical: no distinction) and Th_SM
# near 0 (locality mode: FR-FCFS's order). The same schedulers with the DRAM slowed 4x
# (dram.mhz 231) make the DRAM the bottleneck: if Dyn-CLAMS then gains over FR-FCFS on
# that machine, its small gain here is the idle DRAM; if not, it is the ranks' spread.
SLOW = {"dram.mhz": 231}
gexp.experiment(
    "s004_mech_dram", seed="004", where="mechanism: CLAMS with the DRAM the bottleneck",
    title="FR-FCFS, Cap-4 and Dyn-CLAMS on the seed's machine and with the DRAM 4x slower",
    setup=COMMON_SETUP + "; 'slow DRAM': dram.mhz 231 (a quarter of 924); every bar over FR-FCFS on the seed's "
          "machine (compare Dyn-CLAMS, slow DRAM with FR-FCFS, slow DRAM for CLAMS's own gain there)",
    designs={"FR-FCFS": FRFCFS, "FR-FCFS-Cap-4": cap(4), "Dyn-CLAMS": DYN,
             "FR-FCFS, slow DRAM": dict(FRFCFS, **SLOW), "FR-FCFS-Cap-4, slow DRAM": dict(cap(4), **SLOW),
             "Dyn-CLAMS, slow DRAM": dict(DYN, **SLOW)},
    pairs=PAIRS, baseline="FR-FCFS", scales=SCALES,
    seed_columns=[
        {"name": "DRAM bus", "design": "FR-FCFS", "counter": "dram_bandwidth_use", "seed": {}, "fmt": 3},
        {"name": "DRAM bus", "design": "FR-FCFS, slow DRAM", "counter": "dram_bandwidth_use", "seed": {}, "fmt": 3},
        {"name": "avg Th_CR", "design": "Dyn-CLAMS", "counter": "clams_mc_thcr_sum/clams_mc_updates", "seed": {}, "fmt": 2},
        {"name": "avg Th_CR", "design": "Dyn-CLAMS, slow DRAM", "counter": "clams_mc_thcr_sum/clams_mc_updates",
         "seed": {}, "fmt": 2},
        {"name": "%-cri", "design": "Dyn-CLAMS, slow DRAM", "counter": "clams_pick_crit_in_crit_mode/clams_pick_crit_cols",
         "seed": {}, "fmt": 2},
        {"name": "crit. wait / other wait", "design": "Dyn-CLAMS, slow DRAM",
         "counter": "(clams_pick_crit_wait/clams_pick_crit_cols)/(clams_pick_other_wait/clams_pick_other_cols)",
         "seed": {}, "fmt": 2},
    ])

# [timing] (docs/timing.md): the pipelined form's cost in the GPU, IPC against the single-cycle form
# on the seed's own machine and applications.
gexp.experiment(
    "s004_timing_pipe", seed="004", where="issue [timing]: the pipelined CLAMS picker and controller (docs/timing/clams_pick.md, clams_mc.md)",
    title="Dyn-CLAMS with its picker (Pipe=4: the pick 4 DRAM cycles after its view), its controller (Pipe=1: modes 3 cycles late) or both pipelined",
    setup=COMMON_SETUP + "; a pick whose slot is no longer a candidate for the same command issues nothing that cycle",
    designs={"Dyn-CLAMS": DYN, "Dyn-CLAMS, picker pipelined": dict(DYN, **{"clams_pick.Pipe": 4}),
             "Dyn-CLAMS, controller pipelined": dict(DYN, **{"clams_mc.Pipe": 1}),
             "Dyn-CLAMS, both pipelined": dict(DYN, **{"clams_pick.Pipe": 4, "clams_mc.Pipe": 1})},
    pairs=PAIRS, baseline="Dyn-CLAMS", scales=SCALES)

gexp.experiment(
    "s004_timing_pipe_rank", seed="004", where="issue [timing]: the pipelined CLAMS rank (docs/timing/clams_rank.md)",
    title="Dyn-CLAMS with its per-core rank pipelined: the comparators a cycle after the epoch's end (rank 1 cycle late), "
          "or the seed's divider as a 16-step restoring divider (rank 17 cycles late)",
    setup=COMMON_SETUP,
    designs={"Dyn-CLAMS": DYN, "Dyn-CLAMS, rank pipelined": dict(DYN, **{"clams_rank.Pipe": 1}),
             "Dyn-CLAMS, rank pipelined (divide)": dict(DYN, **{"clams_rank.Pipe": 1, "clams_rank.Form": "divide"})},
    pairs=PAIRS, baseline="Dyn-CLAMS", scales=SCALES)

DEFAULT_SET["004"] = ["fig10_schedulers", "fig10_per_app", "thsm_sensitivity", "window_sensitivity", "fig4_bandwidth",
                    "s004_mech_dram", "s004_timing_pipe",
                    "s004_timing_pipe_rank"]
