/*
 * dl1d.c: C model of rtl/dl1d/dl1d.v, register for register (see dl1d.h).
 *
 * One event a cycle. dl1d_decide is the RTL's combinational decision (tag lookup, LFU
 * tag victim, RC + 1 against the threshold, free line or LRU data victim and its
 * owning tag entry); dl1d_tick commits it at the clock edge, with the dynamic aging of
 * the set's other tag entries and the dueling unit's counters.
 */
#include "dl1d.h"

#include <stdio.h>
#include <string.h>

static unsigned set_of(const dl1d_cfg *P, uint64_t set_i) { return (unsigned)(set_i & (P->Sets - 1u)); }
static unsigned rc_max(const dl1d_cfg *P) { return (unsigned)bits_mask(P->RcBits); }
static unsigned op_of(const dl1d_cfg *P, const dl1d_in *in) { return (unsigned)(in->op_i & bits_mask(dl1d_w_op_i(P))); }

static void reset(dl1d_state *s)
{
    const dl1d_cfg *P = &s->cfg;
    dl1d_cfg keep = *P;
    memset(s, 0, sizeof *s);
    s->cfg = keep;
    for (unsigned i = 0; i < keep.Sets * keep.DataWays; i++) s->lru[i] = (uint8_t)(i % keep.DataWays);
    for (unsigned i = 0; i < keep.Sets; i++) s->freec[i] = (uint8_t)keep.DataWays;
}

void dl1d_init(dl1d_state *s, const dl1d_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    reset(s);
}

int dl1d_duel_worse(uint32_t acc_a, uint32_t miss_a, uint32_t acc_b, uint32_t miss_b, unsigned pct)
{
    uint64_t lhs = 100ull * miss_a * acc_b;
    uint64_t rhs = 100ull * miss_b * acc_a + (uint64_t)pct * acc_a * acc_b;
    return lhs > rhs;
}

void dl1d_decide(const dl1d_state *s, const dl1d_in *in, dl1d_dec *d)
{
    const dl1d_cfg *P = &s->cfg;
    const unsigned set = set_of(P, in->set_i), T = P->TagWays, D = P->DataWays;
    const unsigned tb = set * T, db = set * D;
    const uint64_t tag = in->tag_i & bits_mask(P->TagBits);
    const unsigned op = op_of(P, in);
    int hit = -1;
    memset(d, 0, sizeof *d);
    d->owner = -1;
    d->free = s->freec[set];
    if (in->rst_i & 1) return;
    for (unsigned t = 0; t < T && hit < 0; t++)
        if (s->tval[tb + t] && s->ttag[tb + t] == tag) hit = (int)t;
    if (hit >= 0) {
        d->thit = 1;
        d->tway = (unsigned)hit;
    }
    if (op == DL1D_OP_WRITE || op == DL1D_OP_FILL) {
        if (hit >= 0 && s->pval[tb + (unsigned)hit]) {
            d->way = s->pos[tb + (unsigned)hit];
            if (op == DL1D_OP_WRITE && !s->dpend[db + d->way]) { /* write-evict of a filled line */
                d->res = DL1D_RES_WEVICT;
                d->owner = hit;
                d->age = 1;
            }
        }
        return;
    }
    if (op != DL1D_OP_READ && op != DL1D_OP_PREFETCH) return;
    if (hit >= 0 && s->pval[tb + (unsigned)hit]) { /* committed entry: hit or hit-pending */
        d->way = s->pos[tb + (unsigned)hit];
        d->res = s->dpend[db + d->way] ? DL1D_RES_PEND : DL1D_RES_HIT;
        return;
    }
    const int force = op == DL1D_OP_PREFETCH || (in->base_i & 1) || P->Threshold == 0;
    int want;
    if (hit >= 0) {
        unsigned rc = s->rc[tb + (unsigned)hit];
        unsigned rcn = rc < rc_max(P) ? rc + 1 : rc;
        want = force || rcn >= P->Threshold;
    } else { /* tag miss: LFU victim among the entries without a data line */
        int v = -1;
        for (unsigned t = 0; t < T && v < 0; t++)
            if (!s->tval[tb + t]) v = (int)t;
        if (v < 0)
            for (unsigned t = 0; t < T; t++)
                if (!s->pval[tb + t] && (v < 0 || s->rc[tb + t] < s->rc[tb + (unsigned)v])) v = (int)t;
        d->tway = (unsigned)v; /* DataWays < TagWays: an entry without a data line exists */
        d->tevict = s->tval[tb + (unsigned)v];
        want = force;
    }
    if (!want) {
        d->res = hit >= 0 ? DL1D_RES_BYP_COLD : DL1D_RES_BYP_TAGMISS;
        return;
    }
    /* a data line: the lowest free one, else the least recently used filled one */
    int w = -1;
    for (unsigned x = 0; x < D && w < 0; x++)
        if (!s->dval[db + x]) w = (int)x;
    if (w < 0)
        for (unsigned x = 0; x < D; x++)
            if (!s->dpend[db + x] && (w < 0 || s->lru[db + x] > s->lru[db + (unsigned)w])) w = (int)x;
    if (w < 0) {
        d->res = DL1D_RES_BYP_NOLINE;
        return;
    }
    d->res = DL1D_RES_ALLOC;
    d->alloc = 1;
    d->age = 1;
    d->way = (unsigned)w;
    d->devict = s->dval[db + (unsigned)w];
    if (d->devict)
        for (unsigned t = 0; t < T; t++)
            if (s->pval[tb + t] && s->pos[tb + t] == (unsigned)w) d->owner = (int)t;
}

