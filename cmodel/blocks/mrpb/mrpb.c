/*
 * mrpb.c: C model of the memory request prioritization buffer (seed 000, sec. 3, 6).
 *
 * Mirrors rtl/mrpb/mrpb.v register for register; docs/mrpb.md gives the cycle-level
 * behaviour both implement, docs/deviations.md the choices where the seed is silent.
 */
#include "mrpb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---------------------------------------------------------------- configuration */

/* The seed's final design is the default (mrpb_params.def); the signature studies of
 * seed 000 sec. 3.2 are presets. */
static const char *const mrpb_presets[] = {"final", "",  "warp", "", "block", "NumQ=8,Sig=block",
                                           "inblk", "NumQ=32,Sig=inblk", "pipe", "Pipe=1", NULL};

/* Policy=NAME sets Drain and Greedy together: one of the six drain policies by name. */
static int mrpb_cfg_alias(void *cfgv, const char *key, const char *val, char *err, size_t n)
{
    static const char *const base[] = {"fixed", "rr", "longest", NULL};
    mrpb_cfg *cfg = cfgv;
    const char *b = val;
    unsigned greedy = 0, i;
    if (strcasecmp(key, "Policy")) return 1;
    if (!strncasecmp(val, "greedy-", 7)) {
        greedy = 1;
        b = val + 7;
    }
    for (i = 0; base[i] && strcasecmp(b, base[i]); i++) continue;
    if (!base[i]) {
        snprintf(err, n, "mrpb: Policy=%s is not one of fixed, rr, longest, "
                         "greedy-fixed, greedy-rr, greedy-longest", val);
        return -1;
    }
    cfg->Drain = i;
    cfg->Greedy = greedy;
    return 0;
}

/* ---------------------------------------------------------------- behaviour */

/* Everything combinational in one cycle: the outputs and the next-state decisions. */
typedef struct mrpb_comb {
    unsigned sigq;   /* target queue of the offered request */
    unsigned choice; /* queue the drain selector picks */
    unsigned why;    /* enum mrpb_why */
    int req_ready, enq, wpass, flush, drain, bypass, take;
    int c_move, b_move, c_free, b_free; /* Pipe=1: stage C / B hands on, is free */
    uint64_t elig;  /* queues the selector may take (Pipe=1: not one whose only visible entry is in B) */
} mrpb_comb;

static void mrpb_req_from_in(const mrpb_cfg *c, const mrpb_in *in, mrpb_req *r)
{
    r->write = (uint8_t)(in->req_write_i & 1);
    r->addr = in->req_addr_i & bits_mask(mrpb_w_req_addr_i(c));
    r->warp = (uint8_t)(in->req_warp_i & bits_mask(mrpb_w_req_warp_i(c)));
    r->block = (uint8_t)(in->req_block_i & bits_mask(mrpb_w_req_block_i(c)));
    r->inblk = (uint8_t)(in->req_inblk_i & bits_mask(mrpb_w_req_inblk_i(c)));
    r->lane = (uint8_t)(in->req_lane_i & bits_mask(mrpb_w_req_lane_i(c)));
    r->pc = in->req_pc_i & bits_mask(mrpb_w_req_pc_i(c));
    r->tag = (uint32_t)(in->req_tag_i & bits_mask(mrpb_w_req_tag_i(c)));
}

/* Base policies over the set of queues with a visible head (bit q of `elig`). */
static unsigned lowest(uint64_t m) /* m != 0 */
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll(m);
#else
    unsigned i = 0;
    while (!(m & 1)) {
        m >>= 1;
        i++;
    }
    return i;
#endif
}

