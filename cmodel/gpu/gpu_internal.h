/*
 * gpu_internal.h: what the parts of the GPU memory model share (not for callers; they
 * use gpu.h, and blocks' drivers gpu_hooks.h).
 *
 *   gpu.c        create / destroy, the cycle loop, launch boundaries, the watchdog
 *   gpu_sm.c     SMs: returns, memory stage (REQ, L1, PREFETCH hooks), miss-queue
 *                injection, warp schedulers (SCHED, ISSUE hooks), coalescer, block dispatch
 *   gpu_l2.c     L2 slices and the DRAM channels behind them (DRAM hook)
 *   gpu_msg.h    packets and their time-ordered heap
 *   gpu_hooks.c  the driver table from the block list; binding instances at hook points
 *   gpu_stats.c  totals, the human table, the JSON document
 */
#ifndef GPU_INTERNAL_H
#define GPU_INTERNAL_H

#include <stdint.h>

#include "gk_app.h"
#include "gpu.h"
#include "gpu_dram.h"
#include "gpu_hooks.h"
#include "gpu_l1.h"
#include "gpu_msg.h"

#define LD_SLOTS 16
#define L2_WAITERS 64
#define GPU_NO_WARP L1_NO_WARP /* the L1 waiter of a prefetch: its fill wakes no warp */

/* ---- SM ---- */

typedef struct ld_slot { uint64_t issue; uint32_t pc; uint16_t left; uint8_t nl, reg1; } ld_slot; /* reg1: a trace load's destination register + 1 */

/* ---- load-latency breakdown (docs/gpu-model.md "Where a load's time goes") ----
 * Every line request of a load goes through these stages, in this order; a stage it
 * skips counts 0, and the stages of one request add up to its latency (issue of the
 * load to its data in the warp's registers) exactly. */
enum gpu_bd_stage {
    BD_LSU,         /* issue -> the memory stage offers it (behind the instruction's earlier lines) */
    BD_BLOCK_FULL,  /* offered -> taken by the request-path block (REQ hook) */
    BD_IN_BLOCK,    /* taken -> first presented to the L1 by the block */
    BD_RETRY_ASSOC, /* L1 refusals until accepted, one cycle each, by reason */
    BD_RETRY_MSHR,
    BD_RETRY_MERGE,
    BD_RETRY_MISSQ,
    BD_RETRY_IDLE,  /* between first presentation and acceptance, cycles not presented */
    BD_L1_HIT,      /* hit: the L1's hit latency */
    BD_MSHR_WAIT,   /* pending hit: merged into a fill in flight -> the fill */
    BD_MISSQ,       /* miss or bypass: in the miss queue (port and L2 credits) */
    BD_ICNT_REQ,    /* interconnect to the L2 slice */
    BD_L2_ROP,      /* the fixed delay before the slice (l2.rop) */
    BD_L2_QUEUE,    /* the slice's input queue (incl. waits for MSHR or DRAM room) */
    BD_L2_HIT,      /* L2 hit latency */
    BD_L2_MSHR,     /* merged in the L2 into a DRAM read in flight -> its fill */
    BD_DRAM_LAT,    /* the fixed delay from the L2 to the DRAM buffer (dram.lat) */
    BD_DRAM_QUEUE,  /* in the DRAM buffer until its first own command (activate or read) */
    BD_DRAM_ACCESS, /* first command -> data in the L2 */
    BD_L2_REPLY,    /* reply ready -> sent on the slice's reply port */
    BD_ICNT_REPLY,  /* interconnect back to the SM */
    BD_SM_REPLY,    /* the SM's reply queue (one reply a cycle) */
    BD_N
};
#define BD_NET0 BD_MISSQ              /* the stages a packet carries (gmsg.bs) */
#define BD_NNET (BD_N - BD_NET0)
enum gpu_bd_class { BD_HIT, BD_PENDING, BD_MISS, BD_BYPASS, BD_NCLS };
#define BD_MAXK 8                     /* kernels told apart (more share the last) */
#define BD_LINES 32                   /* line requests per load at most */
#define BD_UNSET UINT64_MAX

