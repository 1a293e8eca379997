/*
 * gpu_hooks.h: where hardware blocks live in the GPU memory model, and what a block's
 * GPU driver implements to live there (docs/gpu-model.md, "Hook points").
 *
 * The block list (cmodel/blocks.def) gives each block kind a HOOK. A kind with a hook
 * other than NONE supplies, in cmodel/blocks/<name>/<name>_gpu.c,
 *
 *     const gpu_block_driver <name>_gpu = { .kind = &<name>_kind, .hook = GPU_HOOK_<HOOK>,
 *                                           .<hook function> = ..., ... };
 *
 * and the GPU model (which names no block) builds its table of drivers from the block
 * list. When a kind is on (`--<name> on`, `--set <name>=on`), every SM (DRAM: every
 * memory channel) gets one instance, bound c, rtl or lockstep by the caller's binder;
 * the driver turns the model's state at its call site into the block's input ports,
 * evaluates and clocks the block (h->bi.eval / h->bi.tick) and applies the outputs.
 * With no block on at a hook, the model behaves exactly as without hooks.
 *
 * The seven hook points (INDEX is the SM number, except DRAM: the memory channel):
 *
 *   REQ       the request path between the load/store unit and the L1. Called once a
 *             cycle per SM with the memory stage's current line request (if any); the
 *             block decides what reaches the L1 this cycle (through gpu_req_l1_probe,
 *             gpu_req_l1_access, gpu_req_l1_bypass) and whether it took the request.
 *   L1        the L1's allocate / bypass decision. Called on every access offered to
 *             the L1 (hits, misses, writes, refusals) with the L1's answer: for a read
 *             that would allocate (L1_MISS) the block may answer GPU_L1_BYPASS (a
 *             driver with bypass_refused also for a read the L1 refuses); on every
 *             fill and every kernel-boundary flush of the L1 (observe). The event
 *             carries the L1's way, so a block that keeps its own copy of the L1's
 *             placement can check it access by access. Several kinds may be on at this
 *             hook: they answer in block-list order (each sees whether an earlier one
 *             answered bypass), a read bypasses when any honoured answer says so, and
 *             then each is told the outcome (l1_commit).
 *   SCHED     the warp scheduler. Called every cycle for each scheduler of the SM with
 *             the warps that can issue now, which of them would issue a load (and its
 *             PC, gpu_sched_pc), the resident warps, the policy's (LRR/GTO) choice and
 *             the demand access the L1 took this cycle (with its hit or miss); the
 *             block picks one of the ready warps, or none.
 *   PREFETCH  a prefetch source. Called every cycle per SM, at the end of the SM's
 *             cycle, with the demand access the L1 saw this cycle (if any); it may send
 *             one prefetch read into the L1 if the port was not used (gpu_prefetch_issue).
 *   ISSUE     per-core issue statistics. Called every cycle per SM after the warp
 *             schedulers with what issued; observe only, never changes the GPU.
 *   DRAM      the DRAM controller's request picker. Called every DRAM cycle per channel
 *             with the requests that can take a command now (FR-FCFS's candidates),
 *             FR-FCFS's choice, the requests that entered the buffer and the one that
 *             left it; the block picks one of them, or none. Several kinds may be on at
 *             this hook: they are called in block-list order, each seeing the pick the
 *             ones before it left (a controller that only observes, then a picker).
 *
 * Every hook function returns 0, or non-zero when the block's lockstep comparison
 * failed (the report is printed; the run stops with GPU_MISMATCH). A block's clock is
 * the call: a driver evaluates and ticks its block once per call, every cycle, whether
 * or not anything happens. Clock gating, only where exact: when h->gate is set (a C
 * binding, the model's `gate` on) the driver may set h->idle while a call with
 * "nothing happens" inputs would leave its block unchanged; the model then skips such
 * calls (REQ: no request offered; PREFETCH: no demand access; ISSUE: nothing issued,
 * no warp resident, memory stage idle). An rtl or lockstep instance sees every cycle,
 * so its reports and waveforms count GPU cycles.
 */
