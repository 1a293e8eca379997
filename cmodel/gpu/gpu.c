/*
 * gpu.c: the cycle loop of the GPU memory model (see gpu.h and docs/gpu-model.md).
 *
 * One core cycle, in this order:
 *   1. each SM takes at most one reply from the interconnect (an L1 fill or a
 *      bypassed read) and retires the L1 hits whose latency has passed;
 *   2. each SM's memory stage offers its current line request to MRPB (or straight to
 *      the L1); the L1 answers in the same cycle (probe), MRPB decides, the L1 commits;
 *   3. each SM's miss queue injects one packet when its port and the target slice
 *      have room;
 *   4. each SM's warp schedulers issue (one instruction each; one memory instruction
 *      per SM enters the memory stage when it is free);
 *   5. thread blocks retire and new ones are dispatched;
 *   6. each L2 slice takes DRAM fills, handles one request, sends one reply;
 *   7. DRAM channels advance by the core:DRAM clock ratio.
 */
#include "gpu.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_dram.h"
#include "gpu_l1.h"
#include "mrpb.h"

#define LD_SLOTS 16
#define L2_WAITERS 64

/* ---- messages and a time-ordered heap (deterministic: ties by sequence) ---- */

typedef struct gmsg {
    uint64_t t, seq, line;
    uint16_t sm, mshr;
    uint8_t write, bypass, warp, slot;
} gmsg;

typedef struct mheap {
    gmsg *a;
    unsigned n, cap;
} mheap;

static int mh_less(const gmsg *x, const gmsg *y) { return x->t < y->t || (x->t == y->t && x->seq < y->seq); }

static int mh_push(mheap *h, const gmsg *m)
{
    if (h->n == h->cap) {
        unsigned nc = h->cap ? h->cap * 2 : 16;
        gmsg *na = realloc(h->a, nc * sizeof *na);
        if (!na) return 1;
        h->a = na;
        h->cap = nc;
    }
    unsigned i = h->n++;
    while (i) {
        unsigned p = (i - 1) / 2;
        if (!mh_less(m, &h->a[p])) break;
        h->a[i] = h->a[p];
        i = p;
    }
    h->a[i] = *m;
    return 0;
}

static const gmsg *mh_top(const mheap *h, uint64_t now) { return h->n && h->a[0].t <= now ? &h->a[0] : NULL; }

static void mh_pop(mheap *h)
{
    gmsg last = h->a[--h->n];
    unsigned i = 0;
    for (;;) {
        unsigned l = 2 * i + 1, r = l + 1, m = i;
        const gmsg *best = &last;
        if (l < h->n && mh_less(&h->a[l], best)) { m = l; best = &h->a[l]; }
        if (r < h->n && mh_less(&h->a[r], best)) { m = r; }
        if (m == i) break;
        h->a[i] = h->a[m];
        i = m;
    }
    if (h->n) h->a[i] = last;
}

/* ---- SM ---- */

typedef struct ld_slot { uint64_t issue; uint16_t left; } ld_slot;

typedef struct warp {
    uint8_t live, prog_done, at_bar, block, inblk;
    uint32_t mask;
    int64_t x[32], y[32];
    int opi;
    int64_t k;
    uint64_t ready, age;
    uint32_t pending;        /* line requests of loads not yet returned */
    uint32_t slot_busy;      /* bit per load slot */
    ld_slot slot[LD_SLOTS];
} warp;

typedef struct blockslot {
    uint8_t live;
    unsigned warps_left, bar_wait;
} blockslot;

typedef struct hitret { uint64_t t; uint8_t warp, slot; } hitret;

typedef struct lsu {
    int busy, write;
    uint8_t warp, slot;
    uint32_t pc;
    unsigned n, next;
    uint64_t line[32];
    uint8_t lane[32];
} lsu;

typedef struct sm {
    warp *w;
    blockslot blk[8];
    unsigned live_warps;
    unsigned *last;          /* LRR: last warp issued by each scheduler */
    int *greedy;             /* GTO: the warp each scheduler sticks with (-1 none) */
    gpu_l1 l1;
    lsu ls;
    hitret *hits;            /* ring of l1.lat + 1 entries at most one a cycle */
    unsigned h_head, h_count, h_cap;
    mheap reply;             /* from the interconnect */
    uint64_t inj_free;       /* injection port busy until */
    /* MRPB */
    blk_inst mrpb;
    int has_mrpb;
    int gate;                /* clock-gate when idle: C bindings only, so an RTL's cycles are GPU cycles */
    mrpb_in min;
    mrpb_out mout;
    uint64_t occ;            /* entries in the queues (taken, not yet drained) */
    int obuf;                /* the outbound register holds a request after the edge */
    /* counters */
    uint64_t insts, tinsts, loads, stores, access[L1_NRESULTS], bypass, stall, idle_issue;
    uint64_t lat_sum, lat_n;
    uint64_t m_enq, m_drain[4], m_wpass, m_flush, m_occ_sum, m_occ_max;
} sm;

/* ---- L2 slice ---- */

typedef struct l2line { uint64_t line, lru; uint16_t mshr; uint8_t state, dirty; } l2line;
typedef struct l2mshr { uint64_t line; unsigned n; uint8_t used, dirty_on_fill; gmsg w[L2_WAITERS]; } l2mshr;

typedef struct slice {
    l2line *lines;
    l2mshr *mshr;
    unsigned sets, used_mshr;
    uint64_t stamp;
    mheap in, out;
    unsigned in_count;       /* packets addressed to the slice not yet handled (credits) */
    uint64_t rep_free;
    uint64_t hits, misses, merges, writes, stall;
} slice;

struct gpu {
    gpu_cfg c;
    const gk_workload *wl;
    mrpb_cfg mcfg;
    sm *sm;
    slice *sl;
    gpu_dram *ch;
    uint64_t now, seq, last_progress, rng, age;
    unsigned dram_acc;
    /* current launch */
    int li;
    const gk_launch *L;
    int p1, p2;
    unsigned tpb, wpb;       /* threads and warps per block */
    uint64_t nblocks, next_block, done_blocks;
    unsigned next_sm;
    unsigned launches_done;
    gpu_l1_trace_fn trace;
    void *trace_ctx;
};

