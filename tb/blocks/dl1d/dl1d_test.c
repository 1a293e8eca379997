/*
 * dl1d_test.c: hand-worked cases for the decoupled L1D C model (seed 002 chapter 4,
 * sections 4.4.1-4.4.3, Table 4.3). Each expectation is derived by hand from the seed's
 * rules as dl1d.c's comments state them, not from running the model:
 *  - tag miss: new entry in the lowest invalid way, else the smallest RC among entries
 *    without a Position (ties: lowest way); RC 1; bypass (res 4) unless forced
 *    (prefetch, base_i, Threshold 0);
 *  - tag hit with Position: hit (1) or hit-pending (2) before the fill;
 *  - tag hit without Position: RC + 1 (saturating), >= Threshold -> data line (3), else 5;
 *  - data line: lowest free, else LRU among filled lines (owner: RC 0, no Position),
 *    else res 6; every allocation and write-eviction ages the set's other entries;
 *  - dueling: reads and misses of both sides per Interval of elapsed cycles.
 * The directed vectors in vectors/dl1d/ walk the same rules through the ports; these
 * checks look at the registers as well.
 */
#include <stdio.h>
#include <string.h>

#include "dl1d.h"
#include "unit.h"

static dl1d_state S;
static dl1d_in I;
static dl1d_out O;

static int build(const char *preset, const char *sets, dl1d_cfg *c, char *err, size_t n)
{
    return blk_cfg_build(&dl1d_kind, c, preset, sets, err, n);
}

/* a configuration that must be valid, then a reset cycle */
static void setup(const char *sets)
{
    dl1d_cfg c;
    char err[256] = "";
    int rc = build(NULL, sets, &c, err, sizeof err);
    UNIT_CHECK(rc == 0, "test configuration accepted");
    if (rc) fprintf(stderr, "  %s: %s\n", sets, err);
    dl1d_init(&S, &c);
    memset(&I, 0, sizeof I);
    I.rst_i = 1;
    dl1d_eval(&S, &I, &O);
    dl1d_tick(&S, &I);
    memset(&I, 0, sizeof I);
}

/* one event; returns res_o of its cycle (outputs in O) */
static unsigned ev(unsigned op, unsigned set, unsigned tag)
{
    I.op_i = op;
    I.set_i = set;
    I.tag_i = tag;
    dl1d_eval(&S, &I, &O);
    dl1d_tick(&S, &I);
    return (unsigned)O.res_o;
}
static unsigned rd(unsigned tag) { return ev(DL1D_OP_READ, 0, tag); }

