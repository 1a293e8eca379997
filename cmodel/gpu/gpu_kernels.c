/*
 * gpu_kernels.c: the twelve PolyBench/GPU workloads of seed 000 Table 2 as exact
 * per-thread address generators (interface: gpu_kernel.h).
 *
 * Source: PolyBench/GPU 1.0 CUDA versions in cavazos-lab/PolyBench-ACC, folder CUDA/
 * (<bench>.cu for kernels and host code, <bench>.cuh for sizes, DATA_TYPE = float and
 * DIM_THREAD_BLOCK_X/Y). Every launch of the host code is listed in order, host loops
 * unrolled (fdtd: 3 kernels per time step; 3dconv: one launch per plane i = 1..NI-2).
 * Grids are computed as the host does: (size_t)ceil((float)N / (float)block).
 *
 * Thread program of one statement: its loads in source order, one GK_ALU after them
 * (the arithmetic that consumes them), then its store. Rules shared by all kernels:
 *
 *  - Accumulators (`a += ...` inside the loop), opts->accum_in_mem:
 *      0: a stays in a register. `a = 0` before the loop issues nothing; `a *= beta`
 *         loads a and multiplies in the prologue; `a += ...` with no initialisation
 *         (mvt, gesummv) loads a in the prologue. One store of a in the epilogue.
 *      1: as without `restrict`: every source store happens. `a = 0` is a prologue
 *         store, `a *= beta` a prologue load, ALU, store, and the body stores a every
 *         iteration. The value is forwarded from the thread's own store, so the body
 *         never reloads a, and no epilogue store is needed.
 *  - A load of an element already loaded in the same statement group with no store in
 *    between is not repeated (common subexpression; 3dconv's 15 terms read 11
 *    distinct elements, gesummv's two x[j] are one load when accum_in_mem = 0 and two
 *    when the store of tmp[i] lies between them).
 *  - ALU latency: 4 cycles per dependent floating operation after multiply-add
 *    fusion (FLOP_LAT * flops below), e.g. `a += A*x` is 1 (4 cycles), `c += alpha*a*b`
 *    2 (8), the 9-point 2dconv 9 (36).
 *  - `if (...)` around the kernel body is the launch guard (inactive threads issue
 *    nothing); fdtd step1's `if (i == 0) ... else ...` sets gk_op.when on each side.
 *
 * Default sizes are those of PolyBench/GPU 1.0 as released in 2012 (the SVN tag
 * polybench-gpu-1.0, the suite seed 000 cites as [9]): the same as PolyBench-ACC's
 * STANDARD_DATASET except 2mm and syr2k, 2048 there and 1024 in the later .cuh files.
 * Sizes: every problem size is round(default * scale) (halves up), at least 1.
 * fdtd's TMAX is opts->tsteps if > 0, else round(500 * scale), at least 1; _fict_ has
 * TMAX elements. A workload is refused if an array would exceed INT32_MAX elements
 * (the sources index with int), or it would need more than GK_MAX_LAUNCH launches.
 *
 * Arrays: in the order the host cudaMallocs them, 4-byte elements, each base rounded
 * up to 256 bytes, consecutive from 0x10000000.
 *
 * PCs: (kernel number << 8) | (op index << 3), kernel number 1.. in host launch order
 * of distinct kernels (fdtd: step1 = 1, step2 = 2, step3 = 3), op index in ops[];
 * a kernel launched many times keeps its PCs (they are static instructions).
 *
 * Launch parameters p[] per workload (i = y, j = x in 2-D kernels unless noted):
 *   2dconv NI NJ | 2mm NI NJ NK NL | 3dconv NI NJ NK plane-i (k = x, j = y) |
 *   3mm NI NJ NK NL NM | atax NX NY | bicg NX NY | fdtd NX NY t TMAX |
 *   gemm NI NJ NK | gesummv N | mvt N | syr2k NI NJ | syrk NI NJ
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gk_app.h"
#include "gk_trace.h"
#include "gpu_kernel.h"

#define GK_BASE0 0x10000000ull /* first array's byte address */
#define GK_ALIGN 256ull        /* cudaMalloc alignment */
#define GK_ESIZE 4u            /* sizeof(DATA_TYPE), DATA_TYPE = float */
#define GK_FLOP_LAT 4u         /* cycles per dependent floating operation */
#define GK_MAX_LAUNCH 65536    /* launches per workload */
#define GK_MAX_SCALE 1024.0
#define GK_MAX_ELEMS 2147483647ll /* the sources compute indices in int */
#define GK_MAX_GRID_Y 65535u

/* ---------------------------------------------------------------- index functions */

#define P(n) (L->p[(n)])
#define GK_IDX(name, expr)                                                             \
    static int64_t name(const gk_launch *L, int64_t x, int64_t y, int64_t k)           \
    {                                                                                  \
        (void)L; (void)x; (void)y; (void)k;                                            \
        return (expr);                                                                 \
    }
#define GK_GUARD(name, expr)                                                           \
    static int name(const gk_launch *L, int64_t x, int64_t y)                          \
    {                                                                                  \
        (void)L; (void)x; (void)y;                                                     \
        return (expr);                                                                 \
    }

/* 2dconv: A[(i+di)*NJ + (j+dj)], B[i*NJ + j] */
#define C2(di, dj) ((y + (di)) * P(1) + (x + (dj)))
GK_IDX(c2_mm, C2(-1, -1))
GK_IDX(c2_m0, C2(-1, 0))
GK_IDX(c2_mp, C2(-1, 1))
GK_IDX(c2_0m, C2(0, -1))
GK_IDX(c2_00, C2(0, 0))
GK_IDX(c2_0p, C2(0, 1))
GK_IDX(c2_pm, C2(1, -1))
GK_IDX(c2_p0, C2(1, 0))
GK_IDX(c2_pp, C2(1, 1))
GK_GUARD(c2_guard, y < P(0) - 1 && x < P(1) - 1 && y > 0 && x > 0)

