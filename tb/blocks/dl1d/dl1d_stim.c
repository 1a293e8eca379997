/*
 * dl1d_stim.c: constrained-random stimulus for dl1d (see tb/lockstep/stim.h).
 *
 * One event a cycle, as the GPU model's L1 hook gives them: reads (most), writes,
 * fills of lines the block allocated and has not seen filled (tracked from res_o, in
 * allocation order or at random), prefetches, rare flushes, and reset. Tags come from
 * a small pool per set so that tags hit, RCs climb past the threshold, LFU victims
 * tie and data lines get evicted; a few hot tags make reuse, the rest streams.
 * base_i switches between the decoupled and the baseline behaviour in runs; elapsed_i
 * and the peer counts drive the dueling unit across interval ends.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dl1d.h"
#include "stim.h"

enum { K_READ, K_WRITE, K_FILL, K_PREF, K_FLUSH, K_TAGS, K_HOT, K_BASE, K_GAP, K_PEER, K_RESET, K_N };
static const stim_knob knobs_t[] = {
    {"read", 0.6, 0, 1, 0, "read per cycle"},
    {"write", 0.05, 0, 1, 0, "write per cycle"},
    {"fill", 0.25, 0, 1, 0, "fill of a pending line per cycle (when one is pending)"},
    {"prefetch", 0.03, 0, 1, 0, "prefetch per cycle"},
    {"flush", 0.002, 0, 1, 0, "flush of the filled lines per cycle"},
    {"tags", 14, 1, 4096, 1, "distinct tags per set"},
    {"hot", 0.4, 0, 1, 0, "share of accesses to the 3 hot tags of a set"},
    {"base", 0.02, 0, 1, 0, "chance per cycle that base_i flips"},
    {"gap", 40, 0, 65535, 1, "largest elapsed_i (cycles between events)"},
    {"peer", 0.5, 0, 1, 0, "chance of peer (baseline leader) reads per event"},
    {"reset", 0.0003, 0, 1, 0, "reset per cycle"},
    {NULL, 0, 0, 0, 0, NULL}};

#define PEND_MAX DL1D_MAX_D

struct stim {
    stim_rng rng;
    double k[K_N];
    dl1d_cfg cfg;
    unsigned rst_left, base;
    unsigned npend;
    uint64_t pend_set[PEND_MAX], pend_tag[PEND_MAX];
    /* Pipe=1: the outputs are the decision of the previous cycle's event */
    int prev_ok;
    uint64_t prev_set, prev_tag;
};

static stim *create(const void *cfgv, uint64_t seed, const char *knobs, char *err, size_t n)
{
    stim *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    s->cfg = *(const dl1d_cfg *)cfgv;
    s->rng.s = seed * 0x2545f4914f6cdd1dULL + 7;
    if (stim_knobs_parse(knobs, knobs_t, s->k, err, n)) {
        free(s);
        return NULL;
    }
    s->rst_left = 2; /* start in reset */
    return s;
}

static void pick_line(stim *s, dl1d_in *in)
{
    unsigned tags = (unsigned)s->k[K_TAGS];
    in->set_i = stim_below(&s->rng, s->cfg.Sets);
    if (stim_chance(&s->rng, s->k[K_HOT]))
        in->tag_i = stim_below(&s->rng, tags < 3 ? tags : 3);
    else
        in->tag_i = stim_below(&s->rng, tags);
    if (stim_chance(&s->rng, 0.01)) in->tag_i = stim_rand(&s->rng); /* far tags: the top bits */
    in->tag_i &= bits_mask(s->cfg.TagBits);
}

static void next(stim *s, void *inv)
{
    dl1d_in *in = inv;
    double r;
    in->rst_i = 0;
    if (s->rst_left) {
        s->rst_left--;
        in->rst_i = 1;
    } else if (stim_chance(&s->rng, s->k[K_RESET])) {
        s->rst_left = 1 + stim_below(&s->rng, 3);
    }
    if (stim_chance(&s->rng, s->k[K_BASE])) s->base ^= 1;
    in->base_i = s->base;
    in->elapsed_i = stim_below(&s->rng, (unsigned)s->k[K_GAP] + 1);
    in->peer_acc_i = in->peer_miss_i = 0;
    if (stim_chance(&s->rng, s->k[K_PEER])) {
        in->peer_acc_i = 1 + stim_below(&s->rng, 3);
        in->peer_miss_i = stim_below(&s->rng, (unsigned)in->peer_acc_i + 1);
        if (stim_chance(&s->rng, 0.001)) in->peer_acc_i = 255, in->peer_miss_i = 255; /* saturation */
    }
    in->op_i = DL1D_OP_NONE;
    pick_line(s, in);
    r = (double)(stim_rand(&s->rng) >> 11) * (1.0 / 9007199254740992.0);
    if (s->npend && stim_chance(&s->rng, s->k[K_FILL])) {
        /* mostly the oldest pending line, sometimes any */
        unsigned i = stim_chance(&s->rng, 0.7) ? 0 : stim_below(&s->rng, s->npend);
        in->op_i = DL1D_OP_FILL;
        in->set_i = s->pend_set[i];
        in->tag_i = s->pend_tag[i];
        /* remove it, keeping the rest in allocation order */
        memmove(&s->pend_set[i], &s->pend_set[i + 1], (s->npend - 1 - i) * sizeof s->pend_set[0]);
        memmove(&s->pend_tag[i], &s->pend_tag[i + 1], (s->npend - 1 - i) * sizeof s->pend_tag[0]);
        s->npend--;
    } else if (r < s->k[K_READ]) {
        in->op_i = DL1D_OP_READ;
    } else if ((r -= s->k[K_READ]) < s->k[K_WRITE]) {
        in->op_i = DL1D_OP_WRITE;
    } else if ((r -= s->k[K_WRITE]) < s->k[K_PREF]) {
        in->op_i = DL1D_OP_PREFETCH;
    } else if ((r -= s->k[K_PREF]) < s->k[K_FLUSH]) {
        in->op_i = DL1D_OP_FLUSH;
    } else if (stim_chance(&s->rng, 0.01)) {
        in->op_i = 6 + stim_below(&s->rng, 2); /* unused codes: no event */
    }
    if (in->rst_i) s->npend = 0;
}

static void observe(stim *s, const void *inv, const void *outv)
{
    const dl1d_in *in = inv;
    const dl1d_out *out = outv;
    uint64_t set = in->set_i, tag = in->tag_i;
    int ok = !in->rst_i;
    if (s->cfg.Pipe) { /* the decision seen now is that of the previous cycle's event */
        set = s->prev_set;
        tag = s->prev_tag;
        ok = ok && s->prev_ok;
        s->prev_set = in->set_i;
        s->prev_tag = in->tag_i;
        s->prev_ok = !in->rst_i;
    }
    if (!ok) return;
    if (out->res_o == DL1D_RES_ALLOC && s->npend < PEND_MAX) {
        s->pend_set[s->npend] = set & (s->cfg.Sets - 1u);
        s->pend_tag[s->npend] = tag;
        s->npend++;
    }
}

static void destroy(stim *s) { free(s); }

const stim_ops dl1d_stim_ops = {"dl1d", knobs_t, create, next, observe, destroy};
