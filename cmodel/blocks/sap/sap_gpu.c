/*
 * sap_gpu.c: SAP in the GPU memory model, at the PREFETCH hook (cmodel/gpu/gpu_hooks.h):
 * the SM's prefetcher (seed 001 section IV-B), with LAWS at the SCHED hook
 * (`--sched apres`; SAP needs LAWS's groups).
 *
 * One block cycle per GPU cycle, at the end of the SM's cycle. Addresses are L1 line
 * addresses (the model's unit; strides are in lines). The driver passes
 *   - the first line request of a load the L1 took this cycle (its lowest thread's
 *     line; the L1's answer says miss or not): trains the PT;
 *   - the group LAWS reported this cycle for that access, when its head access
 *     missed (laws_gpu_mail);
 * and, when the block offers a prefetch and the L1 port was free this cycle, sends it
 * into the L1 as a prefetch read (a miss reserves a line and an MSHR, demand reads
 * merge into it; a hit or a refusal drops it) and acknowledges it. The targets SAP
 * accepts reach LAWS the next cycle (sap_gpu_mail) and move to the head of its order.
 *
 * core.sap_move (a GPU parameter: the switch is here, the blocks and their ports are as
 * they are): `accept` (the default; docs/deviations.md A12) mails the whole target
 * vector in the cycle SAP accepts the group; `prefetch` mails, in the cycle a target's
 * prefetch is sent (pf_ack_i), the one-hot vector of that warp (pf_warp_o), so each
 * target moves to the head only when its prefetch is issued; `none` mails nothing, so
 * LAWS never moves SAP's targets (the prefetches alone). Either way the driver keeps
 * a copy of SAP's warp queue from the outputs (tgt_*, pf_warp_o and the ack) to count
 * what became of each target: prefetched, dropped (a newer group replaced the queue
 * before its prefetch), or still queued (targets = the three).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "gpu_hooks.h"
#include "laws.h"
#include "sap.h"

typedef struct sap_gpu_priv {
    sap_gpu_mail mail; /* first: read by laws_gpu.c */
    uint64_t quiet_at; /* the divider is idle from this GPU cycle on */
    uint64_t wq;       /* SAP's warp queue as its outputs tell it */
} sap_gpu_priv;

enum { C_LOADS, C_NEW, C_SAME, C_MATCH, C_DIV, C_BUSY, C_GROUPS, C_ACCEPTED, C_TARGETS, C_SENT, C_SENT_MISS,
       C_PORT_WAIT, C_TPF, C_TDROP, C_TQUEUED, C_COUNT };

/* the JSON keys are "sap_" + name */
static const gpu_ctr_def sap_ctrs[C_COUNT] = {
    [C_LOADS] = {"loads", GPU_CTR_SUM, 0, 0},
    [C_NEW] = {"pt_allocations", GPU_CTR_SUM, 0, 0},
    [C_SAME] = {"same_warp", GPU_CTR_SUM, 0, 0},
    [C_MATCH] = {"stride_matches", GPU_CTR_SUM, 0, 0},
    [C_DIV] = {"stride_divisions", GPU_CTR_SUM, 0, 0},
    [C_BUSY] = {"divider_busy", GPU_CTR_SUM, 0, 0},
    [C_GROUPS] = {"groups_seen", GPU_CTR_SUM, 0, 0},
    [C_ACCEPTED] = {"groups_accepted", GPU_CTR_SUM, 1, 0},
    [C_TARGETS] = {"targets", GPU_CTR_SUM, 0, 0},
    [C_SENT] = {"prefetches_sent", GPU_CTR_SUM, 1, 0},
    [C_SENT_MISS] = {"prefetches_allocated", GPU_CTR_SUM, 0, 0},
    [C_PORT_WAIT] = {"port_busy_cycles", GPU_CTR_SUM, 0, 0},
    [C_TPF] = {"targets_prefetched", GPU_CTR_SUM, 0, 0},
    [C_TDROP] = {"targets_dropped", GPU_CTR_SUM, 0, 0},
    [C_TQUEUED] = {"targets_queued", GPU_CTR_SUM, 0, 0}, /* a level: the queue now */
};

static int sap_gpu_check(const void *cfgv, const gpu_cfg *c, char *err, size_t n)
{
    const sap_cfg *P = cfgv;
    if (P->Warps < c->warps) {
        snprintf(err, n, "sap: Warps=%u is fewer than the SM's %u warps (set sap.Warps or core.warps)", P->Warps,
                 c->warps);
        return 1;
    }
    return 0;
}

static int sap_gpu_init(gpu_hook_inst *h, char *err, size_t n)
{
    sap_in *in = h->in;
    if (!gpu_hook_sibling(h, &laws_kind)) {
        snprintf(err, n, "sap: SAP prefetches for LAWS's warp groups: turn laws on too (--sched apres)");
        return 1;
    }
    in->rst_i = 1; /* one reset cycle before the first */
    if (h->bi.eval(h->bi.self, in, h->out) || h->bi.tick(h->bi.self, in)) {
        snprintf(err, n, "sap@%u: lockstep mismatch in the reset cycle", h->index);
        return 1;
    }
    in->rst_i = 0;
    return 0;
}

