/*
 * test_kernels.c: independent checks of the PolyBench/GPU workload generators
 * (cmodel/gpu/gpu_kernels.c, interface gpu_kernel.h).
 *
 * For each of the 12 workloads, at small scales and both accumulator modes, the test
 * walks every launch, block, thread, section and iteration as the GPU model does and
 * compares each active thread's access sequence (kind, array, element) with a direct
 * re-expression of the CUDA source written here (cavazos-lab/PolyBench-ACC, CUDA/):
 * the kernels' guards and loop nests, the host's launch loop and grid arithmetic.
 * It also checks, against closed formulas derived by hand from the sources, per array
 * the number of reads and writes and of distinct elements read and written; launch
 * counts, kernel names, grid and block shapes; array order, sizes and 256-byte layout;
 * that every address lies inside its array; that PCs are one per static instruction;
 * determinism; and that bad names, scales, step counts and oversized problems are
 * refused with a one-line message.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_kernel.h"
#include "unit.h"

/* ------------------------------------------------------------------ access sequences */

typedef struct tk_acc {
    int kind; /* enum gk_kind */
    int arr;  /* -1 for GK_ALU */
    int64_t idx;
} tk_acc;

typedef struct tk_seq {
    tk_acc *a;
    size_t n, cap;
} tk_seq;

static void seq_push(tk_seq *s, int kind, int arr, int64_t idx)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->a = realloc(s->a, s->cap * sizeof *s->a);
        if (!s->a) {
            fprintf(stderr, "test_kernels: out of memory\n");
            exit(2);
        }
    }
    s->a[s->n].kind = kind;
    s->a[s->n].arr = arr;
    s->a[s->n].idx = idx;
    s->n++;
}
static void R_ld(tk_seq *r, int arr, int64_t idx) { seq_push(r, GK_LOAD, arr, idx); }
static void R_st(tk_seq *r, int arr, int64_t idx) { seq_push(r, GK_STORE, arr, idx); }
static void R_alu(tk_seq *r) { seq_push(r, GK_ALU, -1, 0); }

/* ------------------------------------------------------------------ reference context */

typedef struct tk_ctx {
    double scale;
    int acc;      /* accum_in_mem */
    int64_t tsteps;
    int64_t s[6]; /* the workload's sizes, named per workload below */
    int64_t tmax; /* fdtd */
} tk_ctx;

/* Problem size as documented: round(default * scale), halves up, at least 1. */
static int64_t tk_size(int64_t dflt, double scale)
{
    double v = floor((double)dflt * scale + 0.5);
    return v < 1.0 ? 1 : (int64_t)v;
}
static int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* Accumulator statements, as gpu_kernels.c documents them:
 * `a = 0;`   register: nothing            memory: store
 * `a *= b;`  load, ALU                    memory: + store
 * loop body register: nothing            memory: store after the statement's ALU
 * after loop register: store              memory: nothing */
static void A_zero(const tk_ctx *c, tk_seq *r, int arr, int64_t i)
{
    if (c->acc) R_st(r, arr, i);
}
static void A_scale(const tk_ctx *c, tk_seq *r, int arr, int64_t i)
{
    R_ld(r, arr, i);
    R_alu(r);
    if (c->acc) R_st(r, arr, i);
}
static void A_iter(const tk_ctx *c, tk_seq *r, int arr, int64_t i)
{
    if (c->acc) R_st(r, arr, i);
}
static void A_final(const tk_ctx *c, tk_seq *r, int arr, int64_t i)
{
    if (!c->acc) R_st(r, arr, i);
}

typedef struct tk_shape {
    const char *kernel;
    int64_t gx, gy, bx, by;
} tk_shape;

/* Expected per-array totals; -1: not checked. */
typedef struct tk_expect {
    int64_t reads[GK_MAX_ARRAYS], writes[GK_MAX_ARRAYS];
    int64_t dread[GK_MAX_ARRAYS], dwrite[GK_MAX_ARRAYS];
} tk_expect;

typedef struct tk_work {
    const char *name, *class_;
    int narr;
    const char *arr[GK_MAX_ARRAYS];
    void (*dims)(tk_ctx *c, int64_t elems[], int64_t *nlaunch, int64_t size[4]);
    void (*shape)(const tk_ctx *c, int l, tk_shape *s);
    void (*ref)(const tk_ctx *c, int l, int64_t x, int64_t y, tk_seq *r);
    void (*expect)(const tk_ctx *c, tk_expect *e);
} tk_work;

static void shape(tk_shape *s, const char *k, int64_t nx, int64_t ny, int64_t bx, int64_t by)
{
    s->kernel = k;
    s->bx = bx;
    s->by = by;
    s->gx = cdiv(nx, bx);
    s->gy = ny > 0 ? cdiv(ny, by) : 1;
}

/* ------------------------------------------------------------------ 2DCONV */
/* sizes NI NJ; arrays A B; one launch convolution2D_kernel, block 32x8,
 * grid (ceil(NI/32), ceil(NJ/8)). */
static void d_2dconv(tk_ctx *c, int64_t e[], int64_t *nl, int64_t sz[4])
{
    c->s[0] = tk_size(4096, c->scale);
    c->s[1] = tk_size(4096, c->scale);
    e[0] = e[1] = c->s[0] * c->s[1];
    *nl = 1;
    sz[0] = c->s[0];
    sz[1] = c->s[1];
}
static void s_2dconv(const tk_ctx *c, int l, tk_shape *s)
{
    (void)l;
    shape(s, "convolution2D_kernel", c->s[0], c->s[1], 32, 8);
}
static void r_2dconv(const tk_ctx *c, int l, int64_t x, int64_t y, tk_seq *r)
{
    /* B[i*NJ+j] = c11*A[(i-1)*NJ+(j-1)] + c21*A[(i-1)*NJ+j] + c31*A[(i-1)*NJ+(j+1)]
     *          + c12*A[i*NJ+(j-1)] + c22*A[i*NJ+j] + c32*A[i*NJ+(j+1)]
     *          + c13*A[(i+1)*NJ+(j-1)] + c23*A[(i+1)*NJ+j] + c33*A[(i+1)*NJ+(j+1)] */
    int64_t ni = c->s[0], nj = c->s[1], j = x, i = y, di, dj;
    (void)l;
    if (!((i < ni - 1) && (j < nj - 1) && (i > 0) && (j > 0))) return;
    for (di = -1; di <= 1; di++)
        for (dj = -1; dj <= 1; dj++) R_ld(r, 0, (i + di) * nj + (j + dj));
    R_alu(r);
    R_st(r, 1, i * nj + j);
}
static void e_2dconv(const tk_ctx *c, tk_expect *e)
{
    int64_t ni = c->s[0], nj = c->s[1], t = (ni - 2) * (nj - 2);
    e->reads[0] = 9 * t;
    e->dread[0] = ni * nj; /* every element, corners included, with ni, nj >= 3 */
    e->writes[1] = t;
    e->dwrite[1] = t;
    e->reads[1] = e->dread[1] = e->writes[0] = e->dwrite[0] = 0;
}

