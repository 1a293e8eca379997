/*
 * clams_rank.c: C model of rtl/clams_rank/clams_rank.v, register for register
 * (clams_rank.h; docs/clams.md). The RTL's two forms (Form: comparators or a divider)
 * give the same rank, so the C model has one: the definition.
 */
#include "clams_rank.h"

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

void clams_rank_init(clams_rank_state *s, const clams_rank_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    s->rank = 7;
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
    out->end_o = s->cyc == s->cfg.Epoch - 1;
}

void clams_rank_tick(clams_rank_state *s, const clams_rank_in *in)
{
    uint32_t live, shrt;
    if (in->rst_i & 1) {
        s->cyc = 0;
        s->acc_live = 0;
        s->acc_short = 0;
        s->rank = 7;
        return;
    }
    sums(s, in, &live, &shrt);
    if (s->cyc == s->cfg.Epoch - 1) {
        s->rank = (uint8_t)clams_rank_of(shrt, live);
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
 * form; small ones for dense lockstep (short epochs: many rank updates) */
static const char *const clams_rank_presets[] = {"final",  "",
                                                 "divide", "Form=divide",
                                                 "small",  "Warps=8,Epoch=8",
                                                 "tiny",   "Warps=2,Epoch=1",
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
    NULL,
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
