/*
 * clams_pick_gpu.c: clams_pick's driver at the GPU model's DRAM hook
 * (cmodel/gpu/gpu_hooks.h), after clams_mc in the block list: every DRAM cycle of every
 * channel the block learns the request that entered the buffer (dram.accept=1) and the
 * slot a column command freed in the previous cycle, sees which slots' requests can take
 * a command now (the channel's candidates: column commands for row hits, precharges and
 * activates) and which buffered requests hit their bank's open row, and picks; its pick
 * replaces FR-FCFS's. For CLAMS it takes Th_CR and the banks' modes from the channel's
 * clams_mc (its mail, this cycle's outputs). `--dram-sched` selects the scheduler.
 * Counters: picks, picks other than FR-FCFS's, column commands by kind (critical and in
 * criticality mode), and the buffer wait of critical and other requests served.
 *
 * Pipe >= 1 (docs/timing/clams_pick.md): the pick given now was made from the view of
 * Pipe DRAM cycles ago. The channel issues it now only if its slot can still take the
 * same command (column, precharge or activate) it was a candidate for then; otherwise the
 * cycle issues nothing (late_dropped). The driver keeps each view's command per slot for
 * Pipe cycles to tell.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "clams_mc.h"
#include "clams_pick.h"
#include "gpu_dram.h"
#include "gpu_hooks.h"

enum {
    CTR_PICKS, CTR_NOT_FRFCFS, CTR_COLS, CTR_CRIT_COLS, CTR_CRIT_IN_CRIT, CTR_CAPPED, CTR_CRIT_WAIT,
    CTR_OTHER_COLS, CTR_OTHER_WAIT, CTR_LATE_DROPPED, CTR_N
};
static const gpu_ctr_def clams_pick_ctrs[CTR_N] = {
    {"picks", GPU_CTR_SUM, 0, 0},            /* commands picked */
    {"picks_not_frfcfs", GPU_CTR_SUM, 1, 0}, /* picks other than FR-FCFS's choice */
    {"cols", GPU_CTR_SUM, 0, 0},             /* column commands (requests served) */
    {"crit_cols", GPU_CTR_SUM, 0, 0},        /* of them, critical requests (CLAMS) */
    {"crit_in_crit_mode", GPU_CTR_SUM, 0, 0},/* critical requests served in criticality mode */
    {"capped_picks", GPU_CTR_SUM, 0, 0},     /* FR-FCFS-Cap: picks in a capped bank */
    {"crit_wait", GPU_CTR_SUM, 0, 0},        /* DRAM cycles critical requests waited in the buffer */
    {"other_cols", GPU_CTR_SUM, 0, 0},       /* requests served that were not critical */
    {"other_wait", GPU_CTR_SUM, 0, 0},       /* and their buffer wait */
    {"late_dropped", GPU_CTR_SUM, 0, 0},     /* Pipe: picks given that their slot could no longer take */
};

/* Pipe >= 1: per view (DRAM cycle, kept Pipe + 1 of them) each slot's command + 1, or 0
 * when the slot was no candidate */
typedef struct clams_pick_gpu_priv {
    uint64_t calls;
    uint8_t cmd[CLAMS_PICK_MAX_PIPE + 1][CLAMS_PICK_MAX_S];
} clams_pick_gpu_priv;

/* `--dram-sched`: the channel's own FR-FCFS, FR-FCFS-Cap (seed 004 section 7's caps),
 * and the three CLAMS schemes (ranks, controller and picker; Table 2's thresholds) */
