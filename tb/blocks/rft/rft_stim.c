/*
 * rft_stim.c: constrained-random stimulus for rft (see tb/lockstep/stim.h).
 *
 * The traffic an SM's L1 hook gives the block, made coherent by a shadow L1 kept here
 * (per line: invalid, valid or reserved, and which line address it holds): demand
 * reads, prefetches and stores to a pool of line addresses per set, answered as the
 * L1 answers them (hit, hit-pending, miss into the lowest invalid way or a valid
 * victim, the refusals with their way and present state), fills of reserved lines
 * between events, kernel-boundary flushes, and remote replica updates from "other
 * SMs". Loads come from a pool of PCs: streaming PCs touch fresh addresses (their
 * lines die unreused, so their entries learn "no reuse" and get bypassed), reusing PCs
 * a few hot ones; with a small table, PCs alias. The outcome final_byp_i is what the
 * GPU driver would give: the block's own answer (a shadow C model predicts byp_o, as
 * the hook evaluates before the outcome), or another block's bypass (knob `other`),
 * or a REQ block's bypass of a read that hits a present line (knob `reqbyp`). A few
 * events carry incoherent fields (knob `noise`) and idle cycles carry garbage, so
 * every input combination the RTL decodes is compared too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rft.h"
#include "stim.h"

enum { K_ACC, K_WRITE, K_PREF, K_FLUSH, K_RUPD, K_FILL, K_HOT, K_STREAM, K_PCS, K_ADDRS, K_OTHER, K_REQBYP,
       K_REFUSE, K_NOISE, K_RESET, K_N };
static const stim_knob knobs_t[] = {
    {"acc", 0.7, 0, 1, 0, "an L1 event per cycle"},
    {"write", 0.08, 0, 1, 0, "of the events, stores"},
    {"prefetch", 0.04, 0, 1, 0, "of the events, prefetches"},
    {"flush", 0.001, 0, 1, 0, "kernel-boundary flush per cycle"},
    {"rupd", 0.1, 0, 1, 0, "remote replica update per cycle"},
    {"fill", 0.3, 0, 1, 0, "a reserved line is filled per cycle"},
    {"hot", 0.5, 0, 1, 0, "reusing PCs: share of their reads to the set's 2 hot addresses"},
    {"stream", 0.5, 0, 1, 0, "share of the PCs that stream (fresh addresses)"},
    {"pcs", 12, 1, 64, 1, "distinct load PCs"},
    {"addrs", 6, 1, 64, 1, "addresses per set the reusing PCs touch"},
    {"other", 0.05, 0, 1, 0, "another block bypasses a bypassable read"},
    {"reqbyp", 0.02, 0, 1, 0, "a REQ block bypasses a read (outcome bypass whatever the L1 says)"},
    {"refuse", 0.1, 0, 1, 0, "a read the L1 would take is refused (mshr, missq; merge on a reserved line)"},
    {"noise", 0.01, 0, 1, 0, "an event with random, incoherent fields"},
    {"reset", 0.0002, 0, 1, 0, "reset per cycle"},
    {NULL, 0, 0, 0, 0, NULL}};

enum { L_INV = 0, L_VAL = 1, L_RES = 2 };

struct stim {
    stim_rng rng;
    double k[K_N];
    rft_cfg cfg;
    rft_state shadow; /* predicts byp_o for the outcome */
    unsigned rst_left;
    uint32_t pc[64];
    uint8_t lst[RFT_MAX_L];  /* shadow L1: line state */
    uint32_t laddr[RFT_MAX_L];
    uint8_t lru[RFT_MAX_L];  /* a recency stamp per line (small, wraps: only a victim choice) */
    uint32_t fresh;          /* next streaming address */
};

static stim *create(const void *cfgv, uint64_t seed, const char *knobs, char *err, size_t n)
{
    stim *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    s->cfg = *(const rft_cfg *)cfgv;
    s->rng.s = seed * 0x9e3779b97f4a7c15ULL + 3;
    if (stim_knobs_parse(knobs, knobs_t, s->k, err, n)) {
        free(s);
        return NULL;
    }
    rft_init(&s->shadow, &s->cfg);
    for (unsigned i = 0; i < 64; i++) /* word-aligned PCs, a few of them far apart */
        s->pc[i] = stim_chance(&s->rng, 0.2) ? (uint32_t)stim_rand(&s->rng) & ~7u : (uint32_t)(0x100 + 8 * i);
    s->fresh = 1000;
    s->rst_left = 2;
    return s;
}