/* 3dconv: A[(i+di)*(NK*NJ) + (j+dj)*NK + (k+dk)], i = p[3] (host loop), j = y, k = x */
#define C3(di, dj, dk) ((P(3) + (di)) * (P(2) * P(1)) + (y + (dj)) * P(2) + (x + (dk)))
GK_IDX(c3_mmm, C3(-1, -1, -1))
GK_IDX(c3_pmm, C3(1, -1, -1))
GK_IDX(c3_0m0, C3(0, -1, 0))
GK_IDX(c3_000, C3(0, 0, 0))
GK_IDX(c3_0p0, C3(0, 1, 0))
GK_IDX(c3_mmp, C3(-1, -1, 1))
GK_IDX(c3_pmp, C3(1, -1, 1))
GK_IDX(c3_m0p, C3(-1, 0, 1))
GK_IDX(c3_p0p, C3(1, 0, 1))
GK_IDX(c3_mpp, C3(-1, 1, 1))
GK_IDX(c3_ppp, C3(1, 1, 1))
GK_GUARD(c3_guard, P(3) < P(0) - 1 && y < P(1) - 1 && x < P(2) - 1 && P(3) > 0 && y > 0 &&
                       x > 0)

/* 2mm: p = NI NJ NK NL */
GK_IDX(mm2_tmp_ij, y * P(1) + x)
GK_IDX(mm2_A_ik, y * P(2) + k)
GK_IDX(mm2_B_kj, k * P(1) + x)
GK_GUARD(mm2_guard1, y < P(0) && x < P(1))
GK_IDX(mm2_D_ij, y * P(3) + x)
GK_IDX(mm2_tmp_ik, y * P(1) + k)
GK_IDX(mm2_C_kj, k * P(3) + x)
GK_GUARD(mm2_guard2, y < P(0) && x < P(3))

/* 3mm: p = NI NJ NK NL NM */
GK_IDX(mm3_E_ij, y * P(1) + x)
GK_IDX(mm3_A_ik, y * P(2) + k)
GK_IDX(mm3_B_kj, k * P(1) + x)
GK_GUARD(mm3_guard1, y < P(0) && x < P(1))
GK_IDX(mm3_F_ij, y * P(3) + x)
GK_IDX(mm3_C_ik, y * P(4) + k)
GK_IDX(mm3_D_kj, k * P(3) + x)
GK_GUARD(mm3_guard2, y < P(1) && x < P(3))
GK_IDX(mm3_G_ij, y * P(3) + x)
GK_IDX(mm3_E_ik, y * P(1) + k)
GK_IDX(mm3_F_kj, k * P(3) + x)
GK_GUARD(mm3_guard3, y < P(0) && x < P(3))

/* 1-D kernels: the output element is x, the loop variable k */
GK_IDX(v_x, x)
GK_IDX(v_k, k)

/* atax: p = NX NY */
GK_IDX(atax_A_xk, x * P(1) + k)
GK_IDX(atax_A_kx, k * P(1) + x)
GK_GUARD(atax_guard1, x < P(0))
GK_GUARD(atax_guard2, x < P(1))

/* bicg: p = NX NY (kernel1 j = x over NY, kernel2 i = x over NX) */
GK_IDX(bicg_A_kx, k * P(1) + x)
GK_IDX(bicg_A_xk, x * P(1) + k)
GK_GUARD(bicg_guard1, x < P(1))
GK_GUARD(bicg_guard2, x < P(0))

/* fdtd: p = NX NY t TMAX; i = y, j = x */
#define FD(di, dj) ((y + (di)) * P(1) + (x + (dj)))
GK_IDX(fd_t, P(2))
GK_IDX(fd_00, FD(0, 0))
GK_IDX(fd_m0, FD(-1, 0))
GK_IDX(fd_0m, FD(0, -1))
GK_IDX(fd_0p, FD(0, 1))
GK_IDX(fd_p0, FD(1, 0))
GK_GUARD(fd_guard1, y < P(0) && x < P(1))
GK_GUARD(fd_row0, y == 0)
GK_GUARD(fd_rowN, y != 0)
GK_GUARD(fd_guard2, y < P(0) && x < P(1) && x > 0)
GK_GUARD(fd_guard3, y < P(0) - 1 && x < P(1) - 1)

/* gemm: p = NI NJ NK */
GK_IDX(gemm_C_ij, y * P(1) + x)
GK_IDX(gemm_A_ik, y * P(2) + k)
GK_IDX(gemm_B_kj, k * P(1) + x)
GK_GUARD(gemm_guard, y < P(0) && x < P(1))

/* gesummv, mvt: p = N */
GK_IDX(n_A_xk, x * P(0) + k)
GK_IDX(n_A_kx, k * P(0) + x)
GK_GUARD(n_guard, x < P(0))

/* syr2k, syrk: p = NI NJ */
GK_IDX(sy_C_ij, y * P(0) + x)
GK_IDX(sy_ik, y * P(1) + k)
GK_IDX(sy_jk, x * P(1) + k)
GK_GUARD(sy_guard, y < P(0) && x < P(0))

/* ---------------------------------------------------------------- program builder */

/* One kernel's program under construction. */
typedef struct gk_prog {
    gk_launch *L;
    uint32_t kno;     /* kernel number for PCs */
    int acc_in_mem;   /* opts->accum_in_mem */
    int overflow;     /* more than GK_MAX_OPS ops were added */
} gk_prog;

