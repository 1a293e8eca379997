/*
 * clams_mc.h: bit-accurate, cycle-level C model of rtl/clams_mc/clams_mc.v, CLAMS's
 * memory-controller side (seed 004 sections 5.3-5.6, Table 2): per-bank, per-rank
 * occupancy counters of the request buffer, the window counters of arrivals per rank,
 * their snapshot, the eight PCR(k) registers computed by one divider, Th_CR and Th_SM by
 * Static-, Semi-Dyn- or Dyn-CLAMS, and each bank's mode. docs/clams.md describes it; the
 * choices where the seed is silent are C6.. of docs/deviations.md.
 *
 * The port structs come from clams_mc_ports.def, the configuration from
 * clams_mc_params.def; the state struct holds exactly the RTL registers (same names,
 * without _q).
 */
#ifndef CLAMS_MC_H
#define CLAMS_MC_H

#include <stdint.h>

#include "bits.h"
#include "blk.h"
#include "divider_model.h"

#define CLAMS_MC_MAX_B 16

enum { CLAMS_MC_STATIC = 0, CLAMS_MC_SEMI = 1, CLAMS_MC_DYN = 2 };
enum { CLAMS_MODE_FRFCFS = 0, CLAMS_MODE_CRIT = 1, CLAMS_MODE_LOCAL = 2 };

#include "clams_mc_params.def"
typedef struct clams_mc_cfg {
    CLAMS_MC_PARAMS(BLK_PARAM_FIELD)
} clams_mc_cfg;

/* widths: a bank number, an occupancy counter (0..Buf), a bank's sum of 8 of them, the
 * window cycle, the divider (100 x the largest window count) and its step count */
static inline unsigned clams_mc_bw(const clams_mc_cfg *P) { return bits_idx_w(P->Banks); }
static inline unsigned clams_mc_cw(const clams_mc_cfg *P) { return bits_count_w(P->Buf); }
static inline unsigned clams_mc_pw(const clams_mc_cfg *P) { return clams_mc_cw(P) + 3; }
static inline unsigned clams_mc_yw(const clams_mc_cfg *P) { return bits_idx_w(P->Window); }
static inline unsigned clams_mc_dw(const clams_mc_cfg *P)
{
    return bits_count_w(100u * (unsigned)bits_mask(P->WinBits));
}
static inline unsigned clams_mc_dcw(const clams_mc_cfg *P) { return bits_count_w(clams_mc_dw(P)); }
/* cycles from a window's last cycle to the thresholds' update: 8 x (start, steps, done),
 * and with Pipe = 1 a prepare cycle per PCR and Table 2's 7 steps and commit */
static inline unsigned clams_mc_calc_cycles(const clams_mc_cfg *P)
{
    return 8 * (clams_mc_dw(P) + 2 + P->Pipe) + 8 * P->Pipe;
}

#include "clams_mc_ports.def"
BLK_STRUCTS(clams_mc, CLAMS_MC_PORTS, CLAMS_MC_PROBES)
#define BLK_T_CFG clams_mc_cfg
#define BLK_WFN_NAME(name) clams_mc_w_##name
CLAMS_MC_PORTS(BLK_WFN_N, BLK_WFN_W)
#undef BLK_WFN_NAME
#undef BLK_T_CFG

/* Field widths of the packed ports, from the port list: mode_o carries one mode per bank
 * ([field=2]), pcr_o the eight PCR(k) registers ([field=7], a percent as thsm_o). */
static inline unsigned clams_mc_modew(const clams_mc_cfg *P) { return clams_mc_w_mode_o(P) / P->Banks; }
static inline unsigned clams_mc_pcrw(const clams_mc_cfg *P) { return clams_mc_w_pcr_o(P) / 8; }

