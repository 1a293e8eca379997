/*
 * dl1d_gpu.c: the decoupled L1D in the GPU memory model, at the L1 hook
 * (cmodel/gpu/gpu_hooks.h). The model's L1 is the data store (sets x DataWays lines,
 * LRU, MSHRs); the block is the decoupled tag store and the data store's bookkeeping,
 * and decides, for each read the L1 would allocate, whether it gets a data line or
 * leaves by the bypass path.
 *
 * Each event of an SM's L1 is one block cycle: a read (hit, hit-pending or miss), a
 * write, a prefetch allocation, a fill, or the kernel-boundary flush of the filled
 * lines. Refused accesses change nothing (an empty cycle). The block keeps its own
 * copy of the L1's placement (Position fields, per-line LRU ranks, pending bits); the
 * driver checks it against the L1 at every event (hit vs hit, pending vs pending, the
 * way a miss fills) and stops the run on the first difference, so a C-model bug that
 * lets the two drift apart cannot go unnoticed.
 *
 * SM dueling (seed 002 sec. 4.4.3, Duel=on): SM 0 runs the decoupled design, SM 1 the
 * baseline (base_i = 1: every read miss allocates, as the plain L1 does), and SM 0's
 * dueling unit compares the two miss rates each Interval cycles; the other SMs follow
 * its decision (duel_base_o) from SM 0's latest event. SM 1's reads and misses reach
 * SM 0's unit through peer_acc_i / peer_miss_i at SM 0's next event.
 *
 * The pipelined form (Pipe=1, docs/timing/dl1d.md) gives an event's decision one block
 * cycle later: each event is followed by an empty block cycle whose outputs are its
 * decision (event() below), and the L1 access takes that cycle longer: a hit returns,
 * and a miss leaves for the interconnect, Pipe cycles later (l1_extra_lat).
 */
#include <inttypes.h>
#include <stdio.h>

#include "dl1d.h"
#include "gpu_hooks.h"

typedef struct dl1d_gpu_priv {
    uint64_t last;     /* GPU cycle of the previous event */
    uint64_t pacc;     /* SM 1: reads not yet passed to SM 0's dueling unit */
    uint64_t pmiss;
    unsigned base;     /* base_i of the previous event */
} dl1d_gpu_priv;

enum { C_READS, C_HIT, C_PEND, C_ALLOC, C_BYP_TAGMISS, C_BYP_COLD, C_BYP_NOLINE, C_TEVICT, C_DEVICT, C_WEVICT,
       C_THIT_COMMIT, C_THIT_CAND, C_TMISS, C_BASE_READS, C_SWITCH, C_FLUSH, C_COUNT };

/* the JSON keys are "dl1d_" + name */
static const gpu_ctr_def dl1d_ctrs[C_COUNT] = {
    [C_READS] = {"reads", GPU_CTR_SUM, 1, 0},
    [C_HIT] = {"hits", GPU_CTR_SUM, 1, 0},
    [C_PEND] = {"hit_pending", GPU_CTR_SUM, 0, 0},
    [C_ALLOC] = {"allocations", GPU_CTR_SUM, 0, 0},
    [C_BYP_TAGMISS] = {"bypass_tag_miss", GPU_CTR_SUM, 1, 0},
    [C_BYP_COLD] = {"bypass_below_threshold", GPU_CTR_SUM, 1, 0},
    [C_BYP_NOLINE] = {"bypass_no_line", GPU_CTR_SUM, 0, 0},
    [C_TEVICT] = {"tag_evictions", GPU_CTR_SUM, 0, 0},
    [C_DEVICT] = {"data_evictions", GPU_CTR_SUM, 0, 0},
    [C_WEVICT] = {"write_evictions", GPU_CTR_SUM, 0, 0},
    [C_THIT_COMMIT] = {"tag_hits_committed", GPU_CTR_SUM, 0, 0},
    [C_THIT_CAND] = {"tag_hits_candidate", GPU_CTR_SUM, 0, 0},
    [C_TMISS] = {"tag_misses", GPU_CTR_SUM, 0, 0},
    [C_BASE_READS] = {"reads_as_baseline", GPU_CTR_SUM, 1, 0},
    [C_SWITCH] = {"duel_switches", GPU_CTR_SUM, 0, 0},
    [C_FLUSH] = {"flushes", GPU_CTR_SUM, 0, 0},
};

/* gpusim's --l1 and --dueling (issue [dl1d]): the same as --dl1d on|off and
 * --set dl1d.Duel=on|off */
