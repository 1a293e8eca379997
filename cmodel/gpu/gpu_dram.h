/*
 * gpu_dram.h: one DRAM channel: banks with open rows, GDDR5-like timing, and an
 * FR-FCFS scheduler over a bounded request buffer.
 *
 * Time is in DRAM command-clock cycles; one command per cycle on the command bus.
 * Each cycle the scheduler issues, in this order of preference:
 *   1. a column command (read/write) for the oldest request that hits an open row
 *      and whose bank and the data bus are ready (first-ready);
 *   2. else, for the oldest request whose bank can take it: a precharge when its bank
 *      holds another row and no buffered request hits that row, or an activate of its
 *      row when the bank is closed (first-come first-served).
 * Timing: tRCD act->col, tRAS act->pre, tRC act->act (bank), tRRD act->act (channel),
 * tRP pre->act, tCCD col->col (channel), tCL col->data, tWR data end->pre; a line
 * occupies the data bus for `burst` cycles. A read completes tCL + burst after its
 * column command.
 *
 * A picker (the GPU model's DRAM hook) may replace that choice: each cycle it sees
 * every request that can take a command now, FR-FCFS's choice among them, and picks
 * one (or none). Without a picker the channel is exactly FR-FCFS.
 *
 * Input: with accept = 0 (the default) a request enters the buffer when pushed; with
 * accept = n, pushes wait in an input queue (counted as buffer room taken) and at most n
 * enter the buffer at the start of each DRAM cycle (GPGPU-Sim moves one request a DRAM
 * cycle into its scheduler). The requests that entered since the previous cycle and the
 * one a column command completed in the previous cycle are reported to the picker.
 */
#ifndef GPU_DRAM_H
#define GPU_DRAM_H

#include <stddef.h>
#include <stdint.h>

typedef struct dram_timing {
    unsigned tCL, tRP, tRCD, tRAS, tRC, tCCD, tRRD, tWR, burst;
} dram_timing;

typedef struct dram_req {
    uint64_t line, seq, t_first; /* t_first: ext_now at its first own command (activate or column) */
    uint64_t t_in;      /* the DRAM cycle it entered the buffer */
    uint32_t row, tag;  /* tag: the caller's (e.g. L2 slice), returned on completion */
    uint16_t bank;
    uint8_t valid, write, activated; /* activated: this request needed its own activate */
    uint8_t prio;       /* the requesting SM's priority tag (gmsg.prio; 0: untagged, e.g. a
                           writeback), for a picker */
} dram_req;

typedef struct dram_bank {
    int64_t open_row;                  /* -1: closed */
    uint64_t act_ok, col_ok, pre_ok;   /* earliest cycle for each command */
} dram_bank;

typedef struct dram_done { uint64_t t, line, t_first; uint32_t tag; } dram_done;

/* A request that can take a command this cycle, and which command. */
enum dram_cmd { DRAM_CMD_COL = 0, DRAM_CMD_PRE = 1, DRAM_CMD_ACT = 2 };
typedef struct dram_cand { const dram_req *req; uint8_t cmd; } dram_cand;

struct gpu_dram;
/* Pick the request served this cycle: *pick = an index into cand, or -1 for no
 * command. cand lists the column commands (row hits whose bank and the data bus are
 * ready) first, then the precharges/activates the banks can take now, each part in
 * buffer order (req->seq is the age: lower is older); a precharge is offered also when
 * other buffered requests hit the bank's open row (ch->open_hit[bank]), which FR-FCFS
 * never chooses; frfcfs is FR-FCFS's choice (-1 when there is none). Returns 0, or non-zero
 * to stop (the channel then returns -1 from gpu_dram_cycle). */
typedef int (*gpu_dram_pick_fn)(void *ctx, const struct gpu_dram *d, const dram_cand *cand, unsigned n,
                                int frfcfs, int *pick);