/* ------------------------------------------------------------------ 2MM */
/* sizes NI NJ NK NL; arrays tmp A B C D */
static void d_2mm(tk_ctx *c, int64_t e[], int64_t *nl, int64_t sz[4])
{
    int64_t ni, nj, nk, nl_;
    ni = c->s[0] = tk_size(2048, c->scale); /* PolyBench/GPU 1.0 (2012) 2mm.cu */
    nj = c->s[1] = tk_size(2048, c->scale);
    nk = c->s[2] = tk_size(2048, c->scale);
    nl_ = c->s[3] = tk_size(2048, c->scale);
    e[0] = ni * nj;
    e[1] = ni * nk;
    e[2] = nk * nj;
    e[3] = nl_ * nj;
    e[4] = ni * nl_;
    *nl = 2;
    sz[0] = ni;
    sz[1] = nj;
    sz[2] = nk;
    sz[3] = nl_;
}
static void s_2mm(const tk_ctx *c, int l, tk_shape *s)
{
    if (l == 0) shape(s, "mm2_kernel1", c->s[1], c->s[0], 32, 8);
    else shape(s, "mm2_kernel2", c->s[3], c->s[0], 32, 8);
}
static void r_2mm(const tk_ctx *c, int l, int64_t x, int64_t y, tk_seq *r)
{
    int64_t ni = c->s[0], nj = c->s[1], nk = c->s[2], nl = c->s[3], j = x, i = y, k;
    enum { TMP, A, B, C, D };
    if (l == 0) {
        if (!((i < ni) && (j < nj))) return;
        A_zero(c, r, TMP, i * nj + j);
        for (k = 0; k < nk; k++) {
            R_ld(r, A, i * nk + k);
            R_ld(r, B, k * nj + j);
            R_alu(r);
            A_iter(c, r, TMP, i * nj + j);
        }
        A_final(c, r, TMP, i * nj + j);
    } else {
        if (!((i < ni) && (j < nl))) return;
        A_scale(c, r, D, i * nl + j);
        for (k = 0; k < nj; k++) {
            R_ld(r, TMP, i * nj + k);
            R_ld(r, C, k * nl + j);
            R_alu(r);
            A_iter(c, r, D, i * nl + j);
        }
        A_final(c, r, D, i * nl + j);
    }
}
static void e_2mm(const tk_ctx *c, tk_expect *e)
{
    int64_t ni = c->s[0], nj = c->s[1], nk = c->s[2], nl = c->s[3];
    int64_t t1 = ni * nj, t2 = ni * nl;
    enum { TMP, A, B, C, D };
    e->reads[TMP] = t2 * nj;
    e->writes[TMP] = c->acc ? t1 * (nk + 1) : t1;
    e->dread[TMP] = e->dwrite[TMP] = ni * nj;
    e->reads[A] = t1 * nk;
    e->dread[A] = ni * nk;
    e->reads[B] = t1 * nk;
    e->dread[B] = nk * nj;
    e->reads[C] = t2 * nj;
    e->dread[C] = nj * nl;
    e->reads[D] = t2;
    e->writes[D] = c->acc ? t2 * (nj + 1) : t2;
    e->dread[D] = e->dwrite[D] = ni * nl;
    e->writes[A] = e->writes[B] = e->writes[C] = 0;
    e->dwrite[A] = e->dwrite[B] = e->dwrite[C] = 0;
}

/* ------------------------------------------------------------------ 3DCONV */
/* sizes NI NJ NK; arrays A B; launches: host loop i = 1 .. NI-2 */
static void d_3dconv(tk_ctx *c, int64_t e[], int64_t *nl, int64_t sz[4])
{
    c->s[0] = tk_size(256, c->scale);
    c->s[1] = tk_size(256, c->scale);
    c->s[2] = tk_size(256, c->scale);
    e[0] = e[1] = c->s[0] * c->s[1] * c->s[2];
    *nl = c->s[0] - 2;
    sz[0] = c->s[0];
    sz[1] = c->s[1];
    sz[2] = c->s[2];
}
static void s_3dconv(const tk_ctx *c, int l, tk_shape *s)
{
    (void)l;
    shape(s, "convolution3D_kernel", c->s[2], c->s[1], 32, 8);
}
/* The 15 terms of the source statement, (di, dj, dk), in source order. */
static const int c3_terms[15][3] = {
    {-1, -1, -1}, {1, -1, -1}, {-1, -1, -1}, {1, -1, -1}, {-1, -1, -1},
    {1, -1, -1},  {0, -1, 0},  {0, 0, 0},    {0, 1, 0},   {-1, -1, 1},
    {1, -1, 1},   {-1, 0, 1},  {1, 0, 1},    {-1, 1, 1},  {1, 1, 1},
};
static void r_3dconv(const tk_ctx *c, int l, int64_t x, int64_t y, tk_seq *r)
{
    int64_t ni = c->s[0], nj = c->s[1], nk = c->s[2], i = l + 1, j = y, k = x;
    int t, u;
    if (!((i < ni - 1) && (j < nj - 1) && (k < nk - 1) && (i > 0) && (j > 0) && (k > 0)))
        return;
    for (t = 0; t < 15; t++) {
        int seen = 0; /* the same expression earlier in the statement: one load */
        for (u = 0; u < t; u++)
            if (!memcmp(c3_terms[u], c3_terms[t], sizeof c3_terms[t])) seen = 1;
        if (!seen)
            R_ld(r, 0, (i + c3_terms[t][0]) * (nk * nj) + (j + c3_terms[t][1]) * nk +
                           (k + c3_terms[t][2]));
    }
    R_alu(r);
    R_st(r, 1, i * (nk * nj) + j * nk + k);
}
static void e_3dconv(const tk_ctx *c, tk_expect *e)
{
    int64_t ni = c->s[0], nj = c->s[1], nk = c->s[2], i, j, k, n = 0;
    int64_t tt = (ni - 2) * (nj - 2) * (nk - 2);
    char *mark = calloc((size_t)(ni * nj * nk), 1);
    int t;
    /* distinct elements read: brute force over the interior and the 15 offsets */
    for (i = 1; i < ni - 1; i++)
        for (j = 1; j < nj - 1; j++)
            for (k = 1; k < nk - 1; k++)
                for (t = 0; t < 15; t++)
                    mark[(i + c3_terms[t][0]) * nj * nk + (j + c3_terms[t][1]) * nk + k +
                         c3_terms[t][2]] = 1;
    for (i = 0; i < ni * nj * nk; i++) n += mark[i];
    free(mark);
    e->reads[0] = 11 * tt;
    e->dread[0] = n;
    e->writes[1] = e->dwrite[1] = tt;
    e->reads[1] = e->dread[1] = e->writes[0] = e->dwrite[0] = 0;
}

