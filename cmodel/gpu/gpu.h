/*
 * gpu.h: the shared cycle-level GPU memory model (SPEC.md "Baselines",
 * ARCHITECTURE.md "The GPU memory model").
 *
 * SMs run the warps of a workload's launches (gpu_kernel.h); two warp schedulers per
 * SM (LRR or GTO) issue ALU, load, store and barrier instructions; a coalescer turns
 * a warp's 32 addresses into line requests that pass, one a cycle, through the block
 * at the REQ hook (when one is on) into the L1 (gpu_l1.h), whose misses travel over an
 * interconnect with latency and bandwidth to address-interleaved L2 slices and on to
 * DRAM channels (gpu_dram.h).
 *
 * Hardware blocks live at hook points (gpu_hooks.h), one driver per block kind of the
 * block list; they are reached only through blk_inst (cmodel/include/blk.h) and the
 * caller supplies the binder, so the same model runs each instance as c, rtl or
 * lockstep. The model's own code names no block.
 * Deterministic: the same configuration, workload and seed give the same counters.
 * No global state: several GPUs can live in one process.
 */
#ifndef GPU_H
#define GPU_H

#include <stdint.h>
#include <stdio.h>

#include "blk.h"
#include "gpu_cfg.h"
#include "gpu_hooks.h"
#include "gpu_kernel.h"

/* Bind the instance of block kind k at `index` (an SM, or a memory channel for the
 * DRAM hook) with configuration cfg into *bi; 0 ok. NULL binder: every instance c. */
typedef int (*gpu_bind_fn)(void *ctx, const blk_kind *k, unsigned index, blk_inst *bi,
                           const void *cfg, char *err, size_t n);

/* GPU_INPUT: the workload failed while running (a warp program, a malformed trace, a
 * launch that fits no SM); the message is on the log */
enum gpu_status { GPU_DONE = 0, GPU_MISMATCH = 1, GPU_DEADLOCK = 2, GPU_CYCLE_LIMIT = 3, GPU_INPUT = 4 };

gpu *gpu_create(const gpu_cfg *c, const gk_workload *w, uint64_t seed, gpu_bind_fn bind,
                void *ctx, char *err, size_t n);
/* Run to the end of the workload; deadlock and mismatch reports go to `log`. */
int gpu_run(gpu *g, FILE *log);
void gpu_destroy(gpu *g);

/* Observe every L1 event of every SM (tests): event 0 = an access offered to the
 * L1 with its result (enum l1_result, refusals included), 1 = a fill of `line`,
 * 2 = the L1 is invalidated (a new launch), 3 = a read the L1 would have allocated
 * (result L1_MISS) sent past it by the L1 hook's block (the L1 does not change). */
typedef void (*gpu_l1_trace_fn)(void *ctx, unsigned sm, int event, uint64_t line, int write, int result);
void gpu_set_l1_trace(gpu *g, gpu_l1_trace_fn fn, void *ctx);

/* Counters (totals over SMs; per-SM arrays in the JSON). */
typedef struct gpu_totals {
    uint64_t cycles, warp_insts, thread_insts, loads, stores;
    uint64_t l1_access[8];            /* by enum l1_result */
    uint64_t l1_bypass, l1_merges;
    uint64_t lsu_stall_cycles;        /* the memory stage held a request it could not pass */
    uint64_t l2_hits, l2_misses, l2_merges, l2_writes, l2_stall_cycles;
    uint64_t dram_reads, dram_writes, dram_row_hits, dram_row_misses, dram_bus_busy, dram_cycles;
    uint64_t load_lat_sum, load_lat_n;
    l1_pf_stats l1_pf;                /* prefetch accounting of the L1s (gpu_l1.h) */
    unsigned launches;
} gpu_totals;

void gpu_totals_get(const gpu *g, gpu_totals *t);
void gpu_print_table(const gpu *g, FILE *f);
void gpu_print_json(const gpu *g, FILE *f, const char *bindings);
uint64_t gpu_now(const gpu *g);
/* Event skipping (cfg skip, docs/gpu-model.md): the cycles gpu_run jumped over and in
 * how many jumps (every result is the same as without skipping). */
void gpu_skip_stats(const gpu *g, uint64_t *skipped, uint64_t *jumps);
unsigned gpu_sms(const gpu *g);

/* Blocks: the instance of kind k at `index` (SM or channel) and the kind's
 * configuration; NULL when the kind is off or index out of range. */
blk_inst *gpu_block_inst(gpu *g, const blk_kind *k, unsigned index);
const void *gpu_block_cfg(const gpu *g, const blk_kind *k);
/* Totals of a bound driver's counters (tot[drv->nctrs]; GPU_CTR_LEVEL: the raw sum);
 * 0 ok, -1 when the driver is not bound. */
int gpu_block_totals(const gpu *g, const gpu_block_driver *drv, uint64_t *tot);
/* Tests: bind one more driver at its hook on every SM (or channel), as c with
 * configuration cfg; its kind need not be in the block list. Before gpu_run. 0 ok. */
int gpu_attach_driver(gpu *g, const gpu_block_driver *drv, const void *cfg, char *err, size_t n);

/* Residency over the run: SMs that held a thread block, mean resident warps and blocks
 * per SM (over SMs and cycles). Not filled: fewer than half the SMs held a block, or
 * the mean resident warps per SM is under a quarter of core.warps. */
typedef struct gpu_fill_info {
    unsigned sms, sms_used, max_warps;
    double mean_warps, mean_blocks;
    int few_sms, few_warps, filled;
} gpu_fill_info;
void gpu_fill(const gpu *g, gpu_fill_info *fi);

/* L1 hit rate as the table prints it: hits / accepted reads (hits, hits on a pending
 * line, misses, bypasses); the pending hits' share apart (GPGPU-Sim's HIT_RESERVED) */
double gpu_l1_hit_rate(const gpu_totals *t);
double gpu_l1_pending_rate(const gpu_totals *t);

/* Load-latency breakdown (docs/gpu-model.md): every line request of a load is timed
 * stage by stage (gpu_internal.h enum gpu_bd_stage), summed per kernel, SM and class
 * (hit, pending hit, miss, bypass); in the JSON (with the plain sum of the latencies
 * the stages must add up to) and as tables (gpusim --breakdown). */
void gpu_print_breakdown(const gpu *g, FILE *f);

#endif