#define CAPSET(n) "clams_rank=off;clams_mc=off;clams_pick=on;clams_pick.Algo=cap;clams_pick.Cap=" #n ";dram.accept=1"
#define CLAMSSET(s) "clams_rank=on;clams_mc=on;clams_mc.preset=" s ";clams_pick=on;clams_pick.Algo=clams;dram.accept=1"
static const gpu_opt_alias clams_pick_aliases[] = {
    {"dram-sched", "frfcfs", "clams_rank=off;clams_mc=off;clams_pick=off",
     "DRAM scheduler: FR-FCFS, FR-FCFS-Cap:N (N = 2, 4, 6, 8, 12, 16), or CLAMS (seed 004): static, semi or dyn"},
    {"dram-sched", "frfcfs-cap:2", CAPSET(2), NULL},
    {"dram-sched", "frfcfs-cap:4", CAPSET(4), NULL},
    {"dram-sched", "frfcfs-cap:6", CAPSET(6), NULL},
    {"dram-sched", "frfcfs-cap:8", CAPSET(8), NULL},
    {"dram-sched", "frfcfs-cap:12", CAPSET(12), NULL},
    {"dram-sched", "frfcfs-cap:16", CAPSET(16), NULL},
    {"dram-sched", "clams-static", CLAMSSET("static"), NULL},
    {"dram-sched", "clams-semi", CLAMSSET("semi"), NULL},
    {"dram-sched", "clams-dyn", CLAMSSET("final"), NULL},
    {NULL, NULL, NULL, NULL},
};

static void setbit(uint64_t *v, unsigned i) { v[i / 64] |= (uint64_t)1 << (i % 64); }

static int clams_pick_dram(gpu_hook_inst *h, const gpu_dram_event *e, int *pick)
{
    const clams_pick_cfg *P = h->cfg;
    clams_pick_in *in = h->in;
    clams_pick_out *out = h->out;
    const gpu_dram *ch = e->ch;
    int slot_cand[CLAMS_PICK_MAX_S];
    memset(in, 0, sizeof *in);
    if (e->narr) {
        const dram_req *r = &ch->q[e->arr[0]];
        in->arr_i = 1;
        in->arr_slot_i = e->arr[0];
        in->arr_bank_i = r->bank;
        const unsigned rm = (unsigned)bits_mask(clams_pick_w_arr_rank_i(P)); /* rank - 1; untagged: rank 8 */
        in->arr_rank_i = r->prio ? (r->prio - 1u) & rm : rm;
    }
    if (e->dep) {
        in->dep_i = 1;
        in->dep_slot_i = ch->dep_slot;
    }
    for (unsigned i = 0; i < ch->cap; i++) {
        slot_cand[i] = -1;
        const dram_req *r = &ch->q[i];
        if (r->valid && r->t_in != ch->now && ch->bank[r->bank].open_row == (int64_t)r->row) setbit(in->hit_i, i);
    }
    for (unsigned c = 0; c < e->n; c++) {
        unsigned i = (unsigned)(e->cand[c].req - ch->q);
        slot_cand[i] = (int)c;
        setbit(in->cand_i, i);
        if (e->cand[c].cmd == DRAM_CMD_COL) setbit(in->col_i, i);
    }
    gpu_hook_inst *mc = gpu_hook_sibling(h, &clams_mc_kind);
    if (mc) {
        const clams_mc_gpu_mail *m = mc->priv;
        in->thcr_i = m->thcr;
        in->mode_i = m->mode & bits_mask(clams_pick_w_mode_i(P));
    }
    if (h->bi.eval(h->bi.self, in, out)) return 1;
    *pick = out->pick_ok_o ? slot_cand[out->pick_o] : -1;
    if (P->Pipe) {
        /* the pick of the view Pipe cycles ago: taken only for the command it was a
         * candidate for then (a slot refilled since is dropped by the block itself) */
        clams_pick_gpu_priv *pv = h->priv;
        unsigned now = (unsigned)(pv->calls % (P->Pipe + 1u)), then = (unsigned)((pv->calls + 1) % (P->Pipe + 1u));
        if (out->pick_ok_o) {
            unsigned was = pv->cmd[then][out->pick_o];
            if (*pick < 0 || !was || e->cand[*pick].cmd + 1u != was) {
                *pick = -1;
                h->ctr[CTR_LATE_DROPPED]++;
            }
        }
        memset(pv->cmd[now], 0, sizeof pv->cmd[now]);
        for (unsigned c = 0; c < e->n; c++) pv->cmd[now][e->cand[c].req - ch->q] = (uint8_t)(e->cand[c].cmd + 1u);
        pv->calls++;
    }
    if (*pick >= 0) {
        const dram_req *r = e->cand[*pick].req;
        h->ctr[CTR_PICKS]++;
        if (*pick != e->frfcfs) h->ctr[CTR_NOT_FRFCFS]++;
        if (out->pick_mode_o == CLAMS_PICK_MODE_CAPPED) h->ctr[CTR_CAPPED]++;
        if (out->pick_col_o) {
            uint64_t wait = ch->now - r->t_in;
            h->ctr[CTR_COLS]++;
            if (out->pick_crit_o) {
                h->ctr[CTR_CRIT_COLS]++;
                h->ctr[CTR_CRIT_WAIT] += wait;
                if (out->pick_mode_o == CLAMS_PICK_MODE_CRIT) h->ctr[CTR_CRIT_IN_CRIT]++;
            } else {
                h->ctr[CTR_OTHER_COLS]++;
                h->ctr[CTR_OTHER_WAIT] += wait;
            }
        }
    }
    return h->bi.tick(h->bi.self, in) ? 1 : 0;
}