static unsigned mrpb_policy(const mrpb_state *s, uint64_t elig)
{
    const mrpb_cfg *c = &s->cfg;
    if (c->Drain == MRPB_DRAIN_RR) {
        /* first eligible queue above the last drained one, else wrap to the lowest */
        uint64_t above = s->last_q >= 63 ? 0 : elig & ~bits_mask(s->last_q + 1u);
        return lowest(above ? above : elig);
    }
    if (c->Drain == MRPB_DRAIN_LONGEST) {
        unsigned best = lowest(elig), best_len = s->len[best];
        uint64_t rest = elig & (elig - 1);
        (void)c;
        while (rest) { /* ascending ids: only a strictly longer queue replaces */
            unsigned q = lowest(rest);
            if (s->len[q] > best_len) {
                best = q;
                best_len = s->len[q];
            }
            rest &= rest - 1;
        }
        return best;
    }
    return lowest(elig); /* fixed order: NumQ-to-log2(NumQ) priority encoder */
}

static void mrpb_comb_eval(const mrpb_state *s, const mrpb_in *in, mrpb_comb *k)
{
    const mrpb_cfg *c = &s->cfg;
    unsigned sig_full, stall;
    int rq, is_wr, tgt_empty, tgt_full, load_ok, byp_match, prio;
    uint64_t elig = s->elig;

    if (c->Pipe && s->sel_valid && s->vis[s->sel_q] == 1) elig &= ~((uint64_t)1 << s->sel_q);
    k->elig = elig;
    k->choice = k->why = 0;
    k->wpass = k->flush = 0;
    k->c_move = k->b_move = k->c_free = k->b_free = 0;
    if (in->rst_i & 1) {
        k->sigq = 0;
        k->req_ready = k->enq = k->drain = k->bypass = k->take = 0;
        return;
    }

    sig_full = c->Sig == MRPB_SIG_WARP    ? (unsigned)(in->req_warp_i & bits_mask(mrpb_w_req_warp_i(c)))
               : c->Sig == MRPB_SIG_BLOCK ? (unsigned)(in->req_block_i & bits_mask(mrpb_w_req_block_i(c)))
                                          : (unsigned)(in->req_inblk_i & bits_mask(mrpb_w_req_inblk_i(c)));
    rq = (in->req_valid_i & 1) && sig_full < c->NumQ; /* out-of-range: never taken */
    k->sigq = rq ? sig_full : 0;
    is_wr = rq && (in->req_write_i & 1);
    tgt_empty = s->len[k->sigq] == 0;
    tgt_full = s->len[k->sigq] == c->Depth;

    /* outbound register: taken by the cache, or by the bypass path on a refused read */
    stall = (unsigned)(in->cache_stall_i & bits_mask(mrpb_w_cache_stall_i(c)));
    byp_match = c->Bypass == MRPB_BYP_ALL     ? stall != MRPB_STALL_OTHER
                : c->Bypass == MRPB_BYP_ASSOC ? stall == MRPB_STALL_ASSOC
                                              : 0;
    k->bypass = s->obuf_valid && !s->obuf.write && !(in->cache_accept_i & 1) &&
                (in->byp_ready_i & 1) && byp_match;
    k->take = s->obuf_valid && ((in->cache_accept_i & 1) || k->bypass);
    load_ok = !s->obuf_valid || k->take;
    k->c_free = !s->rd_valid || load_ok;
    k->b_free = !s->sel_valid || k->c_free;
    k->c_move = c->Pipe && s->rd_valid && load_ok;
    k->b_move = c->Pipe && s->sel_valid && k->c_free;

    /* producer handshake */
    if (c->Flush) {
        k->wpass = is_wr && tgt_empty && load_ok && !(c->Pipe && s->rd_valid);
        k->flush = is_wr && !tgt_empty;
        k->req_ready = is_wr ? k->wpass : (rq && !tgt_full);
    } else {
        k->req_ready = rq && !tgt_full;
    }
    k->enq = k->req_ready && !k->wpass;

    /* drain selector */
    prio = c->Flush && (k->flush || (rq && !is_wr && tgt_full)) && ((elig >> k->sigq) & 1);
    if (prio) {
        k->choice = k->sigq;
        k->why = k->flush ? MRPB_WHY_FLUSH : MRPB_WHY_FULL;
    } else if (c->Greedy && s->last_valid && ((elig >> s->last_q) & 1)) {
        k->choice = s->last_q;
        k->why = MRPB_WHY_GREEDY;
    } else if (elig) {
        k->choice = mrpb_policy(s, elig);
        k->why = MRPB_WHY_POLICY;
    }
    k->drain = (c->Pipe ? k->b_free : load_ok) && !k->wpass && elig != 0;
    if (!k->drain) k->choice = k->why = 0;
}