/* ------------------------------------------------------------------ 3MM */
/* sizes NI NJ NK NL NM; arrays A B C D E F G */
static void d_3mm(tk_ctx *c, int64_t e[], int64_t *nl, int64_t sz[4])
{
    int64_t ni, nj, nk, nl_, nm;
    ni = c->s[0] = tk_size(512, c->scale);
    nj = c->s[1] = tk_size(512, c->scale);
    nk = c->s[2] = tk_size(512, c->scale);
    nl_ = c->s[3] = tk_size(512, c->scale);
    nm = c->s[4] = tk_size(512, c->scale);
    e[0] = ni * nk;
    e[1] = nk * nj;
    e[2] = nj * nm;
    e[3] = nm * nl_;
    e[4] = ni * nj;
    e[5] = nj * nl_;
    e[6] = ni * nl_;
    *nl = 3;
    sz[0] = ni;
    sz[1] = nj;
    sz[2] = nk;
    sz[3] = nl_;
}
static void s_3mm(const tk_ctx *c, int l, tk_shape *s)
{
    if (l == 0) shape(s, "mm3_kernel1", c->s[1], c->s[0], 32, 8);
    else if (l == 1) shape(s, "mm3_kernel2", c->s[3], c->s[1], 32, 8);
    else shape(s, "mm3_kernel3", c->s[3], c->s[0], 32, 8);
}
static void r_3mm(const tk_ctx *c, int l, int64_t x, int64_t y, tk_seq *r)
{
    int64_t ni = c->s[0], nj = c->s[1], nk = c->s[2], nl = c->s[3], nm = c->s[4];
    int64_t j = x, i = y, k;
    enum { A, B, C, D, E, F, G };
    if (l == 0) {
        if (!((i < ni) && (j < nj))) return;
        A_zero(c, r, E, i * nj + j);
        for (k = 0; k < nk; k++) {
            R_ld(r, A, i * nk + k);
            R_ld(r, B, k * nj + j);
            R_alu(r);
            A_iter(c, r, E, i * nj + j);
        }
        A_final(c, r, E, i * nj + j);
    } else if (l == 1) {
        if (!((i < nj) && (j < nl))) return;
        A_zero(c, r, F, i * nl + j);
        for (k = 0; k < nm; k++) {
            R_ld(r, C, i * nm + k);
            R_ld(r, D, k * nl + j);
            R_alu(r);
            A_iter(c, r, F, i * nl + j);
        }
        A_final(c, r, F, i * nl + j);
    } else {
        if (!((i < ni) && (j < nl))) return;
        A_zero(c, r, G, i * nl + j);
        for (k = 0; k < nj; k++) {
            R_ld(r, E, i * nj + k);
            R_ld(r, F, k * nl + j);
            R_alu(r);
            A_iter(c, r, G, i * nl + j);
        }
        A_final(c, r, G, i * nl + j);
    }
}
static void e_3mm(const tk_ctx *c, tk_expect *e)
{
    int64_t ni = c->s[0], nj = c->s[1], nk = c->s[2], nl = c->s[3], nm = c->s[4];
    int64_t t1 = ni * nj, t2 = nj * nl, t3 = ni * nl;
    enum { A, B, C, D, E, F, G };
    int a;
    for (a = 0; a < 7; a++) e->reads[a] = e->writes[a] = e->dread[a] = e->dwrite[a] = 0;
    e->reads[A] = e->reads[B] = t1 * nk;
    e->dread[A] = ni * nk;
    e->dread[B] = nk * nj;
    e->reads[C] = e->reads[D] = t2 * nm;
    e->dread[C] = nj * nm;
    e->dread[D] = nm * nl;
    e->writes[E] = c->acc ? t1 * (nk + 1) : t1;
    e->writes[F] = c->acc ? t2 * (nm + 1) : t2;
    e->writes[G] = c->acc ? t3 * (nj + 1) : t3;
    e->dwrite[E] = ni * nj;
    e->dwrite[F] = nj * nl;
    e->dwrite[G] = ni * nl;
    e->reads[E] = e->reads[F] = t3 * nj;
    e->dread[E] = ni * nj;
    e->dread[F] = nj * nl;
}

/* ------------------------------------------------------------------ ATAX */
/* sizes NX NY; arrays A x y tmp; block 256x1 (deviation W9) */
static void d_atax(tk_ctx *c, int64_t e[], int64_t *nl, int64_t sz[4])
{
    c->s[0] = tk_size(4096, c->scale);
    c->s[1] = tk_size(4096, c->scale);
    e[0] = c->s[0] * c->s[1];
    e[1] = e[2] = c->s[1];
    e[3] = c->s[0];
    *nl = 2;
    sz[0] = c->s[0];
    sz[1] = c->s[1];
}
static void s_atax(const tk_ctx *c, int l, tk_shape *s)
{
    if (l == 0) shape(s, "atax_kernel1", c->s[0], 0, 256, 1);
    else shape(s, "atax_kernel2", c->s[1], 0, 256, 1);
}
static void r_atax(const tk_ctx *c, int l, int64_t x, int64_t y, tk_seq *r)
{
    int64_t nx = c->s[0], ny = c->s[1], k;
    enum { A, X, Y, TMP };
    (void)y;
    if (l == 0) {
        int64_t i = x;
        if (!(i < nx)) return;
        A_zero(c, r, TMP, i);
        for (k = 0; k < ny; k++) { /* tmp[i] += A[i*NY+j] * x[j] */
            R_ld(r, A, i * ny + k);
            R_ld(r, X, k);
            R_alu(r);
            A_iter(c, r, TMP, i);
        }
        A_final(c, r, TMP, i);
    } else {
        int64_t j = x;
        if (!(j < ny)) return;
        A_zero(c, r, Y, j);
        for (k = 0; k < nx; k++) { /* y[j] += A[i*NY+j] * tmp[i] */
            R_ld(r, A, k * ny + j);
            R_ld(r, TMP, k);
            R_alu(r);
            A_iter(c, r, Y, j);
        }
        A_final(c, r, Y, j);
    }
}
static void e_atax(const tk_ctx *c, tk_expect *e)
{
    int64_t nx = c->s[0], ny = c->s[1], R = 1; /* one thread per element */
    enum { A, X, Y, TMP };
    e->reads[A] = 2 * R * nx * ny;
    e->dread[A] = nx * ny;
    e->writes[A] = e->dwrite[A] = 0;
    e->reads[X] = R * nx * ny;
    e->dread[X] = ny;
    e->writes[X] = e->dwrite[X] = 0;
    e->reads[Y] = e->dread[Y] = 0;
    e->writes[Y] = R * ny * (c->acc ? nx + 1 : 1);
    e->dwrite[Y] = ny;
    e->reads[TMP] = R * ny * nx;
    e->dread[TMP] = nx;
    e->writes[TMP] = R * nx * (c->acc ? ny + 1 : 1);
    e->dwrite[TMP] = nx;
}