static int sap_gpu_prefetch(gpu_hook_inst *h, gpu_prefetch_io *io)
{
    const sap_cfg *P = h->cfg;
    sap_gpu_priv *p = h->priv;
    sap_in *in = h->in;
    sap_out *out = h->out;
    uint64_t now = *h->now, *c = h->ctr;
    const gpu_l1_event *d = &io->demand;
    memset(in, 0, sizeof *in);
    if (io->seen && d->first && !d->write && !d->prefetch && !l1_failed(d->result)) {
        in->ld_i = 1;
        in->ld_pc_i = d->pc & bits_mask(P->PcBits);
        in->ld_warp_i = d->warp;
        in->ld_addr_i = d->line & bits_mask(P->AddrW);
        in->ld_miss_i = d->result == L1_MISS;
        const laws_gpu_mail *m = gpu_hook_sibling(h, &laws_kind)->priv;
        if (m->at == now + 1 && m->warp == d->warp) {
            in->grp_i = 1;
            in->grp_vec_i = m->vec & bits_mask(P->Warps);
            c[C_GROUPS]++;
        }
    }
    if (h->bi.eval(h->bi.self, in, out)) return 1;
    int acked = 0;
    unsigned v = 0;
    if (out->pf_o) {
        if (io->port_free) {
            int r = gpu_prefetch_issue(io, out->pf_addr_o);
            acked = 1;
            v = (unsigned)out->pf_warp_o;
            in->pf_ack_i = 1;
            c[C_SENT]++;
            if (r == L1_MISS) c[C_SENT_MISS]++;
            /* the inputs changed after the evaluation: evaluate again before the edge (an
               RTL binding takes its inputs at evaluation) */
            if (h->bi.eval(h->bi.self, in, out)) return 1;
        } else {
            c[C_PORT_WAIT]++;
        }
    }
    switch (out->res_o) {
    case SAP_RES_NEW: c[C_NEW]++; break;
    case SAP_RES_SAME: c[C_SAME]++; break;
    case SAP_RES_MATCH: c[C_MATCH]++; break;
    case SAP_RES_DIV: c[C_DIV]++; break;
    case SAP_RES_BUSY: c[C_BUSY]++; break;
    default: break;
    }
    c[C_LOADS] += in->ld_i;
    if (acked) { /* v's prefetch was sent: it leaves the queue */
        c[C_TPF]++;
        p->wq &= ~((uint64_t)1 << v);
    }
    if (out->tgt_o) { /* the targets replace the queue */
        c[C_ACCEPTED]++;
        c[C_TARGETS] += (uint64_t)__builtin_popcountll(out->tgt_vec_o);
        c[C_TDROP] += (uint64_t)__builtin_popcountll(p->wq);
        p->wq = out->tgt_vec_o;
    }
    c[C_TQUEUED] = (uint64_t)__builtin_popcountll(p->wq);
    if (h->gc->sap_move == GPU_SAP_MOVE_PREFETCH) {
        if (acked) {
            p->mail.at = now + 1;
            p->mail.vec = (uint64_t)1 << v;
        }
    } else if (out->tgt_o && h->gc->sap_move == GPU_SAP_MOVE_ACCEPT) {
        p->mail.at = now + 1;
        p->mail.vec = out->tgt_vec_o;
    }
    if (out->res_o == SAP_RES_DIV) p->quiet_at = now + P->AddrW + 2; /* busy, then the write */
    /* Pipe=1 (docs/timing/sap.md): a load's check answers (res_o, tgt_o) two cycles later,
     * so the block is not quiet before then; targets accepted but not yet offered on pf_o
     * are in the warp queue or the prefetch pipe (the driver's copy p->wq holds them) */
    if (P->Pipe && in->ld_i && p->quiet_at < now + 3) p->quiet_at = now + 3;
    /* clock gating (C binding only): with no prefetch waiting or in flight and the divider
     * idle, a cycle without a load changes nothing */
    h->idle = h->gate && !out->pf_o && !out->tgt_o && !p->wq && now + 1 >= p->quiet_at;
    return h->bi.tick(h->bi.self, in) ? 1 : 0;
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

static void sap_table(FILE *f, const uint64_t *t, uint64_t cycles, unsigned instances)
{
    (void)cycles;
    fprintf(f,
            "%-28s %" PRIu64 " loads (%u SMs): stride match %.1f%%, new stride %.1f%%, divider busy %.1f%%, same "
            "warp %.1f%%, new PC %.1f%%; groups accepted %" PRIu64 " of %" PRIu64 " (%" PRIu64 " targets); "
            "prefetches sent %" PRIu64 " (%" PRIu64 " allocated), port-busy cycles %" PRIu64 "\n",
            "SAP prefetcher (sap)", t[C_LOADS], instances, pct(t[C_MATCH], t[C_LOADS]), pct(t[C_DIV], t[C_LOADS]),
            pct(t[C_BUSY], t[C_LOADS]), pct(t[C_SAME], t[C_LOADS]), pct(t[C_NEW], t[C_LOADS]), t[C_ACCEPTED],
            t[C_GROUPS], t[C_TARGETS], t[C_SENT], t[C_SENT_MISS], t[C_PORT_WAIT]);
}

const gpu_block_driver sap_gpu = {
    .kind = &sap_kind,
    .hook = GPU_HOOK_PREFETCH,
    .ctrs = sap_ctrs,
    .nctrs = C_COUNT,
    .priv_size = sizeof(sap_gpu_priv),
    .check = sap_gpu_check,
    .init = sap_gpu_init,
    .prefetch = sap_gpu_prefetch,
    .table = sap_table,
};
