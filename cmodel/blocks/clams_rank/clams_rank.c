/*
 * clams_rank.c: C model of rtl/clams_rank/clams_rank.v, register for register
 * (clams_rank.h; docs/clams.md). The RTL's two forms (Form: comparators or a divider)
 * give the same rank, so the C model has one: the definition. Pipe=1 (docs/timing/clams_rank.md)
 * keeps the pipelined form's registers: the compare form's registered sums, the divide
 * form's shared divider (divider_model.h) and its L = 0 flag.
 */
#include "clams_rank.h"

#include <stdio.h>
#include <string.h>

unsigned clams_rank_of(uint32_t shrt, uint32_t live)
{
    if (live == 0) return 7;
    uint64_t n = 8 * (uint64_t)shrt;
    uint64_t r = n / live + (n % live != 0); /* ceil(8 S / L): rank 1..8, or 0, or > 8 */
    if (r <= 1) return 0;
    if (r >= 8) return 7;
    return (unsigned)r - 1;
}

/* the divide form's rank from the divider's quotient and remainder of 8 S / L (L > 0):
 * ceil = quotient + (remainder != 0), clamped to 1..8; L = 0 (lz) is rank 8 */
static unsigned rank_of_division(uint64_t quo, uint64_t rem, int lz)
{
    uint64_t up = quo + (rem != 0);
    if (lz) return 7;
    if (up <= 1) return 0;
    if (up >= 8) return 7;
    return (unsigned)up - 1;
}

/* the count of the thermometer code gt (bit k-1: 8S > kL; gt[k] implies gt[k-1]) */
static unsigned thermo_count(unsigned gt)
{
    unsigned n = 0;
    for (int k = 0; k < 7; k++) n += gt >> k & 1;
    return n;
}

/* Pipe=1 compare form, one clock edge: the rank register takes the finished comparisons'
 * count (the cycle after the last step), an epoch's end loads its sums, or one step: bit
 * i of 8S against bit i of L, 2L, 3L = L + 2L, 4L, 5L = L + 4L, 6L = 2L + 4L, 7L = 8L - L
 * (sl's bit 0 is L's bit i, lh's bits 0..2 its bits i-1..i-3) */
static void serial_tick(clams_rank_state *s, int last, uint32_t shrt, uint32_t live)
{
    if (s->sdone) s->rank = (uint8_t)(s->nz ? thermo_count(s->gt) : 7);
    if (last && !s->scnt) {
        s->sa = 8 * (uint64_t)shrt;
        s->sl = live;
        s->lh = 0, s->c3 = s->c5 = s->c6 = s->b7 = 0, s->gt = 0;
        s->scnt = (uint8_t)clams_rank_dw(&s->cfg);
        s->sdone = 0;
        s->nz = 0;
    } else if (s->scnt) {
        unsigned a = (unsigned)(s->sa & 1), l0 = s->sl & 1, l1 = s->lh & 1, l2 = s->lh >> 1 & 1, l3 = s->lh >> 2 & 1;
        unsigned m3 = l0 ^ l1 ^ s->c3, m5 = l0 ^ l2 ^ s->c5, m6 = l1 ^ l2 ^ s->c6, m7 = l3 ^ l0 ^ s->b7;
        unsigned b = l0 | l1 << 1 | m3 << 2 | l2 << 3 | m5 << 4 | m6 << 5 | m7 << 6; /* bit i of L .. 7L */
        unsigned am = a ? 0x7f : 0;
        s->gt = (uint8_t)(((am & ~b) | (~(am ^ b) & s->gt)) & 0x7f);
        s->c3 = (uint8_t)((l0 & l1) | (s->c3 & (l0 ^ l1)));
        s->c5 = (uint8_t)((l0 & l2) | (s->c5 & (l0 ^ l2)));
        s->c6 = (uint8_t)((l1 & l2) | (s->c6 & (l1 ^ l2)));
        s->b7 = (uint8_t)(((l3 ^ 1) & l0) | (s->b7 & (l3 ^ l0 ^ 1)));
        s->sa >>= 1;
        s->sl >>= 1;
        s->lh = (uint8_t)((s->lh << 1 | l0) & 7);
        s->scnt--;
        s->sdone = s->scnt == 0;
        s->nz |= (uint8_t)l0;
    } else {
        s->sdone = 0;
    }
}

void clams_rank_init(clams_rank_state *s, const clams_rank_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->rank = 7;
    div_reset(&s->div);
}

/* this cycle's sums (the accumulators never overflow: clams_rank_aw) */
static void sums(const clams_rank_state *s, const clams_rank_in *in, uint32_t *live, uint32_t *shrt)
{
    uint64_t m = bits_mask(clams_rank_cw(&s->cfg));
    *live = s->acc_live + (uint32_t)(in->live_i & m);
    *shrt = s->acc_short + (uint32_t)(in->short_i & m);
}

