/*
 * clams_mc.c: C model of rtl/clams_mc/clams_mc.v, register for register (clams_mc.h;
 * docs/clams.md).
 */
#include "clams_mc.h"

#include <stdio.h>
#include <string.h>

static void reset(clams_mc_state *s)
{
    clams_mc_cfg c = s->cfg;
    memset(s, 0, sizeof *s);
    s->cfg = c;
    s->thcr = (uint8_t)(c.Scheme == CLAMS_MC_STATIC ? c.ThCR - 1 : 7);
    s->thsm = (uint8_t)c.ThSM;
    if (c.Pipe) s->crm = (uint8_t)((1u << (s->thcr + 1)) - 1);
    div_reset(&s->div);
}

void clams_mc_init(clams_mc_state *s, const clams_mc_cfg *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    reset(s);
}

void clams_mc_thresholds(unsigned scheme, unsigned thcr_fixed, unsigned thsm, const uint8_t *pcr, unsigned *thcr,
                         unsigned *thsm_out)
{
    unsigned cr = 8, sm = thsm;
    if (scheme == CLAMS_MC_STATIC) {
        *thcr = thcr_fixed;
        *thsm_out = thsm;
        return;
    }
    for (unsigned k = 1; k <= 7; k++)
        if (0 < pcr[k - 1] && pcr[k - 1] <= sm && sm < pcr[k]) {
            cr = k;
            if (scheme == CLAMS_MC_DYN) sm = pcr[k - 1];
        }
    if (scheme == CLAMS_MC_DYN && cr == 8) sm = 0;
    *thcr = cr;
    *thsm_out = sm;
}

unsigned clams_mc_pending(const clams_mc_state *s, unsigned b)
{
    unsigned n = 0;
    for (unsigned r = 0; r < 8; r++) n += s->occ[8 * b + r];
    return n;
}

unsigned clams_mc_critical(const clams_mc_state *s, unsigned b)
{
    unsigned n = 0;
    for (unsigned r = 0; r <= s->thcr; r++) n += s->occ[8 * b + r];
    return n;
}

/* bank b's requests still to be issued: its pending and critical counts less the request
 * leaving this cycle (dep_i: its column command was issued the cycle before), which the
 * counters drop only at the edge (deviation C13; PW-bit arithmetic, as the RTL's). An
 * arrival counts from the next cycle. */
static void bank_view(const clams_mc_state *s, const clams_mc_in *in, unsigned b, uint64_t *pend, uint64_t *crit)
{
    const clams_mc_cfg *P = &s->cfg;
    uint64_t pm = bits_mask(clams_mc_pw(P));
    unsigned db = (unsigned)(in->dep_bank_i & bits_mask(clams_mc_w_dep_bank_i(P)));
    unsigned dr = (unsigned)(in->dep_rank_i & bits_mask(clams_mc_w_dep_rank_i(P)));
    *pend = clams_mc_pending(s, b);
    *crit = clams_mc_critical(s, b);
    if ((in->dep_i & 1) && db == b) {
        *pend = (*pend - 1) & pm;
        if (dr <= s->thcr) *crit = (*crit - 1) & pm;
    }
}

/* Eq. 1 on a bank's counts */
static unsigned mode_of(uint64_t pend, uint64_t crit, unsigned thsm)
{
    if (crit == 0) return CLAMS_MODE_FRFCFS;
    return 100 * crit <= thsm * pend ? CLAMS_MODE_CRIT : CLAMS_MODE_LOCAL;
}

