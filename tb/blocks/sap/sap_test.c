/*
 * sap_test.c: hand-worked cases for the sap C model (build/bin/test_units): seed 001
 * section IV-B (APRES, SAP) and Figure 9. Each expectation is derived by hand from the
 * rules, as sap.c / rtl/sap/sap.v state them, not from running the model:
 *  - PT lookup by PC: a new PC takes the lowest free entry, else the LRU one (a hit
 *    touches its entry), as {PC, warp, address, stride 0}: res 1;
 *  - a known PC: dw = warp - PT.warp, diff = address - PT.address (mod 2^AddrW);
 *    dw = 0 -> res 2 (no check); diff == PT.stride x dw -> res 3 (match); else a
 *    mismatch: res 4 starts the divider on |diff| / |dw| (truncating; the sign is
 *    sign(diff) xor sign(dw)) when it is idle, res 5 when it is busy (stride kept).
 *    The divider started in cycle t is busy in t+1..t+AddrW, done in t+AddrW+1, and
 *    its quotient becomes the entry's stride at that cycle's edge, unless a new PC
 *    took the entry meanwhile. Every load writes the entry's warp and address;
 *  - a missing load (ld_miss_i) whose stride matched (res 3) with its group (grp_i)
 *    accepts the group minus its own warp as targets (none when that is empty): they
 *    replace the warp queue; base = the address, u = the warp, the stride kept;
 *  - pf_o: the lowest warp v of the queue, pf_addr_o = base + (v - u) x stride mod
 *    2^AddrW; pf_ack_i removes v (one warp a cycle).
 * Figure 9: PT {PC 200, warp 10, address 2800, stride 100}; warp 2 loads 2000:
 * (2000 - 2800) = 100 x (2 - 10) matches; the prefetch for warp 1 is
 * 2000 + (1 - 2) x 100 = 1900.
 * The directed vectors in vectors/sap/ walk the same rules through the ports.
 */
#include <stdio.h>
#include <string.h>

#include "sap.h"
#include "unit.h"

static void step(sap_state *s, const sap_in *in, sap_out *o)
{
    sap_eval(s, in, o);
    sap_tick(s, in);
}

/* the checks the block started with (Figure 9, the seed's configuration) */
static void test_fig9(void)
{
    sap_cfg c;
    sap_state s;
    sap_out o;
    sap_in in;
    char err[BLK_ERR_LEN];
    UNIT_CHECK(blk_cfg_build(&sap_kind, &c, NULL, "", err, sizeof err) == 0, "the seed's configuration");
    sap_init(&s, &c);
    /* the PT entry of Figure 9: PC 200 {warp 10, address 2800, stride 100} */
    s.ptv[0] = 1, s.ptpc[0] = 200, s.ptw[0] = 10, s.pta[0] = 2800, s.pts[0] = 100;
    s.lruv = 1;
    memset(&in, 0, sizeof in);
    in.ld_i = 1, in.ld_pc_i = 200, in.ld_warp_i = 2, in.ld_addr_i = 2000, in.ld_miss_i = 1;
    in.grp_i = 1, in.grp_vec_i = (1u << 1) | (1u << 2) | (1u << 5);
    step(&s, &in, &o);
    UNIT_CHECK(o.res_o == SAP_RES_MATCH && o.tgt_o && o.tgt_vec_o == ((1u << 1) | (1u << 5)),
               "Figure 9: the stride 100 matches; warps 1 and 5 are targets");
    memset(&in, 0, sizeof in);
    sap_eval(&s, &in, &o);
    UNIT_CHECK(o.pf_o && o.pf_warp_o == 1 && o.pf_addr_o == 1900, "Figure 9: the prefetch for warp 1 is 1900");
    in.pf_ack_i = 1;
    step(&s, &in, &o);
    sap_eval(&s, &in, &o);
    UNIT_CHECK(o.pf_o && o.pf_warp_o == 5 && o.pf_addr_o == 2300, "then warp 5: 2000 + 3 x 100 = 2300");
    UNIT_CHECK(s.ptw[0] == 2 && s.pta[0] == 2000, "the PT entry takes warp 2, address 2000");
}

/* ---- helpers for the rest: one state, inputs cleared after every cycle */
static sap_state S;
static sap_in I;
static sap_out O;