static void op_add(gk_prog *g, int kind, int sect, unsigned lat, int arr, gk_index_fn idx,
                   gk_guard_fn when)
{
    gk_launch *L = g->L;
    gk_op *o;
    if (L->nops >= GK_MAX_OPS) {
        g->overflow = 1;
        return;
    }
    o = &L->ops[L->nops];
    memset(o, 0, sizeof *o);
    o->kind = (uint8_t)kind;
    o->sect = (uint8_t)sect;
    o->lat = (uint8_t)(lat > 255u ? 255u : lat);
    o->arr = (uint8_t)arr;
    o->pc = (g->kno << 8) | ((uint32_t)L->nops << 3);
    o->idx = idx;
    o->when = when;
    L->nops++;
}

static void ld(gk_prog *g, int sect, int arr, gk_index_fn idx)
{
    op_add(g, GK_LOAD, sect, 0, arr, idx, NULL);
}
static void st(gk_prog *g, int sect, int arr, gk_index_fn idx)
{
    op_add(g, GK_STORE, sect, 0, arr, idx, NULL);
}
static void alu(gk_prog *g, int sect, unsigned flops)
{
    op_add(g, GK_ALU, sect, GK_FLOP_LAT * flops, 0, NULL, NULL);
}

/* Accumulator a (array arr, index idx) of a loop `a += ...` (see header comment). */
static void acc_zero(gk_prog *g, int arr, gk_index_fn idx) /* a = 0; */
{
    if (g->acc_in_mem) st(g, GK_PRO, arr, idx);
}
static void acc_scale(gk_prog *g, int arr, gk_index_fn idx) /* a *= beta; */
{
    ld(g, GK_PRO, arr, idx);
    alu(g, GK_PRO, 1);
    if (g->acc_in_mem) st(g, GK_PRO, arr, idx);
}
static void acc_load(gk_prog *g, int arr, gk_index_fn idx) /* first a += ... reads a */
{
    ld(g, GK_PRO, arr, idx);
}
static void acc_body(gk_prog *g, int arr, gk_index_fn idx) /* after a += ... */
{
    if (g->acc_in_mem) st(g, GK_BODY, arr, idx);
}
static void acc_final(gk_prog *g, int arr, gk_index_fn idx) /* after the loop */
{
    if (!g->acc_in_mem) st(g, GK_EPI, arr, idx);
}

/* The host's (size_t)ceil((float)n / (float)b). */
static uint32_t host_ceil(int64_t n, unsigned b)
{
    float q = (float)n / (float)b;
    return (uint32_t)ceil((double)q);
}

/* Start a kernel's program in L. gx, gy: the sizes the host divides by block.x, .y
 * (gy = 0: grid.y is 1). */
static gk_prog prog_start(gk_launch *L, const gk_opts *o, uint32_t kno, const char *kernel,
                          unsigned bx, unsigned by, int64_t gx, int64_t gy, int64_t trip,
                          gk_guard_fn guard)
{
    gk_prog g;
    memset(L, 0, sizeof *L);
    L->kernel = kernel;
    L->block_x = bx;
    L->block_y = by;
    L->grid_x = host_ceil(gx, bx);
    L->grid_y = gy > 0 ? host_ceil(gy, by) : 1u;
    L->trip = trip;
    L->guard = guard;
    g.L = L;
    g.kno = kno;
    g.acc_in_mem = o->accum_in_mem ? 1 : 0;
    g.overflow = 0;
    return g;
}

/* ---------------------------------------------------------------- workload helpers */

typedef struct gk_ctx {
    gk_workload *w;
    const gk_opts *o;
    char *err;
    size_t n;
    uint64_t next; /* next free byte address */
} gk_ctx;

static int fail(gk_ctx *c, const char *msg)
{
    if (c->err && c->n) snprintf(c->err, c->n, "%s: %s", c->w->name, msg);
    return 1;
}

static int64_t scaled(int64_t dflt, double scale)
{
    double v = floor((double)dflt * scale + 0.5);
    return v < 1.0 ? 1 : (int64_t)v;
}

/* Add an array of a*b*c elements (sizes already bounded by the scale limit). */
static int arr_add(gk_ctx *c, const char *name, int64_t a, int64_t b, int64_t d)
{
    gk_workload *w = c->w;
    gk_array *A;
    int64_t elems = a * b;
    if (elems > GK_MAX_ELEMS || elems * d > GK_MAX_ELEMS) {
        char m[96];
        snprintf(m, sizeof m, "array %s exceeds %lld elements (int indices); lower the scale",
                 name, (long long)GK_MAX_ELEMS);
        return fail(c, m);
    }
    elems *= d;
    A = &w->arr[w->narr++];
    A->name = name;
    A->base = (c->next + GK_ALIGN - 1) & ~(GK_ALIGN - 1);
    A->elems = (uint64_t)elems;
    A->esize = GK_ESIZE;
    c->next = A->base + (uint64_t)elems * GK_ESIZE;
    return 0;
}

static int launches(gk_ctx *c, int64_t n)
{
    gk_workload *w = c->w;
    if (n > GK_MAX_LAUNCH) {
        char m[80];
        snprintf(m, sizeof m, "%lld launches exceed %d", (long long)n, GK_MAX_LAUNCH);
        return fail(c, m);
    }
    w->launch = calloc((size_t)(n > 0 ? n : 1), sizeof *w->launch);
    if (!w->launch) return fail(c, "out of memory");
    w->nlaunch = (int)n;
    return 0;
}

static void sizes(gk_ctx *c, int64_t s0, int64_t s1, int64_t s2, int64_t s3)
{
    c->w->size[0] = s0;
    c->w->size[1] = s1;
    c->w->size[2] = s2;
    c->w->size[3] = s3;
}

