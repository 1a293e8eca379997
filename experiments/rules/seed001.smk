# Seed 001 (APRES, Oh et al., ISCA 2016): the experiments of sec. V (Figures 10-14) and the
# abstract's memory-intensive figure, on the `apres` preset (Table III). The bars are the
# seed's Table IV applications that the model has (14 of 15: MUMmerGPU is not modelled), in
# the table's order, each with the class Table IV gives it (gpusim --list-apps, "001:...").
# Designs: the seed's baseline (LRR, no prefetching: Table III "Baseline"), LAWS alone and
# APRES (LAWS + SAP), as gpusim --sched lrr | laws | apres sets them. CCWS, STR, CCWS+STR,
# LAWS+STR, PA, MASCAR and SLD are not modelled; energy (Figure 15) is not modelled. The
# claims file lists what each of those would have been, as not measured.
# All experiments below use the same three runs per application, so the default set costs
# 14 x 3 = 42 gpusim runs (docs/studies.md has the timings).

# Per-application --scale. Chosen from one timing run each of the slowest design (APRES:
# LAWS and SAP are called every cycle, so the model cannot skip idle cycles; APRES took 2x
# the baseline's time on srad, 7x on kmeans), on `--config apres --set core.mhz=700` (the
# preset's clock), one gpusim at a time on the shared 2-core host,
# wall seconds (/usr/bin/time); base-s seconds at scale 1 are docs/workloads.md's table.
#   bfs           APRES 12.1 s at 0.08 (filled, 25.5 warps/SM)    -> 0.1   (~15 s)
#   nw            APRES 19.6 s at 0.75 (never filled: one 16-thread block per tile) -> 0.75
#   spmv          APRES 11.4 s at 0.05 (never filled: 1-warp blocks, 8 blocks/SM) -> 0.1 (~23 s)
#   kmeans        APRES 63 s at 0.03 (NOT filled: 10.4 warps/SM); baseline 8.6 s at 0.04,
#                 filled (16.3 warps/SM) -> 0.04 (APRES and LAWS ~85 s each: the one
#                 application over 30 s a run; below ~0.035 its grid no longer fills the GPU)
#   lud           APRES 9.4 s at 1 (not filled: 9.8 warps/SM; base-s 12.9) -> 1, the suite's input
#   srad          baseline 4.0 s, APRES 8.1 s at 0.5 (filled) -> 0.8 (side 816, ~20 s)
#   particlefilter APRES 0.6 s at 1 (not filled: 8 blocks); 18.2 s at 8 and still not
#                 filled (8.2 warps/SM) -> 1, the suite's input
#   histo         APRES 29.6 s at 0.4 (filled, 22.1 warps/SM) -> 0.3 (~17 s)
#   backprop      base-s 1.9 s at 1 -> 1;  hotspot base-s 0.8 s -> 1;  scalarprod APRES ~1 s -> 1
#   pathfinder    APRES 5.9 s at 1 (filled) -> 1
#   convsep       APRES 16.2 s at 0.1 (filled) -> 0.1
#   stencil       APRES 12.1 s at 0.06 (filled, 13.7 warps/SM) -> 0.08 (~21 s)
# Estimated total: about 240 s of APRES runs, about as much of LAWS, about 100 s of
# baseline: ~600 CPU-seconds for the default set.
S001_SCALES = {
    "bfs": 0.1, "nw": 0.75, "spmv": 0.1, "kmeans": 0.04,
    "lud": 1.0, "srad": 0.8, "particlefilter": 1.0, "histo": 0.3, "backprop": 1.0,
    "pathfinder": 1.0, "convsep": 0.1, "stencil": 0.08, "hotspot": 1.0, "scalarprod": 1.0,
}

# Table IV's order: cache-sensitive (MUMmerGPU not modelled), cache-insensitive, compute-intensive
S001_SENSITIVE = ["bfs", "nw", "spmv", "kmeans"]
S001_INSENSITIVE = ["lud", "srad", "particlefilter", "histo", "backprop"]
S001_COMPUTE = ["pathfinder", "convsep", "stencil", "hotspot", "scalarprod"]
S001_APPS = S001_SENSITIVE + S001_INSENSITIVE + S001_COMPUTE
S001_ALL = [("apres", w) for w in S001_APPS]
S001_MEMINT = [("apres", w) for w in S001_SENSITIVE + S001_INSENSITIVE]

S001_BASE = {}                                  # the preset: LRR, laws off, sap off (Table III "Baseline")
S001_LAWS = {"laws": "on"}                      # gpusim --sched laws
S001_APRES = {"laws": "on", "sap": "on"}        # gpusim --sched apres (Table III "APRES: LAWS+SAP")
S001_DESIGNS = {"Baseline": S001_BASE, "LAWS": S001_LAWS, "APRES": S001_APRES}

