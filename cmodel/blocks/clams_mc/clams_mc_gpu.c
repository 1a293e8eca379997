/*
 * clams_mc_gpu.c: clams_mc's driver at the GPU model's DRAM hook (cmodel/gpu/gpu_hooks.h):
 * every DRAM cycle of every channel, the request that entered the channel's buffer
 * (dram.accept=1: at most one a cycle, as GPGPU-Sim moves them) and the one a column
 * command completed in the previous cycle go to the block, with their bank and the rank
 * their SM tagged them with (gpu_issue_set_prio by clams_rank: 1..8; an untagged request,
 * an L2 writeback, counts as rank 8). It only observes: the pick is left as it came
 * (FR-FCFS's, or a picker's later in the block list, which reads Th_CR and the banks'
 * modes from this driver's mail). Counters: windows, threshold updates and the sums of
 * Th_CR, Th_SM and PCR(1..8) at them (their averages in the table), bank-cycles in each
 * mode while the bank holds requests, and as time series (the JSON's "series") PCR(1..8),
 * Th_CR and Th_SM.
 */
#include <inttypes.h>
#include <stdio.h>

#include "clams_mc.h"
#include "gpu_dram.h"
#include "gpu_hooks.h"

enum {
    CTR_WINDOWS, CTR_UPDATES, CTR_THCR_SUM, CTR_THSM_SUM, CTR_PCR1,
    CTR_BANK_FRFCFS = CTR_PCR1 + 8, CTR_BANK_CRIT, CTR_BANK_LOCAL, CTR_PCR1_NOW,
    CTR_THCR_NOW = CTR_PCR1_NOW + 8, CTR_THSM_NOW, CTR_N
};
static const gpu_ctr_def clams_mc_ctrs[CTR_N] = {
    {"windows", GPU_CTR_SUM, 0, 0},      /* windows ended */
    {"updates", GPU_CTR_SUM, 1, 0},      /* threshold updates (PCR(1..8) computed) */
    {"thcr_sum", GPU_CTR_SUM, 1, 0},     /* Th_CR summed over the updates */
    {"thsm_sum", GPU_CTR_SUM, 1, 0},     /* Th_SM (percent) summed over the updates */
    {"pcr1_sum", GPU_CTR_SUM, 0, 0},     /* PCR(k) (percent) summed over the updates */
    {"pcr2_sum", GPU_CTR_SUM, 0, 0},     {"pcr3_sum", GPU_CTR_SUM, 0, 0}, {"pcr4_sum", GPU_CTR_SUM, 0, 0},
    {"pcr5_sum", GPU_CTR_SUM, 0, 0},     {"pcr6_sum", GPU_CTR_SUM, 0, 0}, {"pcr7_sum", GPU_CTR_SUM, 0, 0},
    {"pcr8_sum", GPU_CTR_SUM, 0, 0},
    {"bank_frfcfs_cycles", GPU_CTR_SUM, 0, 0}, /* bank-cycles with requests, none critical */
    {"bank_crit_cycles", GPU_CTR_SUM, 0, 0},   /* bank-cycles in criticality mode */
    {"bank_local_cycles", GPU_CTR_SUM, 0, 0},  /* bank-cycles in locality mode */
    /* levels, for the JSON's time series (means over the channels): the PCR(k) registers,
     * Th_CR and Th_SM now */
    {"pcr1_now", GPU_CTR_MAX, 0, 1}, {"pcr2_now", GPU_CTR_MAX, 0, 1}, {"pcr3_now", GPU_CTR_MAX, 0, 1},
    {"pcr4_now", GPU_CTR_MAX, 0, 1}, {"pcr5_now", GPU_CTR_MAX, 0, 1}, {"pcr6_now", GPU_CTR_MAX, 0, 1},
    {"pcr7_now", GPU_CTR_MAX, 0, 1}, {"pcr8_now", GPU_CTR_MAX, 0, 1},
    {"thcr_now", GPU_CTR_MAX, 0, 1},
    {"thsm_now", GPU_CTR_MAX, 0, 1},
};

/* rank 1..8 to its code rank - 1 on arr_rank_i's bits; untagged (0) is rank 8 */
static unsigned rank_code(const clams_mc_cfg *cfg, unsigned prio)
{
    const unsigned rm = (unsigned)bits_mask(clams_mc_w_arr_rank_i(cfg));
    return prio ? (prio - 1) & rm : rm;
}

#define BUSY_W 32 /* bits of the busy-bank mask below (a uint32_t; Banks <= CLAMS_MC_MAX_B) */

