/*
 * clams_pick.h: bit-accurate, cycle-level C model of rtl/clams_pick/clams_pick.v, the DRAM
 * request picker of CLAMS (seed 004 sections 5.2 and 7): FR-FCFS, FR-FCFS-Cap and the
 * criticality / locality modes over a channel's request buffer. docs/clams.md describes
 * it; the choices where the seed is silent are C9.. of docs/deviations.md.
 *
 * The port structs come from clams_pick_ports.def, the configuration from
 * clams_pick_params.def; the state struct holds exactly the RTL registers.
 */
#ifndef CLAMS_PICK_H
#define CLAMS_PICK_H

#include <stdint.h>

#include "bits.h"
#include "blk.h"

#define CLAMS_PICK_MAX_S 256
#define CLAMS_PICK_MAX_B 16
#define CLAMS_PICK_WORDS 4 /* 256 slots */
#define CLAMS_PICK_MAX_PIPE 4

enum { CLAMS_PICK_FRFCFS = 0, CLAMS_PICK_CAP = 1, CLAMS_PICK_CLAMS = 2 };

#include "clams_pick_params.def"
typedef struct clams_pick_cfg {
    CLAMS_PICK_PARAMS(BLK_PARAM_FIELD)
} clams_pick_cfg;

static inline unsigned clams_pick_sw(const clams_pick_cfg *P) { return bits_idx_w(P->Slots); }
static inline unsigned clams_pick_bw(const clams_pick_cfg *P) { return bits_idx_w(P->Banks); }
static inline unsigned clams_pick_cw(const clams_pick_cfg *P) { return bits_count_w(P->Cap); }
/* Pipe >= 1: the tree's level after which stage register j (1..Pipe) sits (level 0: the
 * leaves), the same formula as the RTL's: the LV + 1 levels split into Pipe + 1 runs */
static inline unsigned clams_pick_stage_lv(const clams_pick_cfg *P, unsigned j)
{
    return j * (clams_pick_sw(P) + 1) / (P->Pipe + 1) - 1;
}

#include "clams_pick_ports.def"
BLK_STRUCTS(clams_pick, CLAMS_PICK_PORTS, CLAMS_PICK_PROBES)
#define BLK_T_CFG clams_pick_cfg
#define BLK_WFN_NAME(name) clams_pick_w_##name
CLAMS_PICK_PORTS(BLK_WFN_N, BLK_WFN_W)
#undef BLK_WFN_NAME
#undef BLK_T_CFG

/* mode_i's field width, from the port list: one mode per bank ([field=2]), as clams_mc's
 * mode_o; the modes, and pick_mode_o's capped (3), as the port list encodes them */
static inline unsigned clams_pick_modew(const clams_pick_cfg *P) { return clams_pick_w_mode_i(P) / P->Banks; }
enum { CLAMS_PICK_MODE_FRFCFS = 0, CLAMS_PICK_MODE_CRIT = 1, CLAMS_PICK_MODE_LOCAL = 2, CLAMS_PICK_MODE_CAPPED = 3 };

typedef struct clams_pick_state {
    clams_pick_cfg cfg;
    uint64_t v[CLAMS_PICK_WORDS];          /* v_q */
    uint8_t bank[CLAMS_PICK_MAX_S];        /* bank_q */
    uint8_t rank[CLAMS_PICK_MAX_S];        /* rank_q */
    uint32_t stamp[CLAMS_PICK_MAX_S];      /* stamp_q */
    uint32_t cnt;                          /* cnt_q */
    uint8_t streak[CLAMS_PICK_MAX_B];      /* streak_q */
    /* Pipe >= 1: stage register j (0-based here: the RTL's g_lv[clams_pick_stage_lv(j+1)]
     * .g_reg), one entry per tree node of its level: in flight, {class, age}, slot,
     * {col, crit, mode} (key, idx and inf of an entry not in flight are don't-cares) */
    uint8_t st_ok[CLAMS_PICK_MAX_PIPE][CLAMS_PICK_MAX_S];
    uint64_t st_key[CLAMS_PICK_MAX_PIPE][CLAMS_PICK_MAX_S];
    uint16_t st_idx[CLAMS_PICK_MAX_PIPE][CLAMS_PICK_MAX_S];
    uint8_t st_inf[CLAMS_PICK_MAX_PIPE][CLAMS_PICK_MAX_S];
    uint32_t lp_ok, lp;                    /* lp_ok_q, lp_q: last cycle's pick (Pipe >= 1) */
} clams_pick_state;

void clams_pick_init(clams_pick_state *s, const clams_pick_cfg *cfg);
void clams_pick_eval(const clams_pick_state *s, const clams_pick_in *in, clams_pick_out *out);
void clams_pick_tick(clams_pick_state *s, const clams_pick_in *in);

extern const blk_kind clams_pick_kind;

#endif
