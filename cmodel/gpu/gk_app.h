/*
 * gk_app.h: applications (Rodinia, Parboil, CUDA SDK, SHOC, Lonestar, LLNL) as warp
 * programs, beside the affine PolyBench thread programs of gpu_kernel.h.
 *
 * A launch whose gk_launch.warp is set has no ops[]: when one of its thread blocks is
 * dispatched, the program runs once per warp of the block and writes that warp's whole
 * instruction list (gk_wprog): each instruction with its kind, PC, active mask and one
 * address per active lane. The program is plain C over 32 lanes, so it can do what the
 * CUDA kernel does: per-thread loop bounds and branches (divergence: an instruction is
 * emitted with the lanes that execute it; a mask of 0 emits nothing, the warp skips it),
 * addresses computed from the application's input data (a CSR graph, a sparse matrix,
 * tree nodes), shared memory with its bank conflicts, barriers, atomics.
 *
 * Data: each array may carry its values (gka_data); a warp program reads them to
 * compute addresses and branches. Values a launch writes that a later launch's
 * addresses depend on (BFS's frontier, Gaussian's pivot row) are computed by the
 * application's build function on the host side, which runs the algorithm (the host
 * loop decides how many launches there are), and passed to each launch through its
 * parameters p[] or data arrays: a warp program sees the state at its launch's start
 * (within a launch, reads do not see other threads' writes, as no CUDA kernel may
 * rely on that without atomics or a barrier; where one does, the program computes
 * the block's result itself).
 *
 * Streams are independent of timing: the same launch, block and warp always give the
 * same instruction list (tb/bin/kstream prints them; make test compares them with an
 * independent Python model of each application, tb/streams/).
 */
#ifndef GK_APP_H
#define GK_APP_H

#include <stddef.h>
#include <stdint.h>

#include "gpu_kernel.h"

/* One instruction of a warp (kinds: enum gk_kind). */
typedef struct gk_inst {
    uint8_t kind;   /* GK_ALU .. GK_ATOM */
    uint8_t lat;    /* GK_ALU: cycles before the warp's next instruction may issue (a
                       trace's: before its destination register may be read) */
    uint8_t dst1;   /* traces (gk_trace.h): destination register + 1, 0 none */
    uint8_t nsrc;   /* traces: source registers, at gk_wprog.reg[r] */
    uint32_t pc;
    uint32_t mask;  /* lanes that execute it (never 0, except a trace's ALU kinds) */
    uint32_t a;     /* memory kinds: index in gk_wprog.addr of the lowest active lane's
                       address; the others follow in lane order */
    uint32_t r;     /* traces: index of its first source register in gk_wprog.reg */
} gk_inst;

/* A warp's instruction list (reused from block to block; grows as needed). */
typedef struct gk_wprog {
    gk_inst *ins;
    uint64_t *addr;  /* global kinds: byte address; shared kinds: byte offset in the
                        block's shared memory */
    uint8_t *reg;    /* traces: source registers of the instructions */
    uint32_t n, cap, na, acap, nr, rcap;
} gk_wprog;

/* What a warp program sees, and where it writes. */
typedef struct gk_warp {
    const gk_workload *w;
    const gk_launch *L;
    uint32_t bx, by;          /* blockIdx */
    uint32_t wib;             /* warp index in its block */
    uint32_t valid;           /* lanes holding a thread (tid < threads per block) */
    int32_t tx[32], ty[32];   /* threadIdx.x, .y of each lane */
    int32_t tid[32];          /* threadIdx.y * blockDim.x + threadIdx.x */
    int64_t gx[32], gy[32];   /* blockIdx * blockDim + threadIdx, x and y */
    gk_wprog *out;
    uint32_t fault_pc;        /* tests: a memory op with this PC (non-zero) adds 1 to
                                 every lane's element index (an off-by-one, on purpose) */
    char *err;                /* first error (an index outside its array, out of memory) */
    size_t nerr;
    int failed;
} gk_warp;

/* ---- emitting instructions (all take the lanes that execute; 0 emits nothing) ---- */
void gw_alu(gk_warp *c, uint32_t pc, uint32_t mask, unsigned lat);
void gw_bar(gk_warp *c, uint32_t pc, uint32_t mask); /* __syncthreads() */
/* global memory: element index idx[lane] of array arr (checked against its size) */
void gw_ld(gk_warp *c, uint32_t pc, uint32_t mask, int arr, const int64_t *idx);
void gw_st(gk_warp *c, uint32_t pc, uint32_t mask, int arr, const int64_t *idx);
void gw_atom(gk_warp *c, uint32_t pc, uint32_t mask, int arr, const int64_t *idx);
/* shared memory: byte offset off[lane] in the block's allocation (checked against
 * gk_launch.smem); word size 4 bytes */