static void setup(const char *sets)
{
    sap_cfg c;
    char err[BLK_ERR_LEN] = "";
    int rc = blk_cfg_build(&sap_kind, &c, NULL, sets, err, sizeof err);
    UNIT_CHECK(rc == 0, "test configuration accepted");
    if (rc) fprintf(stderr, "  %s: %s\n", sets, err);
    sap_init(&S, &c);
    memset(&I, 0, sizeof I);
    I.rst_i = 1;
    step(&S, &I, &O);
    memset(&I, 0, sizeof I);
}

/* one cycle with the inputs in I (outputs of the cycle in O), then I cleared */
static void cyc(void)
{
    step(&S, &I, &O);
    memset(&I, 0, sizeof I);
}

static void idle(unsigned n)
{
    while (n--) cyc();
}

/* a load; miss and group optional (grp_vec 0: no group); returns res_o */
static unsigned ld(unsigned pc, unsigned w, uint64_t addr, unsigned miss, uint64_t grp_vec)
{
    I.ld_i = 1, I.ld_pc_i = pc, I.ld_warp_i = w, I.ld_addr_i = addr, I.ld_miss_i = miss;
    I.grp_i = grp_vec != 0, I.grp_vec_i = grp_vec;
    cyc();
    return (unsigned)O.res_o;
}

/* a PT entry set directly (as Figure 9's test does): valid, in the LRU order */
static void pt_set(unsigned e, unsigned pc, unsigned w, uint64_t a, uint64_t str)
{
    S.ptv[e] = 1, S.ptpc[e] = pc, S.ptw[e] = (uint8_t)w, S.pta[e] = a, S.pts[e] = str;
    S.lruv |= (uint64_t)1 << e;
}

/* the prefetch on pf_o now (no edge): 1 when pf_o with warp w and address a */
static int pf_is(unsigned w, uint64_t a)
{
    sap_in in;
    sap_out o;
    memset(&in, 0, sizeof in);
    sap_eval(&S, &in, &o);
    return o.pf_o && o.pf_warp_o == w && o.pf_addr_o == a;
}

static int pf_none(void)
{
    sap_in in;
    sap_out o;
    memset(&in, 0, sizeof in);
    sap_eval(&S, &in, &o);
    return !o.pf_o && o.pf_warp_o == 0 && o.pf_addr_o == 0;
}

static void ack(void)
{
    I.pf_ack_i = 1;
    cyc();
}

#define CFG12 "Warps=8,PcBits=8,AddrW=12,Entries=2"
#define M12(x) ((uint64_t)(x) & 0xfff) /* a signed value as a 12-bit word */

static void test_config(void)
{
    sap_cfg c;
    char err[BLK_ERR_LEN];
    UNIT_CHECK(blk_cfg_build(&sap_kind, &c, NULL, "", err, sizeof err) == 0 && c.Warps == 48 && c.PcBits == 32 &&
                   c.AddrW == 64 && c.Entries == 10,
               "default = the seed's design (Table II: 48 warps, 4-byte PCs, 8-byte addresses and strides, "
               "10 PT entries)");
    UNIT_CHECK(blk_cfg_build(&sap_kind, &c, "small", "", err, sizeof err) == 0 && c.Warps == 8 && c.AddrW == 12 &&
                   c.Entries == 2,
               "preset small");
    UNIT_CHECK(blk_cfg_build(&sap_kind, &c, NULL, "AddrW=7", err, sizeof err) != 0 && strstr(err, "AddrW"),
               "AddrW=7 rejected, naming AddrW");
    UNIT_CHECK(blk_cfg_build(&sap_kind, &c, NULL, "AddrW=65", err, sizeof err) != 0 && strstr(err, "AddrW"),
               "AddrW=65 rejected, naming AddrW");
    UNIT_CHECK(blk_cfg_build(&sap_kind, &c, NULL, "Entries=12", err, sizeof err) != 0 && strstr(err, "Entries"),
               "Entries=12 rejected, naming Entries");
    UNIT_CHECK(blk_cfg_build(&sap_kind, &c, NULL, "Warps=1", err, sizeof err) != 0 && strstr(err, "Warps") &&
                   blk_cfg_build(&sap_kind, &c, NULL, "Warps=65", err, sizeof err) != 0 && strstr(err, "Warps"),
               "Warps=1 and Warps=65 rejected, naming Warps");
    UNIT_CHECK(blk_cfg_build(&sap_kind, &c, NULL, "PcBits=33", err, sizeof err) != 0 && strstr(err, "PcBits"),
               "PcBits=33 rejected, naming PcBits");
    UNIT_CHECK(blk_cfg_build(&sap_kind, &c, NULL, "Warps=2,PcBits=1,AddrW=8,Entries=1", err, sizeof err) == 0 &&
                   blk_cfg_build(&sap_kind, &c, NULL, "Warps=64,PcBits=32,AddrW=64,Entries=11", err, sizeof err) == 0,
               "the ends of the ranges accepted");
}