void gpu_set_l1_trace(gpu *g, gpu_l1_trace_fn fn, void *ctx)
{
    g->trace = fn;
    g->trace_ctx = ctx;
}
#define L1_TRACE(g, S, ev, line, wr, res) \
    do { if ((g)->trace) (g)->trace((g)->trace_ctx, (unsigned)((S) - (g)->sm), ev, line, wr, res); } while (0)

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static unsigned jitter(gpu *g) { return g->c.icnt_jitter ? (unsigned)(rng_next(&g->rng) % (g->c.icnt_jitter + 1)) : 0; }
static unsigned ser_cycles(const gpu *g, unsigned bytes) { return (bytes + g->c.icnt_bw - 1) / g->c.icnt_bw; }
static unsigned slice_of(const gpu *g, uint64_t line) { return (unsigned)(line % g->c.l2_slices); }

/* ---- launches and warps ---- */

/* lanes that execute op: the warp's active lanes, narrowed by the op's own branch */
static uint32_t op_mask(const gpu *g, const warp *w, const gk_op *op)
{
    if (!op->when) return w->mask;
    uint32_t m = 0;
    for (unsigned l = 0; l < 32; l++)
        if ((w->mask >> l & 1) && op->when(g->L, w->x[l], w->y[l])) m |= 1u << l;
    return m;
}

static void warp_step(gpu *g, warp *w)
{
    w->opi++;
    if (w->opi == g->p2 && g->p1 < g->p2) { /* end of a body iteration */
        if (++w->k < g->L->trip) w->opi = g->p1;
        else w->k = 0;
    }
}

/* after a move: skip an empty or zero-trip body and ops no lane of the warp executes */
static void warp_settle(gpu *g, warp *w)
{
    for (;;) {
        if (w->opi == g->p1 && w->k == 0 && (g->L->trip <= 0 || g->p1 == g->p2)) w->opi = g->p2;
        if (w->opi >= g->L->nops) {
            w->prog_done = 1;
            return;
        }
        const gk_op *op = &g->L->ops[w->opi];
        if (!op->when || op_mask(g, w, op)) return;
        warp_step(g, w);
    }
}

static void warp_advance(gpu *g, warp *w)
{
    warp_step(g, w);
    warp_settle(g, w);
}

static int start_launch(gpu *g, char *err, size_t n)
{
    const gk_launch *L = &g->wl->launch[g->li];
    g->L = L;
    g->p1 = g->p2 = L->nops;
    for (int i = L->nops - 1; i >= 0; i--) {
        if (L->ops[i].sect >= GK_BODY) g->p1 = i;
        if (L->ops[i].sect >= GK_EPI) g->p2 = i;
    }
    if (g->p2 < g->p1) g->p2 = g->p1;
    g->tpb = L->block_x * L->block_y;
    g->wpb = (g->tpb + 31) / 32;
    g->nblocks = (uint64_t)L->grid_x * L->grid_y;
    g->next_block = g->done_blocks = 0;
    if (g->tpb == 0 || g->tpb > 1024 || g->wpb > g->c.warps || g->tpb > g->c.threads) {
        snprintf(err, n, "launch %d (%s): %u threads per block do not fit an SM (core.warps=%u, core.threads=%u)",
                 g->li, L->kernel, g->tpb, g->c.warps, g->c.threads);
        return 1;
    }
    if (g->c.mrpb && g->mcfg.Sig == MRPB_SIG_INBLK && g->wpb > g->mcfg.NumQ) {
        snprintf(err, n, "launch %d (%s): %u warps per block but MRPB has NumQ=%u in-block queues",
                 g->li, L->kernel, g->wpb, g->mcfg.NumQ);
        return 1;
    }
    for (unsigned s = 0; s < g->c.sms; s++) {
        gpu_l1_invalidate(&g->sm[s].l1);
        L1_TRACE(g, &g->sm[s], 2, 0, 0, 0);
    }
    return 0;
}

static void warp_retire(gpu *g, sm *S, unsigned ws);

static int dispatch_block(gpu *g, sm *S)
{
    unsigned b = g->c.blocks, nb = 0;
    for (unsigned i = 0; i < g->c.blocks; i++) {
        if (S->blk[i].live) nb++;
        else if (b == g->c.blocks) b = i;
    }
    if (b == g->c.blocks || S->live_warps + g->wpb > g->c.warps || (nb + 1) * g->tpb > g->c.threads) return 0;
    uint64_t id = g->next_block++;
    uint64_t bx = id % g->L->grid_x, by = id / g->L->grid_x;
    blockslot *B = &S->blk[b];
    B->live = 1;
    B->warps_left = g->wpb;
    B->bar_wait = 0;
    unsigned wi = 0, idle[64], nidle = 0;
    for (unsigned ws = 0; ws < g->c.warps && wi < g->wpb; ws++) {
        warp *w = &S->w[ws];
        if (w->live) continue;
        memset(w, 0, sizeof *w);
        w->live = 1;
        w->block = (uint8_t)b;
        w->inblk = (uint8_t)wi;
        w->age = g->age++;
        for (unsigned l = 0; l < 32; l++) {
            unsigned tid = wi * 32 + l;
            if (tid >= g->tpb) continue;
            int64_t x = (int64_t)(bx * g->L->block_x + tid % g->L->block_x);
            int64_t y = (int64_t)(by * g->L->block_y + tid / g->L->block_x);
            w->x[l] = x;
            w->y[l] = y;
            if (!g->L->guard || g->L->guard(g->L, x, y)) w->mask |= 1u << l;
        }
        w->ready = g->now + 1;
        if (!w->mask) w->opi = g->L->nops; /* every lane fails the guard: nothing to run */
        warp_settle(g, w);
        if (w->prog_done) idle[nidle++] = ws;
        S->live_warps++;
        wi++;
    }
    for (unsigned i = 0; i < nidle; i++) warp_retire(g, S, idle[i]);
    return 1;
}

static void warp_retire(gpu *g, sm *S, unsigned ws)
{
    warp *w = &S->w[ws];
    blockslot *B = &S->blk[w->block];
    w->live = 0;
    S->live_warps--;
    if (--B->warps_left == 0) {
        B->live = 0;
        g->done_blocks++;
    }
}