/* Check the programs just built (op overflow, grid limits). */
static int check(gk_ctx *c, const gk_prog *g)
{
    if (g->overflow) return fail(c, "internal: kernel has more than GK_MAX_OPS ops");
    if (g->L->grid_y > GK_MAX_GRID_Y) return fail(c, "grid.y exceeds 65535; lower the scale");
    return 0;
}

static void params(gk_launch *L, int64_t a, int64_t b, int64_t d, int64_t e, int64_t f)
{
    L->p[0] = a;
    L->p[1] = b;
    L->p[2] = d;
    L->p[3] = e;
    L->p[4] = f;
}

/* ---------------------------------------------------------------- the workloads */

/* 2DCONV: convolution2D_kernel, block 32x8, grid (NI/32, NJ/8); defaults NI = NJ = 4096. */
static int build_2dconv(gk_ctx *c)
{
    double s = c->o->scale;
    int64_t ni = scaled(4096, s), nj = scaled(4096, s);
    gk_prog g;
    enum { A, B };
    sizes(c, ni, nj, 0, 0);
    if (arr_add(c, "A", ni, nj, 1) || arr_add(c, "B", ni, nj, 1) || launches(c, 1)) return 1;
    g = prog_start(&c->w->launch[0], c->o, 1, "convolution2D_kernel", 32, 8, ni, nj, 0,
                   c2_guard);
    params(g.L, ni, nj, 0, 0, 0);
    /* B[i][j] = c11*A[i-1][j-1] + c21*A[i-1][j] + c31*A[i-1][j+1] + c12*A[i][j-1] + ... */
    ld(&g, GK_PRO, A, c2_mm);
    ld(&g, GK_PRO, A, c2_m0);
    ld(&g, GK_PRO, A, c2_mp);
    ld(&g, GK_PRO, A, c2_0m);
    ld(&g, GK_PRO, A, c2_00);
    ld(&g, GK_PRO, A, c2_0p);
    ld(&g, GK_PRO, A, c2_pm);
    ld(&g, GK_PRO, A, c2_p0);
    ld(&g, GK_PRO, A, c2_pp);
    alu(&g, GK_PRO, 9);
    st(&g, GK_PRO, B, c2_00);
    return check(c, &g);
}

/* 2MM: mm2_kernel1 then mm2_kernel2, block 32x8; defaults NI = NJ = NK = NL = 2048
 * (PolyBench/GPU 1.0 as released in 2012, which seed 000 cites; later .cuh files: 1024). */
static int build_2mm(gk_ctx *c)
{
    double s = c->o->scale;
    int64_t ni = scaled(2048, s), nj = scaled(2048, s), nk = scaled(2048, s),
            nl = scaled(2048, s);
    gk_prog g;
    enum { TMP, A, B, C, D };
    sizes(c, ni, nj, nk, nl);
    if (arr_add(c, "tmp", ni, nj, 1) || arr_add(c, "A", ni, nk, 1) ||
        arr_add(c, "B", nk, nj, 1) || arr_add(c, "C", nl, nj, 1) ||
        arr_add(c, "D", ni, nl, 1) || launches(c, 2))
        return 1;
    /* tmp[i][j] = 0; for k: tmp[i][j] += alpha * A[i][k] * B[k][j]; */
    g = prog_start(&c->w->launch[0], c->o, 1, "mm2_kernel1", 32, 8, nj, ni, nk, mm2_guard1);
    params(g.L, ni, nj, nk, nl, 0);
    acc_zero(&g, TMP, mm2_tmp_ij);
    ld(&g, GK_BODY, A, mm2_A_ik);
    ld(&g, GK_BODY, B, mm2_B_kj);
    alu(&g, GK_BODY, 2);
    acc_body(&g, TMP, mm2_tmp_ij);
    acc_final(&g, TMP, mm2_tmp_ij);
    if (check(c, &g)) return 1;
    /* D[i][j] *= beta; for k: D[i][j] += tmp[i][k] * C[k][j]; */
    g = prog_start(&c->w->launch[1], c->o, 2, "mm2_kernel2", 32, 8, nl, ni, nj, mm2_guard2);
    params(g.L, ni, nj, nk, nl, 0);
    acc_scale(&g, D, mm2_D_ij);
    ld(&g, GK_BODY, TMP, mm2_tmp_ik);
    ld(&g, GK_BODY, C, mm2_C_kj);
    alu(&g, GK_BODY, 1);
    acc_body(&g, D, mm2_D_ij);
    acc_final(&g, D, mm2_D_ij);
    return check(c, &g);
}

/* 3DCONV: convolution3D_kernel once per plane i = 1..NI-2, block 32x8, grid (NK/32,
 * NJ/8); defaults NI = NJ = NK = 256. */
static int build_3dconv(gk_ctx *c)
{
    double s = c->o->scale;
    int64_t ni = scaled(256, s), nj = scaled(256, s), nk = scaled(256, s), i;
    int64_t nl = ni > 2 ? ni - 2 : 0;
    gk_prog g;
    enum { A, B };
    sizes(c, ni, nj, nk, 0);
    if (arr_add(c, "A", ni, nj, nk) || arr_add(c, "B", ni, nj, nk) || launches(c, nl))
        return 1;
    for (i = 1; i < ni - 1; i++) {
        g = prog_start(&c->w->launch[i - 1], c->o, 1, "convolution3D_kernel", 32, 8, nk, nj,
                       0, c3_guard);
        params(g.L, ni, nj, nk, i, 0);
        /* 15 terms, 11 distinct elements, first occurrences in source order */
        ld(&g, GK_PRO, A, c3_mmm);
        ld(&g, GK_PRO, A, c3_pmm);
        ld(&g, GK_PRO, A, c3_0m0);
        ld(&g, GK_PRO, A, c3_000);
        ld(&g, GK_PRO, A, c3_0p0);
        ld(&g, GK_PRO, A, c3_mmp);
        ld(&g, GK_PRO, A, c3_pmp);
        ld(&g, GK_PRO, A, c3_m0p);
        ld(&g, GK_PRO, A, c3_p0p);
        ld(&g, GK_PRO, A, c3_mpp);
        ld(&g, GK_PRO, A, c3_ppp);
        alu(&g, GK_PRO, 15);
        st(&g, GK_PRO, B, c3_000);
        if (check(c, &g)) return 1;
    }
    return 0;
}

