/*
 * rft.c: C model of rtl/rft/rft.v, register for register (see rft.h).
 *
 * rft_decide is the RTL's combinational logic: the event's kind, the hash of its PC,
 * the table lookup and the bypass answer, and which per-line action the L1's answer
 * and the outcome call for (mark reuse, allocate, write-evict) with the eviction update
 * it makes. rft_tick commits it at the clock edge; a remote update (rupd_v_i) goes
 * through the same table update function as the own eviction.
 */
#include "rft.h"

#include <stdio.h>
#include <string.h>

#include "xor_fold.h"

unsigned rft_hash(const rft_cfg *P, uint32_t pc)
{
    return xor_fold(pc >> P->PcShift, rft_w_pc_i(P) - P->PcShift, rft_hw(P));
}

void rft_init(rft_state *s, const rft_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
}

static unsigned cnt_max(const rft_cfg *P) { return (unsigned)bits_mask(P->RBits); }

/* the entry's value says "no reuse": or: the bit is 0; avg: value <= Th2 - 2 halves
 * (the seed's frequency counts the fill as 1, the line counter here counts hits only) */
static unsigned no_reuse(const rft_cfg *P, unsigned v)
{
    return P->Update == RFT_AVG ? v + 2u <= P->Th2 : v == 0;
}

void rft_decide(const rft_state *s, const rft_in *in, rft_dec *d)
{
    const rft_cfg *P = &s->cfg;
    const unsigned iw = rft_iw(P);
    const unsigned rst = in->rst_i & 1, rem = !rst && (in->rupd_v_i & 1);
    const unsigned ev = !rst && !rem && !(in->flush_i & 1) && (in->acc_v_i & 1);
    const unsigned res = (unsigned)(in->res_i & bits_mask(rft_w_res_i(P)));
    const unsigned present = (unsigned)(in->present_i & bits_mask(rft_w_present_i(P)));
    const unsigned set = (unsigned)(in->set_i & (P->Sets - 1u));
    const unsigned way = (unsigned)(in->way_i & bits_mask(rft_wayw(P)));
    const unsigned way_ok = (in->way_v_i & 1) && way < P->Ways;
    memset(d, 0, sizeof *d);
    d->wr = ev && (in->wr_i & 1);
    d->rd = ev && !d->wr && (in->rd_i & 1);
    d->pf = ev && !d->wr && !d->rd && (in->pf_i & 1);
    d->hpc = rft_hash(P, (uint32_t)in->pc_i);
    d->idx = d->hpc & (unsigned)bits_mask(iw);
    d->tag = d->hpc >> iw;
    d->ehit = s->tv[d->idx] && (P->TagW == 0 || s->ttag[d->idx] == d->tag);
    d->noreuse = no_reuse(P, s->tval[d->idx]);
    d->tbl_hit = d->rd && d->ehit;
    d->byp = d->tbl_hit && (in->can_byp_i & 1) && d->noreuse;
    d->line = set * P->Ways + (way_ok ? way : 0);
    /* a demand read that hits, or whose bypass probed a still-present line (5.3.1 (2)(3)) */
    d->mark = d->rd && way_ok && present != RFT_ABSENT &&
              (res == RFT_L1_HIT || res == RFT_L1_PEND || (in->final_byp_i & 1));
    d->alloc = (d->rd || d->pf) && way_ok && res == RFT_L1_MISS && !(in->final_byp_i & 1);
    d->wevict = d->wr && way_ok && res == RFT_L1_WRITE && present == RFT_VALID;
    if (!P->Pipe && (d->alloc || d->wevict) && s->lv[d->line]) {
        d->ev = 1;
        d->ev_idx = s->lhpc[d->line] & (unsigned)bits_mask(iw);
        d->ev_tag = s->lhpc[d->line] >> iw;
        d->ev_val = s->lcnt[d->line];
    } else if (P->Pipe && !rst && !rem && (s->eact == 1 || s->eact == 2) && s->lv[s->eline]) {
        d->ev = 1; /* stage 2: the registered allocation or write-evict meets a valid line */
        d->ev_idx = s->lhpc[s->eline] & (unsigned)bits_mask(iw);
        d->ev_tag = s->lhpc[s->eline] >> iw;
        d->ev_val = s->lcnt[s->eline];
    }
    if (!P->Pipe) {
        d->upd = d->ev, d->upd_idx = d->ev_idx, d->upd_tag = d->ev_tag, d->upd_val = d->ev_val;
    } else if (s->pv && !rst && !rem) { /* the pending update is applied (held by a remote one) */
        d->upd = 1, d->upd_idx = s->pidx, d->upd_tag = s->ptag, d->upd_val = s->pval;
    }
}

