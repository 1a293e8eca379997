/*
 * clams_rank_gpu.c: clams_rank's driver at the GPU model's ISSUE hook
 * (cmodel/gpu/gpu_hooks.h): every cycle of every SM, the SM's resident warps and, of
 * them, the short-latency ones (no load line request outstanding) go to the block, and
 * its rank tags every memory request the SM sends from then on (gpu_issue_set_prio:
 * rank 1..8, carried to the DRAM controllers, where CLAMS's controller and picker read
 * it). Counters: cycles at each rank and epochs ended, summed over the SMs; as time series
 * (the JSON's "series"): the share of SMs at rank 1, the seed's PCC(1), and the mean rank.
 */
#include <inttypes.h>
#include <stdio.h>

#include "clams_rank.h"
#include "gpu_hooks.h"

enum { CTR_R1, CTR_R8 = CTR_R1 + 7, CTR_EPOCHS, CTR_AT1_NOW, CTR_RANK_NOW, CTR_N };
static const gpu_ctr_def clams_rank_ctrs[CTR_N] = {
    {"rank1_cycles", GPU_CTR_SUM, 1, 0}, /* SM cycles at rank 1 (most critical) */
    {"rank2_cycles", GPU_CTR_SUM, 0, 0}, {"rank3_cycles", GPU_CTR_SUM, 0, 0}, {"rank4_cycles", GPU_CTR_SUM, 0, 0},
    {"rank5_cycles", GPU_CTR_SUM, 0, 0}, {"rank6_cycles", GPU_CTR_SUM, 0, 0}, {"rank7_cycles", GPU_CTR_SUM, 0, 0},
    {"rank8_cycles", GPU_CTR_SUM, 1, 0}, /* SM cycles at rank 8 (least critical) */
    {"epochs", GPU_CTR_SUM, 0, 0},       /* epochs ended (rank updates) */
    /* levels, for the JSON's time series: the SM is at rank 1 now (their mean over the
     * SMs is the seed's PCC(1)); the SM's rank now (the mean: the average rank) */
    {"at_rank1_now", GPU_CTR_MAX, 0, 1},
    {"rank_now", GPU_CTR_MAX, 0, 1},
};

static int clams_rank_issue(gpu_hook_inst *h, const gpu_issue_event *e)
{
    clams_rank_in *in = h->in;
    clams_rank_out *out = h->out;
    uint64_t m = bits_mask(clams_rank_w_live_i(h->cfg)), rm = bits_mask(clams_rank_w_rank_o(h->cfg));
    in->rst_i = 0;
    in->live_i = e->live_warps & m;
    in->short_i = e->short_warps & m;
    if (h->bi.eval(h->bi.self, in, out)) return 1;
    h->ctr[CTR_R1 + (out->rank_o & rm)]++;
    if (out->end_o) h->ctr[CTR_EPOCHS]++;
    if (h->bi.tick(h->bi.self, in)) return 1;
    /* the rank register after the edge tags the SM's requests from the next cycle on */
    if (h->bi.eval(h->bi.self, in, out)) return 1;
    gpu_issue_set_prio(e, (unsigned)(out->rank_o & rm) + 1);
    h->ctr[CTR_AT1_NOW] = (out->rank_o & rm) == 0;
    h->ctr[CTR_RANK_NOW] = (out->rank_o & rm) + 1;
    return 0;
}

static int clams_rank_check(const void *cfgv, const gpu_cfg *c, char *err, size_t n)
{
    const clams_rank_cfg *cfg = cfgv;
    if (c->warps > cfg->Warps) {
        snprintf(err, n, "clams_rank: core.warps=%u is more than the block's Warps=%u", c->warps, cfg->Warps);
        return 1;
    }
    return 0;
}

static void clams_rank_table(FILE *f, const uint64_t *tot, uint64_t cycles, unsigned instances)
{
    uint64_t all = 0;
    for (int r = 0; r < 8; r++) all += tot[CTR_R1 + r];
    fprintf(f, "  %-22s %" PRIu64 " epochs; share of SM cycles at rank 1..8:", "clams_rank", tot[CTR_EPOCHS]);
    for (int r = 0; r < 8; r++) fprintf(f, " %.1f%%", all ? 100.0 * (double)tot[CTR_R1 + r] / (double)all : 0.0);
    fprintf(f, " (%u SMs, %" PRIu64 " cycles)\n", instances, cycles);
}

const gpu_block_driver clams_rank_gpu = {
    .kind = &clams_rank_kind,
    .hook = GPU_HOOK_ISSUE,
    .ctrs = clams_rank_ctrs,
    .nctrs = CTR_N,
    .check = clams_rank_check,
    .issue = clams_rank_issue,
    .table = clams_rank_table,
};