static int clams_pick_check(const void *cfgv, const gpu_cfg *c, char *err, size_t n)
{
    const clams_pick_cfg *cfg = cfgv;
    if (c->dram_accept != 1) {
        snprintf(err, n, "clams_pick: needs dram.accept=1 (one request into a channel's buffer a DRAM cycle), not %u",
                 c->dram_accept);
        return 1;
    }
    if (c->dram_banks != cfg->Banks || c->dram_queue != cfg->Slots) {
        snprintf(err, n, "clams_pick: Banks=%u Slots=%u must equal dram.banks=%u and dram.queue=%u", cfg->Banks,
                 cfg->Slots, c->dram_banks, c->dram_queue);
        return 1;
    }
    if (cfg->Algo == CLAMS_PICK_CLAMS) {
        const blk_kind *k;
        int mc_on = 0;
        for (unsigned i = 0; i < GPU_MAX_KINDS && (k = blk_kind_at(i)); i++)
            if (k == &clams_mc_kind && c->blk[i].on) mc_on = 1;
        if (!mc_on) {
            snprintf(err, n, "clams_pick: Algo=clams needs clams_mc on (its Th_CR and bank modes; --dram-sched clams-dyn)");
            return 1;
        }
    }
    return 0;
}

static void clams_pick_table(FILE *f, const uint64_t *tot, uint64_t cycles, unsigned instances)
{
    double cc = tot[CTR_CRIT_COLS] ? (double)tot[CTR_CRIT_COLS] : 1.0, oc = tot[CTR_OTHER_COLS] ? (double)tot[CTR_OTHER_COLS] : 1.0;
    fprintf(f, "  %-22s %" PRIu64 " picks, %" PRIu64 " not FR-FCFS's; %" PRIu64 " served: %" PRIu64
               " critical (%.1f%% of them in criticality mode), waiting %.1f DRAM cycles vs %.1f for the others; %" PRIu64
               " capped picks (%u channels, %" PRIu64 " cycles)\n",
            "clams_pick", tot[CTR_PICKS], tot[CTR_NOT_FRFCFS], tot[CTR_COLS], tot[CTR_CRIT_COLS],
            100.0 * (double)tot[CTR_CRIT_IN_CRIT] / cc, (double)tot[CTR_CRIT_WAIT] / cc, (double)tot[CTR_OTHER_WAIT] / oc,
            tot[CTR_CAPPED], instances, cycles);
    if (tot[CTR_LATE_DROPPED]) /* (Pipe >= 1 only) */
        fprintf(f, "  %-22s %" PRIu64 " late picks dropped: their slot could no longer take the command\n", "",
                tot[CTR_LATE_DROPPED]);
}

const gpu_block_driver clams_pick_gpu = {
    .kind = &clams_pick_kind,
    .hook = GPU_HOOK_DRAM,
    .priv_size = sizeof(clams_pick_gpu_priv),
    .ctrs = clams_pick_ctrs,
    .nctrs = CTR_N,
    .aliases = clams_pick_aliases,
    .check = clams_pick_check,
    .dram = clams_pick_dram,
    .table = clams_pick_table,
};
