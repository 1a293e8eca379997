/*
 * clams_rank.h: bit-accurate, cycle-level C model of rtl/clams_rank/clams_rank.v, the
 * per-core criticality rank of CLAMS (seed 004 sections 3.1 and 5.6): two accumulators
 * of resident and short-latency warps over an epoch, and at its end a 3-bit rank by
 * eighths of their ratio. docs/clams.md describes it; the choices where the seed is
 * silent are C1.. of docs/deviations.md.
 *
 * The port structs come from clams_rank_ports.def, the configuration from
 * clams_rank_params.def; the state struct holds exactly the RTL registers (same names,
 * without _q).
 */
#ifndef CLAMS_RANK_H
#define CLAMS_RANK_H

#include <stdint.h>

#include "bits.h"
#include "blk.h"
#include "divider_model.h"

#include "clams_rank_params.def"
typedef struct clams_rank_cfg {
    CLAMS_RANK_PARAMS(BLK_PARAM_FIELD)
} clams_rank_cfg;

/* widths: a warp count (0..Warps), the epoch cycle (0..Epoch-1), an accumulator (an
 * epoch of the largest count the port can carry, so it never overflows: 13 bits for 48
 * warps and 128 cycles, the seed's 13) */
static inline unsigned clams_rank_cw(const clams_rank_cfg *P) { return bits_count_w(P->Warps); }
static inline unsigned clams_rank_yw(const clams_rank_cfg *P) { return bits_idx_w(P->Epoch); }
static inline unsigned clams_rank_aw(const clams_rank_cfg *P)
{
    return bits_count_w((unsigned)bits_mask(clams_rank_cw(P)) * P->Epoch);
}

/* Pipe=1: the width of 8 x short and of 7 x resident (AW + 3 bits: the compare form's
 * steps, the divider's width) and its step counter's */
static inline unsigned clams_rank_dw(const clams_rank_cfg *P) { return clams_rank_aw(P) + 3; }
static inline unsigned clams_rank_dcw(const clams_rank_cfg *P) { return bits_count_w(clams_rank_dw(P)); }

#include "clams_rank_ports.def"
BLK_STRUCTS(clams_rank, CLAMS_RANK_PORTS, CLAMS_RANK_PROBES)
#define BLK_T_CFG clams_rank_cfg
#define BLK_WFN_NAME(name) clams_rank_w_##name
CLAMS_RANK_PORTS(BLK_WFN_N, BLK_WFN_W)
#undef BLK_WFN_NAME
#undef BLK_T_CFG

typedef struct clams_rank_state {
    clams_rank_cfg cfg;
    uint32_t cyc;       /* cyc_q */
    uint32_t acc_live;  /* acc_live_q */
    uint32_t acc_short; /* acc_short_q */
    uint8_t rank;       /* rank_q: rank - 1 */
    /* Pipe=1, compare form: 8S > kL (k = 1..7) bit-serially, least significant first */
    uint64_t sa;        /* g_pcmp.sa_q: 8S, shifting right */
    uint32_t sl;        /* g_pcmp.sl_q: L, shifting right */
    uint8_t lh;         /* g_pcmp.lh_q: L's bits i-1 (bit 0), i-2, i-3 */
    uint8_t c3, c5, c6, b7; /* g_pcmp: carries of 3L, 5L, 6L; borrow of 7L = 8L - L */
    uint8_t gt;         /* g_pcmp.gt_q: bit k-1 = 8S > kL so far */
    uint8_t scnt, sdone; /* g_pcmp.cnt_q, done_q */
    uint8_t nz;         /* g_pcmp.nz_q: a bit of L so far was 1 */
    /* Pipe=1, divide form: the dividing epoch had L = 0 (g_pdiv.lz_q) */
    uint8_t lz;
    /* Pipe=1: the epoch's last cycle, a register (g_last_reg.last_q) */
    uint8_t lastq;
    /* Pipe=1, divide form: 8 S / L in the shared divider */
    div_model div;      /* u_div */
} clams_rank_state;

void clams_rank_init(clams_rank_state *s, const clams_rank_cfg *cfg);
void clams_rank_eval(const clams_rank_state *s, const clams_rank_in *in, clams_rank_out *out);
void clams_rank_tick(clams_rank_state *s, const clams_rank_in *in);

/* The rank (coded rank - 1, 0..7) of an epoch with `shrt` short-latency warp-cycles out
 * of `live` resident ones, by the seed's definition: rank k when (k-1)/8 < shrt/live <=
 * k/8; rank 1 for shrt = 0; rank 8 for shrt > live and for live = 0 (docs/deviations.md
 * C1). Written as the division it is (8 x shrt / live rounded up). */
unsigned clams_rank_of(uint32_t shrt, uint32_t live);

extern const blk_kind clams_rank_kind;

#endif
