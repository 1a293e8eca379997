/* gpu_l1.c: L1 data cache, MSHRs and miss queue (see gpu_l1.h). */
#include "gpu_l1.h"

#include <stdlib.h>
#include <string.h>

int gpu_l1_init(gpu_l1 *c, unsigned size, unsigned assoc, unsigned line_bytes, unsigned nmshr,
                unsigned merge, unsigned missq)
{
    memset(c, 0, sizeof *c);
    c->assoc = assoc;
    c->sets = size / (line_bytes * assoc);
    c->nmshr = nmshr;
    c->merge = merge;
    c->missq_cap = missq;
    c->lines = calloc((size_t)c->sets * assoc, sizeof *c->lines);
    c->mshr = calloc(nmshr, sizeof *c->mshr);
    c->wpool = calloc((size_t)nmshr * merge, sizeof *c->wpool);
    c->missq = calloc(missq, sizeof *c->missq);
    c->pf_gone = calloc(L1_PF_GONE, sizeof *c->pf_gone);
    if (!c->lines || !c->mshr || !c->wpool || !c->missq || !c->pf_gone || !c->sets) {
        gpu_l1_free(c);
        return 1;
    }
    for (unsigned i = 0; i < nmshr; i++) {
        c->mshr[i].w = &c->wpool[(size_t)i * merge];
        c->mshr[i].next_free = (uint16_t)(i + 1 < nmshr ? i + 1 : L1_NO_MSHR);
    }
    c->free_mshr = 0;
    return 0;
}

void gpu_l1_free(gpu_l1 *c)
{
    free(c->lines);
    free(c->mshr);
    free(c->wpool);
    free(c->missq);
    free(c->pf_gone);
    memset(c, 0, sizeof *c);
}

/* ---- prefetch accounting (gpu_l1.h) ---- */

/* a prefetched line leaves the L1 before any demand read used it */
static void pf_evicted(gpu_l1 *c, l1_line *l)
{
    uint64_t *e = &c->pf_gone[l->line % L1_PF_GONE];
    l->pf = 0;
    c->pf.early_evicted++;
    if (!*e) c->pf_ngone++;
    *e = l->line + 1; /* takes the entry of an earlier line of the same index */
}

/* a miss on `line` (reserved, or a demand read sent past the L1): a demand read on a
 * prefetched line that left unused counts; either way the line is no longer gone */
static void pf_missed(gpu_l1 *c, uint64_t line, int demand)
{
    uint64_t *e = &c->pf_gone[line % L1_PF_GONE];
    if (*e != line + 1) return;
    *e = 0;
    c->pf_ngone--;
    if (demand) c->pf.early_evicted_demanded++;
}

void gpu_l1_invalidate(gpu_l1 *c)
{
    c->ver++;
    for (size_t i = 0; i < (size_t)c->sets * c->assoc; i++)
        if (c->lines[i].state == L1_VALID) {
            if (c->lines[i].pf) {
                c->lines[i].pf = 0;
                c->pf.early_evicted++;
            }
            c->lines[i].state = L1_INVALID;
        }
    if (c->pf_ngone) { /* a new kernel: demands of the last one only */
        memset(c->pf_gone, 0, L1_PF_GONE * sizeof *c->pf_gone);
        c->pf_ngone = 0;
    }
}

static void missq_push(gpu_l1 *c, uint64_t line, uint16_t mshr, int write, int bypass, uint8_t warp,
                       uint8_t slot)
{
    l1_missq_ent *e = &c->missq[(c->mq_head + c->mq_count) % c->missq_cap];
    e->line = line;
    e->mshr = mshr;
    e->write = (uint8_t)write;
    e->bypass = (uint8_t)bypass;
    e->warp = warp;
    e->slot = slot;
    e->atomic = 0;
    c->mq_count++;
    c->ver++;
}

void gpu_l1_missq_pop(gpu_l1 *c)
{
    c->mq_head = (c->mq_head + 1) % c->missq_cap;
    c->mq_count--;
    c->ver++;
}

/* the way holding `line` (valid or reserved) and the way a miss would fill */
static void l1_lookup(const gpu_l1 *c, uint64_t line, l1_line **hitp, l1_line **victimp)
{
    l1_line *set = &c->lines[(size_t)gpu_l1_set(c, line) * c->assoc];
    l1_line *hit = NULL, *victim = NULL;
    for (unsigned w = 0; w < c->assoc; w++) {
        l1_line *l = &set[w];
        if (l->state != L1_INVALID && l->line == line) hit = l;
        if (l->state == L1_RESERVED) continue;
        /* victim: an invalid way first (lowest), else the least recently used valid one */
        if (!victim || (victim->state == L1_VALID && (l->state == L1_INVALID || l->lru < victim->lru)))
            victim = l;
    }
    *hitp = hit;
    *victimp = victim;
}