void mrpb_init(mrpb_state *s, const mrpb_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->last_q = (uint8_t)(cfg->NumQ - 1);
    s->lenw = (uint8_t)mrpb_lenw(cfg);
}

void mrpb_eval(const mrpb_state *s, const mrpb_in *in, mrpb_out *out)
{
    mrpb_comb k;

    mrpb_comb_eval(s, in, &k);
    out->req_ready_o = (uint64_t)k.req_ready;
    out->out_valid_o = s->obuf_valid && !(in->rst_i & 1);
    out->out_write_o = s->obuf.write;
    out->out_addr_o = s->obuf.addr;
    out->out_warp_o = s->obuf.warp;
    out->out_block_o = s->obuf.block;
    out->out_inblk_o = s->obuf.inblk;
    out->out_lane_o = s->obuf.lane;
    out->out_pc_o = s->obuf.pc;
    out->out_tag_o = s->obuf.tag;
    out->bypass_o = (uint64_t)k.bypass;
    out->drain_valid_o = (uint64_t)k.drain;
    out->drain_q_o = k.choice;
    out->drain_why_o = k.why;
    out->wpass_o = (uint64_t)k.wpass;
    out->flush_o = (uint64_t)k.flush;
    memcpy(out->qlen_o, s->qlen_words, sizeof out->qlen_o);
}

/* len[q] = v, and its field of the packed lengths */
static void mrpb_set_len(mrpb_state *s, unsigned q, unsigned v)
{
    const unsigned lw = s->lenw, bit = q * lw, w = bit / 64, o = bit % 64;
    const uint64_t m = bits_mask(lw);
    s->len[q] = (uint8_t)v;
    s->qlen_words[w] = (s->qlen_words[w] & ~(m << o)) | ((uint64_t)v << o);
    if (o + lw > 64)
        s->qlen_words[w + 1] = (s->qlen_words[w + 1] & ~(m >> (64 - o))) | ((uint64_t)v >> (64 - o));
}

/* vis[q] = v, and its eligibility bit */
static void mrpb_set_vis(mrpb_state *s, unsigned q, unsigned v)
{
    s->vis[q] = (uint8_t)v;
    s->elig = (s->elig & ~((uint64_t)1 << q)) | ((uint64_t)(v != 0) << q);
}

static uint8_t mrpb_ptr_inc(const mrpb_cfg *c, uint8_t p)
{
    return (uint8_t)(p + 1u == c->Depth ? 0 : p + 1u);
}