void clams_mc_eval(const clams_mc_state *s, const clams_mc_in *in, clams_mc_out *out)
{
    const clams_mc_cfg *P = &s->cfg;
    const unsigned mw = clams_mc_modew(P), pw = clams_mc_pcrw(P);
    uint64_t mode = 0, pcr = 0;
    for (unsigned b = 0; b < P->Banks; b++) {
        uint64_t pend, crit;
        unsigned m;
        if (P->Pipe) { /* stage 2's flag and products (the counts of two cycles before) */
            uint64_t sp = ((uint64_t)s->ph[b] << 3) + s->pl[b];
            m = !s->nz2[b] ? CLAMS_MODE_FRFCFS
                : s->c100[b] <= (sp & bits_mask(clams_mc_pw(P) + 7)) ? CLAMS_MODE_CRIT : CLAMS_MODE_LOCAL;
        } else {
            bank_view(s, in, b, &pend, &crit);
            m = mode_of(pend, crit, s->thsm);
        }
        mode |= (uint64_t)m << (mw * b);
    }
    for (unsigned k = 0; k < 8; k++) pcr |= (uint64_t)s->pcr[k] << (pw * k);
    out->thcr_o = s->thcr;
    out->thsm_o = s->thsm;
    out->mode_o = mode;
    out->pcr_o = pcr;
    out->win_end_o = s->cyc == P->Window - 1;
    out->busy_o = s->ck != 0 || s->tk != 0;
    out->upd_o = P->Pipe ? s->tk == 8 : s->ck == 8 && s->div.done;
}

static uint32_t sat_inc(uint32_t v, unsigned w) { return v == bits_mask(w) ? v : v + 1; }

