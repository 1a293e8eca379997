/*
 * memsched_gpu.c: the memory request scheduling queue in the GPU memory model, at the
 * REQ hook (cmodel/gpu/gpu_hooks.h): between each SM's memory stage and its L1, as seed
 * 003 chapter 6 places it (Figure 6.1b).
 *
 * Each cycle: the memory stage's current line request goes to the block's request
 * port; the block is evaluated and shows its candidates (the heads of up to K slots);
 * each candidate is probed in the L1 (gpu_req_l1_probe: the L1's answer, nothing
 * changes) and the answers go back on probe_acc_i / probe_hit_i; the block is
 * evaluated again and names the pick, which is offered to the L1 for real
 * (gpu_req_l1_access). When every candidate is refused nothing leaves the queue, and
 * candidate 0 is offered with its refusal so that the L1 counts the stall (and an L1
 * hook block sees it), as the memory stage does without the queue. The memory stage
 * moves on when the block took its request (req_ready_o). Then the block's clock edge.
 *
 * Pipe=1 (docs/timing/memsched.md): the block shows the list it found a cycle earlier,
 * with holes where the previous cycle's pick emptied a slot, so every bit of
 * cand_valid_o is looked at, and a request taken in cycle t is a candidate from t+2.
 * The driver needs no timing of its own: the block's ports carry the later decisions.
 *
 * Clock gating: an empty queue offered nothing is a fixed point (no candidates: the
 * pointer stays), so the driver sets h->idle while the queue is empty and the model
 * skips calls without a request (C bindings only). With Pipe=1 an empty queue may still
 * hold a registered list, but every entry of it is hidden (no slot is non-empty) and the
 * next cycle's list is empty whether the empty cycles are run or skipped, so the outputs
 * are the same either way (the GPU_LOCKSTEP entry with Pipe=1 checks it: lockstep runs
 * every cycle, the C-only run skips).
 */
#include <inttypes.h>
#include <stdio.h>

#include "gpu_hooks.h"
#include "memsched.h"

typedef struct memsched_gpu_priv {
    uint64_t occ; /* requests held (taken, not yet served) */
} memsched_gpu_priv;

enum { C_ENQ, C_FULL, C_STALL, C_PICKS, C_HITS, C_YIELDS, C_YIELD_HITS, C_PROBES, C_STORES, C_OCC, C_OCC_MAX,
       C_COUNT };

/* the JSON keys are "memsched_" + name */
static const gpu_ctr_def memsched_gpu_ctrs[C_COUNT] = {
    [C_ENQ] = {"enqueued", GPU_CTR_SUM, 1, 0},
    [C_FULL] = {"full_stall_cycles", GPU_CTR_SUM, 1, 0},   /* the memory stage refused by a full slot */
    [C_STALL] = {"refused_cycles", GPU_CTR_SUM, 1, 0},     /* candidates, every one refused */
    [C_PICKS] = {"picks", GPU_CTR_SUM, 0, 0},
    [C_HITS] = {"pick_hits", GPU_CTR_SUM, 0, 0},
    [C_YIELDS] = {"yields", GPU_CTR_SUM, 0, 0},            /* picks that were not candidate 0 */
    [C_YIELD_HITS] = {"yield_hits", GPU_CTR_SUM, 0, 0},    /* of them, hits: the seed's potential hits */
    [C_PROBES] = {"probes", GPU_CTR_SUM, 0, 0},            /* L1 probes (candidates) */
    [C_STORES] = {"stores", GPU_CTR_SUM, 0, 0},
    [C_OCC] = {"avg_occupancy_per_sm", GPU_CTR_LEVEL, 0, 0},
    [C_OCC_MAX] = {"max_occupancy", GPU_CTR_MAX, 0, 0},
};

/* `--memsched fixed|rr|grr` (on with that policy; `--memsched on|off` as for every
 * kind) and `--probes K` (the cache probe units, seed 003 Figure 6.5b) */
#define PROBES(k) {"probes", #k, "memsched.K=" #k, k == 1 ? "memsched: cache probe units K (candidates per cycle)" : NULL}
static const gpu_opt_alias memsched_aliases[] = {
    {"memsched", "fixed", "memsched=on;memsched.Policy=fixed",
     "memory request scheduling queue (seed 003 ch. 6) on, with the FIXED, RoundRobin or GroupedRR scheduler"},
    {"memsched", "rr", "memsched=on;memsched.Policy=rr", NULL},
    {"memsched", "grr", "memsched=on;memsched.Policy=grr", NULL},
    PROBES(1), PROBES(2), PROBES(3), PROBES(4), PROBES(5), PROBES(6), PROBES(7), PROBES(8),
    {NULL, NULL, NULL, NULL},
};

static int memsched_gpu_check(const void *cfgv, const gpu_cfg *c, char *err, size_t n)
{
    const memsched_cfg *M = cfgv;
    if (M->Slots < c->warps) {
        snprintf(err, n, "memsched: Slots=%u cannot give each of core.warps=%u warps its slot", M->Slots, c->warps);
        return 1;
    }
    if (M->SlotW < 4 || M->LineW < 32) {
        snprintf(err, n, "memsched: the GPU model needs SlotW >= 4 (load slots) and LineW >= 32 (line addresses)");
        return 1;
    }
    return 0;
}