typedef struct bd_rec {
    uint64_t line;
    uint64_t t_pres, t_taken, t_l1, t_acc; /* BD_UNSET until it happens */
    uint32_t ref[4];                       /* refusal cycles by stall code 1..4 */
    uint8_t cls;
} bd_rec;

/* a request's class is its L1 result (the first three), and a packet carries BD_NNET stages */
typedef char bd_layout_check[((int)BD_HIT == (int)L1_HIT && (int)BD_PENDING == (int)L1_HIT_PENDING && (int)BD_MISS == (int)L1_MISS &&
                              BD_NNET == sizeof(((gmsg *)0)->bs) / sizeof(uint32_t)) ? 1 : -1];

/* per class: cycles per stage, then the number of requests */
typedef uint64_t bd_acc[BD_NCLS][BD_N + 1];

/* ---- the timeline (docs/results-format.md "timeline") ----
 * Every scheduler cycle gets exactly one reason: it issued, or the cause the issue
 * test (can_issue) gave for its warp closest to issuing, in this order of closeness
 * (the lowest wins): a ready warp a SCHED block did not pick, a memory instruction
 * behind the busy memory stage, a shared-memory op behind the busy shared-memory
 * port, a warp within its last instruction's latency, a warp waiting on its loads,
 * at a barrier, a warp whose program ended waiting on its last loads, no warp. */
enum gpu_tl_reason { TL_ISSUED, TL_HELD, TL_MEM, TL_SMEM, TL_ALU, TL_LOAD, TL_BAR, TL_DRAIN, TL_NO_WARP, TL_N };
/* a residency row per SM: warps, blocks and active cycles integrated, warp instructions,
 * scheduler cycles by reason (all cumulative) */
enum { OCC_W, OCC_B, OCC_A, OCC_I, OCC_TL, OCC_F = OCC_TL + TL_N };

/* A warp slot: what the schedulers test every cycle, kept small so that scanning all
 * the warps of all the SMs each cycle stays in the L1 of the host; the lanes'
 * coordinates and the load slots are in warp_data (same index). */
typedef struct warp {
    uint64_t ready, age;
    int64_t k;               /* body iteration */
    int opi;                 /* next op */
    uint32_t mask;           /* active lanes */
    uint32_t pending;        /* line requests of loads not yet returned */
    uint32_t slot_busy;      /* bit per load slot */
    uint32_t dep;            /* load slots the next instruction waits for: every slot for the
                                built-in programs' non-loads, none for their loads; a trace's:
                                the slots of loads writing its registers (the scoreboard) */
    uint8_t live, prog_done, at_bar, block, inblk;
    uint8_t ckind;           /* the kind of the next instruction (ops[opi] or ins[opi]) */
} warp;

typedef struct warp_data {
    int64_t x[32], y[32];    /* global thread coordinates of each lane */
    ld_slot slot[LD_SLOTS];
    gk_wprog prog;           /* warp programs (gk_app.h): this warp's instructions */
} warp_data;

typedef struct blockslot {
    uint8_t live;
    unsigned warps_left, bar_wait;
} blockslot;

typedef struct hitret { uint64_t t, line; uint8_t warp, slot; } hitret;

typedef struct lsu {
    int busy, write, atomic;
    uint8_t warp, slot;
    uint32_t pc;
    unsigned n, next;
    uint64_t line[32];
    uint8_t lane[32];
} lsu;

