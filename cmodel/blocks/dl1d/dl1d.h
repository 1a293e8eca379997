/*
 * dl1d.h: bit-accurate, cycle-level C model of rtl/dl1d/dl1d.v, the decoupled L1D of
 * seed 002 chapter 4 (tag store with RC and Position, data-store bookkeeping with LRU
 * and Free Line counts, LFU tag replacement with dynamic aging, locality threshold)
 * and its SM-dueling unit (section 4.4.3). docs/dl1d.md describes it; the
 * choices where the seed is silent are D1..D15 of docs/deviations.md.
 *
 * The port structs come from dl1d_ports.def, the configuration from dl1d_params.def;
 * the state struct holds exactly the RTL registers (same names, without _q).
 */
#ifndef DL1D_H
#define DL1D_H

#include <stdint.h>

#include "bits.h"
#include "blk.h"

#define DL1D_MAX_SETS 64
#define DL1D_MAX_TW 16
#define DL1D_MAX_DW 8
#define DL1D_MAX_T (DL1D_MAX_SETS * DL1D_MAX_TW)
#define DL1D_MAX_D (DL1D_MAX_SETS * DL1D_MAX_DW)
#define DL1D_CW 12 /* dueling counters: reads and misses per interval, saturating */
/* Pipe=1: the dueling comparison's pipeline: stage 0 the snapshot of the counters,
 * 1 the constant products, 2 the right-hand multiplicand, 3..14 one multiplier bit each */
#define DL1D_NDS (DL1D_CW + 3)
#define DL1D_PW 34 /* width of the comparison's products (as the single-cycle form's lhs/rhs) */

#include "dl1d_params.def"
typedef struct dl1d_cfg {
    DL1D_PARAMS(BLK_PARAM_FIELD)
} dl1d_cfg;

static inline unsigned dl1d_setw(const dl1d_cfg *P) { return bits_idx_w(P->Sets); }
static inline unsigned dl1d_tww(const dl1d_cfg *P) { return bits_idx_w(P->TagWays); }
static inline unsigned dl1d_dww(const dl1d_cfg *P) { return bits_idx_w(P->DataWays); }
static inline unsigned dl1d_fw(const dl1d_cfg *P) { return bits_count_w(P->DataWays); }

#include "dl1d_ports.def"
BLK_STRUCTS(dl1d, DL1D_PORTS, DL1D_PROBES)
#define BLK_T_CFG dl1d_cfg
#define BLK_WFN_NAME(name) dl1d_w_##name
DL1D_PORTS(BLK_WFN_N, BLK_WFN_W)
#undef BLK_WFN_NAME
#undef BLK_T_CFG

enum { DL1D_OP_NONE = 0, DL1D_OP_READ, DL1D_OP_WRITE, DL1D_OP_FILL, DL1D_OP_PREFETCH, DL1D_OP_FLUSH };
enum {
    DL1D_RES_NONE = 0,
    DL1D_RES_HIT,
    DL1D_RES_PEND,
    DL1D_RES_ALLOC,
    DL1D_RES_BYP_TAGMISS,
    DL1D_RES_BYP_COLD,
    DL1D_RES_BYP_NOLINE,
    DL1D_RES_WEVICT
};

/* one set's row as the decision reads it (way t of the tag store, way x of the data
 * store); match[t]: the entry is valid and holds the event's tag */
typedef struct dl1d_row {
    uint8_t tval[DL1D_MAX_TW], pval[DL1D_MAX_TW], rc[DL1D_MAX_TW], pos[DL1D_MAX_TW], match[DL1D_MAX_TW];
    uint8_t dval[DL1D_MAX_DW], dpend[DL1D_MAX_DW], lru[DL1D_MAX_DW];
    uint8_t free;
} dl1d_row;

typedef struct dl1d_state {
    dl1d_cfg cfg;
    /* tag store, entry e = set * TagWays + way */
    uint8_t tval[DL1D_MAX_T], rc[DL1D_MAX_T], pval[DL1D_MAX_T], pos[DL1D_MAX_T];
    uint64_t ttag[DL1D_MAX_T];
    /* data store bookkeeping, line l = set * DataWays + way */
    uint8_t dval[DL1D_MAX_D], dpend[DL1D_MAX_D], lru[DL1D_MAX_D];
    uint8_t freec[DL1D_MAX_SETS];
    /* dueling unit (Duel=1) */
    uint32_t dcyc, acc_a, miss_a, acc_b, miss_b;
    uint8_t dbase;
    /* Pipe=1, stage A -> B: the event (ports at the previous clock) and its set's row
     * (read at that clock, with the update of the event then in stage B forwarded) */
    uint8_t ev_op, ev_base;
    uint32_t ev_set, ev_el, ev_pacc, ev_pmiss;
    uint64_t ev_tag;
    dl1d_row r;
    /* Pipe=1 with Duel: the comparison pipeline (stage i = index i, DL1D_NDS above) */
    uint8_t cv[DL1D_NDS];
    uint32_t caa[DL1D_NDS], cab[DL1D_NDS], cma, cmb, cq;
    uint64_t cx[DL1D_NDS], cy[DL1D_NDS], cl[DL1D_NDS], cr[DL1D_NDS];
} dl1d_state;

/* The decision of one event, as the RTL's combinational logic computes it. */
typedef struct dl1d_dec {
    unsigned res, thit, tway, tevict, way, devict, free;
    int alloc;   /* a data line is allocated at `way` */
    int age;     /* the set's other tag entries age */
    int owner;   /* tag way owning the evicted or write-evicted line (-1 none) */
} dl1d_dec;

void dl1d_init(dl1d_state *s, const dl1d_cfg *cfg);
void dl1d_decide(const dl1d_state *s, const dl1d_in *in, dl1d_dec *d);
void dl1d_eval(const dl1d_state *s, const dl1d_in *in, dl1d_out *out);
void dl1d_tick(dl1d_state *s, const dl1d_in *in);
/* the dueling comparison: 1 when a's miss rate exceeds b's by more than pct points */
int dl1d_duel_worse(uint32_t acc_a, uint32_t miss_a, uint32_t acc_b, uint32_t miss_b, unsigned pct);

extern const blk_kind dl1d_kind;

#endif
