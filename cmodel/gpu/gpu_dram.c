/* gpu_dram.c: DRAM channel with FR-FCFS scheduling (see gpu_dram.h). */
#include "gpu_dram.h"

#include <stdlib.h>
#include <string.h>

int gpu_dram_init(gpu_dram *d, const dram_timing *t, unsigned nbanks, unsigned cap, unsigned accept)
{
    memset(d, 0, sizeof *d);
    d->t = *t;
    d->nbanks = nbanks;
    d->cap = cap;
    d->accept = accept;
    d->q = calloc(cap, sizeof *d->q);
    d->bank = calloc(nbanks, sizeof *d->bank);
    d->done = calloc(cap, sizeof *d->done);
    d->arr = calloc(cap, sizeof *d->arr);
    if (accept) d->inq = calloc(cap, sizeof *d->inq);
    if (!d->q || !d->bank || !d->done || !d->arr || (accept && !d->inq)) {
        gpu_dram_free(d);
        return 1;
    }
    for (unsigned b = 0; b < nbanks; b++) d->bank[b].open_row = -1;
    return 0;
}

void gpu_dram_free(gpu_dram *d)
{
    free(d->q);
    free(d->inq);
    free(d->arr);
    free(d->bank);
    free(d->done);
    free(d->cand);
    free(d->open_hit);
    memset(d, 0, sizeof *d);
}

int gpu_dram_set_picker(gpu_dram *d, gpu_dram_pick_fn fn, void *ctx)
{
    if (fn && !d->cand) {
        d->cand = calloc(d->cap, sizeof *d->cand);
        d->open_hit = calloc(d->nbanks, 1);
        if (!d->cand || !d->open_hit) return 1;
    }
    d->pick = fn;
    d->pick_ctx = ctx;
    return 0;
}

/* a request into a free buffer slot (there is one: the caller checked room) */
static void enter(gpu_dram *d, const dram_req *in)
{
    for (unsigned i = 0; i < d->cap; i++) {
        dram_req *r = &d->q[i];
        if (r->valid) continue;
        *r = *in;
        r->valid = 1;
        r->activated = 0;
        r->t_first = UINT64_MAX;
        r->seq = d->seq++;
        r->t_in = d->now;
        d->count++;
        d->wake = 0;
        if (d->narr < d->cap) d->arr[d->narr++] = i;
        return;
    }
}

void gpu_dram_push(gpu_dram *d, uint64_t line, unsigned bank, uint32_t row, int write, uint32_t tag,
                   unsigned prio)
{
    dram_req r;
    memset(&r, 0, sizeof r);
    r.line = line;
    r.bank = (uint16_t)bank;
    r.row = row;
    r.write = (uint8_t)write;
    r.tag = tag;
    r.prio = (uint8_t)prio;
    if (!d->accept) {
        enter(d, &r);
        return;
    }
    d->inq[(d->in_head + d->in_n) % d->cap] = r;
    d->in_n++;
}

/* a request the scheduler may serve this cycle: buffered, and with an input queue
 * (accept > 0) entered before this cycle (it is written into the buffer at the cycle's
 * start and scheduled from the next) */
static int ready(const gpu_dram *d, const dram_req *r) { return r->valid && !(d->accept && r->t_in == d->now); }

/* the start of a DRAM cycle: the input queue's next requests enter; last cycle's
 * departure becomes the one to report */
static void cycle_start(gpu_dram *d)
{
    d->dep_valid = d->dep_now;
    d->dep_now = 0;
    for (unsigned k = 0; d->accept && k < d->accept && d->in_n; k++) {
        enter(d, &d->inq[d->in_head]);
        d->in_head = (d->in_head + 1) % d->cap;
        d->in_n--;
    }
}

void gpu_dram_pop(gpu_dram *d)
{
    d->d_head = (d->d_head + 1) % d->cap;
    d->d_count--;
}

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