void clams_rank_eval(const clams_rank_state *s, const clams_rank_in *in, clams_rank_out *out)
{
    (void)in;
    out->rank_o = s->rank;
    out->end_o = s->cfg.Pipe ? s->lastq : s->cyc == s->cfg.Epoch - 1;
}

void clams_rank_tick(clams_rank_state *s, const clams_rank_in *in)
{
    uint32_t live, shrt;
    int last = s->cfg.Pipe ? s->lastq : s->cyc == s->cfg.Epoch - 1;
    if (in->rst_i & 1) {
        s->cyc = 0;
        s->acc_live = 0;
        s->acc_short = 0;
        s->rank = 7;
        s->sa = 0, s->sl = 0, s->lh = 0, s->c3 = s->c5 = s->c6 = s->b7 = 0, s->gt = 0;
        s->scnt = 0, s->sdone = 0, s->nz = 0, s->lz = 0, s->lastq = 0;
        div_reset(&s->div);
        return;
    }
    sums(s, in, &live, &shrt);
    if (s->cfg.Pipe) s->lastq = s->cyc + 2 == s->cfg.Epoch; /* next cycle is the last (Epoch > 1) */
    if (s->cfg.Pipe && !s->cfg.Form) {
        serial_tick(s, last, shrt, live);
    } else if (s->cfg.Pipe) {
        /* divide form: a finished division gives the rank; an epoch's end starts one */
        int take = last && !div_busy(&s->div);
        if (s->div.done) s->rank = (uint8_t)rank_of_division(s->div.quo, s->div.rem, s->lz);
        if (take) s->lz = live == 0;
        div_tick(&s->div, clams_rank_dw(&s->cfg), last, 8 * (uint64_t)shrt, live);
    }
    if (last) {
        if (!s->cfg.Pipe) s->rank = (uint8_t)clams_rank_of(shrt, live);
        s->cyc = 0;
        s->acc_live = 0;
        s->acc_short = 0;
    } else {
        s->cyc++;
        s->acc_live = live;
        s->acc_short = shrt;
    }
}

static void probe_fill(const void *sv, void *pv)
{
    const clams_rank_state *s = sv;
    clams_rank_probe *p = pv;
    p->cyc[0] = s->cyc;
    p->acc_live[0] = s->acc_live;
    p->acc_short[0] = s->acc_short;
    p->rank[0] = s->rank;
    p->sa[0] = s->sa;
    p->sl[0] = s->sl;
    p->lh[0] = s->lh;
    p->c3[0] = s->c3;
    p->c5[0] = s->c5;
    p->c6[0] = s->c6;
    p->b7[0] = s->b7;
    p->gt[0] = s->gt;
    p->scnt[0] = s->scnt;
    p->sdone[0] = s->sdone;
    p->snz[0] = s->nz;
    p->lastq[0] = s->lastq;
    p->lz[0] = s->lz;
    p->dcnt[0] = s->div.cnt;
    p->ddone[0] = s->div.done;
    p->drem[0] = s->div.rem;
    p->dquo[0] = s->div.quo;
    p->ddiv[0] = s->div.div;
}

/* Pipe=1: the rank's AW + 3 steps (comparisons or division) must end before the next
 * epoch's end, so that every epoch's rank is computed */
static int clams_rank_cfg_check(const void *cfgv, char *err, size_t n)
{
    const clams_rank_cfg *P = cfgv;
    if (P->Pipe && P->Epoch < clams_rank_dw(P) + 1) {
        snprintf(err, n, "clams_rank: Epoch=%u with Pipe=1: the rank's %u steps need Epoch >= %u", P->Epoch,
                 clams_rank_dw(P), clams_rank_dw(P) + 1);
        return 1;
    }
    return 0;
}

/* Functional coverage (blk.h): the rank's branches and corner states lockstep must reach. */
static const char *const clams_rank_cover_names[] = {
    "epoch_end",          /* an epoch ends: the rank register takes the epoch's rank */
    "idle_epoch",         /* it had no resident warp (L = 0): rank 8 */
    "no_short",           /* no short-latency warp (S = 0, L > 0): rank 1 */
    "rank1_share",        /* 0 < S/L <= 1/8: rank 1 by the ratio */
    "rank_mid",           /* rank 2..7 */
    "rank8_share",        /* 7/8 < S/L <= 1: rank 8 by the ratio */
    "short_over_live",    /* S > L (counts no core reports): clamped to rank 8 */
    "exact_eighth",       /* S/L exactly k/8 (0 < S <= L): the boundary takes the lower rank */
    "rank_changed",       /* the new rank differs from the old */
    "rank_held",          /* the new rank ties the old one */
    "rank_swing",         /* rank 1 to rank 8 or back in one update */
    "last_cycle_decides", /* the epoch's last cycle's counts change the rank */
    "acc_top",            /* an accumulated sum reaches its width's top (Epoch x port maximum) */
    "wild_counts",        /* a count above Warps, or short above live */
    "reset_mid_epoch",    /* reset with an epoch under way (cycle or sums not 0) */
    "pipe_rank_late",     /* Pipe=1: the rank register takes an ended epoch's rank, AW + 4 cycles after its end */
    "pipe_overlap",       /* Pipe=1: an epoch ends as the last one's rank is taken (Epoch = AW + 4) */
    "pipe_reset_drops",   /* Pipe=1: reset while a rank is being computed (comparisons or division) */
    NULL,
};

