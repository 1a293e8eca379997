/*
 * selcache.c: C model of rtl/selcache/selcache.v, register for register (docs/choo.md).
 */
#include "selcache.h"

#include <stdio.h>
#include <string.h>

#include "xor_fold.h"

void selcache_init(selcache_state *s, const selcache_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
}

unsigned selcache_hash(const selcache_cfg *P, uint32_t pc)
{
    return xor_fold(pc >> P->PcShift, selcache_w_pc_i(P) - P->PcShift, P->HashW);
}

/* the inputs as the RTL sees them (every field masked to its width) */
typedef struct ev {
    unsigned op, set, way, wayv, res, present, nreq, idx, li, hpc;
} ev;

static void decode(const selcache_cfg *P, const selcache_in *in, ev *e)
{
    e->op = (unsigned)(in->op_i & bits_mask(selcache_w_op_i(P)));
    e->set = (unsigned)(in->set_i & bits_mask(selcache_sw(P)));
    e->way = (unsigned)(in->way_i & bits_mask(selcache_ww(P)));
    e->wayv = (unsigned)(in->wayv_i & 1);
    e->res = (unsigned)(in->res_i & bits_mask(selcache_w_res_i(P)));
    e->present = (unsigned)(in->present_i & bits_mask(selcache_w_present_i(P)));
    e->nreq = (unsigned)(in->nreq_i & bits_mask(selcache_cw(P)));
    e->idx = (unsigned)(in->idx_i & bits_mask(selcache_iw(P)));
    /* a set or way index past the geometry addresses no line (the RTL's as well) */
    e->li = e->set < P->Sets && e->way < P->Ways ? e->set * P->Ways + e->way : SELCACHE_MAX_L;
    e->hpc = selcache_hash(P, (uint32_t)in->pc_i);
}

static unsigned set_of(const selcache_cfg *P, const selcache_in *in, unsigned j)
{
    unsigned w = selcache_sw(P), b = j * w;
    uint64_t v = in->sets_i[b / 64] >> (b % 64);
    if (b % 64 + w > 64) v |= in->sets_i[b / 64 + 1] << (64 - b % 64);
    return (unsigned)(v & bits_mask(w));
}

void selcache_eval(const selcache_state *s, const selcache_in *in, selcache_out *out)
{
    const selcache_cfg *P = &s->cfg;
    ev e;
    decode(P, in, &e);
    unsigned same = 0, ibyp = 0, lbyp = 0, div = e.nreq > P->Ways;
    for (unsigned j = 0; j < P->Lanes; j++) {
        if (j >= e.nreq || set_of(P, in, j) != e.set) continue;
        if (P->Scheme == SELCACHE_A || (P->Scheme == SELCACHE_B ? j < e.idx : j > e.idx)) same++;
    }
    if (P->Scheme == SELCACHE_A) ibyp = div;
    else ibyp = same >= P->Ways;
    /* the locality degree checks the requests of a divergent load (seed 003 4.3.3, Figure
     * 4.4; LocScope=all: every read): the victim's counter beats the PC's average,
     * cnt > sum / n, i.e. cnt * n > sum */
    if (P->LocDeg && (P->LocScope || div) && e.res == 2 && e.wayv && e.present == 0 && e.li < SELCACHE_MAX_L &&
        s->lv[e.li]) {
        uint32_t prod = (uint32_t)s->lcnt[e.li] * s->tn[e.hpc];
        lbyp = prod > s->tsum[e.hpc];
    }
    out->div_o = div;
    out->same_o = same & bits_mask(selcache_cw(P));
    out->ibyp_o = ibyp;
    out->lbyp_o = lbyp;
    out->byp_o = e.op == SELCACHE_OP_READ && (in->canbyp_i & 1) && (ibyp || lbyp);
}

/* an eviction: the line's counter joins its PC's running sum (sum and count halve first
 * when the count is full, keeping the average) */
static void table_add(selcache_state *s, unsigned h, unsigned cnt)
{
    const selcache_cfg *P = &s->cfg;
    unsigned n = s->tn[h], sum = s->tsum[h];
    if (n == bits_mask(P->NW)) {
        n >>= 1;
        sum >>= 1;
    }
    s->tn[h] = (uint16_t)(n + 1);
    s->tsum[h] = (uint16_t)((sum + cnt) & bits_mask(P->NW + P->CntW));
}

