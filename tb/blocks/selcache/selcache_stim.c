/*
 * selcache_stim.c: constrained-random stimulus for selcache (see tb/lockstep/stim.h).
 * L1 events as the GPU model makes them, plus what it never makes (wild values): reads
 * with loads of 1..Lanes requests concentrated on a few sets (column-strided loads: many
 * requests in one set), hits, misses and refusals on random ways, writes, prefetches,
 * flushes, and a handful of PCs so the re-reference table's entries repeat.
 */
#include <stdio.h>
#include <stdlib.h>

#include "selcache.h"
#include "stim.h"

enum { K_READ, K_WRITE, K_PF, K_HIT, K_CONC, K_FULL, K_FINAL, K_FLUSH, K_WILD, K_RESET, K_PCALL, K_N };
static const stim_knob knobs_t[] = {
    {"read", 0.7, 0, 1, 0, "an event is a demand read"},
    {"write", 0.12, 0, 1, 0, "a write"},
    {"pf", 0.05, 0, 1, 0, "a prefetch read (else no event)"},
    {"hit", 0.35, 0, 1, 0, "a read finds its line (hit, pending or merge refusal)"},
    {"conc", 0.6, 0, 1, 0, "a request of the load is in this request's set"},
    {"full", 0.4, 0, 1, 0, "a load is fully divergent (Lanes requests)"},
    {"final", 0.3, 0, 1, 0, "the outcome is a bypass"},
    {"flush", 0.002, 0, 1, 0, "a kernel-boundary flush"},
    {"wild", 0.02, 0, 1, 0, "values the GPU model never gives (ways past Ways, idx past nreq)"},
    {"reset", 0.0005, 0, 1, 0, "reset per cycle"},
    {"pcall", 0, 0, 1, 0, "a read's or write's PC hashes to any table entry (else one of 12 PCs): every entry's sum grows"},
    {NULL, 0, 0, 0, 0, NULL}};

struct stim {
    stim_rng rng;
    double k[K_N];
    selcache_cfg P;
    unsigned rst_left;
};

static stim *create(const void *cfgv, uint64_t seed, const char *knobs, char *err, size_t n)
{
    stim *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    s->P = *(const selcache_cfg *)cfgv;
    s->rng.s = seed * 0x2545f4914f6cdd1dULL + 1;
    if (stim_knobs_parse(knobs, knobs_t, s->k, err, n)) {
        free(s);
        return NULL;
    }
    s->rst_left = 2; /* start in reset */
    return s;
}

static unsigned below(stim *s, unsigned n) { return (unsigned)stim_below(&s->rng, n); }
static int chance(stim *s, unsigned k) { return stim_chance(&s->rng, s->k[k]); }

static void next(stim *s, void *inv)
{
    const selcache_cfg *P = &s->P;
    selcache_in *in = inv;
    unsigned sw = selcache_sw(P), wild = (unsigned)chance(s, K_WILD);
    in->rst_i = 0;
    if (s->rst_left) {
        s->rst_left--;
        in->rst_i = 1;
    } else if (chance(s, K_RESET)) {
        s->rst_left = 1 + below(s, 3);
    }
    in->flush_i = (uint64_t)chance(s, K_FLUSH);
    double r = (double)(stim_rand(&s->rng) >> 11) / 9007199254740992.0;
    unsigned op = r < s->k[K_READ]                                   ? SELCACHE_OP_READ
                  : r < s->k[K_READ] + s->k[K_WRITE]                 ? SELCACHE_OP_WRITE
                  : r < s->k[K_READ] + s->k[K_WRITE] + s->k[K_PF]    ? SELCACHE_OP_PF
                                                                     : SELCACHE_OP_NONE;
    in->op_i = op;
    in->pc_i = wild ? (uint32_t)stim_rand(&s->rng) : 0x100u + 8u * below(s, 12);
    /* (no draw at pcall 0: the default stream is unchanged) */
    if (!wild && s->k[K_PCALL] > 0 && chance(s, K_PCALL)) in->pc_i = (uint32_t)below(s, 1u << P->HashW) << P->PcShift;
    if (op == SELCACHE_OP_PF) in->pc_i = 0;
    in->set_i = wild ? below(s, 1u << sw) : below(s, P->Sets);
    in->way_i = wild ? below(s, 1u << selcache_ww(P)) : below(s, P->Ways);
    in->wayv_i = below(s, 10) != 0;
    unsigned present = 0, res;
    if (op == SELCACHE_OP_WRITE) {
        present = below(s, 3);
        res = below(s, 8) ? 3 : 7; /* a write, or refused for the miss queue */
    } else if (chance(s, K_HIT)) {
        present = 1 + (below(s, 4) == 0);
        res = present == 1 ? 0 : (below(s, 4) ? 1 : 6);
    } else {
        res = below(s, 3) ? 2 : 4 + below(s, 4);
        if (res == 6) res = 4; /* a merge refusal has its line */
    }
    if (wild) res = below(s, 8), present = below(s, 4);
    in->res_i = res;
    in->present_i = present;
    in->canbyp_i = op == SELCACHE_OP_READ && (res == 2 || res >= 4) ? below(s, 5) != 0 : wild;
    in->final_i = (uint64_t)chance(s, K_FINAL);
    /* the load: nreq requests, each in this request's set with probability conc */
    unsigned nreq = 0, idx = 0;
    for (unsigned w = 0; w < SELCACHE_WORDS; w++) in->sets_i[w] = 0;
    if (op == SELCACHE_OP_READ) {
        nreq = chance(s, K_FULL) ? P->Lanes : 1 + below(s, P->Lanes);
        idx = below(s, nreq);
    }
    if (wild) nreq = below(s, P->Lanes + 1), idx = below(s, 1u << selcache_iw(P));
    for (unsigned j = 0; j < P->Lanes; j++) {
        uint64_t set = chance(s, K_CONC) ? in->set_i : below(s, 1u << sw);
        unsigned b = j * sw;
        in->sets_i[b / 64] |= set << (b % 64);
        if (b % 64 + sw > 64) in->sets_i[b / 64 + 1] |= set >> (64 - b % 64);
    }
    in->nreq_i = nreq;
    in->idx_i = idx;
}

static void observe(stim *s, const void *in, const void *out)
{
    (void)s, (void)in, (void)out;
}

static void destroy(stim *s) { free(s); }

const stim_ops selcache_stim_ops = {"selcache", knobs_t, create, next, observe, destroy};