void rft_eval(const rft_state *s, const rft_in *in, rft_out *out)
{
    rft_dec d;
    rft_decide(s, in, &d);
    out->byp_o = d.byp;
    out->tbl_hit_o = d.tbl_hit;
    out->mark_o = d.mark;
    out->alloc_o = d.alloc;
    out->upd_v_o = d.upd;
    out->upd_idx_o = d.upd_idx;
    out->upd_tag_o = d.upd_tag;
    out->upd_val_o = d.upd_val;
}

/* one update of the replica: or: a matching entry ORs the line's bit in, another is
 * replaced; avg: value = (value + 2 * val) / 2 in halves, a new entry starts at 2 * val */
static void table_update(rft_state *s, unsigned idx, unsigned tag, unsigned val)
{
    const rft_cfg *P = &s->cfg;
    const unsigned match = s->tv[idx] && (P->TagW == 0 || s->ttag[idx] == tag);
    if (P->Update == RFT_AVG)
        s->tval[idx] = (uint8_t)(match ? (s->tval[idx] + 2u * val) >> 1 : 2u * val);
    else
        s->tval[idx] = (uint8_t)(match ? (s->tval[idx] | (val & 1u)) : (val & 1u));
    s->tv[idx] = 1;
    if (P->TagW) s->ttag[idx] = (uint8_t)tag;
}

void rft_tick(rft_state *s, const rft_in *in)
{
    const rft_cfg *P = &s->cfg;
    rft_dec d;
    if (in->rst_i & 1) {
        rft_cfg keep = *P;
        rft_init(s, &keep);
        return;
    }
    if (in->rupd_v_i & 1) { /* a replica update from another SM (Pipe=1: a pending update waits) */
        const unsigned iw = rft_iw(P);
        table_update(s, (unsigned)(in->rupd_idx_i & bits_mask(iw)),
                     P->TagW ? (unsigned)(in->rupd_tag_i & bits_mask(P->TagW)) : 0,
                     (unsigned)(in->rupd_val_i & bits_mask(P->RBits)));
        return;
    }
    rft_decide(s, in, &d);
    if (d.upd) table_update(s, d.upd_idx, d.upd_tag, d.upd_val);
    if (P->Pipe) {
        const unsigned l = s->eline;
        /* stage 2: the registered action on its line; its eviction becomes the pending update */
        if (s->eact == 1) {
            s->lv[l] = 1;
            s->lhpc[l] = s->ehpc;
            s->lcnt[l] = 0;
        } else if (s->eact == 2) {
            s->lv[l] = 0;
        } else if (s->eact == 3) {
            if (P->Update == RFT_AVG) {
                if (s->lcnt[l] < cnt_max(P)) s->lcnt[l]++;
            } else {
                s->lcnt[l] = 1;
            }
        }
        s->pv = (uint8_t)d.ev;
        s->pidx = (uint8_t)d.ev_idx;
        s->ptag = (uint8_t)d.ev_tag;
        s->pval = (uint8_t)d.ev_val;
        /* stage 1: this event's line action (none in a flush clock) */
        s->eact = (uint8_t)(d.alloc ? 1 : d.wevict ? 2 : d.mark ? 3 : 0);
        s->eline = (uint16_t)(s->eact ? d.line : 0);
        s->ehpc = (uint16_t)(d.alloc && !d.pf ? d.hpc : 0);
        if (in->flush_i & 1) memset(s->lv, 0, sizeof s->lv); /* the flush wins over the action */
        return;
    }
    if (in->flush_i & 1) { /* kernel boundary: every line dropped, no table update */
        memset(s->lv, 0, sizeof s->lv);
        return;
    }
    if (d.alloc) {
        s->lv[d.line] = 1;
        s->lhpc[d.line] = (uint16_t)(d.pf ? 0 : d.hpc);
        s->lcnt[d.line] = 0;
    } else if (d.wevict) {
        s->lv[d.line] = 0;
    } else if (d.mark) {
        if (P->Update == RFT_AVG) {
            if (s->lcnt[d.line] < cnt_max(P)) s->lcnt[d.line]++;
        } else {
            s->lcnt[d.line] = 1;
        }
    }
}