struct gpu_sm {
    warp *w;
    uint8_t req_prio;        /* tag of the requests it sends (gpu_issue_set_prio; 0 none) */
    warp_data *wd;
    unsigned nwd;            /* warp slots (c.warps) */
    blockslot blk[8];
    unsigned live_warps;
    uint64_t live_mask;      /* bit w: warp slot w is live */
    uint64_t *rrdy;          /* traces: [warp slot][register] the cycle a short-latency result is
                                ready (ALU, shared load); allocated at the first trace launch */
    uint64_t sched_mask[4];  /* bit w: warp w belongs to scheduler i (w % core.schedulers) */
    unsigned *last;          /* LRR: last warp issued by each scheduler */
    int *greedy;             /* GTO: the warp each scheduler sticks with (-1 none) */
    gpu_l1 l1;
    lsu ls;
    hitret *hits;            /* ring of l1.lat + 1 entries at most one a cycle */
    unsigned h_head, h_count, h_cap;
    mheap reply;             /* from the interconnect */
    uint64_t inj_free;       /* injection port busy until */
    /* blocks at this SM's hook points (NULL: none; ISSUE takes several) */
    gpu_hook_inst *req, *l1h, *sched, *pf; /* l1h: the first of l1c */
    gpu_hook_inst *l1c[GPU_MAX_KINDS];     /* the L1 hook's blocks, in list order */
    unsigned nl1;
    unsigned l1_xlat;                      /* cycles the L1 blocks add to an access (l1_extra_lat) */
    gpu_hook_inst *issue[GPU_MAX_KINDS];
    unsigned nissue;
    int hooked;              /* a block at PREFETCH, SCHED or ISSUE (the cycle's slower path) */
    /* for the PREFETCH hook: the cycle the L1 port was last used, and the last demand
     * access that reached the L1 with its cycle */
    uint64_t port_at, seen_at;
    uint8_t l1_flush_due; /* the L1 was invalidated at a launch: tell the L1 hook's block */
    gpu_l1_event seen;
    /* counters (the L1's prefetch accounting is l1.pf) */
    uint64_t insts, tinsts, loads, stores, access[L1_NRESULTS], bypass, stall, idle_issue;
    uint64_t lat_sum, lat_n;
    /* warp programs: shared-memory port busy until, accesses and their cycles (bank
     * conflicts serialise), atomics sent to the L2 */
    uint64_t smem_free, smem_acc, smem_cycles, atomics;
    /* residency: blocks held now, the cycle the integrals were last brought up to date,
     * resident warps and blocks integrated over cycles, whether it ever held a block */
    unsigned nblk;
    uint64_t occ_t, occ_w, occ_b;
    uint8_t ever;
    /* timeline: cycles with a resident warp (integrated with the above), the last such
     * cycle + 1 (0: none), scheduler cycles by reason, each scheduler's reason from the
     * last scan that issued nothing (sm_schedule's memo reuses it) */
    uint64_t occ_a, occ_last;
    uint64_t tl[TL_N];
    uint8_t why[4];
    /* load-latency breakdown: a record per line request in flight (warp, slot, line
     * index), the last ones looked up, the totals per kernel, and the plain sum of
     * every line request's latency that the totals must add up to */
    bd_rec *rec, *rec_l1, *rec_ret; /* last found at the L1, on a return */
    bd_acc bd[BD_MAXK];
    uint64_t bd_lat;
    int sk_res;              /* event skipping: what the memory stage does in a skipped cycle */
    /* what the schedulers' readiness test reads changes only with wver (returns, retires,
     * dispatch, issue, the memory stage freed): no warp can issue from a scan that found
     * none at version sched_ver (at cycle sched_at) until sched_wake (0: not yet known;
     * sm_schedule) */
    uint64_t wver, sched_ver, sched_at, sched_wake;
    /* the memory stage's last L1 probe (memstage_probe): at L1 version pr_ver, of pr_line */
    uint64_t pr_ver, pr_line;
    int pr_write, pr_res;
};

/* ---- L2 slice ---- */

typedef struct l2line { uint64_t line, lru; uint16_t mshr; uint8_t state, dirty; } l2line;
typedef struct l2mshr { uint64_t line; unsigned n; uint8_t used, dirty_on_fill; gmsg w[L2_WAITERS]; } l2mshr;

