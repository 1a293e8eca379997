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

void mrpb_cfg_default(mrpb_cfg *cfg)
{
    cfg->NumQ = 48;
    cfg->Sig = MRPB_SIG_WARP;
    cfg->Depth = 8;
    cfg->Drain = MRPB_DRAIN_FIXED;
    cfg->Greedy = 0;
    cfg->Flush = 1;
    cfg->Latency = 5;
    cfg->Bypass = MRPB_BYP_ASSOC;
    cfg->AddrW = 32;
    cfg->PcW = 32;
    cfg->TagW = 8;
}

int mrpb_cfg_preset(mrpb_cfg *cfg, const char *name)
{
    mrpb_cfg_default(cfg);
    if (!strcasecmp(name, "final") || !strcasecmp(name, "warp")) return 0;
    if (!strcasecmp(name, "block")) {
        cfg->NumQ = 8;
        cfg->Sig = MRPB_SIG_BLOCK;
        return 0;
    }
    if (!strcasecmp(name, "inblk")) {
        cfg->NumQ = 32;
        cfg->Sig = MRPB_SIG_INBLK;
        return 0;
    }
    return -1;
}

static int parse_uint(const char *val, unsigned *out)
{
    char *end;
    unsigned long v;
    if (!val || !*val) return -1;
    v = strtoul(val, &end, 0);
    if (*end || v > 0xffffffffUL || val[0] == '-') return -1;
    *out = (unsigned)v;
    return 0;
}

/* A key's value as a number or as one of the names `names` (index = value). */
static int parse_enum(const char *val, const char *const *names, unsigned *out)
{
    unsigned i;
    for (i = 0; names[i]; i++)
        if (!strcasecmp(val, names[i])) {
            *out = i;
            return 0;
        }
    return parse_uint(val, out);
}

static const char *const sig_names[] = {"warp", "block", "inblk", NULL};
static const char *const drain_names[] = {"fixed", "rr", "longest", NULL};
static const char *const byp_names[] = {"off", "all", "assoc", NULL};
static const char *const bool_names[] = {"off", "on", NULL};

int mrpb_cfg_set(mrpb_cfg *cfg, const char *key, const char *val, char *err, size_t n)
{
    unsigned v;
    int rc;
    if (!strcasecmp(key, "Policy")) { /* one of the six drain policies by name */
        const char *base = val;
        unsigned greedy = 0;
        if (!strncasecmp(val, "greedy-", 7)) {
            greedy = 1;
            base = val + 7;
        }
        if (parse_enum(base, drain_names, &v) || v > 2) {
            snprintf(err, n, "mrpb: Policy=%s is not one of fixed, rr, longest, "
                             "greedy-fixed, greedy-rr, greedy-longest", val);
            return -1;
        }
        cfg->Drain = v;
        cfg->Greedy = greedy;
        return 0;
    }
    {
        static const char *const keys[] = {"NumQ", "Sig", "Depth", "Drain", "Greedy", "Flush",
                                           "Latency", "Bypass", "AddrW", "PcW", "TagW", NULL};
        int i;
        for (i = 0; keys[i] && strcasecmp(key, keys[i]); i++) continue;
        if (!keys[i]) {
            snprintf(err, n, "mrpb: unknown parameter '%s' (NumQ Sig Depth Drain Greedy Policy "
                             "Flush Latency Bypass AddrW PcW TagW)", key);
            return -1;
        }
    }
    if (!strcasecmp(key, "Sig")) rc = parse_enum(val, sig_names, &v);
    else if (!strcasecmp(key, "Drain")) rc = parse_enum(val, drain_names, &v);
    else if (!strcasecmp(key, "Bypass")) rc = parse_enum(val, byp_names, &v);
    else if (!strcasecmp(key, "Flush") || !strcasecmp(key, "Greedy"))
        rc = parse_enum(val, bool_names, &v);
    else rc = parse_uint(val, &v);
    if (rc) {
        snprintf(err, n, "mrpb: %s=%s is not a valid value", key, val);
        return -1;
    }
#define MRPB_SET(field) if (!strcasecmp(key, #field)) { cfg->field = v; return 0; }
    MRPB_SET(NumQ) MRPB_SET(Sig) MRPB_SET(Depth) MRPB_SET(Drain) MRPB_SET(Greedy)
    MRPB_SET(Flush) MRPB_SET(Latency) MRPB_SET(Bypass) MRPB_SET(AddrW) MRPB_SET(PcW)
    MRPB_SET(TagW)
#undef MRPB_SET
    snprintf(err, n, "mrpb: unknown parameter '%s'", key); /* not reached: checked above */
    return -1;
}

static int out_of_range(unsigned v, unsigned lo, unsigned hi) { return v < lo || v > hi; }