/* 3MM: mm3_kernel1..3, block 32x8; defaults NI = NJ = NK = NL = NM = 512. */
static int build_3mm(gk_ctx *c)
{
    double s = c->o->scale;
    int64_t ni = scaled(512, s), nj = scaled(512, s), nk = scaled(512, s),
            nl = scaled(512, s), nm = scaled(512, s);
    gk_prog g;
    enum { A, B, C, D, E, F, G };
    sizes(c, ni, nj, nk, nl);
    if (arr_add(c, "A", ni, nk, 1) || arr_add(c, "B", nk, nj, 1) ||
        arr_add(c, "C", nj, nm, 1) || arr_add(c, "D", nm, nl, 1) ||
        arr_add(c, "E", ni, nj, 1) || arr_add(c, "F", nj, nl, 1) ||
        arr_add(c, "G", ni, nl, 1) || launches(c, 3))
        return 1;
    /* E[i][j] = 0; for k < NK: E[i][j] += A[i][k] * B[k][j]; */
    g = prog_start(&c->w->launch[0], c->o, 1, "mm3_kernel1", 32, 8, nj, ni, nk, mm3_guard1);
    params(g.L, ni, nj, nk, nl, nm);
    acc_zero(&g, E, mm3_E_ij);
    ld(&g, GK_BODY, A, mm3_A_ik);
    ld(&g, GK_BODY, B, mm3_B_kj);
    alu(&g, GK_BODY, 1);
    acc_body(&g, E, mm3_E_ij);
    acc_final(&g, E, mm3_E_ij);
    if (check(c, &g)) return 1;
    /* F[i][j] = 0; for k < NM: F[i][j] += C[i][k] * D[k][j]; (i < NJ, j < NL) */
    g = prog_start(&c->w->launch[1], c->o, 2, "mm3_kernel2", 32, 8, nl, nj, nm, mm3_guard2);
    params(g.L, ni, nj, nk, nl, nm);
    acc_zero(&g, F, mm3_F_ij);
    ld(&g, GK_BODY, C, mm3_C_ik);
    ld(&g, GK_BODY, D, mm3_D_kj);
    alu(&g, GK_BODY, 1);
    acc_body(&g, F, mm3_F_ij);
    acc_final(&g, F, mm3_F_ij);
    if (check(c, &g)) return 1;
    /* G[i][j] = 0; for k < NJ: G[i][j] += E[i][k] * F[k][j]; */
    g = prog_start(&c->w->launch[2], c->o, 3, "mm3_kernel3", 32, 8, nl, ni, nj, mm3_guard3);
    params(g.L, ni, nj, nk, nl, nm);
    acc_zero(&g, G, mm3_G_ij);
    ld(&g, GK_BODY, E, mm3_E_ik);
    ld(&g, GK_BODY, F, mm3_F_kj);
    alu(&g, GK_BODY, 1);
    acc_body(&g, G, mm3_G_ij);
    acc_final(&g, G, mm3_G_ij);
    return check(c, &g);
}

/* ATAX: atax_kernel1 then atax_kernel2, block 256x1, grid (N/256, 1); NX = NY = 4096.
 * PolyBench-ACC's atax.cuh says 32x8, but its kernels use threadIdx.x only (8 threads
 * would compute each element); seed 000 section 2 says the IW kernels "cannot run more
 * than one block concurrently on an SM due to input size limits", which holds for
 * 256x1 blocks (NX/256 = 8 blocks for 14 SMs) and not for 32x8 (64 blocks): we use the
 * PolyBench/GPU 1.0 shape 256x1 (docs/deviations.md W9). Same for mvt. */
static int build_atax(gk_ctx *c)
{
    double s = c->o->scale;
    int64_t nx = scaled(4096, s), ny = scaled(4096, s);
    gk_prog g;
    enum { A, X, Y, TMP };
    sizes(c, nx, ny, 0, 0);
    if (arr_add(c, "A", nx, ny, 1) || arr_add(c, "x", ny, 1, 1) ||
        arr_add(c, "y", ny, 1, 1) || arr_add(c, "tmp", nx, 1, 1) || launches(c, 2))
        return 1;
    /* tmp[i] = 0; for j < NY: tmp[i] += A[i][j] * x[j]; */
    g = prog_start(&c->w->launch[0], c->o, 1, "atax_kernel1", 256, 1, nx, 0, ny, atax_guard1);
    params(g.L, nx, ny, 0, 0, 0);
    acc_zero(&g, TMP, v_x);
    ld(&g, GK_BODY, A, atax_A_xk);
    ld(&g, GK_BODY, X, v_k);
    alu(&g, GK_BODY, 1);
    acc_body(&g, TMP, v_x);
    acc_final(&g, TMP, v_x);
    if (check(c, &g)) return 1;
    /* y[j] = 0; for i < NX: y[j] += A[i][j] * tmp[i]; */
    g = prog_start(&c->w->launch[1], c->o, 2, "atax_kernel2", 256, 1, ny, 0, nx, atax_guard2);
    params(g.L, nx, ny, 0, 0, 0);
    acc_zero(&g, Y, v_x);
    ld(&g, GK_BODY, A, atax_A_kx);
    ld(&g, GK_BODY, TMP, v_k);
    alu(&g, GK_BODY, 1);
    acc_body(&g, Y, v_x);
    acc_final(&g, Y, v_x);
    return check(c, &g);
}

