/*
 * test_hooks.c: the GPU model's hook points (cmodel/gpu/gpu_hooks.h), each with a
 * small test driver attached at every SM (DRAM: every channel) through
 * gpu_attach_driver(), on a real workload (atax, 0.03 x seed inputs):
 *
 *   - a driver that leaves every decision to the model changes nothing: cycles and
 *     every counter as without it (SCHED, L1, PREFETCH, DRAM), and sees every event
 *     (ISSUE: the issued, load and store totals; L1: every access and fill);
 *   - a driver that decides differently is obeyed and the run still completes
 *     (SCHED: the highest ready warp; L1: bypass every miss; PREFETCH: the next line
 *     after each demand miss; DRAM: the youngest candidate);
 *   - the L1's prefetch counters on a hand-made launch with a scripted prefetch
 *     source: each moves by the hand-worked amount, in the totals, the JSON and the
 *     human table (and none of it without prefetches).
 */
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "gpu_l1.h"
#include "unit.h"

void test_hooks(void);

/* ---- a block kind with no ports: the drivers below decide in C ---- */

typedef struct nil_cfg { unsigned unused; } nil_cfg;
static void nil_init(void *s, const void *c) { (void)s; (void)c; }
static void nil_eval(const void *s, const void *in, void *out) { (void)s; (void)in; (void)out; }
static void nil_tick(void *s, const void *in) { (void)s; (void)in; }
static const blk_kind nil_kind = {"nil", sizeof(nil_cfg), 8, 8, 8, 0, NULL, 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                                  nil_init, nil_eval, nil_tick, NULL, NULL, NULL};
static const nil_cfg nil_config = {0};

/* ---- drivers ---- */

enum { C_CALLS, C_A, C_B, C_C, C_D, C_N };
static const gpu_ctr_def ctrs[C_N] = {
    {"calls", GPU_CTR_SUM, 0, 0}, {"a", GPU_CTR_SUM, 0, 0}, {"b", GPU_CTR_SUM, 0, 0}, {"c", GPU_CTR_SUM, 0, 0}, {"d", GPU_CTR_SUM, 0, 0},
};

/* the block ticks once per call, as a real driver would */
static int tick(gpu_hook_inst *h)
{
    char in[8] = {0}, out[8];
    h->ctr[C_CALLS]++;
    return h->bi.eval(h->bi.self, in, out) || h->bi.tick(h->bi.self, in);
}

/* ISSUE: a = issued, b = loads, c = stores, d = calls with warps but no issue */
static int issue_count(gpu_hook_inst *h, const gpu_issue_event *e)
{
    h->ctr[C_A] += e->issued;
    h->ctr[C_B] += e->loads;
    h->ctr[C_C] += e->stores;
    h->ctr[C_D] += e->stalled;
    return tick(h);
}

/* SCHED: keep the policy's pick (a = picks in `ready`), or take the highest ready warp */
static int sched_keep(gpu_hook_inst *h, const gpu_sched_event *e, int *pick)
{
    if (*pick >= 0 && (e->ready >> *pick & 1)) h->ctr[C_A]++;
    if (*pick < 0 && e->ready) h->ctr[C_B]++; /* ready warps but no policy pick: wrong */
    return tick(h);
}
static int sched_highest(gpu_hook_inst *h, const gpu_sched_event *e, int *pick)
{
    *pick = e->ready ? 63 - __builtin_clzll(e->ready) : -1;
    if (*pick >= 0) h->ctr[C_A]++;
    return tick(h);
}

/* L1: a = accesses seen, b = refusals seen, c = fills; bypass every miss or none */
static int l1_seen(gpu_hook_inst *h, const gpu_l1_event *e, int *decision)
{
    h->ctr[C_A]++;
    if (l1_failed(e->result)) h->ctr[C_B]++;
    *decision = GPU_L1_ALLOCATE;
    return tick(h);
}
static int l1_bypass_all(gpu_hook_inst *h, const gpu_l1_event *e, int *decision)
{
    *decision = GPU_L1_BYPASS;
    if (e->result == L1_MISS && !e->write) h->ctr[C_A]++;
    return tick(h);
}
static int l1_fill(gpu_hook_inst *h, uint64_t line)
{
    (void)line;
    h->ctr[C_C]++;
    return 0;
}

