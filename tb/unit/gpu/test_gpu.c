/*
 * test_gpu.c: the whole GPU model on small cases.
 *
 * 1. Coalescing and counters on a hand-made launch: 32 threads reading consecutive
 *    floats make one line request; a 128-byte stride makes 32.
 * 2. An independent cross-check of the L1: a separate, list-based LRU cache model
 *    follows every L1 event of a real workload run (accesses in the order the L1 saw
 *    them, fills, launch boundaries) and predicts each result from its own state:
 *    hit, hit-pending, miss, and which refusals are possible. Any disagreement, and
 *    any difference in the totals, fails the test.
 * 3. The watchdog: no valid configuration deadlocks (tb/gpu/config_sweep.py sweeps them),
 *    so a deadlock is made by hand (every DRAM buffer given no room); the run must stop
 *    as a deadlock exactly when the stretch without progress passes the watchdog in
 *    effect (automatic, from the latencies), with the stuck state printed.
 */
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "gpu_internal.h"
#include "gpu_l1.h"
#include "unit.h"

void test_gpu(void);

static int c_bind(void *ctx, const blk_kind *k, unsigned index, blk_inst *bi, const void *cfg, char *err, size_t n)
{
    (void)ctx;
    (void)index;
    return blk_bind_c(bi, k, cfg, err, n);
}

/* ---- 1. a hand-made launch ---- */

static int64_t idx_unit(const gk_launch *L, int64_t x, int64_t y, int64_t k) { (void)L; (void)y; (void)k; return x; }
static int64_t idx_stride(const gk_launch *L, int64_t x, int64_t y, int64_t k) { (void)L; (void)y; (void)k; return x * 32; }

static void one_load(gk_index_fn f, gpu_totals *t, int mrpb)
{
    gk_workload w;
    gk_launch L;
    memset(&w, 0, sizeof w);
    memset(&L, 0, sizeof L);
    w.name = "unit";
    w.class_ = "-";
    w.narr = 1;
    w.arr[0].name = "A";
    w.arr[0].base = 0x10000000;
    w.arr[0].elems = 32 * 32;
    w.arr[0].esize = 4;
    w.nlaunch = 1;
    w.launch = &L;
    L.kernel = "unit";
    L.grid_x = L.grid_y = L.block_y = 1;
    L.block_x = 32;
    L.nops = 2;
    L.ops[0].kind = GK_LOAD;
    L.ops[0].pc = 8;
    L.ops[0].idx = f;
    L.ops[1].kind = GK_ALU;
    L.ops[1].lat = 4;
    L.ops[1].pc = 16;
    gpu_cfg c;
    char err[256];
    gpu_cfg_preset(&c, "base-s", err, sizeof err);
    if (mrpb) gpu_cfg_set(&c, "mrpb=on", err, sizeof err);
    gpu *g = gpu_create(&c, &w, 1, c_bind, NULL, err, sizeof err);
    UNIT_CHECK(g != NULL, "gpu created");
    if (!g) return;
    UNIT_CHECK(gpu_run(g, stderr) == GPU_DONE, "the launch completes");
    gpu_totals_get(g, t);
    gpu_destroy(g);
}

static void test_coalescing(void)
{
    gpu_totals t;
    for (int m = 0; m < 2; m++) {
        one_load(idx_unit, &t, m);
        UNIT_CHECK(t.warp_insts == 2 && t.thread_insts == 64 && t.loads == 1, "one load and one ALU of 32 threads");
        UNIT_CHECK(t.l1_access[L1_MISS] == 1 && t.l2_misses == 1 && t.dram_reads == 1,
                   "consecutive floats: one line, one L1 miss, one L2 miss, one DRAM read");
        UNIT_CHECK(t.load_lat_n == 1 && t.load_lat_sum > 0, "one load latency sample");
        one_load(idx_stride, &t, m);
        UNIT_CHECK(t.l1_access[L1_MISS] + t.l1_bypass == 32 && t.dram_reads == 32,
                   "a 128-byte stride: 32 line requests");
        UNIT_CHECK(t.l1_access[L1_FAIL_ASSOC] == 0, "32 consecutive lines fall in 32 different sets: no associativity stall");
    }
}

/* ---- 2. an independent LRU model of every SM's L1 ---- */

