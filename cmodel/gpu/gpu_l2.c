/*
 * gpu_l2.c: the L2 slices of the GPU memory model and the DRAM channels behind them
 * (gpu_internal.h). Each cycle each slice takes the DRAM fills that arrived, handles
 * one request from its input queue and sends one reply; then the DRAM channels
 * advance by the core:DRAM clock ratio. The DRAM hook (gpu_hooks.h) is the channels'
 * request picker (gpu_dram.h).
 */
#include <stdlib.h>
#include <string.h>

#include "gpu_internal.h"

static void dram_map(const gpu *g, uint64_t line, unsigned *ch, unsigned *bank, uint32_t *row)
{
    uint64_t local = line / g->c.l2_slices;
    unsigned lpr = g->c.dram_row / g->c.l1_line;
    *ch = gpu_slice_of(g, line) % g->c.dram_channels;
    *bank = (unsigned)((local / lpr) % g->c.dram_banks);
    *row = (uint32_t)(local / ((uint64_t)lpr * g->c.dram_banks));
}

static void reply_push(gpu *g, slice *D, const gmsg *req, uint64_t t)
{
    gmsg r = *req;
    r.t = t;
    r.seq = g->seq++;
    mh_push(&D->out, &r);
}

/* room in channel ch's buffer for `need` more requests, counting those on their way */
static int slice_room(const gpu *g, unsigned ch, unsigned need)
{
    return gpu_dram_used(&g->ch[ch]) + g->ch[ch].reserved + need <= g->ch[ch].cap;
}

/* a read (miss) or write (writeback) of `line` from slice si toward its channel: into the
 * DRAM buffer after dram.lat cycles (its slot reserved now; the caller checked room) */
static void dram_send(gpu *g, unsigned si, uint64_t line, int write, unsigned prio)
{
    unsigned ch, bank;
    uint32_t row;
    dram_map(g, line, &ch, &bank, &row);
    if (!g->c.dram_lat) {
        gpu_dram_push(&g->ch[ch], line, bank, row, write, si, prio);
        return;
    }
    gmsg m = {0};
    m.t = g->now + g->c.dram_lat;
    m.seq = g->seq++;
    m.line = line;
    m.write = (uint8_t)write;
    m.prio = (uint8_t)prio;
    if (mf_push(&g->sl[si].dram, &m)) { /* out of memory: no delay rather than a lost request */
        gpu_dram_push(&g->ch[ch], line, bank, row, write, si, prio);
        return;
    }
    g->ch[ch].reserved++;
}

/* the requests of slice si whose dram.lat has passed enter their channel's buffer */
static void dram_arrivals(gpu *g, unsigned si)
{
    const gmsg *m;
    while ((m = mf_top(&g->sl[si].dram, g->now))) {
        unsigned ch, bank;
        uint32_t row;
        dram_map(g, m->line, &ch, &bank, &row);
        g->ch[ch].reserved--;
        gpu_dram_push(&g->ch[ch], m->line, bank, row, m->write, si, m->prio);
        mf_pop(&g->sl[si].dram);
    }
}

static l2line *l2_victim(l2line *set, unsigned assoc)
{
    l2line *v = NULL;
    for (unsigned w = 0; w < assoc; w++) {
        l2line *l = &set[w];
        if (l->state == L1_RESERVED) continue;
        if (!v || (v->state == L1_VALID && (l->state == L1_INVALID || l->lru < v->lru))) v = l;
    }
    return v;
}

/* a read handled now (*h, from the queue's head m): its time in the queue, and t = now
 * (the start of its wait in an MSHR) */
static inline void handled(const gpu *g, const gmsg *m, gmsg *h)
{
    *h = *m;
    h->bs[BD_L2_ROP - BD_NET0] = g->c.l2_rop;
    h->bs[BD_L2_QUEUE - BD_NET0] = (uint32_t)(g->now - m->t - g->c.l2_rop);
    h->t = g->now;
}