/* ------------------------------------------------------------------ BICG */
/* sizes NX NY; arrays A r s p q; block 256x1 */
static void d_bicg(tk_ctx *c, int64_t e[], int64_t *nl, int64_t sz[4])
{
    c->s[0] = tk_size(4096, c->scale);
    c->s[1] = tk_size(4096, c->scale);
    e[0] = c->s[0] * c->s[1];
    e[1] = e[4] = c->s[0];
    e[2] = e[3] = c->s[1];
    *nl = 2;
    sz[0] = c->s[0];
    sz[1] = c->s[1];
}
static void s_bicg(const tk_ctx *c, int l, tk_shape *s)
{
    if (l == 0) shape(s, "bicg_kernel1", c->s[1], 0, 256, 1);
    else shape(s, "bicg_kernel2", c->s[0], 0, 256, 1);
}
static void r_bicg(const tk_ctx *c, int l, int64_t x, int64_t y, tk_seq *r)
{
    int64_t nx = c->s[0], ny = c->s[1], k;
    enum { A, RR, S, PP, Q };
    (void)y;
    if (l == 0) {
        int64_t j = x;
        if (!(j < ny)) return;
        A_zero(c, r, S, j);
        for (k = 0; k < nx; k++) { /* s[j] += r[i] * A[i*NY+j] */
            R_ld(r, RR, k);
            R_ld(r, A, k * ny + j);
            R_alu(r);
            A_iter(c, r, S, j);
        }
        A_final(c, r, S, j);
    } else {
        int64_t i = x;
        if (!(i < nx)) return;
        A_zero(c, r, Q, i);
        for (k = 0; k < ny; k++) { /* q[i] += A[i*NY+j] * p[j] */
            R_ld(r, A, i * ny + k);
            R_ld(r, PP, k);
            R_alu(r);
            A_iter(c, r, Q, i);
        }
        A_final(c, r, Q, i);
    }
}
static void e_bicg(const tk_ctx *c, tk_expect *e)
{
    int64_t nx = c->s[0], ny = c->s[1];
    enum { A, RR, S, PP, Q };
    int a;
    for (a = 0; a < 5; a++) e->reads[a] = e->writes[a] = e->dread[a] = e->dwrite[a] = 0;
    e->reads[A] = 2 * nx * ny;
    e->dread[A] = nx * ny;
    e->reads[RR] = nx * ny;
    e->dread[RR] = nx;
    e->reads[PP] = nx * ny;
    e->dread[PP] = ny;
    e->writes[S] = ny * (c->acc ? nx + 1 : 1);
    e->dwrite[S] = ny;
    e->writes[Q] = nx * (c->acc ? ny + 1 : 1);
    e->dwrite[Q] = nx;
}

/* ------------------------------------------------------------------ FDTD-2D */
/* sizes NX NY; TMAX; arrays _fict_ ex ey hz; 3 launches per time step */
static void d_fdtd(tk_ctx *c, int64_t e[], int64_t *nl, int64_t sz[4])
{
    c->s[0] = tk_size(2048, c->scale);
    c->s[1] = tk_size(2048, c->scale);
    c->tmax = c->tsteps > 0 ? c->tsteps : tk_size(500, c->scale);
    e[0] = c->tmax;
    e[1] = e[2] = e[3] = c->s[0] * c->s[1];
    *nl = 3 * c->tmax;
    sz[0] = c->s[0];
    sz[1] = c->s[1];
    sz[2] = c->tmax;
}
static void s_fdtd(const tk_ctx *c, int l, tk_shape *s)
{
    static const char *const k[3] = {"fdtd_step1_kernel", "fdtd_step2_kernel",
                                     "fdtd_step3_kernel"};
    shape(s, k[l % 3], c->s[1], c->s[0], 32, 8);
}
static void r_fdtd(const tk_ctx *c, int l, int64_t x, int64_t y, tk_seq *r)
{
    int64_t nx = c->s[0], ny = c->s[1], t = l / 3, j = x, i = y;
    enum { FICT, EX, EY, HZ };
    switch (l % 3) {
    case 0:
        if (!((i < nx) && (j < ny))) return;
        if (i == 0) {
            R_ld(r, FICT, t); /* ey[i*NY+j] = _fict_[t] */
            R_st(r, EY, i * ny + j);
        } else { /* ey = ey - 0.5f*(hz[i][j] - hz[i-1][j]) */
            R_ld(r, EY, i * ny + j);
            R_ld(r, HZ, i * ny + j);
            R_ld(r, HZ, (i - 1) * ny + j);
            R_alu(r);
            R_st(r, EY, i * ny + j);
        }
        break;
    case 1: /* ex = ex - 0.5f*(hz[i][j] - hz[i][j-1]) */
        if (!((i < nx) && (j < ny) && (j > 0))) return;
        R_ld(r, EX, i * ny + j);
        R_ld(r, HZ, i * ny + j);
        R_ld(r, HZ, i * ny + (j - 1));
        R_alu(r);
        R_st(r, EX, i * ny + j);
        break;
    default: /* hz = hz - 0.7f*(ex[i][j+1] - ex[i][j] + ey[i+1][j] - ey[i][j]) */
        if (!((i < nx - 1) && (j < ny - 1))) return;
        R_ld(r, HZ, i * ny + j);
        R_ld(r, EX, i * ny + (j + 1));
        R_ld(r, EX, i * ny + j);
        R_ld(r, EY, (i + 1) * ny + j);
        R_ld(r, EY, i * ny + j);
        R_alu(r);
        R_st(r, HZ, i * ny + j);
        break;
    }
}
static void e_fdtd(const tk_ctx *c, tk_expect *e)
{
    int64_t nx = c->s[0], ny = c->s[1], T = c->tmax;
    enum { FICT, EX, EY, HZ };
    e->reads[FICT] = T * ny;
    e->dread[FICT] = T;
    e->writes[FICT] = e->dwrite[FICT] = 0;
    e->reads[EY] = T * ((nx - 1) * ny + 2 * (nx - 1) * (ny - 1));
    e->writes[EY] = T * nx * ny;
    e->dread[EY] = (nx - 1) * ny + (ny - 1);
    e->dwrite[EY] = nx * ny;
    e->reads[EX] = T * (nx * (ny - 1) + 2 * (nx - 1) * (ny - 1));
    e->writes[EX] = T * nx * (ny - 1);
    e->dread[EX] = (nx - 1) * ny + (ny - 1);
    e->dwrite[EX] = nx * (ny - 1);
    e->reads[HZ] = T * (2 * (nx - 1) * ny + 2 * nx * (ny - 1) + (nx - 1) * (ny - 1));
    e->writes[HZ] = T * (nx - 1) * (ny - 1);
    e->dread[HZ] = nx * ny;
    e->dwrite[HZ] = (nx - 1) * (ny - 1);
}