S001_COMMON = (
    "apres preset (Table III: 15 SMs, 48 warps, 2 LRR schedulers, 32 KB 8-way L1 with 64 MSHRs, "
    "6 x 128 KB 8-way L2 with 200-cycle latency, 6 DRAM channels at 924 MHz); LAWS and SAP at "
    "Table II's sizes (3 WGT entries, 10 PT entries). 14 of Table IV's 15 applications: MUMmerGPU "
    "is not modelled. Inputs reduced per application to fit the time budget: "
    + ", ".join(f"{w} x{S001_SCALES[w]:g}" for w in S001_APPS)
    + " (x1 is the suite's input; the seed does not state its inputs). Not filling the GPU: nw "
    "and spmv at any scale (16-thread blocks per tile; one-warp blocks, 8 per SM), lud and "
    "particlefilter at the suite's input (x8 particles still does not). Core 700 MHz (GPGPU-Sim's "
    "GTX480 core clock; Table III's 1.4 GHz is the shader clock); not Table III's 440-cycle DRAM "
    "latency (dram.lat 0: the model's DRAM buffer counts requests in the latency pipe, which at 440 "
    "cycles caps DRAM bandwidth; docs/deviations.md G2); "
    "deviations of LAWS and SAP: docs/deviations.md A1-A15.")

gexp.experiment(
    "s001_fig10_ipc", seed="001", where="sec. V-B, Figure 10",
    title="IPC of LAWS and APRES over the LRR baseline",
    setup=S001_COMMON + " The seed's CCWS, CCWS+STR and LAWS+STR bars are not modelled "
          "(no CCWS or stride-prefetcher hardware here).",
    designs=S001_DESIGNS, pairs=S001_ALL, baseline="Baseline", scales=S001_SCALES,
    plot={"seed_gm": {"apres": {"LAWS": 1.14, "APRES": 1.242}}})

gexp.experiment(
    "s001_memint", seed="001", where="abstract and sec. I (memory-intensive applications)",
    title="APRES over the baseline on the memory-intensive applications",
    setup=S001_COMMON + " Bars: Table IV's memory-intensive applications (cache-sensitive and "
          "cache-insensitive: 9 of its 10, MUMmerGPU not modelled); the seed's 31.7% is the "
          "geometric mean of its 44.0% (cache-sensitive) and 20.4% (cache-insensitive).",
    designs={"Baseline": S001_BASE, "APRES": S001_APRES}, pairs=S001_MEMINT, baseline="Baseline",
    scales=S001_SCALES, plot={"seed_gm": {"apres": {"APRES": 1.317}}})

gexp.experiment(
    "s001_fig11_l1", seed="001", where="sec. V-C, Figure 11",
    title="L1 data cache hits and misses",
    setup=S001_COMMON + " Hit-after-hit / hit-after-miss and cold / capacity-and-conflict "
          "misses have no counter in the model: the table gives hit and pending-hit rates "
          "(over all L1 reads, SAP's prefetch reads included). Under APRES, l1_misses counts "
          "SAP's prefetch misses too; demand misses are l1_misses - l1_prefetches_issued. "
          "CCWS and CCWS+STR are not modelled.",
    designs=S001_DESIGNS, pairs=S001_ALL, baseline="Baseline", scales=S001_SCALES,
    seed_columns=[
        # Table I: KM and HISTO execute one static load (100% of loads), L1 miss rate 0.99 / 1.0
        {"name": "hit rate, Baseline", "design": "Baseline", "counter": "l1_hit_rate",
         "seed": {"kmeans": 0.01, "histo": 0.0}, "fmt": 3},
        {"name": "hit rate, LAWS", "design": "LAWS", "counter": "l1_hit_rate", "seed": {}, "fmt": 3},
        {"name": "hit rate, APRES", "design": "APRES", "counter": "l1_hit_rate", "seed": {}, "fmt": 3},
        {"name": "pending-hit rate, APRES", "design": "APRES", "counter": "l1_pending_hit_rate", "seed": {}, "fmt": 3},
        {"name": "prefetch misses / L1 misses, APRES", "design": "APRES",
         "counter": "l1_prefetches_issued/l1_misses", "seed": {}, "fmt": 3},
    ])

