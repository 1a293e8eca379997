/*
 * clams_pick_test.c: hand-worked picker orders for the clams_pick C model
 * (build/bin/test_units): FR-FCFS, the criticality and locality modes of seed 004 section
 * 5.2, and FR-FCFS-Cap (section 7).
 */
#include <string.h>

#include "clams_pick.h"
#include "unit.h"

static clams_pick_in in;
static clams_pick_state s;
static clams_pick_out o;

static void setbit(uint64_t *v, unsigned i) { v[i / 64] |= (uint64_t)1 << (i % 64); }
static void cycle(void)
{
    clams_pick_eval(&s, &in, &o);
    clams_pick_tick(&s, &in);
    memset(&in, 0, sizeof in);
}
/* a request into slot `slot`: bank, rank (1..8) */
static void arrive(unsigned slot, unsigned bank, unsigned rank)
{
    in.arr_i = 1, in.arr_slot_i = slot, in.arr_bank_i = bank, in.arr_rank_i = rank - 1;
    cycle();
}
static void fresh(const char *preset, const char *sets)
{
    clams_pick_cfg c;
    char err[BLK_ERR_LEN];
    blk_cfg_build(&clams_pick_kind, &c, preset, sets, err, sizeof err);
    clams_pick_init(&s, &c);
    memset(&in, 0, sizeof in);
    in.rst_i = 1;
    cycle();
}
/* this cycle's view: candidates (col: a column command), hits */
static void cand(unsigned slot, int col) { setbit(in.cand_i, slot), col ? setbit(in.col_i, slot) : (void)0; }
static void hit(unsigned slot) { setbit(in.hit_i, slot); }
static unsigned peek(void)
{
    clams_pick_eval(&s, &in, &o);
    return o.pick_ok_o ? (unsigned)o.pick_o : 99;
}

void clams_pick_unit_tests(void)
{
    /* slot 0: bank 0, rank 1 (critical), a row miss; slot 1: bank 0, rank 8, a row hit,
     * younger; slot 2: bank 1, rank 5, a miss to a closed bank (activate), oldest of all */
    fresh("small", "Algo=frfcfs");
    arrive(2, 1, 5);
    arrive(0, 0, 1);
    arrive(1, 0, 8);
    hit(1);
    cand(0, 0), cand(1, 1), cand(2, 0);
    UNIT_CHECK(peek() == 1 && o.pick_col_o, "FR-FCFS: the row hit first, though younger");
    memset(&in, 0, sizeof in);
    hit(1);
    cand(0, 0), cand(2, 0); /* the hit's column slot not ready this cycle */
    UNIT_CHECK(peek() == 2, "FR-FCFS: no precharge of a row a buffered request hits; the activate of bank 1 instead");
    memset(&in, 0, sizeof in);
    hit(1);
    cand(0, 0);
    UNIT_CHECK(peek() == 99, "FR-FCFS: only that precharge: nothing picked");

    fresh("small", "Algo=clams");
    arrive(2, 1, 5);
    arrive(0, 0, 1);
    arrive(1, 0, 8);
    in.thcr_i = 3; /* Th_CR 4: ranks 1..4 critical */
    in.mode_i = 1; /* bank 0 criticality mode, bank 1 FR-FCFS order */
    hit(1);
    cand(0, 0), cand(1, 1), cand(2, 0);
    UNIT_CHECK(peek() == 0 && o.pick_crit_o && o.pick_mode_o == 1 && !o.pick_col_o,
               "criticality mode: the critical miss first, closing the row the younger hit uses");
    in.mode_i = 2; /* bank 0 locality mode */
    UNIT_CHECK(peek() == 1 && o.pick_col_o && !o.pick_crit_o, "locality mode: the row hit first");
    in.mode_i = 0;
    UNIT_CHECK(peek() == 1, "mode 0 (no critical request counted): FR-FCFS order");

    /* locality mode, two row hits: the critical one first though younger; criticality
     * mode, two critical requests: the row hit first; equal classes: the older */
    fresh("small", "Algo=clams");
    arrive(3, 2, 7);
    arrive(4, 2, 2);
    arrive(5, 2, 3);
    in.thcr_i = 3;
    in.mode_i = 2 << 4;
    hit(3), hit(4);
    cand(3, 1), cand(4, 1), cand(5, 0);
    UNIT_CHECK(peek() == 4, "locality mode: of two row hits the critical one");
    in.mode_i = 1 << 4;
    UNIT_CHECK(peek() == 4, "criticality mode: critical row hit before the critical miss");
    memset(&in, 0, sizeof in);
    in.thcr_i = 7; /* everything critical */
    in.mode_i = 1 << 4;
    hit(3), hit(4);
    cand(3, 1), cand(4, 1);
    UNIT_CHECK(peek() == 3, "equal classes: the older request");

    /* FR-FCFS-Cap 2: bank 0 keeps serving row hits while slot 0 misses; after 2 the bank
     * is capped and serves by age: slot 0's precharge, though other requests hit */
    fresh("small", "Algo=cap,Cap=2");
    arrive(0, 0, 8);
    for (unsigned i = 1; i <= 4; i++) arrive(i, 0, 8);
    for (unsigned k = 0; k < 2; k++) {
        for (unsigned i = 1 + k; i <= 4; i++) hit(i);
        cand(0, 0), cand(1 + k, 1);
        UNIT_CHECK(peek() == 1 + k && o.pick_col_o, "Cap: a row hit while the miss waits");
        cycle();
        in.dep_i = 1, in.dep_slot_i = 1 + k; /* served: gone the next cycle */
    }
    UNIT_CHECK(s.streak[0] == 2, "two hits served while slot 0 missed: the streak is 2");
    for (unsigned i = 3; i <= 4; i++) hit(i);
    cand(0, 0), cand(3, 1);
    UNIT_CHECK(peek() == 0 && o.pick_mode_o == 3, "capped: the oldest (slot 0's precharge) before the next hit");
    cycle();
    UNIT_CHECK(s.streak[0] == 0, "a precharge of the bank clears its streak");

    /* a slot freed and refilled in one cycle; reset */
    fresh("tiny", NULL);
    arrive(1, 1, 2);
    in.dep_i = 1, in.dep_slot_i = 1;
    in.arr_i = 1, in.arr_slot_i = 1, in.arr_bank_i = 0, in.arr_rank_i = 5;
    cycle();
    UNIT_CHECK((s.v[0] >> 1 & 1) && s.bank[1] == 0 && s.rank[1] == 5 && s.cnt == 2,
               "departure then arrival in one slot and cycle: the new request holds it");
    in.rst_i = 1;
    cycle();
    UNIT_CHECK(s.v[0] == 0 && s.cnt == 0, "reset empties the slots");
}
