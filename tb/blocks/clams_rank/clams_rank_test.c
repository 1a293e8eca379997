/*
 * clams_rank_test.c: hand-worked cases for the clams_rank C model (build/bin/test_units),
 * from seed 004 section 3.1's definition: rank 1 when the short-latency ratio is <= 1/8,
 * rank 8 when it is > 7/8, rank k for (k-1)/8 < ratio <= k/8.
 */
#include <string.h>

#include "clams_rank.h"
#include "unit.h"

static void cycle(clams_rank_state *s, unsigned rst, unsigned live, unsigned shrt, clams_rank_out *o)
{
    clams_rank_in in;
    memset(&in, 0, sizeof in);
    in.rst_i = rst;
    in.live_i = live;
    in.short_i = shrt;
    clams_rank_eval(s, &in, o);
    clams_rank_tick(s, &in);
}

/* the definition, independently: the smallest k with S/L <= k/8 (8S <= kL), else 8 */
static unsigned by_definition(unsigned s, unsigned l)
{
    if (l == 0) return 8;
    for (unsigned k = 1; k <= 8; k++)
        if (8 * s <= k * l) return k;
    return 8;
}

void clams_rank_unit_tests(void)
{
    clams_rank_cfg c;
    clams_rank_state s;
    clams_rank_out o;
    char err[BLK_ERR_LEN];
    UNIT_CHECK(blk_cfg_build(&clams_rank_kind, &c, NULL, NULL, err, sizeof err) == 0, "the defaults build");
    UNIT_CHECK(c.Warps == 48 && c.Epoch == 128 && c.Form == 0, "defaults: 48 warps, 128-cycle epoch, compare form");
    UNIT_CHECK(clams_rank_cw(&c) == 6 && clams_rank_aw(&c) == 13 && clams_rank_yw(&c) == 7,
               "6-bit counts, 13-bit accumulators (the seed's two 13-bit counters), 7-bit epoch cycle");

    /* the boundaries: exactly k/8 is rank k; just above is rank k+1 */
    for (unsigned k = 1; k <= 8; k++) {
        UNIT_CHECK(clams_rank_of(k, 8) == k - 1, "ratio exactly k/8 is rank k");
        UNIT_CHECK(clams_rank_of(1000 * k, 8000) == k - 1, "1000k / 8000 is rank k");
        if (k < 8) UNIT_CHECK(clams_rank_of(1000 * k + 1, 8000) == k, "just above k/8 is rank k+1");
    }
    UNIT_CHECK(clams_rank_of(0, 6144) == 0, "no short-latency warp: rank 1");
    UNIT_CHECK(clams_rank_of(1, 6144) == 0, "1/6144 <= 1/8: rank 1");
    UNIT_CHECK(clams_rank_of(6144, 6144) == 7, "all short-latency: rank 8");
    UNIT_CHECK(clams_rank_of(0, 0) == 7 && clams_rank_of(5, 0) == 7, "no resident warp (C1): rank 8");
    UNIT_CHECK(clams_rank_of(9, 8) == 7 && clams_rank_of(8191, 1) == 7, "more short than resident: rank 8");
    /* a 13-bit fraction would misplace this one: 1024/8191 > 1/8 truncates to 1024/8192 */
    UNIT_CHECK(clams_rank_of(1024, 8191) == 1 && clams_rank_of(1023, 8184) == 0, "near 1/8 with 13-bit counts");
    /* every pair of 13-bit values against the definition (the RTL's two forms are proven
     * equal to each other and to this in tb/blocks/clams_rank/rank_forms.v) */
    unsigned bad = 0;
    for (unsigned l = 0; l < 8192; l += 1)
        for (unsigned sv = 0; sv < 8192; sv += (l & 7) ? 61 : 1)
            if (clams_rank_of(sv, l) + 1 != by_definition(sv, l)) bad++;
    UNIT_CHECK(bad == 0, "clams_rank_of equals the definition (every S for L = 0 mod 8, every 61st else)");

    /* an epoch of 4 cycles: 8 resident, 2 short each cycle: 8 / 32 = 2/8: rank 2 */
    UNIT_CHECK(blk_cfg_build(&clams_rank_kind, &c, NULL, "Epoch=4", err, sizeof err) == 0, "Epoch=4 builds");
    clams_rank_init(&s, &c);
    cycle(&s, 1, 0, 0, &o);
    UNIT_CHECK(o.rank_o == 7, "after reset: rank 8");
    cycle(&s, 0, 8, 2, &o);
    UNIT_CHECK(!o.end_o, "cycle 0 of the epoch: not its end");
    cycle(&s, 0, 8, 2, &o);
    cycle(&s, 0, 8, 2, &o);
    UNIT_CHECK(s.acc_live == 24 && s.acc_short == 6, "three cycles accumulated");
    cycle(&s, 0, 8, 2, &o);
    UNIT_CHECK(o.end_o && o.rank_o == 7, "the last cycle: end_o, the old rank still out");
    UNIT_CHECK(s.rank == 1 && s.acc_live == 0 && s.acc_short == 0 && s.cyc == 0,
               "after the edge: rank 2 (8/32 = 2/8), accumulators cleared");
    /* the next epoch: 3 short of 8 in the first cycle, then nothing resident: 3/8 -> rank 3 */
    cycle(&s, 0, 8, 3, &o);
    cycle(&s, 0, 0, 0, &o);
    cycle(&s, 0, 0, 0, &o);
    cycle(&s, 0, 0, 0, &o);
    UNIT_CHECK(s.rank == 2, "3/8 over an epoch with idle cycles: rank 3");
    /* an epoch with no resident warp: rank 8 */
    for (int i = 0; i < 4; i++) cycle(&s, 0, 0, 0, &o);
    UNIT_CHECK(s.rank == 7, "an empty epoch: rank 8");
    /* reset mid-epoch starts a new epoch */
    cycle(&s, 0, 8, 0, &o);
    cycle(&s, 1, 8, 0, &o);
    UNIT_CHECK(s.cyc == 0 && s.acc_live == 0 && s.rank == 7, "reset mid-epoch: a new epoch, rank 8");
    /* Epoch=1: every cycle is an epoch */
    UNIT_CHECK(blk_cfg_build(&clams_rank_kind, &c, NULL, "Epoch=1", err, sizeof err) == 0, "Epoch=1 builds");
    clams_rank_init(&s, &c);
    cycle(&s, 0, 40, 6, &o);
    UNIT_CHECK(o.end_o && s.rank == 1, "Epoch=1: 6/40 -> rank 2 at once");

    UNIT_CHECK(blk_cfg_build(&clams_rank_kind, &c, NULL, "Epoch=0", err, sizeof err) != 0 &&
                   strstr(err, "Epoch=0 out of range"),
               "Epoch=0 rejected");
    UNIT_CHECK(blk_cfg_build(&clams_rank_kind, &c, NULL, "Form=divide", err, sizeof err) == 0 && c.Form == 1,
               "Form=divide names the divider form");
}