/* candidate j of the outputs as a request to the L1 */
static gpu_mem_req cand_req(const memsched_cfg *M, const memsched_out *out, unsigned j)
{
    gpu_mem_req r = {0};
    r.line = memsched_cand_line(out, M, j);
    r.write = (uint8_t)((out->cand_write_o >> j) & 1);
    r.warp = (uint8_t)memsched_field(out->cand_slot_o, j, memsched_qw(M));
    r.slot = (uint8_t)memsched_field(out->cand_ld_o, j, M->SlotW);
    return r;
}

static int memsched_gpu_req(gpu_hook_inst *h, gpu_req_io *io)
{
    const memsched_cfg *M = h->cfg;
    memsched_gpu_priv *p = h->priv;
    memsched_in *in = h->in;
    memsched_out *out = h->out;
    uint64_t *ctr = h->ctr;
    int res[MEMSCHED_MAX_K];
    unsigned j, n = 0;
    in->rst_i = 0;
    in->req_valid_i = (uint64_t)io->valid;
    if (io->valid) {
        if (io->req.line > bits_mask(M->LineW)) {
            fprintf(stderr, "gpusim: memsched@%u: line address 0x%" PRIx64 " needs more than LineW=%u bits\n", h->index,
                    io->req.line, M->LineW);
            return 1;
        }
        in->req_write_i = io->req.write;
        in->req_line_i = io->req.line & bits_mask(M->LineW);
        in->req_warp_i = io->req.warp;
        in->req_ld_i = io->req.slot & bits_mask(M->SlotW);
    }
    in->probe_acc_i = 0;
    in->probe_hit_i = 0;
    if (h->bi.eval(h->bi.self, in, out)) return 1;
    if (out->cand_valid_o) { /* probe every candidate, answer in the same cycle */
        const uint64_t shown = out->cand_valid_o;
        for (j = 0; j < M->K; j++) {
            if (!(shown >> j & 1)) continue; /* Pipe=1: an entry hidden (its slot emptied) */
            gpu_mem_req r = cand_req(M, out, j);
            res[j] = gpu_req_l1_probe(io, &r);
            n++;
            if (!l1_failed(res[j])) in->probe_acc_i |= 1u << j;
            if (res[j] == L1_HIT || res[j] == L1_HIT_PENDING) in->probe_hit_i |= 1u << j;
        }
        if (h->bi.eval(h->bi.self, in, out)) return 1;
        /* the pick for real, or the first candidate's refusal (counted by the L1) */
        j = out->pick_valid_o ? (unsigned)out->pick_idx_o : (unsigned)__builtin_ctzll(shown);
        gpu_mem_req r = cand_req(M, out, j);
        if (gpu_req_l1_access(io, &r, res[j])) return 1;
    }
    ctr[C_PROBES] += n;
    if (io->valid && out->req_ready_o) {
        p->occ++;
        ctr[C_ENQ]++;
        if (io->req.write) ctr[C_STORES]++;
        io->taken = 1;
    }
    if (out->full_o) ctr[C_FULL]++;
    if (out->stall_o) ctr[C_STALL]++;
    if (out->pick_valid_o) {
        p->occ--;
        ctr[C_PICKS]++;
        if (out->pick_hit_o) ctr[C_HITS]++;
        if (out->pick_idx_o) {
            ctr[C_YIELDS]++;
            if (out->pick_hit_o) ctr[C_YIELD_HITS]++;
        }
    }
    ctr[C_OCC] += p->occ;
    if (p->occ > ctr[C_OCC_MAX]) ctr[C_OCC_MAX] = p->occ;
    h->idle = h->gate && !p->occ;
    return h->bi.tick(h->bi.self, in) ? 1 : 0;
}

static int memsched_gpu_init(gpu_hook_inst *h, char *err, size_t n)
{
    (void)err;
    (void)n;
    h->idle = h->gate; /* empty after reset */
    return 0;
}

static int memsched_gpu_busy(const gpu_hook_inst *h)
{
    const memsched_gpu_priv *p = h->priv;
    return p->occ != 0;
}

static void memsched_gpu_describe(const gpu_hook_inst *h, FILE *f)
{
    const memsched_gpu_priv *p = h->priv;
    const memsched_out *out = h->out;
    fprintf(f, ", memsched %" PRIu64 " requests, candidates 0x%" PRIx64 ", last cycle %s", p->occ,
            out->cand_valid_o, out->stall_o ? "all refused" : out->pick_valid_o ? "served one" : "idle");
}

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

static void memsched_gpu_table(FILE *f, const uint64_t *tot, uint64_t cycles, unsigned instances)
{
    fprintf(f,
            "%-28s avg %.2f requests/SM (max %" PRIu64 "), picks %" PRIu64 " (hits %" PRIu64 "), yields %" PRIu64
            " (hits %" PRIu64 "), all-refused cycles %" PRIu64 ", full-slot stalls %" PRIu64 "\n",
            "memsched queue", ratio(tot[C_OCC], cycles) / instances, tot[C_OCC_MAX], tot[C_PICKS], tot[C_HITS],
            tot[C_YIELDS], tot[C_YIELD_HITS], tot[C_STALL], tot[C_FULL]);
}

const gpu_block_driver memsched_gpu = {
    .kind = &memsched_kind,
    .hook = GPU_HOOK_REQ,
    .ctrs = memsched_gpu_ctrs,
    .nctrs = C_COUNT,
    .priv_size = sizeof(memsched_gpu_priv),
    .aliases = memsched_aliases,
    .check = memsched_gpu_check,
    .init = memsched_gpu_init,
    .req = memsched_gpu_req,
    .busy = memsched_gpu_busy,
    .describe = memsched_gpu_describe,
    .table = memsched_gpu_table,
};
