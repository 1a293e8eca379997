/*
 * clams_rank_stim.c: constrained-random stimulus for clams_rank (see tb/lockstep/stim.h):
 * a core's resident warps as a slow random walk over 0..Warps, and its short-latency
 * share held for stretches (often an exact eighth of the resident count, so epochs end
 * on the rank boundaries k/8), now and then values the core cannot produce (more short
 * than resident warps, counts above Warps up to the port's top) and resets mid-epoch.
 */
#include <stdio.h>
#include <stdlib.h>

#include "clams_rank.h"
#include "stim.h"

enum { K_MOVE, K_SHIFT, K_EXACT, K_WILD, K_IDLE, K_RESET, K_N };
static const stim_knob knobs_t[] = {
    {"move", 0.05, 0, 1, 0, "chance per cycle that the resident count steps up or down"},
    {"shift", 0.02, 0, 1, 0, "chance per cycle that the short-latency share changes"},
    {"exact", 0.5, 0, 1, 0, "share of those changes to an exact eighth (k/8)"},
    {"wild", 0.005, 0, 1, 0, "chance per cycle of counts the core cannot report (short > live, > Warps)"},
    {"idle", 0.01, 0, 1, 0, "chance per cycle that the core empties (no resident warp) for a while"},
    {"reset", 0.0005, 0, 1, 0, "reset per cycle"},
    {NULL, 0, 0, 0, 0, NULL}};

struct stim {
    stim_rng rng;
    double k[K_N];
    clams_rank_cfg cfg;
    unsigned rst_left, idle_left, live, eighths; /* share: eighths/8, or 9: any */
    unsigned shrt_any;
};

static stim *create(const void *cfgv, uint64_t seed, const char *knobs, char *err, size_t n)
{
    stim *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    s->cfg = *(const clams_rank_cfg *)cfgv;
    s->rng.s = seed * 0x2545f4914f6cdd1dULL + 1;
    if (stim_knobs_parse(knobs, knobs_t, s->k, err, n)) {
        free(s);
        return NULL;
    }
    s->rst_left = 2; /* start in reset */
    s->live = s->cfg.Warps / 2;
    s->eighths = 4;
    return s;
}

static void next(stim *s, void *inv)
{
    clams_rank_in *in = inv;
    unsigned W = s->cfg.Warps, top = (unsigned)bits_mask(clams_rank_cw(&s->cfg)), live, shrt;
    in->rst_i = 0;
    if (s->rst_left) {
        s->rst_left--;
        in->rst_i = 1;
    } else if (stim_chance(&s->rng, s->k[K_RESET])) {
        s->rst_left = 1 + stim_below(&s->rng, 3);
    }
    if (stim_chance(&s->rng, s->k[K_MOVE])) {
        unsigned step = 1 + stim_below(&s->rng, 4);
        if (stim_below(&s->rng, 2)) s->live = s->live + step > W ? W : s->live + step;
        else s->live = s->live > step ? s->live - step : 0;
    }
    if (stim_chance(&s->rng, s->k[K_SHIFT])) {
        if (stim_chance(&s->rng, s->k[K_EXACT])) {
            s->eighths = stim_below(&s->rng, 9);
            /* an exact eighth needs a resident count that 8 divides */
            s->live = s->live / 8 * 8;
            if (!s->live) s->live = W >= 8 ? 8 : W;
        } else {
            s->eighths = 9;
            s->shrt_any = stim_below(&s->rng, W + 1);
        }
    }
    if (!s->idle_left && stim_chance(&s->rng, s->k[K_IDLE])) s->idle_left = 1 + stim_below(&s->rng, 3 * s->cfg.Epoch);
    live = s->live;
    shrt = s->eighths <= 8 ? live * s->eighths / 8 : (s->shrt_any < live ? s->shrt_any : live);
    if (s->idle_left) {
        s->idle_left--;
        live = shrt = 0;
    }
    if (stim_chance(&s->rng, s->k[K_WILD])) {
        live = stim_below(&s->rng, top + 1);
        shrt = stim_below(&s->rng, top + 1);
    }
    in->live_i = live;
    in->short_i = shrt;
}

static void observe(stim *s, const void *in, const void *out)
{
    (void)s, (void)in, (void)out;
}

static void destroy(stim *s) { free(s); }

const stim_ops clams_rank_stim_ops = {"clams_rank", knobs_t, create, next, observe, destroy};
