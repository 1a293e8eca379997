/*
 * gpu_cfg.h: configuration of the GPU memory model.
 *
 * Every parameter has a dotted name (`l1.assoc`), a range and a one-line meaning in
 * one table (gpu_cfg.c); presets, `--set key=value`, validation, the JSON echo and
 * `--help` all walk that table. Each block kind of the block list (cmodel/blocks.def)
 * that has a GPU hook adds `<kind>=on|off`, `<kind>.preset=NAME` and
 * `<kind>.<Param>=value` (any parameter of the kind's table, blk_param.h), kept per kind
 * in blk[] by the kind's position in the list; no block is named here.
 */
#ifndef GPU_CFG_H
#define GPU_CFG_H

#include <stddef.h>
#include <stdio.h>

enum gpu_sched { GPU_SCHED_LRR = 0, GPU_SCHED_GTO = 1 };
enum gpu_sap_move { GPU_SAP_MOVE_ACCEPT = 0, GPU_SAP_MOVE_PREFETCH = 1, GPU_SAP_MOVE_NONE = 2 };
enum gpu_dl1d_follow { GPU_DL1D_FOLLOW_DUEL = 0, GPU_DL1D_FOLLOW_DECOUPLED = 1, GPU_DL1D_FOLLOW_BASELINE = 2 };

#define GPU_MAX_KINDS 32 /* block kinds in the block list */

/* One block kind's settings (blk_kind_at(i) is blk[i]). */
typedef struct gpu_kind_cfg {
    unsigned on;         /* an instance at every SM (DRAM: channel) */
    char preset[24];     /* the kind's preset ("" until set: its first preset) */
    char sets[256];      /* "Key=Val,..." over the preset */
} gpu_kind_cfg;

typedef struct gpu_cfg {
    /* SMs and warp scheduling */
    unsigned sms, warps, blocks, threads, schedulers, sched, core_mhz;
    unsigned regs, smem, smem_lat, smem_banks; /* thread-block limits; shared memory */
    /* policy switches in the blocks' GPU glue (docs/gpu-model.md "Policy switches"):
     * when SAP's targets move to the head of LAWS's order (sap_gpu.c), and what the
     * dl1d follower SMs run under SM dueling (dl1d_gpu.c) */
    unsigned sap_move, dl1d_follow;
    /* traces (gk_trace.h): cycles of each latency class, GT_INT .. GT_EXIT */
    unsigned trace_lat[10];
    /* L1 data cache of each SM */
    unsigned l1_size, l1_assoc, l1_line, l1_lat, l1_mshr, l1_merge, l1_missq;
    /* interconnect (each direction) */
    unsigned icnt_lat, icnt_bw, icnt_jitter;
    /* L2 slices */
    unsigned l2_slices, l2_size, l2_assoc, l2_lat, l2_mshr, l2_merge, l2_queue, l2_rop;
    /* DRAM channels (timing in DRAM command-clock cycles) */
    unsigned dram_channels, dram_banks, dram_row, dram_queue, dram_burst, dram_mhz, dram_lat;
    unsigned dram_accept;
    unsigned series;         /* GPU cycles between samples of the blocks' series counters (0 none) */    /* requests entering a channel's buffer per DRAM cycle, 0 no limit */
    unsigned tCL, tRP, tRCD, tRAS, tRC, tCCD, tRRD, tWR;
    /* blocks at the hook points (gpu_hooks.h) */
    gpu_kind_cfg blk[GPU_MAX_KINDS];
    /* run control */
    unsigned gate;     /* blocks may skip exact idle cycles (C bindings only) */
    unsigned watchdog; /* cycles without progress before the run is declared stuck; 0 auto */
    unsigned long long max_cycles;
    unsigned skip;     /* event skipping (gpu_run): 0 off, 1 on, 2 on with a deliberate
                          fault (tests: gpusim --skip-fault); not in the JSON */
    char name[16];     /* preset the configuration started from */
} gpu_cfg;

/* Preset names: base-s base-l apres dl1d choo clams. 0 ok. */
int gpu_cfg_preset(gpu_cfg *c, const char *name, char *err, size_t n);
/* sets of the L1 (for blocks that keep per-line state and check they match it) */
static inline unsigned gpu_cfg_l1_sets(const gpu_cfg *c) { return c->l1_size / (c->l1_line * c->l1_assoc); }
const char *gpu_cfg_preset_names(void);
/* key=value (one assignment): a parameter of the table, `<kind>=on|off`,
 * `<kind>.preset=NAME`, or `<kind>.<Param>=v` (checked against the kind's table, then
 * appended to blk[i].sets). 0 ok. */
int gpu_cfg_set(gpu_cfg *c, const char *assign, char *err, size_t n);
/* ranges and cross-field rules (powers of two, sets >= 1, ...), and each hooked kind's
 * configuration (preset + sets) builds. 0 ok. */
int gpu_cfg_validate(const gpu_cfg *c, char *err, size_t n);
/* The longest stretch without a progress event (a memory-system or SM event) a healthy
 * run can have under these latencies: one request's whole trip with every wait at its
 * worst (interconnect both ways with jitter and serialisation, rop, L2, dram latency, a
 * row miss after a write with every DRAM timing, converted to core cycles), plus a
 * margin for the blocks' own latencies. A watchdog below it is rejected. */
unsigned gpu_cfg_quiet_bound(const gpu_cfg *c);
/* the watchdog in effect: the set value, or (0, auto) 4 x the quiet bound + 10000 */
unsigned gpu_cfg_watchdog(const gpu_cfg *c);
/* "key": value pairs, one per line, JSON object members (no braces) */
void gpu_cfg_json(const gpu_cfg *c, FILE *f, const char *indent);
/* one line per parameter: name, range, meaning */
void gpu_cfg_help(FILE *f);
/* The kind's preset as configured (its first preset when none was set). */
const char *gpu_cfg_kind_preset(const gpu_cfg *c, unsigned kind);

#endif