typedef struct clams_mc_state {
    clams_mc_cfg cfg;
    uint16_t occ[8 * CLAMS_MC_MAX_B]; /* occ_q: bank b, rank code r at 8b + r */
    uint32_t cyc;                     /* cyc_q */
    uint32_t win[8], wall;            /* win_q, wall_q */
    uint32_t snap[8], sall;           /* snap_q, sall_q */
    uint8_t pcr[8];                   /* pcr_q: PCR(k) at k-1 */
    uint8_t ck, go;                   /* ck_q, go_q */
    uint8_t thcr, thsm;               /* thcr_q (Th_CR - 1), thsm_q */
    div_model div;                    /* u_div */
    /* Pipe = 1 (all 0 when Pipe = 0; docs/timing/clams_mc.md): the division's start after
     * its prepare cycle, the saturated running sum of the arrivals of rank <= k; Table 2's
     * step, its running Th_CR - 1 and Th_SM and the step's PCR(k), PCR(k+1); the critical
     * ranks' mask (bit r: r <= Th_CR - 1); the modes' stage A (per bank the pair sums of
     * its counters, all and critical ranks only, the departure's flags, Th_SM), stage B
     * (pending and critical less the departure, Th_SM), stage C (critical != 0, 100 x
     * critical, Th_SM[6:3] x pending, Th_SM[2:0] x pending) */
    uint8_t st;                          /* st_q */
    uint32_t cumc;                       /* cumc_q */
    uint8_t tk, tcr, tsm, ta, tn;        /* tk_q, tcr_q, tsm_q, ta_q, tn_q */
    uint8_t crm;                         /* crm_q */
    uint16_t pa[CLAMS_MC_MAX_B][4];      /* pa_q */
    uint16_t ca[CLAMS_MC_MAX_B][4];      /* ca_q */
    uint8_t da[CLAMS_MC_MAX_B];          /* da_q */
    uint8_t dca[CLAMS_MC_MAX_B];         /* dca_q */
    uint8_t thsma;                       /* thsma_q */
    uint16_t pend1[CLAMS_MC_MAX_B];      /* pend1_q */
    uint16_t crit1[CLAMS_MC_MAX_B];      /* crit1_q */
    uint8_t thsm1[CLAMS_MC_MAX_B];       /* thsm1_q: a copy per bank */
    uint32_t snk;                        /* snk_q: the rank-k counter the next prepare cycle adds */
    uint8_t nz2[CLAMS_MC_MAX_B];         /* nz2_q */
    uint32_t c100[CLAMS_MC_MAX_B];       /* c100_q */
    uint32_t ph[CLAMS_MC_MAX_B];         /* ph_q */
    uint32_t pl[CLAMS_MC_MAX_B];         /* pl_q */
} clams_mc_state;

void clams_mc_init(clams_mc_state *s, const clams_mc_cfg *cfg);
void clams_mc_eval(const clams_mc_state *s, const clams_mc_in *in, clams_mc_out *out);
void clams_mc_tick(clams_mc_state *s, const clams_mc_in *in);

/* Table 2 of the seed on PCR(1..8) (pcr[k-1], percent) and the scheme's Th_SM (the fixed
 * value, or Dyn's initial one): *thcr = Th_CR (1..8), *thsm = Th_SM */
void clams_mc_thresholds(unsigned scheme, unsigned thcr_fixed, unsigned thsm, const uint8_t *pcr, unsigned *thcr,
                         unsigned *thsm_out);
/* a bank's pending and critical requests (rank - 1 <= thcr) */
unsigned clams_mc_pending(const clams_mc_state *s, unsigned b);
unsigned clams_mc_critical(const clams_mc_state *s, unsigned b);

extern const blk_kind clams_mc_kind;

/* In the GPU model (clams_mc_gpu.c): the controller's outputs this DRAM cycle, for a
 * picker at the same channel (the driver's priv, read through gpu_hook_sibling). */
typedef struct clams_mc_gpu_mail {
    uint64_t mode;  /* mode_o: 2 bits per bank */
    uint8_t thcr;   /* Th_CR - 1 */
    uint8_t thsm;   /* Th_SM, percent */
} clams_mc_gpu_mail;

#endif