void selcache_tick(selcache_state *s, const selcache_in *in)
{
    const selcache_cfg *P = &s->cfg;
    if (in->rst_i & 1) {
        selcache_cfg c = *P;
        selcache_init(s, &c);
        return;
    }
    if (in->flush_i & 1) {
        memset(s->lv, 0, sizeof s->lv);
        return;
    }
    ev e;
    decode(P, in, &e);
    if (e.li >= SELCACHE_MAX_L || !e.wayv) return;
    unsigned li = e.li;
    if (e.op == SELCACHE_OP_READ && e.present && e.res <= 1) { /* a hit: a re-reference */
        if (s->lv[li] && s->lcnt[li] != bits_mask(P->CntW)) s->lcnt[li]++;
    } else if ((e.op == SELCACHE_OP_READ || e.op == SELCACHE_OP_PF) && e.res == 2 && !(in->final_i & 1)) {
        if (s->lv[li]) table_add(s, s->lpc[li], s->lcnt[li]); /* the victim leaves */
        s->lv[li] = 1;
        s->lpc[li] = (uint8_t)e.hpc;
        s->lcnt[li] = 0;
    } else if (e.op == SELCACHE_OP_WRITE && e.res == 3 && e.present == 1 && s->lv[li]) {
        /* write-evict: a store the L1 takes drops its valid line; a refused store changes nothing */
        table_add(s, s->lpc[li], s->lcnt[li]);
        s->lv[li] = 0;
    }
}

static void probe_fill(const void *sv, void *pv)
{
    const selcache_state *s = sv;
    selcache_probe *p = pv;
    unsigned nl = s->cfg.Sets * s->cfg.Ways, nt = 1u << s->cfg.HashW;
    for (unsigned i = 0; i < nl; i++) {
        p->lv[i] = s->lv[i];
        p->lpc[i] = s->lpc[i];
        p->lcnt[i] = s->lcnt[i];
    }
    for (unsigned i = 0; i < nt; i++) {
        p->tsum[i] = s->tsum[i];
        p->tn[i] = s->tn[i];
    }
}

static int selcache_cfg_check(const void *cfgv, char *err, size_t n)
{
    const selcache_cfg *P = cfgv;
    if (P->Sets & (P->Sets - 1)) {
        snprintf(err, n, "selcache: Sets=%u is not a power of two (the set index is the line's low bits)", P->Sets);
        return 1;
    }
    if (P->Sets * P->Ways > SELCACHE_MAX_L) {
        snprintf(err, n, "selcache: Sets x Ways = %u lines, at most %u", P->Sets * P->Ways, SELCACHE_MAX_L);
        return 1;
    }
    return 0;
}

#define BLK_T_CFG selcache_cfg
#define BLK_T_IN selcache_in
#define BLK_T_OUT selcache_out
#define BLK_T_PROBE selcache_probe
static const blk_param selcache_params[] = {SELCACHE_PARAMS(BLK_PARAM_ROW)};
BLK_PORT_FUNCS(selcache, SELCACHE_PORTS, SELCACHE_PROBES, SELCACHE_WAVES)
static const char *const selcache_groups[] = SELCACHE_GROUPS;
/* final: the chapter's final design (LocSelCaching: scheme c with the locality degree);
 * index: IndSelCaching (the defaults, `--selcache on`) */
static const char *const selcache_presets[] = {"final",  "LocDeg=on",
                                               "index",  "",
                                               "first",  "Scheme=b",
                                               "all",    "Scheme=a",
                                               "small",  "Sets=4,Ways=2,Lanes=8,HashW=3,CntW=2,NW=3,LocDeg=on",
                                               "tiny",   "Sets=2,Ways=1,Lanes=4,HashW=2,CntW=1,NW=2,LocDeg=on",
                                               NULL};

/* Functional coverage (blk.h): the policy branches and corner states lockstep must reach. */
static const char *const selcache_cover_names[] = {
    "ibyp_a",           /* scheme a: a divergent load's read is bypassed */
    "ibyp_b",           /* scheme b: the set already has Ways earlier requests of the load */
    "ibyp_c",           /* scheme c: the set has Ways later requests of the load */
    "ibyp_at_limit",    /* b/c: exactly Ways others counted, the first one bypassed */
    "cache_at_limit",   /* b/c: Ways - 1 others counted, the last one cached */
    "contended_cached", /* b/c: the set holds more than Ways of the load's requests, this one cached */
    "div_uncontended",  /* b/c: a divergent load whose set is not over-subscribed (a would bypass) */
    "lbyp",             /* locality degree: the victim beats the PC's average: bypass */
    "lbyp_tie",         /* the victim's counter equals the average: no bypass */
    "lbyp_no_history",  /* the PC has no evictions yet: the victim is replaced */
    "byp_both",         /* the index scheme and the locality degree both bypass */
    "byp_refused",      /* a bypass wanted but not possible (canbyp_i 0) */
    "other_bypass",     /* another block's bypass: this block's cached miss allocates nothing */
    "alloc_free",       /* a miss allocates an untracked line */
    "alloc_evict",      /* a miss evicts a tracked line: its counter joins the table */
    "reref",            /* a hit counts a re-reference */
    "cnt_saturated",    /* a hit finds the line's counter at its maximum */
    "table_halve",      /* an eviction finds its table entry's count full: sum and count halve */
    "write_evict",      /* a write evicts a tracked line */
    "line_out_of_range", /* an event whose set or way is past the geometry (ignored) */
    "flush_lines",      /* a flush drops tracked lines */
    "reset_busy",       /* reset with tracked lines */
    "loc_not_divergent", /* LocScope div: a read of a load that does not diverge, whose victim beats the average, is not checked */
    "store_refused",    /* a refused store finds a tracked valid line: it stays */
    NULL,
};