static const gpu_opt_alias dl1d_aliases[] = {
    {"l1", "decoupled", "dl1d=on", "the L1 as seed 002's decoupled L1D, or the plain L1"},
    {"l1", "baseline", "dl1d=off", NULL},
    {"l1", "lasc", "dl1d=off", NULL}, /* another L1 design (a kind that offers --l1 lasc): the decoupled L1D off */
    {"dueling", "on", "dl1d.Duel=on", "SM dueling of the decoupled L1D (default on)"},
    {"dueling", "off", "dl1d.Duel=off", NULL},
    {NULL, NULL, NULL, NULL},
};

static unsigned set_bits(const dl1d_cfg *P) { return P->Sets > 1 ? bits_idx_w(P->Sets) : 0; }

static int dl1d_gpu_check(const void *cfgv, const gpu_cfg *c, char *err, size_t n)
{
    const dl1d_cfg *P = cfgv;
    unsigned sets = gpu_cfg_l1_sets(c);
    if (sets != P->Sets || c->l1_assoc != P->DataWays) {
        snprintf(err, n,
                 "dl1d: the L1 is its data store: l1 has %u sets x %u ways, dl1d Sets=%u DataWays=%u (set "
                 "dl1d.Sets and dl1d.DataWays, or l1.size and l1.assoc, to match)",
                 sets, c->l1_assoc, P->Sets, P->DataWays);
        return 1;
    }
    for (unsigned i = 0; i < GPU_MAX_KINDS && blk_kind_at(i); i++)
        if (c->blk[i].on && gpu_kind_hook(i) == GPU_HOOK_L1 && blk_kind_at(i) != &dl1d_kind) {
            /* dl1d's tag store assumes every read it does not bypass allocates (no l1_commit) */
            snprintf(err, n, "dl1d: the decoupled L1D replaces the L1's allocation; it does not combine with %s at the L1 hook",
                     blk_kind_at(i)->name);
            return 1;
        }
    if (P->Duel && c->sms < 2) {
        snprintf(err, n, "dl1d: SM dueling needs 2 SMs or more (core.sms=%u); set dl1d.Duel=off", c->sms);
        return 1;
    }
    return 0;
}

/* at each launch: the tag field holds every line the workload's arrays hold (else a run
 * would stop mid-way at the first line past it) */
static int dl1d_gpu_launch_check(const void *cfgv, const gpu_launch_info *l, char *err, size_t n)
{
    const dl1d_cfg *P = cfgv;
    if (l->top_line >> set_bits(P) > bits_mask(P->TagBits)) {
        snprintf(err, n, "dl1d: TagBits=%u cannot hold the tag of line 0x%" PRIx64 ", the workload's highest (set dl1d.TagBits)",
                 P->TagBits, l->top_line);
        return 1;
    }
    return 0;
}

/* base_i of this instance: SM 0 decoupled, SM 1 baseline, the rest follow SM 0's unit
 * (core.dl1d_follow=duel, the default), or always run decoupled (decoupled) or the
 * baseline (baseline): a switch of the glue, outside the block */
static unsigned role_base(const gpu_hook_inst *h)
{
    const dl1d_cfg *P = h->cfg;
    if (!P->Duel || h->index == 0) return 0;
    if (h->index == 1) return 1;
    if (h->gc->dl1d_follow == GPU_DL1D_FOLLOW_DECOUPLED) return 0;
    if (h->gc->dl1d_follow == GPU_DL1D_FOLLOW_BASELINE) return 1;
    return (unsigned)((const dl1d_out *)h->peers[0]->out)->duel_base_o;
}

/* one block cycle with event `op` on `line`; *outp gets the decision */
static int step(gpu_hook_inst *h, unsigned op, uint64_t line, const dl1d_out **outp)
{
    const dl1d_cfg *P = h->cfg;
    dl1d_gpu_priv *p = h->priv;
    dl1d_in *in = h->in;
    dl1d_out *out = h->out;
    uint64_t now = *h->now, tag = line >> set_bits(P);
    if (tag > bits_mask(P->TagBits)) {
        fprintf(stderr, "gpusim: dl1d: line address 0x%" PRIx64 " needs more than TagBits=%u tag bits\n", line,
                P->TagBits);
        return 1;
    }
    in->rst_i = 0;
    in->op_i = op;
    in->set_i = line & (P->Sets - 1u);
    in->tag_i = tag;
    in->base_i = role_base(h);
    const uint64_t ymax = bits_mask(dl1d_w_elapsed_i(P)); /* elapsed_i saturates */
    in->elapsed_i = now - p->last > ymax ? ymax : now - p->last;
    p->last = now;
    in->peer_acc_i = in->peer_miss_i = 0;
    if (P->Duel && h->index == 0) {
        dl1d_gpu_priv *q = h->peers[1]->priv;
        const uint64_t pmax = bits_mask(dl1d_w_peer_acc_i(P)); /* peer_miss_i <= peer_acc_i */
        in->peer_acc_i = q->pacc > pmax ? pmax : q->pacc;
        in->peer_miss_i = q->pmiss > in->peer_acc_i ? in->peer_acc_i : q->pmiss;
        q->pacc -= in->peer_acc_i;
        q->pmiss -= in->peer_miss_i;
    }
    if (h->bi.eval(h->bi.self, in, out)) return 1;
    *outp = out;
    return 0;
}

