/*
 * rft_test.c: hand-worked cases for the reuse frequency table's C model
 * (build/bin/test_units), written from the rules of docs/choo.md and seed 003 sec.
 * 5.3, not from the model's output: the parameter checks, the hash, the OR update
 * (conservative, never cleared by a later no-reuse eviction), the probe-on-bypass mark,
 * the outcome (not the answer) driving the state, the moving average with its
 * saturating hit counter and both thresholds, tags, remote updates and their priority.
 */
#include <string.h>

#include "rft.h"
#include "unit.h"

/* one clock; returns the outputs of its eval */
static rft_out clk(rft_state *s, const rft_in *in)
{
    rft_out o;
    rft_eval(s, in, &o);
    rft_tick(s, in);
    return o;
}

static rft_in rd(uint32_t pc, unsigned way, unsigned res, unsigned present, unsigned can, unsigned fin)
{
    rft_in in;
    memset(&in, 0, sizeof in);
    in.acc_v_i = 1;
    in.rd_i = 1;
    in.pc_i = pc;
    in.way_i = way;
    in.way_v_i = 1;
    in.res_i = res;
    in.present_i = present;
    in.can_byp_i = can;
    in.final_byp_i = fin;
    return in;
}

static rft_in miss(uint32_t pc, unsigned way) { return rd(pc, way, RFT_L1_MISS, 0, 1, 0); }

static rft_in remote(unsigned idx, unsigned tag, unsigned val)
{
    rft_in in;
    memset(&in, 0, sizeof in);
    in.rupd_v_i = 1;
    in.rupd_idx_i = idx;
    in.rupd_tag_i = tag;
    in.rupd_val_i = val;
    return in;
}

static void start(rft_state *s, rft_cfg *c, const char *sets)
{
    char err[BLK_ERR_LEN];
    rft_in r;
    UNIT_CHECK(blk_cfg_build(&rft_kind, c, NULL, sets, err, sizeof err) == 0, sets);
    rft_init(s, c);
    memset(&r, 0, sizeof r);
    r.rst_i = 1;
    (void)clk(s, &r);
}