static void test_config(void)
{
    dl1d_cfg c;
    char err[256];
    UNIT_CHECK(build(NULL, "", &c, err, sizeof err) == 0, "defaults valid");
    UNIT_CHECK(c.Sets == 32 && c.TagWays == 8 && c.DataWays == 4 && c.RcBits == 6 && c.Threshold == 2 &&
                   c.Duel == 1 && c.Interval == 500 && c.DuelPct == 10,
               "default is the seed's final design (Table 4.3: 32x8 tags, 32x4 lines, 6-bit RC, "
               "threshold 2, dueling every 500 cycles at 10%)");
    UNIT_CHECK(build("final", "", &c, err, sizeof err) == 0 && c.Sets == 32 && c.TagWays == 8, "preset final");
    UNIT_CHECK(build("small", "", &c, err, sizeof err) == 0 && c.Sets == 4 && c.TagWays == 4 && c.DataWays == 2 &&
                   c.RcBits == 3 && c.Interval == 40,
               "preset small");
    UNIT_CHECK(build("tiny", "", &c, err, sizeof err) == 0 && c.Sets == 1 && c.TagWays == 3 && c.Threshold == 3,
               "preset tiny (Threshold 3 = the 2-bit RC maximum)");
    UNIT_CHECK(build("noduel", "", &c, err, sizeof err) == 0 && c.Duel == 0, "preset noduel");
    UNIT_CHECK(build("nope", "", &c, err, sizeof err) != 0, "unknown preset rejected");

    UNIT_CHECK(build(NULL, "Sets=3", &c, err, sizeof err) != 0 && strstr(err, "Sets=3") &&
                   strstr(err, "power of two"),
               "Sets=3 rejected: not a power of two");
    UNIT_CHECK(build(NULL, "Sets=48", &c, err, sizeof err) != 0 && strstr(err, "power of two"),
               "Sets=48 rejected: not a power of two");
    UNIT_CHECK(build(NULL, "Sets=1", &c, err, sizeof err) == 0 && build(NULL, "Sets=64", &c, err, sizeof err) == 0,
               "Sets=1 and Sets=64 (powers of two at the ends of the range) accepted");
    UNIT_CHECK(build(NULL, "Sets=128", &c, err, sizeof err) != 0 && strstr(err, "Sets"),
               "Sets=128 out of range");
    UNIT_CHECK(build(NULL, "TagWays=4,DataWays=4", &c, err, sizeof err) != 0 && strstr(err, "DataWays=4") &&
                   strstr(err, "TagWays=4"),
               "DataWays=TagWays rejected (a tag miss must always find an entry without a line)");
    UNIT_CHECK(build(NULL, "TagWays=4,DataWays=6", &c, err, sizeof err) != 0 && strstr(err, "DataWays"),
               "DataWays>TagWays rejected");
    UNIT_CHECK(build(NULL, "TagWays=5,DataWays=4", &c, err, sizeof err) == 0, "DataWays=TagWays-1 accepted");
    UNIT_CHECK(build(NULL, "TagWays=2,DataWays=1", &c, err, sizeof err) == 0, "smallest geometry accepted");
    UNIT_CHECK(build(NULL, "RcBits=3,Threshold=8", &c, err, sizeof err) != 0 && strstr(err, "Threshold=8") &&
                   strstr(err, "RcBits=3"),
               "Threshold 8 above the 3-bit RC range (0..7) rejected");
    UNIT_CHECK(build(NULL, "RcBits=3,Threshold=7", &c, err, sizeof err) == 0, "Threshold 7 = 3-bit RC max accepted");
    UNIT_CHECK(build(NULL, "RcBits=1,Threshold=2", &c, err, sizeof err) != 0, "Threshold 2 with 1-bit RC rejected");
    UNIT_CHECK(build(NULL, "RcBits=1,Threshold=1", &c, err, sizeof err) == 0, "Threshold 1 with 1-bit RC accepted");
    UNIT_CHECK(build(NULL, "Threshold=0", &c, err, sizeof err) == 0, "Threshold 0 (cache everything) accepted");
    UNIT_CHECK(build(NULL, "Bogus=1", &c, err, sizeof err) != 0 && strstr(err, "Bogus"), "unknown parameter rejected");
}

/* reset: Free Line = DataWays in every set, LRU ranks 0..DataWays-1, nothing valid */
static void test_reset(void)
{
    unsigned i, ok = 1;
    setup(""); /* the defaults: 32 sets, 8 tag ways, 4 data ways */
    for (i = 0; i < 32; i++) ok &= S.freec[i] == 4;
    UNIT_CHECK(ok, "reset: Free Line = 4 in all 32 sets");
    ok = 1;
    for (i = 0; i < 32 * 4; i++) ok &= S.lru[i] == i % 4 && !S.dval[i] && !S.dpend[i];
    UNIT_CHECK(ok, "reset: lines free, LRU rank = way");
    ok = 1;
    for (i = 0; i < 32 * 8; i++) ok &= !S.tval[i] && !S.pval[i] && !S.rc[i];
    UNIT_CHECK(ok, "reset: tag entries invalid, no Position, RC 0");
    UNIT_CHECK(!S.dcyc && !S.acc_a && !S.miss_a && !S.acc_b && !S.miss_b && !S.dbase, "reset: dueling unit cleared");

    /* some state in set 7, then a reset with a read offered: the reset wins */
    UNIT_CHECK(ev(DL1D_OP_PREFETCH, 7, 0x55) == DL1D_RES_ALLOC && S.freec[7] == 3, "prefetch allocates in set 7");
    I.rst_i = 1;
    UNIT_CHECK(ev(DL1D_OP_READ, 7, 0x55) == DL1D_RES_NONE && O.thit_o == 0 && O.free_o == 3,
               "during reset: no decision; free_o still shows the count before the edge");
    I.rst_i = 0;
    UNIT_CHECK(S.freec[7] == 4 && !S.tval[7 * 8] && !S.dval[7 * 4] && S.lru[7 * 4] == 0,
               "reset clears set 7 again");
    UNIT_CHECK(ev(DL1D_OP_READ, 7, 0x55) == DL1D_RES_BYP_TAGMISS && O.tway_o == 0 && !O.tevict_o,
               "after reset the line is unknown again: tag miss, way 0");
}

