/*
 * gpu_kernel.h: workloads as exact per-thread address generators.
 *
 * A workload (a PolyBench/GPU benchmark) is a list of kernel launches run one after
 * another (host loops such as fdtd's time steps or 3dconv's plane loop are unrolled
 * into launches). Every launch has a CUDA grid and block shape and one thread
 * program, the same for every thread (SIMT):
 *
 *   prologue ops; repeat `trip` times { body ops }; epilogue ops
 *
 * A thread with global coordinates (x, y) = (blockIdx.x*blockDim.x + threadIdx.x,
 * blockIdx.y*blockDim.y + threadIdx.y) takes part when guard(x, y) holds (the
 * kernels' `if (i < N ...)`); inactive threads issue nothing. A memory op's element
 * index is idx(L, x, y, k), k the body iteration (0 in prologue/epilogue); its byte
 * address is array base + index * element size. Every static load/store has its own
 * PC. Warps are formed from the linear thread id threadIdx.y*blockDim.x+threadIdx.x,
 * 32 to a warp.
 */
#ifndef GPU_KERNEL_H
#define GPU_KERNEL_H

#include <stddef.h>
#include <stdint.h>

/* GK_SLOAD/GK_SSTORE: shared memory (never reach the L1); GK_ATOM: an atomic
 * read-modify-write of global memory, done at the L2 (the warp waits for its reply).
 * The last three occur only in warp programs (gk_app.h). */
enum gk_kind { GK_ALU = 0, GK_LOAD = 1, GK_STORE = 2, GK_BAR = 3, GK_SLOAD = 4, GK_SSTORE = 5, GK_ATOM = 6 };
enum gk_sect { GK_PRO = 0, GK_BODY = 1, GK_EPI = 2 };

#define GK_MAX_ARRAYS 32
#define GK_MAX_OPS 32
#define GK_MAX_PARAMS 8

struct gk_launch;
struct gk_warp;
typedef void (*gk_warp_fn)(struct gk_warp *c); /* an application's warp program (gk_app.h) */
typedef int64_t (*gk_index_fn)(const struct gk_launch *L, int64_t x, int64_t y, int64_t k);
typedef int (*gk_guard_fn)(const struct gk_launch *L, int64_t x, int64_t y);

typedef struct gk_op {
    uint8_t kind;   /* enum gk_kind */
    uint8_t sect;   /* enum gk_sect */
    uint8_t lat;    /* GK_ALU: cycles before the warp's next instruction may issue */
    uint8_t arr;    /* GK_LOAD/GK_STORE: array number in the workload */
    uint32_t pc;    /* distinct per static instruction of the workload */
    gk_index_fn idx;/* GK_LOAD/GK_STORE: element index of thread (x, y) in iteration k */
    gk_guard_fn when;/* NULL: issued by every active thread; else only by active threads
                        with when(L, x, y) (a branch inside the kernel: fdtd step1's
                        `if (i == 0)`); a warp none of whose threads qualify skips it */
} gk_op;

typedef struct gk_launch {
    const char *kernel;        /* CUDA kernel name, e.g. "atax_kernel1" */
    uint32_t grid_x, grid_y;   /* blocks */
    uint32_t block_x, block_y; /* threads per block (block_x*block_y <= 1024) */
    int64_t p[GK_MAX_PARAMS];  /* sizes and the host-loop variable, kernel-defined */
    int64_t trip;              /* body iterations (0: no body) */
    gk_guard_fn guard;         /* NULL: every thread active */
    int nops;
    gk_op ops[GK_MAX_OPS];     /* in program order: prologue, body, epilogue */
    gk_warp_fn warp;           /* non-NULL: a warp program (gk_app.h) instead of ops[] */
    uint32_t regs;             /* registers per thread (0: not limiting), as the compiler reports */
    uint32_t smem;             /* shared memory bytes per block (static + dynamic) */
    uint8_t sb;                /* 1: a trace's launch (gk_trace.h): dependencies through the
                                  warp's registers (a scoreboard), not "wait for every load" */
} gk_launch;

typedef struct gk_array {
    const char *name;
    uint64_t base;  /* byte address, 256-byte aligned (cudaMalloc) */
    uint64_t elems;
    unsigned esize; /* bytes per element */
} gk_array;

typedef struct gk_workload {
    const char *name;
    const char *class_; /* seed 000 Table 2 class: "CI", "IW" or "XW" */
    int narr;
    gk_array arr[GK_MAX_ARRAYS];
    int nlaunch;
    gk_launch *launch; /* heap, owned */
    int64_t size[4];   /* the problem sizes after scaling (for the report) */
    /* applications (gk_app.h); NULL for the PolyBench kernels */
    const char *suite;   /* "Rodinia 3.1", "Parboil", ... */
    const char *classes; /* each seed's class for it */
    const char *input;   /* its input at scale 1 */
    void *data[GK_MAX_ARRAYS]; /* each array's values in the model (heap, owned; NULL none) */
    void *trace;               /* a trace's reader (gk_trace.h; owned, freed by trace_free) */
    void (*trace_free)(void *trace);
} gk_workload;

/* Options shared by all workloads. */
typedef struct gk_opts {
    double scale;      /* multiplies every problem size (not time steps), > 0 */
    int accum_in_mem;  /* 1: `a[i] += ...` stores a[i] every iteration (no restrict);
                          0: the accumulator stays in a register, one store at the end */
    int64_t tsteps;    /* fdtd time steps (0: the kernel's default scaled) */
    uint64_t seed;     /* applications: the seed of their generated input data */
    const unsigned *trace_lat; /* traces: cycles per latency class (GT_NLAT entries,
                                  gk_trace.h); NULL: the defaults */
} gk_opts;

/* Build a workload by name; 0 ok, else one line in err. */
int gk_build(gk_workload *w, const char *name, const gk_opts *o, char *err, size_t n);
void gk_free(gk_workload *w);
/* "2dconv 2mm ..." for messages; number of workloads and i-th name. */
const char *gk_names(void);
int gk_count(void);
const char *gk_name(int i);

/* Byte address of thread (x, y)'s access for op `op` in iteration k. */
static inline uint64_t gk_addr(const gk_workload *w, const gk_launch *L, const gk_op *op,
                               int64_t x, int64_t y, int64_t k)
{
    const gk_array *a = &w->arr[op->arr];
    return a->base + (uint64_t)op->idx(L, x, y, k) * a->esize;
}

#endif
