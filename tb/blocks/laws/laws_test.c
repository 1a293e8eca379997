/*
 * laws_test.c: hand-worked cases for the laws C model (build/bin/test_units): seed 001
 * section IV-A (APRES, LAWS), Figure 7 and Figure 8. Each expectation is derived by
 * hand from the rules, as laws.c / rtl/laws/laws.v state them, not from running the
 * model:
 *  - the pick (greedy): the first ready warp in the scheduling order; none ready ->
 *    pick_ok_o 0, pick_o 0. Picking never changes the order, so the head keeps
 *    issuing while it is ready;
 *  - a load issue (iss_*) groups every warp whose LLT entry equals the issuing warp's
 *    (the warp itself included), takes the lowest free WGT entry (none when all
 *    Groups are in use: grp_ok_o 0), and LLT[warp] = PC at the edge in any case;
 *  - feedback (fb_*) of a valid WGT entry moves its group to the head (hit) or the
 *    tail (miss) and frees the entry; an invalid or out-of-range entry is ignored;
 *  - pft_i moves the target warps to the head after the feedback's move, new_i moves
 *    launched warps to the tail last (and clears their LLT entry); every move keeps
 *    the relative order inside and outside the moved set;
 *  - reset: order 0, 1, .., Warps-1, LLT and WGT cleared.
 * Figure 8: warps 0, 2, 3 share LLPC 0x10 (warp 1: 0x30); warp 0 issues the load at
 * 0x20 -> group {0, 2, 3}; head hit -> the group to the head, miss -> to the tail.
 * The directed vectors in vectors/laws/ walk the same rules through the ports.
 * Last, random cycles against a plain reference (the pair rules, one bit per pair, and
 * the LLT compared entry by entry): the model's list and LLT classes (laws.c) must give
 * the same picks, groups, LLT and every bit of ahead_q, without the RTL.
 */
#include <stdio.h>
#include <string.h>

#include "laws.h"
#include "unit.h"

static void fig8_setup(laws_state *s, laws_out *o)
{
    laws_in in;
    laws_cfg c;
    char err[BLK_ERR_LEN];
    UNIT_CHECK(blk_cfg_build(&laws_kind, &c, NULL, "Warps=8,PcBits=8,Groups=3", err, sizeof err) == 0, "config");
    laws_init(s, &c);
    /* LLPCs as in the figure: warps 0, 2, 3 at 0x10, warp 1 at 0x30, the rest none (0);
     * the order after reset is 0, 1, .., 7 */
    static const unsigned pcs[4] = {0x10, 0x30, 0x10, 0x10};
    for (unsigned w = 0; w < 4; w++) laws_llt_write(s, (uint64_t)1 << w, pcs[w]);
    memset(&in, 0, sizeof in);
    in.iss_i = 1, in.iss_warp_i = 0, in.iss_pc_i = 0x20;
    laws_eval(s, &in, o);
    laws_tick(s, &in);
}

/* the checks the block started with (Figure 8) */
static void test_fig8(void)
{
    laws_state s;
    laws_out o;
    laws_in in;
    unsigned ord[LAWS_MAX_W];
    fig8_setup(&s, &o);
    UNIT_CHECK(o.grp_ok_o && o.grp_vec_o == 0x0d, "Figure 8: warp 0 issuing 0x20 groups warps 0, 2, 3 (LLPC 0x10)");
    UNIT_CHECK(s.llt[0] == 0x20, "Figure 8: then LLT[0] = 0x20");
    unsigned g = (unsigned)o.grp_o;
    memset(&in, 0, sizeof in);
    in.fb_i = 1, in.fb_grp_i = g, in.fb_hit_i = 1;
    laws_eval(&s, &in, &o);
    laws_tick(&s, &in);
    laws_order(&s, ord);
    UNIT_CHECK(ord[0] == 0 && ord[1] == 2 && ord[2] == 3 && ord[3] == 1, "Figure 8 hit: 0, 2, 3 to the head");
    fig8_setup(&s, &o);
    memset(&in, 0, sizeof in);
    in.fb_i = 1, in.fb_grp_i = o.grp_o, in.fb_hit_i = 0;
    laws_eval(&s, &in, &o);
    UNIT_CHECK(o.fb_ok_o && o.fb_vec_o == 0x0d, "Figure 8 miss: the group goes to SAP");
    laws_tick(&s, &in);
    laws_order(&s, ord);
    UNIT_CHECK(ord[0] == 1 && ord[1] == 4 && ord[5] == 0 && ord[6] == 2 && ord[7] == 3,
               "Figure 8 miss: 0, 2, 3 to the tail");
}

