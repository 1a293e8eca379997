/*
 * rft_gpu.c: the reuse frequency table (LASC, seed 003 ch. 5) in the GPU memory
 * model, at the L1 hook (cmodel/gpu/gpu_hooks.h). One instance per SM: its replica of
 * the table and its L1's per-line state (the hashed PC of the filling load and its
 * reuse flag).
 *
 * Every access offered to the SM's L1 (hits, misses, stores, prefetches, refusals) is
 * one block clock: l1_access sets the inputs and evaluates (the answer byp_o: bypass a
 * demand read whose PC's entry says no reuse, when the L1 would honour it; the driver
 * has bypass_refused, so a refused read can be bypassed too), l1_commit sets the
 * outcome every block at the hook agreed on (final_byp_i) and clocks the block. The
 * state follows the outcome, never this block's answer alone: a selective-caching block
 * may bypass a read this one would cache, or the reverse.
 *
 * The seed's table is one table shared by all SMs. Here every SM holds a replica and
 * every eviction update is broadcast: when an SM's clock makes an update (upd_v_o), the
 * driver clocks every other replica once with it as a remote update (rupd_v_i), in SM
 * order, right away. SMs run in SM order within a GPU cycle, so every replica applies
 * the updates of a cycle in the same (SM) order and all replicas hold the same table
 * after each SM's step; with the OR update the order never changes a value anyway.
 *
 * The kernel-boundary flush is one clock with flush_i (every line dropped). Fills are
 * not clocks (the block needs no fill: a reserved line is tracked from its allocation).
 * The driver keeps, beside the block, a per-line hit counter (not block state) for the
 * seed's average reuse frequency of cached lines.
 *
 * Pipe=1 (docs/timing/rft.md): the block does an event's line action one clock later
 * and its eviction's update (upd_v_o, applied to its own replica then) two clocks
 * later; the driver broadcasts it then. The block's clock here is an L1 event, so
 * "later" are the SM's next events when they come in the next GPU cycles; for the GPU
 * cycles after an event without one, the driver gives the block idle clocks (up to two,
 * before the next event or flush, the clocks that would have run): an update lands
 * two GPU cycles after its eviction (later when remote updates hold it), and lookups
 * before see the table without it.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gpu_hooks.h"
#include "rft.h"

typedef struct rft_gpu_priv {
    uint32_t hits[RFT_MAX_L]; /* demand hits (marks) of each line since its allocation */
    uint32_t hq[2];           /* Pipe=1: the hits of the lines the last two own clocks' events evict */
    uint64_t last;            /* Pipe=1: the GPU cycle of the block's last own clock */
    unsigned busy;            /* Pipe=1: own clocks the block still needs to finish its last event */
} rft_gpu_priv;

enum { C_LOOKUPS, C_REFUSED, C_THITS, C_BYPASSED, C_BYP_OTHER, C_ALLOC, C_EV_UNREUSED, C_EV_REUSED, C_EV_HITS, C_MARKS,
       C_MARKS_BYP, C_REMOTE, C_FLUSH, C_COUNT };

/* the JSON keys are "rft_" + name */
static const gpu_ctr_def rft_ctrs[C_COUNT] = {
    [C_LOOKUPS] = {"lookups", GPU_CTR_SUM, 1, 0},
    [C_REFUSED] = {"lookups_refused", GPU_CTR_SUM, 0, 0},
    [C_THITS] = {"table_hits", GPU_CTR_SUM, 0, 0},
    [C_BYPASSED] = {"bypassed", GPU_CTR_SUM, 1, 0},
    [C_BYP_OTHER] = {"bypassed_other", GPU_CTR_SUM, 0, 0},
    [C_ALLOC] = {"lines_allocated", GPU_CTR_SUM, 0, 0},
    [C_EV_UNREUSED] = {"evicted_unreused", GPU_CTR_SUM, 1, 0},
    [C_EV_REUSED] = {"evicted_reused", GPU_CTR_SUM, 0, 0},
    [C_EV_HITS] = {"evicted_hits", GPU_CTR_SUM, 0, 0},
    [C_MARKS] = {"marks", GPU_CTR_SUM, 0, 0},
    [C_MARKS_BYP] = {"marks_bypassed", GPU_CTR_SUM, 0, 0},
    [C_REMOTE] = {"remote_updates", GPU_CTR_SUM, 0, 0},
    [C_FLUSH] = {"flushes", GPU_CTR_SUM, 0, 0},
};

/* gpusim's --l1 lasc: the same as --rft on (the option's other values belong to the
 * decoupled L1D) */
static const gpu_opt_alias rft_aliases[] = {
    {"l1", "lasc", "rft=on", "lasc: the L1 with seed 003's reuse frequency table (LASC)"},
    {"l1", "baseline", "rft=off", NULL},
    {"l1", "decoupled", "rft=off", NULL}, /* another L1 design: LASC off */
    {NULL, NULL, NULL, NULL},
};