void dl1d_eval(const dl1d_state *s, const dl1d_in *in, dl1d_out *out)
{
    dl1d_dec d;
    dl1d_decide(s, in, &d);
    out->res_o = d.res;
    out->thit_o = (uint64_t)d.thit;
    out->tway_o = d.tway;
    out->tevict_o = (uint64_t)d.tevict;
    out->way_o = d.way;
    out->devict_o = (uint64_t)d.devict;
    out->free_o = d.free;
    out->duel_base_o = s->cfg.Duel ? s->dbase : 0;
}

static void touch(dl1d_state *s, unsigned db, unsigned w)
{
    const unsigned D = s->cfg.DataWays, r = s->lru[db + w];
    for (unsigned x = 0; x < D; x++)
        if (s->lru[db + x] < r) s->lru[db + x]++;
    s->lru[db + w] = 0;
}

static uint32_t sat_add(uint32_t a, uint64_t b, uint32_t max) { return a + b > max ? max : (uint32_t)(a + b); }

static void duel_tick(dl1d_state *s, const dl1d_in *in, const dl1d_dec *d)
{
    const dl1d_cfg *P = &s->cfg;
    const uint32_t cmax = (uint32_t)bits_mask(DL1D_CW);
    const uint32_t ymax = (uint32_t)bits_mask(dl1d_w_elapsed_i(P)); /* dcyc_q: elapsed_i's width */
    const uint64_t pm = bits_mask(dl1d_w_peer_acc_i(P));            /* = peer_miss_i's */
    const unsigned acc = op_of(P, in) == DL1D_OP_READ;
    const unsigned miss = acc && d->res != DL1D_RES_HIT && d->res != DL1D_RES_PEND;
    const uint32_t cyc = sat_add(s->dcyc, in->elapsed_i & ymax, ymax);
    if (cyc >= s->cfg.Interval) { /* interval end: decide, then start the next one with this event */
        if (s->acc_a && s->acc_b)
            s->dbase = (uint8_t)dl1d_duel_worse(s->acc_a, s->miss_a, s->acc_b, s->miss_b, s->cfg.DuelPct);
        s->dcyc = 0;
        s->acc_a = acc;
        s->miss_a = miss;
        s->acc_b = sat_add(0, in->peer_acc_i & pm, cmax);
        s->miss_b = sat_add(0, in->peer_miss_i & pm, cmax);
    } else {
        s->dcyc = cyc;
        s->acc_a = sat_add(s->acc_a, acc, cmax);
        s->miss_a = sat_add(s->miss_a, miss, cmax);
        s->acc_b = sat_add(s->acc_b, in->peer_acc_i & pm, cmax);
        s->miss_b = sat_add(s->miss_b, in->peer_miss_i & pm, cmax);
    }
}