/* tag store: invalid ways first, then LFU among entries without a Position */
static void test_tag_lfu(void)
{
    setup("Sets=1,TagWays=4,DataWays=2,RcBits=3,Threshold=4");
    UNIT_CHECK(rd(1) == DL1D_RES_BYP_TAGMISS && O.tway_o == 0 && !O.tevict_o && !O.thit_o, "A: way 0, bypass");
    UNIT_CHECK(rd(2) == DL1D_RES_BYP_TAGMISS && O.tway_o == 1, "B: way 1");
    UNIT_CHECK(rd(3) == DL1D_RES_BYP_TAGMISS && O.tway_o == 2, "C: way 2");
    UNIT_CHECK(rd(4) == DL1D_RES_BYP_TAGMISS && O.tway_o == 3, "D: way 3");
    UNIT_CHECK(S.tval[0] && S.tval[3] && S.ttag[2] == 3 && S.rc[0] == 1 && S.rc[3] == 1,
               "new entries hold their tag and RC 1 (the missing reference counts)");
    UNIT_CHECK(rd(2) == DL1D_RES_BYP_COLD && O.thit_o && O.tway_o == 1 && S.rc[1] == 2, "B hit: RC 2 < 4, res 5");
    UNIT_CHECK(rd(2) == DL1D_RES_BYP_COLD && S.rc[1] == 3, "B hit: RC 3 < 4, res 5");
    UNIT_CHECK(rd(5) == DL1D_RES_BYP_TAGMISS && O.tway_o == 0 && O.tevict_o && S.ttag[0] == 5 && S.rc[0] == 1,
               "E: ways 0, 2, 3 tie at RC 1 -> lowest way 0 replaced (tevict)");
    UNIT_CHECK(rd(6) == DL1D_RES_BYP_TAGMISS && O.tway_o == 0 && O.tevict_o && S.ttag[0] == 6,
               "F: still a tie at RC 1 -> way 0 again (LFU, not LRU)");
    UNIT_CHECK(S.rc[1] == 3 && S.ttag[1] == 2, "B (RC 3) never chosen");
    UNIT_CHECK(rd(2) == DL1D_RES_ALLOC && O.way_o == 0 && S.pval[1] && S.rc[1] == 4,
               "B: RC 4 >= 4 -> data line 0");
    UNIT_CHECK(S.rc[0] == 0 && S.rc[2] == 0 && S.rc[3] == 0, "allocation aged the others 1 -> 0");
    UNIT_CHECK(rd(3) == DL1D_RES_BYP_COLD && S.rc[2] == 1, "C: RC 0+1 = 1");
    UNIT_CHECK(rd(4) == DL1D_RES_BYP_COLD && S.rc[3] == 1, "D: RC 1");
    UNIT_CHECK(rd(7) == DL1D_RES_BYP_TAGMISS && O.tway_o == 0 && O.tevict_o,
               "G: F (way 0, RC 0) is the LFU victim");
    UNIT_CHECK(rd(8) == DL1D_RES_BYP_TAGMISS && O.tway_o == 0,
               "H: ways 0, 2, 3 at RC 1 -> way 0; B (committed, way 1) skipped");
    UNIT_CHECK(S.ttag[1] == 2 && S.pval[1], "B kept its entry and Position");
}