/* ------------------------------------------------------------------ GEMM */
/* sizes NI NJ NK; arrays A B C; grid as the host: (ceil(NI/32), ceil(NJ/8)) */
static void d_gemm(tk_ctx *c, int64_t e[], int64_t *nl, int64_t sz[4])
{
    int64_t ni, nj, nk;
    ni = c->s[0] = tk_size(512, c->scale);
    nj = c->s[1] = tk_size(512, c->scale);
    nk = c->s[2] = tk_size(512, c->scale);
    e[0] = ni * nk;
    e[1] = nk * nj;
    e[2] = ni * nj;
    *nl = 1;
    sz[0] = ni;
    sz[1] = nj;
    sz[2] = nk;
}
static void s_gemm(const tk_ctx *c, int l, tk_shape *s)
{
    (void)l;
    shape(s, "gemm_kernel", c->s[0], c->s[1], 32, 8);
}
static void r_gemm(const tk_ctx *c, int l, int64_t x, int64_t y, tk_seq *r)
{
    int64_t ni = c->s[0], nj = c->s[1], nk = c->s[2], j = x, i = y, k;
    (void)l;
    if (!((i < ni) && (j < nj))) return;
    A_scale(c, r, 2, i * nj + j);
    for (k = 0; k < nk; k++) { /* c += alpha * a[i*NK+k] * b[k*NJ+j] */
        R_ld(r, 0, i * nk + k);
        R_ld(r, 1, k * nj + j);
        R_alu(r);
        A_iter(c, r, 2, i * nj + j);
    }
    A_final(c, r, 2, i * nj + j);
}
static void e_gemm(const tk_ctx *c, tk_expect *e)
{
    int64_t ni = c->s[0], nj = c->s[1], nk = c->s[2], t = ni * nj;
    e->reads[0] = e->reads[1] = t * nk;
    e->dread[0] = ni * nk;
    e->dread[1] = nk * nj;
    e->writes[0] = e->writes[1] = e->dwrite[0] = e->dwrite[1] = 0;
    e->reads[2] = t;
    e->dread[2] = e->dwrite[2] = t;
    e->writes[2] = c->acc ? t * (nk + 1) : t;
}

/* ------------------------------------------------------------------ GESUMMV */
/* size N; arrays A B x y tmp; block 256x1 */
static void d_gesummv(tk_ctx *c, int64_t e[], int64_t *nl, int64_t sz[4])
{
    int64_t n = c->s[0] = tk_size(4096, c->scale);
    e[0] = e[1] = n * n;
    e[2] = e[3] = e[4] = n;
    *nl = 1;
    sz[0] = n;
}
static void s_gesummv(const tk_ctx *c, int l, tk_shape *s)
{
    (void)l;
    shape(s, "gesummv_kernel", c->s[0], 0, 256, 1);
}
static void r_gesummv(const tk_ctx *c, int l, int64_t x, int64_t y, tk_seq *r)
{
    int64_t n = c->s[0], i = x, k;
    enum { A, B, X, Y, TMP };
    (void)l;
    (void)y;
    if (!(i < n)) return;
    R_ld(r, TMP, i); /* the loop's first tmp[i] += and y[i] += read them */
    R_ld(r, Y, i);
    for (k = 0; k < n; k++) {
        R_ld(r, A, i * n + k); /* tmp[i] += A[i*N+j] * x[j] */
        R_ld(r, X, k);
        R_alu(r);
        A_iter(c, r, TMP, i);
        R_ld(r, B, i * n + k); /* y[i] += B[i*N+j] * x[j] */
        if (c->acc) R_ld(r, X, k); /* reloaded only after a store that may alias it */
        R_alu(r);
        A_iter(c, r, Y, i);
    }
    A_final(c, r, TMP, i);
    R_alu(r); /* y[i] = alpha * tmp[i] + beta * y[i] */
    R_st(r, Y, i);
}
static void e_gesummv(const tk_ctx *c, tk_expect *e)
{
    int64_t n = c->s[0];
    enum { A, B, X, Y, TMP };
    e->reads[A] = e->reads[B] = n * n;
    e->dread[A] = e->dread[B] = n * n;
    e->writes[A] = e->writes[B] = e->dwrite[A] = e->dwrite[B] = 0;
    e->reads[X] = c->acc ? 2 * n * n : n * n;
    e->dread[X] = n;
    e->writes[X] = e->dwrite[X] = 0;
    e->reads[TMP] = e->reads[Y] = n;
    e->dread[TMP] = e->dread[Y] = n;
    e->writes[TMP] = c->acc ? n * n : n;
    e->writes[Y] = c->acc ? n * n + n : n;
    e->dwrite[TMP] = e->dwrite[Y] = n;
}

/* ------------------------------------------------------------------ MVT */
/* size N; arrays a x1 x2 y_1 y_2; block 256x1 (deviation W9) */
static void d_mvt(tk_ctx *c, int64_t e[], int64_t *nl, int64_t sz[4])
{
    int64_t n = c->s[0] = tk_size(4096, c->scale);
    e[0] = n * n;
    e[1] = e[2] = e[3] = e[4] = n;
    *nl = 2;
    sz[0] = n;
}
static void s_mvt(const tk_ctx *c, int l, tk_shape *s)
{
    shape(s, l == 0 ? "mvt_kernel1" : "mvt_kernel2", c->s[0], 0, 256, 1);
}
static void r_mvt(const tk_ctx *c, int l, int64_t x, int64_t y, tk_seq *r)
{
    int64_t n = c->s[0], i = x, k;
    int xo = l == 0 ? 1 : 2, yo = l == 0 ? 3 : 4;
    (void)y;
    if (!(i < n)) return;
    R_ld(r, xo, i); /* x[i] += ... reads x[i] first */
    for (k = 0; k < n; k++) {
        R_ld(r, 0, l == 0 ? i * n + k : k * n + i); /* a[i*N+j] or a[j*N+i] */
        R_ld(r, yo, k);
        R_alu(r);
        A_iter(c, r, xo, i);
    }
    A_final(c, r, xo, i);
}
static void e_mvt(const tk_ctx *c, tk_expect *e)
{
    int64_t n = c->s[0], R = 1;
    int a;
    e->reads[0] = 2 * R * n * n;
    e->dread[0] = n * n;
    e->writes[0] = e->dwrite[0] = 0;
    for (a = 1; a <= 2; a++) { /* x1, x2 */
        e->reads[a] = R * n;
        e->dread[a] = e->dwrite[a] = n;
        e->writes[a] = c->acc ? R * n * n : R * n;
    }
    for (a = 3; a <= 4; a++) { /* y_1, y_2 */
        e->reads[a] = R * n * n;
        e->dread[a] = n;
        e->writes[a] = e->dwrite[a] = 0;
    }
}

