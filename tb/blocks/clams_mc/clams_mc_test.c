/*
 * clams_mc_test.c: hand-worked cases for the clams_mc C model (build/bin/test_units):
 * seed 004 Table 2's loops on hand-made PCR vectors, a window's PCR(k) and thresholds
 * worked out by hand, the banks' modes (Eq. 1), the occupancy counters.
 */
#include <string.h>

#include "clams_mc.h"
#include "unit.h"

static clams_mc_in in;

static void clear_in(void) { memset(&in, 0, sizeof in); }

static void cycle(clams_mc_state *s, clams_mc_out *o)
{
    clams_mc_eval(s, &in, o);
    clams_mc_tick(s, &in);
    clear_in();
}

static void arrive(unsigned bank, unsigned rank) { in.arr_i = 1, in.arr_bank_i = bank, in.arr_rank_i = rank; }
static void depart(unsigned bank, unsigned rank) { in.dep_i = 1, in.dep_bank_i = bank, in.dep_rank_i = rank; }

void clams_mc_unit_tests(void)
{
    clams_mc_cfg c;
    clams_mc_state s;
    clams_mc_out o;
    char err[BLK_ERR_LEN];
    unsigned cr, sm;

    /* ---- Table 2 on hand-made PCR vectors (percent, PCR(1..8)) */
    {
        const uint8_t p[8] = {10, 20, 30, 45, 60, 80, 90, 100};
        clams_mc_thresholds(CLAMS_MC_SEMI, 4, 40, p, &cr, &sm);
        UNIT_CHECK(cr == 3 && sm == 40, "Semi-Dyn: PCR(3) = 30 <= 40 < PCR(4) = 45: Th_CR 3, Th_SM stays 40");
        clams_mc_thresholds(CLAMS_MC_DYN, 4, 40, p, &cr, &sm);
        UNIT_CHECK(cr == 3 && sm == 30, "Dyn: the same match, Th_SM = PCR(3) = 30");
        clams_mc_thresholds(CLAMS_MC_STATIC, 4, 20, p, &cr, &sm);
        UNIT_CHECK(cr == 4 && sm == 20, "Static: the fixed Th_CR 4 and Th_SM 20%");
    }
    for (unsigned k = 1; k <= 7; k++) { /* a match at each k: PCR(k) = 40, PCR(k+1) > 40 */
        uint8_t p[8];
        for (unsigned i = 1; i <= 8; i++) p[i - 1] = (uint8_t)(i <= k ? 40 - (k - i) : 50 + i);
        clams_mc_thresholds(CLAMS_MC_SEMI, 4, 40, p, &cr, &sm);
        UNIT_CHECK(cr == k, "Semi-Dyn: the match at k gives Th_CR k");
        clams_mc_thresholds(CLAMS_MC_DYN, 4, 40, p, &cr, &sm);
        UNIT_CHECK(cr == k && sm == 40, "Dyn: Th_CR k, Th_SM = PCR(k) = 40");
    }
    {
        const uint8_t p[8] = {50, 60, 70, 80, 90, 95, 99, 100};
        clams_mc_thresholds(CLAMS_MC_SEMI, 4, 40, p, &cr, &sm);
        UNIT_CHECK(cr == 8 && sm == 40, "Semi-Dyn, PCR(1) > Th_SM: no match, Th_CR 8");
        clams_mc_thresholds(CLAMS_MC_DYN, 4, 40, p, &cr, &sm);
        UNIT_CHECK(cr == 8 && sm == 0, "Dyn, no match: Th_CR 8 and Th_SM 0");
        const uint8_t z[8] = {0, 0, 30, 50, 50, 50, 50, 100};
        clams_mc_thresholds(CLAMS_MC_SEMI, 4, 40, z, &cr, &sm);
        UNIT_CHECK(cr == 3, "PCR(1) = PCR(2) = 0 do not match (0 < PCR(k)); PCR(3) = 30 does");
        const uint8_t e[8] = {40, 40, 40, 40, 40, 40, 40, 40};
        clams_mc_thresholds(CLAMS_MC_DYN, 4, 40, e, &cr, &sm);
        UNIT_CHECK(cr == 8 && sm == 0, "PCR(k+1) never above Th_SM: no match");
        const uint8_t t[8] = {5, 10, 15, 20, 25, 30, 35, 100};
        clams_mc_thresholds(CLAMS_MC_SEMI, 4, 40, t, &cr, &sm);
        UNIT_CHECK(cr == 7, "PCR(7) = 35 <= 40 < PCR(8) = 100: Th_CR 7");
    }

    /* ---- a window worked by hand: Semi-Dyn, Th_SM 40%, 4-bit window counters */
    UNIT_CHECK(blk_cfg_build(&clams_mc_kind, &c, NULL, "Banks=4,Buf=16,Window=120,WinBits=4,Scheme=semi,ThSM=40", err,
                             sizeof err) == 0,
               "a small Semi-Dyn controller builds");
    UNIT_CHECK(clams_mc_dw(&c) == 11 && clams_mc_calc_cycles(&c) == 104, "divider 11 bits (100 x 15), 104 cycles for 8 PCRs");
    clams_mc_init(&s, &c);
    in.rst_i = 1;
    cycle(&s, &o);
    UNIT_CHECK(s.thcr == 7 && s.thsm == 40, "Semi-Dyn after reset: Th_CR 8 (everything critical), Th_SM 40");
    /* 10 arrivals in the first window: 3 of rank 1, 2 of rank 4, 5 of rank 8 */
    const unsigned ranks[10] = {0, 0, 0, 3, 3, 7, 7, 7, 7, 7};
    unsigned t = 0, upd_at = 0, end_at = 0;
    for (; t < 230; t++) { /* past the update (223), before the second window ends (239) */
        if (t < 10) arrive(t % 4, ranks[t]);
        if (t >= 10 && t < 20) depart((t - 10) % 4, ranks[t - 10]); /* the buffer empties again */
        clams_mc_eval(&s, &in, &o);
        if (o.win_end_o && !end_at) end_at = t;
        if (o.upd_o && !upd_at) upd_at = t;
        cycle(&s, &o);
    }
    UNIT_CHECK(end_at == 119, "the first window ends at its cycle 119");
    UNIT_CHECK(upd_at == 119 + 104, "the thresholds update 104 cycles later (8 x (start, 11 steps, done))");
    UNIT_CHECK(s.snap[0] == 3 && s.snap[3] == 2 && s.snap[7] == 5 && s.sall == 10, "the snapshot: 3, 2, 5 of 10");
    UNIT_CHECK(s.pcr[0] == 30 && s.pcr[2] == 30 && s.pcr[3] == 50 && s.pcr[6] == 50 && s.pcr[7] == 100,
               "PCR(1..3) 30%, PCR(4..7) 50%, PCR(8) 100%");
    UNIT_CHECK(s.thcr == 2 && s.thsm == 40, "Semi-Dyn: PCR(3) = 30 <= 40 < PCR(4) = 50: Th_CR 3");
    UNIT_CHECK(clams_mc_pending(&s, 0) == 0 && clams_mc_pending(&s, 3) == 0, "every bank empty again");
    /* the second window had no arrival: every PCR 0, no match: Th_CR 8 */
    for (; t < 240 + 104 + 5; t++) cycle(&s, &o);
    UNIT_CHECK(s.sall == 0 && s.pcr[7] == 0 && s.thcr == 7, "an empty window: PCR 0, Th_CR 8");

    /* ---- modes (Eq. 1): Static, Th_CR 4, Th_SM 20% */
    UNIT_CHECK(blk_cfg_build(&clams_mc_kind, &c, "small", "Scheme=static,ThCR=4,ThSM=20", err, sizeof err) == 0,
               "small Static builds");
    clams_mc_init(&s, &c);
    in.rst_i = 1;
    cycle(&s, &o);
    /* bank 0: 1 critical (rank 1) of 5; bank 1: 2 critical (ranks 2, 4) of 5; bank 2: 3 of
     * rank 5 (not critical) */
    const unsigned b0[5] = {0, 4, 5, 6, 7}, b1[5] = {1, 3, 4, 5, 7};
    for (unsigned i = 0; i < 5; i++) {
        arrive(0, b0[i]);
        cycle(&s, &o);
        arrive(1, b1[i]);
        cycle(&s, &o);
    }
    for (unsigned i = 0; i < 3; i++) {
        arrive(2, 4);
        cycle(&s, &o);
    }
    clams_mc_eval(&s, &in, &o);
    UNIT_CHECK(clams_mc_critical(&s, 0) == 1 && clams_mc_pending(&s, 0) == 5, "bank 0: 1 critical of 5");
    UNIT_CHECK((o.mode_o & 3) == CLAMS_MODE_CRIT, "bank 0: 20% <= Th_SM 20%: criticality mode");
    UNIT_CHECK((o.mode_o >> 2 & 3) == CLAMS_MODE_LOCAL, "bank 1: 40% > 20%: locality mode");
    UNIT_CHECK((o.mode_o >> 4 & 3) == CLAMS_MODE_FRFCFS, "bank 2: no critical request: FR-FCFS order");
    UNIT_CHECK((o.mode_o >> 6 & 3) == CLAMS_MODE_FRFCFS, "bank 3: empty");
    /* an arrival and a departure of the same bank and rank in one cycle: no change */
    arrive(0, 0);
    depart(0, 0);
    cycle(&s, &o);
    UNIT_CHECK(s.occ[0] == 1, "arrival and departure on one counter: unchanged");
    /* a departure counts in its own cycle (C13; seed 004:224 "the current set of requests
     * to be issued to the bank"): the mode leaves it out at once, the counter drops it at
     * the edge */
    depart(0, 0);
    clams_mc_eval(&s, &in, &o);
    UNIT_CHECK((o.mode_o & 3) == CLAMS_MODE_FRFCFS && s.occ[0] == 1,
               "bank 0's critical request leaving: FR-FCFS order in that cycle, its counter still 1");
    clams_mc_tick(&s, &in);
    clear_in();
    clams_mc_eval(&s, &in, &o);
    UNIT_CHECK(s.occ[0] == 0 && (o.mode_o & 3) == CLAMS_MODE_FRFCFS, "after the edge: counter 0, FR-FCFS order");
    for (unsigned i = 0; i < 5; i++) { /* bank 1: 2 critical of 10 (20%) */
        arrive(1, 7);
        cycle(&s, &o);
    }
    clams_mc_eval(&s, &in, &o);
    UNIT_CHECK((o.mode_o >> 2 & 3) == CLAMS_MODE_CRIT, "bank 1: 2 critical of 10 (20%): criticality mode");
    arrive(1, 7);
    depart(1, 7);
    clams_mc_eval(&s, &in, &o);
    UNIT_CHECK((o.mode_o >> 2 & 3) == CLAMS_MODE_LOCAL,
               "bank 1, a rank-8 request leaving and one arriving: 2 of the 9 to be issued (22%): locality mode");
    clams_mc_tick(&s, &in);
    clear_in();
    clams_mc_eval(&s, &in, &o);
    UNIT_CHECK((o.mode_o >> 2 & 3) == CLAMS_MODE_CRIT && clams_mc_pending(&s, 1) == 10,
               "the arrival counts from the next cycle: 2 of 10 again, criticality mode");

    /* ---- window counters saturate */
    UNIT_CHECK(blk_cfg_build(&clams_mc_kind, &c, "tiny", NULL, err, sizeof err) == 0, "tiny builds");
    clams_mc_init(&s, &c);
    for (unsigned i = 0; i < 6; i++) {
        arrive(0, 2);
        cycle(&s, &o);
    }
    UNIT_CHECK(s.win[2] == 3 && s.wall == 3, "2-bit window counters stop at 3");

    UNIT_CHECK(blk_cfg_build(&clams_mc_kind, &c, NULL, "Window=144", err, sizeof err) != 0 && strstr(err, "Window=144"),
               "a window no longer than the PCR computation is rejected");
    UNIT_CHECK(blk_cfg_build(&clams_mc_kind, &c, NULL, "ThSM=101", err, sizeof err) != 0, "ThSM=101 rejected");
    UNIT_CHECK(blk_cfg_build(&clams_mc_kind, &c, "static", NULL, err, sizeof err) == 0 && c.Scheme == CLAMS_MC_STATIC &&
                   c.ThCR == 4 && c.ThSM == 20,
               "preset static: Th_CR 4, Th_SM 20%");
}