/* PREFETCH: a = demand accesses seen; next line after a demand read miss (b = sent, c = misses) */
static int pf_none(gpu_hook_inst *h, gpu_prefetch_io *io)
{
    if (io->seen) h->ctr[C_A]++;
    return tick(h);
}
static int pf_next_line(gpu_hook_inst *h, gpu_prefetch_io *io)
{
    uint64_t *want = h->priv;
    if (io->seen && !io->demand.write && io->demand.result == L1_MISS) *want = io->demand.line + 1;
    if (*want && io->port_free) {
        int r = gpu_prefetch_issue(io, *want);
        h->ctr[C_B]++;
        if (r == L1_MISS) h->ctr[C_C]++;
        *want = 0;
    }
    return tick(h);
}

/* PREFETCH at SM 0: pf_lines in turn, one each call with the port free (b = sent) */
static uint64_t pf_lines[5];
static int pf_script(gpu_hook_inst *h, gpu_prefetch_io *io)
{
    uint64_t *next = h->priv;
    if (h->index == 0 && io->port_free && *next < sizeof pf_lines / sizeof pf_lines[0]) {
        gpu_prefetch_issue(io, pf_lines[(*next)++]);
        h->ctr[C_B]++;
    }
    return tick(h);
}

/* DRAM: keep FR-FCFS (a = calls with candidates), or the youngest candidate */
static int dram_keep(gpu_hook_inst *h, const gpu_dram_event *e, int *pick)
{
    if (e->n) h->ctr[C_A]++;
    if (e->n && (*pick < 0 || (unsigned)*pick >= e->n)) h->ctr[C_B]++; /* FR-FCFS must pick one */
    return tick(h);
}
static int dram_youngest(gpu_hook_inst *h, const gpu_dram_event *e, int *pick)
{
    int best = -1;
    for (unsigned i = 0; i < e->n; i++)
        if (best < 0 || e->cand[i].req->seq > e->cand[best].req->seq) best = (int)i;
    *pick = best;
    if (best >= 0 && best != e->frfcfs) h->ctr[C_A]++;
    return tick(h);
}

#define DRV(name_, hook_, field_, fn_) \
    static const gpu_block_driver name_ = {.kind = &nil_kind, .hook = hook_, .ctrs = ctrs, .nctrs = C_N, \
                                           .priv_size = sizeof(uint64_t), .field_ = fn_}
DRV(d_issue, GPU_HOOK_ISSUE, issue, issue_count);
DRV(d_sched_keep, GPU_HOOK_SCHED, sched, sched_keep);
DRV(d_sched_high, GPU_HOOK_SCHED, sched, sched_highest);
DRV(d_pf_none, GPU_HOOK_PREFETCH, prefetch, pf_none);
DRV(d_pf_next, GPU_HOOK_PREFETCH, prefetch, pf_next_line);
DRV(d_pf_script, GPU_HOOK_PREFETCH, prefetch, pf_script);
DRV(d_dram_keep, GPU_HOOK_DRAM, dram, dram_keep);
DRV(d_dram_young, GPU_HOOK_DRAM, dram, dram_youngest);
static const gpu_block_driver d_l1_seen = {.kind = &nil_kind, .hook = GPU_HOOK_L1, .ctrs = ctrs, .nctrs = C_N,
                                           .l1_access = l1_seen, .l1_fill = l1_fill};
static const gpu_block_driver d_l1_bypass = {.kind = &nil_kind, .hook = GPU_HOOK_L1, .ctrs = ctrs, .nctrs = C_N,
                                             .l1_access = l1_bypass_all, .l1_fill = l1_fill};

/* ---- runs ---- */

typedef struct run_result {
    int status;
    gpu_totals t;
    uint64_t ctr[C_N];
    unsigned sms, schedulers, channels;
} run_result;

static void run(const gk_workload *w, const gpu_block_driver *drv, run_result *r)
{
    gpu_cfg c;
    char err[256];
    memset(r, 0, sizeof *r);
    gpu_cfg_preset(&c, "base-s", err, sizeof err);
    r->sms = c.sms;
    r->schedulers = c.schedulers;
    r->channels = c.dram_channels;
    gpu *g = gpu_create(&c, w, 1, NULL, NULL, err, sizeof err);
    if (!g) {
        UNIT_CHECK(0, err);
        r->status = -1;
        return;
    }
    if (drv && gpu_attach_driver(g, drv, &nil_config, err, sizeof err)) {
        UNIT_CHECK(0, err);
        r->status = -1;
        gpu_destroy(g);
        return;
    }
    r->status = gpu_run(g, stderr);
    gpu_totals_get(g, &r->t);
    if (drv) UNIT_CHECK(gpu_block_totals(g, drv, r->ctr) == 0, "the attached driver's counters");
    gpu_destroy(g);
}