/* one event: its block cycle, then (pipelined form, Pipe=1) the empty block cycles
 * (op 0, no elapsed cycles, no peer counts) until its decision is at the outputs:
 * *outp is that decision; the caller clocks the last cycle. The block's policy state
 * changes as with Pipe=0 (the empty cycles count nothing); its dueling decision lands
 * 16 block cycles after the interval's end instead of 1. */
static int event(gpu_hook_inst *h, unsigned op, uint64_t line, const dl1d_out **outp)
{
    const dl1d_cfg *P = h->cfg;
    dl1d_in *in = h->in;
    if (step(h, op, line, outp)) return 1;
    for (unsigned i = 0; i < P->Pipe; i++) {
        if (h->bi.tick(h->bi.self, in)) return 1;
        in->op_i = DL1D_OP_NONE;
        in->elapsed_i = 0;
        in->peer_acc_i = in->peer_miss_i = 0;
        if (h->bi.eval(h->bi.self, in, h->out)) return 1;
    }
    return 0;
}

static void count(gpu_hook_inst *h, unsigned op, const dl1d_out *o)
{
    dl1d_gpu_priv *p = h->priv;
    uint64_t *c = h->ctr;
    unsigned res = (unsigned)o->res_o;
    if (op == DL1D_OP_WRITE) {
        if (res == DL1D_RES_WEVICT) c[C_WEVICT]++;
        return;
    }
    if (op != DL1D_OP_READ && op != DL1D_OP_PREFETCH) return;
    if (op == DL1D_OP_READ) {
        int miss = res != DL1D_RES_HIT && res != DL1D_RES_PEND;
        c[C_READS]++;
        if (h->index == 1) {
            p->pacc++;
            p->pmiss += (uint64_t)miss;
        }
        if (((dl1d_in *)h->in)->base_i) c[C_BASE_READS]++;
    }
    switch (res) {
    case DL1D_RES_HIT: c[C_HIT]++; break;
    case DL1D_RES_PEND: c[C_PEND]++; break;
    case DL1D_RES_ALLOC: c[C_ALLOC]++; break;
    case DL1D_RES_BYP_TAGMISS: c[C_BYP_TAGMISS]++; break;
    case DL1D_RES_BYP_COLD: c[C_BYP_COLD]++; break;
    case DL1D_RES_BYP_NOLINE: c[C_BYP_NOLINE]++; break;
    default: break;
    }
    if (!o->thit_o) c[C_TMISS]++;
    else if (res == DL1D_RES_HIT || res == DL1D_RES_PEND) c[C_THIT_COMMIT]++;
    else c[C_THIT_CAND]++;
    c[C_TEVICT] += o->tevict_o;
    c[C_DEVICT] += o->devict_o;
}

static const char *const l1_names[L1_NRESULTS] = {"hit", "hit-pending", "miss", "write", "fail-assoc",
                                                  "fail-mshr", "fail-merge", "fail-missq"};

/* the block's copy of the L1's placement against the L1's own answer */
static int agree(const gpu_hook_inst *h, const gpu_l1_event *e, unsigned op, const dl1d_out *o)
{
    unsigned res = (unsigned)o->res_o;
    int ok = 1;
    if (op == DL1D_OP_READ || op == DL1D_OP_PREFETCH) {
        if (e->result == L1_HIT) ok = res == DL1D_RES_HIT && (int)o->way_o == e->way;
        else if (e->result == L1_HIT_PENDING) ok = res == DL1D_RES_PEND && (int)o->way_o == e->way;
        else if (res == DL1D_RES_ALLOC) ok = (int)o->way_o == e->way;
        else ok = op == DL1D_OP_READ && (res == DL1D_RES_BYP_TAGMISS || res == DL1D_RES_BYP_COLD);
    } else if (op == DL1D_OP_WRITE && res == DL1D_RES_WEVICT) {
        ok = (int)o->way_o == e->way;
    }
    if (!ok)
        fprintf(stderr,
                "gpusim: dl1d@%u: the block and the L1 disagree at cycle %" PRIu64 ": line 0x%" PRIx64
                " L1 %s way %d, block res_o %u way_o %u\n",
                h->index, *h->now, e->line, e->result < L1_NRESULTS ? l1_names[e->result] : "?", e->way, res,
                (unsigned)o->way_o);
    return !ok;
}