/* threshold, allocation, hit-pending, fill, LRU data victim, owner demotion, aging */
static void test_data_store(void)
{
    unsigned i;
    setup("Sets=1,TagWays=4,DataWays=2,RcBits=3");
    UNIT_CHECK(rd(1) == DL1D_RES_BYP_TAGMISS && O.free_o == 2, "A miss");
    UNIT_CHECK(rd(2) == DL1D_RES_BYP_TAGMISS, "B miss");
    UNIT_CHECK(rd(1) == DL1D_RES_ALLOC && O.way_o == 0 && !O.devict_o && O.free_o == 2,
               "A: RC 2 >= 2 -> free line 0; free_o is the count before the event");
    UNIT_CHECK(S.pval[0] && S.pos[0] == 0 && S.dval[0] && S.dpend[0] && S.freec[0] == 1 && S.rc[0] == 2,
               "A committed to line 0, pending, Free Line 1");
    UNIT_CHECK(S.rc[1] == 0, "B aged 1 -> 0");
    UNIT_CHECK(rd(1) == DL1D_RES_PEND && O.way_o == 0 && O.free_o == 1, "A before its fill: hit-pending");
    UNIT_CHECK(ev(DL1D_OP_FILL, 0, 1) == DL1D_RES_NONE && O.thit_o && O.way_o == 0 && !S.dpend[0], "fill A");
    UNIT_CHECK(rd(1) == DL1D_RES_HIT && O.way_o == 0, "A hit");
    UNIT_CHECK(rd(2) == DL1D_RES_BYP_COLD && S.rc[1] == 1, "B: RC 0+1 = 1 < 2");
    UNIT_CHECK(rd(2) == DL1D_RES_ALLOC && O.way_o == 1 && S.freec[0] == 0 && S.rc[1] == 2, "B: line 1");
    UNIT_CHECK(S.rc[0] == 1, "committed A aged 2 -> 1");
    UNIT_CHECK(S.lru[1] == 0 && S.lru[0] == 1, "LRU: line 1 most recent, line 0 oldest");
    UNIT_CHECK(rd(3) == DL1D_RES_BYP_TAGMISS && O.tway_o == 2, "C miss, way 2");
    UNIT_CHECK(rd(3) == DL1D_RES_ALLOC && O.way_o == 0 && O.devict_o && O.tway_o == 2,
               "C: no free line; line 1 pending, line 0 filled -> line 0 evicted");
    UNIT_CHECK(!S.pval[0] && S.rc[0] == 0 && S.tval[0], "owner A: no Position, RC 0, entry kept");
    UNIT_CHECK(S.pval[2] && S.pos[2] == 0 && S.dpend[0] && S.freec[0] == 0, "C owns line 0, pending");
    UNIT_CHECK(S.rc[1] == 1 && S.rc[2] == 2, "B aged 2 -> 1; C (allocated) not aged");
    UNIT_CHECK(rd(4) == DL1D_RES_BYP_TAGMISS && O.tway_o == 3, "D miss, way 3");
    UNIT_CHECK(rd(4) == DL1D_RES_BYP_NOLINE && O.thit_o && O.tway_o == 3 && S.rc[3] == 2 && !S.pval[3],
               "D: RC 2 but both lines pending -> res 6, RC still counts");
    for (i = 0; i < 10; i++) rd(4);
    UNIT_CHECK(O.res_o == DL1D_RES_BYP_NOLINE && S.rc[3] == 7, "D: RC saturates at 7 (3 bits)");
    UNIT_CHECK(S.rc[1] == 1 && S.rc[0] == 0, "res 6 ages nobody");
    UNIT_CHECK(rd(1) == DL1D_RES_BYP_COLD && S.rc[0] == 1, "A (demoted): RC 0+1 = 1 < 2 -> res 5");
    UNIT_CHECK(ev(DL1D_OP_FILL, 0, 1) == DL1D_RES_NONE && O.thit_o && S.dpend[1] && S.dpend[0],
               "fill of A (no Position) changes no line");
    UNIT_CHECK(ev(DL1D_OP_FILL, 0, 2) == DL1D_RES_NONE && O.way_o == 1 && !S.dpend[1], "fill B: line 1");
    UNIT_CHECK(rd(4) == DL1D_RES_ALLOC && O.way_o == 1 && O.devict_o && S.pval[3] && !S.pval[1] && S.rc[1] == 0,
               "D: line 1 (the only filled one) evicted, B demoted");
    UNIT_CHECK(S.rc[0] == 0 && S.rc[2] == 1 && S.rc[3] == 7, "aging: A 1 -> 0, C 2 -> 1; D itself not aged");
}

