/*
 * mrpb_test.c: hand-worked cases for the MRPB C model (seed 000, sections 3.3, 3.4, 6).
 * Each expectation below is derived by hand from the rules in docs/mrpb.md, not from
 * running the model.
 */
#include <stdio.h>
#include <string.h>

#include "mrpb.h"
#include "unit.h"

static mrpb_state S;
static mrpb_in I;
static mrpb_out O;

static void setup(const char *policy, unsigned flush, unsigned lat, unsigned byp)
{
    mrpb_cfg c;
    char err[256];
    mrpb_cfg_default(&c);
    UNIT_CHECK(mrpb_cfg_set(&c, "Policy", policy, err, sizeof err) == 0, "policy name accepted");
    c.Flush = flush;
    c.Latency = lat;
    c.Bypass = byp;
    UNIT_CHECK(mrpb_cfg_validate(&c, err, sizeof err) == 0, "config valid");
    mrpb_init(&S, &c);
    memset(&I, 0, sizeof I);
    I.rst_i = 1;
    mrpb_eval(&S, &I, &O);
    mrpb_tick(&S, &I);
    I.rst_i = 0;
}

/* one cycle with the current inputs; returns the outputs seen in it */
static void cycle(void)
{
    mrpb_eval(&S, &I, &O);
    mrpb_tick(&S, &I);
}

static void offer(unsigned warp, unsigned write, unsigned tag)
{
    I.req_valid_i = 1;
    I.req_warp_i = warp;
    I.req_write_i = write;
    I.req_tag_i = tag;
}
static void idle(void) { I.req_valid_i = 0; }

static void test_config(void)
{
    mrpb_cfg c;
    char err[256];
    mrpb_cfg_default(&c);
    UNIT_CHECK(c.NumQ == 48 && c.Depth == 8 && c.Drain == MRPB_DRAIN_FIXED && !c.Greedy &&
                   c.Flush && c.Latency == 5 && c.Bypass == MRPB_BYP_ASSOC,
               "default is the seed's final design (Table 4)");
    c.Latency = 2;
    UNIT_CHECK(mrpb_cfg_validate(&c, err, sizeof err) != 0 && strstr(err, "Latency"),
               "Latency=2 rejected, naming the parameter");
    mrpb_cfg_default(&c);
    c.NumQ = 65;
    UNIT_CHECK(mrpb_cfg_validate(&c, err, sizeof err) != 0 && strstr(err, "NumQ"), "NumQ=65 rejected");
    UNIT_CHECK(mrpb_cfg_set(&c, "Bogus", "1", err, sizeof err) != 0 && strstr(err, "Bogus"),
               "unknown parameter rejected");
    UNIT_CHECK(mrpb_cfg_set(&c, "Depth", "eight", err, sizeof err) != 0, "non-number rejected");
    UNIT_CHECK(mrpb_cfg_set(&c, "Policy", "greedy-longest", err, sizeof err) == 0 &&
                   c.Drain == MRPB_DRAIN_LONGEST && c.Greedy == 1,
               "Policy=greedy-longest");
    UNIT_CHECK(blk_cfg_preset(&mrpb_kind, &c, "block", err, sizeof err) == 0 && c.NumQ == 8 && c.Sig == MRPB_SIG_BLOCK,
               "preset block: 8 queues by block id");
    UNIT_CHECK(blk_cfg_preset(&mrpb_kind, &c, "nope", err, sizeof err) != 0, "unknown preset rejected");
}

/* A read taken in cycle t is offered to the cache in cycle t+Latency. */
static void test_latency(void)
{
    unsigned lat;
    for (lat = MRPB_MIN_LATENCY; lat <= MRPB_MAX_LATENCY; lat++) {
        unsigned t, seen = 0;
        setup("fixed", 1, lat, MRPB_BYP_OFF);
        I.cache_accept_i = 1;
        offer(7, 0, 1);
        cycle(); /* t = 0: taken */
        UNIT_CHECK(O.req_ready_o == 1, "empty queue takes the read");
        idle();
        for (t = 1; t <= lat + 2; t++) {
            cycle();
            if (O.out_valid_o && !seen) seen = t;
        }
        UNIT_CHECK(seen == lat, "read offered to the cache exactly Latency cycles after it was taken");
    }
}

