/*
 * cfd.c: Rodinia 3.1 CFD solver (cfd/euler3d.cu: cuda_initialize_variables,
 * cuda_compute_step_factor, cuda_compute_flux, cuda_time_step; block 192, NNB 4, NVAR 5,
 * RK 3, iterations 2000); docs/workloads/cfd.md gives the instruction order and the
 * mesh generator, which tb/streams/cfd.py implements again.
 *
 * Mesh: fvcorr.domn.097K (97046 elements) cannot be read; a generated unstructured mesh
 * of the same element count, 4 neighbours per element (a tetrahedron's faces), takes its
 * place: a 3-D lattice of cells (s x s x nz, s^3 >= nel) in which each cell links to x-1,
 * x+1 and one y and one z neighbour chosen by the parity of x+y+z (so links are
 * symmetric), links leaving the box are far-field boundaries (-2), z links through a
 * wing plate are wing boundaries (-1); cells are then shuffled within windows of 64
 * (splitmix64 seeded by --seed), which keeps the mesh's locality but makes the
 * neighbour gathers irregular, as in a renumbered unstructured mesh.
 * Host: nelr = 192 * ceil(nel / 192); initialize_variables on variables, old_variables,
 * fluxes; then `iterations` times: compute_step_factor, 3 x (compute_flux, time_step(j))
 * (the copy of variables to old_variables is a cudaMemcpy, not a kernel). iterations is
 * 2000 at scale 1: opts->tsteps if > 0, else round(2000 * scale), at least 1 (as fdtd).
 */
#include <stdlib.h>

#include "gk_app.h"

#define CFD_NEL 97046
#define CFD_BS 192
#define CFD_NNB 4
#define CFD_NVAR 5
#define CFD_NDIM 3
#define CFD_RK 3
#define CFD_ITER 2000
#define CFD_WIN 64

enum { A_AREAS, A_ESE, A_NORMALS, A_VARS, A_OLD, A_FLUX, A_STEP };

/* kernel 1: variables[i + j*nelr] = ff_variable[j] (constant memory, not modelled) */
static void cfd_init(gk_warp *c)
{
    int64_t nelr = c->L->p[0];
    int arr = (int)c->L->p[1];
    int64_t idx[32];
    for (int j = 0; j < CFD_NVAR; j++) {
        for (unsigned l = 0; l < 32; l++) idx[l] = c->gx[l] + j * nelr;
        gw_st(c, 0x108, c->valid, arr, idx);
    }
}

/* kernel 2 */
static void cfd_step_factor(gk_warp *c)
{
    int64_t nelr = c->L->p[0];
    int64_t idx[32];
    uint32_t all = c->valid;
    for (int v = 0; v < CFD_NVAR; v++) {
        for (unsigned l = 0; l < 32; l++) idx[l] = c->gx[l] + v * nelr;
        gw_ld(c, 0x208 + 8 * (uint32_t)v, all, A_VARS, idx); /* 0x208 .. 0x228 */
    }
    gw_alu(c, 0x230, all, 40); /* velocity, speed_sqd, pressure, speed_of_sound */
    gw_ld(c, 0x238, all, A_AREAS, c->gx);
    gw_alu(c, 0x240, all, 12);
    gw_st(c, 0x248, all, A_STEP, c->gx);
}