void clams_mc_tick(clams_mc_state *s, const clams_mc_in *in)
{
    const clams_mc_cfg *P = &s->cfg;
    unsigned bm = (unsigned)bits_mask(clams_mc_bw(P)), cw = clams_mc_cw(P), dw = clams_mc_dw(P);
    unsigned rm = (unsigned)bits_mask(clams_mc_w_arr_rank_i(P)); /* = dep_rank_i's */
    unsigned arr = (unsigned)(in->arr_i & 1), ab = (unsigned)(in->arr_bank_i & bm), ar = (unsigned)(in->arr_rank_i & rm);
    unsigned dep = (unsigned)(in->dep_i & 1), db = (unsigned)(in->dep_bank_i & bm), dr = (unsigned)(in->dep_rank_i & rm);
    if (in->rst_i & 1) {
        reset(s);
        return;
    }
    if (P->Pipe) { /* the modes' pipeline: stages C, B, A from this cycle's registers */
        const unsigned pw = clams_mc_pw(P), cw = clams_mc_cw(P);
        const uint64_t pm = bits_mask(pw), mm = bits_mask(pw + 7);
        unsigned db = (unsigned)(in->dep_bank_i & bits_mask(clams_mc_w_dep_bank_i(P)));
        unsigned dr = (unsigned)(in->dep_rank_i & bits_mask(clams_mc_w_dep_rank_i(P)));
        for (unsigned b = 0; b < P->Banks; b++) {
            s->nz2[b] = s->crit1[b] != 0;
            s->c100[b] = (uint32_t)((100u * s->crit1[b]) & mm);
            s->ph[b] = (uint32_t)(((uint64_t)(s->thsm1[b] >> 3) * s->pend1[b]) & mm);
            s->pl[b] = (uint32_t)(((uint64_t)(s->thsm1[b] & 7) * s->pend1[b]) & mm);
            s->pend1[b] = (uint16_t)((s->pa[b][0] + s->pa[b][1] + s->pa[b][2] + s->pa[b][3] - s->da[b]) & pm);
            s->crit1[b] = (uint16_t)((s->ca[b][0] + s->ca[b][1] + s->ca[b][2] + s->ca[b][3] - s->dca[b]) & pm);
            for (unsigned i = 0; i < 4; i++) {
                unsigned o0 = s->occ[8 * b + 2 * i], o1 = s->occ[8 * b + 2 * i + 1];
                s->pa[b][i] = (uint16_t)(o0 + o1);
                s->ca[b][i] = (uint16_t)((s->crm >> (2 * i) & 1 ? o0 : 0) + (s->crm >> (2 * i + 1) & 1 ? o1 : 0));
            }
            s->da[b] = (in->dep_i & 1) && db == b;
            s->dca[b] = s->da[b] && dr <= s->thcr;
        }
        (void)cw;
        for (unsigned b = 0; b < P->Banks; b++) s->thsm1[b] = s->thsma;
        s->thsma = s->thsm;
    }
    /* the PCR of the step before ck (the arrivals of rank <= ck, at most all) */
    uint32_t cum = 0;
    for (unsigned r = 0; r < s->ck && r < 8; r++) cum += s->snap[r];
    if (cum > s->sall) cum = s->sall;
    /* the divider: a start for PCR(ck): Pipe = 0 with this cycle's operands, Pipe = 1 the
     * cycle after go's (the prepare cycle), on the prepared cumc */
    int start = P->Pipe ? s->st : s->ck != 0 && s->go;
    uint64_t dividend = start ? 100 * (uint64_t)(P->Pipe ? s->cumc : cum) : 0;
    int done = s->div.done;
    uint64_t quo = s->div.quo;
    div_tick(&s->div, dw, start, dividend, s->sall);
    /* Pipe = 1: Table 2 one k a cycle on the PCR registers (before this edge's capture),
     * the thresholds at the commit step 8 */
    unsigned tk = s->tk, tcr = s->tcr, tsm = s->tsm;
    s->st = 0;
    if (P->Pipe && tk == 8) {
        s->thcr = (uint8_t)(P->Scheme == CLAMS_MC_STATIC ? P->ThCR - 1 : tcr);
        s->thsm = (uint8_t)(P->Scheme != CLAMS_MC_DYN ? P->ThSM : tcr == 7 ? 0 : tsm);
        s->crm = (uint8_t)((1u << (s->thcr + 1)) - 1);
        s->tk = 0;
    } else if (P->Pipe && tk != 0) {
        unsigned a = s->ta, nx = s->tn;
        if (P->Scheme != CLAMS_MC_STATIC && a != 0 && a <= tsm && tsm < nx) {
            s->tcr = (uint8_t)(tk - 1);
            if (P->Scheme == CLAMS_MC_DYN) s->tsm = (uint8_t)a;
        }
        /* the next step's pair: PCR(tk+1), PCR(tk+2) (0 after the last) */
        s->ta = tk <= 6 ? s->pcr[tk] : 0;
        s->tn = tk <= 6 ? s->pcr[tk + 1] : 0;
        s->tk = (uint8_t)(tk + 1);
    }
    /* PCR(ck) captured when its division is done; after PCR(8) the thresholds (Pipe = 1:
     * Table 2's steps) */
    if (s->ck != 0) {
        if (P->Pipe && s->go) { /* the running sum, saturated (= min(.., sall): sall is the saturated sum) */
            uint32_t sum = s->cumc + s->snk;
            s->go = 0;
            s->st = 1;
            s->cumc = sum > bits_mask(P->WinBits) ? (uint32_t)bits_mask(P->WinBits) : sum;
        } else if (start) {
            s->go = 0;
        } else if (done) {
            s->pcr[s->ck - 1] = (uint8_t)(s->sall == 0 ? 0 : quo & bits_mask(clams_mc_pcrw(P)));
            if (s->ck == 8) {
                if (P->Pipe) { /* Table 2's first step's pair: PCR(1), PCR(2) (before this capture of PCR(8)) */
                    s->tk = 1;
                    s->tcr = 7;
                    s->tsm = (uint8_t)P->ThSM;
                    s->ta = s->pcr[0];
                    s->tn = s->pcr[1];
                } else {
                    unsigned cr, sm;
                    clams_mc_thresholds(P->Scheme, P->ThCR, P->ThSM, s->pcr, &cr, &sm);
                    s->thcr = (uint8_t)(cr - 1);
                    s->thsm = (uint8_t)sm;
                }
                s->ck = 0;
            } else {
                if (P->Pipe) s->snk = s->snap[s->ck]; /* rank ck + 1's, for the next prepare cycle */
                s->ck++;
                s->go = 1;
            }
        }
    }
    /* the window: count the arrival; at its last cycle snapshot (this arrival included)
     * and clear, and start the PCR computation */
    uint32_t win[8], wall = arr ? sat_inc(s->wall, P->WinBits) : s->wall;
    for (unsigned r = 0; r < 8; r++) win[r] = arr && ar == r ? sat_inc(s->win[r], P->WinBits) : s->win[r];
    if (s->cyc == P->Window - 1) {
        memcpy(s->snap, win, sizeof win);
        s->sall = wall;
        memset(s->win, 0, sizeof s->win);
        s->wall = 0;
        s->cyc = 0;
        s->ck = 1;
        s->go = 1;
        s->cumc = 0;
        if (P->Pipe) s->snk = win[0];
    } else {
        memcpy(s->win, win, sizeof win);
        s->wall = wall;
        s->cyc++;
    }
    /* the buffer's occupancy (a bank number >= Banks matches no counter) */
    if (arr && ab < P->Banks) s->occ[8 * ab + ar] = (uint16_t)((s->occ[8 * ab + ar] + 1) & bits_mask(cw));
    if (dep && db < P->Banks) s->occ[8 * db + dr] = (uint16_t)((s->occ[8 * db + dr] - 1) & bits_mask(cw));
}