/* negative stride: PT {warp 3, 1000, -50}; warp 5 loads 900 */
static void test_neg_stride(void)
{
    setup(CFG12);
    pt_set(0, 7, 3, 1000, M12(-50));
    /* dw = 2, diff = -100 = -50 x 2 */
    UNIT_CHECK(ld(7, 5, 900, 1, 0xb8) == SAP_RES_MATCH && O.pt_idx_o == 0 && O.tgt_o && O.tgt_vec_o == 0x98,
               "negative stride: -100 = -50 x 2 matches; group {3 4 5 7} -> targets {3 4 7}");
    UNIT_CHECK(S.base == 900 && S.bu == 5 && S.bstr == M12(-50) && S.wq == 0x98, "DRQ base 900, u 5, stride -50");
    UNIT_CHECK(pf_is(3, 1000), "warp 3: 900 + (3 - 5) x -50 = 1000");
    ack();
    UNIT_CHECK(pf_is(4, 950), "warp 4: 900 + (4 - 5) x -50 = 950");
    ack();
    UNIT_CHECK(pf_is(7, 800), "warp 7: 900 + (7 - 5) x -50 = 800");
    ack();
    UNIT_CHECK(pf_none() && S.wq == 0, "queue empty: pf_o 0");
}

/* dw = 0: no check, the address taken, the stride kept */
static void test_same_warp(void)
{
    setup(CFG12);
    pt_set(0, 7, 3, 1000, 100);
    UNIT_CHECK(ld(7, 3, 1300, 1, 0x18) == SAP_RES_SAME && !O.tgt_o && O.tgt_vec_o == 0,
               "warp 3 again (dw 0): res 2, no targets even with a miss and a group");
    UNIT_CHECK(S.pta[0] == 1300 && S.ptw[0] == 3 && S.pts[0] == 100 && S.div.cnt == 0 && S.wq == 0,
               "address 1300 taken, stride 100 kept, divider not started");
    UNIT_CHECK(ld(7, 4, 1400, 0, 0) == SAP_RES_MATCH, "warp 4 at 1400: 1400 - 1300 = 100 x 1 matches");
}

/* the divider: latency, signed truncated quotient, busy */
static void test_divider(void)
{
    setup(CFG12);
    UNIT_CHECK(ld(5, 1, 1000, 0, 0) == SAP_RES_NEW && O.pt_idx_o == 0 && S.pts[0] == 0, "PC 5 new: entry 0, stride 0");
    UNIT_CHECK(ld(5, 3, 750, 0, 0) == SAP_RES_DIV, "warp 3 at 750: diff -250 != 0 x 2: res 4, divider started");
    UNIT_CHECK(S.div.cnt == 12 && S.div.quo == 250 && S.div.div == 2 && S.dvneg && S.dvidx == 0 && S.dvlive &&
                   S.pta[0] == 750 && S.ptw[0] == 3,
               "divider: |diff| 250 / |dw| 2, negative, 12 steps; the entry takes warp 3, 750");
    UNIT_CHECK(ld(5, 4, 700, 0, 0) == SAP_RES_BUSY && S.pts[0] == 0,
               "t+1: warp 4 at 700 (diff -50 != 0): res 5, divider busy, stride kept");
    idle(10); /* t+2 .. t+11 */
    UNIT_CHECK(S.div.cnt == 1 && !S.div.done && S.pts[0] == 0, "after t+11: one step left");
    idle(1); /* t+12 = t+AddrW: the last step */
    UNIT_CHECK(S.div.cnt == 0 && S.div.done && S.div.quo == 125 && S.div.rem == 0 && S.pts[0] == 0,
               "after t+12: done, quotient 125, not yet the stride");
    idle(1); /* t+13 = t+AddrW+1: the write */
    UNIT_CHECK(S.pts[0] == M12(-125) && !S.div.done, "at the edge of t+AddrW+1 = t+13: stride -125");
    UNIT_CHECK(ld(5, 5, 575, 0, 0) == SAP_RES_MATCH, "warp 5 at 575: 575 - 700 = -125 x 1 matches");
    /* 251 / 2 truncates to 125 */
    UNIT_CHECK(ld(5, 7, 826, 0, 0) == SAP_RES_DIV && S.div.quo == 251 && S.div.div == 2 && !S.dvneg,
               "warp 7 at 826: diff 251 != -125 x 2: res 4, 251 / 2 positive");
    idle(12);
    UNIT_CHECK(S.div.done && S.div.quo == 125 && S.div.rem == 1, "251 / 2 = 125 remainder 1 (truncated)");
    /* in the done cycle the divider is idle: a new mismatch starts it (res 4, not 5) */
    UNIT_CHECK(ld(5, 0, 100, 0, 0) == SAP_RES_DIV && S.pts[0] == 125 && S.div.cnt == 12 && S.div.quo == 726 &&
                   S.div.div == 7 && S.dvneg == 0,
               "done cycle: warp 0 at 100 (diff -726, dw -7; stride still -125): res 4; the edge writes 125 "
               "and starts 726 / 7, positive");
    idle(13);
    UNIT_CHECK(S.pts[0] == 103, "726 / 7 = 103 (truncated from 103.7)");
}