void mrpb_tick(mrpb_state *s, const mrpb_in *in)
{
    const mrpb_cfg *c = &s->cfg;
    const unsigned stages = mrpb_stages(c);
    mrpb_comb k;
    unsigned i;
    mrpb_req rd_ent;
    uint8_t head_rd;

    /* Pipe=1: the array's asynchronous read (stage C's address) before this edge's write;
     * the registered write port writes at every edge it holds a request, reset or not */
    rd_ent = s->mem[s->rd_q * MRPB_MAX_DEPTH + s->rd_slot];
    head_rd = s->head[s->sel_q];
    if (c->Pipe && s->wr_valid) s->mem[s->wr_q * MRPB_MAX_DEPTH + s->wr_slot] = s->wr_ent;

    if (in->rst_i & 1) {
        /* every register is reset; the queue storage is not */
        memset(s->len, 0, sizeof s->len);
        memset(s->vis, 0, sizeof s->vis);
        memset(s->head, 0, sizeof s->head);
        memset(s->tail, 0, sizeof s->tail);
        memset(s->dly_valid, 0, sizeof s->dly_valid);
        memset(s->dly_q, 0, sizeof s->dly_q);
        s->obuf_valid = 0;
        memset(&s->obuf, 0, sizeof s->obuf);
        s->last_q = (uint8_t)(c->NumQ - 1);
        s->last_valid = 0;
        s->sel_valid = s->sel_q = s->rd_valid = s->rd_q = s->rd_slot = s->wr_valid = 0;
        s->elig = 0;
        memset(s->qlen_words, 0, sizeof s->qlen_words);
        return;
    }

    mrpb_comb_eval(s, in, &k);

    /* outbound register: a drained head (Pipe=1: stage C's entry) or a passing write
     * replaces a taken request */
    if (c->Pipe) {
        if (k.b_move) { /* B hands on: the head advances, the visible count drops */
            unsigned q = s->sel_q;
            s->head[q] = mrpb_ptr_inc(c, s->head[q]);
            mrpb_set_vis(s, q, s->vis[q] - 1u);
        }
        if (k.c_move) mrpb_set_len(s, s->rd_q, s->len[s->rd_q] - 1u); /* C leaves the queue */
        if (k.c_free) {
            s->rd_valid = s->sel_valid;
            s->rd_q = s->sel_q;
            s->rd_slot = s->sel_valid ? head_rd : 0;
        }
        if (k.b_free) {
            s->sel_valid = (uint8_t)k.drain;
            s->sel_q = (uint8_t)k.choice;
        }
        if (k.drain) {
            s->last_q = (uint8_t)k.choice;
            s->last_valid = 1;
        }
    }
    if (c->Pipe ? k.c_move : k.drain) {
        if (c->Pipe) {
            s->obuf = rd_ent;
        } else {
            unsigned q = k.choice;
            s->obuf = s->mem[q * MRPB_MAX_DEPTH + s->head[q]];
            s->head[q] = mrpb_ptr_inc(c, s->head[q]);
            mrpb_set_len(s, q, s->len[q] - 1u);
            mrpb_set_vis(s, q, s->vis[q] - 1u);
            s->last_q = (uint8_t)q;
            s->last_valid = 1;
        }
        s->obuf_valid = 1;
    } else if (k.wpass) {
        mrpb_req_from_in(c, in, &s->obuf);
        s->obuf_valid = 1;
    } else if (k.take) {
        s->obuf_valid = 0;
    }

    /* the entry leaving the delay line becomes visible */
    if (s->dly_valid[stages - 1]) mrpb_set_vis(s, s->dly_q[stages - 1], s->vis[s->dly_q[stages - 1]] + 1u);
    for (i = stages - 1; i > 0; i--) {
        s->dly_valid[i] = s->dly_valid[i - 1];
        s->dly_q[i] = s->dly_q[i - 1];
    }
    s->dly_valid[0] = (uint8_t)k.enq;
    s->dly_q[0] = (uint8_t)k.sigq;

    /* enqueue (split cycle: the slot written is never the slot read this cycle); Pipe=1:
     * into the write-port register, written at the next edge */
    if (c->Pipe) {
        s->wr_valid = (uint8_t)k.enq;
        s->wr_q = (uint8_t)k.sigq;
        s->wr_slot = s->tail[k.sigq];
        mrpb_req_from_in(c, in, &s->wr_ent);
    }
    if (k.enq) {
        unsigned q = k.sigq;
        if (!c->Pipe) mrpb_req_from_in(c, in, &s->mem[q * MRPB_MAX_DEPTH + s->tail[q]]);
        s->tail[q] = mrpb_ptr_inc(c, s->tail[q]);
        mrpb_set_len(s, q, s->len[q] + 1u);
    }
}

