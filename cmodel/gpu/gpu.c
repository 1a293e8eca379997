/*
 * gpu.c: the top of the GPU memory model (see gpu.h, gpu_internal.h and
 * docs/gpu-model.md): construction, the cycle loop, launch boundaries, the watchdog.
 *
 * One core cycle, in this order:
 *   1. each SM takes at most one reply from the interconnect (an L1 fill or a
 *      bypassed read) and retires the L1 hits whose latency has passed;
 *   2. each SM's memory stage offers its current line request to the REQ hook's block
 *      (or straight to the L1); the L1 answers in the same cycle (probe), the block
 *      decides, the L1 commits (the L1 hook's block sees each access);
 *   3. each SM's miss queue injects one packet when its port and the target slice
 *      have room;
 *   4. each SM's warp schedulers issue (one instruction each; one memory instruction
 *      per SM enters the memory stage when it is free; SCHED hook), the ISSUE hook's
 *      blocks see what issued, and the PREFETCH hook's block may use an unused L1 port;
 *   5. thread blocks retire and new ones are dispatched;
 *   6. each L2 slice takes DRAM fills, handles one request, sends one reply;
 *   7. DRAM channels advance by the core:DRAM clock ratio (DRAM hook: the picker).
 * Steps 1-5 are gpu_sm.c, 6-7 gpu_l2.c.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_internal.h"

void gpu_set_l1_trace(gpu *g, gpu_l1_trace_fn fn, void *ctx)
{
    g->trace = fn;
    g->trace_ctx = ctx;
}

gpu *gpu_create(const gpu_cfg *c, const gk_workload *w, uint64_t seed, gpu_bind_fn bind, void *ctx,
                char *err, size_t n)
{
    if (gpu_cfg_validate(c, err, n)) return NULL;
    if (w->nlaunch < 1) {
        snprintf(err, n, "workload %s has no launches", w->name);
        return NULL;
    }
    if (gpu_blocks_check(c, err, n)) return NULL;
    gpu *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    g->c = *c;
    g->wl = w;
    g->rng = seed * 0x2545f4914f6cdd1dULL + 1;
    g->seed = seed;
    g->watchdog = gpu_cfg_watchdog(c);
    g->sm = calloc(c->sms, sizeof *g->sm);
    g->sl = calloc(c->l2_slices, sizeof *g->sl);
    g->ch = calloc(c->dram_channels, sizeof *g->ch);
    if (!g->sm || !g->sl || !g->ch) {
        snprintf(err, n, "out of memory");
        goto fail;
    }
    for (unsigned s = 0; s < c->sms; s++)
        if (gpu_sm_init(g, &g->sm[s], err, n)) goto fail;
    if (gpu_l2_init(g, err, n)) goto fail;
    if (gpu_kinds_bind(g, bind, ctx, err, n)) goto fail;
    g->occ_win = g->occ_next = OCC_WIN0;
    g->li = 0;
    if (gpu_start_launch(g, err, n)) goto fail;
    return g;
fail:
    gpu_destroy(g);
    return NULL;
}

void gpu_destroy(gpu *g)
{
    if (!g) return;
    gpu_kinds_free(g);
    for (unsigned s = 0; g->sm && s < g->c.sms; s++) gpu_sm_free(&g->sm[s]);
    gpu_l2_free(g);
    free(g->sm);
    free(g->sl);
    free(g->ch);
    free(g->dch);
    free(g->ser);
    free(g->occ_snap);
    free(g);
}

/* ---- the run ---- */

static int memory_idle(const gpu *g)
{
    for (unsigned s = 0; s < g->c.sms; s++)
        if (!gpu_sm_idle(&g->sm[s])) return 0;
    for (unsigned i = 0; i < g->nbusy; i++)
        if (g->busy[i]->drv->busy(g->busy[i])) return 0;
    for (unsigned i = 0; i < g->c.l2_slices; i++)
        if (g->sl[i].in.n || g->sl[i].q.n || g->sl[i].out.n || g->sl[i].dram.n || g->sl[i].used_mshr) return 0;
    for (unsigned i = 0; i < g->c.dram_channels; i++)
        if (!gpu_dram_idle(&g->ch[i])) return 0;
    return 1;
}

static void deadlock_report(const gpu *g, FILE *log)
{
    fprintf(log, "gpusim: deadlock: no progress for %u cycles at cycle %" PRIu64 " (launch %d %s, blocks %" PRIu64
                 "/%" PRIu64 " done)\n",
            g->watchdog, g->now, g->li, g->L->kernel, g->done_blocks, g->nblocks);
    for (unsigned s = 0; s < g->c.sms; s++) gpu_sm_report(g, s, log);
    for (unsigned i = 0; i < g->c.l2_slices; i++)
        fprintf(log, "  l2 slice %u: arriving %u, queued %u, replies %u, to DRAM %u, MSHRs %u\n", i, g->sl[i].in.n,
                g->sl[i].q.n, g->sl[i].out.n, g->sl[i].dram.n, g->sl[i].used_mshr);
    for (unsigned i = 0; i < g->c.dram_channels; i++) {
        fprintf(log, "  dram %u: %u queued, %u completing", i, g->ch[i].count, g->ch[i].d_count);
        gpu_kinds_describe(g, 1, i, log);
        fprintf(log, "\n");
    }
}