static void load_done(gpu *g, sm *S, unsigned ws, unsigned slot)
{
    warp *w = &S->w[ws];
    ld_slot *L = &w->slot[slot];
    w->pending--;
    if (--L->left == 0) {
        S->lat_sum += g->now - L->issue;
        S->lat_n++;
        w->slot_busy &= ~(1u << slot);
    }
    if (w->prog_done && !w->pending) warp_retire(g, S, ws);
}

/* ---- SM cycle ---- */

static void sm_returns(gpu *g, sm *S)
{
    const gmsg *m = mh_top(&S->reply, g->now);
    if (m) {
        gmsg r = *m;
        mh_pop(&S->reply);
        if (r.bypass) {
            load_done(g, S, r.warp, r.slot);
        } else {
            unsigned nw;
            L1_TRACE(g, S, 1, r.line, 0, 0);
            const l1_waiter *wt = gpu_l1_fill(&S->l1, r.mshr, &nw);
            for (unsigned i = 0; i < nw; i++) load_done(g, S, wt[i].warp, wt[i].slot);
        }
        g->last_progress = g->now;
    }
    while (S->h_count && S->hits[S->h_head].t <= g->now) {
        hitret h = S->hits[S->h_head];
        S->h_head = (S->h_head + 1) % S->h_cap;
        S->h_count--;
        load_done(g, S, h.warp, h.slot);
    }
}

static void hit_push(gpu *g, sm *S, uint8_t warp, uint8_t slot)
{
    hitret *h = &S->hits[(S->h_head + S->h_count) % S->h_cap];
    h->t = g->now + g->c.l1_lat;
    h->warp = warp;
    h->slot = slot;
    S->h_count++;
}

static void l1_commit(gpu *g, sm *S, uint64_t line, int write, uint8_t warp, uint8_t slot)
{
    int r = gpu_l1_access(&S->l1, line, write, warp, slot, 1);
    L1_TRACE(g, S, 0, line, write, r);
    S->access[r]++;
    if (r == L1_HIT) hit_push(g, S, warp, slot);
    g->last_progress = g->now;
}

static int sm_memstage(gpu *g, sm *S)
{
    lsu *q = &S->ls;
    if (!S->has_mrpb) {
        if (!q->busy) return 0;
        int r = gpu_l1_access(&S->l1, q->line[q->next], q->write, q->warp, q->slot, 0);
        if (l1_failed(r)) {
            L1_TRACE(g, S, 0, q->line[q->next], q->write, r);
            S->access[r]++;
            S->stall++;
            return 0;
        }
        l1_commit(g, S, q->line[q->next], q->write, q->warp, q->slot);
        if (++q->next == q->n) q->busy = 0;
        return 0;
    }
    mrpb_in *in = &S->min;
    mrpb_out *out = &S->mout;
    /* an empty MRPB offered nothing is a fixed point of its state (no timers; the RR
     * pointer and greedy hold change only on a drain): skipping its clock then is
     * exact (gate=off checks this) and saves most of the cost on idle SMs. Only C
     * bindings are gated: an rtl/lockstep instance sees every GPU cycle, so its
     * mismatch reports and waveforms count GPU cycles. */
    if (S->gate && !q->busy && !S->occ && !S->obuf) return 0;
    in->rst_i = 0;
    in->req_valid_i = (uint64_t)q->busy;
    if (q->busy) {
        in->req_write_i = (uint64_t)q->write;
        in->req_addr_i = q->line[q->next] & bits_mask(g->mcfg.AddrW);
        in->req_warp_i = q->warp;
        in->req_block_i = S->w[q->warp].block;
        in->req_inblk_i = S->w[q->warp].inblk;
        in->req_lane_i = q->lane[q->next];
        in->req_pc_i = q->pc & bits_mask(g->mcfg.PcW);
        in->req_tag_i = q->slot;
    }
    in->cache_accept_i = 0;
    in->cache_stall_i = 0;
    in->byp_ready_i = !gpu_l1_missq_full(&S->l1);
    if (S->mrpb.eval(S->mrpb.self, in, out)) return 1;
    int r = -1;
    if (out->out_valid_o) {
        r = gpu_l1_access(&S->l1, out->out_addr_o, (int)out->out_write_o, (uint8_t)out->out_warp_o,
                          (uint8_t)out->out_tag_o, 0);
        in->cache_accept_i = !l1_failed(r);
        in->cache_stall_i = l1_stall_code(r);
        if (S->mrpb.eval(S->mrpb.self, in, out)) return 1;
    }
    if (r >= 0) {
        if (!l1_failed(r)) {
            l1_commit(g, S, out->out_addr_o, (int)out->out_write_o, (uint8_t)out->out_warp_o,
                      (uint8_t)out->out_tag_o);
        } else if (out->bypass_o) {
            L1_TRACE(g, S, 0, out->out_addr_o, 0, r); /* refused by the L1, then bypassed */
            gpu_l1_bypass(&S->l1, out->out_addr_o, (uint8_t)out->out_warp_o, (uint8_t)out->out_tag_o);
            S->bypass++;
            g->last_progress = g->now;
        } else {
            L1_TRACE(g, S, 0, out->out_addr_o, (int)out->out_write_o, r);
            S->access[r]++;
        }
    }
    if (q->busy) {
        if (out->req_ready_o) {
            if (!(q->write && out->wpass_o)) S->occ++;
            S->m_enq++;
            if (q->write && out->wpass_o) S->m_wpass++;
            if (++q->next == q->n) q->busy = 0;
            g->last_progress = g->now;
        } else {
            S->stall++;
        }
    }
    S->obuf = (out->out_valid_o && !in->cache_accept_i && !out->bypass_o) || out->drain_valid_o || out->wpass_o;
    if (out->drain_valid_o) {
        S->occ--;
        S->m_drain[out->drain_why_o & 3]++;
    }
    if (out->flush_o) S->m_flush++;
    S->m_occ_sum += S->occ;
    if (S->occ > S->m_occ_max) S->m_occ_max = S->occ;
    return S->mrpb.tick(S->mrpb.self, in) ? 1 : 0;
}