int mrpb_cfg_validate(const mrpb_cfg *c, char *err, size_t n)
{
#define MRPB_RANGE(field, lo, hi)                                                    \
    if (out_of_range(c->field, lo, hi)) {                                            \
        snprintf(err, n, "mrpb: %s=%u out of range %u..%u", #field, c->field,         \
                 (unsigned)(lo), (unsigned)(hi));                                    \
        return -1;                                                                   \
    }
    MRPB_RANGE(NumQ, 1, MRPB_MAX_NQ)
    MRPB_RANGE(Sig, 0, 2)
    MRPB_RANGE(Depth, 1, MRPB_MAX_DEPTH)
    MRPB_RANGE(Drain, 0, 2)
    MRPB_RANGE(Greedy, 0, 1)
    MRPB_RANGE(Flush, 0, 1)
    MRPB_RANGE(Latency, MRPB_MIN_LATENCY, MRPB_MAX_LATENCY)
    MRPB_RANGE(Bypass, 0, 2)
    MRPB_RANGE(AddrW, 1, 64)
    MRPB_RANGE(PcW, 1, 64)
    MRPB_RANGE(TagW, 1, 32)
#undef MRPB_RANGE
    return 0;
}

void mrpb_cfg_format(const mrpb_cfg *c, char *buf, size_t n)
{
    snprintf(buf, n,
             "NumQ=%u,Sig=%s,Depth=%u,Drain=%s,Greedy=%u,Flush=%u,Latency=%u,Bypass=%s,"
             "AddrW=%u,PcW=%u,TagW=%u",
             c->NumQ, sig_names[c->Sig % 3], c->Depth, drain_names[c->Drain % 3], c->Greedy,
             c->Flush, c->Latency, byp_names[c->Bypass % 3], c->AddrW, c->PcW, c->TagW);
}

static void mrpb_cfg_tag(const void *cfgv, char *buf, size_t n)
{
    const mrpb_cfg *c = cfgv;
    snprintf(buf, n, "q%u-s%u-d%u-p%u%s-f%u-l%u-b%u-a%u-c%u-t%u", c->NumQ, c->Sig, c->Depth,
             c->Drain, c->Greedy ? "g" : "", c->Flush, c->Latency, c->Bypass, c->AddrW, c->PcW,
             c->TagW);
}

static void mrpb_cfg_params(const void *cfgv, char *buf, size_t n)
{
    const mrpb_cfg *c = cfgv;
    snprintf(buf, n, "NumQ=%u Sig=%u Depth=%u Drain=%u Greedy=%u Flush=%u Latency=%u Bypass=%u "
                     "AddrW=%u PcW=%u TagW=%u",
             c->NumQ, c->Sig, c->Depth, c->Drain, c->Greedy, c->Flush, c->Latency, c->Bypass,
             c->AddrW, c->PcW, c->TagW);
}

/* ---------------------------------------------------------------- behaviour */

/* Everything combinational in one cycle: the outputs and the next-state decisions. */
typedef struct mrpb_comb {
    unsigned sigq;   /* target queue of the offered request */
    unsigned choice; /* queue the drain selector picks */
    unsigned why;    /* enum mrpb_why */
    int req_ready, enq, wpass, flush, drain, bypass, take;
} mrpb_comb;