/* ---- helpers for the rest: one state, inputs cleared after every cycle */
static laws_state S;
static laws_in I;
static laws_out O;

static void setup(const char *sets)
{
    laws_cfg c;
    char err[BLK_ERR_LEN] = "";
    int rc = blk_cfg_build(&laws_kind, &c, NULL, sets, err, sizeof err);
    UNIT_CHECK(rc == 0, "test configuration accepted");
    if (rc) fprintf(stderr, "  %s: %s\n", sets, err);
    laws_init(&S, &c);
    memset(&I, 0, sizeof I);
    I.rst_i = 1;
    laws_eval(&S, &I, &O);
    laws_tick(&S, &I);
    memset(&I, 0, sizeof I);
}

/* one cycle with the inputs in I (outputs of the cycle in O), then I cleared */
static void step(void)
{
    laws_eval(&S, &I, &O);
    laws_tick(&S, &I);
    memset(&I, 0, sizeof I);
}

static void iss(unsigned w, unsigned pc)
{
    I.iss_i = 1, I.iss_warp_i = w, I.iss_pc_i = pc;
    step();
}

static void fb(unsigned g, unsigned hit)
{
    I.fb_i = 1, I.fb_grp_i = g, I.fb_hit_i = hit;
    step();
}

/* the pick for a ready set, without a clock edge: the warp, or -1 when none */
static int pick(uint64_t ready)
{
    laws_in in;
    laws_out o;
    memset(&in, 0, sizeof in);
    in.ready_i = ready;
    laws_eval(&S, &in, &o);
    if (!o.pick_ok_o) return o.pick_o == 0 ? -1 : -2;
    return (int)o.pick_o;
}

/* the order, head first, equals exp[0..Warps-1] */
static int order_is(const unsigned *exp)
{
    unsigned ord[LAWS_MAX_W];
    laws_order(&S, ord);
    for (unsigned i = 0; i < S.cfg.Warps; i++)
        if (ord[i] != exp[i]) return 0;
    return 1;
}

static void test_config(void)
{
    laws_cfg c;
    char err[BLK_ERR_LEN];
    UNIT_CHECK(blk_cfg_build(&laws_kind, &c, NULL, "", err, sizeof err) == 0 && c.Warps == 48 && c.PcBits == 32 &&
                   c.Groups == 3,
               "default = the seed's design (Table II: 48 warps, 4-byte LLPCs, 3 WGT entries)");
    UNIT_CHECK(blk_cfg_build(&laws_kind, &c, "small", "", err, sizeof err) == 0 && c.Warps == 8 && c.PcBits == 8 &&
                   c.Groups == 3,
               "preset small");
    UNIT_CHECK(blk_cfg_build(&laws_kind, &c, NULL, "Warps=1", err, sizeof err) != 0 && strstr(err, "Warps"),
               "Warps=1 rejected, naming Warps");
    UNIT_CHECK(blk_cfg_build(&laws_kind, &c, NULL, "Warps=65", err, sizeof err) != 0 && strstr(err, "Warps"),
               "Warps=65 rejected, naming Warps");
    UNIT_CHECK(blk_cfg_build(&laws_kind, &c, NULL, "Groups=9", err, sizeof err) != 0 && strstr(err, "Groups"),
               "Groups=9 rejected, naming Groups");
    UNIT_CHECK(blk_cfg_build(&laws_kind, &c, NULL, "Groups=0", err, sizeof err) != 0 && strstr(err, "Groups"),
               "Groups=0 rejected, naming Groups");
    UNIT_CHECK(blk_cfg_build(&laws_kind, &c, NULL, "PcBits=33", err, sizeof err) != 0 && strstr(err, "PcBits"),
               "PcBits=33 rejected, naming PcBits");
    UNIT_CHECK(blk_cfg_build(&laws_kind, &c, NULL, "Warps=2,PcBits=1,Groups=1", err, sizeof err) == 0 &&
                   blk_cfg_build(&laws_kind, &c, NULL, "Warps=64,PcBits=32,Groups=8", err, sizeof err) == 0,
               "the ends of the ranges accepted (2..64 warps, 1..32 PC bits, 1..8 groups)");
}