static void slice_cycle(gpu *g, unsigned si)
{
    slice *D = &g->sl[si];
    unsigned A = g->c.l2_assoc;
    /* arrivals whose l2.rop delay has passed join the input queue, in arrival order */
    while (D->in.n && D->in.a[0].t + g->c.l2_rop <= g->now) {
        if (mf_push(&D->q, &D->in.a[0])) break;
        mh_pop(&D->in);
    }
    /* a head that waited last cycle waits on until a DRAM fill of this slice or a DRAM
     * command (D->stuck): the lines, MSHRs and room it waits for change only then */
    const gmsg *m = D->stuck ? NULL : mf_top(&D->q, g->now);
    if (D->stuck) D->stall++;
    if (m) {
        uint64_t line = m->line;
        l2line *set = &D->lines[(size_t)((line / g->c.l2_slices) % D->sets) * A], *hit = NULL;
        for (unsigned w = 0; w < A; w++)
            if (set[w].state != L1_INVALID && set[w].line == line) hit = &set[w];
        unsigned ch, bank;
        uint32_t row;
        dram_map(g, line, &ch, &bank, &row);
        int done = 0;
        gmsg h;
        if (hit && hit->state == L1_VALID) {
            hit->lru = ++D->stamp;
            if (m->write) { hit->dirty = 1; D->writes++; }
            else {
                if (m->atomic) { hit->dirty = 1; D->atomics++; }
                D->hits++;
                handled(g, m, &h);
                h.bs[BD_L2_HIT - BD_NET0] = g->c.l2_lat;
                reply_push(g, D, &h, g->now + g->c.l2_lat);
            }
            done = 1;
        } else if (hit) { /* reserved: merge */
            l2mshr *M = &D->mshr[hit->mshr];
            if (m->write) { M->dirty_on_fill = 1; D->writes++; done = 1; }
            else if (M->n < g->c.l2_merge) {
                handled(g, m, &M->w[M->n++]);
                D->merges++;
                done = 1;
                if (m->atomic) { M->dirty_on_fill = 1; D->atomics++; }
            }
        } else {
            l2line *v = l2_victim(set, A);
            unsigned need = (m->write ? 0 : 1) + (v && v->state == L1_VALID && v->dirty ? 1 : 0);
            int mshr_ok = m->write || D->used_mshr < g->c.l2_mshr;
            if (v && mshr_ok && slice_room(g, ch, need)) {
                if (v->state == L1_VALID && v->dirty) dram_send(g, si, v->line, 1, 0);
                v->line = line;
                v->lru = ++D->stamp;
                if (m->write) {
                    v->state = L1_VALID;
                    v->dirty = 1;
                    D->writes++;
                } else {
                    unsigned mi = 0;
                    while (D->mshr[mi].used) mi++;
                    l2mshr *M = &D->mshr[mi];
                    M->used = 1;
                    M->line = line;
                    M->n = 1;
                    handled(g, m, &M->w[0]);
                    M->dirty_on_fill = m->atomic;
                    D->atomics += m->atomic;
                    D->used_mshr++;
                    v->state = L1_RESERVED;
                    v->mshr = (uint16_t)mi;
                    v->dirty = 0;
                    dram_send(g, si, line, 0, m->prio);
                    D->misses++;
                }
                done = 1;
            }
        }
        if (done) {
            mf_pop(&D->q);
            g->last_progress = g->now;
        } else {
            D->stall++;
            D->stuck = 1;
        }
    }
    const gmsg *r = mh_top(&D->out, g->now);
    if (r && D->rep_free <= g->now) {
        unsigned ser = gpu_ser_cycles(g, 8 + g->c.l1_line);
        gmsg x = *r;
        mh_pop(&D->out);
        x.bs[BD_L2_REPLY - BD_NET0] = (uint32_t)(g->now - x.t);
        x.t = g->now + ser + g->c.icnt_lat + gpu_jitter(g);
        x.bs[BD_ICNT_REPLY - BD_NET0] = (uint32_t)(x.t - g->now);
        x.seq = g->seq++;
        mh_push(&g->sm[x.sm].reply, &x);
        D->rep_free = g->now + ser;
        g->last_progress = g->now;
    }
}