gexp.experiment(
    "s001_fig12_early_eviction", seed="001", where="sec. V-D, Figure 12",
    title="Early eviction ratio of APRES's prefetches",
    setup=S001_COMMON + " Early-eviction ratio as the seed defines it (sec. III-C): correctly "
          "predicted prefetched lines evicted before their demand read, over all correctly "
          "predicted ones (l1_prefetch_early_eviction_ratio; 0 where SAP issued no useful "
          "prefetch). The seed's CCWS+STR bars are not modelled.",
    designs={"Baseline": S001_BASE, "APRES": S001_APRES}, pairs=S001_ALL, baseline="Baseline",
    scales=S001_SCALES,
    seed_columns=[
        {"name": "early-eviction ratio, APRES", "design": "APRES", "counter": "l1_prefetch_early_eviction_ratio",
         "seed": {"bfs": 0.059}, "fmt": 3},
        {"name": "prefetch accuracy, APRES", "design": "APRES", "counter": "l1_prefetch_accuracy", "seed": {}, "fmt": 3},
        {"name": "prefetches issued, APRES", "design": "APRES", "counter": "l1_prefetches_issued", "seed": {}, "fmt": 0},
    ])

gexp.experiment(
    "s001_fig13_latency", seed="001", where="sec. V-E, Figure 13",
    title="Average memory latency",
    setup=S001_COMMON + " Memory latency is avg_load_latency: per global load instruction, "
          "issue to its last line returned (hits included); the seed's measure is not defined "
          "further (GPGPU-Sim's is per memory request below the L1). LAWS is added to tell "
          "SAP's share (the seed's remark on PA, CS and SP); CCWS+STR is not modelled.",
    designs=S001_DESIGNS, pairs=S001_ALL, baseline="Baseline", scales=S001_SCALES,
    seed_columns=[
        {"name": "load latency, Baseline", "design": "Baseline", "counter": "avg_load_latency", "seed": {}, "fmt": 0},
        {"name": "load latency, LAWS", "design": "LAWS", "counter": "avg_load_latency", "seed": {}, "fmt": 0},
        {"name": "load latency, APRES", "design": "APRES", "counter": "avg_load_latency", "seed": {}, "fmt": 0},
    ])

gexp.experiment(
    "s001_fig14_traffic", seed="001", where="sec. V-E, Figure 14",
    title="Data traffic from memory to the SMs",
    setup=S001_COMMON + " Traffic is the read replies the L2 sends to the SMs (l2_hits + "
          "l2_misses + l2_merges: one 128-byte line each, SAP's prefetches included); "
          "DRAM reads are shown beside. CCWS+STR is not modelled.",
    designs={"Baseline": S001_BASE, "APRES": S001_APRES}, pairs=S001_ALL, baseline="Baseline",
    scales=S001_SCALES,
    seed_columns=[
        {"name": "DRAM reads, Baseline", "design": "Baseline", "counter": "dram_reads", "seed": {}, "fmt": 0},
        {"name": "DRAM reads, APRES", "design": "APRES", "counter": "dram_reads", "seed": {}, "fmt": 0},
    ])

# The per-application numbers of sec. V's text (BFS, KM, SRAD, SPMV, CS, SP, PA, BP): the
# same runs, each application its own class so that a claim can select one bar (cls=name).
gexp.experiment(
    "s001_per_app", seed="001", where="sec. V-B to V-E (per-application numbers in the text)",
    title="Per-application speedups, misses, early evictions, latency and traffic",
    setup=S001_COMMON + " Each bar is its own class (the claims on one application select it).",
    designs=S001_DESIGNS, pairs=S001_ALL, baseline="Baseline", scales=S001_SCALES,
    classes={w: w for w in S001_APPS},
    seed_columns=[
        {"name": "early-eviction ratio, APRES", "design": "APRES", "counter": "l1_prefetch_early_eviction_ratio",
         "seed": {"bfs": 0.059}, "fmt": 3},
        {"name": "hit rate, Baseline", "design": "Baseline", "counter": "l1_hit_rate",
         "seed": {"kmeans": 0.01, "histo": 0.0}, "fmt": 3},
    ])

# Mechanisms (issue [seed-studies]): what makes APRES differ from LAWS, tested by switching
# its parts. core.sap_move (a switch of the GPU glue, not of the blocks): `accept` (the
# model's APRES, docs/deviations.md A12) moves every target warp of a group SAP accepts to
# the head of LAWS's order; `prefetch` moves a target only when its prefetch is sent;
# `none` never moves them (SAP's prefetches alone, on LAWS's own order).
S001_MECH = dict(S001_DESIGNS, **{
    "APRES, move on prefetch": dict(S001_APRES, **{"core.sap_move": "prefetch"}),
    "APRES, prefetch only": dict(S001_APRES, **{"core.sap_move": "none"})})