void gw_sld(gk_warp *c, uint32_t pc, uint32_t mask, const int64_t *off);
void gw_sst(gk_warp *c, uint32_t pc, uint32_t mask, const int64_t *off);

/* common shapes: the lanes with lo <= tid < hi; the shared-memory tree step
 * `s[tid] += s[tid + stride]` over 4-byte words at byte 0 of the block's shared memory
 * (SLD s[tid] at pc, SLD s[tid + stride] at pc + 8, ALU lat at pc + 16, SST s[tid] at
 * pc + 24), as reductions and scans do */
uint32_t gw_tid_range(const gk_warp *c, int64_t lo, int64_t hi);
void gw_tree_add(gk_warp *c, uint32_t pc, uint32_t mask, int64_t stride, unsigned lat);

/* ---- building an application's workload ---- */

typedef struct gka_ctx {
    gk_workload *w;
    const gk_opts *o;
    char *err;
    size_t n;
    uint64_t next;  /* next free byte address */
    int lcap;       /* launches allocated */
} gka_ctx;

/* 1 with the message (prefixed by the workload's name) */
int gka_fail(gka_ctx *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* round(dflt * scale), at least lo */
int64_t gka_scaled(const gka_ctx *c, int64_t dflt, int64_t lo);
/* a device array (cudaMalloc order, 256-byte aligned); its index, -1 on failure */
int gka_array(gka_ctx *c, const char *name, int64_t elems, unsigned esize);
/* the array's values in the model (elems * esize bytes, zeroed, owned by the workload) */
void *gka_data(gka_ctx *c, int arr);
/* a new launch of kernel `kernel` (zeroed, warp program set); NULL on failure */
gk_launch *gka_launch(gka_ctx *c, const char *kernel, gk_warp_fn fn, uint32_t grid_x, uint32_t grid_y,
                      uint32_t block_x, uint32_t block_y, uint32_t regs, uint32_t smem);
/* host ceil(n / b) */
uint32_t gka_ceil(int64_t n, uint32_t b);

/* Deterministic generators: splitmix64 (docs/workloads.md gives the algorithm, the
 * Python models implement it again), and the C library's rand() as glibc computes it
 * (the TYPE_3 additive generator), for inputs the suites draw with srand/rand. */
typedef struct gka_rng { uint64_t s; } gka_rng;
uint64_t gka_next(gka_rng *r);
double gka_unif(gka_rng *r);          /* [0, 1), 53 bits */
typedef struct gka_glibc { int32_t r[344]; unsigned i; } gka_glibc;
void gka_srand(gka_glibc *g, unsigned seed);
int32_t gka_rand(gka_glibc *g);       /* 0 .. RAND_MAX (2^31 - 1) */

/* one application (cmodel/gpu/apps/apps.def) */
typedef struct gka_app {
    const char *name;     /* workload name, e.g. "bfs" */
    const char *suite;    /* "Rodinia 3.1", "Parboil", "CUDA SDK", "SHOC", "Lonestar", "LLNL" */
    const char *classes;  /* each seed's class, e.g. "001:cache-sensitive 002:CNF" */
    const char *input;    /* the input at scale 1, e.g. "graph1MW_6 (1M nodes)" */
    int (*build)(gka_ctx *c);
} gka_app;

/* the applications (apps/apps.c): count and i-th */
int gka_count(void);
const gka_app *gka_at(int i);
const gka_app *gka_find(const char *name);

/* Run the warp program of (launch li, block (bx, by), warp wib) into out; 0 ok, else
 * one line in err. fault_pc: see gk_warp. */
int gk_warp_build(const gk_workload *w, int li, uint32_t bx, uint32_t by, uint32_t wib, gk_wprog *out,
                  uint32_t fault_pc, char *err, size_t n);
void gk_wprog_free(gk_wprog *p);
/* room for ni more instructions, na addresses and nr registers; 0 ok, 1 out of memory
 * (or past 2^31 of one) */
int gk_wprog_reserve(gk_wprog *p, uint32_t ni, uint32_t na, uint32_t nr);

#endif