/* Reads from warps 5, 2, 9, 2 queue up while the cache refuses; then drain order. */
static void drain_order(const char *policy, const unsigned *want, unsigned n)
{
    static const unsigned warps[] = {5, 2, 9, 2, 9, 9};
    unsigned i;
    setup(policy, 1, 3, MRPB_BYP_OFF);
    I.cache_accept_i = 0;
    for (i = 0; i < 6; i++) {
        offer(warps[i], 0, i);
        cycle();
    }
    idle();
    for (i = 0; i < 4; i++) cycle(); /* all visible; one sits in the outbound register */
    I.cache_accept_i = 1;
    for (i = 0; i < n; i++) {
        cycle();
        UNIT_CHECK(O.out_valid_o && O.out_warp_o == want[i], policy);
    }
}

static void test_policies(void)
{
    /* outbound holds the first drained (warp 5 was the only visible one at t=2) */
    static const unsigned fixed[] = {5, 2, 2, 9, 9, 9};
    /* rr: after 5, the first queue above 5 is 9, then wrap to 2, then 9, 2, 9 */
    static const unsigned rr[] = {5, 9, 2, 9, 2, 9};
    /* longest: 5 first (alone); then 9 (len 3) > 2 (len 2); then 9 and 2 tie at 2 -> 2 */
    static const unsigned longest[] = {5, 9, 2, 9, 2, 9};
    /* greedy-fixed: 5 first, 5 empty -> lowest 2, drain 2 to empty, then 9 */
    static const unsigned gfixed[] = {5, 2, 2, 9, 9, 9};
    drain_order("fixed", fixed, 6);
    drain_order("rr", rr, 6);
    drain_order("longest", longest, 6);
    drain_order("greedy-fixed", gfixed, 6);
}

/* greedy holds a queue that keeps receiving requests (queue 3 starves); a queue whose
 * entries are not yet visible is released (docs/deviations.md, greedy) */
static void test_greedy_hold(void)
{
    unsigned i, from9 = 0;
    setup("greedy-rr", 1, 3, MRPB_BYP_OFF);
    I.cache_accept_i = 0;
    for (i = 0; i < 3; i++) {
        offer(9, 0, i);
        cycle();
    }
    offer(3, 0, 3);
    cycle();
    idle();
    for (i = 0; i < 3; i++) cycle();
    I.cache_accept_i = 1;
    for (i = 0; i < 12; i++) { /* warp 9 keeps issuing one request a cycle */
        offer(9, 0, 4 + i);
        cycle();
        if (O.drain_valid_o && O.drain_q_o == 9 && O.drain_why_o == MRPB_WHY_GREEDY) from9++;
    }
    UNIT_CHECK(from9 == 12, "greedy round-robin drains the queue it holds every cycle");
    UNIT_CHECK(mrpb_qlen(&O, &S.cfg, 3) == 1, "queue 3 waits while queue 9 is held");
    idle();
    for (i = 0; i < 4; i++) cycle();
    UNIT_CHECK(mrpb_qlen(&O, &S.cfg, 3) == 0, "queue 3 drains once queue 9 runs dry");
}

/* flush: a write to a non-empty queue empties it first, then passes unqueued */
static void test_flush_write(void)
{
    unsigned i, waited = 0;
    setup("fixed", 1, 3, MRPB_BYP_OFF);
    I.cache_accept_i = 0;
    offer(4, 0, 1);
    cycle();
    offer(4, 0, 2);
    cycle();
    offer(1, 0, 3); /* a higher-priority queue, to show the flush overrides the policy */
    cycle();
    idle();
    cycle();
    cycle();
    I.cache_accept_i = 1;
    offer(4, 1, 9); /* the write */
    for (i = 0; i < 6 && !O.wpass_o; i++) {
        cycle();
        if (O.flush_o) {
            waited++;
            UNIT_CHECK(O.req_ready_o == 0, "write held while its queue is not empty");
            if (O.drain_valid_o) UNIT_CHECK(O.drain_q_o == 4 && O.drain_why_o == MRPB_WHY_FLUSH,
                                            "flush drains the write's queue first");
        }
    }
    UNIT_CHECK(waited >= 1 && O.wpass_o && O.req_ready_o, "write passes once its queue is empty");
    idle();
    cycle();
    UNIT_CHECK(O.out_valid_o && O.out_write_o && O.out_tag_o == 9, "write is the next outbound request");
    UNIT_CHECK(mrpb_qlen(&O, &S.cfg, 4) == 0, "writes are never stored with Flush=1");
}