static void sm_inject(gpu *g, sm *S, unsigned s)
{
    const l1_missq_ent *e = gpu_l1_missq_head(&S->l1);
    if (!e || S->inj_free > g->now) return;
    slice *D = &g->sl[slice_of(g, e->line)];
    if (D->in_count >= g->c.l2_queue) return;
    unsigned ser = ser_cycles(g, e->write ? 8 + g->c.l1_line : 8);
    gmsg m = {0};
    m.t = g->now + ser + g->c.icnt_lat + jitter(g);
    m.seq = g->seq++;
    m.line = e->line;
    m.sm = (uint16_t)s;
    m.mshr = e->mshr;
    m.write = e->write;
    m.bypass = e->bypass;
    m.warp = e->warp;
    m.slot = e->slot;
    if (mh_push(&D->in, &m)) return;
    D->in_count++;
    S->inj_free = g->now + ser;
    gpu_l1_missq_pop(&S->l1);
    g->last_progress = g->now;
}

/* can warp ws issue its next instruction now? */
static int can_issue(const gpu *g, const warp *w, int lsu_free)
{
    if (!w->live || w->prog_done || w->at_bar || w->ready > g->now) return 0;
    const gk_op *op = &g->L->ops[w->opi];
    switch (op->kind) {
    case GK_LOAD: return lsu_free && w->slot_busy != (1u << LD_SLOTS) - 1;
    case GK_STORE: return lsu_free && !w->pending;
    default: return !w->pending;
    }
}

static void issue(gpu *g, sm *S, unsigned ws)
{
    warp *w = &S->w[ws];
    const gk_op *op = &g->L->ops[w->opi];
    uint32_t mask = op_mask(g, w, op);
    unsigned active = (unsigned)__builtin_popcount(mask);
    S->insts++;
    S->tinsts += active;
    w->ready = g->now + 1;
    g->last_progress = g->now;
    if (op->kind == GK_ALU) {
        w->ready = g->now + (op->lat ? op->lat : 1);
    } else if (op->kind == GK_BAR) {
        blockslot *B = &S->blk[w->block];
        w->at_bar = 1;
        if (++B->bar_wait == B->warps_left) {
            for (unsigned i = 0; i < g->c.warps; i++)
                if (S->w[i].live && S->w[i].block == w->block) S->w[i].at_bar = 0;
            B->bar_wait = 0;
        }
    } else {
        lsu *q = &S->ls;
        unsigned shift = (unsigned)__builtin_ctz(g->c.l1_line);
        q->busy = 1;
        q->write = op->kind == GK_STORE;
        q->warp = (uint8_t)ws;
        q->pc = op->pc;
        q->n = q->next = 0;
        for (unsigned l = 0; l < 32; l++) { /* coalesce: one request per distinct line */
            if (!(mask >> l & 1)) continue;
            uint64_t line = gk_addr(g->wl, g->L, op, w->x[l], w->y[l], w->k) >> shift;
            unsigned i = q->n;
            while (i && q->line[i - 1] != line) i--;
            if (i && q->line[i - 1] == line) continue;
            q->line[q->n] = line;
            q->lane[q->n] = (uint8_t)l;
            q->n++;
        }
        if (q->write) {
            S->stores++;
            q->slot = 0;
        } else {
            unsigned s = (unsigned)__builtin_ctz(~w->slot_busy);
            S->loads++;
            w->slot_busy |= 1u << s;
            w->slot[s].issue = g->now;
            w->slot[s].left = (uint16_t)q->n;
            w->pending += q->n;
            q->slot = (uint8_t)s;
        }
    }
    warp_advance(g, w);
    if (w->prog_done && !w->pending && !w->at_bar) warp_retire(g, S, ws);
}

static void sm_schedule(gpu *g, sm *S)
{
    unsigned n = g->c.schedulers, W = g->c.warps;
    int lsu_free = !S->ls.busy;
    int issued = 0;
    for (unsigned s = 0; s < n; s++) {
        int pick = -1;
        if (g->c.sched == GPU_SCHED_GTO) {
            int gw = S->greedy[s];
            if (gw >= 0 && can_issue(g, &S->w[gw], lsu_free)) pick = gw;
            for (unsigned ws = s; pick < 0 && ws < W; ws += n) {
                if (!can_issue(g, &S->w[ws], lsu_free)) continue;
                pick = (int)ws;
                for (unsigned v = ws + n; v < W; v += n)
                    if (S->w[v].age < S->w[pick].age && can_issue(g, &S->w[v], lsu_free)) pick = (int)v;
            }
            S->greedy[s] = pick;
        } else {
            /* loose round robin: the first ready warp after the last one issued */
            unsigned last = S->last[s], ws = last;
            do {
                ws += n;
                if (ws >= W) ws = s;
                if (can_issue(g, &S->w[ws], lsu_free)) {
                    pick = (int)ws;
                    S->last[s] = ws;
                    break;
                }
            } while (ws != last);
        }
        if (pick < 0) continue;
        int mem = g->L->ops[S->w[pick].opi].kind == GK_LOAD || g->L->ops[S->w[pick].opi].kind == GK_STORE;
        issue(g, S, (unsigned)pick);
        if (mem) lsu_free = 0;
        issued = 1;
    }
    if (!issued && S->live_warps) S->idle_issue++;
}

/* ---- L2 slice and DRAM ---- */

static void dram_map(const gpu *g, uint64_t line, unsigned *ch, unsigned *bank, uint32_t *row)
{
    uint64_t local = line / g->c.l2_slices;
    unsigned lpr = g->c.dram_row / g->c.l1_line;
    *ch = slice_of(g, line) % g->c.dram_channels;
    *bank = (unsigned)((local / lpr) % g->c.dram_banks);
    *row = (uint32_t)(local / ((uint64_t)lpr * g->c.dram_banks));
}

static void reply_push(gpu *g, slice *D, const gmsg *req, uint64_t t)
{
    gmsg r = *req;
    r.t = t;
    r.seq = g->seq++;
    mh_push(&D->out, &r);
}

static int slice_room(const gpu *g, unsigned ch, unsigned need) { return g->ch[ch].count + need <= g->ch[ch].cap; }

static l2line *l2_victim(l2line *set, unsigned assoc)
{
    l2line *v = NULL;
    for (unsigned w = 0; w < assoc; w++) {
        l2line *l = &set[w];
        if (l->state == L1_RESERVED) continue;
        if (!v || (v->state == L1_VALID && (l->state == L1_INVALID || l->lru < v->lru))) v = l;
    }
    return v;
}