static void probe_fill(const void *sv, void *pv)
{
    const clams_mc_state *s = sv;
    clams_mc_probe *p = pv;
    for (unsigned i = 0; i < 8 * s->cfg.Banks; i++) p->occ[i] = s->occ[i];
    p->cyc[0] = s->cyc;
    for (unsigned r = 0; r < 8; r++) {
        p->win[r] = s->win[r];
        p->snap[r] = s->snap[r];
        p->pcr[r] = s->pcr[r];
    }
    p->wall[0] = s->wall;
    p->sall[0] = s->sall;
    p->ck[0] = s->ck;
    p->go[0] = s->go;
    p->thcr[0] = s->thcr;
    p->thsm[0] = s->thsm;
    p->dcnt[0] = s->div.cnt;
    p->ddone[0] = s->div.done;
    p->drem[0] = s->div.rem;
    p->dquo[0] = s->div.quo;
    p->ddiv[0] = s->div.div;
    if (s->cfg.Pipe) {
        p->st[0] = s->st;
        p->cumc[0] = s->cumc;
        p->tk[0] = s->tk;
        p->tcr[0] = s->tcr;
        p->tsm[0] = s->tsm;
        p->ta[0] = s->ta;
        p->tn[0] = s->tn;
        p->crm[0] = s->crm;
        for (unsigned b = 0; b < s->cfg.Banks; b++) {
            p->pend1[b] = s->pend1[b];
            p->crit1[b] = s->crit1[b];
        }
    }
}

static int cfg_check(const void *cfgv, char *err, size_t n)
{
    const clams_mc_cfg *c = cfgv;
    if (c->Window <= clams_mc_calc_cycles(c)) {
        snprintf(err, n, "clams_mc: Window=%u must be more than the %u cycles the PCR computation takes (8 x (divider width %u + 2%s)%s; fewer WinBits shorten it)",
                 c->Window, clams_mc_calc_cycles(c), clams_mc_dw(c), c->Pipe ? " + 1 prepare cycle" : "",
                 c->Pipe ? " + 8 cycles of Table 2 with Pipe=1" : "");
        return 1;
    }
    return 0;
}

/* Functional coverage (blk.h): the schemes' branches and corner states lockstep must reach. */
static const char *const clams_mc_cover_names[] = {
    "window_end",       /* a window ends: snapshot, clear, the PCR computation starts */
    "window_end_arr",   /* an arrival at the window's last cycle: counted in the snapshot */
    "win_saturated",    /* an arrival while the all-ranks window counter is at its top */
    "upd_static",       /* Static: the thresholds reload their fixed values */
    "semi_match",       /* Semi-Dyn: a k of Table 2 matches (Th_CR = k < 8) */
    "semi_nomatch",     /* Semi-Dyn: none matches, Th_CR = 8 */
    "dyn_match",        /* Dyn: a k matches, Th_SM = PCR(k) */
    "dyn_nomatch",      /* Dyn: none matches, Th_CR = 8 and Th_SM = 0 */
    "match_at_thsm",    /* the match is at its bound: PCR(k) equals Th_SM */
    "thcr_raised",      /* an update raises Th_CR */
    "thcr_lowered",     /* an update lowers Th_CR */
    "thcr_min",         /* an update sets Th_CR to 1 (its bound) */
    "dyn_thsm_up",      /* Dyn: an update raises Th_SM */
    "dyn_thsm_down",    /* Dyn: an update lowers Th_SM */
    "mode_frfcfs_busy", /* a bank holds requests, none critical: FR-FCFS order */
    "mode_crit",        /* a bank in criticality mode */
    "mode_local",       /* a bank in locality mode */
    "mode_at_thsm",     /* a bank's critical share equals Th_SM exactly (criticality mode) */
    "bank_full",        /* one bank holds the whole buffer (Buf requests) */
    "arr_dep_same",     /* an arrival and a departure of the same bank and rank */
    "occ_underflow",    /* a departure from an empty counter (no buffer reports it; it wraps) */
    "bank_out_of_range", /* an arrival or departure names a bank >= Banks (ignored) */
    "reset_busy",       /* reset while PCR(k) is being computed */
    "reset_held",       /* reset while requests are buffered */
    "mode_dep",         /* a departure changes its bank's mode in its own cycle (C13) */
    "pipe_mode_late",   /* Pipe=1: a bank's mode differs from the single-cycle one (two cycles late) */
    "pipe_prepare",     /* Pipe=1: a prepare cycle (cumc_q) before a division */
    "pipe_step_match",  /* Pipe=1: a Table 2 step matches (Th_CR, Dyn's Th_SM move) */
    "pipe_commit",      /* Pipe=1: the commit step (tk 8): the thresholds take their values */
    "pipe_reset_steps", /* Pipe=1: reset during Table 2's steps */
    NULL,
};

