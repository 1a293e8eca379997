/*
 * mrpb_stim.c: constrained-random traffic for MRPB.
 *
 * Producer: bursts of requests from one warp (a coalesced warp instruction gives up to
 * 32 line requests), held until taken (valid/ready). Hot queues take a share of the
 * bursts so that queues fill, go full and flush. Cache: refuses with a probability,
 * with a stall kind; the bypass path is ready with a probability. Resets mid-run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mrpb.h"
#include "stim.h"

enum { K_BURST, K_MAXBURST, K_HOT, K_HOTQ, K_WRITE, K_REFUSE, K_ASSOC, K_BYPREADY, K_RESET,
       K_MIX, K_OOR, K_PCRAND, K_N };
static const stim_knob knobs_t[] = {
    {"burst", 0.3, 0, 1, 0, "start a burst when idle"},
    {"maxburst", 32, 1, 1024, 1, "requests in a burst, at most"},
    {"hot", 0.3, 0, 1, 0, "a burst goes to a hot queue"},
    {"hotq", 2, 1, 1024, 1, "hot queues"},
    {"write", 0.05, 0, 1, 0, "a request is a write"},
    {"refuse", 0.3, 0, 1, 0, "the cache refuses"},
    {"assoc", 0.5, 0, 1, 0, "a refusal is an associativity stall"},
    {"bypready", 0.7, 0, 1, 0, "the bypass path is ready"},
    {"reset", 0.0005, 0, 1, 0, "reset per cycle"},
    {"mix", 0.1, 0, 1, 0, "a burst request goes to another queue"},
    {"oor", 0.001, 0, 1, 0, "a request with a signature >= NumQ, withdrawn after 1-4 cycles"},
    {"pcrand", 0, 0, 1, 0, "a request's PC is random over the whole field (else one of 16 near 0x100)"},
    {NULL, 0, 0, 0, 0, NULL}};

struct stim {
    mrpb_cfg cfg;
    stim_rng rng;
    double k[K_N];
    uint64_t cycle;
    int pending;       /* a request is offered and not yet taken */
    unsigned withdraw; /* out-of-range request: cycles left before it is withdrawn */
    mrpb_in req;       /* its fields */
    unsigned burst_left, burst_sig, rst_left;
    uint64_t tag;
};

static stim *create(const void *cfgv, uint64_t seed, const char *knobs, char *err, size_t n)
{
    stim *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    s->cfg = *(const mrpb_cfg *)cfgv;
    s->rng.s = seed * 0x2545f4914f6cdd1dULL + 1;
    if (stim_knobs_parse(knobs, knobs_t, s->k, err, n)) {
        free(s);
        return NULL;
    }
    s->rst_left = 2; /* start in reset */
    return s;
}

static unsigned sig_limit(const mrpb_cfg *c);
static unsigned sig_field(const mrpb_cfg *c)
{
    /* all values of the signature's port (its width from the port list) */
    return 1u << (c->Sig == MRPB_SIG_WARP    ? mrpb_w_req_warp_i(c)
                  : c->Sig == MRPB_SIG_BLOCK ? mrpb_w_req_block_i(c)
                                             : mrpb_w_req_inblk_i(c));
}