typedef struct gpu_dram {
    dram_timing t;
    unsigned nbanks, cap, count;
    unsigned accept;      /* requests entering the buffer per DRAM cycle (0: no limit) */
    dram_req *inq;        /* with accept: the input queue, a ring of cap entries */
    unsigned in_head, in_n;
    unsigned *arr, narr;  /* buffer slots that entered since the previous cycle (cap) */
    dram_req dep;         /* the request a column command completed last cycle (bank, prio) */
    unsigned dep_slot;    /* and the buffer slot it left */
    uint8_t dep_valid, dep_now;
    unsigned reserved;    /* the caller's: slots promised to requests on their way in */
    dram_req *q;          /* cap entries, free where !valid */
    dram_bank *bank;
    uint64_t now, seq, bus_free, col_ok, rrd_ok;
    uint64_t wake;        /* without a picker: no command can issue before this cycle (a
                             lower bound from the timing; 0 when the buffer or a bank changed) */
    uint64_t ext_now;     /* the caller's clock (the GPU's core cycle), for t_first */
    dram_done *done;      /* ring of completed reads, cap entries, in completion order */
    unsigned d_head, d_count;
    /* statistics */
    uint64_t reads, writes, row_hits, row_misses, acts, pres, bus_busy;
    /* picker (NULL: FR-FCFS) and its scratch */
    gpu_dram_pick_fn pick;
    void *pick_ctx;
    dram_cand *cand;      /* cap entries */
    uint8_t *open_hit;    /* per bank: a buffered request hits its open row */
} gpu_dram;

int gpu_dram_init(gpu_dram *d, const dram_timing *t, unsigned nbanks, unsigned cap, unsigned accept);
void gpu_dram_free(gpu_dram *d);
/* buffer room taken: buffered requests and those in the input queue */
static inline unsigned gpu_dram_used(const gpu_dram *d) { return d->count + d->in_n; }
static inline int gpu_dram_full(const gpu_dram *d) { return gpu_dram_used(d) >= d->cap; }
/* Enqueue (caller checked !full). */
void gpu_dram_push(gpu_dram *d, uint64_t line, unsigned bank, uint32_t row, int write, uint32_t tag,
                   unsigned prio);
/* Let fn choose each cycle's command (NULL: FR-FCFS again). 0 ok. */
int gpu_dram_set_picker(gpu_dram *d, gpu_dram_pick_fn fn, void *ctx);
/* One DRAM cycle: at most one command. Returns 1 if a command issued, 0 if not, -1
 * when the picker asked to stop. (Inline: an idle channel without a picker costs a
 * test; gpu_dram_step is the rest.) */
int gpu_dram_step(gpu_dram *d);
static inline int gpu_dram_cycle(gpu_dram *d)
{
    if (!d->count && !d->pick && !d->in_n) { /* nothing buffered: no command */
        d->now++;
        return 0;
    }
    return gpu_dram_step(d);
}
/* A read whose data has fully arrived by now, or NULL; pop it with gpu_dram_pop. */
static inline const dram_done *gpu_dram_peek(const gpu_dram *d)
{
    return d->d_count && d->done[d->d_head].t <= d->now ? &d->done[d->d_head] : NULL;
}
void gpu_dram_pop(gpu_dram *d);
static inline int gpu_dram_idle(const gpu_dram *d) { return d->count == 0 && d->d_count == 0 && d->in_n == 0; }

/* Event skipping (docs/gpu-model.md "Skipping idle cycles"). The earliest DRAM cycle at
 * which some buffered request could take a command (a lower bound: the banks' and the
 * channel's timing only; UINT64_MAX with nothing buffered). Until then, and with no
 * picker and an empty input queue, a cycle issues nothing. */
uint64_t gpu_dram_next_cmd(const gpu_dram *d);
/* n DRAM cycles in which no command can issue (no picker, empty input queue), at once:
 * the same state as n calls of gpu_dram_cycle. */
void gpu_dram_skip(gpu_dram *d, uint64_t n);

#endif
