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

/* the decision's view of one block cycle: the event and its set's row. Pipe=0: the
 * ports and the stores; Pipe=1: stage B's registers (the event of the previous clock) */
typedef struct view {
    unsigned op, set, base, rst;
    uint64_t tag;
    dl1d_row r;
} view;

static void read_row(const dl1d_state *s, unsigned set, uint64_t tag, dl1d_row *r)
{
    const dl1d_cfg *P = &s->cfg;
    const unsigned T = P->TagWays, D = P->DataWays, tb = set * T, db = set * D;
    memset(r, 0, sizeof *r);
    for (unsigned t = 0; t < T; t++) {
        r->tval[t] = s->tval[tb + t];
        r->pval[t] = s->pval[tb + t];
        r->rc[t] = s->rc[tb + t];
        r->pos[t] = s->pos[tb + t];
        r->match[t] = (uint8_t)(s->tval[tb + t] && s->ttag[tb + t] == tag);
    }
    for (unsigned x = 0; x < D; x++) {
        r->dval[x] = s->dval[db + x];
        r->dpend[x] = s->dpend[db + x];
        r->lru[x] = s->lru[db + x];
    }
    r->free = s->freec[set];
}

static void view_of(const dl1d_state *s, const dl1d_in *in, view *v)
{
    const dl1d_cfg *P = &s->cfg;
    v->rst = (unsigned)(in->rst_i & 1);
    if (P->Pipe) {
        v->op = s->ev_op;
        v->set = s->ev_set;
        v->tag = s->ev_tag;
        v->base = s->ev_base;
        v->r = s->r;
        return;
    }
    v->op = op_of(P, in);
    v->set = set_of(P, in->set_i);
    v->tag = in->tag_i & bits_mask(P->TagBits);
    v->base = (unsigned)(in->base_i & 1);
    read_row(s, v->set, v->tag, &v->r);
}

static void decide_view(const dl1d_cfg *P, const view *v, dl1d_dec *d)
{
    const unsigned T = P->TagWays, D = P->DataWays, op = v->op;
    const dl1d_row *r = &v->r;
    int hit = -1;
    memset(d, 0, sizeof *d);
    d->owner = -1;
    d->free = r->free;
    if (v->rst) return;
    for (unsigned t = 0; t < T && hit < 0; t++)
        if (r->match[t]) hit = (int)t;
    if (hit >= 0) {
        d->thit = 1;
        d->tway = (unsigned)hit;
    }
    if (op == DL1D_OP_WRITE || op == DL1D_OP_FILL) {
        if (hit >= 0 && r->pval[hit]) {
            d->way = r->pos[hit];
            if (op == DL1D_OP_WRITE && !r->dpend[d->way]) { /* write-evict of a filled line */
                d->res = DL1D_RES_WEVICT;
                d->owner = hit;
                d->age = 1;
            }
        }
        return;
    }
    if (op != DL1D_OP_READ && op != DL1D_OP_PREFETCH) return;
    if (hit >= 0 && r->pval[hit]) { /* committed entry: hit or hit-pending */
        d->way = r->pos[hit];
        d->res = r->dpend[d->way] ? DL1D_RES_PEND : DL1D_RES_HIT;
        return;
    }
    const int force = op == DL1D_OP_PREFETCH || v->base || P->Threshold == 0;
    int want;
    if (hit >= 0) {
        unsigned rc = r->rc[hit];
        unsigned rcn = rc < rc_max(P) ? rc + 1 : rc;
        want = force || rcn >= P->Threshold;
    } else { /* tag miss: LFU victim among the entries without a data line */
        int w = -1;
        for (unsigned t = 0; t < T && w < 0; t++)
            if (!r->tval[t]) w = (int)t;
        if (w < 0)
            for (unsigned t = 0; t < T; t++)
                if (!r->pval[t] && (w < 0 || r->rc[t] < r->rc[w])) w = (int)t;
        d->tway = (unsigned)w; /* DataWays < TagWays: an entry without a data line exists */
        d->tevict = r->tval[w];
        want = force;
    }
    if (!want) {
        d->res = hit >= 0 ? DL1D_RES_BYP_COLD : DL1D_RES_BYP_TAGMISS;
        return;
    }
    /* a data line: the lowest free one, else the least recently used filled one */
    int w = -1;
    for (unsigned x = 0; x < D && w < 0; x++)
        if (!r->dval[x]) w = (int)x;
    if (w < 0)
        for (unsigned x = 0; x < D; x++)
            if (!r->dpend[x] && (w < 0 || r->lru[x] > r->lru[w])) w = (int)x;
    if (w < 0) {
        d->res = DL1D_RES_BYP_NOLINE;
        return;
    }
    d->res = DL1D_RES_ALLOC;
    d->alloc = 1;
    d->age = 1;
    d->way = (unsigned)w;
    d->devict = r->dval[w];
    if (d->devict)
        for (unsigned t = 0; t < T; t++)
            if (r->pval[t] && r->pos[t] == (unsigned)w) d->owner = (int)t;
}

