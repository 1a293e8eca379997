/*
 * clams_mc_stim.c: constrained-random stimulus for clams_mc (see tb/lockstep/stim.h): a
 * request buffer of Buf entries kept here, requests entering (a bank, hot now and then,
 * and a rank from a mix that drifts, so PCR(k) moves and every threshold is reached)
 * and leaving (a random buffered one), a full buffer holding arrivals back; now and then
 * reports no buffer can make (a departure from an empty bank, an arrival past Buf, an
 * out-of-range bank) and resets mid-window.
 */
#include <stdio.h>
#include <stdlib.h>

#include "clams_mc.h"
#include "stim.h"

enum { K_ARR, K_DEP, K_HOT, K_DRIFT, K_WILD, K_RESET, K_N };
static const stim_knob knobs_t[] = {
    {"arr", 0.5, 0, 1, 0, "chance of an arrival per cycle (when the buffer has room)"},
    {"dep", 0.45, 0, 1, 0, "chance of a departure per cycle (when the buffer holds one)"},
    {"hot", 0.3, 0, 1, 0, "share of arrivals to the hot bank"},
    {"drift", 0.002, 0, 1, 0, "chance per cycle that the rank mix changes"},
    {"wild", 0.001, 0, 1, 0, "chance per cycle of a report no buffer makes"},
    {"reset", 0.0002, 0, 1, 0, "reset per cycle"},
    {NULL, 0, 0, 0, 0, NULL}};

#define MAXBUF 1024

struct stim {
    stim_rng rng;
    double k[K_N];
    clams_mc_cfg cfg;
    unsigned rst_left, n, hot, lo, hi; /* ranks drawn from lo..hi mostly */
    uint8_t bank[MAXBUF], rank[MAXBUF];
};

static stim *create(const void *cfgv, uint64_t seed, const char *knobs, char *err, size_t n)
{
    stim *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    s->cfg = *(const clams_mc_cfg *)cfgv;
    s->rng.s = seed * 0x2545f4914f6cdd1dULL + 1;
    if (stim_knobs_parse(knobs, knobs_t, s->k, err, n)) {
        free(s);
        return NULL;
    }
    s->rst_left = 2; /* start in reset */
    s->hi = 7;
    return s;
}

static void next(stim *s, void *inv)
{
    clams_mc_in *in = inv;
    unsigned B = s->cfg.Banks, bw = clams_mc_bw(&s->cfg);
    in->rst_i = 0;
    in->arr_i = in->dep_i = 0;
    in->arr_bank_i = stim_below(&s->rng, 1u << bw);
    in->arr_rank_i = stim_below(&s->rng, 8);
    in->dep_bank_i = stim_below(&s->rng, 1u << bw);
    in->dep_rank_i = stim_below(&s->rng, 8);
    if (s->rst_left) {
        s->rst_left--;
        in->rst_i = 1;
        s->n = 0; /* the buffer empties with the controller */
        return;
    }
    if (stim_chance(&s->rng, s->k[K_RESET])) s->rst_left = 1 + stim_below(&s->rng, 3);
    if (stim_chance(&s->rng, s->k[K_DRIFT])) {
        s->lo = stim_below(&s->rng, 8);
        s->hi = s->lo + stim_below(&s->rng, 8 - s->lo);
        s->hot = stim_below(&s->rng, B);
    }
    if (stim_chance(&s->rng, s->k[K_WILD])) { /* any report at all */
        in->arr_i = stim_below(&s->rng, 2);
        in->dep_i = stim_below(&s->rng, 2);
        return;
    }
    if (s->n < s->cfg.Buf && s->n < MAXBUF && stim_chance(&s->rng, s->k[K_ARR])) {
        unsigned b = stim_chance(&s->rng, s->k[K_HOT]) ? s->hot : stim_below(&s->rng, B);
        unsigned r = stim_chance(&s->rng, 0.9) ? s->lo + stim_below(&s->rng, s->hi - s->lo + 1) : stim_below(&s->rng, 8);
        in->arr_i = 1;
        in->arr_bank_i = b;
        in->arr_rank_i = r;
        s->bank[s->n] = (uint8_t)b;
        s->rank[s->n] = (uint8_t)r;
        s->n++;
    }
    /* a departure of one buffered before this cycle */
    unsigned before = s->n - (unsigned)in->arr_i;
    if (before && stim_chance(&s->rng, s->k[K_DEP])) {
        unsigned i = stim_below(&s->rng, before);
        in->dep_i = 1;
        in->dep_bank_i = s->bank[i];
        in->dep_rank_i = s->rank[i];
        s->n--;
        s->bank[i] = s->bank[s->n];
        s->rank[i] = s->rank[s->n];
    }
}

static void observe(stim *s, const void *in, const void *out)
{
    (void)s, (void)in, (void)out;
}

static void destroy(stim *s) { free(s); }

const stim_ops clams_mc_stim_ops = {"clams_mc", knobs_t, create, next, observe, destroy};