static int same_totals(const gpu_totals *a, const gpu_totals *b) { return !memcmp(a, b, sizeof *a); }

/* ---- the L1's prefetch counters on a hand-made launch ---- */

/* A[x + 32 * line] of 32 threads: one line request of A's line `line` (0..3) */
static int64_t idx_l0(const gk_launch *L, int64_t x, int64_t y, int64_t k) { (void)L; (void)y; (void)k; return x; }
static int64_t idx_l1(const gk_launch *L, int64_t x, int64_t y, int64_t k) { (void)L; (void)y; (void)k; return x + 32; }
static int64_t idx_l2(const gk_launch *L, int64_t x, int64_t y, int64_t k) { (void)L; (void)y; (void)k; return x + 64; }

/* what print writes (the table or the JSON), as a string to free */
static char *printed(const gpu *g, int json)
{
    FILE *f = tmpfile();
    char *buf = NULL;
    if (!f) return NULL;
    if (json) gpu_print_json(g, f, NULL);
    else gpu_print_table(g, f);
    long n = ftell(f);
    if (n >= 0 && (buf = malloc((size_t)n + 1))) {
        rewind(f);
        buf[fread(buf, 1, (size_t)n, f)] = 0;
    }
    fclose(f);
    return buf;
}

/*
 * One warp on SM 0 reads A's line 0, waits (3 x 255 ALU cycles: every fill is back),
 * reads line 1, writes and then reads line 2; a second launch only computes. The
 * prefetch source sends lines 0, 0, 2, 1 and 3 at the first cycles with the port free:
 * line 0 misses (issued), line 0 again is pending (dropped), the warp's read of line 0
 * merges into it (late; cycle 2: the load issues at cycle 1, the port is busy then),
 * lines 2, 1, 3 miss (issued: 4 in all). After the wait, the read of line 1 hits it
 * (useful), the write of line 2 evicts it unused (early evicted) and the read of line 2
 * misses on it (demanded); line 3, never read, is dropped by the second launch's
 * invalidation (early evicted: 2). Accuracy (1 + 1) / 4, early eviction 1 / (1 + 1 + 1).
 */
