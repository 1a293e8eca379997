/*
 * laws.h: bit-accurate, cycle-level C model of rtl/laws/laws.v, the locality aware warp
 * scheduler (LAWS) of seed 001 section IV-A: the last-load table (LLT), the warp-group
 * table (WGT) and the scheduling order of the warps, kept as an order matrix (the
 * model holds the order it encodes as a list; laws.c).
 * docs/apres.md describes it; the choices where the seed is silent are A1.. of
 * docs/deviations.md.
 *
 * The port structs come from laws_ports.def, the configuration from laws_params.def;
 * the state struct holds the RTL registers (same names, without _q; the order register
 * ahead_q as the order it encodes) and what the model derives from them.
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

/* index widths (bits_idx_w: ceil(log2 n), at least 1), without its loop: the model asks
 * every cycle */
static inline unsigned laws_idx_w(unsigned n) { return n <= 2 ? 1 : 32 - (unsigned)__builtin_clz(n - 1); }
static inline unsigned laws_ww(const laws_cfg *P) { return laws_idx_w(P->Warps); }
static inline unsigned laws_gw(const laws_cfg *P) { return laws_idx_w(P->Groups); }
static inline unsigned laws_pairs(const laws_cfg *P) { return P->Warps * (P->Warps - 1) / 2; }

#include "laws_ports.def"
BLK_STRUCTS(laws, LAWS_PORTS, LAWS_PROBES)
#define BLK_T_CFG laws_cfg
#define BLK_WFN_NAME(name) laws_w_##name
LAWS_PORTS(BLK_WFN_N, BLK_WFN_W)
#undef BLK_WFN_NAME
#undef BLK_T_CFG

/*
 * The RTL's registers, and beside them what the model derives from them so that a
 * cycle costs little (laws.c): the order register ahead_q (one bit per pair) is held as
 * the list it encodes, and the LLT is also held by value (the warps of each LLPC).
 */
typedef struct laws_state {
    laws_cfg cfg;
    uint32_t llt[LAWS_MAX_W];   /* llt_q */
    uint8_t wgt_v[LAWS_MAX_G];  /* wgt_v_q */
    uint64_t wgt[LAWS_MAX_G];   /* wgt_q */
    /* ahead_q, as the order it encodes (a strict total order): ord[p] the warp at place p,
     * head first; place[w] = the place of warp w; pre[p] the warps at places 0..p.
     * laws_ahead_row gives the register's rows, the probes its packed bits. */
    uint8_t ord[LAWS_MAX_W];
    uint8_t place[LAWS_MAX_W];
    uint64_t pre[LAWS_MAX_W];
    /* the LLT by value: class c (bit c of cls_used) is the warps cls_vec[c], whose LLT
     * entries hold cls_pc[c]; cls_of[w] is warp w's class */
    uint64_t cls_used;
    uint64_t cls_vec[LAWS_MAX_W];
    uint32_t cls_pc[LAWS_MAX_W];
    uint8_t cls_of[LAWS_MAX_W];
    /* Pipe 1 (g_pipe.*_q): the issue whose group forms next cycle, and the moves the
     * order applies next cycle */
    uint8_t p_iss, p_warp;
    uint32_t p_own;
    uint8_t mv_ok, mv_hit;
    uint64_t mv_vec, mv_tgt, mv_new;
} laws_state;

void laws_init(laws_state *s, const laws_cfg *cfg);
void laws_eval(const laws_state *s, const laws_in *in, laws_out *out);
void laws_tick(laws_state *s, const laws_in *in);
/* is warp i ahead of warp j (i != j)? */
int laws_is_ahead(const laws_state *s, unsigned i, unsigned j);
/* row i of ahead_q: bit j > i set when warp i is ahead of warp j */
uint64_t laws_ahead_row(const laws_state *s, unsigned i);
/* LLT[w] = pc for every warp w of V (nonempty, within the Warps mask; pc within PcBits):
 * the model's own LLT writes, and a test's way to set LLT entries directly */
void laws_llt_write(laws_state *s, uint64_t V, uint32_t pc);
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