/* ------------------------------------------------------------------ SYR2K, SYRK */
/* sizes NI NJ; syr2k arrays A B C, syrk arrays A C; grid (ceil(NI/32), ceil(NI/8)) */
static void d_syr2k(tk_ctx *c, int64_t e[], int64_t *nl, int64_t sz[4])
{   /* PolyBench/GPU 1.0 (2012) syr2k.cu: N = M = 2048 */
    int64_t ni = c->s[0] = tk_size(2048, c->scale), nj = c->s[1] = tk_size(2048, c->scale);
    e[0] = e[1] = ni * nj;
    e[2] = ni * ni;
    *nl = 1;
    sz[0] = ni;
    sz[1] = nj;
}
static void d_syrk(tk_ctx *c, int64_t e[], int64_t *nl, int64_t sz[4])
{
    int64_t ni = c->s[0] = tk_size(1024, c->scale), nj = c->s[1] = tk_size(1024, c->scale);
    e[0] = ni * nj;
    e[1] = ni * ni;
    *nl = 1;
    sz[0] = ni;
    sz[1] = nj;
}
static void s_syr2k(const tk_ctx *c, int l, tk_shape *s)
{
    (void)l;
    shape(s, "syr2k_kernel", c->s[0], c->s[0], 32, 8);
}
static void s_syrk(const tk_ctx *c, int l, tk_shape *s)
{
    (void)l;
    shape(s, "syrk_kernel", c->s[0], c->s[0], 32, 8);
}
static void r_syr2k(const tk_ctx *c, int l, int64_t x, int64_t y, tk_seq *r)
{
    int64_t ni = c->s[0], nj = c->s[1], j = x, i = y, k;
    (void)l;
    if (!((i < ni) && (j < ni))) return;
    A_scale(c, r, 2, i * ni + j);
    for (k = 0; k < nj; k++) { /* alpha*a[i][k]*b[j][k] + alpha*b[i][k]*a[j][k] */
        R_ld(r, 0, i * nj + k);
        R_ld(r, 1, j * nj + k);
        R_ld(r, 1, i * nj + k);
        R_ld(r, 0, j * nj + k);
        R_alu(r);
        A_iter(c, r, 2, i * ni + j);
    }
    A_final(c, r, 2, i * ni + j);
}
static void r_syrk(const tk_ctx *c, int l, int64_t x, int64_t y, tk_seq *r)
{
    int64_t ni = c->s[0], nj = c->s[1], j = x, i = y, k;
    (void)l;
    if (!((i < ni) && (j < ni))) return;
    A_scale(c, r, 1, i * ni + j);
    for (k = 0; k < nj; k++) { /* alpha * a[i*NJ+k] * a[j*NJ+k] */
        R_ld(r, 0, i * nj + k);
        R_ld(r, 0, j * nj + k);
        R_alu(r);
        A_iter(c, r, 1, i * ni + j);
    }
    A_final(c, r, 1, i * ni + j);
}
static void e_syr2k(const tk_ctx *c, tk_expect *e)
{
    int64_t ni = c->s[0], nj = c->s[1], t = ni * ni;
    e->reads[0] = e->reads[1] = 2 * t * nj;
    e->dread[0] = e->dread[1] = ni * nj;
    e->writes[0] = e->writes[1] = e->dwrite[0] = e->dwrite[1] = 0;
    e->reads[2] = t;
    e->dread[2] = e->dwrite[2] = t;
    e->writes[2] = c->acc ? t * (nj + 1) : t;
}
static void e_syrk(const tk_ctx *c, tk_expect *e)
{
    int64_t ni = c->s[0], nj = c->s[1], t = ni * ni;
    e->reads[0] = 2 * t * nj;
    e->dread[0] = ni * nj;
    e->writes[0] = e->dwrite[0] = 0;
    e->reads[1] = t;
    e->dread[1] = e->dwrite[1] = t;
    e->writes[1] = c->acc ? t * (nj + 1) : t;
}

static const tk_work tk_works[] = {
    {"2dconv", "CI", 2, {"A", "B"}, d_2dconv, s_2dconv, r_2dconv, e_2dconv},
    {"2mm", "CI", 5, {"tmp", "A", "B", "C", "D"}, d_2mm, s_2mm, r_2mm, e_2mm},
    {"3dconv", "CI", 2, {"A", "B"}, d_3dconv, s_3dconv, r_3dconv, e_3dconv},
    {"3mm", "CI", 7, {"A", "B", "C", "D", "E", "F", "G"}, d_3mm, s_3mm, r_3mm, e_3mm},
    {"atax", "IW", 4, {"A", "x", "y", "tmp"}, d_atax, s_atax, r_atax, e_atax},
    {"bicg", "IW", 5, {"A", "r", "s", "p", "q"}, d_bicg, s_bicg, r_bicg, e_bicg},
    {"fdtd", "CI", 4, {"_fict_", "ex", "ey", "hz"}, d_fdtd, s_fdtd, r_fdtd, e_fdtd},
    {"gemm", "CI", 3, {"A", "B", "C"}, d_gemm, s_gemm, r_gemm, e_gemm},
    {"gesummv", "IW", 5, {"A", "B", "x", "y", "tmp"}, d_gesummv, s_gesummv, r_gesummv,
     e_gesummv},
    {"mvt", "IW", 5, {"a", "x1", "x2", "y_1", "y_2"}, d_mvt, s_mvt, r_mvt, e_mvt},
    {"syr2k", "XW", 3, {"A", "B", "C"}, d_syr2k, s_syr2k, r_syr2k, e_syr2k},
    {"syrk", "XW", 2, {"A", "C"}, d_syrk, s_syrk, r_syrk, e_syrk},
};
#define TK_NWORK ((int)(sizeof tk_works / sizeof tk_works[0]))

/* ------------------------------------------------------------------ the model's walk */

/* Thread (x, y)'s accesses in launch L, walked as the model issues them. Counts
 * out-of-bounds accesses in *oob. */
static void walk_thread(const gk_workload *w, const gk_launch *L, int64_t x, int64_t y,
                        tk_seq *s, int64_t *oob)
{
    int sect, i;
    int64_t k;
    if (L->guard && !L->guard(L, x, y)) return;
    for (sect = GK_PRO; sect <= GK_EPI; sect++) {
        int64_t reps = sect == GK_BODY ? L->trip : 1;
        for (k = 0; k < reps; k++) {
            for (i = 0; i < L->nops; i++) {
                const gk_op *o = &L->ops[i];
                if (o->sect != sect) continue;
                if (o->when && !o->when(L, x, y)) continue;
                if (o->kind == GK_ALU) {
                    seq_push(s, GK_ALU, -1, 0);
                } else if (o->kind == GK_LOAD || o->kind == GK_STORE) {
                    int64_t idx = o->idx(L, x, y, sect == GK_BODY ? k : 0);
                    const gk_array *a = &w->arr[o->arr];
                    uint64_t ad = gk_addr(w, L, o, x, y, sect == GK_BODY ? k : 0);
                    if (o->arr >= w->narr || idx < 0 || (uint64_t)idx >= a->elems ||
                        ad < a->base || ad + a->esize > a->base + a->elems * a->esize)
                        (*oob)++;
                    seq_push(s, o->kind, o->arr, idx);
                }
            }
        }
    }
}

