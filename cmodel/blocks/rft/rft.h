/*
 * rft.h: bit-accurate, cycle-level C model of rtl/rft/rft.v, the reuse frequency table
 * of seed 003 chapter 5 (locality-aware selective caching, LASC): one SM's replica of
 * the table indexed by a hashed load PC, and the per-line state of that SM's L1 (the
 * hashed PC of the load that filled the line and its reuse flag or hit count). A
 * demand read whose PC's entry says "no reuse" is bypassed; an eviction updates the
 * table (OR of the line's reuse bit, or the moving average of sec. 5.3.2) and is
 * broadcast to the other SMs' replicas. docs/choo.md describes it; the choices where
 * the seed is silent are in docs/deviations.md.
 *
 * The port structs come from rft_ports.def, the configuration from rft_params.def;
 * the state struct holds exactly the RTL registers (same names, without _q).
 */
#ifndef RFT_H
#define RFT_H

#include <stdint.h>

#include "bits.h"
#include "blk.h"

#define RFT_MAX_E 256
#define RFT_MAX_S 64
#define RFT_MAX_W 16
#define RFT_MAX_L (RFT_MAX_S * RFT_MAX_W)
#define RFT_HPC_WORDS 4 /* a set's hashed PCs: 16 ways x 16 bits */

#include "rft_params.def"
typedef struct rft_cfg {
    RFT_PARAMS(BLK_PARAM_FIELD)
} rft_cfg;

enum { RFT_OR = 0, RFT_AVG = 1 };

static inline unsigned rft_iw(const rft_cfg *P) { return bits_idx_w(P->Entries); }          /* index bits */
static inline unsigned rft_hw(const rft_cfg *P) { return rft_iw(P) + P->TagW; }              /* hashed PC */
static inline unsigned rft_tw1(const rft_cfg *P) { return P->TagW ? P->TagW : 1; }           /* tag ports */
static inline unsigned rft_vw(const rft_cfg *P) { return P->Update == RFT_AVG ? P->RBits + 1 : 1; }
static inline unsigned rft_setw(const rft_cfg *P) { return bits_idx_w(P->Sets); }
static inline unsigned rft_wayw(const rft_cfg *P) { return bits_idx_w(P->Ways); }

#include "rft_ports.def"
BLK_STRUCTS(rft, RFT_PORTS, RFT_PROBES)
#define BLK_T_CFG rft_cfg
#define BLK_WFN_NAME(name) rft_w_##name
RFT_PORTS(BLK_WFN_N, BLK_WFN_W)
#undef BLK_WFN_NAME
#undef BLK_T_CFG

/* the L1's answers (enum l1_result of cmodel/gpu/gpu_l1.h) and line states, as res_i
 * and present_i carry them */
enum { RFT_L1_HIT = 0, RFT_L1_PEND = 1, RFT_L1_MISS = 2, RFT_L1_WRITE = 3, RFT_L1_FAIL_MERGE = 6 };
enum { RFT_ABSENT = 0, RFT_VALID = 1, RFT_RESERVED = 2 };

typedef struct rft_state {
    rft_cfg cfg;
    /* the table replica, entry e */
    uint8_t tv[RFT_MAX_E], ttag[RFT_MAX_E], tval[RFT_MAX_E];
    /* per L1 line l = set * Ways + way */
    uint8_t lv[RFT_MAX_L], lcnt[RFT_MAX_L];
    uint16_t lhpc[RFT_MAX_L];
    /* Pipe=1 (g_pipe of the RTL): stage 1, the registered line action (eact 0 none,
     * 1 allocate, 2 write-evict, 3 mark) on line eline (the RTL's one-hot esel_q; 0
     * when none) with an allocation's hashed PC; stage 2's pending eviction update */
    uint8_t eact;
    uint16_t eline, ehpc;
    uint8_t pv, pidx, ptag, pval;
} rft_state;

/* One clock's combinational decision, as the RTL computes it. */
typedef struct rft_dec {
    unsigned rd, pf, wr;   /* the event's kind (acc_v_i, not in reset, flush or remote) */
    unsigned hpc, idx, tag;
    unsigned ehit, noreuse, byp, tbl_hit;
    unsigned line;         /* set * Ways + way */
    unsigned mark, alloc, wevict;
    unsigned ev, ev_idx, ev_tag, ev_val; /* this clock's eviction of a valid line (Pipe=1: stage 2's) */
    unsigned upd, upd_idx, upd_tag, upd_val; /* the table update of this clock (upd_*_o):
                                                Pipe=0 the eviction, Pipe=1 the pending one */
} rft_dec;

/* hpc = XOR-fold of (pc >> PcShift) into IW + TagW bits */
unsigned rft_hash(const rft_cfg *P, uint32_t pc);
void rft_init(rft_state *s, const rft_cfg *cfg);
void rft_decide(const rft_state *s, const rft_in *in, rft_dec *d);
void rft_eval(const rft_state *s, const rft_in *in, rft_out *out);
void rft_tick(rft_state *s, const rft_in *in);

extern const blk_kind rft_kind;

#endif