/* ---- event skipping (docs/gpu-model.md "Skipping idle cycles") ----
 * A cycle is dead when nothing in it can change the model's state except per-cycle
 * counters (stall and idle-issue cycles, the DRAM and core:DRAM clocks): no packet, hit
 * return, DRAM command or fill is due, no warp can issue, no block can be dispatched,
 * and every bound block either is not called in it or is gated idle. Dead cycles stay
 * dead until the earliest timed event, so the run jumps there, counting them in bulk. */

/* can this run skip at all: skip on, every block instance C-bound (an rtl or lockstep
 * instance sees every cycle), no DRAM picker or warp scheduler block (called every
 * cycle), no L1 trace (it sees every refusal) */
static int skip_allowed(const gpu *g)
{
    if (!g->c.skip || g->trace || g->dch) return 0;
    for (unsigned i = 0; i < g->nkinds; i++) {
        const gpu_kind_rt *K = &g->kinds[i];
        if (K->drv->hook == GPU_HOOK_SCHED || K->drv->hook == GPU_HOOK_DRAM) return 0;
        for (unsigned j = 0; j < K->ninst; j++)
            if (K->inst[j]->bi.mode != BLK_MODE_C) return 0;
    }
    return 1;
}

/* the dead cycles from now on (0: this one is not), at most up to the next cycle whose
 * end checks in gpu_run could act (residency row, series sample, max_cycles, watchdog) */
static uint64_t dead_cycles(gpu *g)
{
    uint64_t now = g->now, ev = g->occ_next, t;
    if (g->c.series && (t = (now / g->c.series + 1) * g->c.series) < ev) ev = t;
    if (g->c.max_cycles && g->c.max_cycles < ev) ev = g->c.max_cycles;
    if ((t = g->last_progress + g->watchdog + 1) < ev) ev = t;
    if (gpu_sms_can_dispatch(g)) return 0;
    for (unsigned s = 0; s < g->c.sms; s++)
        if ((t = gpu_sm_next_event(g, &g->sm[s])) < ev && (ev = t) <= now) return 0;
    if ((t = gpu_l2_next_event(g)) < ev) ev = t;
    return ev > now ? ev - now : 0;
}

static void skip_cycles(gpu *g, uint64_t k)
{
    for (unsigned s = 0; s < g->c.sms; s++) gpu_sm_skip(g, &g->sm[s], k);
    gpu_l2_skip(g, k);
    g->next_sm = (unsigned)((g->next_sm + k) % g->c.sms); /* step 5 turns every cycle */
    g->now += k;
    g->skipped += k;
    g->skips++;
}

int gpu_run(gpu *g, FILE *log)
{
    char err[256];
    int can_skip = skip_allowed(g);
    for (;;) {
        uint64_t k;
        /* try only after a cycle without progress: one with progress is rarely followed
         * by a dead one, and the test costs about a cycle */
        if (can_skip && g->last_progress + 1 < g->now && (k = dead_cycles(g))) {
            skip_cycles(g, k);
        } else {
            if (gpu_sms_cycle(g)) return GPU_MISMATCH;
            if (gpu_sms_dispatch(g, err, sizeof err)) {
                fprintf(log, "gpusim: %s\n", err);
                return GPU_INPUT;
            }
            if (gpu_l2_cycle(g)) return GPU_MISMATCH;
            g->now++;
        }
        if (g->done_blocks == g->nblocks && memory_idle(g)) {
            g->launches_done++;
            if (++g->li == g->wl->nlaunch) return GPU_DONE;
            if (gpu_start_launch(g, err, sizeof err)) {
                fprintf(log, "gpusim: %s\n", err);
                return GPU_INPUT;
            }
        }
        if (g->now - g->last_progress > g->max_quiet) {
            g->max_quiet = g->now - g->last_progress;
            if (g->max_quiet > g->watchdog) {
                deadlock_report(g, log);
                return GPU_DEADLOCK;
            }
        }
        if (g->now >= g->occ_next && gpu_occ_row(g)) {
            fprintf(log, "gpusim: out of memory for the residency rows\n");
            return GPU_DEADLOCK;
        }
        if (g->c.series && g->now % g->c.series == 0 && gpu_series_sample(g)) {
            fprintf(log, "gpusim: out of memory for the time series\n");
            return GPU_DEADLOCK;
        }
        if (g->c.max_cycles && g->now >= g->c.max_cycles) return GPU_CYCLE_LIMIT;
    }
}

void gpu_skip_stats(const gpu *g, uint64_t *skipped, uint64_t *jumps)
{
    *skipped = g->skipped;
    *jumps = g->skips;
}

uint64_t gpu_now(const gpu *g) { return g->now; }
unsigned gpu_sms(const gpu *g) { return g->c.sms; }