/* flush part 1: a read refused by a full queue makes that queue drain first, even though
 * fixed order would pick queue 0 (its first entry waits in the outbound register, its
 * second is visible in the queue) */
static void test_full_priority(void)
{
    unsigned i;
    setup("fixed", 1, 3, MRPB_BYP_OFF);
    I.cache_accept_i = 0;
    offer(0, 0, 0);
    cycle();
    offer(0, 0, 100);
    cycle();
    for (i = 0; i < 8; i++) {
        offer(20, 0, 1 + i);
        cycle();
    }
    offer(20, 0, 99);
    cycle();
    UNIT_CHECK(O.req_ready_o == 0 && mrpb_qlen(&O, &S.cfg, 20) == 8, "full queue refuses the read");
    UNIT_CHECK(S.vis[0] == 1, "queue 0 has a visible entry the fixed policy would prefer");
    I.cache_accept_i = 1;
    cycle();
    UNIT_CHECK(O.drain_valid_o && O.drain_q_o == 20 && O.drain_why_o == MRPB_WHY_FULL,
               "full queue drained before the lower-numbered queue 0");
    cycle();
    UNIT_CHECK(O.req_ready_o == 1, "the waiting read enters the next cycle");
}

/* no flush: a write is queued like a read */
static void test_no_flush(void)
{
    unsigned i;
    setup("fixed", 0, 3, MRPB_BYP_OFF);
    I.cache_accept_i = 0;
    offer(6, 0, 0);
    cycle();
    offer(6, 1, 1);
    cycle();
    UNIT_CHECK(O.req_ready_o == 1 && !O.flush_o && !O.wpass_o, "write enqueued with Flush=0");
    idle();
    for (i = 0; i < 3; i++) cycle();
    UNIT_CHECK(mrpb_qlen(&O, &S.cfg, 6) == 1, "one entry left behind the outbound read");
}

/* bypass: on associativity stalls only, or on all stalls; never for writes */
static void test_bypass(void)
{
    unsigned mode;
    for (mode = MRPB_BYP_OFF; mode <= MRPB_BYP_ASSOC; mode++) {
        setup("fixed", 1, 3, mode);
        I.cache_accept_i = 0;
        offer(2, 0, 0);
        cycle();
        idle();
        cycle();
        cycle();
        cycle();
        UNIT_CHECK(O.out_valid_o, "read in the outbound register");
        I.byp_ready_i = 1;
        I.cache_stall_i = MRPB_STALL_MSHR;
        mrpb_eval(&S, &I, &O);
        UNIT_CHECK(O.bypass_o == (mode == MRPB_BYP_ALL), "MSHR-full stall bypasses only in all-stalls mode");
        I.cache_stall_i = MRPB_STALL_ASSOC;
        mrpb_eval(&S, &I, &O);
        UNIT_CHECK(O.bypass_o == (mode != MRPB_BYP_OFF), "associativity stall bypasses unless off");
        I.byp_ready_i = 0;
        mrpb_eval(&S, &I, &O);
        UNIT_CHECK(O.bypass_o == 0, "no bypass when the bypass path is not ready");
    }
    /* a write in the outbound register never bypasses */
    setup("fixed", 1, 3, MRPB_BYP_ALL);
    I.cache_accept_i = 0;
    offer(2, 1, 0);
    cycle();
    idle();
    I.byp_ready_i = 1;
    I.cache_stall_i = MRPB_STALL_ASSOC;
    cycle();
    UNIT_CHECK(O.out_valid_o && O.out_write_o && !O.bypass_o, "writes never bypass");
}

static void test_signature_range(void)
{
    setup("fixed", 1, 3, MRPB_BYP_OFF);
    offer(50, 0, 0); /* warp 50 with 48 queues */
    cycle();
    UNIT_CHECK(O.req_ready_o == 0, "a signature beyond NumQ is never taken");
}

void mrpb_unit_tests(void)
{
    test_config();
    test_latency();
    test_policies();
    test_greedy_hold();
    test_flush_write();
    test_full_priority();
    test_no_flush();
    test_bypass();
    test_signature_range();
}