/* LRU ranks follow reads (hit, pending hit, allocation); a prefetch hit does not touch */
static void test_lru(void)
{
    setup("Sets=1,TagWays=4,DataWays=3,RcBits=3,Threshold=0");
    UNIT_CHECK(rd(1) == DL1D_RES_ALLOC && O.way_o == 0 && O.free_o == 3, "Threshold 0: A allocates on its miss");
    UNIT_CHECK(rd(2) == DL1D_RES_ALLOC && O.way_o == 1 && O.free_o == 2, "B line 1");
    UNIT_CHECK(rd(3) == DL1D_RES_ALLOC && O.way_o == 2 && O.free_o == 1, "C line 2");
    UNIT_CHECK(S.lru[0] == 2 && S.lru[1] == 1 && S.lru[2] == 0, "LRU ranks 2 1 0 (line 0 oldest)");
    ev(DL1D_OP_FILL, 0, 1);
    ev(DL1D_OP_FILL, 0, 2);
    ev(DL1D_OP_FILL, 0, 3);
    UNIT_CHECK(S.lru[0] == 2 && S.lru[1] == 1 && S.lru[2] == 0, "fills do not touch LRU");
    UNIT_CHECK(rd(1) == DL1D_RES_HIT && S.lru[0] == 0 && S.lru[1] == 2 && S.lru[2] == 1, "A hit: 0 2 1");
    UNIT_CHECK(ev(DL1D_OP_PREFETCH, 0, 3) == DL1D_RES_HIT && S.lru[2] == 1, "prefetch of C: a hit, no LRU touch");
    UNIT_CHECK(rd(4) == DL1D_RES_ALLOC && O.way_o == 1 && O.devict_o && O.tway_o == 3,
               "D: LRU line 1 (B's) evicted");
    UNIT_CHECK(S.lru[0] == 1 && S.lru[1] == 0 && S.lru[2] == 2, "LRU ranks 1 0 2");
}