static uint64_t kind_cover(const void *sv, const void *iv, const void *ov)
{
    const selcache_state *s = sv;
    const selcache_in *in = iv;
    const selcache_out *out = ov;
    const selcache_cfg *P = &s->cfg;
    ev e;
    uint64_t m = 0;
    unsigned l, j, any = 0, inset = 0, lvv, evict = 0, h = 0;
    int rd, bc;

    for (l = 0; l < P->Sets * P->Ways; l++) any |= s->lv[l];
    if (in->rst_i & 1) return any ? (uint64_t)1 << 21 : 0;
    if (in->flush_i & 1) return any ? (uint64_t)1 << 20 : 0;
    decode(P, in, &e);
    for (j = 0; j < P->Lanes && j < e.nreq; j++) inset += set_of(P, in, j) == e.set;
    rd = e.op == SELCACHE_OP_READ;
    bc = P->Scheme != SELCACHE_A;
    lvv = e.li < SELCACHE_MAX_L && s->lv[e.li];
    if (rd && out->ibyp_o && !bc) m |= 1u << 0;
    if (rd && out->ibyp_o && P->Scheme == SELCACHE_B) m |= 1u << 1;
    if (rd && out->ibyp_o && P->Scheme == SELCACHE_C) m |= 1u << 2;
    if (rd && bc && out->same_o == P->Ways) m |= 1u << 3;
    if (rd && bc && out->same_o + 1 == P->Ways && inset > P->Ways) m |= 1u << 4;
    if (rd && bc && !out->ibyp_o && inset > P->Ways) m |= 1u << 5;
    if (rd && bc && out->div_o && inset <= P->Ways) m |= 1u << 6;
    if (rd && out->lbyp_o) m |= 1u << 7;
    if (P->LocDeg && rd && e.res == 2 && e.wayv && e.present == 0 && lvv) {
        uint32_t prod = (uint32_t)s->lcnt[e.li] * s->tn[e.hpc];
        if (P->LocScope || out->div_o) {
            if (s->tn[e.hpc] && prod == s->tsum[e.hpc]) m |= 1u << 8;
            if (!s->tn[e.hpc]) m |= 1u << 9;
        } else if (prod > s->tsum[e.hpc]) {
            m |= 1u << 22;
        }
    }
    if (rd && out->ibyp_o && out->lbyp_o) m |= 1u << 10;
    if (rd && (out->ibyp_o || out->lbyp_o) && !(in->canbyp_i & 1)) m |= 1u << 11;
    if (rd && e.res == 2 && !out->byp_o && (in->final_i & 1)) m |= 1u << 12;
    if (e.li < SELCACHE_MAX_L && e.wayv) {
        if (rd && e.present && e.res <= 1) {
            if (lvv) m |= 1u << 15;
            if (lvv && s->lcnt[e.li] == bits_mask(P->CntW)) m |= 1u << 16;
        } else if ((rd || e.op == SELCACHE_OP_PF) && e.res == 2 && !(in->final_i & 1)) {
            m |= lvv ? 1u << 14 : 1u << 13;
            evict = lvv;
        } else if (e.op == SELCACHE_OP_WRITE && e.res == 3 && e.present == 1 && lvv) {
            m |= 1u << 18;
            evict = 1;
        } else if (e.op == SELCACHE_OP_WRITE && e.res >= 4 && e.present == 1 && lvv) {
            m |= 1u << 23;
        }
    }
    if (evict) h = s->lpc[e.li];
    if (evict && s->tn[h] == bits_mask(P->NW)) m |= 1u << 17;
    if (e.op != SELCACHE_OP_NONE && e.li >= SELCACHE_MAX_L) m |= 1u << 19;
    return m;
}

static void kind_init(void *s, const void *cfg) { selcache_init(s, cfg); }
static void kind_eval(const void *s, const void *in, void *out) { selcache_eval(s, in, out); }
static void kind_tick(void *s, const void *in) { selcache_tick(s, in); }

const blk_kind selcache_kind = {
    "selcache",
    sizeof(selcache_cfg),
    sizeof(selcache_in),
    sizeof(selcache_out),
    sizeof(selcache_state),
    sizeof(selcache_probe),
    selcache_params,
    (int)(sizeof selcache_params / sizeof selcache_params[0]),
    selcache_presets,
    NULL,
    selcache_cfg_check,
    selcache_ports,
    selcache_probes,
    selcache_waves,
    selcache_groups,
    kind_init,
    kind_eval,
    kind_tick,
    probe_fill,
    selcache_cover_names,
    kind_cover,
};