int gpu_l1_way_for(const gpu_l1 *c, uint64_t line)
{
    l1_line *hit, *victim, *set = &c->lines[(size_t)gpu_l1_set(c, line) * c->assoc];
    l1_lookup(c, line, &hit, &victim);
    if (hit) return (int)(hit - set);
    return victim ? (int)(victim - set) : -1;
}

int gpu_l1_access(gpu_l1 *c, uint64_t line, int write, uint8_t warp, uint8_t slot, int commit)
{
    l1_line *hit, *victim;
    c->ver += commit != 0;
    l1_lookup(c, line, &hit, &victim);
    if (write) { /* write-evict, no write-allocate: the write goes down, a valid copy dies */
        if (gpu_l1_missq_full(c)) return L1_FAIL_MISSQ;
        if (commit) {
            if (hit && hit->state == L1_VALID) {
                if (hit->pf) pf_evicted(c, hit);
                hit->state = L1_INVALID;
            }
            missq_push(c, line, L1_NO_MSHR, 1, 0, warp, slot);
        }
        return L1_WRITE;
    }
    if (hit && hit->state == L1_VALID) {
        if (commit) {
            hit->lru = ++c->stamp;
            if (hit->pf && warp != L1_NO_WARP) { /* the prefetch was in time */
                hit->pf = 0;
                c->pf.useful++;
            }
        }
        return L1_HIT;
    }
    if (hit) { /* reserved: merge into its MSHR */
        l1_mshr *m = &c->mshr[hit->mshr];
        if (m->n >= c->merge) return L1_FAIL_MERGE;
        if (commit) {
            m->w[m->n].warp = warp;
            m->w[m->n].slot = slot;
            m->n++;
            hit->lru = ++c->stamp;
            if (hit->pf && warp != L1_NO_WARP) { /* the prefetch was late but serves it */
                hit->pf = 0;
                c->pf.late++;
            }
        }
        return L1_HIT_PENDING;
    }
    if (!victim) return L1_FAIL_ASSOC;
    if (c->free_mshr == L1_NO_MSHR) return L1_FAIL_MSHR;
    if (gpu_l1_missq_full(c)) return L1_FAIL_MISSQ;
    if (commit) {
        uint16_t mi = c->free_mshr;
        l1_mshr *m = &c->mshr[mi];
        c->free_mshr = m->next_free;
        c->used_mshr++;
        m->line = line;
        m->n = 1;
        m->w[0].warp = warp;
        m->w[0].slot = slot;
        if (c->pf_ngone) pf_missed(c, line, warp != L1_NO_WARP);
        if (victim->pf) pf_evicted(c, victim); /* valid: a reserved line is never a victim */
        victim->pf = (uint8_t)(warp == L1_NO_WARP);
        c->pf.issued += victim->pf;
        victim->line = line;
        victim->state = L1_RESERVED;
        victim->mshr = mi;
        victim->lru = ++c->stamp;
        missq_push(c, line, mi, 0, 0, warp, slot);
    }
    return L1_MISS;
}

int gpu_l1_bypass(gpu_l1 *c, uint64_t line, uint8_t warp, uint8_t slot)
{
    if (gpu_l1_missq_full(c)) return 0;
    if (c->pf_ngone) pf_missed(c, line, warp != L1_NO_WARP);
    missq_push(c, line, L1_NO_MSHR, 0, 1, warp, slot);
    return 1;
}

const l1_waiter *gpu_l1_fill(gpu_l1 *c, unsigned mi, unsigned *n)
{
    l1_mshr *m = &c->mshr[mi];
    l1_line *set = &c->lines[(size_t)gpu_l1_set(c, m->line) * c->assoc];
    c->ver++;
    for (unsigned w = 0; w < c->assoc; w++)
        if (set[w].state == L1_RESERVED && set[w].mshr == mi) {
            set[w].state = L1_VALID;
            break;
        }
    *n = m->n;
    m->n = 0;
    m->next_free = c->free_mshr;
    c->free_mshr = (uint16_t)mi;
    c->used_mshr--;
    return m->w; /* valid until the MSHR is reused (after the caller's loop) */
}

int gpu_l1_idle(const gpu_l1 *c) { return c->used_mshr == 0 && c->mq_count == 0; }
