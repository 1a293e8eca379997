/*
 * gpu_l1.h: an SM's L1 data cache with MSHRs and a miss queue (SPEC.md "Baselines").
 *
 * Allocate-on-miss, LRU, write-evict / no write-allocate. A read that misses must
 * reserve a line (a victim that is not itself waiting for a fill), an MSHR and a miss
 * queue slot; a read to a line already reserved merges into its MSHR. When something
 * is missing the access is refused with a reason (a "reservation fail") and nothing
 * changes; the requester retries. A write needs only a miss queue slot; it invalidates
 * a valid copy. Probing (commit = 0) never changes state, so the SM can tell a block in
 * front of the L1 (the REQ hook, gpu_hooks.h) the answer in the same cycle and then commit.
 *
 * Prefetch accounting: a read whose requester is L1_NO_WARP is a prefetch (the PREFETCH
 * hook); every other read is a demand read. A line a prefetch reserved keeps a flag
 * until a demand read uses it (a hit on the valid line: useful; a merge into its MSHR:
 * late) or it leaves the L1 unused (replaced, write-evicted or invalidated: early
 * evicted). The addresses of the lines that left unused wait in a direct-mapped table
 * of L1_PF_GONE entries (one per line address modulo L1_PF_GONE; a later eviction
 * takes the entry of an earlier one of the same index, whose demand then goes uncounted,
 * so the count is a lower bound) until a demand read misses on one of them (counted as
 * early evicted and demanded) or a miss brings the line back; gpu_l1_invalidate (a
 * kernel boundary) empties it, so only demands of the same kernel count. Bypassed reads
 * use no line; one the L1 would have taken as a miss (gpu_l1_bypass) counts as a
 * demand miss. With no prefetch the cost is a byte per line and a flag test.
 */
#ifndef GPU_L1_H
#define GPU_L1_H

#include <stddef.h>
#include <stdint.h>

enum l1_result {
    L1_HIT = 0,       /* data in registers after l1.lat */
    L1_HIT_PENDING,   /* merged into the MSHR of a reserved line */
    L1_MISS,          /* line reserved, MSHR allocated, request in the miss queue */
    L1_WRITE,         /* write sent to the miss queue (write-evict) */
    L1_FAIL_ASSOC,    /* every line of the set is reserved */
    L1_FAIL_MSHR,     /* no free MSHR */
    L1_FAIL_MERGE,    /* the line's MSHR has no merge slot */
    L1_FAIL_MISSQ,    /* miss queue full */
    L1_NRESULTS
};
/* a refusal as a stall code (0 other, 1 assoc, 2 mshr, 3 merge, 4 missq): what a REQ
 * block such as MRPB gets on its cache_stall_i */
static inline unsigned l1_stall_code(int r) { return r >= L1_FAIL_ASSOC ? (unsigned)(r - L1_FAIL_ASSOC + 1) : 0; }
static inline int l1_failed(int r) { return r >= L1_FAIL_ASSOC; }

enum { L1_INVALID = 0, L1_VALID = 1, L1_RESERVED = 2 };

typedef struct l1_line {
    uint64_t line;  /* line address */
    uint64_t lru;   /* last use (a per-cache counter) */
    uint16_t mshr;  /* when RESERVED: its MSHR */
    uint8_t state;
    uint8_t pf;     /* reserved by a prefetch, not yet used by a demand read */
} l1_line;

typedef struct l1_waiter { uint8_t warp, slot; } l1_waiter;

typedef struct l1_mshr {
    uint64_t line;
    uint16_t n;       /* waiters */
    uint16_t next_free;
    l1_waiter *w;     /* l1.merge of them */
} l1_mshr;

typedef struct l1_missq_ent { uint64_t line, t; uint16_t mshr; uint8_t write, bypass, warp, slot, atomic; } l1_missq_ent;

#define L1_NO_WARP 0xffu   /* the requester of a prefetch read: no warp waits for it */
#define L1_PF_GONE 1024u   /* entries of the table of prefetched lines evicted unused */