/* the divider's result is dropped when a new PC takes its entry meanwhile */
static void test_dvlive(void)
{
    setup("Warps=8,PcBits=8,AddrW=12,Entries=1");
    ld(1, 1, 100, 0, 0);
    UNIT_CHECK(ld(1, 3, 300, 0, 0) == SAP_RES_DIV, "PC 1: 200 / 2 started for entry 0");
    UNIT_CHECK(ld(2, 0, 50, 0, 0) == SAP_RES_NEW && O.pt_idx_o == 0 && !S.dvlive && S.ptpc[0] == 2,
               "PC 2 takes entry 0 (the only one, LRU): dvlive 0");
    idle(12); /* t+2 .. t+13: done in t+12, the write would be at t+13's edge */
    UNIT_CHECK(S.pts[0] == 0 && !S.div.done && S.div.cnt == 0, "the quotient 100 was not written to PC 2's entry");
    UNIT_CHECK(ld(2, 1, 150, 0, 0) == SAP_RES_DIV, "PC 2, warp 1 at 150: stride 0 -> mismatch, res 4");
}

/* PT replacement: lowest free, then LRU (hits touch) */
static void test_replace(void)
{
    setup("Warps=8,PcBits=8,AddrW=12,Entries=3");
    ld(1, 0, 10, 0, 0);
    UNIT_CHECK(O.res_o == SAP_RES_NEW && O.pt_idx_o == 0, "PC 1: entry 0");
    ld(2, 0, 20, 0, 0);
    ld(3, 0, 30, 0, 0);
    UNIT_CHECK(O.res_o == SAP_RES_NEW && O.pt_idx_o == 2 && S.ptpc[1] == 2, "PC 2: entry 1, PC 3: entry 2");
    UNIT_CHECK(ld(1, 0, 40, 0, 0) == SAP_RES_SAME && O.pt_idx_o == 0, "PC 1 again (same warp): hit entry 0, touched");
    S.pts[1] = 77;
    UNIT_CHECK(ld(4, 0, 50, 0, 0) == SAP_RES_NEW && O.pt_idx_o == 1 && S.ptpc[1] == 4 && S.pts[1] == 0,
               "PC 4: LRU is PC 2 (entry 1; PC 1 was touched): replaced, stride back to 0");
    UNIT_CHECK(ld(5, 0, 60, 0, 0) == SAP_RES_NEW && O.pt_idx_o == 2, "PC 5: LRU is PC 3 (entry 2)");
    UNIT_CHECK(ld(2, 0, 70, 0, 0) == SAP_RES_NEW && O.pt_idx_o == 0, "PC 2 (evicted): LRU is PC 1 (entry 0)");
    /* order now, oldest first: entry 1 (PC 4), 2 (PC 5), 0 (PC 2); touches of the
     * highest and of a middle entry (pair bits on both sides of the touched entry) */
    UNIT_CHECK(ld(5, 0, 80, 0, 0) == SAP_RES_SAME && O.pt_idx_o == 2, "PC 5 hit (entry 2): 1 0 2");
    UNIT_CHECK(ld(4, 0, 90, 0, 0) == SAP_RES_SAME && O.pt_idx_o == 1, "PC 4 hit (entry 1): 0 2 1");
    UNIT_CHECK(ld(6, 0, 10, 0, 0) == SAP_RES_NEW && O.pt_idx_o == 0, "PC 6: LRU entry 0 (PC 2): 2 1 0");
    UNIT_CHECK(ld(7, 0, 10, 0, 0) == SAP_RES_NEW && O.pt_idx_o == 2, "PC 7: LRU entry 2 (PC 5): 1 0 2");
    UNIT_CHECK(ld(8, 0, 10, 0, 0) == SAP_RES_NEW && O.pt_idx_o == 1, "PC 8: LRU entry 1 (PC 4): 0 2 1");
    I.rst_i = 1;
    cyc();
    UNIT_CHECK(!S.ptv[0] && !S.ptv[1] && !S.ptv[2] && S.lruv == 0, "reset: PT empty");
    UNIT_CHECK(ld(5, 0, 60, 0, 0) == SAP_RES_NEW && O.pt_idx_o == 0, "after reset PC 5: lowest free entry 0");
    UNIT_CHECK(ld(9, 0, 60, 0, 0) == SAP_RES_NEW && O.pt_idx_o == 1, "PC 9: entry 1");
}