static const unsigned ORD0[8] = {0, 1, 2, 3, 4, 5, 6, 7};

/* reset: order 0..Warps-1 (row i: every bit j > i), LLT and WGT cleared */
static void test_reset(void)
{
    int ok = 1;
    setup("Warps=8,PcBits=8,Groups=3");
    for (unsigned i = 0; i < 8; i++) ok &= laws_ahead_row(&S, i) == (0xffu & ~((2u << i) - 1)) && S.llt[i] == 0;
    UNIT_CHECK(ok && order_is(ORD0), "reset: order 0..7 (ahead row i = bits i+1..7), LLT 0");
    UNIT_CHECK(!S.wgt_v[0] && !S.wgt_v[1] && !S.wgt_v[2], "reset: WGT empty");
    /* dirty every part: LLT, WGT, order */
    iss(3, 0x77);
    I.pft_i = 1, I.pft_vec_i = 0x80;
    step();
    UNIT_CHECK(S.llt[3] == 0x77 && S.wgt_v[0] && S.wgt[0] == 0xff && pick(0xff) == 7,
               "state before the reset: LLT[3] 0x77, WGT 0 {all}, warp 7 at the head");
    /* a reset cycle with an issue and moves offered: the reset wins */
    I.rst_i = 1, I.iss_i = 1, I.iss_warp_i = 5, I.iss_pc_i = 0x55, I.pft_i = 1, I.pft_vec_i = 0x40, I.new_i = 0x01;
    step();
    ok = 1;
    for (unsigned i = 0; i < 8; i++) ok &= laws_ahead_row(&S, i) == (0xffu & ~((2u << i) - 1)) && S.llt[i] == 0;
    UNIT_CHECK(ok && order_is(ORD0) && !S.wgt_v[0], "reset restores order 0..7, clears LLT and WGT");
}

/* the greedy pick */
static void test_greedy(void)
{
    setup("Warps=8,PcBits=8,Groups=3");
    int ok = 1;
    for (int k = 0; k < 3; k++) {
        I.ready_i = 0xff;
        step();
        ok &= O.pick_ok_o && O.pick_o == 0;
    }
    UNIT_CHECK(ok && order_is(ORD0), "greedy: head warp 0 picked 3 cycles in a row while ready; order unchanged");
    UNIT_CHECK(pick(0xfe) == 1, "head 0 not ready -> the next in order, 1");
    UNIT_CHECK(pick(0xa0) == 5, "ready {5, 7} -> 5 (ahead of 7)");
    UNIT_CHECK(pick(0x00) == -1, "nothing ready -> pick_ok_o 0, pick_o 0");
    UNIT_CHECK(pick(0xff) == 0, "warp 0 ready again -> picked again (the pick moves nothing)");
    /* order 6, 0, 1, 2, 3, 4, 5, 7 after warp 6 goes to the head */
    I.pft_i = 1, I.pft_vec_i = 0x40;
    step();
    UNIT_CHECK(pick(0xff) == 6 && pick(0xbf) == 0 && pick(0xa0) == 5 && pick(0x81) == 0,
               "after 6 to the head: all -> 6; without 6 -> 0; {5, 7} -> 5; {0, 7} -> 0");
}

