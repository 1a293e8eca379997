/*
 * laws_gpu.c: LAWS in the GPU memory model, at the SCHED hook (cmodel/gpu/gpu_hooks.h):
 * the SM's warp scheduler (seed 001 section IV-A). `--sched laws` (LAWS alone) or
 * `--sched apres` (LAWS with SAP, sap_gpu.c).
 *
 * Each scheduler call is one block cycle (docs/deviations.md A2): the block picks the
 * first ready warp of the scheduler's warps in its order. If that warp issues a load,
 * the same cycle's iss_* inputs form its group (the LLT compare) and take a WGT entry.
 * At the first call of each GPU cycle the driver also passes
 *   - the LSU's report: the first line request of a load (its lowest thread's line)
 *     that the L1 took this cycle, hit (a hit, or a hit on a line being filled) or miss,
 *     for the WGT entry the load got at issue (loads reach the L1 in issue order: a
 *     FIFO of issued loads finds it);
 *   - SAP's prefetch targets of the previous cycle (moved to the head);
 *   - warps launched since the previous cycle (LLT cleared, moved to the tail).
 * A miss report's group goes to SAP (laws_gpu_mail, read at the end of the cycle).
 *
 * Pipe 1 (docs/timing/laws.md): a load's group forms at the block's next call (the
 * next scheduler call), whose grp_* outputs the driver then files for the load; an
 * LSU report for a load whose group has not formed yet waits in a small queue and is
 * passed at the first call after it has (one call later); reports are passed in
 * order, one a call. The block's order applies each call's moves at the next call;
 * the driver never gates a call while the block's pipeline registers hold a move or
 * an issue.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gpu_hooks.h"
#include "laws.h"
#include "sap.h"

#define LD_FIFO 16
#define FB_Q 4

typedef struct laws_gpu_priv {
    laws_gpu_mail mail;   /* first: read by sap_gpu.c */
    uint64_t prev_live;
    unsigned head, n;     /* issued loads waiting for their first L1 access, oldest first */
    struct {
        uint8_t warp, ok, grp;
    } q[LD_FIFO];
    /* Pipe 1: the load issued at the previous call, its group forming at this one; an
     * LSU report for it (held until the group forms); reports to pass, oldest first */
    uint8_t inf, inf_warp, hold, hold_hit, busy;
    unsigned fb_head, fb_n;
    struct {
        uint8_t grp, hit, warp;
    } fbq[FB_Q];
} laws_gpu_priv;

enum { C_PICKS, C_DIFFER, C_LOADS, C_GROUPS, C_GROUP_WARPS, C_WGT_FULL, C_FB_HIT, C_FB_MISS, C_TARGET_MOVES,
       C_LAUNCHED, C_COUNT };

/* the JSON keys are "laws_" + name */
static const gpu_ctr_def laws_ctrs[C_COUNT] = {
    [C_PICKS] = {"picks", GPU_CTR_SUM, 0, 0},
    [C_DIFFER] = {"picks_not_policy", GPU_CTR_SUM, 0, 0},
    [C_LOADS] = {"loads", GPU_CTR_SUM, 0, 0},
    [C_GROUPS] = {"groups", GPU_CTR_SUM, 1, 0},
    [C_GROUP_WARPS] = {"group_warps", GPU_CTR_SUM, 0, 0},
    [C_WGT_FULL] = {"wgt_full", GPU_CTR_SUM, 0, 0},
    [C_FB_HIT] = {"head_hits", GPU_CTR_SUM, 1, 0},
    [C_FB_MISS] = {"head_misses", GPU_CTR_SUM, 1, 0},
    [C_TARGET_MOVES] = {"target_moves", GPU_CTR_SUM, 0, 0},
    [C_LAUNCHED] = {"launched", GPU_CTR_SUM, 0, 0},
};

/* gpusim's --sched (issue [apres]): the baseline policies, LAWS alone, LAWS with SAP */
static const gpu_opt_alias laws_aliases[] = {
    {"sched", "lrr", "core.sched=lrr;laws=off;sap=off", "warp scheduler: LRR, GTO, seed 001's LAWS, or APRES (LAWS + SAP)"},
    {"sched", "gto", "core.sched=gto;laws=off;sap=off", NULL},
    {"sched", "laws", "laws=on;sap=off", NULL},
    {"sched", "apres", "laws=on;sap=on", NULL},
    {NULL, NULL, NULL, NULL},
};

static int laws_gpu_check(const void *cfgv, const gpu_cfg *c, char *err, size_t n)
{
    const laws_cfg *P = cfgv;
    if (P->Warps < c->warps) {
        snprintf(err, n, "laws: Warps=%u is fewer than the SM's %u warps (set laws.Warps or core.warps)", P->Warps,
                 c->warps);
        return 1;
    }
    /* the group's feedback is the load's first line request reaching the L1 in the
     * memory stage; a block at the REQ hook (a request buffer) would reorder those
     * accesses across loads or send them past the L1 */
    const blk_kind *k;
    for (unsigned i = 0; i < GPU_MAX_KINDS && (k = blk_kind_at(i)); i++)
        if (c->blk[i].on && gpu_kind_hook(i) == GPU_HOOK_REQ) {
            snprintf(err, n, "laws: not with %s on (a block at the REQ hook): LAWS's feedback needs each load's first L1 access in the memory stage", k->name);
            return 1;
        }
    return 0;
}