/* prefetch accounting (above); `dropped` is counted by the prefetch's sender, which
 * only probes a prefetch the L1 would not take as a miss */
typedef struct l1_pf_stats {
    uint64_t issued;        /* prefetch reads taken as a miss (line and MSHR reserved) */
    uint64_t dropped;       /* prefetch reads answered hit, hit-pending or refused */
    uint64_t useful;        /* first demand hit on a valid prefetched line */
    uint64_t late;          /* first demand merge into a prefetch's MSHR */
    uint64_t early_evicted; /* prefetched lines that left the L1 before a demand used them */
    uint64_t early_evicted_demanded; /* of those, lines a demand read then missed on */
} l1_pf_stats;

typedef struct gpu_l1 {
    unsigned sets, assoc, nmshr, merge, missq_cap;
    l1_line *lines;        /* sets * assoc */
    l1_mshr *mshr;
    l1_waiter *wpool;
    uint16_t free_mshr, used_mshr;
    l1_missq_ent *missq;   /* ring */
    unsigned mq_head, mq_count;
    uint64_t stamp;
    uint64_t ver;        /* changes with every change of lines, MSHRs or miss queue: an
                            access's answer is the same while ver is (callers' memo) */
    l1_pf_stats pf;
    uint64_t *pf_gone;     /* L1_PF_GONE entries: line address + 1 (0 empty) */
    unsigned pf_ngone;     /* entries in use */
} gpu_l1;

#define L1_NO_MSHR 0xffffu

int gpu_l1_init(gpu_l1 *c, unsigned size, unsigned assoc, unsigned line_bytes, unsigned nmshr,
                unsigned merge, unsigned missq);
void gpu_l1_free(gpu_l1 *c);
void gpu_l1_invalidate(gpu_l1 *c); /* kernel boundary: drop every valid line */
/* A read or write of one line by (warp, slot); a read by warp L1_NO_WARP is a
 * prefetch. commit = 0: answer only. */
int gpu_l1_access(gpu_l1 *c, uint64_t line, int write, uint8_t warp, uint8_t slot, int commit);
/* The way a read of `line` uses: the way holding it (valid or reserved), else the way
 * a miss would fill (an invalid one first, else the least recently used valid one);
 * -1 when every way is reserved. Changes nothing. */
int gpu_l1_way_for(const gpu_l1 *c, uint64_t line);
/* A bypassed read leaves through the miss queue without a line or MSHR; 0 if full. */
int gpu_l1_bypass(gpu_l1 *c, uint64_t line, uint8_t warp, uint8_t slot);
static inline int gpu_l1_missq_full(const gpu_l1 *c) { return c->mq_count >= c->missq_cap; }
/* Fill of MSHR m: the line becomes valid; returns its waiters (count in *n). */
const l1_waiter *gpu_l1_fill(gpu_l1 *c, unsigned m, unsigned *n);
/* Miss queue head (NULL if empty) and pop. */
static inline const l1_missq_ent *gpu_l1_missq_head(const gpu_l1 *c)
{
    return c->mq_count ? &c->missq[c->mq_head] : NULL;
}
void gpu_l1_missq_pop(gpu_l1 *c);
/* the entry pushed last (the caller stamps its time t) */
static inline l1_missq_ent *gpu_l1_missq_tail(gpu_l1 *c)
{
    return &c->missq[(c->mq_head + c->mq_count - 1) % c->missq_cap];
}
/* Set of a line; the state of way w of a set (tests). */
static inline unsigned gpu_l1_set(const gpu_l1 *c, uint64_t line) { return (unsigned)(line % c->sets); }
static inline const l1_line *gpu_l1_way(const gpu_l1 *c, unsigned set, unsigned w)
{
    return &c->lines[set * c->assoc + w];
}
int gpu_l1_idle(const gpu_l1 *c); /* no MSHR in use, miss queue empty */

#endif
