/*
 * laws.h: bit-accurate, cycle-level C model of rtl/laws/laws.v, the locality aware warp
 * scheduler (LAWS) of seed 001 section IV-A: the last-load table (LLT), the warp-group
 * table (WGT) and the scheduling order of the warps, kept as an order matrix.
 * docs/apres.md describes it; the choices where the seed is silent are A1.. of
 * docs/deviations.md.
 *
 * The port structs come from laws_ports.def, the configuration from laws_params.def;
 * the state struct holds exactly the RTL registers (same names, without _q).
 */
#ifndef LAWS_H
#define LAWS_H

#include <stdint.h>

#include "bits.h"
#include "blk.h"

#define LAWS_MAX_W 64
#define LAWS_MAX_G 8
#define LAWS_PAIR_WORDS 32 /* 64 warps: 2016 pair bits */

#include "laws_params.def"
typedef struct laws_cfg {
    LAWS_PARAMS(BLK_PARAM_FIELD)
} laws_cfg;

static inline unsigned laws_ww(const laws_cfg *P) { return bits_idx_w(P->Warps); }
static inline unsigned laws_gw(const laws_cfg *P) { return bits_idx_w(P->Groups); }
static inline unsigned laws_pairs(const laws_cfg *P) { return P->Warps * (P->Warps - 1) / 2; }

#include "laws_ports.def"
BLK_STRUCTS(laws, LAWS_PORTS, LAWS_PROBES)
#define BLK_T_CFG laws_cfg
#define BLK_WFN_NAME(name) laws_w_##name
LAWS_PORTS(BLK_WFN_N, BLK_WFN_W)
#undef BLK_WFN_NAME
#undef BLK_T_CFG

typedef struct laws_state {
    laws_cfg cfg;
    uint32_t llt[LAWS_MAX_W];   /* llt_q */
    uint8_t wgt_v[LAWS_MAX_G];  /* wgt_v_q */
    uint64_t wgt[LAWS_MAX_G];   /* wgt_q */
    uint64_t ahead[LAWS_MAX_W]; /* ahead_q, by rows: row i, bit j > i: warp i is ahead of warp j
                                   (the RTL packs the pairs (0,1), (0,2) .. in one vector) */
    /* not registers: the same order as a list, ord[p] the warp at place p (head first),
     * and its prefixes, pre[p] the warps at places 0..p. A move rewrites them and ahead[]
     * in one pass over the places (laws.c); a pick searches pre[] in halves. */
    uint8_t ord[LAWS_MAX_W];
    uint64_t pre[LAWS_MAX_W];
} laws_state;

void laws_init(laws_state *s, const laws_cfg *cfg);
void laws_eval(const laws_state *s, const laws_in *in, laws_out *out);
void laws_tick(laws_state *s, const laws_in *in);
/* is warp i ahead of warp j (i != j)? */
int laws_is_ahead(const laws_state *s, unsigned i, unsigned j);
/* the order, head first: out[0..Warps-1] */
void laws_order(const laws_state *s, unsigned *out);

extern const blk_kind laws_kind;

/* In the GPU model (laws_gpu.c): what an SM's LAWS handed to its SAP this cycle (the
 * first member of the driver's priv, read by sap_gpu.c through gpu_hook_sibling):
 * a group whose head access missed. */
typedef struct laws_gpu_mail {
    uint64_t at;    /* GPU cycle + 1 of the report (0: none yet) */
    uint64_t vec;   /* the group */
    uint8_t warp;   /* the warp whose access missed */
} laws_gpu_mail;

#endif