unsigned mrpb_qlen(const mrpb_out *out, const mrpb_cfg *cfg, unsigned q)
{
    const unsigned lw = mrpb_lenw(cfg);
    unsigned bit = q * lw;
    uint64_t v = out->qlen_o[bit / 64] >> (bit % 64);
    if (bit % 64 + lw > 64) v |= out->qlen_o[bit / 64 + 1] << (64 - bit % 64);
    return (unsigned)(v & bits_mask(lw));
}

/* ---------------------------------------------------------------- state probes */

/* The registers mrpb_ports.def names as probes, as the RTL holds them. */
static void mrpb_probe_fill(const void *sv, void *pv)
{
    const mrpb_state *s = sv;
    mrpb_probe *p = pv;
    const unsigned nq = s->cfg.NumQ, stages = mrpb_stages(&s->cfg);
    unsigned q;
    for (q = 0; q < nq; q++) {
        p->len[q] = s->len[q];
        p->vis[q] = s->vis[q];
        p->head[q] = s->head[q];
        p->tail[q] = s->tail[q];
    }
    p->dly_valid[0] = 0;
    for (q = 0; q < stages; q++) p->dly_valid[0] |= (uint64_t)(s->dly_valid[q] & 1) << q;
    p->obuf_valid[0] = s->obuf_valid;
    p->last_q[0] = s->last_q;
    p->last_valid[0] = s->last_valid;
    p->sel_valid[0] = s->sel_valid;
    p->sel_q[0] = s->sel_q;
    p->rd_valid[0] = s->rd_valid;
    p->rd_q[0] = s->rd_q;
    p->rd_slot[0] = s->rd_slot;
    p->wr_valid[0] = s->wr_valid;
}

static int mrpb_cfg_check(const void *cfgv, char *err, size_t n)
{
    const mrpb_cfg *c = cfgv;
    if (c->Pipe && c->Latency < 5) {
        snprintf(err, n, "mrpb: Pipe=1 needs Latency >= 5 (its two drain stages take two of the Latency cycles; "
                         "Latency=%u)", c->Latency);
        return 1;
    }
    return 0;
}

/* ---------------------------------------------------------------- block kind */

#define BLK_T_CFG mrpb_cfg
#define BLK_T_IN mrpb_in
#define BLK_T_OUT mrpb_out
#define BLK_T_PROBE mrpb_probe
static const blk_param mrpb_params[] = {MRPB_PARAMS(BLK_PARAM_ROW)};
BLK_PORT_FUNCS(mrpb, MRPB_PORTS, MRPB_PROBES, MRPB_WAVES)
static const char *const mrpb_groups[] = MRPB_GROUPS;

/* Functional coverage (blk.h): the policy branches and corner states lockstep must reach. */
static const char *const mrpb_cover_names[] = {
    "producer_stall",   /* a read refused: its queue is full */
    "queue_full_first", /* queue 0 holds Depth entries */
    "queue_full_last",  /* the last queue holds Depth entries */
    "all_queues_busy",  /* every queue holds an entry */
    "drain_policy",     /* drain reason 0: the base policy */
    "drain_greedy",     /* 1: the greedy hold on the last queue */
    "drain_full",       /* 2: a read to a full queue drains it first */
    "drain_flush",      /* 3: a write flushes its non-empty queue */
    "write_pass",       /* a write to an empty queue passes straight through */
    "drain_blocked",    /* a visible entry waits: the outbound register is not free */
    "enq_and_drain",    /* one queue enqueued and drained in the same cycle */
    "bypass_assoc",     /* bypass on an associativity stall */
    "bypass_other",     /* bypass on another stall kind */
    "write_not_bypassed", /* a refused write waits though the stall kind matches */
    "out_refused",      /* the outbound request waits (no accept, no bypass) */
    "reset_mid_burst",  /* reset while entries are held */
    "pipe_c_stall",     /* Pipe=1: stage C holds (the outbound register is not free) */
    "pipe_b_stall",     /* Pipe=1: stage B holds behind C */
    "pipe_b_hides",     /* Pipe=1: a queue's only visible entry is in B: not eligible */
    "pipe_write_waits", /* Pipe=1: a write to an empty queue waits for stage C */
    NULL,
};