#ifndef GPU_HOOKS_H
#define GPU_HOOKS_H

#include <stdint.h>
#include <stdio.h>

#include "blk.h"
#include "gpu_cfg.h"
#include "gpu_dram.h"
#include "gpu_l1.h"

enum gpu_hook {
    GPU_HOOK_NONE = 0,
    GPU_HOOK_REQ,
    GPU_HOOK_L1,
    GPU_HOOK_SCHED,
    GPU_HOOK_PREFETCH,
    GPU_HOOK_ISSUE,
    GPU_HOOK_DRAM,
    GPU_HOOK_COUNT
};

typedef struct gpu gpu;
typedef struct gpu_sm gpu_sm;
typedef struct gpu_block_driver gpu_block_driver;

/* ---- one bound instance, as the driver sees it ---- */

typedef struct gpu_hook_inst {
    blk_inst bi;                  /* the block, bound c | rtl | lockstep: bi.eval, bi.tick */
    const gpu_block_driver *drv;
    const void *cfg;              /* the kind's configuration (its <kind>_cfg struct) */
    const gpu_cfg *gc;            /* the GPU's configuration */
    unsigned index;               /* SM number (DRAM: memory channel) */
    int gate;                     /* C binding with the model's gate on: the driver may gate */
    int idle;                     /* set by the driver (only when gate is): calls whose
                                     inputs say nothing happens would not change the
                                     block's state, so the model skips them (below) */
    void *in, *out;               /* the kind's port structs, zeroed at bind */
    uint64_t *ctr;                /* the driver's counters (drv->nctrs), zeroed */
    void *priv;                   /* the driver's own state (drv->priv_size bytes), zeroed */
    const uint64_t *now;          /* the GPU's cycle (core clock) */
    struct gpu_hook_inst *const *peers;  /* every instance of the kind, by index (peers[index] == this):
                                     for state shared across SMs) */
    unsigned npeers;
    gpu *g;                       /* opaque: for gpu_hook_sibling */
} gpu_hook_inst;

/* The instance of kind k at the same index (SM or channel) as h, or NULL when k is not
 * on: for blocks that work together at different hooks (a scheduler and a prefetcher
 * of one SM). Blocks of one SM are called in hook order within a cycle (REQ and L1
 * during the memory stage, then SCHED, ISSUE, PREFETCH), so what one leaves in its
 * priv for another is seen the same cycle by a later hook, the next cycle by an
 * earlier one. */
gpu_hook_inst *gpu_hook_sibling(const gpu_hook_inst *h, const blk_kind *k);

/* ---- REQ: the memory stage's line request and the L1 behind it ---- */

/* One coalesced line request of a memory instruction. */
typedef struct gpu_mem_req {
    uint64_t line;     /* line address (byte address / l1.line) */
    uint32_t pc;       /* the instruction's PC */
    uint8_t write;     /* store */
    uint8_t warp;      /* warp slot in the SM */
    uint8_t block;     /* thread-block slot of the warp */
    uint8_t inblk;     /* the warp's number within its thread block */
    uint8_t lane;      /* lowest active lane that touches the line */
    uint8_t slot;      /* load slot of the warp (the producer tag that wakes it; 0 for stores) */
} gpu_mem_req;

typedef struct gpu_req_io {
    gpu *g;            /* opaque: for the gpu_req_* services */
    gpu_sm *sm;
    int valid;         /* the memory stage offers `req` this cycle */
    gpu_mem_req req;
    int taken;         /* set by the driver: the block took `req` (the stage moves on) */
} gpu_req_io;

/* The L1's answer to a read or write of r->line, without changing anything (enum
 * l1_result; the refusals are l1_failed()). Marks the L1 port used this cycle. */