static void dram_fills(gpu *g, unsigned c)
{
    gpu_dram *d = &g->ch[c];
    const dram_done *e;
    while ((e = gpu_dram_peek(d))) {
        slice *D = &g->sl[e->tag];
        uint64_t line = e->line, first = e->t_first;
        D->stuck = 0;
        gpu_dram_pop(d);
        l2line *set = &D->lines[(size_t)((line / g->c.l2_slices) % D->sets) * g->c.l2_assoc];
        for (unsigned w = 0; w < g->c.l2_assoc; w++) {
            l2line *l = &set[w];
            if (l->state != L1_RESERVED || l->line != line) continue;
            l2mshr *M = &D->mshr[l->mshr];
            l->state = L1_VALID;
            l->dirty = M->dirty_on_fill;
            for (unsigned i = 0; i < M->n; i++) { /* w[0] made the DRAM read; the others merged */
                gmsg *x = &M->w[i];
                if (i) {
                    x->bs[BD_L2_MSHR - BD_NET0] = (uint32_t)(g->now - x->t);
                } else {
                    x->bs[BD_DRAM_LAT - BD_NET0] = g->c.dram_lat;
                    x->bs[BD_DRAM_QUEUE - BD_NET0] = (uint32_t)(first - x->t - g->c.dram_lat);
                    x->bs[BD_DRAM_ACCESS - BD_NET0] = (uint32_t)(g->now - first);
                }
                reply_push(g, D, x, g->now);
            }
            M->used = 0;
            M->n = 0;
            D->used_mshr--;
            break;
        }
        g->last_progress = g->now;
    }
}

/* steps 6 and 7: the slices, then the DRAM channels at their clock, then their fills */
int gpu_l2_cycle(gpu *g)
{
    for (unsigned i = 0; i < g->c.l2_slices; i++) slice_cycle(g, i);
    if (g->c.dram_lat)
        for (unsigned i = 0; i < g->c.l2_slices; i++) dram_arrivals(g, i);
    g->dram_acc += g->c.dram_mhz;
    while (g->dram_acc >= g->c.core_mhz) {
        g->dram_acc -= g->c.core_mhz;
        for (unsigned i = 0; i < g->c.dram_channels; i++) {
            unsigned used = gpu_dram_used(&g->ch[i]);
            g->ch[i].ext_now = g->now;
            int r = gpu_dram_cycle(&g->ch[i]);
            if (r > 0) {
                g->last_progress = g->now;
                if (gpu_dram_used(&g->ch[i]) < used) /* a column command freed room: the slices of this channel */
                    for (unsigned j = i; j < g->c.l2_slices; j += g->c.dram_channels) g->sl[j].stuck = 0;
            }
            else if (r < 0) return 1; /* the DRAM hook's block stopped the run */
        }
    }
    for (unsigned i = 0; i < g->c.dram_channels; i++) dram_fills(g, i);
    return 0;
}

/* ---- event skipping (gpu.c, docs/gpu-model.md "Skipping idle cycles") ---- */

/* would slice_cycle handle the input queue's head m now (as its tests, changing nothing) */
static int head_moves(const gpu *g, const slice *D, const gmsg *m)
{
    unsigned A = g->c.l2_assoc;
    uint64_t line = m->line;
    l2line *set = &D->lines[(size_t)((line / g->c.l2_slices) % D->sets) * A], *hit = NULL;
    for (unsigned w = 0; w < A; w++)
        if (set[w].state != L1_INVALID && set[w].line == line) hit = &set[w];
    if (hit && hit->state == L1_VALID) return 1;
    if (hit) return m->write || D->mshr[hit->mshr].n < g->c.l2_merge;
    unsigned ch, bank;
    uint32_t row;
    dram_map(g, line, &ch, &bank, &row);
    l2line *v = l2_victim(set, A);
    unsigned need = (m->write ? 0 : 1) + (v && v->state == L1_VALID && v->dirty ? 1 : 0);
    int mshr_ok = m->write || D->used_mshr < g->c.l2_mshr;
    return v && mshr_ok && slice_room(g, ch, need);
}

/* the core cycle (from now on) in which the channels run their m-th DRAM cycle from
 * now (m >= 1): after j + 1 core cycles they have run (dram_acc + (j+1) dram.mhz) /
 * core.mhz DRAM cycles (dram_acc < core.mhz between cycles) */
