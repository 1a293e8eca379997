/*
 * sap.c: C model of rtl/sap/sap.v, register for register (sap.h), with the registers
 * of its rtl/common parts (cam, age_order, divider) stepped as those modules step them.
 *
 * A load (ld_i) looks its PC up in the PT. A new PC takes a free entry, else the LRU
 * one: {PC, warp, address, stride 0}. A known PC is checked: with dw = warp - PT.warp
 * and diff = address - PT.address (both two's complement, diff modulo 2^AddrW), the
 * stride matches when dw != 0 and diff == PT.stride x dw; a mismatch starts the
 * divider on |diff| / |dw| (when it is idle), whose quotient, signed, becomes the
 * entry's stride when it is done (unless a new PC took the entry meanwhile). Either way the entry takes the load's warp and
 * address. A missing load whose stride matched and whose group LAWS hands over loads
 * the warp queue with the group's other warps (prefetch targets) and keeps the base
 * address, the missing warp u and the stride; the lowest warp v in the queue is the
 * next prefetch, base + (v - u) x stride.
 */
#include "sap.h"

#include <stddef.h>
#include <string.h>

void sap_init(sap_state *s, const sap_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
}

/* the pair bit of (i, j), i < j, in age_order's order (0,1), (0,2) .. (1,2) .. */
static unsigned pair_at(unsigned n, unsigned i, unsigned j) { return i * n - i * (i + 1) / 2 + (j - i - 1); }

/* age_order: is entry i older than entry j (i != j)? */
static int older(const sap_state *s, unsigned i, unsigned j)
{
    unsigned n = s->cfg.Entries;
    return i < j ? (int)(s->lruo >> pair_at(n, i, j) & 1) : !(s->lruo >> pair_at(n, j, i) & 1);
}

/* signed magnitude of a (WW+1)-bit two's complement difference a - b of warps */
static unsigned wdiff(unsigned a, unsigned b, int *neg)
{
    *neg = a < b;
    return a < b ? b - a : a - b;
}

typedef struct sap_dec {
    int ld, hit;
    unsigned e;           /* entry hit or allocated */
    unsigned res;
    uint64_t diff;        /* address - PT.address, modulo 2^AddrW */
    unsigned dwmag;
    int dwneg;
    int accept;
    uint64_t tvec;        /* targets */
    int pf;
    unsigned v;           /* the next prefetch's warp */
    uint64_t pf_addr;
    int kv, klive;        /* a load's check decides now; its entry still holds its PC */
    unsigned ke;          /* its entry */
    int vany;             /* the warp queue is not empty */
    unsigned vq;          /* its lowest warp */
} sap_dec;