static void slice_cycle(gpu *g, unsigned si)
{
    slice *D = &g->sl[si];
    unsigned A = g->c.l2_assoc;
    const gmsg *m = mh_top(&D->in, g->now);
    if (m) {
        uint64_t line = m->line;
        l2line *set = &D->lines[(size_t)((line / g->c.l2_slices) % D->sets) * A], *hit = NULL;
        for (unsigned w = 0; w < A; w++)
            if (set[w].state != L1_INVALID && set[w].line == line) hit = &set[w];
        unsigned ch, bank;
        uint32_t row;
        dram_map(g, line, &ch, &bank, &row);
        int done = 0;
        if (hit && hit->state == L1_VALID) {
            hit->lru = ++D->stamp;
            if (m->write) { hit->dirty = 1; D->writes++; }
            else { D->hits++; reply_push(g, D, m, g->now + g->c.l2_lat); }
            done = 1;
        } else if (hit) { /* reserved: merge */
            l2mshr *M = &D->mshr[hit->mshr];
            if (m->write) { M->dirty_on_fill = 1; D->writes++; done = 1; }
            else if (M->n < L2_WAITERS) { M->w[M->n++] = *m; D->merges++; done = 1; }
        } else {
            l2line *v = l2_victim(set, A);
            unsigned need = (m->write ? 0 : 1) + (v && v->state == L1_VALID && v->dirty ? 1 : 0);
            int mshr_ok = m->write || D->used_mshr < g->c.l2_mshr;
            if (v && mshr_ok && slice_room(g, ch, need)) {
                if (v->state == L1_VALID && v->dirty) {
                    unsigned vch, vb;
                    uint32_t vr;
                    dram_map(g, v->line, &vch, &vb, &vr);
                    gpu_dram_push(&g->ch[vch], v->line, vb, vr, 1, si);
                }
                v->line = line;
                v->lru = ++D->stamp;
                if (m->write) {
                    v->state = L1_VALID;
                    v->dirty = 1;
                    D->writes++;
                } else {
                    unsigned mi = 0;
                    while (D->mshr[mi].used) mi++;
                    l2mshr *M = &D->mshr[mi];
                    M->used = 1;
                    M->line = line;
                    M->n = 1;
                    M->w[0] = *m;
                    M->dirty_on_fill = 0;
                    D->used_mshr++;
                    v->state = L1_RESERVED;
                    v->mshr = (uint16_t)mi;
                    v->dirty = 0;
                    gpu_dram_push(&g->ch[ch], line, bank, row, 0, si);
                    D->misses++;
                }
                done = 1;
            }
        }
        if (done) {
            mh_pop(&D->in);
            D->in_count--;
            g->last_progress = g->now;
        } else {
            D->stall++;
        }
    }
    const gmsg *r = mh_top(&D->out, g->now);
    if (r && D->rep_free <= g->now) {
        unsigned ser = ser_cycles(g, 8 + g->c.l1_line);
        gmsg x = *r;
        mh_pop(&D->out);
        x.t = g->now + ser + g->c.icnt_lat + jitter(g);
        x.seq = g->seq++;
        mh_push(&g->sm[x.sm].reply, &x);
        D->rep_free = g->now + ser;
        g->last_progress = g->now;
    }
}

static void dram_fills(gpu *g, unsigned c)
{
    gpu_dram *d = &g->ch[c];
    const dram_done *e;
    while ((e = gpu_dram_peek(d))) {
        slice *D = &g->sl[e->tag];
        uint64_t line = e->line;
        gpu_dram_pop(d);
        l2line *set = &D->lines[(size_t)((line / g->c.l2_slices) % D->sets) * g->c.l2_assoc];
        for (unsigned w = 0; w < g->c.l2_assoc; w++) {
            l2line *l = &set[w];
            if (l->state != L1_RESERVED || l->line != line) continue;
            l2mshr *M = &D->mshr[l->mshr];
            l->state = L1_VALID;
            l->dirty = M->dirty_on_fill;
            for (unsigned i = 0; i < M->n; i++) reply_push(g, D, &M->w[i], g->now);
            M->used = 0;
            M->n = 0;
            D->used_mshr--;
            break;
        }
        g->last_progress = g->now;
    }
}

/* ---- construction ---- */

static int sm_init(gpu *g, sm *S, unsigned s, gpu_bind_fn bind, void *ctx, char *err, size_t n)
{
    const gpu_cfg *c = &g->c;
    S->w = calloc(c->warps, sizeof *S->w);
    S->last = calloc(c->schedulers, sizeof *S->last);
    S->greedy = malloc(c->schedulers * sizeof *S->greedy);
    S->h_cap = c->l1_lat + 2;
    S->hits = calloc(S->h_cap, sizeof *S->hits);
    if (!S->w || !S->last || !S->greedy || !S->hits ||
        gpu_l1_init(&S->l1, c->l1_size, c->l1_assoc, c->l1_line, c->l1_mshr, c->l1_merge, c->l1_missq)) {
        snprintf(err, n, "out of memory");
        return 1;
    }
    for (unsigned i = 0; i < c->schedulers; i++) {
        S->greedy[i] = -1;
        S->last[i] = i + (c->warps - 1 - i) / c->schedulers * c->schedulers; /* first pick: warp i */
    }
    if (c->mrpb) {
        if (bind(ctx, s, &S->mrpb, &mrpb_kind, &g->mcfg, err, n)) return 1;
        S->has_mrpb = 1;
        S->gate = c->gate && S->mrpb.mode == BLK_MODE_C;
    }
    return 0;
}