static uint64_t dram_tick_cycle(const gpu *g, uint64_t m)
{
    uint64_t need = m * g->c.core_mhz - g->dram_acc;
    return g->now + (need + g->c.dram_mhz - 1) / g->c.dram_mhz - 1;
}

uint64_t gpu_l2_next_event(gpu *g)
{
    uint64_t now = g->now, ev = UINT64_MAX;
    for (unsigned i = 0; i < g->c.l2_slices; i++) {
        slice *D = &g->sl[i];
        uint64_t t;
        D->sk_stall = 0;
        if (D->in.n) {
            if ((t = D->in.a[0].t + g->c.l2_rop) <= now) return now;
            if (t < ev) ev = t;
        }
        if (D->q.n) {
            if (head_moves(g, D, &D->q.a[D->q.head])) return now;
            D->sk_stall = 1; /* the head waits for MSHR or DRAM room: a stall cycle each */
        }
        if (D->out.n) {
            t = D->out.a[0].t > D->rep_free ? D->out.a[0].t : D->rep_free;
            if (t <= now) return now;
            if (t < ev) ev = t;
        }
        if (D->dram.n) {
            if ((t = D->dram.a[D->dram.head].t) <= now) return now;
            if (t < ev) ev = t;
        }
    }
    for (unsigned i = 0; i < g->c.dram_channels; i++) {
        const gpu_dram *d = &g->ch[i];
        uint64_t t;
        if (d->in_n || d->pick) return now;
        if (d->count) { /* its next possible command */
            uint64_t e = gpu_dram_next_cmd(d);
            if ((t = dram_tick_cycle(g, e > d->now ? e - d->now + 1 : 1)) <= now) return now;
            if (t < ev) ev = t;
        }
        if (d->d_count) { /* its next fill: dram_fills sees it after the cycle's DRAM cycles */
            uint64_t e = d->done[d->d_head].t;
            if ((t = dram_tick_cycle(g, e > d->now ? e - d->now : 1)) <= now) return now;
            if (t < ev) ev = t;
        }
    }
    return ev;
}

void gpu_l2_skip(gpu *g, uint64_t k)
{
    for (unsigned i = 0; i < g->c.l2_slices; i++) g->sl[i].stall += g->sl[i].sk_stall ? k : 0;
    uint64_t acc = g->dram_acc + k * g->c.dram_mhz, ticks = acc / g->c.core_mhz;
    uint64_t last = ticks ? dram_tick_cycle(g, ticks) : 0;
    g->dram_acc = (unsigned)(acc % g->c.core_mhz);
    for (unsigned i = 0; i < g->c.dram_channels && ticks; i++) {
        g->ch[i].ext_now = last;
        gpu_dram_skip(&g->ch[i], ticks);
    }
}

int gpu_l2_init(gpu *g, char *err, size_t n)
{
    const gpu_cfg *c = &g->c;
    for (unsigned i = 0; i < c->l2_slices; i++) {
        slice *D = &g->sl[i];
        D->sets = c->l2_size / (c->l1_line * c->l2_assoc);
        D->lines = calloc((size_t)D->sets * c->l2_assoc, sizeof *D->lines);
        D->mshr = calloc(c->l2_mshr, sizeof *D->mshr);
        if (!D->lines || !D->mshr) {
            snprintf(err, n, "out of memory");
            return 1;
        }
    }
    dram_timing t = {c->tCL, c->tRP, c->tRCD, c->tRAS, c->tRC, c->tCCD, c->tRRD, c->tWR, c->dram_burst};
    for (unsigned i = 0; i < c->dram_channels; i++)
        if (gpu_dram_init(&g->ch[i], &t, c->dram_banks, c->dram_queue, c->dram_accept)) {
            snprintf(err, n, "out of memory");
            return 1;
        }
    return 0;
}

void gpu_l2_free(gpu *g)
{
    for (unsigned i = 0; g->sl && i < g->c.l2_slices; i++) {
        free(g->sl[i].lines);
        free(g->sl[i].mshr);
        mh_free(&g->sl[i].in);
        mf_free(&g->sl[i].q);
        mf_free(&g->sl[i].dram);
        mh_free(&g->sl[i].out);
    }
    for (unsigned i = 0; g->ch && i < g->c.dram_channels; i++) gpu_dram_free(&g->ch[i]);
}