int gpu_req_l1_probe(gpu_req_io *io, const gpu_mem_req *r);
/* Offer r to the L1 for real; `probed` is gpu_req_l1_probe's answer this cycle. An
 * accepted answer commits the access (a hit returns to the warp after l1.lat, a miss
 * reserves a line and an MSHR; an L1 hook block may turn a miss into a bypass); a
 * refusal is counted as such (the block retries). 0, or non-zero on a mismatch. */
int gpu_req_l1_access(gpu_req_io *io, const gpu_mem_req *r, int probed);
/* Send the read r past the L1 straight into the interconnect (no line, no MSHR, no
 * miss-queue slot; the reply wakes the warp directly), as GPGPU-Sim's LD/ST unit sends
 * an L1-skipping access (docs/deviations.md G6); the L1 had refused it with `probed`.
 * Needs gpu_req_bypass_ready(io, r->line). 0, or non-zero on a mismatch of an L1 hook
 * block. */
int gpu_req_l1_bypass(gpu_req_io *io, const gpu_mem_req *r, int probed);
/* Can a read of `line` be sent past the L1 this cycle: the SM's injection port is free
 * and the line's L2 slice has room in its input queue. */
int gpu_req_bypass_ready(const gpu_req_io *io, uint64_t line);

/* ---- L1: allocate or bypass ---- */

enum { GPU_L1_ALLOCATE = 0, GPU_L1_BYPASS = 1 };

typedef struct gpu_l1_event {
    uint64_t line;
    uint32_t pc;       /* PC of the load (0 for a store or a prefetch) */
    uint8_t write, warp, slot;
    uint8_t prefetch;  /* the access is a prefetch (warp and slot mean nothing) */
    uint8_t first;     /* a load's first line request (its lowest active lane's line) */
    int result;        /* the L1's answer (enum l1_result) */
    int way;           /* the L1's way for it: the way that hits (valid or reserved), else
                          the way a miss would fill; -1 when none (every way reserved) */
    uint8_t present;   /* the line is in the L1 at `way`: 0 no, L1_VALID, L1_RESERVED */
    uint8_t can_bypass;/* GPU_L1_BYPASS is honoured for this access: a demand read the L1
                          takes as a miss, or (for a driver with bypass_refused, memory
                          stage only) one it refuses while its miss queue has room */
    uint8_t bypass_in; /* a block earlier in the list at this hook answered GPU_L1_BYPASS */
    gpu_sm *sm;        /* opaque: for gpu_l1_load_lines */
} gpu_l1_event;

/* The line requests of the load e belongs to, in the order the memory stage presents
 * them (its coalescer's: lowest active lane first), into lines[32]; returns how many
 * (0 for a store or a prefetch). */
unsigned gpu_l1_load_lines(const gpu_l1_event *e, uint64_t *lines);

/* ---- SCHED: pick a warp ---- */

typedef struct gpu_sched_event {
    gpu *g;                /* opaque: for gpu_sched_pc */
    gpu_sm *sm;
    unsigned sched;        /* scheduler number; warps w with w % core.schedulers == sched */
    unsigned nsched;       /* core.schedulers: the first call of a cycle has sched == 0, the
                              last sched == nsched-1 */
    uint64_t ready;        /* bit w: warp w can issue now */
    uint64_t mem;          /* bit w: warp w's next instruction is a load or store */
    uint64_t load;         /* bit w: of them, a (global) load */
    uint64_t live;         /* bit w: warp slot w holds a resident warp (every scheduler's) */
    int policy_pick;       /* the LRR/GTO choice, -1 when no warp is ready */
    unsigned live_warps;
    int seen;              /* a demand access reached the L1 this cycle (the memory stage
                              runs before the schedulers): */
    gpu_l1_event demand;   /* that access */
} gpu_sched_event;

/* PC of warp w's next instruction (the one it would issue now) */
uint32_t gpu_sched_pc(const gpu_sched_event *e, unsigned w);

/* ---- PREFETCH: observe the L1's demand stream, inject reads ---- */