static void mrpb_req_from_in(const mrpb_cfg *c, const mrpb_in *in, mrpb_req *r)
{
    r->write = (uint8_t)(in->req_write_i & 1);
    r->addr = in->req_addr_i & bits_mask(c->AddrW);
    r->warp = (uint8_t)(in->req_warp_i & 0x3f);
    r->block = (uint8_t)(in->req_block_i & 0x7);
    r->inblk = (uint8_t)(in->req_inblk_i & 0x1f);
    r->lane = (uint8_t)(in->req_lane_i & 0x1f);
    r->pc = in->req_pc_i & bits_mask(c->PcW);
    r->tag = (uint32_t)(in->req_tag_i & bits_mask(c->TagW));
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
    unsigned sig_full;
    int rq, is_wr, tgt_empty, tgt_full, load_ok, byp_match, prio;
    const uint64_t elig = s->elig;

    k->choice = k->why = 0;
    k->wpass = k->flush = 0;
    if (in->rst_i & 1) {
        k->sigq = 0;
        k->req_ready = k->enq = k->drain = k->bypass = k->take = 0;
        return;
    }

    sig_full = c->Sig == MRPB_SIG_WARP    ? (unsigned)(in->req_warp_i & 0x3f)
               : c->Sig == MRPB_SIG_BLOCK ? (unsigned)(in->req_block_i & 0x7)
                                          : (unsigned)(in->req_inblk_i & 0x1f);
    rq = (in->req_valid_i & 1) && sig_full < c->NumQ; /* out-of-range: never taken */
    k->sigq = rq ? sig_full : 0;
    is_wr = rq && (in->req_write_i & 1);
    tgt_empty = s->len[k->sigq] == 0;
    tgt_full = s->len[k->sigq] == c->Depth;

    /* outbound register: taken by the cache, or by the bypass path on a refused read */
    byp_match = c->Bypass == MRPB_BYP_ALL     ? (in->cache_stall_i & 7) != MRPB_STALL_OTHER
                : c->Bypass == MRPB_BYP_ASSOC ? (in->cache_stall_i & 7) == MRPB_STALL_ASSOC
                                              : 0;
    k->bypass = s->obuf_valid && !s->obuf.write && !(in->cache_accept_i & 1) &&
                (in->byp_ready_i & 1) && byp_match;
    k->take = s->obuf_valid && ((in->cache_accept_i & 1) || k->bypass);
    load_ok = !s->obuf_valid || k->take;

    /* producer handshake */
    if (c->Flush) {
        k->wpass = is_wr && tgt_empty && load_ok;
        k->flush = is_wr && !tgt_empty;
        k->req_ready = is_wr ? k->wpass : (rq && !tgt_full);
    } else {
        k->req_ready = rq && !tgt_full;
    }
    k->enq = k->req_ready && !k->wpass;

    /* drain selector */
    prio = c->Flush && (k->flush || (rq && !is_wr && tgt_full)) && s->vis[k->sigq] != 0;
    if (prio) {
        k->choice = k->sigq;
        k->why = k->flush ? MRPB_WHY_FLUSH : MRPB_WHY_FULL;
    } else if (c->Greedy && s->last_valid && s->vis[s->last_q] != 0) {
        k->choice = s->last_q;
        k->why = MRPB_WHY_GREEDY;
    } else if (elig) {
        k->choice = mrpb_policy(s, elig);
        k->why = MRPB_WHY_POLICY;
    }
    k->drain = load_ok && !k->wpass && elig != 0;
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
    const unsigned stages = c->Latency - 2;
    mrpb_comb k;
    unsigned i;

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
        s->elig = 0;
        memset(s->qlen_words, 0, sizeof s->qlen_words);
        return;
    }

    mrpb_comb_eval(s, in, &k);

    /* outbound register: a drained head or a passing write replaces a taken request */
    if (k.drain) {
        unsigned q = k.choice;
        s->obuf = s->mem[q * MRPB_MAX_DEPTH + s->head[q]];
        s->obuf_valid = 1;
        s->head[q] = mrpb_ptr_inc(c, s->head[q]);
        mrpb_set_len(s, q, s->len[q] - 1u);
        mrpb_set_vis(s, q, s->vis[q] - 1u);
        s->last_q = (uint8_t)q;
        s->last_valid = 1;
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

    /* enqueue (split cycle: the slot written is never the slot read this cycle) */
    if (k.enq) {
        unsigned q = k.sigq;
        mrpb_req_from_in(c, in, &s->mem[q * MRPB_MAX_DEPTH + s->tail[q]]);
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

/* ---------------------------------------------------------------- block kind */

static int mrpb_ports(const void *cfgv, blk_port *out, int max)
{
    const mrpb_cfg *P = cfgv;
    int n = 0;
#define MRPB_DESC(dir, st, name, width, words, group, desc)                           \
    if (n < max) {                                                                    \
        blk_port d = {#name, dir, (unsigned)(width), offsetof(st, name), words, #group, \
                      desc};                                                          \
        out[n++] = d;                                                                 \
    }
#define MRPB_DESC_IN(name, width, words, group, desc) \
    MRPB_DESC(BLK_IN, mrpb_in, name, width, words, group, desc)
#define MRPB_DESC_OUT(name, width, words, group, desc) \
    MRPB_DESC(BLK_OUT, mrpb_out, name, width, words, group, desc)
#define MRPB_DESC_N(dir, name, width, group, desc) MRPB_DESC_##dir(name, width, 0, group, desc)
#define MRPB_DESC_W(dir, name, width, words, group, desc) \
    MRPB_DESC_##dir(name, width, words, group, desc)
    MRPB_PORTS(MRPB_DESC_N, MRPB_DESC_W)
#undef MRPB_DESC
#undef MRPB_DESC_IN
#undef MRPB_DESC_OUT
#undef MRPB_DESC_N
#undef MRPB_DESC_W
    return n;
}

static int kind_preset(void *cfg, const char *name) { return mrpb_cfg_preset(cfg, name); }
static void kind_default(void *cfg) { mrpb_cfg_default(cfg); }
static int kind_set(void *cfg, const char *k, const char *v, char *e, size_t n)
{
    return mrpb_cfg_set(cfg, k, v, e, n);
}
static int kind_validate(const void *cfg, char *e, size_t n) { return mrpb_cfg_validate(cfg, e, n); }
static void kind_format(const void *cfg, char *b, size_t n) { mrpb_cfg_format(cfg, b, n); }
static void kind_init(void *s, const void *cfg) { mrpb_init(s, cfg); }
static void kind_eval(const void *s, const void *in, void *out) { mrpb_eval(s, in, out); }
static void kind_tick(void *s, const void *in) { mrpb_tick(s, in); }

const blk_kind mrpb_kind = {
    "mrpb",         sizeof(mrpb_cfg), sizeof(mrpb_in), sizeof(mrpb_out), sizeof(mrpb_state),
    kind_default,   kind_preset,      kind_set,        kind_validate,    kind_format,
    mrpb_cfg_tag,   mrpb_cfg_params,  mrpb_ports,      kind_init,        kind_eval,
    kind_tick,
};