/* group moves keep relative order inside and outside the group */
static void test_moves(void)
{
    setup("Warps=8,PcBits=8,Groups=3");
    laws_llt_write(&S, 0x52, 9); /* warps 1, 4, 6 last loaded at PC 9 */
    iss(4, 0x22);
    UNIT_CHECK(O.grp_ok_o && O.grp_o == 0 && O.grp_vec_o == 0x52, "warp 4 issues: group {1, 4, 6}, WGT 0");
    UNIT_CHECK(S.wgt_v[0] && S.wgt[0] == 0x52 && S.llt[4] == 0x22, "WGT 0 = {1, 4, 6}; LLT[4] = 0x22");
    fb(0, 1);
    static const unsigned hit[8] = {1, 4, 6, 0, 2, 3, 5, 7};
    UNIT_CHECK(O.fb_ok_o && O.fb_vec_o == 0x52 && order_is(hit) && !S.wgt_v[0],
               "hit: 1, 4, 6 to the head in their order, 0 2 3 5 7 after in theirs; WGT 0 freed");
    iss(6, 0x23);
    UNIT_CHECK(O.grp_ok_o && O.grp_o == 0 && O.grp_vec_o == 0x42,
               "warp 6 issues: LLPC 9 now only 1 and 6 -> {1, 6}, the freed WGT 0 again");
    fb(0, 0);
    static const unsigned miss[8] = {4, 0, 2, 3, 5, 7, 1, 6};
    UNIT_CHECK(O.fb_ok_o && O.fb_vec_o == 0x42 && order_is(miss), "miss: 1, 6 to the tail: 4 0 2 3 5 7 1 6");
    /* a move of every warp separates no pair */
    laws_llt_write(&S, 0xff, 5);
    iss(2, 6);
    fb(0, 0);
    UNIT_CHECK(O.fb_vec_o == 0xff && order_is(miss), "a group of all warps moved to the tail: order unchanged");
}

/* prefetch targets to the head, after the feedback move */
static void test_targets(void)
{
    static const unsigned miss[8] = {1, 4, 5, 6, 7, 0, 2, 3};
    static const unsigned tgt[8] = {2, 3, 1, 4, 5, 6, 7, 0};
    laws_out o;
    /* Figure 8 group {0, 2, 3}: miss, then the targets 2 and 3 a cycle later */
    setup("Warps=8,PcBits=8,Groups=3");
    laws_llt_write(&S, 0x0d, 0x10), laws_llt_write(&S, 0x02, 0x30);
    iss(0, 0x20);
    fb(O.grp_o, 0);
    UNIT_CHECK(order_is(miss), "miss: 0 2 3 to the tail: 1 4 5 6 7 0 2 3");
    I.pft_i = 1, I.pft_vec_i = 0x0c;
    step();
    UNIT_CHECK(order_is(tgt), "then targets 2 3 to the head: 2 3 1 4 5 6 7 0");
    /* the same in one cycle: the targets' move comes after the miss's */
    setup("Warps=8,PcBits=8,Groups=3");
    laws_llt_write(&S, 0x0d, 0x10), laws_llt_write(&S, 0x02, 0x30);
    iss(0, 0x20);
    I.fb_i = 1, I.fb_grp_i = O.grp_o, I.fb_hit_i = 0, I.pft_i = 1, I.pft_vec_i = 0x0c;
    laws_eval(&S, &I, &o);
    step();
    UNIT_CHECK(o.fb_ok_o && o.fb_vec_o == 0x0d && order_is(tgt),
               "miss and targets 2 3 in one cycle: the targets end ahead: 2 3 1 4 5 6 7 0");
    /* pft_vec_i without pft_i moves nothing */
    I.pft_vec_i = 0x80;
    step();
    UNIT_CHECK(order_is(tgt), "pft_vec_i without pft_i: no move");
    /* hit of {0, 2, 3} with target 3 in the same cycle: 3, then 0 2, then the rest */
    setup("Warps=8,PcBits=8,Groups=3");
    laws_llt_write(&S, 0x0d, 0x10);
    iss(0, 0x20);
    I.fb_i = 1, I.fb_grp_i = O.grp_o, I.fb_hit_i = 1, I.pft_i = 1, I.pft_vec_i = 0x08;
    step();
    static const unsigned ht[8] = {3, 0, 2, 1, 4, 5, 6, 7};
    UNIT_CHECK(order_is(ht), "hit {0 2 3} with target 3: 3 0 2 1 4 5 6 7");
}

