/*
 * selcache_gpu.c: contention-aware selective caching in the GPU memory model, at the L1
 * hook (cmodel/gpu/gpu_hooks.h), one block per SM.
 *
 * Each L1 event of the SM is one block clock: a read (hit, pending, miss or refusal)
 * with its load's line requests as set indices (gpu_l1_load_lines) and its place among
 * them, a write, a prefetch allocation, or the kernel-boundary flush; fills are not
 * events (the block's line state follows allocations). l1_access evaluates and answers
 * byp_o; l1_commit gives the block the outcome (final_i: any L1 block's bypass) and
 * clocks it. The driver has bypass_refused: a read the index scheme does not cache goes
 * past the L1 even when the L1 refuses it (every line of the set reserved, no MSHR),
 * which is what relieves the memory stage (seed 003 4.3.1, Figure 4.3 Scenario B).
 */
#include <inttypes.h>
#include <stdio.h>

#include "gpu_hooks.h"
#include "selcache.h"

enum { C_READS, C_DIVERGENT, C_IBYP, C_LBYP, C_LBYP_CONV, C_BYP, C_BYP_REFUSED, C_ALLOC, C_FLUSH, C_COUNT };

/* the JSON keys are "selcache_" + name */
static const gpu_ctr_def selcache_ctrs[C_COUNT] = {
    [C_READS] = {"reads_decided", GPU_CTR_SUM, 0, 0},
    [C_DIVERGENT] = {"divergent_reads", GPU_CTR_SUM, 0, 0},
    [C_IBYP] = {"index_bypass", GPU_CTR_SUM, 1, 0},
    [C_LBYP] = {"locality_bypass", GPU_CTR_SUM, 1, 0},
    /* of them, reads of a load that does not diverge (only with LocScope=all) */
    [C_LBYP_CONV] = {"locality_bypass_convergent", GPU_CTR_SUM, 0, 0},
    [C_BYP] = {"bypassed", GPU_CTR_SUM, 1, 0},
    [C_BYP_REFUSED] = {"bypassed_refused", GPU_CTR_SUM, 0, 0},
    [C_ALLOC] = {"allocations", GPU_CTR_SUM, 0, 0},
    [C_FLUSH] = {"flushes", GPU_CTR_SUM, 0, 0},
};

/* gpusim's --selcache on|off is the kind's own; --locality-degree (issue [choo]);
 * --locality-scope (issue [fixes]: docs/deviations.md H43) */
static const gpu_opt_alias selcache_aliases[] = {
    {"locality-degree", "on", "selcache.LocDeg=on",
     "selective caching's locality degree (seed 003 4.3.3): keep lines re-referenced more than the newcomer's PC average"},
    {"locality-degree", "off", "selcache.LocDeg=off", NULL},
    {"locality-scope", "div", "selcache.LocScope=div",
     "the reads the locality degree checks: div the requests of divergent loads (seed 003 Figure 4.4), all every read"},
    {"locality-scope", "all", "selcache.LocScope=all", NULL},
    {NULL, NULL, NULL, NULL},
};

static int selcache_gpu_check(const void *cfgv, const gpu_cfg *c, char *err, size_t n)
{
    const selcache_cfg *P = cfgv;
    unsigned sets = gpu_cfg_l1_sets(c);
    if (sets != P->Sets || c->l1_assoc != P->Ways) {
        snprintf(err, n,
                 "selcache: the L1 has %u sets x %u ways, selcache Sets=%u Ways=%u (set selcache.Sets and "
                 "selcache.Ways, or l1.size and l1.assoc, to match)",
                 sets, c->l1_assoc, P->Sets, P->Ways);
        return 1;
    }
    if (P->Lanes < 32) {
        snprintf(err, n, "selcache: Lanes=%u, but a load makes up to 32 line requests (set selcache.Lanes=32)",
                 P->Lanes);
        return 1;
    }
    return 0;
}

/* the block's inputs for an L1 event (op) */
static void fill(gpu_hook_inst *h, const gpu_l1_event *e, unsigned op)
{
    const selcache_cfg *P = h->cfg;
    selcache_in *in = h->in;
    uint64_t lines[32];
    unsigned sw = selcache_sw(P), nl = op == SELCACHE_OP_READ ? gpu_l1_load_lines(e, lines) : 0, idx = 0;
    in->rst_i = 0;
    in->flush_i = 0;
    in->op_i = op;
    in->pc_i = e->pc;
    in->set_i = e->line & (P->Sets - 1u);
    in->way_i = e->way >= 0 ? (unsigned)e->way : 0;
    in->wayv_i = e->way >= 0;
    in->res_i = (unsigned)e->result & bits_mask(selcache_w_res_i(P));
    in->present_i = e->present;
    in->canbyp_i = e->can_bypass;
    in->final_i = 0;
    for (unsigned w = 0; w < SELCACHE_WORDS; w++) in->sets_i[w] = 0;
    for (unsigned j = 0; j < nl; j++) {
        unsigned b = j * sw;
        uint64_t s = lines[j] & (P->Sets - 1u);
        if (lines[j] == e->line) idx = j;
        in->sets_i[b / 64] |= s << (b % 64);
        if (b % 64 + sw > 64) in->sets_i[b / 64 + 1] |= s >> (64 - b % 64);
    }
    in->nreq_i = nl;
    in->idx_i = idx;
}

