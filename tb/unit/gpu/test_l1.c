/* test_l1.c: the L1, its MSHRs, miss queue and prefetch accounting on hand-worked cases. */
#include <string.h>

#include "gpu_l1.h"
#include "unit.h"

void test_l1(void);

/* 16 KB, 4-way, 128 B lines: 32 sets; lines 0, 32, 64, 96, 128 share set 0 */
static void fresh(gpu_l1 *c, unsigned mshr, unsigned merge, unsigned missq)
{
    UNIT_CHECK(gpu_l1_init(c, 16384, 4, 128, mshr, merge, missq) == 0, "L1 init");
    UNIT_CHECK(c->sets == 32, "16 KB / (4 x 128 B) = 32 sets");
}

static void drain_missq(gpu_l1 *c)
{
    while (gpu_l1_missq_head(c)) gpu_l1_missq_pop(c);
}

static void test_hit_miss_merge(void)
{
    gpu_l1 c;
    unsigned n;
    fresh(&c, 32, 8, 8);
    UNIT_CHECK(gpu_l1_access(&c, 0, 0, 1, 0, 1) == L1_MISS, "cold read misses");
    const l1_missq_ent *e = gpu_l1_missq_head(&c);
    UNIT_CHECK(e && e->line == 0 && !e->write && e->mshr == 0, "the miss is in the miss queue with its MSHR");
    UNIT_CHECK(gpu_l1_access(&c, 0, 0, 2, 3, 1) == L1_HIT_PENDING, "second read of a reserved line merges");
    const l1_waiter *w = gpu_l1_fill(&c, 0, &n);
    UNIT_CHECK(n == 2 && w[0].warp == 1 && w[1].warp == 2 && w[1].slot == 3, "the fill wakes both requesters in order");
    UNIT_CHECK(gpu_l1_access(&c, 0, 0, 1, 0, 1) == L1_HIT, "after the fill the line hits");
    UNIT_CHECK(gpu_l1_idle(&c) == 0, "the miss queue still holds the request");
    drain_missq(&c);
    UNIT_CHECK(gpu_l1_idle(&c), "idle once the miss queue drains and the MSHR is free");
    gpu_l1_free(&c);
}

static void test_reservation_fails(void)
{
    gpu_l1 c;
    /* associativity: four reserved lines fill set 0; a fifth line cannot be placed */
    fresh(&c, 32, 8, 8);
    for (unsigned i = 0; i < 4; i++) UNIT_CHECK(gpu_l1_access(&c, 32 * i, 0, 0, 0, 1) == L1_MISS, "set 0 misses");
    UNIT_CHECK(gpu_l1_access(&c, 128, 0, 0, 0, 0) == L1_FAIL_ASSOC, "every way reserved: associativity stall");
    UNIT_CHECK(gpu_l1_access(&c, 1, 0, 0, 0, 1) == L1_MISS, "another set is still free");
    UNIT_CHECK(c.mq_count == 5, "the probe changed nothing: 5 misses queued");
    gpu_l1_free(&c);

    /* MSHR full */
    fresh(&c, 2, 8, 8);
    UNIT_CHECK(gpu_l1_access(&c, 1, 0, 0, 0, 1) == L1_MISS && gpu_l1_access(&c, 2, 0, 0, 0, 1) == L1_MISS, "two misses");
    UNIT_CHECK(gpu_l1_access(&c, 3, 0, 0, 0, 1) == L1_FAIL_MSHR, "third miss: no MSHR");
    UNIT_CHECK(gpu_l1_access(&c, 2, 0, 0, 0, 1) == L1_HIT_PENDING, "a merge needs no new MSHR");
    gpu_l1_free(&c);

    /* merge full: an MSHR holds the first request and one merge */
    fresh(&c, 4, 2, 8);
    gpu_l1_access(&c, 5, 0, 0, 0, 1);
    UNIT_CHECK(gpu_l1_access(&c, 5, 0, 1, 0, 1) == L1_HIT_PENDING, "one merge fits");
    UNIT_CHECK(gpu_l1_access(&c, 5, 0, 2, 0, 1) == L1_FAIL_MERGE, "the second merge does not");
    gpu_l1_free(&c);

    /* miss queue full, for reads and for writes */
    fresh(&c, 4, 8, 1);
    gpu_l1_access(&c, 7, 0, 0, 0, 1);
    UNIT_CHECK(gpu_l1_access(&c, 8, 0, 0, 0, 1) == L1_FAIL_MISSQ, "read miss with a full miss queue");
    UNIT_CHECK(gpu_l1_access(&c, 9, 1, 0, 0, 1) == L1_FAIL_MISSQ, "write with a full miss queue");
    UNIT_CHECK(gpu_l1_bypass(&c, 9, 0, 0) == 0, "no bypass either");
    gpu_l1_missq_pop(&c);
    UNIT_CHECK(gpu_l1_access(&c, 8, 0, 0, 0, 1) == L1_MISS, "room again after the pop");
    UNIT_CHECK(l1_stall_code(L1_FAIL_ASSOC) == 1 && l1_stall_code(L1_FAIL_MSHR) == 2 &&
                   l1_stall_code(L1_FAIL_MERGE) == 3 && l1_stall_code(L1_FAIL_MISSQ) == 4 && l1_stall_code(L1_HIT) == 0,
               "stall codes match MRPB's cache_stall_i");
    gpu_l1_free(&c);
}