/* BICG: bicg_kernel1 then bicg_kernel2, block 256x1; NX = NY = 4096. */
static int build_bicg(gk_ctx *c)
{
    double s = c->o->scale;
    int64_t nx = scaled(4096, s), ny = scaled(4096, s);
    gk_prog g;
    enum { A, R, S, PV, Q };
    sizes(c, nx, ny, 0, 0);
    if (arr_add(c, "A", nx, ny, 1) || arr_add(c, "r", nx, 1, 1) ||
        arr_add(c, "s", ny, 1, 1) || arr_add(c, "p", ny, 1, 1) ||
        arr_add(c, "q", nx, 1, 1) || launches(c, 2))
        return 1;
    /* s[j] = 0; for i < NX: s[j] += r[i] * A[i][j]; */
    g = prog_start(&c->w->launch[0], c->o, 1, "bicg_kernel1", 256, 1, ny, 0, nx, bicg_guard1);
    params(g.L, nx, ny, 0, 0, 0);
    acc_zero(&g, S, v_x);
    ld(&g, GK_BODY, R, v_k);
    ld(&g, GK_BODY, A, bicg_A_kx);
    alu(&g, GK_BODY, 1);
    acc_body(&g, S, v_x);
    acc_final(&g, S, v_x);
    if (check(c, &g)) return 1;
    /* q[i] = 0; for j < NY: q[i] += A[i][j] * p[j]; */
    g = prog_start(&c->w->launch[1], c->o, 2, "bicg_kernel2", 256, 1, nx, 0, ny, bicg_guard2);
    params(g.L, nx, ny, 0, 0, 0);
    acc_zero(&g, Q, v_x);
    ld(&g, GK_BODY, A, bicg_A_xk);
    ld(&g, GK_BODY, PV, v_k);
    alu(&g, GK_BODY, 1);
    acc_body(&g, Q, v_x);
    acc_final(&g, Q, v_x);
    return check(c, &g);
}

/* FDTD-2D: per time step t: fdtd_step1..3_kernel, block 32x8, grid (NY/32, NX/8);
 * TMAX = 500, NX = NY = 2048. */
static int build_fdtd(gk_ctx *c)
{
    double s = c->o->scale;
    int64_t nx = scaled(2048, s), ny = scaled(2048, s);
    int64_t tmax = c->o->tsteps > 0 ? c->o->tsteps : scaled(500, s), t;
    gk_launch k1, k2, k3;
    gk_prog g;
    enum { FICT, EX, EY, HZ };
    sizes(c, nx, ny, tmax, 0);
    if (tmax > GK_MAX_LAUNCH / 3) return fail(c, "too many time steps (3 launches each)");
    if (arr_add(c, "_fict_", tmax, 1, 1) || arr_add(c, "ex", nx, ny, 1) ||
        arr_add(c, "ey", nx, ny, 1) || arr_add(c, "hz", nx, ny, 1) ||
        launches(c, 3 * tmax))
        return 1;
    /* if (i == 0) ey[0][j] = _fict_[t];
     * else ey[i][j] = ey[i][j] - 0.5f*(hz[i][j] - hz[i-1][j]); */
    g = prog_start(&k1, c->o, 1, "fdtd_step1_kernel", 32, 8, ny, nx, 0, fd_guard1);
    op_add(&g, GK_LOAD, GK_PRO, 0, FICT, fd_t, fd_row0);
    op_add(&g, GK_STORE, GK_PRO, 0, EY, fd_00, fd_row0);
    op_add(&g, GK_LOAD, GK_PRO, 0, EY, fd_00, fd_rowN);
    op_add(&g, GK_LOAD, GK_PRO, 0, HZ, fd_00, fd_rowN);
    op_add(&g, GK_LOAD, GK_PRO, 0, HZ, fd_m0, fd_rowN);
    op_add(&g, GK_ALU, GK_PRO, GK_FLOP_LAT * 2, 0, NULL, fd_rowN);
    op_add(&g, GK_STORE, GK_PRO, 0, EY, fd_00, fd_rowN);
    if (check(c, &g)) return 1;
    /* ex[i][j] = ex[i][j] - 0.5f*(hz[i][j] - hz[i][j-1]);  (j > 0) */
    g = prog_start(&k2, c->o, 2, "fdtd_step2_kernel", 32, 8, ny, nx, 0, fd_guard2);
    ld(&g, GK_PRO, EX, fd_00);
    ld(&g, GK_PRO, HZ, fd_00);
    ld(&g, GK_PRO, HZ, fd_0m);
    alu(&g, GK_PRO, 2);
    st(&g, GK_PRO, EX, fd_00);
    if (check(c, &g)) return 1;
    /* hz[i][j] = hz[i][j] - 0.7f*(ex[i][j+1] - ex[i][j] + ey[i+1][j] - ey[i][j]); */
    g = prog_start(&k3, c->o, 3, "fdtd_step3_kernel", 32, 8, ny, nx, 0, fd_guard3);
    ld(&g, GK_PRO, HZ, fd_00);
    ld(&g, GK_PRO, EX, fd_0p);
    ld(&g, GK_PRO, EX, fd_00);
    ld(&g, GK_PRO, EY, fd_p0);
    ld(&g, GK_PRO, EY, fd_00);
    alu(&g, GK_PRO, 4);
    st(&g, GK_PRO, HZ, fd_00);
    if (check(c, &g)) return 1;
    for (t = 0; t < tmax; t++) {
        gk_launch *L = &c->w->launch[3 * t];
        L[0] = k1;
        L[1] = k2;
        L[2] = k3;
        params(&L[0], nx, ny, t, tmax, 0);
        params(&L[1], nx, ny, t, tmax, 0);
        params(&L[2], nx, ny, t, tmax, 0);
    }
    return 0;
}