/* kernel 3 */
static void cfd_flux(gk_warp *c)
{
    const int32_t *ese = c->w->data[A_ESE];
    int64_t nelr = c->L->p[0];
    int64_t idx[32], nb[32];
    uint32_t all = c->valid;
    for (int v = 0; v < CFD_NVAR; v++) {
        for (unsigned l = 0; l < 32; l++) idx[l] = c->gx[l] + v * nelr;
        gw_ld(c, 0x308 + 8 * (uint32_t)v, all, A_VARS, idx); /* 0x308 .. 0x328 */
    }
    gw_alu(c, 0x330, all, 44); /* the element's velocity .. flux contributions */
    for (int j = 0; j < CFD_NNB; j++) {
        uint32_t in = 0, wing = 0, far = 0;
        for (unsigned l = 0; l < 32; l++) {
            idx[l] = c->gx[l] + j * nelr;
            if (!(all >> l & 1)) continue;
            nb[l] = ese[idx[l]];
            if (nb[l] >= 0) in |= 1u << l;
            else if (nb[l] == -1) wing |= 1u << l;
            else if (nb[l] == -2) far |= 1u << l;
        }
        gw_ld(c, 0x338, all, A_ESE, idx);
        for (int k = 0; k < CFD_NDIM; k++) {
            for (unsigned l = 0; l < 32; l++) idx[l] = c->gx[l] + (j + k * CFD_NNB) * nelr;
            gw_ld(c, 0x340 + 8 * (uint32_t)k, all, A_NORMALS, idx); /* 0x340 .. 0x350 */
        }
        gw_alu(c, 0x358, all, 16); /* normal_len */
        for (int v = 0; v < CFD_NVAR; v++) {
            for (unsigned l = 0; l < 32; l++) idx[l] = (in >> l & 1) ? nb[l] + v * nelr : 0;
            gw_ld(c, 0x360 + 8 * (uint32_t)v, in, A_VARS, idx); /* 0x360 .. 0x380 */
        }
        gw_alu(c, 0x388, in, 80);  /* the neighbour's flux, viscosity, accumulation */
        gw_alu(c, 0x390, wing, 8); /* flux_i_momentum += normal * pressure_i */
        gw_alu(c, 0x398, far, 24); /* far field (constant memory) */
    }
    for (int v = 0; v < CFD_NVAR; v++) {
        for (unsigned l = 0; l < 32; l++) idx[l] = c->gx[l] + v * nelr;
        gw_st(c, 0x3a0 + 8 * (uint32_t)v, all, A_FLUX, idx); /* 0x3a0 .. 0x3c0 */
    }
}

/* kernel 4: the five statements in source order: density, density_energy, momentum x,
   y, z */
static void cfd_time_step(gk_warp *c)
{
    static const int order[CFD_NVAR] = {0, 4, 1, 2, 3};
    int64_t nelr = c->L->p[0];
    int64_t idx[32];
    uint32_t all = c->valid;
    gw_ld(c, 0x408, all, A_STEP, c->gx);
    gw_alu(c, 0x410, all, 4); /* / (RK+1-j) */
    for (int s = 0; s < CFD_NVAR; s++) {
        uint32_t pc = 0x418 + 0x20 * (uint32_t)s;
        for (unsigned l = 0; l < 32; l++) idx[l] = c->gx[l] + order[s] * nelr;
        gw_ld(c, pc, all, A_OLD, idx);
        gw_ld(c, pc + 8, all, A_FLUX, idx);
        gw_alu(c, pc + 16, all, 8);
        gw_st(c, pc + 24, all, A_VARS, idx);
    }
}