typedef struct gpu_prefetch_io {
    gpu *g;
    gpu_sm *sm;
    int seen;              /* a demand access reached the L1 this cycle: */
    gpu_l1_event demand;   /* that access (the last one if several) */
    int port_free;         /* no access used the L1 this cycle: a prefetch may go */
    int stop;              /* (set by the model: an L1 block's lockstep failed) */
} gpu_prefetch_io;

/* Send a prefetch read of `line` into the L1 (at most one a cycle, only when
 * io->port_free). A miss reserves a line and an MSHR (the fill wakes no warp; demand
 * reads merge into it); a hit or a refusal drops it. Returns the L1's answer (enum
 * l1_result), or -1 when the port is not free. */
int gpu_prefetch_issue(gpu_prefetch_io *io, uint64_t line);

/* ---- ISSUE: what the SM's schedulers issued this cycle (observe only) ---- */

typedef struct gpu_issue_event {
    unsigned issued;       /* warp instructions issued this cycle, 0..core.schedulers */
    unsigned loads;        /* of them, loads */
    unsigned stores;       /* of them, stores */
    unsigned live_warps;   /* warps resident on the SM (the active warps) */
    unsigned short_warps;  /* of them, short-latency warps: no load line request outstanding
                              (counted after this cycle's issue) */
    gpu_sm *sm;            /* for gpu_issue_set_prio */
    unsigned stalled;      /* 1: warps were resident but none issued (a no-issue cycle) */
    unsigned lsu_busy;     /* the memory stage holds an instruction at the end of the cycle */
} gpu_issue_event;

/* From now on every memory request the SM sends carries `prio` (0..255; 0 is "untagged",
 * as L2 writebacks are) into the DRAM controllers' buffers (dram_req.prio), where a DRAM
 * hook block reads it (for instance a per-core criticality rank). */
void gpu_issue_set_prio(const gpu_issue_event *e, unsigned prio);

/* ---- DRAM: pick the request the channel serves ---- */

typedef struct gpu_dram_event {
    const gpu_dram *ch;    /* the channel: banks, timing, ch->now (DRAM cycles) */
    const dram_cand *cand; /* requests that can take a command now (see gpu_dram.h) */
    unsigned n;
    int frfcfs;            /* FR-FCFS's choice, an index into cand (-1 when n == 0) */
    const unsigned *arr;   /* buffer slots (ch->q[arr[i]]) that entered since the last call */
    unsigned narr;
    const dram_req *dep;   /* the request a column command completed at the last call (left
                              the buffer), or NULL */
} gpu_dram_event;

/* ---- the driver ---- */

/* A counter of the driver (h->ctr[i]), in the JSON as "<kind>_<name>". */
enum gpu_ctr_agg {
    GPU_CTR_SUM = 0,   /* total over instances */
    GPU_CTR_MAX = 1,   /* largest over instances */
    GPU_CTR_LEVEL = 2  /* a per-cycle sum of a level: printed as total / cycles / instances */
};
typedef struct gpu_ctr_def {
    const char *name;
    int agg;           /* enum gpu_ctr_agg */
    int per_index;     /* also one value per SM ("per_sm") or channel ("per_channel") */
    int series;        /* also a time series in the JSON ("series"): every `series` GPU
                          cycles, the mean over the instances of the counter's value then
                          (for a level the driver keeps current, e.g. a block's register) */
} gpu_ctr_def;

/* A gpusim option a kind offers beside --KIND on|off and --set: `--opt val` means
 * `--set set` (e.g. {"l1", "decoupled", "KIND=on"}); `set` may hold several
 * assignments joined by ';'. Tables end with opt == NULL. */
typedef struct gpu_opt_alias {
    const char *opt, *val, *set;
    const char *what; /* one line for --help, on the first row of an option */
} gpu_opt_alias;