static int dl1d_l1_access(gpu_hook_inst *h, const gpu_l1_event *e, int *decision)
{
    const dl1d_out *o;
    unsigned op = l1_failed(e->result) ? DL1D_OP_NONE
                  : e->write           ? DL1D_OP_WRITE
                  : e->prefetch        ? DL1D_OP_PREFETCH
                                       : DL1D_OP_READ;
    if (event(h, op, e->line, &o)) return 1;
    if (agree(h, e, op, o)) return 1;
    count(h, op, o);
    if (h->index == 0 && ((const dl1d_cfg *)h->cfg)->Duel) {
        dl1d_gpu_priv *p = h->priv;
        if (o->duel_base_o != p->base) h->ctr[C_SWITCH]++;
        p->base = (unsigned)o->duel_base_o;
    }
    if (o->res_o == DL1D_RES_BYP_TAGMISS || o->res_o == DL1D_RES_BYP_COLD) *decision = GPU_L1_BYPASS;
    return h->bi.tick(h->bi.self, h->in) ? 1 : 0;
}

static int dl1d_l1_fill(gpu_hook_inst *h, uint64_t line)
{
    const dl1d_out *o;
    if (event(h, DL1D_OP_FILL, line, &o)) return 1;
    if (!o->thit_o) {
        fprintf(stderr, "gpusim: dl1d@%u: a fill of line 0x%" PRIx64 " found no tag entry at cycle %" PRIu64 "\n",
                h->index, line, *h->now);
        return 1;
    }
    return h->bi.tick(h->bi.self, h->in) ? 1 : 0;
}

static int dl1d_l1_flush(gpu_hook_inst *h)
{
    const dl1d_out *o;
    h->ctr[C_FLUSH]++;
    if (event(h, DL1D_OP_FLUSH, 0, &o)) return 1;
    return h->bi.tick(h->bi.self, h->in) ? 1 : 0;
}

static int dl1d_gpu_init(gpu_hook_inst *h, char *err, size_t n)
{
    dl1d_in *in = h->in;
    in->rst_i = 1; /* one reset cycle before the first event */
    if (h->bi.eval(h->bi.self, in, h->out) || h->bi.tick(h->bi.self, in)) {
        snprintf(err, n, "dl1d@%u: lockstep mismatch in the reset cycle", h->index);
        return 1;
    }
    in->rst_i = 0;
    return 0;
}

static void dl1d_describe(const gpu_hook_inst *h, FILE *f)
{
    fprintf(f, ", dl1d base_i %u", (unsigned)((const dl1d_in *)h->in)->base_i);
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

static void dl1d_table(FILE *f, const uint64_t *t, uint64_t cycles, unsigned instances)
{
    (void)cycles;
    fprintf(f,
            "%-28s %" PRIu64 " reads (%u SMs): hit %.1f%%, pending %.1f%%, line allocated %.1f%%, bypassed %.1f%% "
            "(tag miss %" PRIu64 ", below threshold %" PRIu64 "); tag evictions %" PRIu64 ", data evictions %" PRIu64
            ", dueling switches %" PRIu64 ", reads as baseline %" PRIu64 "\n",
            "decoupled L1D (dl1d)", t[C_READS], instances, pct(t[C_HIT], t[C_READS]), pct(t[C_PEND], t[C_READS]),
            pct(t[C_ALLOC], t[C_READS]), pct(t[C_BYP_TAGMISS] + t[C_BYP_COLD], t[C_READS]), t[C_BYP_TAGMISS],
            t[C_BYP_COLD], t[C_TEVICT], t[C_DEVICT], t[C_SWITCH], t[C_BASE_READS]);
}

/* the pipelined form's decision comes Pipe block cycles after the event: every L1 access
 * (hit return and miss injection) waits that much longer */
static unsigned dl1d_l1_extra_lat(const gpu_hook_inst *h) { return ((const dl1d_cfg *)h->cfg)->Pipe; }

const gpu_block_driver dl1d_gpu = {
    .kind = &dl1d_kind,
    .hook = GPU_HOOK_L1,
    .ctrs = dl1d_ctrs,
    .nctrs = C_COUNT,
    .priv_size = sizeof(dl1d_gpu_priv),
    .aliases = dl1d_aliases,
    .check = dl1d_gpu_check,
    .launch_check = dl1d_gpu_launch_check,
    .init = dl1d_gpu_init,
    .l1_access = dl1d_l1_access,
    .l1_fill = dl1d_l1_fill,
    .l1_flush = dl1d_l1_flush,
    .l1_extra_lat = dl1d_l1_extra_lat,
    .describe = dl1d_describe,
    .table = dl1d_table,
};