static void column(gpu_dram *d, dram_req *r)
{
    dram_bank *b = &d->bank[r->bank];
    const dram_timing *t = &d->t;
    uint64_t data_end = d->now + t->tCL + t->burst;
    d->col_ok = d->now + (t->tCCD > t->burst ? t->tCCD : t->burst);
    d->bus_busy += t->burst;
    if (r->activated) d->row_misses++;
    else d->row_hits++;
    if (r->write) {
        d->writes++;
        b->pre_ok = max64(b->pre_ok, data_end + t->tWR);
    } else {
        d->reads++;
        dram_done *e = &d->done[(d->d_head + d->d_count) % d->cap];
        e->t = data_end;
        e->line = r->line;
        e->t_first = r->t_first == UINT64_MAX ? d->ext_now : r->t_first;
        e->tag = r->tag;
        d->d_count++;
    }
    r->valid = 0;
    d->count--;
    d->wake = 0;
    d->dep = *r;
    d->dep_slot = (unsigned)(r - d->q);
    d->dep_now = 1;
}

static void precharge(gpu_dram *d, dram_bank *b)
{
    b->open_row = -1;
    b->act_ok = max64(b->act_ok, d->now + d->t.tRP);
    d->wake = 0;
    d->pres++;
}

static void activate(gpu_dram *d, dram_bank *b, dram_req *r)
{
    const dram_timing *t = &d->t;
    b->open_row = r->row;
    b->col_ok = d->now + t->tRCD;
    d->wake = 0;
    b->pre_ok = d->now + t->tRAS;
    b->act_ok = d->now + t->tRC;
    d->rrd_ok = d->now + t->tRRD;
    r->activated = 1;
    if (r->t_first == UINT64_MAX) r->t_first = d->ext_now;
    d->acts++;
}

/* The same cycle with a picker: every request that can take a command now, FR-FCFS's
 * choice among them (as gpu_dram_cycle makes it), and the picker's. */
static int cycle_picked(gpu_dram *d)
{
    unsigned n = 0, ncol;
    int fr = -1, pick = -1;
    cycle_start(d);
    if (d->now >= d->col_ok && d->d_count < d->cap)
        for (unsigned i = 0; i < d->cap; i++) {
            dram_req *r = &d->q[i];
            if (!ready(d, r)) continue;
            dram_bank *b = &d->bank[r->bank];
            if (b->open_row != (int64_t)r->row || d->now < b->col_ok) continue;
            if (fr < 0 || r->seq < d->cand[fr].req->seq) fr = (int)n;
            d->cand[n].req = r;
            d->cand[n++].cmd = DRAM_CMD_COL;
        }
    ncol = n;
    memset(d->open_hit, 0, d->nbanks);
    for (unsigned i = 0; i < d->cap; i++)
        if (ready(d, &d->q[i]) && d->bank[d->q[i].bank].open_row == (int64_t)d->q[i].row) d->open_hit[d->q[i].bank] = 1;
    for (unsigned i = 0; i < d->cap; i++) {
        dram_req *r = &d->q[i];
        if (!ready(d, r)) continue;
        dram_bank *b = &d->bank[r->bank];
        if (b->open_row == (int64_t)r->row) continue; /* waits for its column slot */
        if (b->open_row >= 0) {
            if (d->now < b->pre_ok) continue;
        } else if (d->now < b->act_ok || d->now < d->rrd_ok) {
            continue;
        }
        /* (a precharge of a row other buffered requests still hit is offered too, for a
         * picker that may close it; FR-FCFS never chooses it) */
        if (!ncol && !(b->open_row >= 0 && d->open_hit[r->bank]) && (fr < 0 || r->seq < d->cand[fr].req->seq))
            fr = (int)n;
        d->cand[n].req = r;
        d->cand[n++].cmd = b->open_row >= 0 ? DRAM_CMD_PRE : DRAM_CMD_ACT;
    }
    if (d->pick(d->pick_ctx, d, d->cand, n, fr, &pick)) return -1;
    d->narr = 0; /* reported */
    if (pick < 0 || (unsigned)pick >= n) {
        d->now++;
        return 0;
    }
    dram_req *r = (dram_req *)d->cand[pick].req;
    dram_bank *b = &d->bank[r->bank];
    if (d->cand[pick].cmd == DRAM_CMD_COL) column(d, r);
    else if (d->cand[pick].cmd == DRAM_CMD_PRE) precharge(d, b);
    else activate(d, b, r);
    d->now++;
    return 1;
}