void rft_unit_tests(void)
{
    rft_cfg c;
    rft_state s;
    rft_out o;
    rft_in in;
    char err[BLK_ERR_LEN];

    /* parameters */
    UNIT_CHECK(blk_cfg_build(&rft_kind, &c, "final", "", err, sizeof err) == 0 && c.Entries == 64 && c.TagW == 0 &&
                   c.Update == RFT_OR && c.RBits == 1 && c.Sets == 32 && c.Ways == 4,
               "final = the seed's 64 x 1-bit table and Table 5.1's 32 x 4 L1");
    UNIT_CHECK(blk_cfg_build(&rft_kind, &c, NULL, "RBits=2", err, sizeof err) != 0 && strstr(err, "Update=or"),
               "RBits=2 with the OR update rejected");
    UNIT_CHECK(blk_cfg_build(&rft_kind, &c, NULL, "Entries=48", err, sizeof err) != 0 && strstr(err, "power of two"),
               "Entries=48 rejected");
    UNIT_CHECK(blk_cfg_build(&rft_kind, &c, NULL, "Sets=3", err, sizeof err) != 0, "Sets=3 rejected");
    UNIT_CHECK(blk_cfg_build(&rft_kind, &c, NULL, "Entries=512", err, sizeof err) != 0, "Entries=512 out of range");
    UNIT_CHECK(blk_cfg_build(&rft_kind, &c, NULL, "Update=avg,RBits=3,Th2=6", err, sizeof err) == 0,
               "avg with 3-bit counters accepted");

    /* hash: 0x1234 >> 3 = 0x246 = chunks 0x06 and 0x09 of 6 bits -> 0x0f; with TagW=2
     * the 8-bit chunks 0x46 and 0x02 -> 0x44: index 4, tag 1 */
    blk_cfg_build(&rft_kind, &c, NULL, "", err, sizeof err);
    UNIT_CHECK(rft_hash(&c, 0x1234) == 0x0f, "hash of 0x1234 into 6 bits");
    blk_cfg_build(&rft_kind, &c, NULL, "TagW=2", err, sizeof err);
    UNIT_CHECK(rft_hash(&c, 0x1234) == 0x44, "hash of 0x1234 into 8 bits");
    blk_cfg_build(&rft_kind, &c, NULL, "PcShift=0", err, sizeof err);
    UNIT_CHECK(rft_hash(&c, 0xffffffffu) == ((0x3fu ^ 0x3fu ^ 0x3fu ^ 0x3fu ^ 0x3fu) ^ 0x3u), "hash of all ones");

    /* OR form: the table starts invalid (a lookup miss caches) */
    start(&s, &c, "Entries=16,Sets=1,Ways=2,PcShift=0");
    in = miss(0x1, 0);
    o = clk(&s, &in);
    UNIT_CHECK(!o.byp_o && !o.tbl_hit_o && o.alloc_o && !o.upd_v_o, "empty table: cache, allocate, no update");
    in = miss(0x2, 0);
    o = clk(&s, &in);
    UNIT_CHECK(o.upd_v_o && o.upd_idx_o == 1 && o.upd_val_o == 0, "eviction of A's unreused line updates entry 1");
    UNIT_CHECK(s.tv[1] && s.tval[1] == 0, "entry 1 = no reuse");
    in = miss(0x1, 1);
    o = clk(&s, &in);
    UNIT_CHECK(o.byp_o && o.tbl_hit_o && o.alloc_o, "no reuse: byp_o; the outcome (allocate) still allocates");
    in = miss(0x1, 0);
    in.final_byp_i = 1;
    o = clk(&s, &in);
    UNIT_CHECK(o.byp_o && !o.alloc_o && !o.upd_v_o && s.lhpc[0] == 2, "outcome bypass: the line stays");
    /* a bypassed read that finds its line reserved (fail-merge, bypassed) marks it */
    in = rd(0x1, 1, RFT_L1_FAIL_MERGE, RFT_RESERVED, 1, 1);
    o = clk(&s, &in);
    UNIT_CHECK(o.byp_o && o.mark_o && s.lcnt[1] == 1, "probe-on-bypass marks the present line");
    in = rd(0x1, 1, RFT_L1_FAIL_MERGE, RFT_RESERVED, 1, 0);
    o = clk(&s, &in);
    UNIT_CHECK(!o.mark_o, "a refused read the outcome does not bypass marks nothing (it retries)");
    in = miss(0x3, 1);
    o = clk(&s, &in);
    UNIT_CHECK(o.upd_v_o && o.upd_idx_o == 1 && o.upd_val_o == 1 && s.tval[1] == 1, "reuse ORed into entry 1");
    in = miss(0x1, 0);
    o = clk(&s, &in);
    UNIT_CHECK(!o.byp_o && o.tbl_hit_o, "entry 1 says reuse: cached");
    in = miss(0x4, 0);
    o = clk(&s, &in);
    UNIT_CHECK(o.upd_v_o && o.upd_idx_o == 1 && o.upd_val_o == 0 && s.tval[1] == 1,
               "a later unreused eviction leaves the OR'd reuse bit (conservative)");
    /* remote updates: applied like an own eviction; an event in the same clock is lost */
    in = remote(5, 0, 0);
    in.acc_v_i = 1;
    in.rd_i = 1;
    in.pc_i = 0x5;
    in.res_i = RFT_L1_MISS;
    in.way_v_i = 1;
    in.can_byp_i = 1;
    o = clk(&s, &in);
    UNIT_CHECK(!o.alloc_o && !o.byp_o && !o.tbl_hit_o && s.tv[5] && s.tval[5] == 0, "remote update wins the clock");
    in = miss(0x5, 1);
    o = clk(&s, &in);
    UNIT_CHECK(o.byp_o, "the remote entry is used");
    in = remote(5, 0, 1);
    (void)clk(&s, &in);
    UNIT_CHECK(s.tval[5] == 1, "remote reuse ORed in");
    /* write-evict, flush */
    in = miss(0x6, 0);
    (void)clk(&s, &in);
    memset(&in, 0, sizeof in);
    in.acc_v_i = in.wr_i = in.way_v_i = 1;
    in.res_i = RFT_L1_WRITE;
    in.present_i = RFT_VALID;
    o = clk(&s, &in);
    UNIT_CHECK(o.upd_v_o && o.upd_idx_o == 6 && !s.lv[0], "a store evicts the valid line and updates its entry");
    memset(&in, 0, sizeof in);
    in.flush_i = 1;
    o = clk(&s, &in);
    UNIT_CHECK(!o.upd_v_o && !s.lv[0] && !s.lv[1] && s.tv[6], "flush: lines dropped, table kept");

    /* tags: index 1 tag 0 (0x01) vs index 1 tag 1 (0x11) */
    start(&s, &c, "Entries=16,Sets=1,Ways=2,PcShift=0,TagW=4");
    in = remote(1, 0, 0);
    (void)clk(&s, &in);
    in = miss(0x11, 0);
    o = clk(&s, &in);
    UNIT_CHECK(!o.tbl_hit_o && !o.byp_o, "another tag misses the entry");
    in = miss(0x01, 1);
    o = clk(&s, &in);
    UNIT_CHECK(o.tbl_hit_o && o.byp_o, "the entry's own tag hits");
    in = miss(0x02, 0);
    o = clk(&s, &in);
    UNIT_CHECK(o.upd_v_o && o.upd_idx_o == 1 && o.upd_tag_o == 1 && s.ttag[1] == 1 && s.tval[1] == 0,
               "the other PC's eviction replaces the entry");

    /* avg: RBits=2 saturates at 3 hits; value in halves (value + 2 * hits) >> 1 */
    start(&s, &c, "Entries=16,Sets=1,Ways=1,PcShift=0,Update=avg,RBits=2,Th2=3");
    in = miss(0x1, 0);
    (void)clk(&s, &in);
    for (int i = 0; i < 5; i++) {
        in = rd(0x1, 0, RFT_L1_HIT, RFT_VALID, 0, 0);
        (void)clk(&s, &in);
    }
    UNIT_CHECK(s.lcnt[0] == 3, "hit counter saturates at 3");
    in = miss(0x2, 0);
    o = clk(&s, &in);
    UNIT_CHECK(o.upd_val_o == 3 && s.tval[1] == 6, "a new entry starts at 2 x hits = 6 halves");
    in = remote(1, 0, 0);
    (void)clk(&s, &in);
    UNIT_CHECK(s.tval[1] == 3, "(6 + 0) / 2 = 3 halves");
    in = miss(0x1, 0);
    o = clk(&s, &in);
    UNIT_CHECK(!o.byp_o, "3 halves (seed frequency 2.5) > threshold 1.5: cached");
    in = remote(1, 0, 0);
    (void)clk(&s, &in);
    UNIT_CHECK(s.tval[1] == 1, "(3 + 0) / 2 rounds down to 1");
    in = miss(0x1, 0);
    in.final_byp_i = 1;
    o = clk(&s, &in);
    UNIT_CHECK(o.byp_o, "1 half (seed frequency 1.5) <= threshold 1.5: bypassed");
    start(&s, &c, "Entries=16,Sets=1,Ways=1,PcShift=0,Update=avg,RBits=2,Th2=2");
    in = remote(1, 0, 0);
    (void)clk(&s, &in);
    in = remote(1, 0, 1);
    (void)clk(&s, &in);
    UNIT_CHECK(s.tval[1] == 1, "(0 + 2) / 2 = 1 half");
    in = miss(0x1, 0);
    o = clk(&s, &in);
    UNIT_CHECK(o.tbl_hit_o && !o.byp_o, "1 half > threshold 1.0: cached");
}
