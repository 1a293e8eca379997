/*
 * selcache_test.c: hand-worked unit tests of the selcache C model (the seed's examples of
 * chapter 4 and each branch of the locality degree). The RTL meets the same cases in
 * vectors/selcache/ and in lockstep.
 */
#include <string.h>

#include "blk_param.h"
#include "selcache.h"
#include "unit.h"

enum { L1_MISS_CODE = 2 };

static selcache_state S;
static selcache_in I;
static selcache_out O;

static void setup(const char *sets)
{
    selcache_cfg c;
    char err[256];
    if (blk_cfg_build(&selcache_kind, &c, NULL, sets, err, sizeof err)) {
        UNIT_CHECK(0, err);
        return;
    }
    selcache_init(&S, &c);
    memset(&I, 0, sizeof I);
}

/* a load of n requests whose sets are given; request idx is presented */
static void load(const unsigned *set, unsigned n, unsigned idx)
{
    unsigned sw = selcache_sw(&S.cfg);
    memset(I.sets_i, 0, sizeof I.sets_i);
    for (unsigned j = 0; j < n; j++) {
        unsigned b = j * sw;
        I.sets_i[b / 64] |= (uint64_t)set[j] << (b % 64);
        if (b % 64 + sw > 64) I.sets_i[b / 64 + 1] |= (uint64_t)set[j] >> (64 - b % 64);
    }
    I.nreq_i = n;
    I.idx_i = idx;
    I.set_i = set[idx];
    I.op_i = SELCACHE_OP_READ;
    I.res_i = L1_MISS_CODE;
    I.canbyp_i = 1;
    I.wayv_i = 1;
    I.present_i = 0;
    selcache_eval(&S, &I, &O);
}

static void tick(void) { selcache_tick(&S, &I); }

/* a read of pc at (set, way) with the L1's answer res, as the first request of a load of
 * nreq requests in sets set, set + 1, ... (nreq > Ways: a divergent load whose sets are
 * not over-subscribed); final: the outcome */
static void event_n(unsigned op, uint32_t pc, unsigned set, unsigned way, unsigned res, unsigned present,
                    unsigned final, unsigned nreq)
{
    unsigned sw = selcache_sw(&S.cfg);
    memset(&I, 0, sizeof I);
    I.op_i = op;
    I.pc_i = pc;
    I.set_i = set;
    I.way_i = way;
    I.wayv_i = 1;
    I.res_i = res;
    I.present_i = present;
    I.canbyp_i = op == SELCACHE_OP_READ && res == L1_MISS_CODE;
    I.nreq_i = op == SELCACHE_OP_READ ? nreq : 0;
    for (unsigned j = 0; j < (unsigned)I.nreq_i; j++) {
        unsigned b = j * sw;
        I.sets_i[b / 64] |= (uint64_t)((set + j) % S.cfg.Sets) << (b % 64);
    }
    selcache_eval(&S, &I, &O);
    I.final_i = final;
    tick();
}

/* a one-request read (or a write, prefetch) */
static void event(unsigned op, uint32_t pc, unsigned set, unsigned way, unsigned res, unsigned present,
                  unsigned final)
{
    event_n(op, pc, set, way, res, present, final, 1);
}

