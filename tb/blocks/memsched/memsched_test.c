/*
 * memsched_test.c: hand-worked cases for the memsched C model (build/bin/test_units),
 * seed 003 sections 6.3.1-6.3.3. Each expectation is derived by hand from the rules in
 * memsched.c's header (docs/choo.md), not from running the model.
 */
#include <stdio.h>
#include <string.h>

#include "memsched.h"
#include "unit.h"

static memsched_state S;
static memsched_in I;
static memsched_out O;

static void setup(const char *sets)
{
    memsched_cfg c;
    char err[BLK_ERR_LEN];
    UNIT_CHECK(blk_cfg_build(&memsched_kind, &c, NULL, sets, err, sizeof err) == 0, sets);
    memsched_init(&S, &c);
    memset(&I, 0, sizeof I);
    I.rst_i = 1;
    memsched_eval(&S, &I, &O);
    memsched_tick(&S, &I);
    I.rst_i = 0;
}

/* one cycle: request (warp < 0: none), probe answers; O holds that cycle's outputs */
static void cycle(int warp, uint64_t line, unsigned acc, unsigned hit)
{
    I.req_valid_i = warp >= 0;
    I.req_warp_i = warp >= 0 ? (unsigned)warp : 0;
    I.req_line_i = line;
    I.req_ld_i = (unsigned)line & 3;
    I.probe_acc_i = acc;
    I.probe_hit_i = hit;
    memsched_eval(&S, &I, &O);
    memsched_tick(&S, &I);
}

static unsigned cand(unsigned j) { return memsched_field(O.cand_slot_o, j, memsched_qw(&S.cfg)); }

static void test_config(void)
{
    memsched_cfg c;
    char err[BLK_ERR_LEN];
    memsched_cfg_default(&c);
    UNIT_CHECK(c.Slots == 48 && c.Depth == 32 && c.Policy == MEMSCHED_GRR && c.K == 4,
               "default is the seed's final design (48 slots x 32, GroupedRR, 4 probe units, sec. 6.5.2)");
    UNIT_CHECK(blk_cfg_build(&memsched_kind, &c, NULL, "Slots=3,K=4", err, sizeof err) != 0 && strstr(err, "K=4"),
               "K > Slots rejected, naming K");
    UNIT_CHECK(blk_cfg_build(&memsched_kind, &c, NULL, "Slots=1", err, sizeof err) != 0 && strstr(err, "Slots"),
               "Slots=1 rejected");
    UNIT_CHECK(blk_cfg_build(&memsched_kind, &c, NULL, "K=9", err, sizeof err) != 0, "K=9 rejected");
    UNIT_CHECK(blk_cfg_build(&memsched_kind, &c, NULL, "Policy=rr", err, sizeof err) == 0 && c.Policy == MEMSCHED_RR,
               "Policy=rr by name");
    UNIT_CHECK(blk_cfg_build(&memsched_kind, &c, NULL, "Policy=lrr", err, sizeof err) != 0, "unknown policy rejected");
    UNIT_CHECK(blk_cfg_build(&memsched_kind, &c, "tiny", "", err, sizeof err) == 0 && c.Slots == 2 && c.Depth == 1 &&
                   c.K == 1,
               "preset tiny: 2 slots of 1");
    UNIT_CHECK(blk_cfg_build(&memsched_kind, &c, "fixed", "", err, sizeof err) == 0 && c.Policy == MEMSCHED_FIXED &&
                   c.K == 1 && c.Slots == 48,
               "preset fixed: FIXED with one probe unit");
}

/* fixed: the K lowest non-empty slots, whatever was served before */
static void test_fixed(void)
{
    unsigned s[MEMSCHED_MAX_K], n;
    setup("Slots=16,Depth=4,Policy=fixed,K=3");
    cycle(7, 0x70, 0, 0);
    cycle(2, 0x20, 0, 0);
    cycle(11, 0xb0, 0, 0);
    cycle(4, 0x40, 0, 0);
    n = memsched_cands(&S, s);
    UNIT_CHECK(n == 3 && s[0] == 2 && s[1] == 4 && s[2] == 7, "fixed: candidates 2, 4, 7 of {2, 4, 7, 11}");
    cycle(-1, 0, 0x6, 0x4); /* 2 refused, 4 and 7 accepted, 7 hits */
    UNIT_CHECK(O.pick_valid_o && O.pick_idx_o == 1 && O.pick_slot_o == 4 && !O.pick_hit_o,
               "fixed: the first accepted (4), not the hit (7)");
    cycle(-1, 0, 0x1, 0);
    UNIT_CHECK(O.pick_slot_o == 2 && cand(1) == 7 && cand(2) == 11, "fixed: slot 2 again first, then 7, 11");
}