static int laws_gpu_init(gpu_hook_inst *h, char *err, size_t n)
{
    laws_in *in = h->in;
    in->rst_i = 1; /* one reset cycle before the first */
    if (h->bi.eval(h->bi.self, in, h->out) || h->bi.tick(h->bi.self, in)) {
        snprintf(err, n, "laws@%u: lockstep mismatch in the reset cycle", h->index);
        return 1;
    }
    in->rst_i = 0;
    return 0;
}

/* the WGT entry of warp w's oldest issued load that has not reached the L1 (older ones
 * of other warps that never will are dropped); -1 none (no group), -2 not found */
static int take_load(gpu_hook_inst *h, unsigned w)
{
    laws_gpu_priv *p = h->priv;
    while (p->n) {
        unsigned i = p->head;
        p->head = (p->head + 1) % LD_FIFO;
        p->n--;
        if (p->q[i].warp == w) return p->q[i].ok ? p->q[i].grp : -1;
    }
    return -2;
}

static int fb_push(gpu_hook_inst *h, unsigned grp, unsigned hit, unsigned warp)
{
    laws_gpu_priv *p = h->priv;
    if (p->fb_n == FB_Q) {
        fprintf(stderr, "gpusim: laws@%u: more than %d LSU reports waiting (cycle %" PRIu64 ")\n", h->index, FB_Q,
                *h->now);
        return 1;
    }
    unsigned t = (p->fb_head + p->fb_n++) % FB_Q;
    p->fbq[t].grp = (uint8_t)grp;
    p->fbq[t].hit = (uint8_t)hit;
    p->fbq[t].warp = (uint8_t)warp;
    return 0;
}

/* file a load's group (the block's grp_* outputs) in the FIFO of loads before the L1 */
static int file_load(gpu_hook_inst *h, unsigned w, const laws_out *out)
{
    laws_gpu_priv *p = h->priv;
    if (p->n == LD_FIFO) {
        fprintf(stderr, "gpusim: laws@%u: more than %d loads issued without reaching the L1 (cycle %" PRIu64 ")\n",
                h->index, LD_FIFO, *h->now);
        return 1;
    }
    unsigned t = (p->head + p->n++) % LD_FIFO;
    p->q[t].warp = (uint8_t)w;
    p->q[t].ok = (uint8_t)out->grp_ok_o;
    p->q[t].grp = (uint8_t)out->grp_o;
    if (out->grp_ok_o) {
        h->ctr[C_GROUPS]++;
        h->ctr[C_GROUP_WARPS] += (uint64_t)__builtin_popcountll(out->grp_vec_o);
    } else {
        h->ctr[C_WGT_FULL]++;
    }
    return 0;
}