/* Launch shape, for launch_check. */
typedef struct gpu_launch_info {
    int index;                 /* launch number in the workload */
    const char *kernel;
    unsigned threads, warps;   /* per thread block */
    uint64_t top_line;         /* the highest line address the workload's arrays hold */
} gpu_launch_info;

#define GPU_L1_XLAT_MAX 8

struct gpu_block_driver {
    const blk_kind *kind;
    int hook;                  /* enum gpu_hook: the block list's HOOK for the kind */
    const gpu_ctr_def *ctrs;
    unsigned nctrs;
    size_t priv_size;
    const gpu_opt_alias *aliases; /* optional gpusim options of the kind */

    /* All optional except the one hook function of `hook`. 0 ok, else one line in err. */
    int (*check)(const void *cfg, const gpu_cfg *c, char *err, size_t n);       /* at gpu_create */
    int (*launch_check)(const void *cfg, const gpu_launch_info *l, char *err, size_t n);
    int (*init)(gpu_hook_inst *h, char *err, size_t n);                        /* after binding */

    int (*req)(gpu_hook_inst *h, gpu_req_io *io);
    int (*l1_access)(gpu_hook_inst *h, const gpu_l1_event *e, int *decision);  /* GPU_L1_* */
    /* L1 (optional): after every block at the hook answered l1_access, the outcome: final
       is GPU_L1_BYPASS when the read went past the L1 (any block's honoured bypass, or a
       REQ block's), else GPU_L1_ALLOCATE. A driver that has it evaluates in l1_access
       and clocks its block here, with the outcome as an input. */
    int (*l1_commit)(gpu_hook_inst *h, const gpu_l1_event *e, int final);
    int bypass_refused;        /* L1: may bypass reads the L1 refuses (e->can_bypass) */
    int (*l1_fill)(gpu_hook_inst *h, uint64_t line);
    /* L1 (optional): the L1 dropped every filled line (kernel boundary); reserved lines
       stay. Called at the SM's first cycle after the invalidation. */
    int (*l1_flush)(gpu_hook_inst *h);
    /* L1 (optional): cycles the block adds to every L1 access (a pipelined form whose
       decision comes later: hits return and misses leave for the interconnect that much
       later), at most GPU_L1_XLAT_MAX; the SM takes the largest of its L1 blocks' */
    unsigned (*l1_extra_lat)(const gpu_hook_inst *h);
    int (*sched)(gpu_hook_inst *h, const gpu_sched_event *e, int *pick);       /* warp or -1 */
    int (*prefetch)(gpu_hook_inst *h, gpu_prefetch_io *io);
    int (*issue)(gpu_hook_inst *h, const gpu_issue_event *e);
    int (*dram)(gpu_hook_inst *h, const gpu_dram_event *e, int *pick);         /* index or -1 */

    /* the block holds work the launch must wait for (REQ: buffered requests) */
    int (*busy)(const gpu_hook_inst *h);
    /* text appended to the instance's line of the deadlock report (", MRPB 3 entries") */
    void (*describe)(const gpu_hook_inst *h, FILE *f);
    /* one line of the human table, from the totals of the counters (ordered as ctrs) */
    void (*table)(FILE *f, const uint64_t *tot, uint64_t cycles, unsigned instances);
};

/* ---- the block list as the GPU model sees it ---- */

const char *gpu_hook_name(int hook);                   /* "REQ", ... */
/* hook of blk_kind_at(i) (GPU_HOOK_NONE past the end) and its driver (NULL for NONE) */
int gpu_kind_hook(unsigned i);
const gpu_block_driver *gpu_kind_driver(unsigned i);
/* instances a kind at `hook` has: core count, or memory channels for DRAM */
unsigned gpu_hook_instances(const gpu_cfg *c, int hook);
const char *gpu_hook_index_name(int hook);             /* "SM" or "memory channel" */
/* each listed kind that is on: its configuration builds and its driver accepts the GPU
 * configuration; 0 ok */
int gpu_blocks_check(const gpu_cfg *c, char *err, size_t n);

#endif