static int rft_gpu_check(const void *cfgv, const gpu_cfg *c, char *err, size_t n)
{
    const rft_cfg *P = cfgv;
    unsigned sets = gpu_cfg_l1_sets(c);
    if (sets != P->Sets || c->l1_assoc != P->Ways) {
        snprintf(err, n,
                 "rft: the per-line state follows the L1: l1 has %u sets x %u ways, rft Sets=%u Ways=%u (set rft.Sets "
                 "and rft.Ways, or l1.size and l1.assoc, to match)",
                 sets, c->l1_assoc, P->Sets, P->Ways);
        return 1;
    }
    return 0;
}

static unsigned line_of(const rft_cfg *P, const gpu_l1_event *e)
{
    return (unsigned)(e->line % P->Sets) * P->Ways + (e->way >= 0 ? (unsigned)e->way : 0);
}

static void set_event(gpu_hook_inst *h, const gpu_l1_event *e)
{
    const rft_cfg *P = h->cfg;
    rft_in *in = h->in;
    memset(in, 0, sizeof *in);
    in->acc_v_i = 1;
    in->wr_i = e->write;
    in->pf_i = !e->write && e->prefetch;
    in->rd_i = !e->write && !e->prefetch;
    in->pc_i = e->pc;
    in->set_i = e->line % P->Sets;
    in->way_v_i = e->way >= 0;
    in->way_i = e->way >= 0 ? (unsigned)e->way : 0;
    in->res_i = (unsigned)e->result & bits_mask(rft_w_res_i(P));
    in->present_i = e->present & bits_mask(rft_w_present_i(P));
    in->can_byp_i = e->can_bypass;
}

static int broadcast(gpu_hook_inst *h, const rft_out *o);

/* an update the block applied and put out this clock: counted, broadcast */
static int upd_out(gpu_hook_inst *h, const rft_out *o, uint32_t hits)
{
    if (!o->upd_v_o) return 0;
    h->ctr[o->upd_val_o ? C_EV_REUSED : C_EV_UNREUSED]++;
    h->ctr[C_EV_HITS] += hits;
    return broadcast(h, o);
}

/* Pipe=1: an own clock's hits entry (the line its event evicts, 0 for none); returns
 * the one of two own clocks before, whose eviction's update comes out now */
static uint32_t hq_shift(rft_gpu_priv *p, uint32_t in)
{
    uint32_t out = p->hq[1];
    p->hq[1] = p->hq[0];
    p->hq[0] = in;
    return out;
}

/* Pipe=1: the GPU cycles after the SM's last own clock with no L1 event are idle
 * clocks of the block (at most the two its pipeline needs) */
static int catch_up(gpu_hook_inst *h)
{
    const rft_cfg *P = h->cfg;
    rft_gpu_priv *p = h->priv;
    rft_in *in = h->in;
    rft_out o;
    if (!P->Pipe) return 0;
    while (p->busy && *h->now > p->last + 1) {
        memset(in, 0, sizeof *in);
        if (h->bi.eval(h->bi.self, in, h->out)) return 1;
        o = *(const rft_out *)h->out;
        if (h->bi.tick(h->bi.self, in)) return 1;
        p->last++;
        p->busy--;
        if (upd_out(h, &o, hq_shift(p, 0))) return 1;
    }
    return 0;
}

static int rft_l1_access(gpu_hook_inst *h, const gpu_l1_event *e, int *decision)
{
    const rft_out *o = h->out;
    if (catch_up(h)) return 1;
    set_event(h, e);
    if (h->bi.eval(h->bi.self, h->in, h->out)) return 1;
    *decision = o->byp_o ? GPU_L1_BYPASS : GPU_L1_ALLOCATE;
    return 0;
}

/* clock every other replica once with this SM's eviction update, in SM order */
static int broadcast(gpu_hook_inst *h, const rft_out *o)
{
    for (unsigned j = 0; j < h->npeers; j++) {
        gpu_hook_inst *q = h->peers[j];
        rft_in *qi;
        if (j == h->index || !q) continue;
        qi = q->in;
        memset(qi, 0, sizeof *qi);
        qi->rupd_v_i = 1;
        qi->rupd_idx_i = o->upd_idx_o;
        qi->rupd_tag_i = o->upd_tag_o;
        qi->rupd_val_i = o->upd_val_o;
        if (q->bi.eval(q->bi.self, qi, q->out) || q->bi.tick(q->bi.self, qi)) return 1;
        q->ctr[C_REMOTE]++;
    }
    return 0;
}