static void decide(const sap_state *s, const sap_in *in, sap_dec *d)
{
    const sap_cfg *P = &s->cfg;
    uint64_t am = bits_mask(P->AddrW);
    unsigned n = P->Entries, i;
    memset(d, 0, sizeof *d);
    unsigned warp = (unsigned)(in->ld_warp_i & bits_mask(sap_ww(P)));
    d->ld = (in->ld_i & 1) && warp < P->Warps && !(in->rst_i & 1);
    uint32_t pc = (uint32_t)(in->ld_pc_i & bits_mask(P->PcBits));
    for (i = 0; i < n && !d->hit; i++)
        if (s->ptv[i] && s->ptpc[i] == pc) d->hit = 1, d->e = i;
    if (!d->hit) { /* the lowest free entry, else the oldest (LRU) */
        for (i = 0; i < n && s->ptv[i]; i++) continue;
        if (i < n) {
            d->e = i;
        } else {
            for (i = 0; i < n; i++) {
                unsigned j;
                for (j = 0; j < n; j++)
                    if (j != i && !older(s, i, j)) break;
                if (j == n) break;
            }
            d->e = i < n ? i : 0;
        }
    }
    if (s->wq) d->vany = 1, d->vq = (unsigned)__builtin_ctzll(s->wq);
    if (P->Pipe) { /* stage C: the check of the load two cycles back (its c_*, d_* registers) */
        if (s->dv) {
            d->kv = 1, d->ke = s->de, d->klive = s->dlive;
            d->dwmag = s->ddwmag, d->dwneg = s->ddwneg, d->diff = s->ddiff;
            if (s->dnew) d->res = SAP_RES_NEW;
            else if (s->dsame) d->res = SAP_RES_SAME;
            else if ((s->ddwneg ? s->dndiff : s->ddiff) == s->dprod) d->res = SAP_RES_MATCH; /* -diff == prod */
            else d->res = div_busy(&s->div) ? SAP_RES_BUSY : SAP_RES_DIV;
            if (d->res == SAP_RES_MATCH && s->dmiss && s->dgrp) {
                d->tvec = s->dtvec;
                d->accept = d->tvec != 0;
            }
        }
        d->pf = s->pfv, d->v = s->pfw, d->pf_addr = s->pfa; /* the output register */
        return;
    }
    d->kv = d->ld, d->ke = d->e, d->klive = 1;
    if (d->ld) {
        if (!d->hit) {
            d->res = SAP_RES_NEW;
        } else {
            d->dwmag = wdiff(warp, s->ptw[d->e], &d->dwneg);
            d->diff = ((in->ld_addr_i & am) - s->pta[d->e]) & am;
            uint64_t prod = (s->pts[d->e] * d->dwmag) & am, expect = d->dwneg ? (0 - prod) & am : prod;
            if (d->dwmag == 0) d->res = SAP_RES_SAME;
            else if (d->diff == expect) d->res = SAP_RES_MATCH;
            else d->res = div_busy(&s->div) ? SAP_RES_BUSY : SAP_RES_DIV;
        }
        if (d->res == SAP_RES_MATCH && (in->ld_miss_i & 1) && (in->grp_i & 1)) {
            d->tvec = in->grp_vec_i & bits_mask(P->Warps) & ~((uint64_t)1 << warp);
            d->accept = d->tvec != 0;
            if (!d->accept) d->tvec = 0;
        }
    }
    if (s->wq) {
        int neg;
        d->pf = 1;
        d->v = (unsigned)__builtin_ctzll(s->wq);
        unsigned mag = wdiff(d->v, s->bu, &neg);
        uint64_t prod = (s->bstr * mag) & am;
        d->pf_addr = (s->base + (neg ? 0 - prod : prod)) & am;
    }
}

void sap_eval(const sap_state *s, const sap_in *in, sap_out *out)
{
    sap_dec d;
    decide(s, in, &d);
    out->res_o = d.res;
    out->pt_idx_o = d.kv ? d.ke : 0;
    out->tgt_o = d.accept;
    out->tgt_vec_o = d.tvec;
    out->pf_o = d.pf;
    out->pf_warp_o = d.pf ? d.v : 0;
    out->pf_addr_o = d.pf ? d.pf_addr : 0;
}

/* Pipe: the prefetch pipe's stages move on when the next is free (or leaves now) */
static int out_ready(const sap_state *s, const sap_in *in) { return !s->pfv || (in->pf_ack_i & 1); }
static int mul_ready(const sap_state *s, const sap_in *in) { return !s->pmv || out_ready(s, in); }
static int pick_ready(const sap_state *s, const sap_in *in) { return !s->pkv || mul_ready(s, in); }

/* Pipe: the pipeline registers at the edge, from the state before it (call before the PT,
 * the divider's job and the warp queue change) */