static void test_prefetch_counters(void)
{
    gk_workload w;
    gk_launch L[2];
    memset(&w, 0, sizeof w);
    memset(L, 0, sizeof L);
    w.name = "unit";
    w.class_ = "-";
    w.narr = 1;
    w.arr[0].name = "A";
    w.arr[0].base = 0x10000000;
    w.arr[0].elems = 32 * 4;
    w.arr[0].esize = 4;
    w.nlaunch = 2;
    w.launch = L;
    static const struct { uint8_t kind, lat; gk_index_fn idx; } ops[] = {
        {GK_LOAD, 0, idx_l0}, {GK_ALU, 255, NULL}, {GK_ALU, 255, NULL}, {GK_ALU, 255, NULL},
        {GK_LOAD, 0, idx_l1}, {GK_STORE, 0, idx_l2}, {GK_LOAD, 0, idx_l2}, {GK_ALU, 1, NULL},
    };
    for (int i = 0; i < 2; i++) {
        L[i].kernel = i ? "second" : "first";
        L[i].grid_x = L[i].grid_y = L[i].block_y = 1;
        L[i].block_x = 32;
    }
    for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        gk_op *op = &L[0].ops[L[0].nops++];
        op->kind = ops[i].kind;
        op->lat = ops[i].lat;
        op->idx = ops[i].idx;
        op->pc = 8 * (i + 1);
    }
    L[1].nops = 1;
    L[1].ops[0].kind = GK_ALU;
    L[1].ops[0].pc = 8 * 16;
    uint64_t l0 = w.arr[0].base / 128; /* base-s: 128-byte lines */
    const uint64_t lines[] = {l0, l0, l0 + 2, l0 + 1, l0 + 3};
    memcpy(pf_lines, lines, sizeof pf_lines);

    for (int pf = 0; pf < 2; pf++) {
        gpu_cfg c;
        char err[256];
        gpu_totals t;
        uint64_t ctr[C_N] = {0};
        gpu_cfg_preset(&c, "base-s", err, sizeof err);
        gpu *g = gpu_create(&c, &w, 1, NULL, NULL, err, sizeof err);
        if (!g || (pf && gpu_attach_driver(g, &d_pf_script, &nil_config, err, sizeof err))) {
            UNIT_CHECK(0, err);
            gpu_destroy(g);
            return;
        }
        UNIT_CHECK(gpu_run(g, stderr) == GPU_DONE, "the hand-made launches complete");
        gpu_totals_get(g, &t);
        if (pf) gpu_block_totals(g, &d_pf_script, ctr);
        char *table = printed(g, 0), *json = printed(g, 1);
        UNIT_CHECK(table && json, "table and JSON printed");
        if (!table || !json) {
            free(table);
            free(json);
            gpu_destroy(g);
            return;
        }
        const l1_pf_stats *p = &t.l1_pf;
        if (!pf) {
            UNIT_CHECK(t.l1_access[L1_MISS] == 3 && t.l1_access[L1_HIT] == 0, "no prefetch: three demand misses");
            UNIT_CHECK(!p->issued && !p->dropped && !p->useful && !p->late && !p->early_evicted &&
                           !p->early_evicted_demanded,
                       "no prefetch: no prefetch counts");
            UNIT_CHECK(!strstr(table, "L1 prefetches"), "no prefetch: no table line");
            UNIT_CHECK(strstr(json, "\"l1_prefetches_issued\": 0,\n") &&
                           strstr(json, "\"l1_prefetch_accuracy\": 0.000000,\n") &&
                           strstr(json, "\"l1_prefetch_early_eviction_ratio\": 0.000000,\n"),
                       "no prefetch: the JSON keys, zero");
        } else {
            UNIT_CHECK(ctr[C_B] == 5, "five prefetches sent");
            UNIT_CHECK(p->issued == 4 && p->dropped == 1, "prefetches: 4 issued, 1 dropped");
            UNIT_CHECK(p->late == 1 && p->useful == 1, "1 late (line 0), 1 useful (line 1)");
            UNIT_CHECK(p->early_evicted == 2 && p->early_evicted_demanded == 1,
                       "2 early evicted (line 2 by its write, line 3 by the launch), 1 demanded (line 2)");
            UNIT_CHECK(t.l1_access[L1_MISS] == 5 && t.l1_access[L1_HIT] == 1 && t.l1_access[L1_HIT_PENDING] == 1,
                       "4 prefetch misses and line 2's demand miss; line 1 hits, line 0 merges");
            UNIT_CHECK(strstr(table, "issued 4, dropped 1, useful 1, late 1, evicted unused 2 (1 demanded later) "
                                     "(accuracy 50.0%, early evictions 33.3%)"),
                       "the table's prefetch line");
            UNIT_CHECK(strstr(json, "\"l1_prefetches_issued\": 4,\n    \"l1_prefetches_dropped\": 1,\n"
                                    "    \"l1_prefetches_useful\": 1,\n    \"l1_prefetches_late\": 1,\n"
                                    "    \"l1_prefetches_early_evicted\": 2,\n"
                                    "    \"l1_prefetches_early_evicted_demanded\": 1,\n"
                                    "    \"l1_prefetch_accuracy\": 0.500000,\n"
                                    "    \"l1_prefetch_early_eviction_ratio\": 0.333333,\n"),
                       "the JSON's prefetch keys");
        }
        free(table);
        free(json);
        gpu_destroy(g);
    }
}