static int laws_gpu_sched(gpu_hook_inst *h, const gpu_sched_event *e, int *pick)
{
    const laws_cfg *P = h->cfg;
    laws_gpu_priv *p = h->priv;
    laws_in *in = h->in;
    laws_out *out = h->out;
    uint64_t now = *h->now;
    /* every input of laws_ports.def 0 unless set below, field by field from the port
     * list itself (gcc made a memset a rep stos, a third of this function's time on
     * every scheduler call) */
#define LAWS_ZERO_IN(dir, name, width, group, desc) LAWS_ZERO_IN_##dir(name)
#define LAWS_ZERO_IN_IN(name) in->name = 0;
#define LAWS_ZERO_IN_OUT(name)
#define LAWS_ZERO_IN_W(dir, name, width, words, group, desc) LAWS_ZERO_W_##dir(name)
#define LAWS_ZERO_W_IN(name) memset(in->name, 0, sizeof in->name);
#define LAWS_ZERO_W_OUT(name)
    LAWS_PORTS(LAWS_ZERO_IN, LAWS_ZERO_IN_W)
#undef LAWS_ZERO_IN
#undef LAWS_ZERO_IN_IN
#undef LAWS_ZERO_IN_OUT
#undef LAWS_ZERO_IN_W
#undef LAWS_ZERO_W_IN
#undef LAWS_ZERO_W_OUT
    in->ready_i = e->ready & bits_mask(P->Warps);
    if (e->sched == 0) {
        in->new_i = e->live & ~p->prev_live & bits_mask(P->Warps);
        p->prev_live = e->live;
        if (in->new_i) h->ctr[C_LAUNCHED] += (uint64_t)__builtin_popcountll(in->new_i);
        const gpu_l1_event *d = &e->demand;
        if (e->seen && d->first && !d->write && !d->prefetch && !l1_failed(d->result)) {
            int g = take_load(h, d->warp);
            unsigned hit = d->result == L1_HIT || d->result == L1_HIT_PENDING;
            if (g >= 0) {
                if (fb_push(h, (unsigned)g, hit, d->warp)) return 1;
            } else if (g == -2 && p->inf && p->inf_warp == d->warp) { /* its group forms at this call */
                p->hold = 1;
                p->hold_hit = (uint8_t)hit;
            }
        }
        gpu_hook_inst *sap = gpu_hook_sibling(h, &sap_kind);
        if (sap) {
            const sap_gpu_mail *m = sap->priv;
            if (m->at == now && m->vec) { /* accepted in the previous cycle (at = cycle + 1); never the empty mail of cycle 0 */
                in->pft_i = 1;
                in->pft_vec_i = m->vec & bits_mask(P->Warps);
                h->ctr[C_TARGET_MOVES]++;
            }
        }
    }
    unsigned fb_warp = 0;
    if (p->fb_n) { /* the oldest waiting report */
        unsigned i = p->fb_head;
        p->fb_head = (p->fb_head + 1) % FB_Q;
        p->fb_n--;
        in->fb_i = 1;
        in->fb_grp_i = p->fbq[i].grp;
        in->fb_hit_i = p->fbq[i].hit;
        fb_warp = p->fbq[i].warp;
    }
    if (h->gate && !in->ready_i && !in->fb_i && !in->pft_i && !in->new_i && !p->busy) {
        /* clock gating (C binding only): nothing ready, nothing moves, nothing changes */
        *pick = -1;
        return 0;
    }
    if (h->bi.eval(h->bi.self, in, out)) return 1;
    if (p->inf) { /* Pipe 1: the previous call's load gets its group now */
        p->inf = 0;
        if (p->hold) { /* its report is waiting: passed at the next call, after the group forms */
            p->hold = 0;
            if (out->grp_ok_o && fb_push(h, out->grp_o, p->hold_hit, p->inf_warp)) return 1;
            if (out->grp_ok_o) {
                h->ctr[C_GROUPS]++;
                h->ctr[C_GROUP_WARPS] += (uint64_t)__builtin_popcountll(out->grp_vec_o);
            } else {
                h->ctr[C_WGT_FULL]++;
            }
        } else if (file_load(h, p->inf_warp, out)) {
            return 1;
        }
    }
    int w = out->pick_ok_o ? (int)out->pick_o : -1;
    if (w >= 0 && (e->load >> w & 1)) { /* the picked warp issues a load: its group */
        in->iss_i = 1;
        in->iss_warp_i = (unsigned)w;
        in->iss_pc_i = gpu_sched_pc(e, (unsigned)w) & bits_mask(P->PcBits);
        if (h->bi.eval(h->bi.self, in, out)) return 1;
        h->ctr[C_LOADS]++;
        if (P->Pipe) { /* its group forms at the next call */
            p->inf = 1;
            p->inf_warp = (uint8_t)w;
        } else if (file_load(h, (unsigned)w, out)) {
            return 1;
        }
    }
    if (out->fb_ok_o) {
        h->ctr[in->fb_hit_i ? C_FB_HIT : C_FB_MISS]++;
        if (!in->fb_hit_i) {
            p->mail.at = now + 1;
            p->mail.vec = out->fb_vec_o;
            p->mail.warp = (uint8_t)fb_warp;
        }
    }
    /* Pipe 1: the block's pipeline registers hold an issue or a move for the next call */
    p->busy = (uint8_t)(P->Pipe && (in->iss_i || out->fb_ok_o || in->pft_i || in->new_i));
    if (w >= 0) h->ctr[C_PICKS]++;
    if (w != e->policy_pick) h->ctr[C_DIFFER]++;
    *pick = w;
    return h->bi.tick(h->bi.self, in) ? 1 : 0;
}

static void laws_describe(const gpu_hook_inst *h, FILE *f)
{
    const laws_gpu_priv *p = h->priv;
    fprintf(f, ", laws %u loads before the L1", p->n);
}

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

static void laws_table(FILE *f, const uint64_t *t, uint64_t cycles, unsigned instances)
{
    (void)cycles;
    fprintf(f,
            "%-28s %" PRIu64 " loads (%u SMs): %" PRIu64 " groups of %.1f warps, WGT full %" PRIu64 "; head access "
            "hit %" PRIu64 ", miss %" PRIu64 "; SAP target moves %" PRIu64 "; picks unlike the base policy %.1f%%\n",
            "LAWS scheduler (laws)", t[C_LOADS], instances, t[C_GROUPS], ratio(t[C_GROUP_WARPS], t[C_GROUPS]),
            t[C_WGT_FULL], t[C_FB_HIT], t[C_FB_MISS], t[C_TARGET_MOVES], 100.0 * ratio(t[C_DIFFER], t[C_PICKS]));
}

const gpu_block_driver laws_gpu = {
    .kind = &laws_kind,
    .hook = GPU_HOOK_SCHED,
    .ctrs = laws_ctrs,
    .nctrs = C_COUNT,
    .priv_size = sizeof(laws_gpu_priv),
    .aliases = laws_aliases,
    .check = laws_gpu_check,
    .init = laws_gpu_init,
    .sched = laws_gpu_sched,
    .describe = laws_describe,
    .table = laws_table,
};