int gpu_dram_step(gpu_dram *d)
{
    dram_req *best = NULL;
    int issued = 0;
    if (d->pick) return cycle_picked(d);
    cycle_start(d);
    d->narr = 0; /* no picker to report them to */
    if (!d->count || d->now < d->wake) { /* nothing buffered, or no command possible yet */
        d->now++;
        return 0;
    }
    /* 1. first ready: the oldest row hit whose bank and bus are ready */
    if (d->now >= d->col_ok && d->d_count < d->cap) {
        for (unsigned i = 0; i < d->cap; i++) {
            dram_req *r = &d->q[i];
            if (!ready(d, r)) continue;
            dram_bank *b = &d->bank[r->bank];
            if (b->open_row != (int64_t)r->row || d->now < b->col_ok) continue;
            if (!best || r->seq < best->seq) best = r;
        }
        if (best) {
            column(d, best);
            issued = 1;
        }
    }
    /* 2. first come: the oldest request whose bank can take a precharge or activate now */
    while (!issued) {
        dram_req *old = NULL;
        for (unsigned i = 0; i < d->cap; i++) {
            dram_req *r = &d->q[i];
            if (!ready(d, r) || (old && r->seq > old->seq)) continue;
            dram_bank *b = &d->bank[r->bank];
            if (b->open_row == (int64_t)r->row) continue; /* waits for its column slot */
            if (b->open_row >= 0) {
                /* precharge only if no buffered request still hits the open row (looked
                 * for once the bank's timing allows a precharge) */
                int hits = 0;
                if (d->now < b->pre_ok) continue;
                for (unsigned j = 0; j < d->cap && !hits; j++)
                    hits = ready(d, &d->q[j]) && d->q[j].bank == r->bank && (int64_t)d->q[j].row == b->open_row;
                if (hits) continue;
            } else if (d->now < b->act_ok || d->now < d->rrd_ok) {
                continue;
            }
            old = r;
        }
        if (!old) break;
        dram_bank *b = &d->bank[old->bank];
        if (b->open_row >= 0) precharge(d, b);
        else activate(d, b, old);
        issued = 1;
    }
    if (!issued) d->wake = gpu_dram_next_cmd(d); /* nothing before then */
    d->now++;
    return issued;
}

uint64_t gpu_dram_next_cmd(const gpu_dram *d)
{
    uint64_t e = UINT64_MAX;
    for (unsigned i = 0; i < d->cap; i++) {
        const dram_req *r = &d->q[i];
        if (!r->valid) continue;
        const dram_bank *b = &d->bank[r->bank];
        uint64_t t;
        if (b->open_row == (int64_t)r->row) t = max64(d->col_ok, b->col_ok); /* column */
        else if (b->open_row >= 0) t = b->pre_ok;                           /* precharge */
        else t = max64(b->act_ok, d->rrd_ok);                               /* activate */
        if (t < e) e = t;
    }
    return e;
}

void gpu_dram_skip(gpu_dram *d, uint64_t n)
{
    if (!n) return;
    if (d->count) { /* gpu_dram_step ran each cycle: cycle_start, then nothing reported */
        d->dep_valid = n >= 2 ? 0 : d->dep_now;
        d->dep_now = 0;
        d->narr = 0;
    }
    d->now += n;
}