/* launched warps: LLT cleared, to the tail (last of the moves) */
static void test_launch(void)
{
    setup("Warps=8,PcBits=8,Groups=3");
    for (unsigned w = 0; w < 8; w++) laws_llt_write(&S, (uint64_t)1 << w, 0x40 + w);
    I.new_i = 0x24;
    step();
    static const unsigned l1[8] = {0, 1, 3, 4, 6, 7, 2, 5};
    UNIT_CHECK(order_is(l1), "launch 2 and 5: to the tail in their order: 0 1 3 4 6 7 2 5");
    UNIT_CHECK(S.llt[2] == 0 && S.llt[5] == 0 && S.llt[4] == 0x44, "their LLT entries cleared, others kept");
    iss(5, 0x99);
    UNIT_CHECK(O.grp_vec_o == 0x24 && S.llt[5] == 0x99, "warp 5's first load groups it with 2 (LLT 0 both)");
    /* targets 3 and 7 to the head, 3 launched in the same cycle: the launch is last */
    I.pft_i = 1, I.pft_vec_i = 0x88, I.new_i = 0x08;
    step();
    static const unsigned l2[8] = {7, 0, 1, 4, 6, 2, 5, 3};
    UNIT_CHECK(order_is(l2), "target 7 to the head, 3 (target and launched) to the tail: 7 0 1 4 6 2 5 3");
    /* an issue and a launch of the same warp: the group is formed, the LLT ends 0 */
    iss(0, 0); /* nothing: LLT[0] 0x40 -> 0 */
    I.iss_i = 1, I.iss_warp_i = 1, I.iss_pc_i = 0x66, I.new_i = 0x02;
    step();
    UNIT_CHECK(O.grp_vec_o == 0x02 && S.llt[1] == 0, "issue and launch of warp 1 together: LLT[1] = 0 (launch last)");
}