typedef struct slice {
    l2line *lines;
    l2mshr *mshr;
    unsigned sets, used_mshr;
    uint64_t stamp;
    mheap in;                /* on the way: t = arrival at the slice; enter q after l2.rop */
    mfifo q;                 /* the input queue, handled in order */
    mheap out;               /* the replies, by due cycle */
    mfifo dram;              /* misses and writebacks on their way to DRAM (t = due; one delay: in order) */
    uint64_t rep_free;
    uint64_t hits, misses, merges, writes, stall, atomics;
    uint8_t sk_stall;        /* event skipping: the head of q waits (a stall cycle each) */
    uint8_t stuck;           /* the head of q waited last cycle and nothing it waits for
                                changed since (slice_cycle) */
} slice;

/* ---- blocks bound at hook points ---- */

typedef struct gpu_kind_rt {
    const gpu_block_driver *drv;
    const blk_kind *k;
    int list;                /* position in the block list; -1 attached by a test */
    void *cfg;               /* the kind's configuration */
    unsigned ninst;          /* SMs, or memory channels */
    gpu_hook_inst **inst;
} gpu_kind_rt;

#define GPU_MAX_BOUND (GPU_MAX_KINDS + 8)

/* the blocks at a channel's DRAM hook, called in the order they were placed (list order) */
typedef struct gpu_dram_chain {
    gpu_hook_inst *h[GPU_MAX_BOUND];
    unsigned n;
} gpu_dram_chain;

struct gpu {
    gpu_cfg c;
    const gk_workload *wl;
    gpu_sm *sm;
    slice *sl;
    gpu_dram *ch;
    gpu_dram_chain *dch;      /* per channel, when a block is at the DRAM hook */
    uint64_t now, seq, last_progress, rng, age;
    uint64_t seed, max_quiet; /* the run's seed; the longest stretch without progress */
    unsigned watchdog;        /* in effect (gpu_cfg_watchdog) */
    unsigned dram_acc;
    /* current launch */
    int li;
    const gk_launch *L;
    int p1, p2;
    unsigned tpb, wpb;       /* threads and warps per block */
    uint64_t nblocks, next_block, done_blocks;
    unsigned next_sm;
    unsigned launches_done;
    /* kernels by name for the breakdown: each launch's index into kname */
    unsigned nkern, kid;
    const char *kname[BD_MAXK];
    gpu_l1_trace_fn trace;
    void *trace_ctx;
    /* block kinds that are on, in block-list order (then any attached by tests) */
    gpu_kind_rt kinds[GPU_MAX_BOUND];
    unsigned nkinds;
    /* time series of the kinds' series counters: ser[row * ser_cols + col], a row every
       c.series cycles (gpu_series_sample) */
    double *ser;
    unsigned ser_cols, ser_rows, ser_cap;
    /* warp programs: the launch has one (gk_launch.warp); thread blocks an SM may hold
     * (GPGPU-Sim's max_cta: threads, shared memory, registers, block slots) */
    int wgen;
    int sb;                  /* the launch's dependencies go through registers (a trace) */
    unsigned max_cta;
    uint64_t blocks_run;     /* thread blocks dispatched over the run */
    /* residency over time: every occ_win cycles a row of each SM's (warps, blocks)
     * integrals (cumulative), at most OCC_ROWS rows (the window doubles when full) */
    uint64_t occ_win, occ_next;
    unsigned occ_rows;
    uint64_t *occ_snap;      /* [row][sm][OCC_F] */
    gpu_hook_inst **busy;    /* instances whose driver has busy() */
    unsigned nbusy, busy_cap;
    uint64_t skipped, skips;  /* event skipping: cycles jumped over, and jumps */
};

