/*
 * memsched.h: memory request scheduling queue (seed 003, Choo, chapter 6).
 *
 * Bit-accurate, cycle-level C model of rtl/memsched/memsched.v. One instance per SM,
 * between the memory stage and the L1: one FIFO slot per warp, each cycle the heads of
 * up to K non-empty slots are probed in the L1 and one of them is served. The port
 * structs come from memsched_ports.def, the configuration from memsched_params.def;
 * the state struct holds exactly the RTL registers (same names, without _q), each
 * masked to its declared width.
 */
#ifndef MEMSCHED_H
#define MEMSCHED_H

#include <stddef.h>
#include <stdint.h>

#include "bits.h"
#include "blk.h"

/* Compile-time bounds (memsched_params.def's ranges, which the shared code and the RTL
 * check). */
#define MEMSCHED_MAX_SLOTS 64
#define MEMSCHED_MAX_DEPTH 64
#define MEMSCHED_MAX_K 8
#define MEMSCHED_LINE_WORDS ((MEMSCHED_MAX_K * 64 + 63) / 64)

enum memsched_policy { MEMSCHED_FIXED = 0, MEMSCHED_RR = 1, MEMSCHED_GRR = 2 };

#include "memsched_params.def"
typedef struct memsched_cfg {
    MEMSCHED_PARAMS(BLK_PARAM_FIELD)
} memsched_cfg;

static inline unsigned memsched_qw(const memsched_cfg *P) { return bits_idx_w(P->Slots); }
static inline unsigned memsched_kw(const memsched_cfg *P) { return bits_idx_w(P->K); }
static inline unsigned memsched_cntw(const memsched_cfg *P) { return bits_count_w(P->Depth); }
static inline unsigned memsched_ptrw(const memsched_cfg *P) { return bits_idx_w(P->Depth); }

#include "memsched_ports.def"
BLK_STRUCTS(memsched, MEMSCHED_PORTS, MEMSCHED_PROBES)
#define BLK_T_CFG memsched_cfg
#define BLK_WFN_NAME(name) memsched_w_##name
MEMSCHED_PORTS(BLK_WFN_N, BLK_WFN_W)
#undef BLK_WFN_NAME
#undef BLK_T_CFG

/* One stored request: {write, line, load slot} (the warp is the slot's number). */
typedef struct memsched_ent {
    uint64_t line;
    uint8_t write, ld;
} memsched_ent;

/* State: exactly the RTL registers of memsched.v. */
typedef struct memsched_state {
    memsched_cfg cfg;
    uint8_t cnt[MEMSCHED_MAX_SLOTS];  /* u_cnt: requests held per slot */
    uint8_t head[MEMSCHED_MAX_SLOTS]; /* u_head: read pointer */
    uint8_t tail[MEMSCHED_MAX_SLOTS]; /* u_tail: write pointer */
    uint8_t ptr;                      /* ptr_q: round-robin pointer (Pipe=1: past the registered list) */
    /* Pipe=1: the candidate list found a cycle early (cq_v_q, cq_slot_q, cq_head_q) and the
     * next search's start as a mask of slots (smask_q) */
    uint8_t cq_v, cq_slot[MEMSCHED_MAX_K], cq_head[MEMSCHED_MAX_K];
    uint64_t smask;
    memsched_ent mem[MEMSCHED_MAX_SLOTS * MEMSCHED_MAX_DEPTH]; /* u_store: {slot, position} */
    /* Derived from cnt (the RTL computes it as a wire), kept for speed. */
    uint64_t nonempty;
} memsched_state;

/* The candidate list of the current state (what cand_* show), for the unit tests and the
 * GPU driver's descriptions: n candidates, their slots in order; 0 in reset. */
unsigned memsched_cands(const memsched_state *s, unsigned *slots);

void memsched_init(memsched_state *s, const memsched_cfg *cfg); /* power-on = reset */
void memsched_eval(const memsched_state *s, const memsched_in *in, memsched_out *out);
void memsched_tick(memsched_state *s, const memsched_in *in);

/* Field j of a packed per-candidate port. */
static inline unsigned memsched_field(uint64_t v, unsigned j, unsigned w)
{
    return (unsigned)((v >> (j * w)) & bits_mask(w));
}
/* Candidate j's line address from cand_line_o. */
uint64_t memsched_cand_line(const memsched_out *out, const memsched_cfg *cfg, unsigned j);

extern const blk_kind memsched_kind;

static inline void memsched_cfg_default(memsched_cfg *c) { blk_cfg_default(&memsched_kind, c); }
static inline int memsched_cfg_set(memsched_cfg *c, const char *key, const char *val, char *err, size_t n)
{
    return blk_cfg_set(&memsched_kind, c, key, val, err, n);
}
static inline int memsched_cfg_validate(const memsched_cfg *c, char *err, size_t n)
{
    return blk_cfg_validate(&memsched_kind, c, err, n);
}

#endif