static void l1_reset(stim *s) { memset(s->lst, 0, sizeof s->lst); }

/* the L1's answer to a read or store of addr in set st: result, way, present */
static void l1_answer(stim *s, unsigned st, uint32_t addr, int write, rft_in *in)
{
    const unsigned W = s->cfg.Ways, b = st * W;
    int hit = -1, vic = -1;
    for (unsigned w = 0; w < W; w++) {
        unsigned l = b + w;
        if (s->lst[l] != L_INV && s->laddr[l] == addr) hit = (int)w;
        if (s->lst[l] == L_RES) continue;
        if (vic < 0 || (s->lst[b + (unsigned)vic] == L_VAL && (s->lst[l] == L_INV || s->lru[l] < s->lru[b + (unsigned)vic])))
            vic = (int)w;
    }
    in->present_i = hit >= 0 ? s->lst[b + (unsigned)hit] : 0;
    in->way_v_i = hit >= 0 || vic >= 0;
    in->way_i = (unsigned)(hit >= 0 ? hit : vic >= 0 ? vic : 0);
    if (write) {
        in->res_i = stim_chance(&s->rng, 0.05) ? 7 : RFT_L1_WRITE; /* fail-missq */
    } else if (hit >= 0 && s->lst[b + (unsigned)hit] == L_VAL) {
        in->res_i = RFT_L1_HIT;
    } else if (hit >= 0) {
        in->res_i = stim_chance(&s->rng, s->k[K_REFUSE]) ? RFT_L1_FAIL_MERGE : RFT_L1_PEND;
    } else if (vic < 0) {
        in->res_i = 4; /* fail-assoc: every way reserved */
    } else {
        in->res_i = stim_chance(&s->rng, s->k[K_REFUSE]) ? 5 + 2 * stim_below(&s->rng, 2) : RFT_L1_MISS;
    }
}

static void noise_fields(stim *s, rft_in *in)
{
    in->rd_i = stim_below(&s->rng, 2);
    in->pf_i = stim_below(&s->rng, 2);
    in->wr_i = stim_below(&s->rng, 2);
    in->pc_i = (uint32_t)stim_rand(&s->rng);
    in->set_i = stim_rand(&s->rng) & bits_mask(rft_setw(&s->cfg));
    in->way_i = stim_rand(&s->rng) & bits_mask(rft_wayw(&s->cfg));
    in->way_v_i = stim_below(&s->rng, 2);
    in->res_i = stim_below(&s->rng, 8);
    in->present_i = stim_below(&s->rng, 4);
    in->can_byp_i = stim_below(&s->rng, 2);
    in->final_byp_i = stim_below(&s->rng, 2);
}