/* the generated mesh into ese (nelr * 4 ints, element i's j-th neighbour at i + j*nelr) */
static int cfd_mesh(gka_ctx *c, int32_t *ese, int64_t nel, int64_t nelr)
{
    int64_t s = 1;
    while (s * s * s < nel) s++;
    int64_t nx = s, ny = s, nz = (nel + s * s - 1) / (s * s);
    int64_t zw = nz / 2, x0 = nx / 4, x1 = 3 * nx / 4, y0 = ny / 4, y1 = 3 * ny / 4;
    int32_t *perm = calloc((size_t)nel, sizeof *perm);
    if (!perm) return gka_fail(c, "out of memory");
    for (int64_t i = 0; i < nel; i++) perm[i] = (int32_t)i;
    gka_rng r = {c->o->seed};
    for (int64_t k = 0; k < nel; k += CFD_WIN) {
        int64_t len = nel - k < CFD_WIN ? nel - k : CFD_WIN;
        for (int64_t i = len - 1; i >= 1; i--) {
            int64_t j = (int64_t)(gka_next(&r) % (uint64_t)(i + 1));
            int32_t t = perm[k + i];
            perm[k + i] = perm[k + j];
            perm[k + j] = t;
        }
    }
    for (int64_t cell = 0; cell < nel; cell++) {
        int64_t x = cell % nx, y = cell / nx % ny, z = cell / (nx * ny);
        int64_t up = (x + y + z) % 2 == 0 ? 1 : -1;
        int64_t nbx[CFD_NNB][3] = {{x - 1, y, z}, {x + 1, y, z}, {x, y + up, z}, {x, y, z + up}};
        for (int j = 0; j < CFD_NNB; j++) {
            int64_t a = nbx[j][0], b = nbx[j][1], d = nbx[j][2], v;
            if (a < 0 || a >= nx || b < 0 || b >= ny || d < 0 || d >= nz) v = -2;
            else if (j == 3 && (z < d ? z : d) == zw - 1 && x >= x0 && x < x1 && y >= y0 && y < y1) v = -1;
            else {
                int64_t nc = a + nx * (b + ny * d);
                v = nc < nel ? perm[nc] : -2;
            }
            ese[perm[cell] + j * nelr] = (int32_t)v;
        }
    }
    for (int64_t i = nel; i < nelr; i++)
        for (int j = 0; j < CFD_NNB; j++) ese[i + j * nelr] = ese[nel - 1 + j * nelr];
    free(perm);
    return 0;
}

/* registers: estimates (no published ptxas figure found) */
#define CFD_REGS_INIT 8
#define CFD_REGS_STEP 20
#define CFD_REGS_FLUX 40
#define CFD_REGS_TIME 14

int gka_build_cfd(gka_ctx *c);
int gka_build_cfd(gka_ctx *c)
{
    int64_t nel = gka_scaled(c, CFD_NEL, 1);
    int64_t nelr = CFD_BS * ((nel + CFD_BS - 1) / CFD_BS);
    int64_t iters = c->o->tsteps > 0 ? c->o->tsteps : gka_scaled(c, CFD_ITER, 1);
    if (gka_array(c, "areas", nelr, 4) < 0 || gka_array(c, "elements_surrounding_elements", nelr * CFD_NNB, 4) < 0 ||
        gka_array(c, "normals", nelr * CFD_NDIM * CFD_NNB, 4) < 0 || gka_array(c, "variables", nelr * CFD_NVAR, 4) < 0 ||
        gka_array(c, "old_variables", nelr * CFD_NVAR, 4) < 0 || gka_array(c, "fluxes", nelr * CFD_NVAR, 4) < 0 ||
        gka_array(c, "step_factors", nelr, 4) < 0)
        return 1;
    int32_t *ese = gka_data(c, A_ESE);
    if (!ese || cfd_mesh(c, ese, nel, nelr)) return 1;
    uint32_t g = (uint32_t)(nelr / CFD_BS);
    static const int init_arr[3] = {A_VARS, A_OLD, A_FLUX};
    for (int k = 0; k < 3; k++) {
        gk_launch *L = gka_launch(c, "cuda_initialize_variables", cfd_init, g, 1, CFD_BS, 1, CFD_REGS_INIT, 0);
        if (!L) return 1;
        L->p[0] = nelr;
        L->p[1] = init_arr[k];
    }
    for (int64_t it = 0; it < iters; it++) {
        gk_launch *L = gka_launch(c, "cuda_compute_step_factor", cfd_step_factor, g, 1, CFD_BS, 1, CFD_REGS_STEP, 0);
        if (!L) return 1;
        L->p[0] = nelr;
        for (int j = 0; j < CFD_RK; j++) {
            L = gka_launch(c, "cuda_compute_flux", cfd_flux, g, 1, CFD_BS, 1, CFD_REGS_FLUX, 0);
            if (!L) return 1;
            L->p[0] = nelr;
            L = gka_launch(c, "cuda_time_step", cfd_time_step, g, 1, CFD_BS, 1, CFD_REGS_TIME, 0);
            if (!L) return 1;
            L->p[0] = nelr;
            L->p[1] = j;
        }
    }
    c->w->size[0] = nel;
    c->w->size[1] = nelr;
    c->w->size[2] = iters;
    return 0;
}