static uint64_t kind_cover(const void *sv, const void *iv, const void *ov)
{
    const clams_mc_state *s = sv;
    const clams_mc_in *in = iv;
    const clams_mc_out *out = ov;
    const clams_mc_cfg *P = &s->cfg;
    unsigned bm = (unsigned)bits_mask(clams_mc_bw(P)), held = 0;
    unsigned rm = (unsigned)bits_mask(clams_mc_w_arr_rank_i(P)), mm = (unsigned)bits_mask(clams_mc_modew(P));
    unsigned arr = (unsigned)(in->arr_i & 1), ab = (unsigned)(in->arr_bank_i & bm), ar = (unsigned)(in->arr_rank_i & rm);
    unsigned dep = (unsigned)(in->dep_i & 1), db = (unsigned)(in->dep_bank_i & bm), dr = (unsigned)(in->dep_rank_i & rm);
    uint64_t m = 0;
    for (unsigned i = 0; i < 8 * P->Banks; i++) held |= s->occ[i];
    if (in->rst_i & 1) {
        if (s->ck) m |= 1u << 22;
        if (held) m |= 1u << 23;
        if (s->tk) m |= 1ull << 29;
        return m;
    }
    if (P->Pipe && s->ck && s->go) m |= 1ull << 26;
    if (P->Pipe && s->tk == 8) m |= 1ull << 28;
    if (P->Pipe && s->tk && s->tk < 8 && P->Scheme != CLAMS_MC_STATIC) {
        unsigned a = s->pcr[s->tk - 1];
        if (a && a <= s->tsm && s->tsm < s->pcr[s->tk]) m |= 1ull << 27;
    }
    if (s->cyc == P->Window - 1) m |= arr ? 1u << 0 | 1u << 1 : 1u << 0;
    if (arr && s->wall == bits_mask(P->WinBits)) m |= 1u << 2;
    /* the thresholds' update: PCR(8) done (as clams_mc_tick) */
    if (s->ck == 8 && !s->go && s->div.done) {
        uint8_t pcr[8];
        unsigned cr, sm, sm0 = P->ThSM, at = 0;
        memcpy(pcr, s->pcr, sizeof pcr);
        pcr[7] = (uint8_t)(s->sall == 0 ? 0 : s->div.quo & bits_mask(clams_mc_pcrw(P)));
        clams_mc_thresholds(P->Scheme, P->ThCR, P->ThSM, pcr, &cr, &sm);
        for (unsigned k = 1; k <= 7 && P->Scheme != CLAMS_MC_STATIC; k++)
            if (0 < pcr[k - 1] && pcr[k - 1] <= sm0 && sm0 < pcr[k]) {
                at = pcr[k - 1] == sm0;
                if (P->Scheme == CLAMS_MC_DYN) sm0 = pcr[k - 1];
            }
        if (P->Scheme == CLAMS_MC_STATIC) m |= 1u << 3;
        else if (P->Scheme == CLAMS_MC_SEMI) m |= cr < 8 ? 1u << 4 : 1u << 5;
        else m |= cr < 8 ? 1u << 6 : 1u << 7;
        if (cr < 8 && at) m |= 1u << 8;
        if (cr - 1 > s->thcr) m |= 1u << 9;
        if (cr - 1 < s->thcr) m |= 1u << 10;
        if (cr == 1) m |= 1u << 11;
        if (P->Scheme == CLAMS_MC_DYN && sm > s->thsm) m |= 1u << 12;
        if (P->Scheme == CLAMS_MC_DYN && sm < s->thsm) m |= 1u << 13;
    }
    for (unsigned b = 0; b < P->Banks; b++) {
        uint64_t pend, crit;
        bank_view(s, in, b, &pend, &crit);
        unsigned md = (unsigned)(out->mode_o >> (clams_mc_modew(P) * b) & mm);
        if (md == CLAMS_MODE_FRFCFS && pend) m |= 1u << 14;
        if (md == CLAMS_MODE_CRIT) m |= 1u << 15;
        if (md == CLAMS_MODE_LOCAL) m |= 1u << 16;
        if (crit && 100 * crit == s->thsm * pend) m |= 1u << 17;
        if (clams_mc_pending(s, b) == P->Buf) m |= 1u << 18;
        if (!P->Pipe && md != mode_of(clams_mc_pending(s, b), clams_mc_critical(s, b), s->thsm)) m |= 1u << 24;
        if (P->Pipe && md != mode_of(pend, crit, s->thsm)) m |= 1ull << 25;
    }
    if (arr && dep && ab == db && ar == dr && ab < P->Banks) m |= 1u << 19;
    if (dep && db < P->Banks && s->occ[8 * db + dr] == 0 && !(arr && ab == db && ar == dr)) m |= 1u << 20;
    if ((arr && ab >= P->Banks) || (dep && db >= P->Banks)) m |= 1u << 21;
    return m;
}