/* no targets: hit, no group, mismatch, group of the missing warp only, new PC */
static void test_no_targets(void)
{
    setup(CFG12);
    pt_set(0, 7, 3, 1000, 100);
    UNIT_CHECK(ld(7, 5, 1200, 0, 0x2c) == SAP_RES_MATCH && !O.tgt_o && O.tgt_vec_o == 0,
               "match but a hit (ld_miss_i 0): no targets");
    I.ld_i = 1, I.ld_pc_i = 7, I.ld_warp_i = 6, I.ld_addr_i = 1300, I.ld_miss_i = 1;
    I.grp_i = 0, I.grp_vec_i = 0x4c; /* a group vector without grp_i */
    cyc();
    UNIT_CHECK(O.res_o == SAP_RES_MATCH && !O.tgt_o && O.tgt_vec_o == 0, "match and miss without grp_i: no targets");
    UNIT_CHECK(ld(7, 7, 1400, 1, 0x80) == SAP_RES_MATCH && !O.tgt_o && O.tgt_vec_o == 0,
               "match, miss, group {7} of only the missing warp: no targets");
    UNIT_CHECK(ld(7, 1, 1000, 1, 0x07) == SAP_RES_DIV && !O.tgt_o,
               "mismatch (-400 != 100 x -6) with miss and group: no targets");
    UNIT_CHECK(ld(8, 1, 1000, 1, 0x07) == SAP_RES_NEW && !O.tgt_o, "new PC with miss and group: no targets");
    UNIT_CHECK(S.wq == 0 && pf_none(), "the queue stayed empty");
}

/* the warp queue: one prefetch a cycle on pf_ack_i, replaced by a new accepted group */
static void test_queue(void)
{
    setup(CFG12);
    pt_set(0, 7, 3, 1000, 100);
    UNIT_CHECK(ld(7, 4, 1100, 1, 0x55) == SAP_RES_MATCH && O.tgt_o && O.tgt_vec_o == 0x45 && !O.pf_o,
               "warp 4 misses at 1100, group {0 2 4 6}: targets {0 2 6}; pf_o still 0 in that cycle");
    UNIT_CHECK(pf_is(0, 700), "warp 0: 1100 + (0 - 4) x 100 = 700");
    cyc();
    cyc();
    UNIT_CHECK(pf_is(0, 700) && S.wq == 0x45, "no ack for 2 cycles: warp 0 stays");
    ack();
    UNIT_CHECK(pf_is(2, 900), "ack: warp 2: 900");
    ack();
    UNIT_CHECK(pf_is(6, 1300), "ack: warp 6: 1300");
    ack();
    UNIT_CHECK(pf_none(), "ack: queue empty");
    UNIT_CHECK(ld(7, 5, 1200, 1, 0xa2) == SAP_RES_MATCH && O.tgt_vec_o == 0x82 && pf_is(1, 800),
               "warp 5 at 1200, group {1 5 7}: targets {1 7}; warp 1: 800");
    /* a new accepted group in the cycle of an ack: the new queue replaces the old one
     * whole (the ack of the old queue's warp 1 does not remove 1 from the new one) */
    I.pf_ack_i = 1;
    UNIT_CHECK(ld(7, 6, 1300, 1, 0x4a) == SAP_RES_MATCH && O.tgt_o && O.tgt_vec_o == 0x0a && O.pf_o &&
                   O.pf_warp_o == 1 && O.pf_addr_o == 800,
               "warp 6 at 1300, group {1 3 6} while warp 1's prefetch (800) is acked: targets {1 3}");
    UNIT_CHECK(S.wq == 0x0a && S.base == 1300 && S.bu == 6 && pf_is(1, 800),
               "the queue is {1 3} (7 dropped, 1 kept): warp 1: 1300 - 5 x 100 = 800");
    ack();
    UNIT_CHECK(pf_is(3, 1000), "warp 3: 1300 - 3 x 100 = 1000");
}