void dl1d_decide(const dl1d_state *s, const dl1d_in *in, dl1d_dec *d)
{
    view v;
    view_of(s, in, &v);
    decide_view(&s->cfg, &v, d);
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

static uint32_t sat_add(uint32_t a, uint64_t b, uint32_t max) { return a + b > max ? max : (uint32_t)(a + b); }

/* the dueling unit's counters for one block cycle: the event's read and miss, its
 * elapsed cycles and the leader's counts (Pipe=0: the ports; Pipe=1: stage B's event) */
static void duel_tick(dl1d_state *s, unsigned op, uint64_t elapsed, uint64_t pacc, uint64_t pmiss, const dl1d_dec *d)
{
    const dl1d_cfg *P = &s->cfg;
    const uint32_t cmax = (uint32_t)bits_mask(DL1D_CW);
    const uint32_t ymax = (uint32_t)bits_mask(dl1d_w_elapsed_i(P)); /* dcyc_q: elapsed_i's width */
    const uint64_t pm = bits_mask(dl1d_w_peer_acc_i(P));            /* = peer_miss_i's */
    const unsigned acc = op == DL1D_OP_READ;
    const unsigned miss = acc && d->res != DL1D_RES_HIT && d->res != DL1D_RES_PEND;
    const uint32_t cyc = sat_add(s->dcyc, elapsed & ymax, ymax);
    const int ends = cyc >= s->cfg.Interval, have = s->acc_a && s->acc_b;
    if (P->Pipe) { /* the comparison pipeline advances; its last stage sets the decision */
        const unsigned L = DL1D_NDS - 1;
        const uint64_t pw = bits_mask(DL1D_PW);
        if (s->cv[L]) s->dbase = (uint8_t)(s->cl[L] > s->cr[L]);
        for (unsigned i = L; i >= 3; i--) { /* stage i adds multiplier bit k = i - 3 */
            const unsigned k = i - 3;
            s->cv[i] = s->cv[i - 1];
            s->caa[i] = s->caa[i - 1];
            s->cab[i] = s->cab[i - 1];
            s->cx[i] = s->cx[i - 1];
            s->cy[i] = s->cy[i - 1];
            s->cl[i] = (s->cl[i - 1] + ((s->cab[i - 1] >> k & 1) ? s->cx[i - 1] << k : 0)) & pw;
            s->cr[i] = (s->cr[i - 1] + ((s->caa[i - 1] >> k & 1) ? s->cy[i - 1] << k : 0)) & pw;
        }
        s->cv[2] = s->cv[1];
        s->caa[2] = s->caa[1];
        s->cab[2] = s->cab[1];
        s->cx[2] = s->cx[1];
        s->cy[2] = s->cy[1] + s->cq; /* 100 * miss_b + DuelPct * acc_b */
        s->cl[2] = s->cr[2] = 0;
        s->cv[1] = s->cv[0];
        s->caa[1] = s->caa[0];
        s->cab[1] = s->cab[0];
        s->cx[1] = 100u * s->cma; /* 100 * miss_a */
        s->cy[1] = 100u * s->cmb;
        s->cq = P->DuelPct * s->cab[0];
        s->cv[0] = (uint8_t)(ends && have); /* the snapshot: the counts before this cycle */
        s->caa[0] = s->acc_a;
        s->cab[0] = s->acc_b;
        s->cma = s->miss_a;
        s->cmb = s->miss_b;
    } else if (ends && have) {
        s->dbase = (uint8_t)dl1d_duel_worse(s->acc_a, s->miss_a, s->acc_b, s->miss_b, s->cfg.DuelPct);
    }
    if (ends) { /* interval end: start the next one with this event */
        s->dcyc = 0;
        s->acc_a = acc;
        s->miss_a = miss;
        s->acc_b = sat_add(0, pacc & pm, cmax);
        s->miss_b = sat_add(0, pmiss & pm, cmax);
    } else {
        s->dcyc = cyc;
        s->acc_a = sat_add(s->acc_a, acc, cmax);
        s->miss_a = sat_add(s->miss_a, miss, cmax);
        s->acc_b = sat_add(s->acc_b, pacc & pm, cmax);
        s->miss_b = sat_add(s->miss_b, pmiss & pm, cmax);
    }
}

/* the set's row after the event (the RTL's b_next): aging, the RC and the new tag
 * entry, the allocation and its demoted owner, the write eviction, the fill, the LRU */
static void next_row(const dl1d_cfg *P, const view *v, const dl1d_dec *d, dl1d_row *n)
{
    const unsigned T = P->TagWays, D = P->DataWays, op = v->op;
    const dl1d_row *r = &v->r;
    const int is_rd = op == DL1D_OP_READ || op == DL1D_OP_PREFETCH;
    const int committed = d->thit && r->pval[d->tway];
    *n = *r;
    if (d->age) /* dynamic aging: the set's other entries, RC - 1 saturating at 0 */
        for (unsigned t = 0; t < T; t++)
            if (t != d->tway && !(d->alloc && d->devict && (int)t == d->owner) && r->rc[t]) n->rc[t] = r->rc[t] - 1u;
    if (is_rd && !committed && d->res != DL1D_RES_NONE) {
        if (d->thit) {
            n->rc[d->tway] = r->rc[d->tway] < rc_max(P) ? r->rc[d->tway] + 1u : r->rc[d->tway];
        } else { /* new tag entry: RC 1 counts this first reference (D3) */
            n->tval[d->tway] = 1;
            n->rc[d->tway] = 1;
            n->pval[d->tway] = 0;
        }
        if (d->alloc) {
            if (d->devict) {
                n->pval[d->owner] = 0;
                n->rc[d->owner] = 0;
            } else {
                n->free = (uint8_t)(r->free - 1u);
            }
            n->pval[d->tway] = 1;
            n->pos[d->tway] = (uint8_t)d->way;
            n->dval[d->way] = 1;
            n->dpend[d->way] = 1;
        }
    }
    if (d->res == DL1D_RES_WEVICT) {
        n->dval[d->way] = 0;
        n->pval[d->tway] = 0;
        n->free = (uint8_t)(r->free + 1u);
    }
    if (op == DL1D_OP_FILL && committed) n->dpend[d->way] = 0;
    if ((op == DL1D_OP_READ && (d->res == DL1D_RES_HIT || d->res == DL1D_RES_PEND)) || d->alloc) {
        const unsigned rank = r->lru[d->way];
        for (unsigned x = 0; x < D; x++)
            if (x == d->way) n->lru[x] = 0;
            else if (r->lru[x] < rank) n->lru[x] = (uint8_t)(r->lru[x] + 1u);
    }
}

/* a new tag entry is written at d->tway with the event's tag */
static int new_entry(const view *v, const dl1d_dec *d)
{
    const int is_rd = v->op == DL1D_OP_READ || v->op == DL1D_OP_PREFETCH;
    return is_rd && !d->thit && d->res != DL1D_RES_NONE;
}

static void write_row(dl1d_state *s, const view *v, const dl1d_dec *d, const dl1d_row *n)
{
    const dl1d_cfg *P = &s->cfg;
    const unsigned T = P->TagWays, D = P->DataWays, tb = v->set * T, db = v->set * D;
    for (unsigned t = 0; t < T; t++) {
        s->tval[tb + t] = n->tval[t];
        s->pval[tb + t] = n->pval[t];
        s->rc[tb + t] = n->rc[t];
        s->pos[tb + t] = n->pos[t];
    }
    if (new_entry(v, d)) s->ttag[tb + d->tway] = v->tag;
    for (unsigned x = 0; x < D; x++) {
        s->dval[db + x] = n->dval[x];
        s->dpend[db + x] = n->dpend[x];
        s->lru[db + x] = n->lru[x];
    }
    s->freec[v->set] = n->free;
}

/* a flush, row-local: filled lines go, pending ones stay (for every set at once in the
 * stores; for one read-out row in Pipe=1's forwarding) */
static void flush_row(const dl1d_cfg *P, dl1d_row *r)
{
    unsigned f = 0;
    for (unsigned t = 0; t < P->TagWays; t++)
        if (r->pval[t] && !r->dpend[r->pos[t]]) r->pval[t] = 0;
    for (unsigned x = 0; x < P->DataWays; x++) {
        r->dval[x] = (uint8_t)(r->dval[x] && r->dpend[x]);
        f += !r->dpend[x];
    }
    r->free = (uint8_t)f;
}

static void flush_all(dl1d_state *s)
{
    const dl1d_cfg *P = &s->cfg;
    const unsigned T = P->TagWays, D = P->DataWays;
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
}

static int writes_set(unsigned op) { return op >= DL1D_OP_READ && op <= DL1D_OP_PREFETCH; }

void dl1d_tick(dl1d_state *s, const dl1d_in *in)
{
    const dl1d_cfg *P = &s->cfg;
    view v;
    dl1d_dec d;
    dl1d_row n, a;
    if (in->rst_i & 1) {
        reset(s);
        return;
    }
    view_of(s, in, &v);
    decide_view(P, &v, &d);
    if (P->Duel) {
        if (P->Pipe) duel_tick(s, v.op, s->ev_el, s->ev_pacc, s->ev_pmiss, &d);
        else duel_tick(s, v.op, in->elapsed_i, in->peer_acc_i, in->peer_miss_i, &d);
    }
    next_row(P, &v, &d, &n);
    if (P->Pipe) { /* stage A reads its set now, before stage B's write-back: forward it */
        const unsigned aset = set_of(P, in->set_i);
        const uint64_t atag = in->tag_i & bits_mask(P->TagBits);
        read_row(s, aset, atag, &a);
        if (v.op == DL1D_OP_FLUSH) {
            flush_row(P, &a);
        } else if (writes_set(v.op) && aset == v.set) {
            uint8_t m[DL1D_MAX_TW];
            memcpy(m, a.match, sizeof m);
            a = n;
            memcpy(a.match, m, sizeof m);
            if (new_entry(&v, &d)) a.match[d.tway] = (uint8_t)(atag == v.tag);
        }
    }
    if (v.op == DL1D_OP_FLUSH) flush_all(s); /* kernel boundary: the filled lines go, pending ones stay */
    else if (writes_set(v.op)) write_row(s, &v, &d, &n);
    if (P->Pipe) {
        s->ev_op = (uint8_t)op_of(P, in);
        s->ev_set = set_of(P, in->set_i);
        s->ev_tag = in->tag_i & bits_mask(P->TagBits);
        s->ev_base = (uint8_t)(in->base_i & 1);
        s->ev_el = (uint32_t)(in->elapsed_i & bits_mask(dl1d_w_elapsed_i(P)));
        s->ev_pacc = (uint32_t)(in->peer_acc_i & bits_mask(dl1d_w_peer_acc_i(P)));
        s->ev_pmiss = (uint32_t)(in->peer_miss_i & bits_mask(dl1d_w_peer_miss_i(P)));
        s->r = a;
    }
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
    p->ev_op[0] = s->ev_op;
    p->ev_set[0] = s->ev_set;
    p->ev_tag[0] = s->ev_tag;
    p->r_free[0] = s->r.free;
    for (unsigned t = 0; t < P->TagWays; t++) {
        p->r_match[t] = s->r.match[t];
        p->r_rc[t] = s->r.rc[t];
        p->r_pval[t] = s->r.pval[t];
    }
    for (unsigned x = 0; x < P->DataWays; x++) {
        p->r_dpend[x] = s->r.dpend[x];
        p->r_lru[x] = s->r.lru[x];
    }
    for (unsigned i = 0; i < DL1D_NDS; i++) p->cv[i] = s->cv[i];
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
                                           "pipe",   "Pipe=1",
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
    "pipe_fwd_row",     /* Pipe=1: stage A reads the set stage B writes back (the row is forwarded) */
    "pipe_fwd_new_tag", /* Pipe=1: stage A reads the tag stage B enters (a tag hit from the forwarded match) */
    "pipe_fwd_flush",   /* Pipe=1: stage A reads while stage B flushes (the flushed row is forwarded) */
    "pipe_duel_two",    /* Pipe=1: two dueling comparisons in their pipeline at once */
    NULL,
};

static uint64_t kind_cover(const void *sv, const void *iv, const void *ov)
{
    const dl1d_state *s = sv;
    const dl1d_in *in = iv;
    const dl1d_out *out = ov;
    const dl1d_cfg *P = &s->cfg;
    const unsigned T = P->TagWays, D = P->DataWays;
    view v;
    dl1d_dec d;
    uint64_t m = 0;
    unsigned t, pend = 0, op;
    int force;

    for (t = 0; t < P->Sets * D; t++) pend |= s->dpend[t];
    if (in->rst_i & 1) return pend ? (uint64_t)1 << 21 : 0;
    view_of(s, in, &v);
    decide_view(P, &v, &d);
    op = v.op;
    const dl1d_row *r = &v.r;
    force = op == DL1D_OP_PREFETCH || v.base || P->Threshold == 0;
    if (d.res == DL1D_RES_HIT) m |= 1u << 0;
    if (d.res == DL1D_RES_PEND) m |= 1u << 1;
    if (d.alloc && !d.devict) m |= 1u << 2;
    if (d.alloc && d.devict) m |= 1u << 3;
    if (d.alloc && !force) m |= 1u << 4;
    if (d.alloc && force && (!d.thit || r->rc[d.tway] + 1u < P->Threshold)) m |= 1u << 5;
    if (d.res == DL1D_RES_BYP_TAGMISS) m |= 1u << 6;
    if (d.res == DL1D_RES_BYP_COLD) m |= 1u << 7;
    if (d.res == DL1D_RES_BYP_NOLINE) m |= 1u << 8;
    if (d.res == DL1D_RES_WEVICT) m |= 1u << 9;
    if (op == DL1D_OP_WRITE && d.thit && r->pval[d.tway] && d.res != DL1D_RES_WEVICT) m |= 1u << 10;
    if (d.tevict) m |= 1u << 11;
    if (d.tevict)
        for (t = 0; t < T; t++)
            if (t != d.tway && !r->pval[t] && r->rc[t] == r->rc[d.tway]) m |= 1u << 12;
    if ((d.res == DL1D_RES_BYP_COLD || d.res == DL1D_RES_BYP_NOLINE) && d.thit && r->rc[d.tway] == rc_max(P))
        m |= 1u << 13;
    if (d.age)
        for (t = 0; t < T; t++) {
            if (t == d.tway || (int)t == d.owner || !r->tval[t]) continue;
            m |= r->rc[t] ? 1u << 14 : 1u << 15;
        }
    if (P->Duel) {
        const uint64_t el = P->Pipe ? s->ev_el : in->elapsed_i & bits_mask(dl1d_w_elapsed_i(P));
        const int ends = (uint64_t)s->dcyc + el >= P->Interval;
        if (ends && !(s->acc_a && s->acc_b)) m |= 1u << 18;
        if (P->Pipe) { /* the decision lands when the comparison leaves its pipeline */
            const unsigned L = DL1D_NDS - 1;
            unsigned n = 0;
            if (s->cv[L] && s->cl[L] > s->cr[L] && !s->dbase) m |= 1u << 16;
            if (s->cv[L] && !(s->cl[L] > s->cr[L]) && s->dbase) m |= 1u << 17;
            for (t = 0; t < DL1D_NDS; t++) n += s->cv[t];
            if (n >= 2) m |= (uint64_t)1 << 25;
        } else if (ends && s->acc_a && s->acc_b) {
            int w = dl1d_duel_worse(s->acc_a, s->miss_a, s->acc_b, s->miss_b, P->DuelPct);
            if (w && !s->dbase) m |= 1u << 16;
            if (!w && s->dbase) m |= 1u << 17;
        }
    }
    if (op == DL1D_OP_FLUSH && pend) m |= 1u << 19;
    if (op == DL1D_OP_FILL && !(d.thit && r->pval[d.tway] && r->dpend[d.way])) m |= 1u << 20;
    if (P->Pipe) { /* stage A's read against stage B's write-back */
        const unsigned aset = set_of(P, in->set_i), aop = op_of(P, in);
        const uint64_t atag = in->tag_i & bits_mask(P->TagBits);
        if (writes_set(op) && aset == v.set && aop != DL1D_OP_NONE) m |= 1u << 22;
        if (new_entry(&v, &d) && aset == v.set && atag == v.tag && (aop == DL1D_OP_READ || aop == DL1D_OP_PREFETCH))
            m |= 1u << 23;
        if (op == DL1D_OP_FLUSH && aop != DL1D_OP_NONE) m |= 1u << 24;
    }
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