/* the WGT: full, freed by feedback, reused lowest first; ignored feedback and issues */
static void test_wgt(void)
{
    setup("Warps=8,PcBits=8,Groups=3");
    iss(0, 1);
    UNIT_CHECK(O.grp_ok_o && O.grp_o == 0 && O.grp_vec_o == 0xff, "warp 0 (LLT 0 like all): group {all}, WGT 0");
    iss(1, 2);
    UNIT_CHECK(O.grp_ok_o && O.grp_o == 1 && O.grp_vec_o == 0xfe, "warp 1: group {1..7} (0 has LLT 1), WGT 1");
    iss(2, 3);
    UNIT_CHECK(O.grp_ok_o && O.grp_o == 2 && O.grp_vec_o == 0xfc, "warp 2: group {2..7}, WGT 2");
    iss(3, 4);
    UNIT_CHECK(!O.grp_ok_o && O.grp_o == 0 && O.grp_vec_o == 0xf8, "warp 3: WGT full (3 in use): grp_ok_o 0, grp_o 0");
    UNIT_CHECK(S.wgt[0] == 0xff && S.wgt[1] == 0xfe && S.wgt[2] == 0xfc && S.llt[3] == 4,
               "WGT full: no entry changed; LLT[3] still updated to 4");
    fb(1, 1);
    static const unsigned o1[8] = {1, 2, 3, 4, 5, 6, 7, 0};
    UNIT_CHECK(O.fb_ok_o && O.fb_vec_o == 0xfe && !S.wgt_v[1] && order_is(o1),
               "feedback hit on WGT 1: {1..7} to the head, entry freed");
    iss(4, 5);
    UNIT_CHECK(O.grp_ok_o && O.grp_o == 1 && O.grp_vec_o == 0xf0 && S.wgt[1] == 0xf0,
               "warp 4: group {4..7} (LLT 0) takes the freed entry 1");
    fb(0, 0);
    UNIT_CHECK(O.fb_ok_o && O.fb_vec_o == 0xff && !S.wgt_v[0] && order_is(o1), "feedback on WGT 0 {all}: freed");
    fb(0, 1);
    UNIT_CHECK(!O.fb_ok_o && O.fb_vec_o == 0 && order_is(o1), "feedback on the freed entry 0: ignored");
    fb(3, 1);
    UNIT_CHECK(!O.fb_ok_o && O.fb_vec_o == 0 && order_is(o1) && S.wgt_v[1] && S.wgt_v[2],
               "feedback on entry 3 (Groups=3): ignored");
    iss(5, 6);
    UNIT_CHECK(O.grp_ok_o && O.grp_o == 0 && O.grp_vec_o == 0xe0, "warp 5: group {5, 6, 7}, entry 0; WGT full again");
    /* feedback and an issue in one cycle with the WGT full: the issue sees it full */
    I.fb_i = 1, I.fb_grp_i = 2, I.fb_hit_i = 0, I.iss_i = 1, I.iss_warp_i = 6, I.iss_pc_i = 7;
    step();
    static const unsigned o2[8] = {1, 0, 2, 3, 4, 5, 6, 7};
    UNIT_CHECK(O.fb_ok_o && O.fb_vec_o == 0xfc && !O.grp_ok_o && !S.wgt_v[2] && S.llt[6] == 7 && order_is(o2),
               "feedback miss on WGT 2 {2..7} with an issue: no entry for it (full before the edge), "
               "entry 2 freed, 2..7 to the tail: 1 0 2 3 4 5 6 7");
    iss(7, 8);
    UNIT_CHECK(O.grp_ok_o && O.grp_o == 2 && O.grp_vec_o == 0x80, "warp 7: entry 2, group {7}");
    /* feedback and an issue in one cycle with a free entry: the issue takes the lowest
     * entry free before the edge, the feedback frees its own */
    setup("Warps=8,PcBits=8,Groups=3");
    iss(0, 1);
    I.fb_i = 1, I.fb_grp_i = 0, I.fb_hit_i = 1, I.iss_i = 1, I.iss_warp_i = 1, I.iss_pc_i = 2;
    step();
    UNIT_CHECK(O.fb_ok_o && O.grp_ok_o && O.grp_o == 1 && O.grp_vec_o == 0xfe && !S.wgt_v[0] && S.wgt_v[1] &&
                   S.wgt[1] == 0xfe,
               "feedback on entry 0 with warp 1 issuing: the group {1..7} gets entry 1, entry 0 freed");
    iss(2, 3);
    UNIT_CHECK(O.grp_ok_o && O.grp_o == 0 && O.grp_vec_o == 0xfc, "then warp 2: entry 0 (free again)");
    /* issues of warps beyond Warps are ignored (Warps=6: 3-bit warp numbers) */
    setup("Warps=6,PcBits=8,Groups=2");
    iss(6, 0x11);
    UNIT_CHECK(O.grp_vec_o == 0 && !S.wgt_v[0] && !S.wgt_v[1], "Warps=6: an issue of warp 6 forms no group");
    iss(7, 0x12);
    int ok = O.grp_vec_o == 0 && !S.wgt_v[0];
    for (unsigned w = 0; w < 6; w++) ok &= S.llt[w] == 0;
    UNIT_CHECK(ok, "Warps=6: warp 7 neither; no LLT entry written");
    iss(5, 0x13);
    UNIT_CHECK(O.grp_ok_o && O.grp_o == 0 && O.grp_vec_o == 0x3f && S.llt[5] == 0x13,
               "Warps=6: warp 5 issues normally: {0..5}, WGT 0");
}