/* the queue takes the stride that matched, even when the divider writes the entry's
 * stride at the same edge */
static void test_bstr(void)
{
    setup(CFG12);
    pt_set(0, 7, 3, 1000, 100);
    UNIT_CHECK(ld(7, 5, 1400, 0, 0) == SAP_RES_DIV, "warp 5 at 1400: 400 != 100 x 2: res 4, 400 / 2 = 200");
    idle(12); /* t+1 .. t+12: the next cycle is the done cycle */
    UNIT_CHECK(S.div.done && S.pts[0] == 100, "done; the stride is still 100");
    UNIT_CHECK(ld(7, 6, 1500, 1, 0xc0) == SAP_RES_MATCH && O.tgt_vec_o == 0x80,
               "done cycle: warp 6 at 1500 matches the old 100; group {6 7}: target {7}");
    UNIT_CHECK(S.pts[0] == 200 && S.bstr == 100 && pf_is(7, 1600),
               "the PT gets 200 at that edge, the queue the matched 100: warp 7 at 1500 + 100 = 1600");
}

/* addresses modulo 2^AddrW */
static void test_wrap(void)
{
    setup("Warps=8,PcBits=8,AddrW=8,Entries=1");
    pt_set(0, 1, 0, 250, 10);
    UNIT_CHECK(ld(1, 1, 4, 1, 0x0b) == SAP_RES_MATCH && O.tgt_vec_o == 0x09,
               "AddrW=8: 4 - 250 = 10 mod 256 = 10 x 1 matches; targets {0 3}");
    UNIT_CHECK(pf_is(0, 250), "warp 0: 4 - 10 = -6 mod 256 = 250");
    ack();
    UNIT_CHECK(pf_is(3, 24), "warp 3: 4 + 2 x 10 = 24");
}

/* reset clears PT, queue and divider; a load in the reset cycle is no load */
static void test_reset(void)
{
    setup(CFG12);
    pt_set(0, 7, 3, 1000, 100);
    ld(7, 4, 1100, 1, 0x19);
    ld(7, 6, 1000, 0, 0); /* mismatch: the divider runs */
    UNIT_CHECK(S.wq == 0x09 && S.div.cnt == 12, "before the reset: queue {0 3}, divider running");
    I.rst_i = 1, I.ld_i = 1, I.ld_pc_i = 9, I.ld_warp_i = 2, I.ld_addr_i = 5;
    sap_eval(&S, &I, &O);
    UNIT_CHECK(O.res_o == SAP_RES_NONE && O.pt_idx_o == 0 && O.pf_o, "load during reset: res 0 (pf_o shows the state)");
    cyc();
    UNIT_CHECK(!S.ptv[0] && !S.ptv[1] && S.wq == 0 && S.div.cnt == 0 && !S.div.done && !S.dvlive && S.pts[0] == 0 &&
                   S.lruv == 0 && pf_none(),
               "after reset: PT, queue, divider cleared; pf_o 0");
    UNIT_CHECK(ld(7, 4, 1100, 0, 0) == SAP_RES_NEW && O.pt_idx_o == 0, "PC 7 is new again: entry 0");
    /* warps beyond Warps: no load */
    setup("Warps=6,PcBits=8,AddrW=12,Entries=2");
    UNIT_CHECK(ld(3, 6, 100, 1, 0) == SAP_RES_NONE && !S.ptv[0], "Warps=6: a load of warp 6 is ignored");
}

void sap_unit_tests(void)
{
    test_fig9();
    test_config();
    test_neg_stride();
    test_same_warp();
    test_divider();
    test_dvlive();
    test_replace();
    test_no_targets();
    test_queue();
    test_bstr();
    test_wrap();
    test_reset();
}