void selcache_unit_tests(void)
{
    unsigned set[32], byp, i;

    /* seed 003 4.2.2 / Listing 4.1 (bicg kernel 1): a column-strided load, 32 requests in
     * one set of a 4-way L1 (0x00100, 0x01100, ... all in set 2): scheme c caches the
     * last 4 and bypasses 28 */
    setup("");
    for (i = 0; i < 32; i++) set[i] = 2;
    for (byp = 0, i = 0; i < 32; i++) {
        load(set, 32, i);
        byp += (unsigned)O.byp_o;
        if (i == 27) UNIT_CHECK(O.byp_o && O.same_o == 4 && O.div_o, "bicg: request 27 has 4 later in its set: bypassed");
        if (i == 28) UNIT_CHECK(!O.byp_o && O.same_o == 3, "bicg: request 28 is among the last 4: cached");
    }
    UNIT_CHECK(byp == 28, "bicg: 28 of 32 bypassed, the last 4 cached");

    /* Figure 4.5d: 8 requests, 5 to set i (=5) and 3 to set k (=9), 2-way: the last 2 of
     * each set cached, 3 + 1 bypassed */
    setup("Ways=2");
    {
        static const unsigned s8[8] = {5, 9, 5, 5, 9, 5, 9, 5};
        static const unsigned want[8] = {1, 1, 1, 1, 0, 0, 0, 0}; /* i at 0,2,3,5,7: 0,2,3 bypass; k at 1,4,6: 1 */
        unsigned ok = 1, bi = 0, bk = 0;
        for (i = 0; i < 8; i++) {
            load(s8, 8, i);
            ok &= O.byp_o == want[i];
            if (O.byp_o && s8[i] == 5) bi++;
            if (O.byp_o && s8[i] == 9) bk++;
        }
        UNIT_CHECK(ok && bi == 3 && bk == 1, "Figure 4.5d: set i caches its last 2 of 5 (3 bypassed), set k its last 2 of 3 (1 bypassed)");
    }

    /* scheme b caches the first n, scheme a bypasses the whole divergent load */
    setup("Scheme=b");
    for (i = 0; i < 32; i++) set[i] = 7;
    for (byp = 0, i = 0; i < 32; i++) {
        load(set, 32, i);
        byp += (unsigned)O.byp_o;
        if (i == 3) UNIT_CHECK(!O.byp_o, "scheme b: request 3 is among the first 4: cached");
        if (i == 4) UNIT_CHECK(O.byp_o, "scheme b: request 4 bypasses");
    }
    UNIT_CHECK(byp == 28, "scheme b: 28 bypassed");
    setup("Scheme=a");
    for (i = 0; i < 5; i++) set[i] = (unsigned)i; /* 5 requests in 5 sets: divergent, no set over 4 */
    load(set, 5, 0);
    UNIT_CHECK(O.byp_o && O.div_o, "scheme a: a load of 5 requests (more than 4 ways) bypasses every request");
    load(set, 4, 0);
    UNIT_CHECK(!O.byp_o && !O.div_o, "scheme a: a load of 4 requests is cached");

    /* no divergence, no bypass; a refused read may bypass only when possible */
    setup("");
    for (i = 0; i < 4; i++) set[i] = 3;
    load(set, 4, 0);
    UNIT_CHECK(!O.byp_o && !O.ibyp_o, "4 requests in one set of a 4-way L1: all cached");
    for (i = 0; i < 32; i++) set[i] = 3;
    I.canbyp_i = 0;
    load(set, 32, 0);
    I.canbyp_i = 0;
    selcache_eval(&S, &I, &O);
    UNIT_CHECK(O.ibyp_o && !O.byp_o, "the scheme says bypass, but no bypass is possible: byp_o 0");

    /* locality degree: PC B's evicted lines averaged 1 re-reference; a B read of a
     * divergent load (5 requests in 5 sets of the 4-way L1) that would evict a line
     * re-referenced 3 times bypasses; against a line with 0, B caches; a read of a load
     * that does not diverge is not checked (seed 003 4.3.3, Figure 4.4; H43) */
    setup("LocDeg=on");
    {
        const uint32_t A = 0x100, B = 0x208, C = 0x310;
        event(SELCACHE_OP_READ, A, 0, 0, L1_MISS_CODE, 0, 0); /* A allocates (0,0) */
        for (i = 0; i < 3; i++) event(SELCACHE_OP_READ, A, 0, 0, 0, 1, 0); /* 3 hits */
        UNIT_CHECK(S.lv[0] && S.lcnt[0] == 3, "three hits: the line's re-reference counter is 3");
        event(SELCACHE_OP_READ, B, 1, 0, L1_MISS_CODE, 0, 0); /* B allocates (1,0) */
        UNIT_CHECK(!O.lbyp_o, "a PC with no evictions yet caches");
        event(SELCACHE_OP_READ, B, 1, 0, 1, 2, 0);            /* a hit-pending: 1 */
        event(SELCACHE_OP_READ, C, 1, 0, L1_MISS_CODE, 0, 0); /* C evicts it */
        unsigned hb = selcache_hash(&S.cfg, B);
        UNIT_CHECK(S.tn[hb] == 1 && S.tsum[hb] == 1, "the eviction adds B's line (1 re-reference) to B's entry");
        event_n(SELCACHE_OP_READ, B, 0, 0, L1_MISS_CODE, 0, 1, 5); /* B would evict A's line (3 > 1) */
        UNIT_CHECK(O.lbyp_o && O.byp_o && !O.ibyp_o && O.div_o,
                   "B (a divergent load) would evict a line with 3 re-references, its average is 1: bypass");
        UNIT_CHECK(S.lv[0] && S.lcnt[0] == 3, "the bypassed read leaves A's line alone");
        event_n(SELCACHE_OP_READ, B, 0, 0, L1_MISS_CODE, 0, 1, 4); /* the same from a 4-request load */
        UNIT_CHECK(!O.lbyp_o && !O.byp_o && !O.div_o, "B from a load of 4 requests (no divergence): not checked, cached");
        S.cfg.LocScope = 1;
        selcache_eval(&S, &I, &O);
        UNIT_CHECK(O.lbyp_o && O.byp_o, "LocScope=all: the same read of a load of 4 requests bypasses");
        S.cfg.LocScope = 0;
        event_n(SELCACHE_OP_READ, B, 1, 0, L1_MISS_CODE, 0, 0, 5); /* victim: C's line, counter 0 */
        UNIT_CHECK(!O.lbyp_o, "B against a line with 0 re-references caches");
        UNIT_CHECK(S.tn[selcache_hash(&S.cfg, C)] == 1 && S.tsum[selcache_hash(&S.cfg, C)] == 0,
                   "C's line left with no re-reference");
        event(SELCACHE_OP_WRITE, 0, 0, 0, 7, 1, 0); /* a refused store (miss queue full) */
        UNIT_CHECK(S.lv[0] && S.lcnt[0] == 3 && S.tn[selcache_hash(&S.cfg, A)] == 0,
                   "a store the L1 refuses (res 7) leaves A's line and the table alone (H44)");
        event(SELCACHE_OP_WRITE, 0, 0, 0, 3, 1, 0); /* a write evicts A's line */
        UNIT_CHECK(!S.lv[0] && S.tn[selcache_hash(&S.cfg, A)] == 1 && S.tsum[selcache_hash(&S.cfg, A)] == 3,
                   "write-evict: A's line leaves with its 3 re-references");
        memset(&I, 0, sizeof I);
        I.flush_i = 1;
        tick();
        UNIT_CHECK(!S.lv[1 * 4 + 0] && S.tn[hb] == 1, "flush: every line dropped, the table kept");
    }

    /* a full count halves the sum and the count first (NW=2: counts 0..3) */
    setup("LocDeg=on,NW=2");
    for (i = 0; i < 4; i++) {
        event(SELCACHE_OP_READ, 0x100, 0, 0, L1_MISS_CODE, 0, 0);
        event(SELCACHE_OP_READ, 0x100, 0, 0, 0, 1, 0);
        event(SELCACHE_OP_READ, 0x100, 0, 0, 0, 1, 0); /* two hits: 2 */
    }
    event(SELCACHE_OP_READ, 0x100, 0, 0, L1_MISS_CODE, 0, 0); /* 4 evictions of 2 re-references each */
    {
        unsigned h = selcache_hash(&S.cfg, 0x100);
        /* n: 1, 2, 3, then full: 3 >> 1 = 1, +1 = 2; sum: 2, 4, 6, then 6 >> 1 = 3, +2 = 5 */
        UNIT_CHECK(S.tn[h] == 2 && S.tsum[h] == 5, "NW=2: the fourth eviction halves {6, 3} to {3, 1}, then adds: {5, 2}");
    }

    /* the outcome drives the state: a miss another block bypassed allocates nothing */
    setup("");
    event(SELCACHE_OP_READ, 0x100, 4, 1, L1_MISS_CODE, 0, 1);
    UNIT_CHECK(!S.lv[4 * 4 + 1], "final_i: a bypassed miss allocates no line");
    event(SELCACHE_OP_PF, 0, 4, 1, L1_MISS_CODE, 0, 0);
    UNIT_CHECK(S.lv[4 * 4 + 1] && S.lpc[4 * 4 + 1] == selcache_hash(&S.cfg, 0), "a prefetch allocates with PC 0");

    /* the hash: the XOR fold of pc >> 3 into 7 bits */
    setup("");
    UNIT_CHECK(selcache_hash(&S.cfg, 0x208) == 0x41 && selcache_hash(&S.cfg, 8u << 7) == 1,
               "hash: 0x208 >> 3 = 0x41; 0x400 >> 3 = 0x80 folds to 1");
}