static uint64_t kind_cover(const void *sv, const void *iv, const void *ov)
{
    const mrpb_state *s = sv;
    const mrpb_in *in = iv;
    const mrpb_out *out = ov;
    const mrpb_cfg *c = &s->cfg;
    mrpb_comb k;
    uint64_t m = 0;
    unsigned q, busy = 0, held = 0;
    const unsigned stall = (unsigned)(in->cache_stall_i & bits_mask(mrpb_w_cache_stall_i(c)));
    int stall_match;

    mrpb_comb_eval(s, in, &k);
    for (q = 0; q < c->NumQ; q++) {
        busy += s->len[q] != 0;
        held |= s->len[q];
    }
    stall_match = c->Bypass == MRPB_BYP_ALL     ? stall != MRPB_STALL_OTHER
                  : c->Bypass == MRPB_BYP_ASSOC ? stall == MRPB_STALL_ASSOC
                                                : 0;
    if ((in->req_valid_i & 1) && !(in->req_write_i & 1) && !k.req_ready && !(in->rst_i & 1)) m |= 1u << 0;
    if (s->len[0] == c->Depth) m |= 1u << 1;
    if (s->len[c->NumQ - 1] == c->Depth) m |= 1u << 2;
    if (busy == c->NumQ) m |= 1u << 3;
    if (k.drain) m |= (uint64_t)1 << (4 + k.why);
    if (k.wpass) m |= 1u << 8;
    if (s->elig && !k.drain && !k.wpass && !(in->rst_i & 1)) m |= 1u << 9;
    if (k.drain && k.enq && k.choice == k.sigq) m |= 1u << 10;
    if (k.bypass && stall == MRPB_STALL_ASSOC) m |= 1u << 11;
    if (k.bypass && stall != MRPB_STALL_ASSOC) m |= 1u << 12;
    if (out->out_valid_o && s->obuf.write && !(in->cache_accept_i & 1) && stall_match) m |= 1u << 13;
    if (out->out_valid_o && !(in->cache_accept_i & 1) && !k.bypass) m |= 1u << 14;
    if ((in->rst_i & 1) && held) m |= 1u << 15;
    if (!(in->rst_i & 1) && c->Pipe) {
        if (s->rd_valid && !k.c_move) m |= 1u << 16;
        if (s->sel_valid && !k.b_move) m |= 1u << 17;
        if (k.elig != s->elig) m |= 1u << 18;
        if ((in->req_valid_i & 1) && (in->req_write_i & 1) && c->Flush && !k.flush && !k.req_ready && s->rd_valid &&
            k.c_free)
            m |= 1u << 19;
    }
    return m;
}

static void kind_init(void *s, const void *cfg) { mrpb_init(s, cfg); }
static void kind_eval(const void *s, const void *in, void *out) { mrpb_eval(s, in, out); }
static void kind_tick(void *s, const void *in) { mrpb_tick(s, in); }

const blk_kind mrpb_kind = {
    "mrpb",
    sizeof(mrpb_cfg),
    sizeof(mrpb_in),
    sizeof(mrpb_out),
    sizeof(mrpb_state),
    sizeof(mrpb_probe),
    mrpb_params,
    (int)(sizeof mrpb_params / sizeof mrpb_params[0]),
    mrpb_presets,
    mrpb_cfg_alias,
    mrpb_cfg_check,
    mrpb_ports,
    mrpb_probes,
    mrpb_waves,
    mrpb_groups,
    kind_init,
    kind_eval,
    kind_tick,
    mrpb_probe_fill,
    mrpb_cover_names,
    kind_cover,
};