gpu *gpu_create(const gpu_cfg *c, const gk_workload *w, uint64_t seed, gpu_bind_fn bind, void *ctx,
                char *err, size_t n)
{
    if (gpu_cfg_validate(c, err, n)) return NULL;
    if (w->nlaunch < 1) {
        snprintf(err, n, "workload %s has no launches", w->name);
        return NULL;
    }
    gpu *g = calloc(1, sizeof *g);
    if (!g) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    g->c = *c;
    g->wl = w;
    g->rng = seed * 0x2545f4914f6cdd1dULL + 1;
    if (c->mrpb) {
        if (blk_cfg_build(&mrpb_kind, &g->mcfg, c->mrpb_preset, c->mrpb_sets, err, n)) goto fail;
        const mrpb_cfg *M = &g->mcfg;
        if (M->Sig == MRPB_SIG_WARP && M->NumQ < c->warps) {
            snprintf(err, n, "mrpb: NumQ=%u warp-id queues cannot hold core.warps=%u warps", M->NumQ, c->warps);
            goto fail;
        }
        if (M->Sig == MRPB_SIG_BLOCK && M->NumQ < c->blocks) {
            snprintf(err, n, "mrpb: NumQ=%u block-id queues cannot hold core.blocks=%u blocks", M->NumQ, c->blocks);
            goto fail;
        }
        if (M->TagW < 4 || M->AddrW < 32) {
            snprintf(err, n, "mrpb: the GPU model needs TagW >= 4 (load slots) and AddrW >= 32 (line addresses)");
            goto fail;
        }
    }
    g->sm = calloc(c->sms, sizeof *g->sm);
    g->sl = calloc(c->l2_slices, sizeof *g->sl);
    g->ch = calloc(c->dram_channels, sizeof *g->ch);
    if (!g->sm || !g->sl || !g->ch) {
        snprintf(err, n, "out of memory");
        goto fail;
    }
    for (unsigned s = 0; s < c->sms; s++)
        if (sm_init(g, &g->sm[s], s, bind, ctx, err, n)) goto fail;
    for (unsigned i = 0; i < c->l2_slices; i++) {
        slice *D = &g->sl[i];
        D->sets = c->l2_size / (c->l1_line * c->l2_assoc);
        D->lines = calloc((size_t)D->sets * c->l2_assoc, sizeof *D->lines);
        D->mshr = calloc(c->l2_mshr, sizeof *D->mshr);
        if (!D->lines || !D->mshr) {
            snprintf(err, n, "out of memory");
            goto fail;
        }
    }
    dram_timing t = {c->tCL, c->tRP, c->tRCD, c->tRAS, c->tRC, c->tCCD, c->tRRD, c->tWR, c->dram_burst};
    for (unsigned i = 0; i < c->dram_channels; i++)
        if (gpu_dram_init(&g->ch[i], &t, c->dram_banks, c->dram_queue)) {
            snprintf(err, n, "out of memory");
            goto fail;
        }
    g->li = 0;
    if (start_launch(g, err, n)) goto fail;
    return g;
fail:
    gpu_destroy(g);
    return NULL;
}

void gpu_destroy(gpu *g)
{
    if (!g) return;
    for (unsigned s = 0; g->sm && s < g->c.sms; s++) {
        sm *S = &g->sm[s];
        if (S->has_mrpb) S->mrpb.destroy(S->mrpb.self);
        free(S->w);
        free(S->last);
        free(S->greedy);
        free(S->hits);
        free(S->reply.a);
        gpu_l1_free(&S->l1);
    }
    for (unsigned i = 0; g->sl && i < g->c.l2_slices; i++) {
        free(g->sl[i].lines);
        free(g->sl[i].mshr);
        free(g->sl[i].in.a);
        free(g->sl[i].out.a);
    }
    for (unsigned i = 0; g->ch && i < g->c.dram_channels; i++) gpu_dram_free(&g->ch[i]);
    free(g->sm);
    free(g->sl);
    free(g->ch);
    free(g);
}

/* ---- the run ---- */

static int memory_idle(const gpu *g)
{
    for (unsigned s = 0; s < g->c.sms; s++) {
        const sm *S = &g->sm[s];
        if (S->live_warps || S->ls.busy || S->h_count || S->reply.n || !gpu_l1_idle(&S->l1)) return 0;
        if (S->has_mrpb && (S->occ || S->obuf)) return 0;
    }
    for (unsigned i = 0; i < g->c.l2_slices; i++)
        if (g->sl[i].in.n || g->sl[i].out.n || g->sl[i].used_mshr) return 0;
    for (unsigned i = 0; i < g->c.dram_channels; i++)
        if (!gpu_dram_idle(&g->ch[i])) return 0;
    return 1;
}

static void deadlock_report(const gpu *g, FILE *log)
{
    fprintf(log, "gpusim: deadlock: no progress for %u cycles at cycle %" PRIu64 " (launch %d %s, blocks %" PRIu64
                 "/%" PRIu64 " done)\n",
            g->c.watchdog, g->now, g->li, g->L->kernel, g->done_blocks, g->nblocks);
    for (unsigned s = 0; s < g->c.sms; s++) {
        const sm *S = &g->sm[s];
        if (!S->live_warps && !S->ls.busy && gpu_l1_idle(&S->l1)) continue;
        fprintf(log, "  sm %u: %u live warps, lsu %s (warp %u, line %u/%u), L1 MSHRs %u used, miss queue %u",
                s, S->live_warps, S->ls.busy ? "busy" : "idle", S->ls.warp, S->ls.next, S->ls.n,
                S->l1.used_mshr, S->l1.mq_count);
        if (S->has_mrpb) fprintf(log, ", MRPB %" PRIu64 " entries, out_valid %u", S->occ, (unsigned)S->mout.out_valid_o);
        fprintf(log, "\n");
        for (unsigned w = 0; w < g->c.warps; w++) {
            const warp *W = &S->w[w];
            if (W->live)
                fprintf(log, "    warp %u: op %d iter %" PRId64 " pending %u ready@%" PRIu64 "%s\n", w, W->opi, W->k,
                        W->pending, W->ready, W->at_bar ? " at barrier" : "");
        }
    }
    for (unsigned i = 0; i < g->c.l2_slices; i++)
        fprintf(log, "  l2 slice %u: in %u, out %u, MSHRs %u\n", i, g->sl[i].in.n, g->sl[i].out.n, g->sl[i].used_mshr);
    for (unsigned i = 0; i < g->c.dram_channels; i++)
        fprintf(log, "  dram %u: %u queued, %u completing\n", i, g->ch[i].count, g->ch[i].d_count);
}