static int selcache_l1_access(gpu_hook_inst *h, const gpu_l1_event *e, int *decision)
{
    unsigned op = e->write ? SELCACHE_OP_WRITE : e->prefetch ? SELCACHE_OP_PF : SELCACHE_OP_READ;
    const selcache_out *o = h->out;
    fill(h, e, op);
    if (h->bi.eval(h->bi.self, h->in, h->out)) return 1;
    if (o->byp_o) *decision = GPU_L1_BYPASS;
    return 0;
}

static int selcache_l1_commit(gpu_hook_inst *h, const gpu_l1_event *e, int final)
{
    selcache_in *in = h->in;
    const selcache_out *o = h->out;
    uint64_t *c = h->ctr;
    in->final_i = final == GPU_L1_BYPASS;
    if (h->bi.eval(h->bi.self, in, h->out)) return 1;
    if (in->op_i == SELCACHE_OP_READ && e->can_bypass) {
        c[C_READS]++;
        c[C_DIVERGENT] += o->div_o;
        if (o->byp_o) {
            c[C_IBYP] += o->ibyp_o;
            c[C_LBYP] += !o->ibyp_o && o->lbyp_o;
            c[C_LBYP_CONV] += !o->ibyp_o && o->lbyp_o && !o->div_o;
        }
    }
    if (in->op_i == SELCACHE_OP_READ && final == GPU_L1_BYPASS && o->byp_o) {
        c[C_BYP]++;
        c[C_BYP_REFUSED] += (uint64_t)l1_failed(e->result);
    }
    if (in->op_i != SELCACHE_OP_WRITE && e->result == L1_MISS && final != GPU_L1_BYPASS) c[C_ALLOC]++;
    return h->bi.tick(h->bi.self, in) ? 1 : 0;
}

static int selcache_l1_flush(gpu_hook_inst *h)
{
    selcache_in *in = h->in;
    h->ctr[C_FLUSH]++;
    in->op_i = SELCACHE_OP_NONE;
    in->flush_i = 1;
    in->final_i = 0;
    int r = h->bi.eval(h->bi.self, in, h->out) || h->bi.tick(h->bi.self, in);
    in->flush_i = 0;
    return r;
}

static int selcache_gpu_init(gpu_hook_inst *h, char *err, size_t n)
{
    selcache_in *in = h->in;
    in->rst_i = 1; /* one reset cycle before the first event */
    if (h->bi.eval(h->bi.self, in, h->out) || h->bi.tick(h->bi.self, in)) {
        snprintf(err, n, "selcache@%u: lockstep mismatch in the reset cycle", h->index);
        return 1;
    }
    in->rst_i = 0;
    return 0;
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

static void selcache_table(FILE *f, const uint64_t *t, uint64_t cycles, unsigned instances)
{
    (void)cycles;
    fprintf(f,
            "%-28s %" PRIu64 " reads decided (%u SMs), %.1f%% of a divergent load (more requests than ways); "
            "bypassed %" PRIu64 " (%.1f%%; %" PRIu64 " the L1 had refused): index scheme %" PRIu64
            ", locality degree %" PRIu64 " (%" PRIu64 " of loads that do not diverge); %" PRIu64 " lines allocated\n",
            "selective caching (selcache)", t[C_READS], instances, pct(t[C_DIVERGENT], t[C_READS]), t[C_BYP],
            pct(t[C_BYP], t[C_READS]), t[C_BYP_REFUSED], t[C_IBYP], t[C_LBYP], t[C_LBYP_CONV], t[C_ALLOC]);
}

const gpu_block_driver selcache_gpu = {
    .kind = &selcache_kind,
    .hook = GPU_HOOK_L1,
    .ctrs = selcache_ctrs,
    .nctrs = C_COUNT,
    .aliases = selcache_aliases,
    .bypass_refused = 1,
    .check = selcache_gpu_check,
    .init = selcache_gpu_init,
    .l1_access = selcache_l1_access,
    .l1_commit = selcache_l1_commit,
    .l1_flush = selcache_l1_flush,
    .table = selcache_table,
};