void dl1d_tick(dl1d_state *s, const dl1d_in *in)
{
    const dl1d_cfg *P = &s->cfg;
    const unsigned set = set_of(P, in->set_i), T = P->TagWays, D = P->DataWays;
    const unsigned tb = set * T, db = set * D, op = op_of(P, in);
    dl1d_dec d;
    if (in->rst_i & 1) {
        reset(s);
        return;
    }
    dl1d_decide(s, in, &d);
    if (P->Duel) duel_tick(s, in, &d);
    if (op == DL1D_OP_FLUSH) { /* kernel boundary: the filled lines go, pending ones stay */
        for (unsigned st = 0; st < P->Sets; st++) {
            unsigned f = 0;
            for (unsigned t = 0; t < T; t++) {
                unsigned e = st * T + t;
                if (s->pval[e] && !s->dpend[st * D + s->pos[e]]) s->pval[e] = 0;
            }
            for (unsigned x = 0; x < D; x++) {
                if (s->dval[st * D + x] && !s->dpend[st * D + x]) s->dval[st * D + x] = 0;
                f += !s->dval[st * D + x];
            }
            s->freec[st] = (uint8_t)f;
        }
        return;
    }
    if (op == DL1D_OP_FILL) {
        if (d.thit && s->pval[tb + d.tway]) s->dpend[db + d.way] = 0;
        return;
    }
    if (d.res == DL1D_RES_WEVICT) {
        s->dval[db + d.way] = 0;
        s->pval[tb + d.tway] = 0;
        s->freec[set]++;
    } else if (op == DL1D_OP_READ || op == DL1D_OP_PREFETCH) {
        unsigned e = tb + d.tway;
        if (d.res == DL1D_RES_HIT || d.res == DL1D_RES_PEND) {
            if (op == DL1D_OP_READ) touch(s, db, d.way);
            return;
        }
        if (d.thit) {
            if (s->rc[e] < rc_max(P)) s->rc[e]++;
        } else { /* new tag entry: RC 1 counts this first reference (D3) */
            s->tval[e] = 1;
            s->ttag[e] = in->tag_i & bits_mask(P->TagBits);
            s->rc[e] = 1;
            s->pval[e] = 0;
        }
        if (d.alloc) {
            if (d.devict) {
                s->pval[tb + (unsigned)d.owner] = 0;
                s->rc[tb + (unsigned)d.owner] = 0;
            } else {
                s->freec[set]--;
            }
            s->pval[e] = 1;
            s->pos[e] = (uint8_t)d.way;
            s->dval[db + d.way] = 1;
            s->dpend[db + d.way] = 1;
            touch(s, db, d.way);
        }
    }
    if (d.age) /* dynamic aging: the set's other entries, RC - 1 saturating at 0 */
        for (unsigned t = 0; t < T; t++)
            if (t != d.tway && (int)t != d.owner && s->rc[tb + t]) s->rc[tb + t]--;
}

static void probe_fill(const void *sv, void *pv)
{
    const dl1d_state *s = sv;
    const dl1d_cfg *P = &s->cfg;
    dl1d_probe *p = pv;
    for (unsigned e = 0; e < P->Sets * P->TagWays; e++) {
        p->tval[e] = s->tval[e];
        p->ttag[e] = s->ttag[e];
        p->rc[e] = s->rc[e];
        p->pval[e] = s->pval[e];
        p->pos[e] = s->pos[e];
    }
    for (unsigned l = 0; l < P->Sets * P->DataWays; l++) {
        p->dval[l] = s->dval[l];
        p->dpend[l] = s->dpend[l];
        p->lru[l] = s->lru[l];
    }
    for (unsigned st = 0; st < P->Sets; st++) p->freec[st] = s->freec[st];
    p->dcyc[0] = s->dcyc;
    p->acc_a[0] = s->acc_a;
    p->miss_a[0] = s->miss_a;
    p->acc_b[0] = s->acc_b;
    p->miss_b[0] = s->miss_b;
    p->dbase[0] = s->dbase;
}