static void pipe_tick(sap_state *s, const sap_in *in, const sap_dec *d, unsigned warp, int alloc)
{
    const sap_cfg *P = &s->cfg;
    uint64_t am = bits_mask(P->AddrW);
    /* the prefetch pipe: emptied by new targets; else output, multiply, pick */
    if (d->accept) {
        s->pkv = s->pmv = s->pfv = 0;
    } else {
        int fr = out_ready(s, in), mr = mul_ready(s, in), pr = pick_ready(s, in);
        if (fr) {
            if (s->pmv) {
                s->pfw = s->pmw;
                s->pfa = (s->pmneg ? s->base - s->pmprod : s->base + s->pmprod) & am;
            }
            s->pfv = s->pmv;
        }
        if (mr) {
            if (s->pkv) {
                s->pmw = s->pkw;
                s->pmneg = s->pkneg;
                s->pmprod = (s->bstr * s->pkmag) & am;
            }
            s->pmv = s->pkv;
        }
        if (pr) {
            if (d->vany) {
                int neg;
                s->pkw = (uint8_t)d->vq;
                s->pkmag = (uint8_t)wdiff(d->vq, s->bu, &neg);
                s->pkneg = (uint8_t)neg;
            }
            s->pkv = (uint8_t)d->vany;
        }
    }
    /* stage B -> C */
    if (s->cv) {
        int neg;
        s->dnew = s->cnew;
        s->dlive = (uint8_t)!(alloc && d->e == s->ce);
        s->de = s->ce;
        s->ddwmag = (uint8_t)wdiff(s->cwarp, s->cowarp, &neg);
        s->ddwneg = (uint8_t)neg;
        s->dsame = s->ddwmag == 0;
        s->ddiff = (s->caddr - s->coaddr) & am;
        s->dndiff = (s->coaddr - s->caddr) & am;
        s->dprod = (s->costr * s->ddwmag) & am;
        s->dstr = s->costr;
        s->daddr = s->caddr;
        s->dwarp = s->cwarp;
        s->dmiss = s->cmiss;
        s->dgrp = s->cgrp;
        s->dtvec = s->ctvec;
    }
    s->dv = s->cv;
    /* stage A -> B: the load and the entry it hit (0 on a new PC), before this edge */
    if (d->ld) {
        s->cnew = (uint8_t)!d->hit;
        s->ce = (uint8_t)d->e;
        s->cwarp = (uint8_t)warp;
        s->caddr = in->ld_addr_i & am;
        s->cmiss = in->ld_miss_i & 1;
        s->cgrp = in->grp_i & 1;
        s->ctvec = in->grp_vec_i & bits_mask(P->Warps) & ~((uint64_t)1 << warp);
        s->cowarp = d->hit ? s->ptw[d->e] : 0;
        s->coaddr = d->hit ? s->pta[d->e] : 0;
        s->costr = d->hit ? s->pts[d->e] : 0;
    }
    s->cv = (uint8_t)d->ld;
}