typedef struct xway { uint64_t line; int state; unsigned waiters; } xway; /* 0 free, 1 valid, 2 pending */

typedef struct xcheck {
    unsigned sets, assoc, nmshr, merge;
    unsigned sms;
    xway *ways;          /* [sm][set][i], i = 0 most recently used */
    unsigned *pending;   /* per SM: lines waiting for a fill (= MSHRs in use) */
    uint64_t counts[L1_NRESULTS];
    uint64_t disagree, events;
} xcheck;

static xway *xset(xcheck *x, unsigned sm, uint64_t line)
{
    return &x->ways[((size_t)sm * x->sets + line % x->sets) * x->assoc];
}

static void to_front(xway *set, unsigned i)
{
    xway e = set[i];
    memmove(&set[1], &set[0], i * sizeof *set);
    set[0] = e;
}

static void xtrace(void *ctx, unsigned sm, int ev, uint64_t line, int write, int res)
{
    xcheck *x = ctx;
    x->events++;
    if (ev == 3) { /* sent past the L1 by an L1 hook block: nothing changes */
        return;
    }
    if (ev == 2) { /* launch boundary: valid lines dropped */
        for (unsigned s = 0; s < x->sets; s++) {
            xway *set = xset(x, sm, s);
            for (unsigned i = 0; i < x->assoc; i++)
                if (set[i].state == 1) set[i].state = 0;
        }
        return;
    }
    xway *set = xset(x, sm, line);
    int at = -1;
    for (unsigned i = 0; i < x->assoc; i++)
        if (set[i].state && set[i].line == line) at = (int)i;
    if (ev == 1) {
        if (at < 0 || set[at].state != 2) { x->disagree++; return; }
        set[at].state = 1;
        set[at].waiters = 0;
        x->pending[sm]--;
        return;
    }
    int ok;
    if (write) {
        ok = res == L1_WRITE || res == L1_FAIL_MISSQ;
        if (res == L1_WRITE && at >= 0 && set[at].state == 1) set[at].state = 0;
    } else if (at >= 0 && set[at].state == 1) {
        ok = res == L1_HIT;
        if (ok) to_front(set, (unsigned)at);
    } else if (at >= 0) {
        int full = set[at].waiters >= x->merge;
        ok = res == (full ? L1_FAIL_MERGE : L1_HIT_PENDING);
        if (ok && !full) {
            set[at].waiters++;
            to_front(set, (unsigned)at);
        }
    } else {
        /* a free way, else the least recently used valid one (ways are kept in recency
         * order, most recent first); pending ways cannot be replaced */
        int victim = -1;
        for (unsigned i = 0; i < x->assoc && (victim < 0 || set[victim].state != 0); i++)
            if (set[i].state != 2) victim = (int)i;
        if (victim < 0) ok = res == L1_FAIL_ASSOC;
        else if (x->pending[sm] >= x->nmshr) ok = res == L1_FAIL_MSHR;
        else ok = res == L1_MISS || res == L1_FAIL_MISSQ;
        if (ok && res == L1_MISS) {
            set[victim].line = line;
            set[victim].state = 2;
            set[victim].waiters = 1;
            to_front(set, (unsigned)victim);
            x->pending[sm]++;
        }
    }
    if (!ok) x->disagree++;
    if (res >= 0 && res < L1_NRESULTS) x->counts[res]++;
}

