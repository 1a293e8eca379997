/*
 * sap_stim.c: constrained-random stimulus for sap (see tb/lockstep/stim.h).
 *
 * Per cycle, as the GPU model's prefetch hook gives them: sometimes a load's first
 * request from a random warp with a PC from a small pool; each PC strides by its own
 * inter-warp stride (positive or negative, changing now and then), so the stride check
 * matches, fails and restarts the divider; some addresses are noise. A missing load
 * often comes with a group (random warps); the prefetch port takes the offered
 * prefetch most cycles. More PCs than PT entries make LRU replacements.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sap.h"
#include "stim.h"

enum { K_LD, K_PCS, K_NOISE, K_MISS, K_GRP, K_ACK, K_NEG, K_RESTRIDE, K_RESET, K_N };
static const stim_knob knobs_t[] = {
    {"ld", 0.4, 0, 1, 0, "load per cycle"},
    {"pcs", 4, 1, 1000, 1, "distinct load PCs"},
    {"noise", 0.1, 0, 1, 0, "share of loads at a random address"},
    {"miss", 0.5, 0, 1, 0, "share of loads that miss"},
    {"grp", 0.7, 0, 1, 0, "share of missing loads with a group"},
    {"ack", 0.7, 0, 1, 0, "chance the prefetch port is free"},
    {"neg", 0.3, 0, 1, 0, "share of negative strides"},
    {"restride", 0.002, 0, 1, 0, "chance per load that its PC's stride changes"},
    {"reset", 0.0003, 0, 1, 0, "reset per cycle"},
    {NULL, 0, 0, 0, 0, NULL}};

#define NPC 64

struct stim {
    stim_rng rng;
    double k[K_N];
    sap_cfg cfg;
    unsigned rst_left;
    uint64_t base[NPC];
    int64_t stride[NPC];
};

static void new_stride(stim *s, unsigned p)
{
    int64_t st = (int64_t)(1 + stim_below(&s->rng, 200));
    if (stim_chance(&s->rng, 0.1)) st = 0;
    if (stim_chance(&s->rng, s->k[K_NEG])) st = -st;
    s->stride[p] = st;
    s->base[p] = stim_rand(&s->rng);
}

static stim *create(const void *cfgv, uint64_t seed, const char *knobs, char *err, size_t n)
{
    stim *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    s->cfg = *(const sap_cfg *)cfgv;
    s->rng.s = seed * 0x2545f4914f6cdd1dULL + 13;
    if (stim_knobs_parse(knobs, knobs_t, s->k, err, n)) {
        free(s);
        return NULL;
    }
    for (unsigned p = 0; p < NPC; p++) new_stride(s, p);
    s->rst_left = 2; /* start in reset */
    return s;
}

static void next(stim *s, void *inv)
{
    sap_in *in = inv;
    const sap_cfg *P = &s->cfg;
    memset(in, 0, sizeof *in);
    if (s->rst_left) {
        s->rst_left--;
        in->rst_i = 1;
    } else if (stim_chance(&s->rng, s->k[K_RESET])) {
        s->rst_left = 1 + stim_below(&s->rng, 3);
    }
    in->pf_ack_i = stim_chance(&s->rng, s->k[K_ACK]);
    if (stim_chance(&s->rng, s->k[K_LD])) {
        unsigned npc = (unsigned)s->k[K_PCS], p = stim_below(&s->rng, npc < NPC ? npc : NPC);
        if (stim_chance(&s->rng, s->k[K_RESTRIDE])) new_stride(s, p);
        in->ld_i = 1;
        in->ld_pc_i = (0x40 + 3 * p) & bits_mask(P->PcBits); /* distinct in the low bits too */
        in->ld_warp_i = stim_below(&s->rng, P->Warps);
        if (stim_chance(&s->rng, 0.003)) in->ld_warp_i = bits_mask(sap_ww(P)); /* maybe out of range */
        in->ld_addr_i = (s->base[p] + (uint64_t)(s->stride[p] * (int64_t)in->ld_warp_i)) & bits_mask(P->AddrW);
        if (stim_chance(&s->rng, s->k[K_NOISE])) in->ld_addr_i = stim_rand(&s->rng) & bits_mask(P->AddrW);
        in->ld_miss_i = stim_chance(&s->rng, s->k[K_MISS]);
        if (in->ld_miss_i && stim_chance(&s->rng, s->k[K_GRP])) {
            in->grp_i = 1;
            for (unsigned w = 0; w < P->Warps; w++)
                if (stim_chance(&s->rng, 0.3)) in->grp_vec_i |= (uint64_t)1 << w;
            if (in->ld_warp_i < P->Warps) in->grp_vec_i |= (uint64_t)1 << in->ld_warp_i;
        }
    } else if (stim_chance(&s->rng, 0.05)) { /* loose inputs without ld_i: ignored */
        in->ld_pc_i = stim_rand(&s->rng) & bits_mask(P->PcBits);
        in->ld_miss_i = 1;
        in->grp_i = 1;
        in->grp_vec_i = stim_rand(&s->rng) & bits_mask(P->Warps);
    }
}

static void observe(stim *s, const void *in, const void *out) { (void)s, (void)in, (void)out; }

static void destroy(stim *s) { free(s); }

const stim_ops sap_stim_ops = {"sap", knobs_t, create, next, observe, destroy};
