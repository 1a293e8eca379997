/*
 * mrpb_gpu.c: MRPB in the GPU memory model, at the REQ hook (cmodel/gpu/gpu_hooks.h):
 * between each SM's memory stage and its L1, as seed 000 sec. 3 places it.
 *
 * Each cycle: the memory stage's current line request goes to MRPB's request port;
 * MRPB is evaluated; if it presents a request to the cache, the L1 is probed in the
 * same cycle, MRPB is evaluated again with the L1's answer (accept, stall kind) and
 * bypass readiness (the SM's interconnect port is free and the line's L2 slice has
 * room: a bypassed read goes straight into the interconnect, docs/deviations.md G6), and
 * then the L1 commits, counts the refusal, or sends the read past the L1 (bypass_o). The memory stage moves on when MRPB took the
 * request (req_ready_o). Then MRPB's clock edge.
 *
 * Clock gating: an empty MRPB offered nothing is a fixed point of its state (no
 * timers; the RR pointer and greedy hold change only on a drain), so skipping its
 * clock then is exact (the model's gate=off checks this): the driver keeps h->idle
 * set while MRPB is empty and the model skips calls without a request. Only C
 * bindings are gated (h->gate): an rtl or lockstep instance sees every GPU cycle, so
 * its mismatch reports and waveforms count GPU cycles.
 *
 * Pipe=1 (docs/timing/mrpb.md): the block's own ports carry the pipelined timing (a drain
 * decided at t is offered at t+3 at the earliest; a write waits while stage C holds a read),
 * so the driver needs no change to its protocol; it only mirrors the two drain stages from
 * the ports (b, c below) so that an MRPB with a drained entry still in flight is not gated.
 */
#include <inttypes.h>
#include <stdio.h>

#include "gpu_hooks.h"
#include "mrpb.h"

/* per SM, beside the block */
typedef struct mrpb_gpu_priv {
    uint64_t occ;  /* entries in the queues (taken, not yet drained) */
    int obuf;      /* the outbound register holds a request after the edge */
    int b, c;      /* Pipe=1: drain stages B and C hold an entry after the edge */
} mrpb_gpu_priv;

enum { C_ENQ, C_DRAIN_POLICY, C_DRAIN_GREEDY, C_DRAIN_FULL, C_DRAIN_FLUSH, C_WPASS, C_FLUSH_WAIT, C_OCC, C_OCC_MAX,
       C_COUNT };

/* the JSON keys are "mrpb_" + name */
static const gpu_ctr_def mrpb_gpu_ctrs[C_COUNT] = {
    [C_ENQ] = {"enqueued", GPU_CTR_SUM, 1, 0},
    [C_DRAIN_POLICY] = {"drain_policy", GPU_CTR_SUM, 0, 0},
    [C_DRAIN_GREEDY] = {"drain_greedy", GPU_CTR_SUM, 0, 0},
    [C_DRAIN_FULL] = {"drain_full", GPU_CTR_SUM, 0, 0},
    [C_DRAIN_FLUSH] = {"drain_flush", GPU_CTR_SUM, 0, 0},
    [C_WPASS] = {"write_passes", GPU_CTR_SUM, 0, 0},
    [C_FLUSH_WAIT] = {"flush_wait_cycles", GPU_CTR_SUM, 0, 0},
    [C_OCC] = {"avg_occupancy_per_sm", GPU_CTR_LEVEL, 0, 0},
    [C_OCC_MAX] = {"max_occupancy", GPU_CTR_MAX, 0, 0},
};

static int mrpb_gpu_check(const void *cfgv, const gpu_cfg *c, char *err, size_t n)
{
    const mrpb_cfg *M = cfgv;
    if (M->Sig == MRPB_SIG_WARP && M->NumQ < c->warps) {
        snprintf(err, n, "mrpb: NumQ=%u warp-id queues cannot hold core.warps=%u warps", M->NumQ, c->warps);
        return 1;
    }
    if (M->Sig == MRPB_SIG_BLOCK && M->NumQ < c->blocks) {
        snprintf(err, n, "mrpb: NumQ=%u block-id queues cannot hold core.blocks=%u blocks", M->NumQ, c->blocks);
        return 1;
    }
    if (M->TagW < 4 || M->AddrW < 32) {
        snprintf(err, n, "mrpb: the GPU model needs TagW >= 4 (load slots) and AddrW >= 32 (line addresses)");
        return 1;
    }
    return 0;
}

static int mrpb_gpu_launch_check(const void *cfgv, const gpu_launch_info *l, char *err, size_t n)
{
    const mrpb_cfg *M = cfgv;
    if (M->Sig == MRPB_SIG_INBLK && l->warps > M->NumQ) {
        snprintf(err, n, "launch %d (%s): %u warps per block but MRPB has NumQ=%u in-block queues", l->index,
                 l->kernel, l->warps, M->NumQ);
        return 1;
    }
    return 0;
}