/* fill the MSHR that a reserved line waits on */
static void fill_line(gpu_l1 *c, uint64_t line)
{
    unsigned set = gpu_l1_set(c, line), n;
    for (unsigned w = 0; w < c->assoc; w++) {
        const l1_line *l = gpu_l1_way(c, set, w);
        if (l->state == L1_RESERVED && l->line == line) {
            gpu_l1_fill(c, l->mshr, &n);
            return;
        }
    }
    UNIT_CHECK(0, "fill_line: the line is not reserved");
}

static void test_write_evict_and_lru(void)
{
    gpu_l1 c;
    fresh(&c, 32, 8, 16);
    for (unsigned i = 0; i < 4; i++) {
        gpu_l1_access(&c, 32 * i, 0, 0, 0, 1);
        fill_line(&c, 32 * i);
    }
    drain_missq(&c);
    UNIT_CHECK(gpu_l1_access(&c, 0, 0, 0, 0, 1) == L1_HIT, "line 0 hits (and becomes most recent)");
    UNIT_CHECK(gpu_l1_access(&c, 128, 0, 0, 0, 1) == L1_MISS, "line 128 misses");
    UNIT_CHECK(gpu_l1_access(&c, 32, 0, 0, 0, 1) == L1_MISS, "it evicted line 32, the least recently used");
    UNIT_CHECK(gpu_l1_access(&c, 0, 0, 0, 0, 1) == L1_HIT, "line 0 survived");
    drain_missq(&c);
    UNIT_CHECK(gpu_l1_access(&c, 0, 1, 0, 0, 1) == L1_WRITE, "a write goes down");
    const l1_missq_ent *e = gpu_l1_missq_head(&c);
    UNIT_CHECK(e && e->write && e->line == 0 && e->mshr == L1_NO_MSHR, "as a write without an MSHR");
    UNIT_CHECK(gpu_l1_access(&c, 0, 0, 0, 0, 1) == L1_MISS, "write-evict: the written line is gone");
    UNIT_CHECK(gpu_l1_access(&c, 4000, 1, 0, 0, 1) == L1_WRITE && gpu_l1_access(&c, 4000, 0, 0, 0, 0) == L1_MISS,
               "no write-allocate");
    gpu_l1_invalidate(&c);
    UNIT_CHECK(gpu_l1_access(&c, 96, 0, 0, 0, 0) == L1_MISS, "invalidate drops valid lines");
    gpu_l1_free(&c);
}

/* the prefetch counters equal these (issued, useful, late, early evicted, of them demanded);
 * dropped is the prefetch sender's (tb/unit/gpu/test_hooks.c) */
static int pf_is(const gpu_l1 *c, uint64_t issued, uint64_t useful, uint64_t late, uint64_t evicted, uint64_t demanded)
{
    const l1_pf_stats *p = &c->pf;
    return p->issued == issued && p->useful == useful && p->late == late && p->early_evicted == evicted &&
           p->early_evicted_demanded == demanded && p->dropped == 0;
}

#define PF L1_NO_WARP