static void xrun(const char *wl_name, double scale, int mrpb, const char *sched)
{
    gk_workload w;
    gk_opts o;
    char err[256], what[128];
    memset(&o, 0, sizeof o);
    o.scale = scale;
    if (gk_build(&w, wl_name, &o, err, sizeof err)) {
        UNIT_CHECK(0, err);
        return;
    }
    gpu_cfg c;
    gpu_cfg_preset(&c, "base-s", err, sizeof err);
    if (mrpb) gpu_cfg_set(&c, "mrpb=on", err, sizeof err);
    gpu_cfg_set(&c, sched, err, sizeof err);
    xcheck x;
    memset(&x, 0, sizeof x);
    x.sets = c.l1_size / (c.l1_line * c.l1_assoc);
    x.assoc = c.l1_assoc;
    x.nmshr = c.l1_mshr;
    x.merge = c.l1_merge;
    x.sms = c.sms;
    x.ways = calloc((size_t)c.sms * x.sets * x.assoc, sizeof *x.ways);
    x.pending = calloc(c.sms, sizeof *x.pending);
    gpu *g = gpu_create(&c, &w, 1, c_bind, NULL, err, sizeof err);
    if (g) {
        gpu_set_l1_trace(g, xtrace, &x);
        snprintf(what, sizeof what, "%s scale %g mrpb %d %s: run completes", wl_name, scale, mrpb, sched);
        UNIT_CHECK(gpu_run(g, stderr) == GPU_DONE, what);
        gpu_totals t;
        gpu_totals_get(g, &t);
        snprintf(what, sizeof what, "%s mrpb %d: every L1 result as the independent LRU model predicts (%llu events)",
                 wl_name, mrpb, (unsigned long long)x.events);
        UNIT_CHECK(x.disagree == 0 && x.events > 1000, what);
        snprintf(what, sizeof what, "%s mrpb %d: hit/hit-pending/miss/write totals agree", wl_name, mrpb);
        UNIT_CHECK(x.counts[L1_HIT] == t.l1_access[L1_HIT] && x.counts[L1_HIT_PENDING] == t.l1_access[L1_HIT_PENDING] &&
                       x.counts[L1_MISS] == t.l1_access[L1_MISS] && x.counts[L1_WRITE] == t.l1_access[L1_WRITE],
                   what);
        /* every refusal the L1 gave is counted once, as a retry or as a bypass */
        uint64_t seen = 0, counted = t.l1_bypass;
        for (int r = L1_FAIL_ASSOC; r < L1_NRESULTS; r++) {
            seen += x.counts[r];
            counted += t.l1_access[r];
        }
        snprintf(what, sizeof what, "%s mrpb %d: refusals agree (%llu)", wl_name, mrpb, (unsigned long long)seen);
        UNIT_CHECK(seen == counted, what);
        gpu_destroy(g);
    } else {
        UNIT_CHECK(0, err);
    }
    free(x.ways);
    free(x.pending);
    gk_free(&w);
}

/* ---- 3. the watchdog on a deadlock made by hand ---- */

static void test_watchdog(void)
{
    gk_workload w;
    gk_opts o;
    char err[256], report[256] = "";
    memset(&o, 0, sizeof o);
    o.scale = 0.05;
    if (gk_build(&w, "atax", &o, err, sizeof err)) {
        UNIT_CHECK(0, err);
        return;
    }
    gpu_cfg c;
    gpu_cfg_preset(&c, "base-s", err, sizeof err);
    gpu *g = gpu_create(&c, &w, 1, c_bind, NULL, err, sizeof err);
    UNIT_CHECK(g != NULL, "gpu created");
    if (!g) {
        gk_free(&w);
        return;
    }
    for (unsigned i = 0; i < c.dram_channels; i++) g->ch[i].cap = 0; /* no L2 miss can leave */
    FILE *log = tmpfile();
    int st = gpu_run(g, log);
    UNIT_CHECK(st == GPU_DEADLOCK, "a run whose L2 misses can never reach DRAM stops as a deadlock");
    UNIT_CHECK(g->watchdog == gpu_cfg_watchdog(&c) && g->watchdog == 4 * gpu_cfg_quiet_bound(&c) + 10000,
               "the automatic watchdog is 4 x the quiet bound + 10000");
    UNIT_CHECK(g->now - g->last_progress == (uint64_t)g->watchdog + 1,
               "it stops the first cycle the stretch without progress passes the watchdog");
    if (log) {
        rewind(log);
        if (!fgets(report, sizeof report, log)) report[0] = 0;
        fclose(log);
    }
    UNIT_CHECK(strstr(report, "gpusim: deadlock: no progress for ") != NULL, "the stuck state is reported");
    gpu_destroy(g);
    gk_free(&w);
}

void test_gpu(void)
{
    test_watchdog();
    test_coalescing();
    xrun("atax", 0.0625, 0, "core.sched=lrr");
    xrun("atax", 0.0625, 1, "core.sched=lrr");
    xrun("syrk", 0.125, 0, "core.sched=gto");
    xrun("syrk", 0.125, 1, "core.sched=lrr");
    xrun("2dconv", 0.03, 1, "core.sched=gto");
}