/* GEMM: gemm_kernel, block 32x8, grid (NI/32, NJ/8) as the host writes it (the kernel
 * maps j to x); NI = NJ = NK = 512. */
static int build_gemm(gk_ctx *c)
{
    double s = c->o->scale;
    int64_t ni = scaled(512, s), nj = scaled(512, s), nk = scaled(512, s);
    gk_prog g;
    enum { A, B, C };
    sizes(c, ni, nj, nk, 0);
    if (arr_add(c, "A", ni, nk, 1) || arr_add(c, "B", nk, nj, 1) ||
        arr_add(c, "C", ni, nj, 1) || launches(c, 1))
        return 1;
    /* c[i][j] *= beta; for k: c[i][j] += alpha * a[i][k] * b[k][j]; */
    g = prog_start(&c->w->launch[0], c->o, 1, "gemm_kernel", 32, 8, ni, nj, nk, gemm_guard);
    params(g.L, ni, nj, nk, 0, 0);
    acc_scale(&g, C, gemm_C_ij);
    ld(&g, GK_BODY, A, gemm_A_ik);
    ld(&g, GK_BODY, B, gemm_B_kj);
    alu(&g, GK_BODY, 2);
    acc_body(&g, C, gemm_C_ij);
    acc_final(&g, C, gemm_C_ij);
    return check(c, &g);
}

/* GESUMMV: gesummv_kernel, block 256x1; N = 4096. */
static int build_gesummv(gk_ctx *c)
{
    int64_t n = scaled(4096, c->o->scale);
    gk_prog g;
    enum { A, B, X, Y, TMP };
    sizes(c, n, 0, 0, 0);
    if (arr_add(c, "A", n, n, 1) || arr_add(c, "B", n, n, 1) || arr_add(c, "x", n, 1, 1) ||
        arr_add(c, "y", n, 1, 1) || arr_add(c, "tmp", n, 1, 1) || launches(c, 1))
        return 1;
    /* for j: tmp[i] += A[i][j] * x[j]; y[i] += B[i][j] * x[j];
     * y[i] = alpha * tmp[i] + beta * y[i]; */
    g = prog_start(&c->w->launch[0], c->o, 1, "gesummv_kernel", 256, 1, n, 0, n, n_guard);
    params(g.L, n, 0, 0, 0, 0);
    acc_load(&g, TMP, v_x);
    acc_load(&g, Y, v_x);
    ld(&g, GK_BODY, A, n_A_xk);
    ld(&g, GK_BODY, X, v_k);
    alu(&g, GK_BODY, 1);
    acc_body(&g, TMP, v_x);
    ld(&g, GK_BODY, B, n_A_xk);
    if (g.acc_in_mem) ld(&g, GK_BODY, X, v_k); /* the tmp store may alias x[j] */
    alu(&g, GK_BODY, 1);
    acc_body(&g, Y, v_x);
    acc_final(&g, TMP, v_x);
    alu(&g, GK_EPI, 2); /* y's final value is this statement's store */
    st(&g, GK_EPI, Y, v_x);
    return check(c, &g);
}

/* MVT: mvt_kernel1 then mvt_kernel2, block 32x8 (threadIdx.y unused, as atax), grid
 * (N/32, 1); N = 4096. */
static int build_mvt(gk_ctx *c)
{
    int64_t n = scaled(4096, c->o->scale);
    gk_prog g;
    enum { A, X1, X2, Y1, Y2 };
    sizes(c, n, 0, 0, 0);
    if (arr_add(c, "a", n, n, 1) || arr_add(c, "x1", n, 1, 1) || arr_add(c, "x2", n, 1, 1) ||
        arr_add(c, "y_1", n, 1, 1) || arr_add(c, "y_2", n, 1, 1) || launches(c, 2))
        return 1;
    /* for j: x1[i] += a[i][j] * y_1[j]; */
    g = prog_start(&c->w->launch[0], c->o, 1, "mvt_kernel1", 256, 1, n, 0, n, n_guard);
    params(g.L, n, 0, 0, 0, 0);
    acc_load(&g, X1, v_x);
    ld(&g, GK_BODY, A, n_A_xk);
    ld(&g, GK_BODY, Y1, v_k);
    alu(&g, GK_BODY, 1);
    acc_body(&g, X1, v_x);
    acc_final(&g, X1, v_x);
    if (check(c, &g)) return 1;
    /* for j: x2[i] += a[j][i] * y_2[j]; */
    g = prog_start(&c->w->launch[1], c->o, 2, "mvt_kernel2", 256, 1, n, 0, n, n_guard);
    params(g.L, n, 0, 0, 0, 0);
    acc_load(&g, X2, v_x);
    ld(&g, GK_BODY, A, n_A_kx);
    ld(&g, GK_BODY, Y2, v_k);
    alu(&g, GK_BODY, 1);
    acc_body(&g, X2, v_x);
    acc_final(&g, X2, v_x);
    return check(c, &g);
}

/* SYR2K: syr2k_kernel, block 32x8, grid (NI/32, NI/8); NI = NJ = 2048 (PolyBench/GPU 1.0
 * as released in 2012, which seed 000 cites; later .cuh files: 1024). */