/* Build one configuration and check it against the reference. */
static void check_config(const tk_work *tw, double scale, int acc, int64_t tsteps)
{
    gk_workload w, w2;
    gk_opts o;
    tk_ctx c;
    char err[256], what[200];
    int64_t elems[GK_MAX_ARRAYS], nlaunch, size[4] = {0, 0, 0, 0};
    int64_t reads[GK_MAX_ARRAYS], writes[GK_MAX_ARRAYS], oob = 0, mism = 0, shapes_ok = 1;
    uint32_t *rc[GK_MAX_ARRAYS], *wc[GK_MAX_ARRAYS];
    tk_seq ws = {NULL, 0, 0}, rs = {NULL, 0, 0};
    tk_expect ex;
    int a, l, i, ok, order_ok = 1, lat_ok = 1, pc_ok = 1;

    memset(&o, 0, sizeof o);
    o.scale = scale;
    o.accum_in_mem = acc;
    o.tsteps = tsteps;
    memset(&c, 0, sizeof c);
    c.scale = scale;
    c.acc = acc;
    c.tsteps = tsteps;
    tw->dims(&c, elems, &nlaunch, size);

#define WHAT(s) (snprintf(what, sizeof what, "%s scale %g acc %d: %s", tw->name, scale, acc, s), what)
    ok = gk_build(&w, tw->name, &o, err, sizeof err) == 0;
    UNIT_CHECK(ok, WHAT("builds"));
    if (!ok) {
        fprintf(stderr, "  %s\n", err);
        return;
    }
    UNIT_CHECK(!strcmp(w.name, tw->name) && !strcmp(w.class_, tw->class_),
               WHAT("name and Table 2 class"));
    UNIT_CHECK(w.size[0] == size[0] && w.size[1] == size[1] && w.size[2] == size[2] &&
                   w.size[3] == size[3],
               WHAT("reported sizes are the scaled defaults"));

    /* arrays: host allocation order, sizes, float elements, 256-byte aligned layout */
    ok = w.narr == tw->narr;
    for (a = 0; ok && a < w.narr; a++) {
        uint64_t want = a == 0 ? 0x10000000ull
                               : (w.arr[a - 1].base + w.arr[a - 1].elems * 4 + 255) & ~255ull;
        ok = !strcmp(w.arr[a].name, tw->arr[a]) && (int64_t)w.arr[a].elems == elems[a] &&
             w.arr[a].esize == 4 && w.arr[a].base == want && w.arr[a].base % 256 == 0;
    }
    UNIT_CHECK(ok, WHAT("arrays in host order, sizes, 4-byte elements, 256-byte layout"));
    UNIT_CHECK(w.nlaunch == nlaunch, WHAT("launch count of the host code"));
    if (!ok || w.nlaunch != nlaunch) {
        gk_free(&w);
        return;
    }

    for (a = 0; a < w.narr; a++) {
        rc[a] = calloc((size_t)w.arr[a].elems, sizeof *rc[a]);
        wc[a] = calloc((size_t)w.arr[a].elems, sizeof *wc[a]);
        reads[a] = writes[a] = 0;
    }

    for (l = 0; l < w.nlaunch; l++) {
        const gk_launch *L = &w.launch[l];
        tk_shape sh;
        int64_t bx, by, tx, ty;
        tw->shape(&c, l, &sh);
        if (!L->kernel || strcmp(L->kernel, sh.kernel) || L->grid_x != sh.gx || L->grid_y != sh.gy ||
            L->block_x != sh.bx || L->block_y != sh.by || L->block_x * L->block_y > 1024) {
            if (shapes_ok)
                fprintf(stderr, "  %s launch %d: %s grid %ux%u block %ux%u, want %s %lldx%lld\n",
                        tw->name, l, L->kernel ? L->kernel : "(none)", L->grid_x, L->grid_y, L->block_x, L->block_y,
                        sh.kernel, (long long)sh.gx, (long long)sh.gy);
            shapes_ok = 0;
        }
        for (i = 0; i < L->nops; i++) {
            if (i > 0 && L->ops[i].sect < L->ops[i - 1].sect) order_ok = 0;
            if (L->ops[i].sect > GK_EPI || L->ops[i].kind > GK_BAR) order_ok = 0;
            if (L->ops[i].kind == GK_ALU && L->ops[i].lat == 0) lat_ok = 0;
            if ((L->ops[i].kind == GK_LOAD || L->ops[i].kind == GK_STORE) && !L->ops[i].idx)
                order_ok = 0;
        }
        if (L->trip < 0) order_ok = 0;
        for (by = 0; by < L->grid_y; by++)
            for (bx = 0; bx < L->grid_x; bx++)
                for (ty = 0; ty < L->block_y; ty++)
                    for (tx = 0; tx < L->block_x; tx++) {
                        int64_t x = bx * L->block_x + tx, y = by * L->block_y + ty;
                        size_t q;
                        ws.n = rs.n = 0;
                        walk_thread(&w, L, x, y, &ws, &oob);
                        tw->ref(&c, l, x, y, &rs);
                        for (q = 0; q < ws.n && q < rs.n; q++)
                            if (ws.a[q].kind != rs.a[q].kind || ws.a[q].arr != rs.a[q].arr ||
                                ws.a[q].idx != rs.a[q].idx)
                                break;
                        if (q < ws.n || q < rs.n) {
                            if (!mism)
                                fprintf(stderr,
                                        "  %s acc %d launch %d thread (%lld,%lld): access %zu "
                                        "of %zu/%zu differs: model %d/%d/%lld, source "
                                        "%d/%d/%lld\n",
                                        tw->name, acc, l, (long long)x, (long long)y, q, ws.n,
                                        rs.n, q < ws.n ? ws.a[q].kind : -1,
                                        q < ws.n ? ws.a[q].arr : -1,
                                        q < ws.n ? (long long)ws.a[q].idx : -1LL,
                                        q < rs.n ? rs.a[q].kind : -1,
                                        q < rs.n ? rs.a[q].arr : -1,
                                        q < rs.n ? (long long)rs.a[q].idx : -1LL);
                            mism++;
                        }
                        for (q = 0; q < ws.n; q++) {
                            const tk_acc *p = &ws.a[q];
                            if (p->kind == GK_ALU || p->arr < 0 || p->arr >= w.narr ||
                                p->idx < 0 || (uint64_t)p->idx >= w.arr[p->arr].elems)
                                continue;
                            if (p->kind == GK_LOAD) {
                                reads[p->arr]++;
                                rc[p->arr][p->idx]++;
                            } else {
                                writes[p->arr]++;
                                wc[p->arr][p->idx]++;
                            }
                        }
                    }
    }
    UNIT_CHECK(shapes_ok, WHAT("kernel names, grids and blocks as the host computes them"));
    UNIT_CHECK(order_ok, WHAT("ops in prologue, body, epilogue order; memory ops have idx"));
    UNIT_CHECK(lat_ok, WHAT("ALU ops have a latency"));
    UNIT_CHECK(oob == 0, WHAT("every address inside its array"));
    UNIT_CHECK(mism == 0, WHAT("every thread's accesses equal the CUDA source's"));

    /* counts against the hand-derived formulas */
    memset(&ex, 0, sizeof ex);
    tw->expect(&c, &ex);
    for (a = 0; a < w.narr; a++) {
        int64_t dr = 0, dw = 0;
        uint64_t e;
        for (e = 0; e < w.arr[a].elems; e++) {
            dr += rc[a][e] != 0;
            dw += wc[a][e] != 0;
        }
        ok = reads[a] == ex.reads[a] && writes[a] == ex.writes[a] && dr == ex.dread[a] &&
             dw == ex.dwrite[a];
        if (!ok)
            fprintf(stderr, "  %s acc %d array %s: reads %lld/%lld writes %lld/%lld distinct "
                            "read %lld/%lld written %lld/%lld (model/formula)\n",
                    tw->name, acc, w.arr[a].name, (long long)reads[a], (long long)ex.reads[a],
                    (long long)writes[a], (long long)ex.writes[a], (long long)dr,
                    (long long)ex.dread[a], (long long)dw, (long long)ex.dwrite[a]);
        snprintf(what, sizeof what, "%s scale %g acc %d: array %s read/write counts match formulas",
                 tw->name, scale, acc, w.arr[a].name);
        UNIT_CHECK(ok, what);
        free(rc[a]);
        free(wc[a]);
    }

    /* PCs: one per static instruction (kernel, op index), distinct across the workload */
    for (l = 0; l < w.nlaunch && pc_ok && shapes_ok; l++) {
        int l2, m;
        for (i = 0; i < w.launch[l].nops && pc_ok; i++)
            for (l2 = l; l2 < w.nlaunch && pc_ok; l2++)
                for (m = 0; m < w.launch[l2].nops; m++) {
                    int same = !strcmp(w.launch[l].kernel, w.launch[l2].kernel) && i == m;
                    int eq = w.launch[l].ops[i].pc == w.launch[l2].ops[m].pc;
                    if ((l2 != l || m != i) && same != eq) pc_ok = 0;
                }
    }
    UNIT_CHECK(pc_ok, WHAT("PCs distinct per static instruction, stable across launches"));

    /* determinism */
    ok = gk_build(&w2, tw->name, &o, err, sizeof err) == 0 && w2.nlaunch == w.nlaunch &&
         w2.narr == w.narr && !memcmp(w2.arr, w.arr, sizeof w.arr) &&
         !memcmp(w2.size, w.size, sizeof w.size);
    for (l = 0; ok && l < w.nlaunch; l++) {
        const gk_launch *A = &w.launch[l], *B = &w2.launch[l];
        ok = A->kernel && B->kernel && !strcmp(A->kernel, B->kernel) && A->grid_x == B->grid_x &&
             A->grid_y == B->grid_y && A->block_x == B->block_x && A->block_y == B->block_y &&
             !memcmp(A->p, B->p, sizeof A->p) && A->trip == B->trip && A->guard == B->guard &&
             A->nops == B->nops;
        for (i = 0; ok && i < A->nops; i++)
            ok = A->ops[i].kind == B->ops[i].kind && A->ops[i].sect == B->ops[i].sect &&
                 A->ops[i].lat == B->ops[i].lat && A->ops[i].arr == B->ops[i].arr &&
                 A->ops[i].pc == B->ops[i].pc && A->ops[i].idx == B->ops[i].idx &&
                 A->ops[i].when == B->ops[i].when;
    }
    UNIT_CHECK(ok, WHAT("a second build is identical"));
    gk_free(&w2);
    gk_free(&w);
    free(ws.a);
    free(rs.a);
#undef WHAT
}

