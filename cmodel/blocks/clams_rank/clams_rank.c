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
};