/* A request of the current burst; `mix` sends single requests of it to other queues. */
static void new_request(stim *s)
{
    const mrpb_cfg *c = &s->cfg;
    mrpb_in *r = &s->req;
    unsigned sig = s->burst_sig, lim = sig_limit(c);
    s->withdraw = 0;
    if (stim_chance(&s->rng, s->k[K_MIX])) sig = stim_below(&s->rng, lim);
    if (lim < sig_field(c) && stim_chance(&s->rng, s->k[K_OOR])) {
        /* a signature the block never takes: offered a few cycles, then withdrawn */
        sig = lim + stim_below(&s->rng, sig_field(c) - lim);
        s->withdraw = 1 + stim_below(&s->rng, 4);
    }
    r->req_valid_i = 1;
    r->req_write_i = stim_chance(&s->rng, s->k[K_WRITE]);
    r->req_addr_i = stim_rand(&s->rng) & bits_mask(mrpb_w_req_addr_i(c));
    r->req_warp_i = stim_below(&s->rng, 1u << mrpb_w_req_warp_i(c));
    r->req_block_i = stim_below(&s->rng, 1u << mrpb_w_req_block_i(c));
    r->req_inblk_i = stim_below(&s->rng, 1u << mrpb_w_req_inblk_i(c));
    if (c->Sig == MRPB_SIG_WARP) r->req_warp_i = sig;
    else if (c->Sig == MRPB_SIG_BLOCK) r->req_block_i = sig;
    else r->req_inblk_i = sig;
    r->req_lane_i = stim_below(&s->rng, 1u << mrpb_w_req_lane_i(c));
    r->req_pc_i = (0x100 + 8 * stim_below(&s->rng, 16)) & bits_mask(mrpb_w_req_pc_i(c));
    /* every PC bit, high ones too (stored and drained like the rest); at pcrand=0 (the
       default) nothing more is drawn, so a seed gives the stream it always gave */
    if (s->k[K_PCRAND] > 0 && stim_chance(&s->rng, s->k[K_PCRAND]))
        r->req_pc_i = stim_rand(&s->rng) & bits_mask(mrpb_w_req_pc_i(c));
    r->req_tag_i = s->tag++ & bits_mask(mrpb_w_req_tag_i(c));
}

static unsigned sig_limit(const mrpb_cfg *c)
{
    unsigned field = sig_field(c);
    return c->NumQ < field ? c->NumQ : field;
}

static void next(stim *s, void *inv)
{
    mrpb_in *in = inv;
    memset(in, 0, sizeof *in);
    if (s->rst_left == 0 && stim_chance(&s->rng, s->k[K_RESET])) s->rst_left = 1 + stim_below(&s->rng, 3);
    if (s->rst_left) {
        s->rst_left--;
        in->rst_i = 1;
        s->pending = 0;
        s->burst_left = 0;
    } else if (!s->pending) {
        if (!s->burst_left && stim_chance(&s->rng, s->k[K_BURST])) {
            unsigned lim = sig_limit(&s->cfg), hotq = (unsigned)s->k[K_HOTQ];
            s->burst_left = 1 + stim_below(&s->rng, (unsigned)s->k[K_MAXBURST]);
            if (stim_chance(&s->rng, s->k[K_HOT]))
                s->burst_sig = stim_below(&s->rng, hotq < lim ? hotq : lim);
            else
                s->burst_sig = stim_below(&s->rng, lim);
        }
        if (s->burst_left) {
            s->burst_left--;
            new_request(s);
            s->pending = 1;
        }
    }
    if (s->pending && s->withdraw && --s->withdraw == 0) s->pending = 0; /* gave up */
    if (s->pending && !in->rst_i) {
        *in = s->req; /* the held request: only its request fields are set */    } else {
        /* idle bus carries noise: the block must ignore fields without valid */
        in->req_addr_i = stim_rand(&s->rng) & bits_mask(mrpb_w_req_addr_i(&s->cfg));
        in->req_warp_i = stim_below(&s->rng, 1u << mrpb_w_req_warp_i(&s->cfg));
        in->req_write_i = stim_below(&s->rng, 2);
    }
    if (stim_chance(&s->rng, s->k[K_REFUSE])) {
        in->cache_accept_i = 0;
        if (stim_chance(&s->rng, s->k[K_ASSOC])) in->cache_stall_i = MRPB_STALL_ASSOC;
        else {
            static const unsigned kinds[] = {0, 2, 3, 4, 0, 2, 3, 4, 5, 6, 7};
            in->cache_stall_i = kinds[stim_below(&s->rng, 11)];
        }
    } else {
        in->cache_accept_i = 1;
        in->cache_stall_i = stim_below(&s->rng, 1u << mrpb_w_cache_stall_i(&s->cfg)); /* ignored when accepted */
    }
    in->byp_ready_i = stim_chance(&s->rng, s->k[K_BYPREADY]);
    s->cycle++;
}

static void observe(stim *s, const void *inv, const void *outv)
{
    const mrpb_in *in = inv;
    const mrpb_out *out = outv;
    if (in->req_valid_i && out->req_ready_o) s->pending = 0;
}

static void destroy(stim *s) { free(s); }

const stim_ops mrpb_stim_ops = {"mrpb", knobs_t, create, next, observe, destroy};
