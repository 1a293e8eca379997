/*
 * gpu_msg.h: packets between the SMs and the L2 slices, and a time-ordered heap of
 * them (an interconnect port or a slice's queue). Deterministic: packets due at the
 * same cycle leave in the order they were sent (a global sequence number).
 *
 * Internal to the GPU model (cmodel/gpu/); inline because every cycle uses them.
 */
#ifndef GPU_MSG_H
#define GPU_MSG_H

#include <stdint.h>
#include <stdlib.h>

typedef struct gmsg {
    uint64_t t, seq, line;   /* due cycle, send order, line address */
    uint16_t sm, mshr;       /* requesting SM; its L1 MSHR (fills) */
    uint8_t write, bypass, warp, slot;
    uint8_t prio;            /* the SM's request priority tag when sent (gpu_issue_set_prio;
                                0 untagged), carried into the DRAM buffer on an L2 miss */
    uint8_t atomic;          /* an atomic: a read that the L2 also writes (dirty) */
    uint32_t bs[12];         /* a read's cycles per breakdown stage from the miss queue on
                                (gpu_internal.h BD_NET0.., BD_NNET of them) */
} gmsg;

typedef struct mheap {
    gmsg *a;
    unsigned n, cap;
} mheap;

static inline int mh_less(const gmsg *x, const gmsg *y)
{
    return x->t < y->t || (x->t == y->t && x->seq < y->seq);
}

/* 0 ok, 1 out of memory (nothing pushed) */
static inline int mh_push(mheap *h, const gmsg *m)
{
    if (h->n == h->cap) {
        unsigned nc = h->cap ? h->cap * 2 : 16;
        gmsg *na = realloc(h->a, nc * sizeof *na);
        if (!na) return 1;
        h->a = na;
        h->cap = nc;
    }
    unsigned i = h->n++;
    while (i) {
        unsigned p = (i - 1) / 2;
        if (!mh_less(m, &h->a[p])) break;
        h->a[i] = h->a[p];
        i = p;
    }
    h->a[i] = *m;
    return 0;
}

/* the earliest packet if it is due by `now`, else NULL */
static inline const gmsg *mh_top(const mheap *h, uint64_t now)
{
    return h->n && h->a[0].t <= now ? &h->a[0] : NULL;
}

static inline void mh_pop(mheap *h)
{
    gmsg last = h->a[--h->n];
    unsigned i = 0;
    for (;;) {
        unsigned l = 2 * i + 1, r = l + 1, m = i;
        const gmsg *best = &last;
        if (l < h->n && mh_less(&h->a[l], best)) { m = l; best = &h->a[l]; }
        if (r < h->n && mh_less(&h->a[r], best)) { m = r; }
        if (m == i) break;
        h->a[i] = h->a[m];
        i = m;
    }
    if (h->n) h->a[i] = last;
}

static inline void mh_free(mheap *h)
{
    free(h->a);
    h->a = NULL;
    h->n = h->cap = 0;
}

/* A FIFO of packets (a ring that grows): for queues whose packets leave in the order
 * they came, cheaper than the heap. */
typedef struct mfifo {
    gmsg *a;
    unsigned head, n, cap; /* cap a power of two */
} mfifo;

/* 0 ok, 1 out of memory (nothing pushed) */
static inline int mf_push(mfifo *f, const gmsg *m)
{
    if (f->n == f->cap) {
        unsigned nc = f->cap ? f->cap * 2 : 16;
        gmsg *na = malloc(nc * sizeof *na);
        if (!na) return 1;
        for (unsigned i = 0; i < f->n; i++) na[i] = f->a[(f->head + i) & (f->cap - 1)];
        free(f->a);
        f->a = na;
        f->head = 0;
        f->cap = nc;
    }
    f->a[(f->head + f->n++) & (f->cap - 1)] = *m;
    return 0;
}

/* the oldest packet if it is due by `now`, else NULL */
static inline const gmsg *mf_top(const mfifo *f, uint64_t now)
{
    return f->n && f->a[f->head].t <= now ? &f->a[f->head] : NULL;
}

static inline void mf_pop(mfifo *f)
{
    f->head = (f->head + 1) & (f->cap - 1);
    f->n--;
}

static inline void mf_free(mfifo *f)
{
    free(f->a);
    f->a = NULL;
    f->head = f->n = f->cap = 0;
}

#endif
