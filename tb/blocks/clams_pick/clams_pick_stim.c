/*
 * clams_pick_stim.c: constrained-random stimulus for clams_pick (see tb/lockstep/stim.h):
 * a channel kept here -- a request buffer of Slots slots (bank, row, rank), an open row
 * per bank -- offering as candidates a random share of the row hits (column commands)
 * and of the misses (precharge when a row is open, activate when closed); the block's
 * pick is carried out (a column command serves the request, reported as a departure the
 * next cycle, as the GPU model does; a precharge closes the row; an activate opens the
 * request's row). Th_CR and the banks' modes drift; now and then the inputs are wild
 * (any candidate, column and hit bits) and the channel resets.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clams_pick.h"
#include "stim.h"

enum { K_ARR, K_READY, K_ROWS, K_HOT, K_DRIFT, K_WILD, K_RESET, K_N };
static const stim_knob knobs_t[] = {
    {"arr", 0.4, 0, 1, 0, "chance of an arrival per cycle (when a slot is free)"},
    {"ready", 0.5, 0, 1, 0, "chance that a request that could take a command is a candidate this cycle"},
    {"rows", 3, 1, 64, 1, "rows per bank the requests go to"},
    {"hot", 0.3, 0, 1, 0, "share of arrivals to the hot bank"},
    {"drift", 0.01, 0, 1, 0, "chance per cycle that Th_CR, a bank's mode or the rank mix changes"},
    {"wild", 0.002, 0, 1, 0, "chance per cycle of random candidate, column and hit bits"},
    {"reset", 0.0002, 0, 1, 0, "reset per cycle"},
    {NULL, 0, 0, 0, 0, NULL}};

struct stim {
    stim_rng rng;
    double k[K_N];
    clams_pick_cfg cfg;
    unsigned rst_left, hot, thcr, rlo, rhi;
    uint8_t valid[CLAMS_PICK_MAX_S], bank[CLAMS_PICK_MAX_S], rank[CLAMS_PICK_MAX_S];
    uint16_t row[CLAMS_PICK_MAX_S];
    int open[CLAMS_PICK_MAX_B]; /* -1 closed */
    uint64_t mode;
    int dep_slot;               /* served last cycle, to report */
    int wild;                   /* this cycle's inputs were wild: do not act on the pick */
};

static void chan_reset(stim *s)
{
    memset(s->valid, 0, sizeof s->valid);
    for (unsigned b = 0; b < CLAMS_PICK_MAX_B; b++) s->open[b] = -1;
    s->dep_slot = -1;
}

static stim *create(const void *cfgv, uint64_t seed, const char *knobs, char *err, size_t n)
{
    stim *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    s->cfg = *(const clams_pick_cfg *)cfgv;
    s->rng.s = seed * 0x2545f4914f6cdd1dULL + 1;
    if (stim_knobs_parse(knobs, knobs_t, s->k, err, n)) {
        free(s);
        return NULL;
    }
    s->rst_left = 2; /* start in reset */
    s->thcr = 3;
    s->rhi = 7;
    chan_reset(s);
    return s;
}

static void setbit(uint64_t *v, unsigned i) { v[i / 64] |= (uint64_t)1 << (i % 64); }