/* Warps=64: bit 63 everywhere */
static void test_w64(void)
{
    unsigned ord[LAWS_MAX_W];
    setup("Warps=64,PcBits=32,Groups=8");
    laws_order(&S, ord);
    UNIT_CHECK(ord[0] == 0 && ord[63] == 63 && laws_ahead_row(&S, 0) == ~(uint64_t)1 &&
                   laws_ahead_row(&S, 62) == (uint64_t)1 << 63 && laws_ahead_row(&S, 63) == 0,
               "Warps=64 reset: order 0..63; row 0 = bits 1..63, row 62 = bit 63, row 63 empty");
    UNIT_CHECK(pick((uint64_t)1 << 63) == 63 && pick(~(uint64_t)0) == 0, "ready {63} -> 63; all -> 0");
    I.pft_i = 1, I.pft_vec_i = (uint64_t)1 << 63;
    step();
    laws_order(&S, ord);
    UNIT_CHECK(ord[0] == 63 && ord[1] == 0 && ord[63] == 62 && pick(~(uint64_t)0) == 63,
               "63 to the head: 63 0 1 .. 62");
    iss(63, 0xfffffff0u);
    UNIT_CHECK(O.grp_ok_o && O.grp_vec_o == ~(uint64_t)0 && S.llt[63] == 0xfffffff0u,
               "warp 63 issues: group of all 64 (LLT 0); LLT[63] = 0xfffffff0");
    I.new_i = (uint64_t)1 << 63;
    step();
    laws_order(&S, ord);
    UNIT_CHECK(ord[0] == 0 && ord[63] == 63 && S.llt[63] == 0, "63 launched: back to the tail, LLT[63] = 0");
    fb(0, 0);
    UNIT_CHECK(O.fb_ok_o && O.fb_vec_o == ~(uint64_t)0, "feedback on WGT 0: the 64-warp group");
}

/* ---- the model against a plain reference: the order as the pair rules of the RTL (one
 * bit per pair, O(Warps^2) per move, as the model was before issue [speed]) and the LLT
 * group as a compare of every entry; random inputs, every cycle's pick, group, LLT and
 * every bit of ahead_q compared */
typedef struct ref_model {
    unsigned W;
    uint64_t ahead[LAWS_MAX_W]; /* row i, bit j > i: i ahead of j */
    uint32_t llt[LAWS_MAX_W];
} ref_model;

static uint64_t ref_rand(uint64_t *x)
{
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    return *x;
}

static uint64_t ref_set(uint64_t *x, unsigned W, unsigned in16)
{
    uint64_t v = 0;
    for (unsigned w = 0; w < W; w++)
        if ((ref_rand(x) & 15) < in16) v |= (uint64_t)1 << w;
    return v;
}

static void ref_reset(ref_model *r, unsigned W)
{
    memset(r, 0, sizeof *r);
    r->W = W;
    for (unsigned i = 0; i < W; i++) r->ahead[i] = bits_mask(W) & ~bits_mask(i + 1);
}

static int ref_ahead(const ref_model *r, unsigned i, unsigned j)
{
    return i < j ? (int)(r->ahead[i] >> j & 1) : !(r->ahead[j] >> i & 1);
}

static int ref_pick(const ref_model *r, uint64_t ready)
{
    for (unsigned i = 0; i < r->W; i++) {
        int first = (int)(ready >> i & 1);
        for (unsigned j = 0; j < r->W && first; j++)
            if (j != i && (ready >> j & 1) && ref_ahead(r, j, i)) first = 0;
        if (first) return (int)i;
    }
    return -1;
}