/* write-evict, write to a pending line, no-write-allocate, flush of filled lines */
static void test_write_flush(void)
{
    dl1d_state snap;
    setup("Sets=2,TagWays=4,DataWays=2,RcBits=3");
    rd(1);
    UNIT_CHECK(rd(1) == DL1D_RES_ALLOC && O.way_o == 0, "A line 0");
    UNIT_CHECK(rd(5) == DL1D_RES_BYP_TAGMISS && O.tway_o == 1 && S.rc[1] == 1, "E way 1, RC 1");
    ev(DL1D_OP_FILL, 0, 1);
    UNIT_CHECK(ev(DL1D_OP_WRITE, 0, 1) == DL1D_RES_WEVICT && O.way_o == 0 && O.tway_o == 0 && O.free_o == 1,
               "write to filled A: res 7");
    UNIT_CHECK(!S.dval[0] && !S.pval[0] && S.freec[0] == 2 && S.rc[0] == 2, "line 0 free, A keeps RC 2");
    UNIT_CHECK(S.rc[1] == 0, "the write-eviction aged E 1 -> 0");
    UNIT_CHECK(rd(1) == DL1D_RES_ALLOC && O.way_o == 0, "A again (RC 3): line 0");
    memcpy(&snap, &S, sizeof S);
    UNIT_CHECK(ev(DL1D_OP_WRITE, 0, 1) == DL1D_RES_NONE && O.thit_o && !memcmp(&snap, &S, sizeof S),
               "write to pending A: nothing");
    UNIT_CHECK(ev(DL1D_OP_WRITE, 0, 9) == DL1D_RES_NONE && !O.thit_o && !memcmp(&snap, &S, sizeof S),
               "write miss: no tag entry made");
    UNIT_CHECK(ev(DL1D_OP_WRITE, 0, 5) == DL1D_RES_NONE && O.thit_o && !memcmp(&snap, &S, sizeof S),
               "write to E (no Position): nothing");
    UNIT_CHECK(ev(6, 0, 1) == DL1D_RES_NONE && ev(7, 0, 1) == DL1D_RES_NONE && ev(DL1D_OP_NONE, 0, 1) == 0 &&
                   !memcmp(&snap, &S, sizeof S),
               "op 0 and the unused codes 6, 7: no event");
    /* set 1: a filled line, then B in set 0 filled too */
    ev(DL1D_OP_READ, 1, 7);
    UNIT_CHECK(ev(DL1D_OP_READ, 1, 7) == DL1D_RES_ALLOC && O.way_o == 0 && S.freec[1] == 1, "Z: set 1 line 0");
    ev(DL1D_OP_FILL, 1, 7);
    rd(2);
    UNIT_CHECK(rd(2) == DL1D_RES_ALLOC && O.way_o == 1 && S.freec[0] == 0, "B: set 0 line 1");
    ev(DL1D_OP_FILL, 0, 2);
    UNIT_CHECK(ev(DL1D_OP_FLUSH, 0, 0) == DL1D_RES_NONE, "flush: no decision");
    UNIT_CHECK(S.dval[0] && S.dpend[0] && S.pval[0], "set 0 line 0 (A, pending) kept");
    UNIT_CHECK(!S.dval[1] && !S.pval[2] && S.freec[0] == 1, "set 0 line 1 (B, filled) freed");
    UNIT_CHECK(!S.dval[2] && !S.pval[4] && S.freec[1] == 2 && S.tval[4] && S.rc[4] == 2,
               "set 1 line 0 (Z) freed; Z keeps its entry and RC");
    UNIT_CHECK(rd(1) == DL1D_RES_PEND, "A still pending after the flush");
}

/* base_i and prefetch force the allocation */
static void test_force(void)
{
    setup("Sets=1,TagWays=4,DataWays=2,RcBits=3,Threshold=5");
    I.base_i = 1;
    UNIT_CHECK(rd(1) == DL1D_RES_ALLOC && O.way_o == 0 && O.tway_o == 0 && S.rc[0] == 1,
               "base_i: tag miss allocates at once, RC 1");
    I.base_i = 0;
    UNIT_CHECK(rd(2) == DL1D_RES_BYP_TAGMISS, "base_i 0: bypass");
    UNIT_CHECK(ev(DL1D_OP_PREFETCH, 0, 2) == DL1D_RES_ALLOC && O.way_o == 1 && S.rc[1] == 2,
               "prefetch of B (RC 2 < 5) allocates");
    UNIT_CHECK(S.rc[0] == 0, "and ages A");
    UNIT_CHECK(ev(DL1D_OP_PREFETCH, 0, 3) == DL1D_RES_BYP_NOLINE && O.tway_o == 2 && S.tval[2] && !S.pval[2],
               "prefetch with every line pending: res 6, tag entry made");
}