void test_hooks(void)
{
    gk_workload w;
    gk_opts o;
    char err[256];
    run_result base, r;
    memset(&o, 0, sizeof o);
    o.scale = 0.03;
    if (gk_build(&w, "atax", &o, err, sizeof err)) {
        UNIT_CHECK(0, err);
        return;
    }
    run(&w, NULL, &base);
    UNIT_CHECK(base.status == GPU_DONE && base.t.cycles > 1000, "atax without blocks completes");
    uint64_t sm_cycles = base.t.cycles * base.sms;

    /* ISSUE: every SM every cycle, and the issue events add up to the model's totals */
    run(&w, &d_issue, &r);
    UNIT_CHECK(r.status == GPU_DONE && same_totals(&r.t, &base.t), "ISSUE observer: nothing changes");
    UNIT_CHECK(r.ctr[C_CALLS] == sm_cycles, "ISSUE: one call per SM per cycle");
    UNIT_CHECK(r.ctr[C_A] == base.t.warp_insts && r.ctr[C_B] == base.t.loads && r.ctr[C_C] == base.t.stores,
               "ISSUE: issued, loads and stores add up to the totals");
    UNIT_CHECK(r.ctr[C_D] > 0, "ISSUE: some cycles with resident warps issue nothing");

    /* SCHED */
    run(&w, &d_sched_keep, &r);
    UNIT_CHECK(r.status == GPU_DONE && same_totals(&r.t, &base.t), "SCHED keeping the policy's pick: nothing changes");
    UNIT_CHECK(r.ctr[C_CALLS] == sm_cycles * base.schedulers, "SCHED: one call per scheduler per cycle");
    UNIT_CHECK(r.ctr[C_A] == base.t.warp_insts && r.ctr[C_B] == 0, "SCHED: every policy pick is a ready warp");
    run(&w, &d_sched_high, &r);
    UNIT_CHECK(r.status == GPU_DONE && r.t.warp_insts == base.t.warp_insts && r.ctr[C_A] == base.t.warp_insts,
               "SCHED highest-ready: obeyed, the same instructions complete");
    UNIT_CHECK(r.t.cycles != base.t.cycles, "SCHED highest-ready: another schedule (other cycle count)");

    /* L1 */
    run(&w, &d_l1_seen, &r);
    uint64_t accesses = base.t.l1_bypass, refusals = 0;
    for (int i = 0; i < L1_NRESULTS; i++) accesses += base.t.l1_access[i];
    for (int i = L1_FAIL_ASSOC; i < L1_NRESULTS; i++) refusals += base.t.l1_access[i];
    UNIT_CHECK(r.status == GPU_DONE && same_totals(&r.t, &base.t), "L1 observer answering allocate: nothing changes");
    UNIT_CHECK(r.ctr[C_A] == accesses && r.ctr[C_B] == refusals, "L1: sees every access and every refusal");
    UNIT_CHECK(r.ctr[C_C] == base.t.l1_access[L1_MISS], "L1: sees every fill");
    run(&w, &d_l1_bypass, &r);
    UNIT_CHECK(r.status == GPU_DONE && r.t.l1_access[L1_MISS] == 0 && r.t.l1_bypass == r.ctr[C_A] && r.ctr[C_A] > 0 &&
                   r.ctr[C_C] == 0,
               "L1 bypassing every miss: no line allocated, every miss bypassed, no fill");
    UNIT_CHECK(r.t.warp_insts == base.t.warp_insts, "L1 bypassing every miss: the same instructions complete");

    /* PREFETCH */
    run(&w, &d_pf_none, &r);
    UNIT_CHECK(r.status == GPU_DONE && same_totals(&r.t, &base.t), "PREFETCH sending nothing: nothing changes");
    UNIT_CHECK(r.ctr[C_CALLS] == sm_cycles && r.ctr[C_A] == accesses, "PREFETCH: every cycle, every demand access seen");
    run(&w, &d_pf_next, &r);
    UNIT_CHECK(r.status == GPU_DONE && r.t.warp_insts == base.t.warp_insts && r.ctr[C_C] > 0,
               "PREFETCH next line: prefetches miss in the L1, the run completes");
    UNIT_CHECK(r.t.l1_access[L1_MISS] >= r.ctr[C_C], "PREFETCH: prefetch misses are counted as L1 misses");
    const l1_pf_stats *p = &r.t.l1_pf;
    UNIT_CHECK(p->issued == r.ctr[C_C] && p->dropped == r.ctr[C_B] - r.ctr[C_C],
               "PREFETCH: the L1 counts the misses issued, the rest dropped");
    UNIT_CHECK(p->useful + p->late + p->early_evicted <= p->issued && p->early_evicted_demanded <= p->early_evicted &&
                   p->useful + p->late > 0,
               "PREFETCH: each prefetched line used (in time or late) or evicted unused at most once");

    /* DRAM */
    run(&w, &d_dram_keep, &r);
    UNIT_CHECK(r.status == GPU_DONE && same_totals(&r.t, &base.t), "DRAM keeping FR-FCFS: nothing changes");
    UNIT_CHECK(r.ctr[C_CALLS] == base.t.dram_cycles && r.ctr[C_A] > 0 && r.ctr[C_B] == 0,
               "DRAM: one call per DRAM cycle per channel; FR-FCFS picks when there are candidates");
    run(&w, &d_dram_young, &r);
    UNIT_CHECK(r.status == GPU_DONE && r.t.dram_reads == base.t.dram_reads && r.ctr[C_A] > 0,
               "DRAM youngest-first: obeyed, the same reads complete");
    gk_free(&w);

    test_prefetch_counters();
}