static int dl1d_cfg_check(const void *cfgv, char *err, size_t n)
{
    const dl1d_cfg *P = cfgv;
    if (P->Sets & (P->Sets - 1)) {
        snprintf(err, n, "dl1d: Sets=%u is not a power of two", P->Sets);
        return 1;
    }
    if (P->DataWays >= P->TagWays) {
        snprintf(err, n, "dl1d: DataWays=%u must be fewer than TagWays=%u", P->DataWays, P->TagWays);
        return 1;
    }
    if (P->Threshold > rc_max(P)) {
        snprintf(err, n, "dl1d: Threshold=%u does not fit RcBits=%u (at most %u)", P->Threshold, P->RcBits,
                 rc_max(P));
        return 1;
    }
    return 0;
}

#define BLK_T_CFG dl1d_cfg
#define BLK_T_IN dl1d_in
#define BLK_T_OUT dl1d_out
#define BLK_T_PROBE dl1d_probe
static const blk_param dl1d_params[] = {DL1D_PARAMS(BLK_PARAM_ROW)};
BLK_PORT_FUNCS(dl1d, DL1D_PORTS, DL1D_PROBES, DL1D_WAVES)
static const char *const dl1d_groups[] = DL1D_GROUPS;
/* the seed's final design first (Table 4.3); small ones for fast, dense lockstep */
static const char *const dl1d_presets[] = {"final",  "",
                                           "small",  "Sets=4,TagWays=4,DataWays=2,RcBits=3,Interval=40",
                                           "tiny",   "Sets=1,TagWays=3,DataWays=2,RcBits=2,Threshold=3,Interval=8",
                                           "noduel", "Duel=off",
                                           NULL};

/* Functional coverage (blk.h): the policy branches and corner states lockstep must reach. */
static const char *const dl1d_cover_names[] = {
    "read_hit",         /* a read or prefetch hits a filled line */
    "hit_pending",      /* it hits a line still waiting for its fill */
    "alloc_free",       /* a data line allocated from the free lines */
    "alloc_evict",      /* no free line: the LRU filled line is evicted */
    "alloc_threshold",  /* decoupled mode: RC + 1 reaches the threshold and allocates */
    "alloc_forced",     /* an allocation the threshold alone would refuse (baseline, prefetch, Threshold 0) */
    "byp_tag_miss",     /* a tag miss bypasses (new tag entry, no line) */
    "byp_below_thr",    /* a tag hit without a line, RC below the threshold: bypass */
    "byp_no_line",      /* a line is wanted but every line of the set is pending */
    "write_evict",      /* a write evicts its filled line */
    "write_pending",    /* a write to a pending line leaves it alone */
    "tag_evict",        /* a tag miss replaces a valid entry (LFU victim) */
    "lfu_tie",          /* the LFU victim ties in RC with another candidate (lowest way wins) */
    "rc_at_max",        /* a bypassed tag hit finds its RC saturated at the maximum */
    "aging_dec",        /* dynamic aging decrements another entry's RC */
    "aging_floor",      /* dynamic aging meets a valid entry already at RC 0 */
    "duel_to_base",     /* an interval end switches the followers to the baseline */
    "duel_to_decoupled", /* an interval end switches them back to the decoupled design */
    "duel_no_decision", /* an interval ends with no reads on one side: the decision holds */
    "flush_keeps_pend", /* a flush while a line waits for its fill (it stays) */
    "fill_stale",       /* a fill that finds no pending line of its tag */
    "reset_busy",       /* reset while a line waits for its fill */
    NULL,
};