#define BLK_T_CFG clams_mc_cfg
#define BLK_T_IN clams_mc_in
#define BLK_T_OUT clams_mc_out
#define BLK_T_PROBE clams_mc_probe
static const blk_param clams_mc_params[] = {CLAMS_MC_PARAMS(BLK_PARAM_ROW)};
BLK_PORT_FUNCS(clams_mc, CLAMS_MC_PORTS, CLAMS_MC_PROBES, CLAMS_MC_WAVES)
static const char *const clams_mc_groups[] = CLAMS_MC_GROUPS;
/* Dyn-CLAMS first (the seed's best); Static (Th_CR 4, Th_SM 20%) and Semi-Dyn (Th_SM
 * 40%) as the seed evaluates them; small ones for dense lockstep (short windows) */
static const char *const clams_mc_presets[] = {"final",  "",
                                               "static", "Scheme=static,ThCR=4,ThSM=20",
                                               "semi",   "Scheme=semi,ThSM=40",
                                               "small",  "Banks=4,Buf=16,Window=120,WinBits=4",
                                               "tiny",   "Banks=1,Buf=3,Window=96,WinBits=2",
                                               "pipe",   "Pipe=1",
                                               NULL};

static void kind_init(void *s, const void *cfg) { clams_mc_init(s, cfg); }
static void kind_eval(const void *s, const void *in, void *out) { clams_mc_eval(s, in, out); }
static void kind_tick(void *s, const void *in) { clams_mc_tick(s, in); }

const blk_kind clams_mc_kind = {
    "clams_mc",
    sizeof(clams_mc_cfg),
    sizeof(clams_mc_in),
    sizeof(clams_mc_out),
    sizeof(clams_mc_state),
    sizeof(clams_mc_probe),
    clams_mc_params,
    (int)(sizeof clams_mc_params / sizeof clams_mc_params[0]),
    clams_mc_presets,
    NULL,
    cfg_check,
    clams_mc_ports,
    clams_mc_probes,
    clams_mc_waves,
    clams_mc_groups,
    kind_init,
    kind_eval,
    kind_tick,
    probe_fill,
    clams_mc_cover_names,
    kind_cover,
};
