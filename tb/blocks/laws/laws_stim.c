/*
 * laws_stim.c: constrained-random stimulus for laws (see tb/lockstep/stim.h).
 *
 * Per cycle, as the GPU model's scheduler calls give them: a random set of ready warps;
 * sometimes a load issues (from a ready warp, mostly) with a PC from a small pool, so
 * that LLT entries repeat and groups form; the LSU reports the head access of a group
 * the block handed out (tracked from grp_o, oldest first, sometimes a stale or an
 * out-of-range entry), hit or miss; sometimes SAP's targets (a subset of a reported
 * group, or any warps), launched warps, and reset. With the WGT full, loads form no
 * group.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "laws.h"
#include "stim.h"

enum { K_READY, K_ISS, K_PCS, K_FB, K_HIT, K_PFT, K_NEW, K_RESET, K_N };
static const stim_knob knobs_t[] = {
    {"ready", 0.3, 0, 1, 0, "chance that a warp is ready"},
    {"iss", 0.35, 0, 1, 0, "load issue per cycle"},
    {"pcs", 4, 1, 1000, 1, "distinct load PCs"},
    {"fb", 0.3, 0, 1, 0, "LSU feedback per cycle (when a group is out)"},
    {"hit", 0.5, 0, 1, 0, "share of feedbacks that hit"},
    {"pft", 0.1, 0, 1, 0, "prefetch targets per cycle"},
    {"new", 0.01, 0, 1, 0, "warp launches per cycle"},
    {"reset", 0.0003, 0, 1, 0, "reset per cycle"},
    {NULL, 0, 0, 0, 0, NULL}};

struct stim {
    stim_rng rng;
    double k[K_N];
    laws_cfg cfg;
    unsigned rst_left;
    unsigned nout;                  /* groups handed out, oldest first */
    unsigned out[LAWS_MAX_G * 2];
    uint64_t last_vec;              /* the last group reported (for targets) */
};

static stim *create(const void *cfgv, uint64_t seed, const char *knobs, char *err, size_t n)
{
    stim *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    s->cfg = *(const laws_cfg *)cfgv;
    s->rng.s = seed * 0x2545f4914f6cdd1dULL + 11;
    if (stim_knobs_parse(knobs, knobs_t, s->k, err, n)) {
        free(s);
        return NULL;
    }
    s->rst_left = 2; /* start in reset */
    return s;
}

static uint64_t random_set(stim *s, double p)
{
    uint64_t v = 0;
    for (unsigned w = 0; w < s->cfg.Warps; w++)
        if (stim_chance(&s->rng, p)) v |= (uint64_t)1 << w;
    return v;
}

static void next(stim *s, void *inv)
{
    laws_in *in = inv;
    const laws_cfg *P = &s->cfg;
    memset(in, 0, sizeof *in);
    if (s->rst_left) {
        s->rst_left--;
        in->rst_i = 1;
        s->nout = 0;
    } else if (stim_chance(&s->rng, s->k[K_RESET])) {
        s->rst_left = 1 + stim_below(&s->rng, 3);
    }
    in->ready_i = random_set(s, s->k[K_READY]);
    if (stim_chance(&s->rng, 0.02)) in->ready_i = 0;
    if (stim_chance(&s->rng, 0.01)) in->ready_i = bits_mask(P->Warps);
    if (stim_chance(&s->rng, s->k[K_ISS])) {
        in->iss_i = 1;
        in->iss_warp_i = stim_below(&s->rng, P->Warps);
        if (in->ready_i && stim_chance(&s->rng, 0.8)) /* usually a ready warp */
            while (!(in->ready_i >> in->iss_warp_i & 1)) in->iss_warp_i = (in->iss_warp_i + 1) % P->Warps;
        if (stim_chance(&s->rng, 0.005)) in->iss_warp_i = bits_mask(laws_ww(P)); /* maybe out of range */
        in->iss_pc_i = (0x100 + 0x20 * stim_below(&s->rng, (unsigned)s->k[K_PCS])) & bits_mask(P->PcBits);
        if (stim_chance(&s->rng, 0.01)) in->iss_pc_i = stim_rand(&s->rng) & bits_mask(P->PcBits);
    }
    if (stim_chance(&s->rng, s->k[K_FB])) {
        if (s->nout) {
            in->fb_i = 1;
            unsigned i = stim_chance(&s->rng, 0.8) ? 0 : stim_below(&s->rng, s->nout);
            in->fb_grp_i = s->out[i];
            memmove(&s->out[i], &s->out[i + 1], (s->nout - 1 - i) * sizeof s->out[0]);
            s->nout--;
        } else if (stim_chance(&s->rng, 0.1)) { /* a stale or out-of-range entry: ignored */
            in->fb_i = 1;
            in->fb_grp_i = stim_below(&s->rng, 1u << laws_gw(P));
        }
        in->fb_hit_i = stim_chance(&s->rng, s->k[K_HIT]);
    } else if (stim_chance(&s->rng, 0.02)) {
        in->fb_grp_i = stim_below(&s->rng, 1u << laws_gw(P)); /* no fb_i: ignored */
        in->fb_hit_i = 1;
    }
    if (stim_chance(&s->rng, s->k[K_PFT])) {
        in->pft_i = 1;
        in->pft_vec_i = s->last_vec && stim_chance(&s->rng, 0.7) ? s->last_vec & random_set(s, 0.7)
                                                                  : random_set(s, 0.2);
    } else if (stim_chance(&s->rng, 0.02)) {
        in->pft_vec_i = random_set(s, 0.5); /* no pft_i: ignored */
    }
    if (stim_chance(&s->rng, s->k[K_NEW])) in->new_i = random_set(s, 0.15);
}

static void observe(stim *s, const void *inv, const void *outv)
{
    const laws_in *in = inv;
    const laws_out *out = outv;
    if (in->rst_i) return;
    if (out->fb_ok_o) s->last_vec = out->fb_vec_o;
    if (in->iss_i && in->iss_warp_i < s->cfg.Warps && out->grp_ok_o && s->nout < LAWS_MAX_G * 2)
        s->out[s->nout++] = (unsigned)out->grp_o;
}

static void destroy(stim *s) { free(s); }

const stim_ops laws_stim_ops = {"laws", knobs_t, create, next, observe, destroy};