static void probe_fill(const void *sv, void *pv)
{
    const rft_state *s = sv;
    const rft_cfg *P = &s->cfg;
    const unsigned hw = rft_hw(P), W = P->Ways;
    rft_probe *p = pv;
    for (unsigned e = 0; e < P->Entries; e++) {
        p->tv[e] = s->tv[e];
        p->ttag[e] = s->ttag[e];
        p->tval[e] = s->tval[e];
    }
    for (unsigned st = 0; st < P->Sets; st++) {
        uint64_t v = 0, c = 0;
        uint64_t *h = &p->lhpc[st * RFT_HPC_WORDS];
        memset(h, 0, RFT_HPC_WORDS * sizeof *h);
        for (unsigned w = 0; w < W; w++) {
            unsigned l = st * W + w, pos = w * hw;
            v |= (uint64_t)s->lv[l] << w;
            c |= (uint64_t)s->lcnt[l] << (w * P->RBits);
            h[pos / 64] |= (uint64_t)s->lhpc[l] << (pos % 64);
            if (pos % 64 + hw > 64) h[pos / 64 + 1] |= (uint64_t)s->lhpc[l] >> (64 - pos % 64);
        }
        p->lv[st] = v;
        p->lcnt[st] = c;
    }
    p->eact[0] = s->eact;
    p->ehpc[0] = s->ehpc;
    p->pv[0] = s->pv;
    p->pidx[0] = s->pidx;
    p->ptag[0] = s->ptag;
    p->pval[0] = s->pval;
}

static int rft_cfg_check(const void *cfgv, char *err, size_t n)
{
    const rft_cfg *P = cfgv;
    if (P->Entries & (P->Entries - 1)) {
        snprintf(err, n, "rft: Entries=%u is not a power of two", P->Entries);
        return 1;
    }
    if (P->Sets & (P->Sets - 1)) {
        snprintf(err, n, "rft: Sets=%u is not a power of two", P->Sets);
        return 1;
    }
    if (P->Update == RFT_OR && P->RBits != 1) {
        snprintf(err, n, "rft: RBits=%u with Update=or: the OR form keeps a 1-bit reuse flag (RBits=1)", P->RBits);
        return 1;
    }
    return 0;
}

#define BLK_T_CFG rft_cfg
#define BLK_T_IN rft_in
#define BLK_T_OUT rft_out
#define BLK_T_PROBE rft_probe
static const blk_param rft_params[] = {RFT_PARAMS(BLK_PARAM_ROW)};
BLK_PORT_FUNCS(rft, RFT_PORTS, RFT_PROBES, RFT_WAVES)
static const char *const rft_groups[] = RFT_GROUPS;
/* the seed's final design first (sec. 5.3.3 with Table 5.1's L1); the threshold study's
 * multi-bit forms (sec. 5.3.2, Fig. 5.5: Th1.0 and Th1.5); tags; small ones for dense
 * random lockstep (tiny: one L1 line, so every event meets a valid line); the
 * pipelined form of the final design (docs/timing/rft.md) */
static const char *const rft_presets[] = {"final",  "",
                                          "avg15",  "Update=avg,RBits=2,Th2=3",
                                          "avg10",  "Update=avg,RBits=2,Th2=2",
                                          "tagged", "TagW=4",
                                          "small",  "Entries=16,Sets=4,Ways=2",
                                          "tiny",   "Entries=16,Sets=1,Ways=1,TagW=1,PcShift=0",
                                          "pipe",   "Pipe=1",
                                          NULL};

