/*
 * sap.h: bit-accurate, cycle-level C model of rtl/sap/sap.v, the scheduling aware
 * prefetcher (SAP) of seed 001 section IV-B: the prefetch table (PT: PC, last warp,
 * last address, stride; LRU), the stride check, the multi-cycle stride divider, the
 * warp queue (WQ), the demand request queue's base address (DRQ) and the prefetch
 * address generator, one prefetch a cycle. docs/apres.md describes it; the choices
 * where the seed is silent are A1.. of docs/deviations.md.
 *
 * The port structs come from sap_ports.def, the configuration from sap_params.def;
 * the state struct holds exactly the RTL registers (same names, without _q), those of
 * rtl/common's cam (the PT's PC and valid bits), age_order (the LRU order) and
 * divider included.
 */
#ifndef SAP_H
#define SAP_H

#include <stdint.h>

#include "bits.h"
#include "blk.h"
#include "divider_model.h"

#define SAP_MAX_E 11

#include "sap_params.def"
typedef struct sap_cfg {
    SAP_PARAMS(BLK_PARAM_FIELD)
} sap_cfg;

static inline unsigned sap_ww(const sap_cfg *P) { return bits_idx_w(P->Warps); }
static inline unsigned sap_ew(const sap_cfg *P) { return bits_idx_w(P->Entries); }
static inline unsigned sap_pairs(const sap_cfg *P)
{
    return P->Entries > 1 ? P->Entries * (P->Entries - 1) / 2 : 1;
}
static inline unsigned sap_cw(const sap_cfg *P) { return bits_count_w(P->AddrW); }

#include "sap_ports.def"
BLK_STRUCTS(sap, SAP_PORTS, SAP_PROBES)
#define BLK_T_CFG sap_cfg
#define BLK_WFN_NAME(name) sap_w_##name
SAP_PORTS(BLK_WFN_N, BLK_WFN_W)
#undef BLK_WFN_NAME
#undef BLK_T_CFG

enum { SAP_RES_NONE = 0, SAP_RES_NEW, SAP_RES_SAME, SAP_RES_MATCH, SAP_RES_DIV, SAP_RES_BUSY };

typedef struct sap_state {
    sap_cfg cfg;
    /* PT: the cam's valid and key (PC) registers, then the other fields */
    uint8_t ptv[SAP_MAX_E];
    uint32_t ptpc[SAP_MAX_E];
    uint8_t ptw[SAP_MAX_E];
    uint64_t pta[SAP_MAX_E], pts[SAP_MAX_E];
    /* the LRU order (age_order: valid bits, pair bits in the order (0,1), (0,2) ..) */
    uint64_t lruv, lruo;
    /* warp queue and DRQ */
    uint64_t wq, base, bstr;
    uint8_t bu;
    /* the divider's job, and rtl/common/divider's registers */
    uint8_t dvidx, dvneg, dvlive;
    div_model div;            /* u_div: rem_q, quo_q, div_q, cnt_q, done_q */
    /* Pipe=1 (g_pipe): stage B's load (c_*), stage C's (d_*), the prefetch pipe (pk_*
       picked, pm_* multiplied, pf_* the output register) */
    uint8_t cv, cnew, ce, cwarp, cowarp, cmiss, cgrp;
    uint64_t caddr, coaddr, costr, ctvec;
    uint8_t dv, dnew, de, dlive, dsame, ddwneg, ddwmag, dwarp, dmiss, dgrp;
    uint64_t ddiff, dndiff, dprod, dstr, daddr, dtvec;
    uint8_t pkv, pkneg, pkw, pkmag, pmv, pmneg, pmw, pfv, pfw;
    uint64_t pmprod, pfa;
} sap_state;

void sap_init(sap_state *s, const sap_cfg *cfg);
void sap_eval(const sap_state *s, const sap_in *in, sap_out *out);
void sap_tick(sap_state *s, const sap_in *in);

extern const blk_kind sap_kind;

/* In the GPU model (sap_gpu.c): the prefetch targets an SM's SAP accepted (the first
 * member of the driver's priv, read by laws_gpu.c the next cycle through
 * gpu_hook_sibling). */
typedef struct sap_gpu_mail {
    uint64_t at;    /* GPU cycle + 1 of the acceptance (0: none yet) */
    uint64_t vec;   /* the target warps */
} sap_gpu_mail;

#endif