static void test_duel_worse(void)
{
    UNIT_CHECK(dl1d_duel_worse(4, 3, 4, 0, 10) == 1, "75% vs 0%: 1200 > 160");
    UNIT_CHECK(dl1d_duel_worse(1, 1, 10, 9, 10) == 0, "100% vs 90% at 10 points: 1000 > 1000 is false");
    UNIT_CHECK(dl1d_duel_worse(1, 1, 10, 8, 10) == 1, "100% vs 80%: 1000 > 900");
    UNIT_CHECK(dl1d_duel_worse(3, 0, 2, 1, 10) == 0, "0% vs 50%");
    UNIT_CHECK(dl1d_duel_worse(2, 1, 4, 2, 0) == 0, "equal rates, DuelPct 0: 400 > 400 is false");
    UNIT_CHECK(dl1d_duel_worse(3, 2, 4, 2, 0) == 1, "67% vs 50%, DuelPct 0: 800 > 600");
    UNIT_CHECK(dl1d_duel_worse(10, 6, 10, 5, 10) == 0, "60% vs 50% at 10 points: 6000 > 5000 + 1000 is false");
    UNIT_CHECK(dl1d_duel_worse(10, 7, 10, 5, 10) == 1, "70% vs 50%: 7000 > 6000");
    UNIT_CHECK(dl1d_duel_worse(1, 1, 1, 0, 100) == 0, "DuelPct 100: never (100 > 100 is false)");
    UNIT_CHECK(dl1d_duel_worse(4095, 4095, 4095, 1, 99) == 1,
               "full 12-bit counters: 1676902500 > 409500 + 1660133475");
    UNIT_CHECK(dl1d_duel_worse(4095, 4095, 4095, 0, 100) == 0, "full counters, DuelPct 100: equal, not worse");
}

static void duel_ev(unsigned op, unsigned tag, unsigned elapsed, unsigned pacc, unsigned pmiss)
{
    I.elapsed_i = elapsed;
    I.peer_acc_i = pacc;
    I.peer_miss_i = pmiss;
    ev(op, 0, tag);
}

static void test_duel_unit(void)
{
    unsigned i;
    setup("Sets=1,TagWays=4,DataWays=2,RcBits=3,Interval=10,DuelPct=10");
    duel_ev(DL1D_OP_READ, 1, 3, 2, 0);
    UNIT_CHECK(S.dcyc == 3 && S.acc_a == 1 && S.miss_a == 1 && S.acc_b == 2 && S.miss_b == 0,
               "a read miss and 2 peer reads, 3 cycles");
    duel_ev(DL1D_OP_PREFETCH, 2, 6, 0, 0);
    UNIT_CHECK(S.dcyc == 9 && S.acc_a == 1, "a prefetch is not a read");
    duel_ev(DL1D_OP_NONE, 0, 1, 5, 5);
    UNIT_CHECK(O.duel_base_o == 0 && S.dbase == 1, "cycle 10 closes the interval: 200 > 20, shown after the edge");
    UNIT_CHECK(S.dcyc == 0 && S.acc_a == 0 && S.miss_a == 0 && S.acc_b == 5 && S.miss_b == 5,
               "the closing event opens the next interval");
    duel_ev(DL1D_OP_NONE, 0, 0, 0, 0);
    UNIT_CHECK(O.duel_base_o == 1, "duel_base_o follows the register");
    for (i = 0; i < 17; i++) duel_ev(DL1D_OP_NONE, 0, 0, 255, 255);
    UNIT_CHECK(S.acc_b == 4095 && S.miss_b == 4095 && S.dcyc == 0, "peer counters saturate at 12 bits");
    duel_ev(DL1D_OP_NONE, 0, 10, 0, 0);
    UNIT_CHECK(S.dbase == 1 && S.acc_b == 0, "interval with no own read: no decision, register holds");

    setup("Interval=65535");
    duel_ev(DL1D_OP_READ, 1, 40000, 1, 0);
    UNIT_CHECK(S.dcyc == 40000, "40000 cycles");
    duel_ev(DL1D_OP_NONE, 0, 40000, 0, 0);
    UNIT_CHECK(S.dcyc == 0 && S.dbase == 1,
               "40000 + 40000 saturates at 65535 >= Interval: closes (1/1 vs 1/0 -> baseline)");

    setup("Duel=off");
    for (i = 0; i < 5; i++) duel_ev(DL1D_OP_READ, 1 + i, 300, 1, 0);
    UNIT_CHECK(!S.dcyc && !S.acc_a && !S.acc_b && !S.dbase && O.duel_base_o == 0, "Duel=off: no counting");
}

void dl1d_unit_tests(void)
{
    test_config();
    test_reset();
    test_tag_lfu();
    test_data_store();
    test_lru();
    test_write_flush();
    test_force();
    test_duel_worse();
    test_duel_unit();
}