int gpu_run(gpu *g, FILE *log)
{
    char err[256];
    for (;;) {
        for (unsigned s = 0; s < g->c.sms; s++) {
            sm *S = &g->sm[s];
            sm_returns(g, S);
            if (sm_memstage(g, S)) return GPU_MISMATCH;
            sm_inject(g, S, s);
            if (S->live_warps) sm_schedule(g, S);
        }
        /* dispatch: one block per SM per cycle, SMs in turn */
        for (unsigned i = 0; i < g->c.sms && g->next_block < g->nblocks; i++) {
            unsigned s = (g->next_sm + i) % g->c.sms;
            if (dispatch_block(g, &g->sm[s])) g->last_progress = g->now;
        }
        g->next_sm = (g->next_sm + 1) % g->c.sms;
        for (unsigned i = 0; i < g->c.l2_slices; i++) slice_cycle(g, i);
        g->dram_acc += g->c.dram_mhz;
        while (g->dram_acc >= g->c.core_mhz) {
            g->dram_acc -= g->c.core_mhz;
            for (unsigned i = 0; i < g->c.dram_channels; i++)
                if (gpu_dram_cycle(&g->ch[i])) g->last_progress = g->now;
        }
        for (unsigned i = 0; i < g->c.dram_channels; i++) dram_fills(g, i);
        g->now++;
        if (g->done_blocks == g->nblocks && memory_idle(g)) {
            g->launches_done++;
            if (++g->li == g->wl->nlaunch) return GPU_DONE;
            if (start_launch(g, err, sizeof err)) {
                fprintf(log, "gpusim: %s\n", err);
                return GPU_DEADLOCK;
            }
        }
        if (g->now - g->last_progress > g->c.watchdog) {
            deadlock_report(g, log);
            return GPU_DEADLOCK;
        }
        if (g->c.max_cycles && g->now >= g->c.max_cycles) return GPU_CYCLE_LIMIT;
    }
}

/* ---- results ---- */

uint64_t gpu_now(const gpu *g) { return g->now; }
unsigned gpu_sms(const gpu *g) { return g->c.sms; }
blk_inst *gpu_mrpb_inst(gpu *g, unsigned sm) { return sm < g->c.sms && g->sm[sm].has_mrpb ? &g->sm[sm].mrpb : NULL; }

void gpu_totals_get(const gpu *g, gpu_totals *t)
{
    memset(t, 0, sizeof *t);
    t->cycles = g->now;
    t->launches = g->launches_done;
    for (unsigned s = 0; s < g->c.sms; s++) {
        const sm *S = &g->sm[s];
        t->warp_insts += S->insts;
        t->thread_insts += S->tinsts;
        t->loads += S->loads;
        t->stores += S->stores;
        for (int r = 0; r < L1_NRESULTS; r++) t->l1_access[r] += S->access[r];
        t->l1_bypass += S->bypass;
        t->lsu_stall_cycles += S->stall;
        t->load_lat_sum += S->lat_sum;
        t->load_lat_n += S->lat_n;
        t->mrpb_enq += S->m_enq;
        for (int i = 0; i < 4; i++) t->mrpb_drains[i] += S->m_drain[i];
        t->mrpb_wpass += S->m_wpass;
        t->mrpb_flush_cycles += S->m_flush;
        t->mrpb_occ_sum += S->m_occ_sum;
        if (S->m_occ_max > t->mrpb_occ_max) t->mrpb_occ_max = S->m_occ_max;
    }
    t->l1_merges = t->l1_access[L1_HIT_PENDING];
    for (unsigned i = 0; i < g->c.l2_slices; i++) {
        t->l2_hits += g->sl[i].hits;
        t->l2_misses += g->sl[i].misses;
        t->l2_merges += g->sl[i].merges;
        t->l2_writes += g->sl[i].writes;
        t->l2_stall_cycles += g->sl[i].stall;
    }
    for (unsigned i = 0; i < g->c.dram_channels; i++) {
        const gpu_dram *d = &g->ch[i];
        t->dram_reads += d->reads;
        t->dram_writes += d->writes;
        t->dram_row_hits += d->row_hits;
        t->dram_row_misses += d->row_misses;
        t->dram_bus_busy += d->bus_busy;
        t->dram_cycles += d->now;
    }
}

double gpu_l1_hit_rate(const gpu_totals *t)
{
    uint64_t reads = t->l1_access[L1_HIT] + t->l1_access[L1_HIT_PENDING] + t->l1_access[L1_MISS] + t->l1_bypass;
    return reads ? (double)(t->l1_access[L1_HIT] + t->l1_access[L1_HIT_PENDING]) / (double)reads : 0.0;
}

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

void gpu_print_table(const gpu *g, FILE *f)
{
    gpu_totals t;
    gpu_totals_get(g, &t);
    fprintf(f, "%-28s %" PRIu64 "\n", "cycles", t.cycles);
    fprintf(f, "%-28s %" PRIu64 " (%u launches)\n", "warp instructions", t.warp_insts, t.launches);
    fprintf(f, "%-28s %.3f (thread IPC %.2f)\n", "IPC (warp instructions)", ratio(t.warp_insts, t.cycles),
            ratio(t.thread_insts, t.cycles));
    fprintf(f, "%-28s %" PRIu64 " loads, %" PRIu64 " stores\n", "memory instructions", t.loads, t.stores);
    fprintf(f, "%-28s hit %" PRIu64 ", hit-pending %" PRIu64 ", miss %" PRIu64 ", bypass %" PRIu64
               ", writes %" PRIu64 " (hit rate %.1f%%)\n",
            "L1 reads", t.l1_access[L1_HIT], t.l1_access[L1_HIT_PENDING], t.l1_access[L1_MISS], t.l1_bypass,
            t.l1_access[L1_WRITE], 100.0 * gpu_l1_hit_rate(&t));
    fprintf(f, "%-28s assoc %" PRIu64 ", mshr %" PRIu64 ", merge %" PRIu64 ", missq %" PRIu64 "\n",
            "L1 reservation fails", t.l1_access[L1_FAIL_ASSOC], t.l1_access[L1_FAIL_MSHR],
            t.l1_access[L1_FAIL_MERGE], t.l1_access[L1_FAIL_MISSQ]);
    fprintf(f, "%-28s %" PRIu64 "\n", "memory-stage stall cycles", t.lsu_stall_cycles);
    fprintf(f, "%-28s hit %" PRIu64 ", miss %" PRIu64 ", merged %" PRIu64 ", writes %" PRIu64 "\n", "L2 reads",
            t.l2_hits, t.l2_misses, t.l2_merges, t.l2_writes);
    fprintf(f, "%-28s reads %" PRIu64 ", writes %" PRIu64 ", row hits %.1f%%, data bus busy %.1f%%\n", "DRAM",
            t.dram_reads, t.dram_writes, 100.0 * ratio(t.dram_row_hits, t.dram_row_hits + t.dram_row_misses),
            100.0 * ratio(t.dram_bus_busy, t.dram_cycles));
    fprintf(f, "%-28s %.1f cycles\n", "average load latency", ratio(t.load_lat_sum, t.load_lat_n));
    if (g->c.mrpb)
        fprintf(f, "%-28s avg %.2f entries/SM (max %" PRIu64 "), drains policy %" PRIu64 " greedy %" PRIu64
                   " full %" PRIu64 " flush %" PRIu64 ", write passes %" PRIu64 "\n",
                "MRPB occupancy", ratio(t.mrpb_occ_sum, t.cycles) / g->c.sms, t.mrpb_occ_max, t.mrpb_drains[0],
                t.mrpb_drains[1], t.mrpb_drains[2], t.mrpb_drains[3], t.mrpb_wpass);
}