/* rr: from the pointer; the pointer past the served slot, or past the probed group */
static void test_rr(void)
{
    setup("Slots=8,Depth=4,Policy=rr,K=2");
    cycle(1, 0x10, 0, 0);
    cycle(3, 0x30, 0, 0);  /* cands {1}: refused -> ptr 2 */
    UNIT_CHECK(O.stall_o && S.ptr == 2, "rr: a refused candidate moves the pointer past it");
    cycle(6, 0x60, 0, 0);  /* cands 3, 1 (from 2): refused -> ptr past 1 = 2 */
    UNIT_CHECK(cand(0) == 3 && cand(1) == 1 && S.ptr == 2, "rr: from 2 the order is 3 then 1 (wrap)");
    cycle(-1, 0, 0x3, 0x2); /* cands 3, 6: both accepted -> 3 served, ptr 4 */
    UNIT_CHECK(cand(0) == 3 && cand(1) == 6 && O.pick_slot_o == 3 && S.ptr == 4, "rr: first accepted, pointer past it");
    cycle(-1, 0, 0x2, 0); /* cands 6, 1: 1 accepted -> served, ptr 2 */
    UNIT_CHECK(O.pick_idx_o == 1 && O.pick_slot_o == 1 && S.ptr == 2, "rr: served candidate 1, pointer past slot 1");
    cycle(-1, 0, 0x1, 0);
    UNIT_CHECK(O.pick_slot_o == 6 && S.ptr == 7, "rr: the last one");
    cycle(-1, 0, 0x3, 0x3);
    UNIT_CHECK(!O.cand_valid_o && !O.pick_valid_o && !O.stall_o && S.ptr == 7, "rr: empty, pointer stays");
}

/* grr: the first hit in the group, else the first accepted; pointer past the group */
static void test_grr(void)
{
    setup("Slots=16,Depth=4,Policy=grr,K=4");
    cycle(0, 0x00, 0, 0);
    cycle(3, 0x30, 0, 0);  /* cands {0}, refused: ptr 1 */
    cycle(5, 0x50, 0, 0);  /* cands 3, 0: ptr past 0 = 1 */
    cycle(8, 0x80, 0, 0);  /* cands 3, 5, 0: ptr 1 */
    cycle(9, 0x90, 0, 0);  /* cands 3, 5, 8, 0: ptr 1 */
    UNIT_CHECK(O.cand_valid_o == 0xf && S.ptr == 1, "grr: a refused group still moves the pointer");
    cycle(-1, 0, 0xf, 0xa); /* cands 3, 5, 8, 9: hits on 5 and 9 -> 5; ptr 10 */
    UNIT_CHECK(cand(0) == 3 && cand(3) == 9 && O.pick_idx_o == 1 && O.pick_slot_o == 5 && O.pick_hit_o && S.ptr == 10,
               "grr: the earlier hit of the group; the next group from 10");
    cycle(-1, 0, 0x6, 0); /* from 10: 0, 3, 8, 9; accepted 3 and 8, no hit -> 3; ptr 10 */
    UNIT_CHECK(cand(0) == 0 && O.pick_slot_o == 3 && !O.pick_hit_o && S.ptr == 10, "grr: no hit: the first accepted");
    cycle(-1, 0, 0x1, 0x6); /* cands 0, 8, 9: hit bits without acceptance do not count */
    UNIT_CHECK(O.pick_slot_o == 0 && !O.pick_hit_o, "grr: a hit bit of a refused candidate is ignored");
}

static void test_full_and_depth1(void)
{
    unsigned i;
    setup("Slots=4,Depth=3,Policy=grr,K=1");
    for (i = 0; i < 3; i++) cycle(2, 0x20 + i, 0, 0);
    cycle(2, 0x23, 1, 0);
    UNIT_CHECK(!O.req_ready_o && O.full_o && O.pick_valid_o, "full slot: not taken, even while its head is served");
    cycle(2, 0x23, 0, 0);
    UNIT_CHECK(O.req_ready_o && !O.full_o, "one left: taken at the retry");
    cycle(7, 0x70, 0, 0);
    UNIT_CHECK(!O.req_ready_o && !O.full_o, "warp >= Slots: never taken, not full");
    setup("Slots=4,Depth=1,Policy=rr,K=1");
    cycle(1, 0x11, 0, 0);
    cycle(1, 0x12, 1, 0);
    UNIT_CHECK(!O.req_ready_o && O.pick_valid_o, "Depth=1: the second request waits while the first leaves");
    cycle(1, 0x12, 0, 0);
    UNIT_CHECK(O.req_ready_o, "Depth=1: then it is taken");
}

/* payload: FIFO order, every field; a line wider than the 64-bit word boundary */
static void test_payload(void)
{
    const uint64_t big = 0xfedcba9876ull;
    setup("Slots=4,Depth=4,Policy=fixed,K=4,LineW=40,SlotW=2");
    cycle(3, big, 0, 0);
    cycle(1, 0x1111111111ull | (1ull << 45), 0, 0); /* bits above LineW are not stored */
    cycle(3, 0x3, 0, 0);
    cycle(-1, 0, 0, 0);
    UNIT_CHECK(cand(0) == 1 && cand(1) == 3, "candidates 1, 3");
    UNIT_CHECK(memsched_cand_line(&O, &S.cfg, 0) == 0x1111111111ull, "candidate 0's line, masked to 40 bits");
    UNIT_CHECK(memsched_cand_line(&O, &S.cfg, 1) == big && memsched_field(O.cand_ld_o, 1, 2) == (big & 3),
               "candidate 1's line across the 64-bit word (bits 40..79), its load slot");
    cycle(-1, 0, 0x2, 0);
    cycle(-1, 0, 0x2, 0);
    UNIT_CHECK(O.pick_slot_o == 3 && memsched_cand_line(&O, &S.cfg, 1) == 0x3, "slot 3's second request after its first");
}

void memsched_unit_tests(void)
{
    test_config();
    test_fixed();
    test_rr();
    test_grr();
    test_full_and_depth1();
    test_payload();
}