void sap_tick(sap_state *s, const sap_in *in)
{
    const sap_cfg *P = &s->cfg;
    uint64_t am = bits_mask(P->AddrW);
    unsigned n = P->Entries;
    if (in->rst_i & 1) {
        /* the cam keeps its keys and age_order its pair bits (qualified by valid bits) */
        memset(s->ptv, 0, sizeof s->ptv);
        memset(s->ptw, 0, sizeof s->ptw);
        memset(s->pta, 0, sizeof s->pta);
        memset(s->pts, 0, sizeof s->pts);
        s->lruv = 0;
        s->wq = s->base = s->bstr = 0;
        s->bu = 0;
        s->dvidx = s->dvneg = s->dvlive = 0;
        div_reset(&s->div);
        /* the pipeline registers (the last members) */
        memset((char *)s + offsetof(sap_state, cv), 0, sizeof *s - offsetof(sap_state, cv));
        return;
    }
    sap_dec d;
    decide(s, in, &d);
    unsigned warp = (unsigned)(in->ld_warp_i & bits_mask(sap_ww(P)));
    int alloc = d.ld && !d.hit;
    uint64_t str_e = s->pts[d.e]; /* the entry's stride before this edge */
    /* the lowest queued warp leaves the queue (Pipe: picked) */
    int take = P->Pipe ? d.vany && pick_ready(s, in) : d.pf && (in->pf_ack_i & 1);
    /* the DRQ of accepted targets: the load's address, warp and the matched stride (not
     * a divider result written at this edge; Pipe: stage C's registers) */
    uint64_t k_addr = P->Pipe ? s->daddr : in->ld_addr_i & am, k_str = P->Pipe ? s->dstr : str_e;
    unsigned k_warp = P->Pipe ? s->dwarp : warp;
    if (P->Pipe) pipe_tick(s, in, &d, warp, alloc);
    /* the divider's result becomes its entry's stride, unless the entry changed hands */
    if (s->div.done && s->dvlive && !(alloc && d.e == s->dvidx))
        s->pts[s->dvidx] = s->dvneg ? (0 - s->div.quo) & am : s->div.quo;
    /* the divider (rtl/common/divider.v, divider_model.h): start on |diff| / |dw|, or a step */
    int start = d.res == SAP_RES_DIV;
    uint64_t dividend = 0, divisor = 0;
    if (start) {
        int dneg = (int)(d.diff >> (P->AddrW - 1) & 1);
        s->dvidx = (uint8_t)d.ke;
        s->dvlive = (uint8_t)(d.klive && !(alloc && d.e == d.ke)); /* Pipe: a new PC may take it now */
        s->dvneg = (uint8_t)(dneg ^ d.dwneg);
        dividend = dneg ? (0 - d.diff) & am : d.diff; /* Pipe: d_ndiff, the same value */
        divisor = d.dwmag;
    }
    div_tick(&s->div, P->AddrW, start, dividend, divisor);
    if (!start && alloc && d.e == s->dvidx) s->dvlive = 0; /* a new PC took the entry */
    /* the PT entry and the LRU order */
    if (alloc) {
        s->ptv[d.e] = 1;
        s->ptpc[d.e] = (uint32_t)(in->ld_pc_i & bits_mask(P->PcBits));
        s->pts[d.e] = 0;
    }
    if (d.ld) {
        s->ptw[d.e] = (uint8_t)warp;
        s->pta[d.e] = in->ld_addr_i & am;
        /* age_order: insert (alloc) or touch (hit) makes e the youngest */
        for (unsigned i = 0; i < n; i++)
            for (unsigned j = i + 1; j < n; j++) {
                unsigned q = pair_at(n, i, j);
                if (j == d.e) s->lruo |= (uint64_t)1 << q;
                else if (i == d.e) s->lruo &= ~((uint64_t)1 << q);
            }
        s->lruv |= (uint64_t)1 << d.e;
    }
    /* the warp queue */
    if (d.accept) {
        s->wq = d.tvec;
        s->base = k_addr;
        s->bu = (uint8_t)k_warp;
        s->bstr = k_str;
    } else if (take) {
        s->wq &= ~((uint64_t)1 << (P->Pipe ? d.vq : d.v));
    }
}

static void probe_fill(const void *sv, void *pv)
{
    const sap_state *s = sv;
    sap_probe *p = pv;
    for (unsigned i = 0; i < s->cfg.Entries; i++) {
        p->ptv[i] = s->ptv[i];
        p->ptpc[i] = s->ptpc[i];
        p->ptw[i] = s->ptw[i];
        p->pta[i] = s->pta[i];
        p->pts[i] = s->pts[i];
    }
    p->lruv[0] = s->lruv;
    p->lruo[0] = s->lruo;
    p->wq[0] = s->wq;
    p->base[0] = s->base;
    p->bu[0] = s->bu;
    p->bstr[0] = s->bstr;
    p->dvidx[0] = s->dvidx;
    p->dvlive[0] = s->dvlive;
    p->dvneg[0] = s->dvneg;
    p->dcnt[0] = s->div.cnt;
    p->ddone[0] = s->div.done;
    p->drem[0] = s->div.rem;
    p->dquo[0] = s->div.quo;
    p->ddiv[0] = s->div.div;
    p->ncnt[0] = s->div.cnt;
    p->ndone[0] = s->div.done;
    p->nrem[0] = s->div.rem;
    p->nquo[0] = s->div.quo;
    p->ndiv[0] = s->div.div;
    p->cv[0] = s->cv;
    p->ce[0] = s->ce;
    p->dv[0] = s->dv;
    p->de[0] = s->de;
    p->dlive[0] = s->dlive;
    p->dprod[0] = s->dprod;
    p->pkv[0] = s->pkv;
    p->pkw[0] = s->pkw;
    p->pmv[0] = s->pmv;
    p->pmprod[0] = s->pmprod;
}