/* Functional coverage (blk.h): the policy branches and corner states lockstep must reach. */
static const char *const rft_cover_names[] = {
    "bypass",           /* a demand read whose entry says no reuse is bypassed */
    "noreuse_kept",     /* the entry says no reuse but a bypass would not be honoured */
    "reuse_cached",     /* the entry says reuse: the normal path */
    "tbl_miss_empty",   /* a demand read finds its entry invalid */
    "tbl_miss_tag",     /* it finds the entry holding another PC's tag (TagW > 0) */
    "mark_hit",         /* a hit or hit-pending marks its line reused */
    "mark_probe",       /* a bypassed read probes a present line and marks it (5.3.1 (3)) */
    "other_bypass",     /* the outcome bypasses a read this block would cache: no allocation */
    "l1_refused",       /* a read the L1 refuses (reservation fail): no line action */
    "alloc_free",       /* a miss allocates a line that held nothing */
    "alloc_prefetch",   /* a prefetch allocates a line (no PC) */
    "evict_reuse",      /* an eviction updates the table with reuse */
    "evict_noreuse",    /* an eviction updates it without reuse */
    "write_evict",      /* a store evicts a valid line (update) */
    "upd_new_entry",    /* an update fills an invalid entry */
    "upd_replace",      /* an update replaces another PC's entry (tag differs) */
    "or_conservative",  /* OR form: a no-reuse eviction leaves a reuse entry set */
    "flip_to_reuse",    /* an update turns a no-reuse entry into reuse */
    "flip_to_noreuse",  /* an update turns a reuse entry into no reuse */
    "cnt_saturated",    /* avg form: a mark finds the line's hit count at its maximum */
    "remote_update",    /* another SM's eviction updates this replica */
    "remote_over_event", /* a remote update and an L1 event in one clock: the event is dropped */
    "flush_lines",      /* a flush drops valid lines */
    "reset_busy",       /* reset with valid lines */
    "pipe_apply",       /* Pipe=1: the pending update is applied in an event clock */
    "pipe_held",        /* Pipe=1: a remote update holds the pending one a clock */
    "pipe_stale",       /* Pipe=1: a demand read looks up the entry the pending update writes this clock */
    "pipe_flush",       /* Pipe=1: a flush applies the pending update */
    "pipe_back2back",   /* Pipe=1: the pending update is applied while a new eviction takes its place */
    "pipe_reset_drop",  /* Pipe=1: reset with an update pending (dropped with the table) */
    "pipe_same_line",   /* Pipe=1: stage 2 acts on the line this clock's event acts on (in order) */
    "pipe_flush_line",  /* Pipe=1: a flush clock runs stage 2's allocation (the flush wins the line) */
    NULL,
};

