/*
 * memsched_stim.c: constrained-random stimulus for memsched (see tb/lockstep/stim.h).
 *
 * Producer: bursts of line requests from one warp (a coalesced warp instruction gives
 * up to 32), several bursts interleaved, each request held until taken (valid/ready); hot warps take a share of the bursts so
 * that slots fill and go full; single requests of a burst go to other warps (`mix`);
 * stores among them; now and then a warp id >= Slots offered a few cycles and
 * withdrawn. L1: each candidate's probe is refused with a probability (much more often
 * during a jam: MSHRs or the miss queue full for a while, so that slots back up), and
 * an accepted one hits with a probability; the answers for candidates that do not
 * exist are noise the block must ignore. Resets mid-run; noise on idle request fields.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memsched.h"
#include "stim.h"

enum { K_BURST, K_STREAMS, K_MAXBURST, K_HOT, K_HOTW, K_MIX, K_WRITE, K_REFUSE, K_HIT, K_JAM, K_JAMLEN, K_RESET, K_OOR,
       K_N };
static const stim_knob knobs_t[] = {
    {"burst", 0.4, 0, 1, 0, "start a burst when idle"},
    {"streams", 3, 1, 8, 1, "warp instructions in flight at once (their requests interleave)"},
    {"maxburst", 40, 1, 1024, 1, "requests in a burst, at most"},
    {"hot", 0.3, 0, 1, 0, "a burst comes from a hot warp"},
    {"hotw", 2, 1, 64, 1, "hot warps"},
    {"mix", 0.1, 0, 1, 0, "a burst request comes from another warp"},
    {"write", 0.05, 0, 1, 0, "a request is a store"},
    {"refuse", 0.35, 0, 1, 0, "the L1 refuses a candidate"},
    {"hit", 0.3, 0, 1, 0, "an accepted candidate hits"},
    {"jam", 0.005, 0, 1, 0, "start a jam (the L1 refuses 95% of the probes)"},
    {"jamlen", 64, 1, 100000, 1, "cycles in a jam, at most"},
    {"reset", 0.0003, 0, 1, 0, "reset per cycle"},
    {"oor", 0.002, 0, 1, 0, "a request from a warp >= Slots, withdrawn after 1-4 cycles"},
    {NULL, 0, 0, 0, 0, NULL}};

struct stim {
    memsched_cfg cfg;
    stim_rng rng;
    double k[K_N];
    int pending;       /* a request is offered and not yet taken */
    unsigned withdraw; /* a warp >= Slots: cycles left before it is withdrawn */
    memsched_in req;   /* its fields */
    unsigned burst_left[8], burst_warp[8], cur, rst_left, jam_left;
    uint64_t line;
};

static stim *create(const void *cfgv, uint64_t seed, const char *knobs, char *err, size_t n)
{
    stim *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    s->cfg = *(const memsched_cfg *)cfgv;
    s->rng.s = seed * 0x2545f4914f6cdd1dULL + 1;
    if (stim_knobs_parse(knobs, knobs_t, s->k, err, n)) {
        free(s);
        return NULL;
    }
    s->rst_left = 2; /* start in reset */
    return s;
}

static void new_request(stim *s)
{
    const memsched_cfg *c = &s->cfg;
    memsched_in *r = &s->req;
    unsigned warp = s->burst_warp[s->cur], field = 1u << memsched_w_req_warp_i(c);
    s->withdraw = 0;
    if (stim_chance(&s->rng, s->k[K_MIX])) warp = stim_below(&s->rng, c->Slots);
    if (c->Slots < field && stim_chance(&s->rng, s->k[K_OOR])) {
        warp = c->Slots + stim_below(&s->rng, field - c->Slots);
        s->withdraw = 1 + stim_below(&s->rng, 4);
    }
    memset(r, 0, sizeof *r);
    r->req_valid_i = 1;
    r->req_write_i = stim_chance(&s->rng, s->k[K_WRITE]);
    /* a run of lines with some repeats and random jumps */
    s->line = stim_chance(&s->rng, 0.2) ? stim_rand(&s->rng) : s->line + 1 + stim_below(&s->rng, 3);
    r->req_line_i = s->line & bits_mask(c->LineW);
    r->req_warp_i = warp;
    r->req_ld_i = r->req_write_i ? 0 : stim_below(&s->rng, 1u << c->SlotW);
}

static void next(stim *s, void *inv)
{
    const memsched_cfg *c = &s->cfg;
    memsched_in *in = inv;
    double refuse;
    unsigned j;
    memset(in, 0, sizeof *in);
    if (s->rst_left == 0 && stim_chance(&s->rng, s->k[K_RESET])) s->rst_left = 1 + stim_below(&s->rng, 3);
    if (s->rst_left) {
        s->rst_left--;
        in->rst_i = 1;
        s->pending = 0;
        memset(s->burst_left, 0, sizeof s->burst_left);
    } else if (!s->pending) {
        unsigned b = s->cur = stim_below(&s->rng, (unsigned)s->k[K_STREAMS]);
        if (!s->burst_left[b] && stim_chance(&s->rng, s->k[K_BURST])) {
            unsigned hotw = (unsigned)s->k[K_HOTW];
            s->burst_left[b] = 1 + stim_below(&s->rng, (unsigned)s->k[K_MAXBURST]);
            s->burst_warp[b] = stim_below(&s->rng, stim_chance(&s->rng, s->k[K_HOT]) && hotw < c->Slots ? hotw : c->Slots);
        }
        if (s->burst_left[b]) {
            s->burst_left[b]--;
            new_request(s);
            s->pending = 1;
        }
    }
    if (s->pending && s->withdraw && --s->withdraw == 0) s->pending = 0; /* gave up */
    if (s->pending && !in->rst_i) {
        *in = s->req;
    } else { /* an idle bus carries noise: fields without valid are ignored */
        in->req_line_i = stim_rand(&s->rng) & bits_mask(c->LineW);
        in->req_warp_i = stim_below(&s->rng, 1u << memsched_w_req_warp_i(c));
        in->req_write_i = stim_below(&s->rng, 2);
        in->req_ld_i = stim_below(&s->rng, 1u << c->SlotW);
    }
    /* the L1's answers, one per probe unit (noise where there is no candidate) */
    if (!s->jam_left && stim_chance(&s->rng, s->k[K_JAM])) s->jam_left = 1 + stim_below(&s->rng, (unsigned)s->k[K_JAMLEN]);
    refuse = s->jam_left ? 0.95 : s->k[K_REFUSE];
    if (s->jam_left) s->jam_left--;
    for (j = 0; j < c->K; j++) {
        if (!stim_chance(&s->rng, refuse)) {
            in->probe_acc_i |= 1u << j;
            if (stim_chance(&s->rng, s->k[K_HIT])) in->probe_hit_i |= 1u << j;
        } else if (stim_chance(&s->rng, 0.2)) {
            in->probe_hit_i |= 1u << j; /* a hit bit without acceptance: ignored */
        }
    }
}

static void observe(stim *s, const void *inv, const void *outv)
{
    const memsched_in *in = inv;
    const memsched_out *out = outv;
    if (in->req_valid_i && out->req_ready_o) s->pending = 0;
}

static void destroy(stim *s) { free(s); }

const stim_ops memsched_stim_ops = {"memsched", knobs_t, create, next, observe, destroy};
