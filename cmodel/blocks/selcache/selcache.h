/*
 * selcache.h: bit-accurate, cycle-level C model of rtl/selcache/selcache.v, the
 * contention-aware selective caching of seed 003 chapter 4 (docs/choo.md). The port
 * structs come from selcache_ports.def, the configuration from selcache_params.def; the
 * state struct holds exactly the RTL registers (same names, without _q).
 */
#ifndef SELCACHE_H
#define SELCACHE_H

#include <stdint.h>

#include "bits.h"
#include "blk.h"

#include "selcache_params.def"
typedef struct selcache_cfg {
    SELCACHE_PARAMS(BLK_PARAM_FIELD)
} selcache_cfg;

enum { SELCACHE_A = 0, SELCACHE_B = 1, SELCACHE_C = 2 };
enum { SELCACHE_OP_NONE = 0, SELCACHE_OP_READ = 1, SELCACHE_OP_PF = 2, SELCACHE_OP_WRITE = 3 };

static inline unsigned selcache_sw(const selcache_cfg *P) { return bits_idx_w(P->Sets); }
static inline unsigned selcache_ww(const selcache_cfg *P) { return bits_idx_w(P->Ways); }
static inline unsigned selcache_cw(const selcache_cfg *P) { return bits_count_w(P->Lanes); }
static inline unsigned selcache_iw(const selcache_cfg *P) { return bits_idx_w(P->Lanes); }

#include "selcache_ports.def"
BLK_STRUCTS(selcache, SELCACHE_PORTS, SELCACHE_PROBES)
#define BLK_T_CFG selcache_cfg
#define BLK_WFN_NAME(name) selcache_w_##name
SELCACHE_PORTS(BLK_WFN_N, BLK_WFN_W)
#undef BLK_WFN_NAME
#undef BLK_T_CFG

typedef struct selcache_state {
    selcache_cfg cfg;
    uint8_t lv[SELCACHE_MAX_L];    /* lv_q */
    uint8_t lpc[SELCACHE_MAX_L];   /* lpc_q */
    uint8_t lcnt[SELCACHE_MAX_L];  /* lcnt_q */
    uint16_t tsum[SELCACHE_MAX_T]; /* tsum_q */
    uint16_t tn[SELCACHE_MAX_T];   /* tn_q */
} selcache_state;

void selcache_init(selcache_state *s, const selcache_cfg *cfg);
void selcache_eval(const selcache_state *s, const selcache_in *in, selcache_out *out);
void selcache_tick(selcache_state *s, const selcache_in *in);
/* the hashed PC of a load (the per-line and table index) */
unsigned selcache_hash(const selcache_cfg *P, uint32_t pc);

extern const blk_kind selcache_kind;

#endif