static int ref_run(const char *sets, unsigned cycles, uint64_t seed)
{
    ref_model r;
    uint64_t x = seed;
    setup(sets);
    const unsigned W = S.cfg.Warps, ww = laws_ww(&S.cfg), gw = laws_gw(&S.cfg);
    const uint64_t mask = bits_mask(W);
    const uint32_t pcs[4] = {0, 0x12345678u & (uint32_t)bits_mask(S.cfg.PcBits), 1, 0x2a};
    ref_reset(&r, W);
    for (unsigned c = 0; c < cycles; c++) {
        memset(&I, 0, sizeof I);
        I.rst_i = (ref_rand(&x) & 1023) == 0;
        I.ready_i = ref_set(&x, W, (unsigned)(ref_rand(&x) & 7));
        if (ref_rand(&x) & 1) {
            I.iss_i = 1;
            I.iss_warp_i = ref_rand(&x) & bits_mask(ww);
            I.iss_pc_i = (ref_rand(&x) & 7) ? pcs[ref_rand(&x) & 3] & bits_mask(S.cfg.PcBits)
                                             : ref_rand(&x) & bits_mask(S.cfg.PcBits);
        }
        if ((ref_rand(&x) & 3) == 0) I.fb_i = 1, I.fb_grp_i = ref_rand(&x) & bits_mask(gw), I.fb_hit_i = ref_rand(&x) & 1;
        if ((ref_rand(&x) & 7) == 0) I.pft_i = 1, I.pft_vec_i = ref_set(&x, W, 3);
        if ((ref_rand(&x) & 31) == 0) I.new_i = ref_set(&x, W, 2);
        laws_eval(&S, &I, &O);
        /* the outputs the order and the LLT decide */
        int p = ref_pick(&r, I.ready_i & mask);
        uint64_t grp = 0;
        unsigned w = (unsigned)I.iss_warp_i;
        int iss = I.iss_i && w < W;
        for (unsigned v = 0; iss && v < W; v++)
            if (r.llt[v] == r.llt[w]) grp |= (uint64_t)1 << v;
        if ((int)O.pick_ok_o != (p >= 0) || O.pick_o != (uint64_t)(p >= 0 ? p : 0) || O.grp_vec_o != grp) {
            fprintf(stderr, "  %s cycle %u: pick %d/%llu (reference %d), group %llx (reference %llx)\n", sets, c,
                    (int)O.pick_ok_o, (unsigned long long)O.pick_o, p, (unsigned long long)O.grp_vec_o,
                    (unsigned long long)grp);
            return 0;
        }
        /* the reference's clock edge: the pair rules, then the LLT */
        if (I.rst_i) {
            ref_reset(&r, W);
        } else {
            uint64_t G = O.fb_ok_o ? O.fb_vec_o : 0, T = I.pft_i ? I.pft_vec_i & mask : 0, N = I.new_i & mask;
            for (unsigned i = 0; i < W; i++)
                for (unsigned j = i + 1; j < W; j++) {
                    unsigned gi = G >> i & 1, gj = G >> j & 1, ti = T >> i & 1, tj = T >> j & 1;
                    unsigned ni = N >> i & 1, nj = N >> j & 1;
                    int b = -1;
                    if (ni != nj) b = (int)nj;
                    else if (ti != tj) b = (int)ti;
                    else if (gi != gj) b = (int)(I.fb_hit_i ? gi : gj);
                    if (b >= 0) r.ahead[i] = (r.ahead[i] & ~((uint64_t)1 << j)) | ((uint64_t)b << j);
                }
            if (iss) r.llt[w] = (uint32_t)I.iss_pc_i;
            for (unsigned v = 0; v < W; v++)
                if (N >> v & 1) r.llt[v] = 0;
        }
        laws_tick(&S, &I);
        for (unsigned i = 0; i < W; i++)
            if (laws_ahead_row(&S, i) != r.ahead[i] || S.llt[i] != r.llt[i]) {
                fprintf(stderr, "  %s cycle %u: row %u %llx (reference %llx), LLT %x (reference %x)\n", sets, c, i,
                        (unsigned long long)laws_ahead_row(&S, i), (unsigned long long)r.ahead[i], S.llt[i], r.llt[i]);
                return 0;
            }
    }
    return 1;
}

static void test_reference(void)
{
    UNIT_CHECK(ref_run("Warps=48,PcBits=32,Groups=3", 4000, 1), "48 warps: 4000 random cycles as the pair-rule reference");
    UNIT_CHECK(ref_run("Warps=64,PcBits=3,Groups=8", 4000, 2), "64 warps, 3-bit PCs: as the reference");
    UNIT_CHECK(ref_run("Warps=5,PcBits=2,Groups=2", 20000, 3), "5 warps: 20000 cycles as the reference");
    UNIT_CHECK(ref_run("Warps=2,PcBits=1,Groups=1", 20000, 4), "2 warps: 20000 cycles as the reference");
}

void laws_unit_tests(void)
{
    test_fig8();
    test_config();
    test_reset();
    test_greedy();
    test_moves();
    test_targets();
    test_launch();
    test_wgt();
    test_w64();
    test_reference();
}