static uint64_t kind_cover(const void *sv, const void *iv, const void *ov)
{
    const rft_state *s = sv;
    const rft_in *in = iv;
    const rft_cfg *P = &s->cfg;
    const unsigned res = (unsigned)(in->res_i & bits_mask(rft_w_res_i(P)));
    rft_dec d;
    uint64_t m = 0;
    unsigned l, any = 0, uidx = 0, utag = 0, uval = 0, upd = 0;

    for (l = 0; l < P->Sets * P->Ways; l++) any |= s->lv[l];
    if (in->rst_i & 1) return (any ? (uint64_t)1 << 23 : 0) | (s->pv ? (uint64_t)1 << 29 : 0);
    rft_decide(s, in, &d);
    if (d.byp) m |= 1u << 0;
    if (d.tbl_hit && d.noreuse && !(in->can_byp_i & 1)) m |= 1u << 1;
    if (d.tbl_hit && !d.noreuse) m |= 1u << 2;
    if (d.rd && !s->tv[d.idx]) m |= 1u << 3;
    if (d.rd && s->tv[d.idx] && !d.ehit) m |= 1u << 4;
    if (d.mark && (res == RFT_L1_HIT || res == RFT_L1_PEND)) m |= 1u << 5;
    if (d.mark && res != RFT_L1_HIT && res != RFT_L1_PEND) m |= 1u << 6;
    if (d.rd && !d.byp && (in->final_byp_i & 1) && res == RFT_L1_MISS) m |= 1u << 7;
    if (d.rd && res >= 4) m |= 1u << 8;
    if (d.alloc && !s->lv[d.line]) m |= 1u << 9;
    if (d.alloc && d.pf) m |= 1u << 10;
    if (d.ev && d.ev_val) m |= 1u << 11;
    if (d.ev && !d.ev_val) m |= 1u << 12;
    if (d.wevict && s->lv[d.line]) m |= 1u << 13;
    if (in->rupd_v_i & 1) {
        m |= 1u << 20;
        if (in->acc_v_i & 1) m |= 1u << 21;
        upd = 1;
        uidx = (unsigned)(in->rupd_idx_i & bits_mask(rft_iw(P)));
        utag = P->TagW ? (unsigned)(in->rupd_tag_i & bits_mask(P->TagW)) : 0;
        uval = (unsigned)(in->rupd_val_i & bits_mask(P->RBits));
    } else if (d.upd) { /* own eviction (Pipe=0: never in a flush clock) or Pipe=1's pending one */
        upd = 1, uidx = d.upd_idx, utag = d.upd_tag, uval = d.upd_val;
    }
    if (P->Pipe && s->pv) {
        if (in->rupd_v_i & 1) m |= 1u << 25;
        else if (in->flush_i & 1) m |= 1u << 27;
        else if (in->acc_v_i & 1) m |= 1u << 24;
        if (d.upd && d.rd && d.idx == d.upd_idx) m |= 1u << 26;
        if (d.upd && d.ev) m |= 1u << 28;
    }
    if (P->Pipe && s->eact && !(in->rupd_v_i & 1)) {
        if ((d.alloc || d.wevict || d.mark) && d.line == s->eline) m |= 1u << 30;
        if ((in->flush_i & 1) && s->eact == 1) m |= (uint64_t)1 << 31;
    }
    if (upd) { /* the table update of this edge (own eviction or remote), as table_update */
        const unsigned match = s->tv[uidx] && (P->TagW == 0 || s->ttag[uidx] == utag);
        const unsigned old = s->tval[uidx];
        const unsigned nv = P->Update == RFT_AVG ? (match ? (old + 2u * uval) >> 1 : 2u * uval)
                                                 : (match ? (old | (uval & 1u)) : (uval & 1u));
        if (!s->tv[uidx]) m |= 1u << 14;
        if (s->tv[uidx] && !match) m |= 1u << 15;
        if (P->Update == RFT_OR && match && old && !uval) m |= 1u << 16;
        if (s->tv[uidx] && no_reuse(P, old) && !no_reuse(P, nv)) m |= 1u << 17;
        if (s->tv[uidx] && !no_reuse(P, old) && no_reuse(P, nv)) m |= 1u << 18;
    }
    if (P->Update == RFT_AVG && d.mark && !d.alloc && !d.wevict && s->lcnt[d.line] == cnt_max(P))
        m |= 1u << 19;
    if ((in->flush_i & 1) && !(in->rupd_v_i & 1) && any) m |= 1u << 22;
    (void)ov;
    return m;
}

static void kind_init(void *s, const void *cfg) { rft_init(s, cfg); }
static void kind_eval(const void *s, const void *in, void *out) { rft_eval(s, in, out); }
static void kind_tick(void *s, const void *in) { rft_tick(s, in); }

const blk_kind rft_kind = {
    "rft",
    sizeof(rft_cfg),
    sizeof(rft_in),
    sizeof(rft_out),
    sizeof(rft_state),
    sizeof(rft_probe),
    rft_params,
    (int)(sizeof rft_params / sizeof rft_params[0]),
    rft_presets,
    NULL,
    rft_cfg_check,
    rft_ports,
    rft_probes,
    rft_waves,
    rft_groups,
    kind_init,
    kind_eval,
    kind_tick,
    probe_fill,
    rft_cover_names,
    kind_cover,
};