static uint64_t kind_cover(const void *sv, const void *iv, const void *ov)
{
    const dl1d_state *s = sv;
    const dl1d_in *in = iv;
    const dl1d_out *out = ov;
    const dl1d_cfg *P = &s->cfg;
    const unsigned set = set_of(P, in->set_i), T = P->TagWays, D = P->DataWays;
    const unsigned tb = set * T, db = set * D, op = op_of(P, in);
    dl1d_dec d;
    uint64_t m = 0;
    unsigned t, pend = 0;
    int force;

    for (t = 0; t < P->Sets * D; t++) pend |= s->dpend[t];
    if (in->rst_i & 1) return pend ? (uint64_t)1 << 21 : 0;
    dl1d_decide(s, in, &d);
    force = op == DL1D_OP_PREFETCH || (in->base_i & 1) || P->Threshold == 0;
    if (d.res == DL1D_RES_HIT) m |= 1u << 0;
    if (d.res == DL1D_RES_PEND) m |= 1u << 1;
    if (d.alloc && !d.devict) m |= 1u << 2;
    if (d.alloc && d.devict) m |= 1u << 3;
    if (d.alloc && !force) m |= 1u << 4;
    if (d.alloc && force && (!d.thit || s->rc[tb + d.tway] + 1u < P->Threshold)) m |= 1u << 5;
    if (d.res == DL1D_RES_BYP_TAGMISS) m |= 1u << 6;
    if (d.res == DL1D_RES_BYP_COLD) m |= 1u << 7;
    if (d.res == DL1D_RES_BYP_NOLINE) m |= 1u << 8;
    if (d.res == DL1D_RES_WEVICT) m |= 1u << 9;
    if (op == DL1D_OP_WRITE && d.thit && s->pval[tb + d.tway] && d.res != DL1D_RES_WEVICT) m |= 1u << 10;
    if (d.tevict) m |= 1u << 11;
    if (d.tevict)
        for (t = 0; t < T; t++)
            if (t != d.tway && !s->pval[tb + t] && s->rc[tb + t] == s->rc[tb + d.tway]) m |= 1u << 12;
    if ((d.res == DL1D_RES_BYP_COLD || d.res == DL1D_RES_BYP_NOLINE) && d.thit &&
        s->rc[tb + d.tway] == rc_max(P))
        m |= 1u << 13;
    if (d.age)
        for (t = 0; t < T; t++) {
            if (t == d.tway || (int)t == d.owner || !s->tval[tb + t]) continue;
            m |= s->rc[tb + t] ? 1u << 14 : 1u << 15;
        }
    if (P->Duel && (uint64_t)s->dcyc + (in->elapsed_i & bits_mask(dl1d_w_elapsed_i(P))) >= P->Interval) {
        if (s->acc_a && s->acc_b) {
            int w = dl1d_duel_worse(s->acc_a, s->miss_a, s->acc_b, s->miss_b, P->DuelPct);
            if (w && !s->dbase) m |= 1u << 16;
            if (!w && s->dbase) m |= 1u << 17;
        } else {
            m |= 1u << 18;
        }
    }
    if (op == DL1D_OP_FLUSH && pend) m |= 1u << 19;
    if (op == DL1D_OP_FILL && !(d.thit && s->pval[tb + d.tway] && s->dpend[db + d.way])) m |= 1u << 20;
    (void)out;
    return m;
}

static void kind_init(void *s, const void *cfg) { dl1d_init(s, cfg); }
static void kind_eval(const void *s, const void *in, void *out) { dl1d_eval(s, in, out); }
static void kind_tick(void *s, const void *in) { dl1d_tick(s, in); }

const blk_kind dl1d_kind = {
    "dl1d",
    sizeof(dl1d_cfg),
    sizeof(dl1d_in),
    sizeof(dl1d_out),
    sizeof(dl1d_state),
    sizeof(dl1d_probe),
    dl1d_params,
    (int)(sizeof dl1d_params / sizeof dl1d_params[0]),
    dl1d_presets,
    NULL,
    dl1d_cfg_check,
    dl1d_ports,
    dl1d_probes,
    dl1d_waves,
    dl1d_groups,
    kind_init,
    kind_eval,
    kind_tick,
    probe_fill,
    dl1d_cover_names,
    kind_cover,
};