gexp.experiment(
    "s001_mech_sap_move", seed="001", where="mechanism: APRES against LAWS (sec. IV-C's coordination)",
    title="APRES's target moves against its prefetches: move on accept, on prefetch, or never",
    setup=S001_COMMON + " APRES as the model builds it moves SAP's whole warp queue to the head when SAP "
          "accepts a group (A12); 'move on prefetch' moves each target only when its prefetch is sent; "
          "'prefetch only' keeps LAWS's order (core.sap_move=none). The table gives, with APRES, the share "
          "of target warps whose prefetch was ever sent (the rest were replaced by the next group first), "
          "the prefetches that took an L1 line against the demand misses, and the L1 misses against LAWS's.",
    designs=S001_MECH, pairs=S001_ALL, baseline="Baseline", scales=S001_SCALES,
    seed_columns=[
        {"name": "targets prefetched / targets", "design": "APRES",
         "counter": "sap_targets_prefetched/sap_targets", "seed": {}, "fmt": 3},
        {"name": "prefetch allocations / demand misses", "design": "APRES",
         "counter": "sap_prefetches_allocated/(l1_misses-l1_prefetches_issued)", "seed": {}, "fmt": 4},
        {"name": "target moves per warp instruction", "design": "APRES",
         "counter": "laws_target_moves/warp_instructions", "seed": {}, "fmt": 4},
        {"name": "L1 demand misses, APRES", "design": "APRES",
         "counter": "l1_misses-l1_prefetches_issued", "seed": {}, "fmt": 0},
        {"name": "L1 misses, LAWS", "design": "LAWS", "counter": "l1_misses", "seed": {}, "fmt": 0},
    ],
    timelines=[("apres", "bfs", "LAWS"), ("apres", "bfs", "APRES")])

# Mechanism: is LAWS held back by the memory system's throughput? The same designs on a
# machine with that throughput relieved (4x interconnect bandwidth per port, DRAM at 3 GHz,
# a 32-entry miss queue, 64-entry L2 input queues): if LAWS's gain over the baseline stays
# what it is on the seed's machine, the limit is the locality LAWS finds, not the throughput.
S001_RELIEF = {"icnt.bw": 256, "dram.mhz": 3000, "l1.missq": 32, "l2.queue": 64}
gexp.experiment(
    "s001_mech_relieved", seed="001", where="mechanism: LAWS and APRES with the memory system's throughput relieved",
    title="LAWS and APRES on the seed's machine and on one with 4x interconnect, 3 GHz DRAM, deeper queues",
    setup=S001_COMMON + " 'relieved': icnt.bw 256, dram.mhz 3000, l1.missq 32, l2.queue 64; every bar over the "
          "seed machine's baseline (compare LAWS, relieved with Baseline, relieved for LAWS's own gain there).",
    designs=dict(S001_DESIGNS, **{f"{k}, relieved": dict(v, **S001_RELIEF) for k, v in S001_DESIGNS.items()}),
    pairs=S001_ALL, baseline="Baseline", scales=S001_SCALES,
    seed_columns=[
        {"name": "L1 hit rate, Baseline, relieved", "design": "Baseline, relieved", "counter": "l1_hit_rate", "seed": {}, "fmt": 3},
        {"name": "L1 hit rate, LAWS, relieved", "design": "LAWS, relieved", "counter": "l1_hit_rate", "seed": {}, "fmt": 3},
        {"name": "DRAM bus, Baseline", "design": "Baseline", "counter": "dram_bandwidth_use", "seed": {}, "fmt": 3},
        {"name": "DRAM bus, Baseline, relieved", "design": "Baseline, relieved", "counter": "dram_bandwidth_use", "seed": {}, "fmt": 3},
    ])

# [timing] (docs/timing.md): the pipelined form's cost in the GPU, IPC against the single-cycle form
# on the seed's own machine and applications.
gexp.experiment(
    "s001_timing_pipe", seed="001", where="issue [timing]: the pipelined LAWS and SAP (docs/timing/laws.md, sap.md)",
    title="APRES with LAWS, SAP or both in their pipelined forms (Pipe=1) against the single-cycle forms",
    setup=S001_COMMON + " LAWS Pipe=1: a group forms and the order moves one cycle after the issue; SAP Pipe=1: "
          "the stride check 2 cycles after the load, the first prefetch 6 cycles after it (was 1).",
    designs={"APRES": S001_APRES, "APRES, LAWS pipelined": dict(S001_APRES, **{"laws.Pipe": 1}),
             "APRES, SAP pipelined": dict(S001_APRES, **{"sap.Pipe": 1}),
             "APRES, both pipelined": dict(S001_APRES, **{"laws.Pipe": 1, "sap.Pipe": 1})},
    pairs=S001_ALL, baseline="APRES", scales=S001_SCALES)

DEFAULT_SET["001"] = [n for n in gexp.EXPERIMENTS if gexp.EXPERIMENTS[n]["seed"] == "001"]