static void test_prefetch_accounting(void)
{
    gpu_l1 c;
    fresh(&c, 32, 8, 16);
    /* late: the first demand read merging into a prefetch's MSHR; only the first */
    UNIT_CHECK(gpu_l1_access(&c, 1, 0, PF, 0, 0) == L1_MISS && pf_is(&c, 0, 0, 0, 0, 0), "a probe counts nothing");
    UNIT_CHECK(gpu_l1_access(&c, 1, 0, PF, 0, 1) == L1_MISS && pf_is(&c, 1, 0, 0, 0, 0), "a prefetch miss is issued");
    UNIT_CHECK(gpu_l1_access(&c, 1, 0, 3, 0, 1) == L1_HIT_PENDING && pf_is(&c, 1, 0, 1, 0, 0),
               "a demand merging into the prefetch's MSHR: late");
    UNIT_CHECK(gpu_l1_access(&c, 1, 0, 4, 0, 1) == L1_HIT_PENDING && pf_is(&c, 1, 0, 1, 0, 0),
               "the second merge: nothing");
    fill_line(&c, 1);
    UNIT_CHECK(gpu_l1_access(&c, 1, 0, 3, 0, 1) == L1_HIT && pf_is(&c, 1, 0, 1, 0, 0),
               "a hit after a late use: nothing");
    /* useful: the first demand hit on a valid prefetched line; a prefetch hit is no use */
    gpu_l1_access(&c, 2, 0, PF, 0, 1);
    fill_line(&c, 2);
    UNIT_CHECK(gpu_l1_access(&c, 2, 0, PF, 0, 1) == L1_HIT && pf_is(&c, 2, 0, 1, 0, 0), "a prefetch hit uses nothing");
    UNIT_CHECK(gpu_l1_access(&c, 2, 0, 0, 0, 1) == L1_HIT && pf_is(&c, 2, 1, 1, 0, 0), "a demand hit: useful");
    UNIT_CHECK(gpu_l1_access(&c, 2, 0, 0, 0, 1) == L1_HIT && pf_is(&c, 2, 1, 1, 0, 0), "the second hit: nothing");
    drain_missq(&c);

    /* early eviction by replacement: prefetched line 0 is set 0's least recent line when
     * 128 misses; a demand read of line 0 then misses on it (demanded) */
    gpu_l1_access(&c, 0, 0, PF, 0, 1);
    fill_line(&c, 0);
    for (unsigned i = 1; i < 4; i++) {
        gpu_l1_access(&c, 32 * i, 0, 0, 0, 1);
        fill_line(&c, 32 * i);
    }
    drain_missq(&c);
    UNIT_CHECK(pf_is(&c, 3, 1, 1, 0, 0), "set 0 full, prefetched line 0 unused");
    UNIT_CHECK(gpu_l1_access(&c, 128, 0, 0, 0, 1) == L1_MISS && pf_is(&c, 3, 1, 1, 1, 0) && c.pf_ngone == 1,
               "replaced unused: early evicted, its line kept");
    UNIT_CHECK(gpu_l1_access(&c, 0, 0, 0, 0, 1) == L1_MISS && pf_is(&c, 3, 1, 1, 1, 1) && c.pf_ngone == 0,
               "a demand miss on it: demanded, the entry cleared");
    fill_line(&c, 128);
    fill_line(&c, 0);
    UNIT_CHECK(gpu_l1_access(&c, 0, 0, 0, 0, 1) == L1_HIT && pf_is(&c, 3, 1, 1, 1, 1),
               "a demand-filled line is no prefetch");
    drain_missq(&c);

    /* write-evict, then a demand read misses on it */
    gpu_l1_access(&c, 3, 0, PF, 0, 1);
    fill_line(&c, 3);
    UNIT_CHECK(gpu_l1_access(&c, 3, 1, 0, 0, 1) == L1_WRITE && pf_is(&c, 4, 1, 1, 2, 1),
               "write-evicted unused: early evicted");
    UNIT_CHECK(gpu_l1_access(&c, 3, 0, 0, 0, 1) == L1_MISS && pf_is(&c, 4, 1, 1, 2, 2), "then demanded");
    drain_missq(&c);

    /* a prefetch bringing an evicted line back clears its entry uncounted; a refused
     * demand read is no use */
    gpu_l1_access(&c, 5, 0, PF, 0, 1);
    fill_line(&c, 5);
    gpu_l1_access(&c, 5, 1, 0, 0, 1);
    UNIT_CHECK(pf_is(&c, 5, 1, 1, 3, 2) && c.pf_ngone == 1, "line 5 evicted unused");
    UNIT_CHECK(gpu_l1_access(&c, 5, 0, PF, 0, 1) == L1_MISS && pf_is(&c, 6, 1, 1, 3, 2) && c.pf_ngone == 0,
               "prefetched again: the entry cleared, nothing demanded");
    drain_missq(&c);
    UNIT_CHECK(gpu_l1_access(&c, 5, 0, 0, 0, 1) == L1_HIT_PENDING && pf_is(&c, 6, 1, 2, 3, 2), "then used late");
    fill_line(&c, 5);
    drain_missq(&c);
    gpu_l1_free(&c);

    fresh(&c, 4, 1, 8); /* one waiter an MSHR: a demand read cannot merge */
    gpu_l1_access(&c, 4, 0, PF, 0, 1);
    UNIT_CHECK(gpu_l1_access(&c, 4, 0, 0, 0, 1) == L1_FAIL_MERGE && pf_is(&c, 1, 0, 0, 0, 0),
               "a refused demand: no use");
    fill_line(&c, 4);
    UNIT_CHECK(gpu_l1_access(&c, 4, 0, 0, 0, 1) == L1_HIT && pf_is(&c, 1, 1, 0, 0, 0), "the retry hits: useful");
    gpu_l1_free(&c);

    /* the kernel boundary: a valid unused prefetched line is dropped (early evicted), a
     * reserved one stays; the table is emptied, so a demand miss after it counts nothing */
    fresh(&c, 32, 8, 16);
    gpu_l1_access(&c, 6, 0, PF, 0, 1);
    fill_line(&c, 6);
    gpu_l1_access(&c, 7, 0, PF, 0, 1);
    gpu_l1_access(&c, 9, 0, PF, 0, 1);
    fill_line(&c, 9);
    gpu_l1_access(&c, 9, 1, 0, 0, 1);
    UNIT_CHECK(pf_is(&c, 3, 0, 0, 1, 0) && c.pf_ngone == 1, "line 9 write-evicted unused");
    gpu_l1_invalidate(&c);
    UNIT_CHECK(pf_is(&c, 3, 0, 0, 2, 0) && c.pf_ngone == 0, "invalidate: line 6 early evicted, the table emptied");
    drain_missq(&c);
    UNIT_CHECK(gpu_l1_access(&c, 9, 0, 0, 0, 1) == L1_MISS && pf_is(&c, 3, 0, 0, 2, 0),
               "a new kernel's demand: nothing");
    UNIT_CHECK(gpu_l1_access(&c, 7, 0, 0, 0, 1) == L1_HIT_PENDING && pf_is(&c, 3, 0, 1, 2, 0),
               "the reserved prefetch survived: late");
    drain_missq(&c);

    /* the table is direct-mapped: line 1034 takes line 10's entry (1034 % 1024), so a
     * demand of line 10 goes uncounted; a demand read bypassed past the L1 counts */
    for (uint64_t l = 10; l <= 1034; l += 1024) {
        gpu_l1_access(&c, l, 0, PF, 0, 1);
        fill_line(&c, l);
        gpu_l1_access(&c, l, 1, 0, 0, 1);
    }
    UNIT_CHECK(pf_is(&c, 5, 0, 1, 4, 0) && c.pf_ngone == 1, "two evicted unused, one entry");
    UNIT_CHECK(gpu_l1_access(&c, 10, 0, 0, 0, 1) == L1_MISS && pf_is(&c, 5, 0, 1, 4, 0), "line 10's entry was taken");
    drain_missq(&c);
    UNIT_CHECK(gpu_l1_bypass(&c, 1034, 0, 0) && pf_is(&c, 5, 0, 1, 4, 1) && c.pf_ngone == 0,
               "a bypassed demand read of line 1034: demanded");
    gpu_l1_free(&c);
}

void test_l1(void)
{
    test_hit_miss_merge();
    test_reservation_fails();
    test_write_evict_and_lru();
    test_prefetch_accounting();
}