static int rft_l1_commit(gpu_hook_inst *h, const gpu_l1_event *e, int final)
{
    const rft_cfg *P = h->cfg;
    rft_gpu_priv *p = h->priv;
    rft_in *in = h->in;
    rft_out o;
    uint64_t *c = h->ctr;
    unsigned l = line_of(P, e);
    in->final_byp_i = final == GPU_L1_BYPASS;
    if (h->bi.eval(h->bi.self, in, h->out)) return 1;
    o = *(const rft_out *)h->out;
    if (h->bi.tick(h->bi.self, in)) return 1;
    p->last = *h->now;
    if (in->rd_i && l1_failed(e->result) && !in->final_byp_i) { /* refused, retried later */
        c[C_REFUSED]++;
    } else if (in->rd_i) { /* a demand read the L1 or the bypass path took */
        c[C_LOOKUPS]++;
        c[C_THITS] += o.tbl_hit_o;
        if (in->final_byp_i) c[o.byp_o ? C_BYPASSED : C_BYP_OTHER]++;
    }
    if (P->Pipe) { /* the update out now is the event's two own clocks before; this one's waits */
        p->busy = 2;
        if (upd_out(h, &o, hq_shift(p, p->hits[l]))) return 1;
    } else if (upd_out(h, &o, p->hits[l])) {
        return 1;
    }
    if (o.alloc_o) {
        c[C_ALLOC]++;
        p->hits[l] = 0;
    }
    if (o.mark_o) {
        c[C_MARKS]++;
        c[C_MARKS_BYP] += in->final_byp_i;
        if (p->hits[l] < UINT32_MAX) p->hits[l]++;
    }
    return 0;
}

static int rft_l1_flush(gpu_hook_inst *h)
{
    const rft_cfg *P = h->cfg;
    rft_gpu_priv *p = h->priv;
    rft_in *in = h->in;
    rft_out o;
    if (catch_up(h)) return 1;
    h->ctr[C_FLUSH]++;
    memset(in, 0, sizeof *in);
    in->flush_i = 1;
    if (h->bi.eval(h->bi.self, in, h->out)) return 1;
    o = *(const rft_out *)h->out;
    if (h->bi.tick(h->bi.self, in)) return 1;
    p->last = *h->now;
    if (!P->Pipe) return upd_out(h, &o, 0); /* (none: no eviction in a flush clock) */
    if (p->busy) p->busy--; /* a flush clock runs the pipeline (and takes no event) */
    return upd_out(h, &o, hq_shift(p, 0));
}

static int rft_gpu_init(gpu_hook_inst *h, char *err, size_t n)
{
    rft_in *in = h->in;
    memset(in, 0, sizeof *in);
    in->rst_i = 1; /* one reset cycle before the first event */
    if (h->bi.eval(h->bi.self, in, h->out) || h->bi.tick(h->bi.self, in)) {
        snprintf(err, n, "rft@%u: lockstep mismatch in the reset cycle", h->index);
        return 1;
    }
    in->rst_i = 0;
    return 0;
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

static void rft_table(FILE *f, const uint64_t *t, uint64_t cycles, unsigned instances)
{
    uint64_t ev = t[C_EV_UNREUSED] + t[C_EV_REUSED];
    (void)cycles;
    fprintf(f,
            "%-28s %" PRIu64 " reads taken (%u SMs): table hit %.1f%%, bypassed %.1f%% (+%" PRIu64
            " by another block); no-reuse bypass share %.1f%% (bypassed / (bypassed + %" PRIu64
            " lines evicted unreused)); %" PRIu64 " lines allocated, %" PRIu64
            " evicted (reused %.1f%%), average reuse frequency of evicted lines %.3f; %" PRIu64 " marks (%" PRIu64
            " by bypassed reads), %" PRIu64 " remote updates\n",
            "reuse frequency table (rft)", t[C_LOOKUPS], instances, pct(t[C_THITS], t[C_LOOKUPS]),
            pct(t[C_BYPASSED], t[C_LOOKUPS]), t[C_BYP_OTHER], pct(t[C_BYPASSED], t[C_BYPASSED] + t[C_EV_UNREUSED]),
            t[C_EV_UNREUSED], t[C_ALLOC], ev, pct(t[C_EV_REUSED], ev), ev ? (double)t[C_EV_HITS] / (double)ev : 0.0,
            t[C_MARKS], t[C_MARKS_BYP], t[C_REMOTE]);
}

const gpu_block_driver rft_gpu = {
    .kind = &rft_kind,
    .hook = GPU_HOOK_L1,
    .ctrs = rft_ctrs,
    .nctrs = C_COUNT,
    .priv_size = sizeof(rft_gpu_priv),
    .aliases = rft_aliases,
    .check = rft_gpu_check,
    .init = rft_gpu_init,
    .l1_access = rft_l1_access,
    .l1_commit = rft_l1_commit,
    .bypass_refused = 1,
    .l1_flush = rft_l1_flush,
    .table = rft_table,
};