static int mrpb_gpu_req(gpu_hook_inst *h, gpu_req_io *io)
{
    const mrpb_cfg *M = h->cfg;
    mrpb_gpu_priv *p = h->priv;
    mrpb_in *in = h->in;
    mrpb_out *out = h->out;
    uint64_t *ctr = h->ctr;
    in->rst_i = 0;
    in->req_valid_i = (uint64_t)io->valid;
    if (io->valid) {
        in->req_write_i = io->req.write;
        in->req_addr_i = io->req.line & bits_mask(M->AddrW);
        in->req_warp_i = io->req.warp;
        in->req_block_i = io->req.block;
        in->req_inblk_i = io->req.inblk;
        in->req_lane_i = io->req.lane;
        in->req_pc_i = io->req.pc & bits_mask(M->PcW);
        in->req_tag_i = io->req.slot;
    }
    in->cache_accept_i = 0;
    in->cache_stall_i = 0;
    in->byp_ready_i = 0;
    if (h->bi.eval(h->bi.self, in, out)) return 1;
    int r = -1;
    if (out->out_valid_o) {
        gpu_mem_req o = {0};
        o.line = out->out_addr_o;
        o.write = (uint8_t)out->out_write_o;
        o.warp = (uint8_t)out->out_warp_o;
        o.slot = (uint8_t)out->out_tag_o;
        r = gpu_req_l1_probe(io, &o);
        in->cache_accept_i = !l1_failed(r);
        in->cache_stall_i = l1_stall_code(r);
        in->byp_ready_i = gpu_req_bypass_ready(io, o.line); /* for the request it presents */
        if (h->bi.eval(h->bi.self, in, out)) return 1;
    }
    if (r >= 0) { /* the request as presented after the L1's answer */
        gpu_mem_req o = {0};
        o.line = out->out_addr_o;
        o.write = (uint8_t)out->out_write_o;
        o.warp = (uint8_t)out->out_warp_o;
        o.slot = (uint8_t)out->out_tag_o;
        int bad = l1_failed(r) && out->bypass_o ? gpu_req_l1_bypass(io, &o, r) : gpu_req_l1_access(io, &o, r);
        if (bad) return 1;
    }
    if (io->valid && out->req_ready_o) {
        int wpass = io->req.write && out->wpass_o;
        if (!wpass) p->occ++;
        ctr[C_ENQ]++;
        if (wpass) ctr[C_WPASS]++;
        io->taken = 1;
    }
    if (M->Pipe) { /* stage C loads the register when it is free; B moves when C does */
        int load_ok = !out->out_valid_o || in->cache_accept_i || out->bypass_o;
        int c_free = !p->c || load_ok, b_free = !p->b || c_free;
        p->obuf = (out->out_valid_o && !in->cache_accept_i && !out->bypass_o) || (p->c && load_ok) || out->wpass_o;
        if (c_free) p->c = p->b;
        if (b_free) p->b = (int)out->drain_valid_o;
    } else {
        p->obuf = (out->out_valid_o && !in->cache_accept_i && !out->bypass_o) || out->drain_valid_o || out->wpass_o;
    }
    if (out->drain_valid_o) {
        p->occ--;
        ctr[C_DRAIN_POLICY + (out->drain_why_o & bits_mask(mrpb_w_drain_why_o(M)))]++;
    }
    if (out->flush_o) ctr[C_FLUSH_WAIT]++;
    ctr[C_OCC] += p->occ;
    if (p->occ > ctr[C_OCC_MAX]) ctr[C_OCC_MAX] = p->occ;
    h->idle = h->gate && !p->occ && !p->obuf && !p->b && !p->c;
    return h->bi.tick(h->bi.self, in) ? 1 : 0;
}

static int mrpb_gpu_init(gpu_hook_inst *h, char *err, size_t n)
{
    (void)err;
    (void)n;
    h->idle = h->gate; /* empty after reset */
    return 0;
}

static int mrpb_gpu_busy(const gpu_hook_inst *h)
{
    const mrpb_gpu_priv *p = h->priv;
    return p->occ || p->obuf || p->b || p->c;
}

static void mrpb_gpu_describe(const gpu_hook_inst *h, FILE *f)
{
    const mrpb_gpu_priv *p = h->priv;
    const mrpb_out *out = h->out;
    fprintf(f, ", MRPB %" PRIu64 " entries, out_valid %u", p->occ, (unsigned)out->out_valid_o);
}

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

static void mrpb_gpu_table(FILE *f, const uint64_t *tot, uint64_t cycles, unsigned instances)
{
    fprintf(f, "%-28s avg %.2f entries/SM (max %" PRIu64 "), drains policy %" PRIu64 " greedy %" PRIu64
               " full %" PRIu64 " flush %" PRIu64 ", write passes %" PRIu64 "\n",
            "MRPB occupancy", ratio(tot[C_OCC], cycles) / instances, tot[C_OCC_MAX], tot[C_DRAIN_POLICY],
            tot[C_DRAIN_GREEDY], tot[C_DRAIN_FULL], tot[C_DRAIN_FLUSH], tot[C_WPASS]);
}

const gpu_block_driver mrpb_gpu = {
    .kind = &mrpb_kind,
    .hook = GPU_HOOK_REQ,
    .ctrs = mrpb_gpu_ctrs,
    .nctrs = C_COUNT,
    .priv_size = sizeof(mrpb_gpu_priv),
    .check = mrpb_gpu_check,
    .launch_check = mrpb_gpu_launch_check,
    .init = mrpb_gpu_init,
    .req = mrpb_gpu_req,
    .busy = mrpb_gpu_busy,
    .describe = mrpb_gpu_describe,
    .table = mrpb_gpu_table,
};