#define BLK_T_CFG sap_cfg
#define BLK_T_IN sap_in
#define BLK_T_OUT sap_out
#define BLK_T_PROBE sap_probe
static const blk_param sap_params[] = {SAP_PARAMS(BLK_PARAM_ROW)};
BLK_PORT_FUNCS(sap, SAP_PORTS, SAP_PROBES, SAP_WAVES)
static const char *const sap_groups[] = SAP_GROUPS;
/* the seed's design first (Table II); small ones for fast, dense lockstep */
static const char *const sap_presets[] = {"final", "",
                                          "small", "Warps=8,PcBits=8,AddrW=12,Entries=2",
                                          "tiny",  "Warps=8,PcBits=8,AddrW=8,Entries=1",
                                          "gpu",   "AddrW=32",
                                          "pipe",  "Pipe=1",
                                          "small_pipe", "Warps=8,PcBits=8,AddrW=12,Entries=2,Pipe=1",
                                          NULL};

/* Functional coverage (blk.h): the policy branches and corner states lockstep must reach. */
static const char *const sap_cover_names[] = {
    "pt_new_free",      /* a new PC takes a free PT entry */
    "pt_replace_lru",   /* the PT is full: a new PC replaces the LRU entry */
    "same_warp",        /* a known PC from its last warp: no stride check */
    "stride_match",     /* the stride check passes */
    "stride_match_neg", /* it passes with a negative warp difference */
    "mismatch_div",     /* a mismatch starts the divider */
    "mismatch_busy",    /* a mismatch finds the divider busy: stride kept */
    "div_write",        /* the divider's result becomes its entry's stride */
    "div_drop",         /* a result is dropped: its entry changed hands */
    "div_entry_taken",  /* a new PC takes the entry the divider computes for */
    "ld_ignored",       /* a load from a warp number past Warps is ignored */
    "tgt_accept",       /* a matched missing load's group becomes the warp queue */
    "tgt_single",       /* a single target warp */
    "tgt_lone_warp",    /* the handed group holds only the missing warp: no targets */
    "miss_no_group",    /* a matched miss without a group: no targets */
    "tgt_preempt",      /* new targets replace a warp queue not yet drained */
    "tgt_preempt_ack",  /* ... in the cycle its offered prefetch is taken */
    "pf_sent",          /* a prefetch is taken */
    "pf_wait",          /* a prefetch waits: the port is busy */
    "pf_backward",      /* a prefetch for a warp below the missing one (negative offset) */
    "pf_drained",       /* the last queued warp's prefetch is taken */
    "reset_busy",       /* reset with a warp queue or a division in flight */
    "pipe_entry_taken", /* Pipe: a new PC takes the entry of a load in flight */
    "pipe_div_dead",    /* Pipe: ... so the division its check starts is dead */
    "pipe_back_to_back", /* Pipe: a load hits the entry of the load one cycle ahead */
    "pipe_pf_stall",    /* Pipe: the port does not take the prefetch: the stage behind holds */
    "pipe_flush",       /* Pipe: new targets empty a prefetch pipe holding prefetches */
    "pipe_reset_busy",  /* Pipe: reset with a load or a prefetch in the pipe */
    NULL,
};