static void json_arr(FILE *f, const char *name, const gpu *g, size_t off, int last)
{
    fprintf(f, "    \"%s\": [", name);
    for (unsigned s = 0; s < g->c.sms; s++)
        fprintf(f, "%s%" PRIu64, s ? ", " : "", *(const uint64_t *)((const char *)&g->sm[s] + off));
    fprintf(f, "]%s\n", last ? "" : ",");
}

void gpu_print_json(const gpu *g, FILE *f, const char *bindings)
{
    gpu_totals t;
    gpu_totals_get(g, &t);
    const gk_workload *w = g->wl;
    fprintf(f, "{\n  \"config\": {\n");
    gpu_cfg_json(&g->c, f, "    ");
    if (g->c.mrpb) {
        char buf[512];
        blk_cfg_format(&mrpb_kind, &g->mcfg, buf, sizeof buf);
        fprintf(f, ",\n    \"mrpb.config\": \"%s\"", buf);
    }
    fprintf(f, "\n  },\n  \"workload\": {\"name\": \"%s\", \"class\": \"%s\", \"launches\": %d, \"sizes\": [%" PRId64
               ", %" PRId64 ", %" PRId64 ", %" PRId64 "]},\n",
            w->name, w->class_, w->nlaunch, w->size[0], w->size[1], w->size[2], w->size[3]);
    fprintf(f, "  \"bindings\": \"%s\",\n", bindings ? bindings : "");
    fprintf(f, "  \"counters\": {\n");
#define J(name, v) fprintf(f, "    \"%s\": %" PRIu64 ",\n", name, (uint64_t)(v))
    J("cycles", t.cycles);
    J("launches_completed", t.launches);
    J("warp_instructions", t.warp_insts);
    J("thread_instructions", t.thread_insts);
    fprintf(f, "    \"ipc_warp\": %.6f,\n    \"ipc_thread\": %.6f,\n", ratio(t.warp_insts, t.cycles),
            ratio(t.thread_insts, t.cycles));
    J("load_instructions", t.loads);
    J("store_instructions", t.stores);
    J("l1_hits", t.l1_access[L1_HIT]);
    J("l1_hit_pending", t.l1_access[L1_HIT_PENDING]);
    J("l1_misses", t.l1_access[L1_MISS]);
    J("l1_bypasses", t.l1_bypass);
    J("l1_writes", t.l1_access[L1_WRITE]);
    fprintf(f, "    \"l1_hit_rate\": %.6f,\n", gpu_l1_hit_rate(&t));
    J("l1_fail_assoc", t.l1_access[L1_FAIL_ASSOC]);
    J("l1_fail_mshr", t.l1_access[L1_FAIL_MSHR]);
    J("l1_fail_merge", t.l1_access[L1_FAIL_MERGE]);
    J("l1_fail_missq", t.l1_access[L1_FAIL_MISSQ]);
    J("l1_mshr_merges", t.l1_merges);
    J("lsu_stall_cycles", t.lsu_stall_cycles);
    J("l2_hits", t.l2_hits);
    J("l2_misses", t.l2_misses);
    J("l2_merges", t.l2_merges);
    J("l2_writes", t.l2_writes);
    J("l2_stall_cycles", t.l2_stall_cycles);
    J("dram_reads", t.dram_reads);
    J("dram_writes", t.dram_writes);
    J("dram_row_hits", t.dram_row_hits);
    J("dram_row_misses", t.dram_row_misses);
    J("dram_bus_busy_cycles", t.dram_bus_busy);
    J("dram_cycles", t.dram_cycles);
    fprintf(f, "    \"dram_bandwidth_use\": %.6f,\n", ratio(t.dram_bus_busy, t.dram_cycles));
    fprintf(f, "    \"avg_load_latency\": %.3f,\n", ratio(t.load_lat_sum, t.load_lat_n));
    J("mrpb_enqueued", t.mrpb_enq);
    J("mrpb_drain_policy", t.mrpb_drains[0]);
    J("mrpb_drain_greedy", t.mrpb_drains[1]);
    J("mrpb_drain_full", t.mrpb_drains[2]);
    J("mrpb_drain_flush", t.mrpb_drains[3]);
    J("mrpb_write_passes", t.mrpb_wpass);
    J("mrpb_flush_wait_cycles", t.mrpb_flush_cycles);
    fprintf(f, "    \"mrpb_avg_occupancy_per_sm\": %.6f,\n", ratio(t.mrpb_occ_sum, t.cycles) / g->c.sms);
    J("mrpb_max_occupancy", t.mrpb_occ_max);
#undef J
    fprintf(f, "    \"per_sm\": {\n");
    json_arr(f, "warp_instructions", g, offsetof(sm, insts), 0);
    json_arr(f, "lsu_stall_cycles", g, offsetof(sm, stall), 0);
    json_arr(f, "no_issue_cycles", g, offsetof(sm, idle_issue), 0);
    json_arr(f, "l1_bypasses", g, offsetof(sm, bypass), 0);
    json_arr(f, "mrpb_enqueued", g, offsetof(sm, m_enq), 1);
    fprintf(f, "    }\n  }\n}\n");
}