static uint64_t kind_cover(const void *sv, const void *iv, const void *ov)
{
    const clams_rank_state *s = sv;
    const clams_rank_in *in = iv;
    const clams_rank_cfg *c = &s->cfg;
    uint64_t m = 0, cm = bits_mask(clams_rank_cw(c));
    uint32_t live, shrt, li = (uint32_t)(in->live_i & cm), si = (uint32_t)(in->short_i & cm);
    unsigned nr;
    (void)ov;
    if (c->Pipe && (s->scnt || s->sdone || s->div.cnt || s->div.done)) {
        int done = s->sdone || s->div.done;
        if (in->rst_i & 1) m |= 1u << 17;
        else if (done) m |= 1u << 15;
        if (!(in->rst_i & 1) && done && s->cyc == c->Epoch - 1) m |= 1u << 16;
    }
    if (in->rst_i & 1) {
        if (s->cyc || s->acc_live || s->acc_short) m |= 1u << 14;
        return m;
    }
    sums(s, in, &live, &shrt);
    if (live == (uint32_t)(cm * c->Epoch) || shrt == (uint32_t)(cm * c->Epoch)) m |= 1u << 12;
    if (li > c->Warps || si > c->Warps || si > li) m |= 1u << 13;
    if (s->cyc != c->Epoch - 1) return m;
    nr = clams_rank_of(shrt, live);
    m |= 1u << 0;
    if (live == 0) m |= 1u << 1;
    else if (shrt == 0) m |= 1u << 2;
    else if (shrt > live) m |= 1u << 6;
    else if (nr == 0) m |= 1u << 3;
    else if (nr == 7) m |= 1u << 5;
    else m |= 1u << 4;
    if (live && shrt && shrt <= live && 8 * (uint64_t)shrt % live == 0) m |= 1u << 7;
    m |= nr != s->rank ? 1u << 8 : 1u << 9;
    if ((nr == 0 && s->rank == 7) || (nr == 7 && s->rank == 0)) m |= 1u << 10;
    if (nr != clams_rank_of(s->acc_short, s->acc_live)) m |= 1u << 11;
    return m;
}

#define BLK_T_CFG clams_rank_cfg
#define BLK_T_IN clams_rank_in
#define BLK_T_OUT clams_rank_out
#define BLK_T_PROBE clams_rank_probe
static const blk_param clams_rank_params[] = {CLAMS_RANK_PARAMS(BLK_PARAM_ROW)};
BLK_PORT_FUNCS(clams_rank, CLAMS_RANK_PORTS, CLAMS_RANK_PROBES, CLAMS_RANK_WAVES)
static const char *const clams_rank_groups[] = CLAMS_RANK_GROUPS;
/* the seed's design first (48 warps, 128-cycle epochs, divider-free form); the divider
 * form; small ones for dense lockstep (short epochs: many rank updates); the pipelined
 * forms of the seed's design (docs/timing/clams_rank.md) */
static const char *const clams_rank_presets[] = {"final",  "",
                                                 "divide", "Form=divide",
                                                 "small",  "Warps=8,Epoch=8",
                                                 "tiny",   "Warps=2,Epoch=1",
                                                 "pipe",   "Pipe=1",
                                                 "pipe_divide", "Form=divide,Pipe=1",
                                                 NULL};

static void kind_init(void *s, const void *cfg) { clams_rank_init(s, cfg); }
static void kind_eval(const void *s, const void *in, void *out) { clams_rank_eval(s, in, out); }
static void kind_tick(void *s, const void *in) { clams_rank_tick(s, in); }

const blk_kind clams_rank_kind = {
    "clams_rank",
    sizeof(clams_rank_cfg),
    sizeof(clams_rank_in),
    sizeof(clams_rank_out),
    sizeof(clams_rank_state),
    sizeof(clams_rank_probe),
    clams_rank_params,
    (int)(sizeof clams_rank_params / sizeof clams_rank_params[0]),
    clams_rank_presets,
    NULL,
    clams_rank_cfg_check,
    clams_rank_ports,
    clams_rank_probes,
    clams_rank_waves,
    clams_rank_groups,
    kind_init,
    kind_eval,
    kind_tick,
    probe_fill,
    clams_rank_cover_names,
    kind_cover,
};