static void next(stim *s, void *inv)
{
    rft_in *in = inv;
    const rft_cfg *P = &s->cfg;
    memset(in, 0, sizeof *in);
    if (s->rst_left) {
        s->rst_left--;
        in->rst_i = 1;
    } else if (stim_chance(&s->rng, s->k[K_RESET])) {
        s->rst_left = stim_below(&s->rng, 3);
        in->rst_i = 1;
    }
    /* a fill between events: a reserved line becomes valid */
    if (stim_chance(&s->rng, s->k[K_FILL])) {
        unsigned l = stim_below(&s->rng, P->Sets * P->Ways);
        for (unsigned t = 0; t < P->Sets * P->Ways; t++, l = (l + 1) % (P->Sets * P->Ways))
            if (s->lst[l] == L_RES) {
                s->lst[l] = L_VAL;
                break;
            }
    }
    if (stim_chance(&s->rng, s->k[K_RUPD])) { /* another SM's eviction */
        unsigned hpc = rft_hash(P, s->pc[stim_below(&s->rng, (unsigned)s->k[K_PCS])]);
        if (stim_chance(&s->rng, 0.2)) hpc = (unsigned)stim_rand(&s->rng);
        in->rupd_v_i = 1;
        in->rupd_idx_i = hpc & bits_mask(rft_iw(P));
        in->rupd_tag_i = (hpc >> rft_iw(P)) & bits_mask(rft_tw1(P));
        if (stim_chance(&s->rng, 0.05)) in->rupd_tag_i = stim_rand(&s->rng) & bits_mask(rft_tw1(P));
        in->rupd_val_i = stim_chance(&s->rng, 0.7) ? 0 : stim_rand(&s->rng) & bits_mask(P->RBits);
        /* mostly alone, as the driver gives it; sometimes with an event or a flush
         * (the update wins the clock) */
        if (stim_chance(&s->rng, 0.9)) return;
    }
    if (stim_chance(&s->rng, s->k[K_FLUSH])) {
        in->flush_i = 1;
        if (stim_chance(&s->rng, 0.8)) return;
    }
    if (!stim_chance(&s->rng, s->k[K_ACC])) { /* idle: garbage on the event fields */
        if (stim_chance(&s->rng, 0.3)) noise_fields(s, in);
        return;
    }
    in->acc_v_i = 1;
    if (stim_chance(&s->rng, s->k[K_NOISE])) {
        noise_fields(s, in);
        return;
    }
    {
        const unsigned st = stim_below(&s->rng, P->Sets);
        double r = (double)(stim_rand(&s->rng) >> 11) * (1.0 / 9007199254740992.0);
        unsigned pci = stim_below(&s->rng, (unsigned)s->k[K_PCS]);
        int streaming = pci < (unsigned)(s->k[K_STREAM] * s->k[K_PCS] + 0.5);
        uint32_t addr;
        rft_dec d;
        if (streaming) addr = s->fresh++;
        else if (stim_chance(&s->rng, s->k[K_HOT])) addr = stim_below(&s->rng, 2);
        else addr = stim_below(&s->rng, (unsigned)s->k[K_ADDRS]);
        in->set_i = st;
        if (r < s->k[K_WRITE]) {
            in->wr_i = 1;
            if (stim_chance(&s->rng, 0.5)) addr = stim_below(&s->rng, (unsigned)s->k[K_ADDRS]);
            l1_answer(s, st, addr, 1, in);
        } else if (r < s->k[K_WRITE] + s->k[K_PREF]) {
            in->pf_i = 1;
            l1_answer(s, st, addr, 0, in);
            if (in->res_i != RFT_L1_MISS) in->res_i = RFT_L1_MISS, in->present_i = 0; /* issued only on a miss */
            if (!in->way_v_i) in->acc_v_i = 0;
        } else {
            in->rd_i = 1;
            in->pc_i = s->pc[pci];
            l1_answer(s, st, addr, 0, in);
            in->can_byp_i = in->res_i == RFT_L1_MISS || (in->res_i >= 4 && stim_chance(&s->rng, 0.8));
        }
        rft_decide(&s->shadow, in, &d);
        if (in->rd_i) {
            if (in->can_byp_i) in->final_byp_i = d.byp || stim_chance(&s->rng, s->k[K_OTHER]);
            if (stim_chance(&s->rng, s->k[K_REQBYP])) in->final_byp_i = 1;
        }
        /* the shadow L1 follows the outcome */
        if (!in->rst_i && !in->flush_i && !in->rupd_v_i && in->way_v_i) {
            unsigned l = st * P->Ways + (unsigned)in->way_i;
            s->lru[l] = (uint8_t)stim_rand(&s->rng);
            if (in->res_i == RFT_L1_MISS && !in->final_byp_i) {
                s->lst[l] = L_RES;
                s->laddr[l] = addr;
            } else if (in->wr_i && in->res_i == RFT_L1_WRITE && in->present_i == L_VAL) {
                s->lst[l] = L_INV;
            }
        }
    }
}

static void observe(stim *s, const void *inv, const void *outv)
{
    const rft_in *in = inv;
    (void)outv;
    if (in->rst_i) l1_reset(s);
    else if (in->flush_i && !in->rupd_v_i)
        for (unsigned l = 0; l < s->cfg.Sets * s->cfg.Ways; l++)
            if (s->lst[l] == L_VAL) s->lst[l] = L_INV;
    rft_tick(&s->shadow, in);
}

static void destroy(stim *s) { free(s); }

const stim_ops rft_stim_ops = {"rft", knobs_t, create, next, observe, destroy};