static int clams_mc_dram(gpu_hook_inst *h, const gpu_dram_event *e, int *pick)
{
    const clams_mc_cfg *cfg = h->cfg;
    clams_mc_in *in = h->in;
    clams_mc_out *out = h->out;
    clams_mc_gpu_mail *mail = h->priv;
    const unsigned pw = clams_mc_pcrw(cfg), mw = clams_mc_modew(cfg); /* pcr_o, mode_o fields */
    const uint64_t pm = bits_mask(pw), mm = bits_mask(mw);
    (void)pick;
    in->rst_i = 0;
    in->arr_i = e->narr != 0;
    in->arr_bank_i = in->arr_rank_i = 0;
    if (e->narr) {
        const dram_req *r = &e->ch->q[e->arr[0]];
        in->arr_bank_i = r->bank;
        in->arr_rank_i = rank_code(cfg, r->prio);
    }
    in->dep_i = e->dep != NULL;
    in->dep_bank_i = e->dep ? e->dep->bank : 0;
    in->dep_rank_i = e->dep ? rank_code(cfg, e->dep->prio) : 0;
    if (h->bi.eval(h->bi.self, in, out)) return 1;
    mail->thcr = (uint8_t)out->thcr_o;
    mail->thsm = (uint8_t)out->thsm_o;
    mail->mode = out->mode_o;
    for (unsigned k = 0; k < 8; k++) h->ctr[CTR_PCR1_NOW + k] = out->pcr_o >> (pw * k) & pm;
    h->ctr[CTR_THCR_NOW] = out->thcr_o + 1;
    h->ctr[CTR_THSM_NOW] = out->thsm_o;
    if (out->win_end_o) h->ctr[CTR_WINDOWS]++;
    if (out->upd_o) h->ctr[CTR_UPDATES]++;
    uint32_t busy = 0; /* banks holding requests */
    for (unsigned i = 0; i < e->ch->cap; i++)
        if (e->ch->q[i].valid) busy |= (uint32_t)1 << (e->ch->q[i].bank & (BUSY_W - 1));
    for (unsigned b = 0; b < cfg->Banks; b++) {
        unsigned m = (unsigned)(out->mode_o >> (mw * b) & mm);
        if (busy >> b & 1) h->ctr[CTR_BANK_FRFCFS + (m > 2 ? 2 : m)]++;
    }
    if (h->bi.tick(h->bi.self, in)) return 1;
    if (out->upd_o) { /* the new thresholds and PCR(k), after the edge */
        if (h->bi.eval(h->bi.self, in, out)) return 1;
        h->ctr[CTR_THCR_SUM] += out->thcr_o + 1;
        h->ctr[CTR_THSM_SUM] += out->thsm_o;
        for (unsigned k = 0; k < 8; k++) h->ctr[CTR_PCR1 + k] += out->pcr_o >> (pw * k) & pm;
    }
    return 0;
}

static int clams_mc_check(const void *cfgv, const gpu_cfg *c, char *err, size_t n)
{
    const clams_mc_cfg *cfg = cfgv;
    if (c->dram_accept != 1) {
        snprintf(err, n, "clams_mc: needs dram.accept=1 (one request into a channel's buffer a DRAM cycle; the block has one arrival port), not %u",
                 c->dram_accept);
        return 1;
    }
    if (c->dram_banks != cfg->Banks) {
        snprintf(err, n, "clams_mc: Banks=%u differs from dram.banks=%u", cfg->Banks, c->dram_banks);
        return 1;
    }
    if (c->dram_queue > cfg->Buf) {
        snprintf(err, n, "clams_mc: dram.queue=%u is more than the block's Buf=%u", c->dram_queue, cfg->Buf);
        return 1;
    }
    return 0;
}

static void clams_mc_table(FILE *f, const uint64_t *tot, uint64_t cycles, unsigned instances)
{
    uint64_t u = tot[CTR_UPDATES], bank = tot[CTR_BANK_FRFCFS] + tot[CTR_BANK_CRIT] + tot[CTR_BANK_LOCAL];
    double du = u ? (double)u : 1.0, db = bank ? (double)bank : 1.0;
    fprintf(f, "  %-22s %" PRIu64 " windows; average Th_CR %.2f, Th_SM %.1f%%; PCR(1..8)", "clams_mc",
            tot[CTR_WINDOWS], (double)tot[CTR_THCR_SUM] / du, (double)tot[CTR_THSM_SUM] / du);
    for (unsigned k = 0; k < 8; k++) fprintf(f, " %.0f", (double)tot[CTR_PCR1 + k] / du);
    fprintf(f, "%%; busy bank-cycles: FR-FCFS %.1f%%, criticality %.1f%%, locality %.1f%% (%u channels, %" PRIu64
               " cycles)\n",
            100.0 * (double)tot[CTR_BANK_FRFCFS] / db, 100.0 * (double)tot[CTR_BANK_CRIT] / db,
            100.0 * (double)tot[CTR_BANK_LOCAL] / db, instances, cycles);
}

const gpu_block_driver clams_mc_gpu = {
    .kind = &clams_mc_kind,
    .hook = GPU_HOOK_DRAM,
    .ctrs = clams_mc_ctrs,
    .nctrs = CTR_N,
    .priv_size = sizeof(clams_mc_gpu_mail),
    .check = clams_mc_check,
    .dram = clams_mc_dram,
    .table = clams_mc_table,
};