static uint64_t kind_cover(const void *sv, const void *iv, const void *ov)
{
    const sap_state *s = sv;
    const sap_in *in = iv;
    const sap_out *out = ov;
    sap_dec d;
    uint64_t m = 0;
    int alloc, ack;

    if (in->rst_i & 1)
        return (s->wq || div_busy(&s->div) ? (uint64_t)1 << 21 : 0) |
               (s->cv || s->dv || s->pkv || s->pmv || s->pfv ? (uint64_t)1 << 27 : 0);
    decide(s, in, &d);
    alloc = d.ld && !d.hit;
    ack = d.pf && (in->pf_ack_i & 1) && !d.accept;
    if (alloc && !s->ptv[d.e]) m |= 1u << 0;
    if (alloc && s->ptv[d.e]) m |= 1u << 1;
    if (d.res == SAP_RES_SAME) m |= 1u << 2;
    if (d.res == SAP_RES_MATCH) m |= 1u << 3;
    if (d.res == SAP_RES_MATCH && d.dwneg) m |= 1u << 4;
    if (d.res == SAP_RES_DIV) m |= 1u << 5;
    if (d.res == SAP_RES_BUSY) m |= 1u << 6;
    if (s->div.done && s->dvlive && !(alloc && d.e == s->dvidx)) m |= 1u << 7;
    if (s->div.done && (!s->dvlive || (alloc && d.e == s->dvidx))) m |= 1u << 8;
    if (alloc && d.e == s->dvidx && s->dvlive && (div_busy(&s->div) || s->div.done)) m |= 1u << 9;
    if ((in->ld_i & 1) && !d.ld) m |= 1u << 10;
    if (d.accept) m |= 1u << 11;
    if (d.accept && !(d.tvec & (d.tvec - 1))) m |= 1u << 12;
    if (d.res == SAP_RES_MATCH && (in->ld_miss_i & 1) && (in->grp_i & 1) && !d.accept) m |= 1u << 13;
    if (d.res == SAP_RES_MATCH && (in->ld_miss_i & 1) && !(in->grp_i & 1)) m |= 1u << 14;
    if (d.accept && s->wq) m |= 1u << 15;
    if (d.accept && d.pf && (in->pf_ack_i & 1)) m |= 1u << 16;
    if (ack) m |= 1u << 17;
    if (d.pf && !(in->pf_ack_i & 1)) m |= 1u << 18;
    if (d.pf && d.v < s->bu) m |= 1u << 19;
    if (ack && !(s->wq & (s->wq - 1))) m |= 1u << 20;
    if (s->cfg.Pipe) {
        int start = d.res == SAP_RES_DIV;
        if (alloc && ((s->cv && !s->cnew && d.e == s->ce) || (s->dv && !s->dnew && d.e == s->de))) m |= 1u << 22;
        if (start && !(d.klive && !(alloc && d.e == d.ke))) m |= 1u << 23;
        if (d.ld && d.hit && s->cv && s->ce == d.e) m |= 1u << 24;
        if (s->pfv && s->pmv && !(in->pf_ack_i & 1)) m |= 1u << 25;
        if (d.accept && (s->pkv || s->pmv || s->pfv)) m |= 1u << 26;
    }
    (void)out;
    return m;
}

static void kind_init(void *s, const void *cfg) { sap_init(s, cfg); }
static void kind_eval(const void *s, const void *in, void *out) { sap_eval(s, in, out); }
static void kind_tick(void *s, const void *in) { sap_tick(s, in); }

const blk_kind sap_kind = {
    "sap",
    sizeof(sap_cfg),
    sizeof(sap_in),
    sizeof(sap_out),
    sizeof(sap_state),
    sizeof(sap_probe),
    sap_params,
    (int)(sizeof sap_params / sizeof sap_params[0]),
    sap_presets,
    NULL,
    NULL,
    sap_ports,
    sap_probes,
    sap_waves,
    sap_groups,
    kind_init,
    kind_eval,
    kind_tick,
    probe_fill,
    sap_cover_names,
    kind_cover,
};
