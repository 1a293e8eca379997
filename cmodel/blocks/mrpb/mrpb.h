/*
 * mrpb.h: memory request prioritization buffer (seed 000, sections 3 and 6, Table 4).
 *
 * Bit-accurate, cycle-level C model of rtl/mrpb/mrpb.v. The port structs come from
 * the port list mrpb_ports.def, the configuration from mrpb_params.def; the state
 * struct holds exactly the RTL registers (same names, without the _q suffix), each
 * masked to its declared width.
 */
#ifndef MRPB_H
#define MRPB_H

#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "blk.h"

/* Compile-time bounds of the state arrays (the same as mrpb_params.def's ranges, which
 * the shared configuration code and the RTL check). */
#define MRPB_MAX_NQ 64
#define MRPB_MAX_DEPTH 32
#define MRPB_MIN_LATENCY 3
#define MRPB_MAX_LATENCY 18
#define MRPB_MAX_STAGES (MRPB_MAX_LATENCY - 2)
#define MRPB_QLEN_WORDS ((MRPB_MAX_NQ * 6 + 63) / 64) /* LenW <= 6 at depth 32 */

enum mrpb_sig { MRPB_SIG_WARP = 0, MRPB_SIG_BLOCK = 1, MRPB_SIG_INBLK = 2 };
enum mrpb_drain { MRPB_DRAIN_FIXED = 0, MRPB_DRAIN_RR = 1, MRPB_DRAIN_LONGEST = 2 };
enum mrpb_bypass { MRPB_BYP_OFF = 0, MRPB_BYP_ALL = 1, MRPB_BYP_ASSOC = 2 };
enum mrpb_stall { MRPB_STALL_OTHER = 0, MRPB_STALL_ASSOC = 1, MRPB_STALL_MSHR = 2,
                  MRPB_STALL_MERGE = 3, MRPB_STALL_MISSQ = 4 };
enum mrpb_why { MRPB_WHY_POLICY = 0, MRPB_WHY_GREEDY = 1, MRPB_WHY_FULL = 2, MRPB_WHY_FLUSH = 3 };

/* Configuration: one unsigned per Verilog parameter of rtl/mrpb/mrpb.v (mrpb_params.def). */
#include "mrpb_params.def"
typedef struct mrpb_cfg {
    MRPB_PARAMS(BLK_PARAM_FIELD)
} mrpb_cfg;

static inline unsigned mrpb_qw(const mrpb_cfg *P) { return bits_idx_w(P->NumQ); }
static inline unsigned mrpb_lenw(const mrpb_cfg *P) { return bits_count_w(P->Depth); }
static inline unsigned mrpb_ptrw(const mrpb_cfg *P) { return bits_idx_w(P->Depth); }
/* visibility delay-line stages: Latency-2, or Latency-4 with Pipe=1 (two drain stages) */
static inline unsigned mrpb_stages(const mrpb_cfg *P) { return P->Latency - (P->Pipe ? 4u : 2u); }

/* Port structs mrpb_in / mrpb_out (one uint64_t, or words, per port), the probe struct
 * mrpb_probe, and mrpb_w_<port>(P): each port's width, all from the port list. */
#include "mrpb_ports.def"
BLK_STRUCTS(mrpb, MRPB_PORTS, MRPB_PROBES)
#define BLK_T_CFG mrpb_cfg
#define BLK_WFN_NAME(name) mrpb_w_##name
MRPB_PORTS(BLK_WFN_N, BLK_WFN_W)
#undef BLK_WFN_NAME
#undef BLK_T_CFG

/* One stored request (a queue entry or the outbound register). */
typedef struct mrpb_req {
    uint64_t addr, pc;
    uint32_t tag;
    uint8_t write, warp, block, inblk, lane;
} mrpb_req;

/* State: exactly the RTL registers of mrpb.v. */
typedef struct mrpb_state {
    mrpb_cfg cfg;
    uint8_t len[MRPB_MAX_NQ];                 /* len_q: entries held or in flight */
    uint8_t vis[MRPB_MAX_NQ];                 /* vis_q: entries visible to the drain */
    uint8_t head[MRPB_MAX_NQ];                /* head_q: read pointer */
    uint8_t tail[MRPB_MAX_NQ];                /* tail_q: write pointer */
    uint8_t dly_valid[MRPB_MAX_STAGES];       /* u_dly: visibility delay line */
    uint8_t dly_q[MRPB_MAX_STAGES];
    uint8_t obuf_valid;                       /* obuf_valid_q */
    mrpb_req obuf;                            /* obuf_*_q */
    uint8_t last_q;                           /* last_q_q: last drained queue */
    uint8_t last_valid;                       /* last_valid_q */
    /* Pipe=1 (docs/timing/mrpb.md): drain stage B, stage C, the registered write port */
    uint8_t sel_valid, sel_q;                 /* sel_valid_q, sel_q_q */
    uint8_t rd_valid, rd_q, rd_slot;          /* rd_valid_q, rd_q_q, rd_slot_q */
    uint8_t wr_valid, wr_q, wr_slot;          /* wr_valid_q, wr_q_q, wr_slot_q */
    mrpb_req wr_ent;                          /* wr_ent_q */
    mrpb_req mem[MRPB_MAX_NQ * MRPB_MAX_DEPTH]; /* u_store: queue storage, {queue, slot} */
    /* Derived from the registers above, kept up to date so that a cycle costs O(1)
     * whatever NumQ is; not registers of the RTL (it computes them as wires). */
    uint64_t elig;                            /* bit q: vis[q] != 0 */
    uint64_t qlen_words[MRPB_QLEN_WORDS];     /* len[] packed as on qlen_o */
    uint8_t lenw;                             /* mrpb_lenw(&cfg), a constant */
} mrpb_state;

void mrpb_init(mrpb_state *s, const mrpb_cfg *cfg); /* power-on: registers zero (as reset) */
void mrpb_eval(const mrpb_state *s, const mrpb_in *in, mrpb_out *out);
void mrpb_tick(mrpb_state *s, const mrpb_in *in);

/* Queue length as seen on qlen_o. */
unsigned mrpb_qlen(const mrpb_out *out, const mrpb_cfg *cfg, unsigned q);

extern const blk_kind mrpb_kind;

/* The shared configuration code (blk.h) on this kind. */
static inline void mrpb_cfg_default(mrpb_cfg *c) { blk_cfg_default(&mrpb_kind, c); }
static inline int mrpb_cfg_set(mrpb_cfg *c, const char *key, const char *val, char *err, size_t n)
{
    return blk_cfg_set(&mrpb_kind, c, key, val, err, n);
}
static inline int mrpb_cfg_validate(const mrpb_cfg *c, char *err, size_t n)
{
    return blk_cfg_validate(&mrpb_kind, c, err, n);
}
static inline void mrpb_cfg_format(const mrpb_cfg *c, char *buf, size_t n)
{
    blk_cfg_format(&mrpb_kind, c, buf, n);
}

#endif