static void next(stim *s, void *inv)
{
    clams_pick_in *in = inv;
    const clams_pick_cfg *P = &s->cfg;
    unsigned B = P->Banks, N = P->Slots, bw = clams_pick_bw(P);
    memset(in, 0, sizeof *in);
    s->wild = 0;
    if (s->rst_left) {
        s->rst_left--;
        in->rst_i = 1;
        chan_reset(s);
        return;
    }
    if (stim_chance(&s->rng, s->k[K_RESET])) s->rst_left = 1 + stim_below(&s->rng, 3);
    if (stim_chance(&s->rng, s->k[K_DRIFT])) {
        s->thcr = stim_below(&s->rng, 8);
        s->mode ^= (uint64_t)(1 + stim_below(&s->rng, 3)) << (2 * stim_below(&s->rng, B));
        s->rlo = stim_below(&s->rng, 8);
        s->rhi = s->rlo + stim_below(&s->rng, 8 - s->rlo);
        s->hot = stim_below(&s->rng, B);
    }
    in->thcr_i = s->thcr;
    in->mode_i = s->mode & bits_mask(2 * B);
    if (s->dep_slot >= 0) {
        in->dep_i = 1;
        in->dep_slot_i = (unsigned)s->dep_slot;
        s->dep_slot = -1;
    } else {
        in->dep_slot_i = stim_below(&s->rng, N);
    }
    /* an arrival into a free slot (the lowest, as the GPU model's buffer, or any) */
    in->arr_slot_i = stim_below(&s->rng, N);
    in->arr_bank_i = stim_below(&s->rng, 1u << bw);
    in->arr_rank_i = stim_below(&s->rng, 8);
    if (stim_chance(&s->rng, s->k[K_ARR])) {
        int f = -1;
        int any = stim_below(&s->rng, 2);
        for (unsigned i = 0; i < N; i++)
            if (!s->valid[i] && (f < 0 || (any && stim_below(&s->rng, 4) == 0))) f = (int)i;
        if (f >= 0) {
            unsigned b = stim_chance(&s->rng, s->k[K_HOT]) ? s->hot : stim_below(&s->rng, B);
            in->arr_i = 1;
            in->arr_slot_i = (unsigned)f;
            in->arr_bank_i = b;
            in->arr_rank_i = stim_chance(&s->rng, 0.9) ? s->rlo + stim_below(&s->rng, s->rhi - s->rlo + 1)
                                                       : stim_below(&s->rng, 8);
            s->valid[f] = 2; /* visible to the block from the next cycle */
            s->bank[f] = (uint8_t)b;
            s->rank[f] = (uint8_t)in->arr_rank_i;
            s->row[f] = (uint16_t)stim_below(&s->rng, (unsigned)s->k[K_ROWS]);
        }
    }
    /* hits, and the candidates of the requests the block knows */
    for (unsigned i = 0; i < N; i++) {
        if (s->valid[i] != 1) continue;
        int hit = s->open[s->bank[i]] == s->row[i];
        if (hit) setbit(in->hit_i, i);
        if (stim_chance(&s->rng, s->k[K_READY])) {
            setbit(in->cand_i, i);
            if (hit) setbit(in->col_i, i);
        }
    }
    for (unsigned i = 0; i < N; i++)
        if (s->valid[i] == 2) s->valid[i] = 1;
    if (stim_chance(&s->rng, s->k[K_WILD])) {
        s->wild = 1;
        for (unsigned w = 0; w < CLAMS_PICK_WORDS; w++) {
            in->cand_i[w] = stim_rand(&s->rng);
            in->col_i[w] = stim_rand(&s->rng);
            in->hit_i[w] = stim_rand(&s->rng);
        }
        for (unsigned w = 0; w < CLAMS_PICK_WORDS; w++) {
            unsigned lo = w * 64;
            uint64_t m = N <= lo ? 0 : N - lo >= 64 ? ~(uint64_t)0 : bits_mask(N - lo);
            in->cand_i[w] &= m, in->col_i[w] &= m, in->hit_i[w] &= m;
        }
    }
}

static void observe(stim *s, const void *inv, const void *outv)
{
    const clams_pick_in *in = inv;
    const clams_pick_out *out = outv;
    if (in->rst_i || s->wild || !out->pick_ok_o) return;
    unsigned i = (unsigned)out->pick_o;
    if (i >= s->cfg.Slots || s->valid[i] != 1) return;
    unsigned b = s->bank[i];
    if (out->pick_col_o) { /* served: gone, reported next cycle */
        s->valid[i] = 0;
        s->dep_slot = (int)i;
    } else if (s->open[b] >= 0) {
        s->open[b] = -1;
    } else {
        s->open[b] = s->row[i];
    }
}

static void destroy(stim *s) { free(s); }

const stim_ops clams_pick_stim_ops = {"clams_pick", knobs_t, create, next, observe, destroy};