static int build_syr2k(gk_ctx *c)
{
    double s = c->o->scale;
    int64_t ni = scaled(2048, s), nj = scaled(2048, s);
    gk_prog g;
    enum { A, B, C };
    sizes(c, ni, nj, 0, 0);
    if (arr_add(c, "A", ni, nj, 1) || arr_add(c, "B", ni, nj, 1) ||
        arr_add(c, "C", ni, ni, 1) || launches(c, 1))
        return 1;
    /* c[i][j] *= beta;
     * for k: c[i][j] += alpha*a[i][k]*b[j][k] + alpha*b[i][k]*a[j][k]; */
    g = prog_start(&c->w->launch[0], c->o, 1, "syr2k_kernel", 32, 8, ni, ni, nj, sy_guard);
    params(g.L, ni, nj, 0, 0, 0);
    acc_scale(&g, C, sy_C_ij);
    ld(&g, GK_BODY, A, sy_ik);
    ld(&g, GK_BODY, B, sy_jk);
    ld(&g, GK_BODY, B, sy_ik);
    ld(&g, GK_BODY, A, sy_jk);
    alu(&g, GK_BODY, 4);
    acc_body(&g, C, sy_C_ij);
    acc_final(&g, C, sy_C_ij);
    return check(c, &g);
}

/* SYRK: syrk_kernel, block 32x8, grid (NI/32, NI/8); NI = NJ = 1024. */
static int build_syrk(gk_ctx *c)
{
    double s = c->o->scale;
    int64_t ni = scaled(1024, s), nj = scaled(1024, s);
    gk_prog g;
    enum { A, C };
    sizes(c, ni, nj, 0, 0);
    if (arr_add(c, "A", ni, nj, 1) || arr_add(c, "C", ni, ni, 1) || launches(c, 1)) return 1;
    /* c[i][j] *= beta; for k: c[i][j] += alpha * a[i][k] * a[j][k]; */
    g = prog_start(&c->w->launch[0], c->o, 1, "syrk_kernel", 32, 8, ni, ni, nj, sy_guard);
    params(g.L, ni, nj, 0, 0, 0);
    acc_scale(&g, C, sy_C_ij);
    ld(&g, GK_BODY, A, sy_ik);
    ld(&g, GK_BODY, A, sy_jk);
    alu(&g, GK_BODY, 2);
    acc_body(&g, C, sy_C_ij);
    acc_final(&g, C, sy_C_ij);
    return check(c, &g);
}

/* ---------------------------------------------------------------- public interface */

typedef struct gk_entry {
    const char *name;
    const char *class_; /* seed 000 Table 2 */
    int (*build)(gk_ctx *c);
} gk_entry;

static const gk_entry gk_table[] = {
    {"2dconv", "CI", build_2dconv}, {"2mm", "CI", build_2mm},
    {"3dconv", "CI", build_3dconv}, {"3mm", "CI", build_3mm},
    {"atax", "IW", build_atax},     {"bicg", "IW", build_bicg},
    {"fdtd", "CI", build_fdtd},     {"gemm", "CI", build_gemm},
    {"gesummv", "IW", build_gesummv}, {"mvt", "IW", build_mvt},
    {"syr2k", "XW", build_syr2k},   {"syrk", "XW", build_syrk},
};
#define GK_NWORK ((int)(sizeof gk_table / sizeof gk_table[0]))

const char *gk_names(void)
{
    return "2dconv 2mm 3dconv 3mm atax bicg fdtd gemm gesummv mvt syr2k syrk";
}

int gk_count(void) { return GK_NWORK; }

const char *gk_name(int i) { return i >= 0 && i < GK_NWORK ? gk_table[i].name : NULL; }

void gk_free(gk_workload *w)
{
    if (!w) return;
    for (int i = 0; i < GK_MAX_ARRAYS; i++) free(w->data[i]);
    free(w->launch);
    if (w->trace_free) w->trace_free(w->trace);
    memset(w, 0, sizeof *w);
}

/* an application (gk_app.h): its build function, then the launches checked */
static int gk_build_app(gk_workload *w, const gka_app *app, const gk_opts *o, char *err, size_t n)
{
    gka_ctx c;
    memset(&c, 0, sizeof c);
    w->name = app->name;
    w->class_ = "-";
    w->suite = app->suite;
    w->classes = app->classes;
    w->input = app->input;
    c.w = w;
    c.o = o;
    c.err = err;
    c.n = n;
    c.next = GK_BASE0;
    int rc = app->build(&c);
    if (!rc && w->nlaunch < 1) rc = gka_fail(&c, "no launches");
    if (rc) gk_free(w);
    return rc;
}

int gk_build(gk_workload *w, const char *name, const gk_opts *o, char *err, size_t n)
{
    gk_ctx c;
    int i, rc;
    memset(w, 0, sizeof *w);
    if (err && n) err[0] = '\0';
    if (name && !strncmp(name, "trace:", 6)) return gt_build(w, name + 6, o, err, n);
    for (i = 0; i < GK_NWORK; i++)
        if (name && strcmp(name, gk_table[i].name) == 0) break;
    const gka_app *app = i == GK_NWORK && name ? gka_find(name) : NULL;
    if (i == GK_NWORK && !app) {
        if (err && n)
            snprintf(err, n, "unknown workload '%s' (gpusim --list and --list-apps name them)", name ? name : "(null)");
        return 1;
    }
    if (!o || !(o->scale > 0.0) || !(o->scale <= GK_MAX_SCALE)) {
        if (err && n)
            snprintf(err, n, "%s: scale %g out of range (0, %g]", name, o ? o->scale : 0.0,
                     GK_MAX_SCALE);
        return 1;
    }
    if (o->tsteps < 0) {
        if (err && n) snprintf(err, n, "%s: tsteps %lld is negative", name, (long long)o->tsteps);
        return 1;
    }
    if (app) return gk_build_app(w, app, o, err, n);
    w->name = gk_table[i].name;
    w->class_ = gk_table[i].class_;
    c.w = w;
    c.o = o;
    c.err = err;
    c.n = n;
    c.next = GK_BASE0;
    rc = gk_table[i].build(&c);
    if (rc) gk_free(w);
    return rc;
}