/* ------------------------------------------------------------------ errors, names */

static void check_errors(void)
{
    gk_workload w;
    gk_opts o;
    char err[256];
    static const double bad[] = {0.0, -1.0, 1e9};
    unsigned i;
    int rc;

    memset(&o, 0, sizeof o);
    o.scale = 1.0;
    rc = gk_build(&w, "nosuch", &o, err, sizeof err);
    UNIT_CHECK(rc != 0 && strstr(err, "nosuch") && !strchr(err, '\n'),
               "unknown workload refused, naming it, one line");
    UNIT_CHECK(w.launch == NULL && w.nlaunch == 0, "failed build leaves nothing to free");
    gk_free(&w);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        o.scale = bad[i];
        err[0] = '\0';
        rc = gk_build(&w, "gemm", &o, err, sizeof err);
        UNIT_CHECK(rc != 0 && strstr(err, "scale") && !strchr(err, '\n'),
                   "scale <= 0 or absurd refused with a message");
        gk_free(&w);
    }
    o.scale = nan("");
    rc = gk_build(&w, "gemm", &o, err, sizeof err);
    UNIT_CHECK(rc != 0 && strstr(err, "scale"), "NaN scale refused");
    gk_free(&w);
    o.scale = 8.0; /* 3dconv: 2048^3 elements do not fit the sources' int indices */
    rc = gk_build(&w, "3dconv", &o, err, sizeof err);
    UNIT_CHECK(rc != 0 && strstr(err, "3dconv") && strstr(err, "array A"),
               "size overflow refused, naming workload and array");
    gk_free(&w);
    o.scale = 1.0;
    o.tsteps = -1;
    rc = gk_build(&w, "fdtd", &o, err, sizeof err);
    UNIT_CHECK(rc != 0 && strstr(err, "tsteps"), "negative tsteps refused");
    gk_free(&w);
    o.scale = 1.0 / 64;
    o.tsteps = 1000000;
    rc = gk_build(&w, "fdtd", &o, err, sizeof err);
    UNIT_CHECK(rc != 0 && strstr(err, "fdtd"), "too many fdtd launches refused");
    gk_free(&w);
    o.tsteps = 0;
    o.scale = 1e-9; /* every size rounds up to 1: still valid */
    rc = gk_build(&w, "2mm", &o, err, sizeof err);
    UNIT_CHECK(rc == 0 && w.size[0] == 1 && w.launch[0].grid_x == 1 && w.launch[0].trip == 1,
               "tiny scale gives size 1, not 0");
    gk_free(&w);
    o.scale = 1.0;
    rc = gk_build(&w, "fdtd", &o, err, sizeof err);
    UNIT_CHECK(rc == 0 && w.nlaunch == 1500 && w.size[0] == 2048 && w.launch[0].grid_x == 64 &&
                   w.launch[0].grid_y == 256,
               "fdtd at scale 1: TMAX 500 (1500 launches), NX = NY = 2048, grid 64x256");
    gk_free(&w);
    rc = gk_build(&w, "atax", &o, err, sizeof err);
    UNIT_CHECK(rc == 0 && w.launch[0].grid_x == 16 && w.launch[0].block_x == 256 && w.launch[0].block_y == 1 &&
                   w.launch[0].trip == 4096,
               "atax at scale 1: grid 16, block 256x1, 4096 iterations");
    gk_free(&w);
}

static void check_names(void)
{
    int i, ok = gk_count() == 12 && gk_name(12) == NULL && gk_name(-1) == NULL;
    for (i = 0; ok && i < gk_count(); i++)
        ok = gk_name(i) && !strcmp(gk_name(i), tk_works[i].name) &&
             strstr(gk_names(), gk_name(i)) != NULL;
    UNIT_CHECK(ok, "12 workloads, names in seed 000 Table 2 order, listed by gk_names");
}

void test_kernels(void)
{
    int i;
    check_names();
    check_errors();
    for (i = 0; i < TK_NWORK; i++) {
        check_config(&tk_works[i], 1.0 / 64, 0, 0);
        check_config(&tk_works[i], 0.03, 1, 0);
        check_config(&tk_works[i], 0.03, 0, 0);
    }
    check_config(&tk_works[6], 0.02, 1, 2); /* fdtd with explicit time steps */
}