#define L1_TRACE(g, S, ev, line, wr, res) \
    do { if ((g)->trace) (g)->trace((g)->trace_ctx, (unsigned)((S) - (g)->sm), ev, line, wr, res); } while (0)

static inline uint64_t gpu_rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* extra interconnect latency of one packet (seeded) */
static inline unsigned gpu_jitter(gpu *g)
{
    return g->c.icnt_jitter ? (unsigned)(gpu_rng_next(&g->rng) % (g->c.icnt_jitter + 1)) : 0;
}
/* cycles a port needs to serialise `bytes` */
static inline unsigned gpu_ser_cycles(const gpu *g, unsigned bytes) { return (bytes + g->c.icnt_bw - 1) / g->c.icnt_bw; }
static inline unsigned gpu_slice_of(const gpu *g, uint64_t line) { return (unsigned)(line % g->c.l2_slices); }
/* the highest line address the workload's arrays hold (a block whose fields hold line
 * addresses checks its width against it at launch) */
static inline uint64_t gpu_top_line(const gpu *g)
{
    uint64_t top = 0;
    for (int i = 0; i < g->wl->narr; i++) {
        const gk_array *a = &g->wl->arr[i];
        uint64_t end = a->base + a->elems * a->esize;
        if (a->elems && end > top) top = end;
    }
    return top ? (top - 1) / g->c.l1_line : 0;
}

#define OCC_ROWS 512
#define OCC_WIN0 1000

/* gpu_sm.c */
int gpu_sm_init(gpu *g, gpu_sm *S, char *err, size_t n);
void gpu_sm_free(gpu_sm *S);
int gpu_start_launch(gpu *g, char *err, size_t n);  /* g->li's launch; 0 ok */
int gpu_series_sample(gpu *g);                      /* a row of the time series; 1 out of memory */
int gpu_sms_cycle(gpu *g);                          /* steps 1-4 of every SM; non-zero: mismatch */
int gpu_sms_dispatch(gpu *g, char *err, size_t n);  /* step 5; non-zero: a warp program failed */
int gpu_sm_idle(const gpu_sm *S);                   /* nothing live or in flight in the SM */
void gpu_sm_report(const gpu *g, unsigned s, FILE *log);
/* event skipping (gpu.c): the earliest cycle >= now in which SM S may do more than count
 * stall and idle cycles (now: this one); then k such cycles at once (after
 * gpu_sm_next_event found none before now + k) */
uint64_t gpu_sm_next_event(gpu *g, gpu_sm *S);
void gpu_sm_skip(gpu *g, gpu_sm *S, uint64_t k);
int gpu_sms_can_dispatch(const gpu *g);             /* step 5 would dispatch a block now */
void gpu_occ_note(const gpu *g, gpu_sm *S);        /* the residency integrals up to now */
int gpu_occ_row(gpu *g);                            /* a residency row; 1 out of memory */

/* gpu_l2.c */
int gpu_l2_init(gpu *g, char *err, size_t n);
void gpu_l2_free(gpu *g);
int gpu_l2_cycle(gpu *g);                           /* steps 6-7; non-zero: mismatch */
/* event skipping (gpu.c): the earliest cycle >= now in which a slice or a channel may do
 * more than count a stall (now: this one); then k such cycles at once */
uint64_t gpu_l2_next_event(gpu *g);
void gpu_l2_skip(gpu *g, uint64_t k);

/* gpu_hooks.c */
int gpu_kinds_bind(gpu *g, gpu_bind_fn bind, void *ctx, char *err, size_t n);
int gpu_kind_attach(gpu *g, const gpu_block_driver *drv, int list, const void *cfg, gpu_bind_fn bind, void *ctx,
                    char *err, size_t n);
void gpu_kinds_free(gpu *g);
const gpu_kind_rt *gpu_kind_find(const gpu *g, const blk_kind *k);
/* the instance's line of the deadlock report: its describe() text */
void gpu_kinds_describe(const gpu *g, int dram, unsigned index, FILE *f);

#endif
