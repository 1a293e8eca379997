/*
 * test_apps.c: the warp-program front end (gk_app.h) inside the GPU model, on
 * hand-built launches whose answers are known: shared-memory bank conflicts, thread
 * blocks per SM as GPGPU-Sim's max_cta, atomics at the L2, divergent masks, a barrier
 * some warps of the block never reach.
 */
#include <stdlib.h>
#include <string.h>

#include "gk_app.h"
#include "gpu.h"
#include "gpu_internal.h"
#include "unit.h"

static int c_bind(void *ctx, const blk_kind *k, unsigned index, blk_inst *bi, const void *cfg, char *err, size_t n)
{
    (void)ctx;
    (void)index;
    return blk_bind_c(bi, k, cfg, err, n);
}

/* shared loads with strides of 1, 2, 32 and 33 words and one broadcast word */
static void prog_banks(gk_warp *c)
{
    static const int64_t stride[] = {4, 8, 128, 132, 0};
    int64_t off[32];
    for (unsigned s = 0; s < 5; s++) {
        for (unsigned l = 0; l < 32; l++) off[l] = (int64_t)l * stride[s];
        gw_sld(c, 0x100 + 8 * s, c->valid, off);
    }
}

/* lanes 0-9 load, lanes 0-3 loop twice more; each lane's atomic to one shared counter */
static void prog_diverge(gk_warp *c)
{
    int64_t idx[32], zero[32];
    for (unsigned l = 0; l < 32; l++) {
        idx[l] = c->gx[l];
        zero[l] = 0;
    }
    gw_ld(c, 0x100, 0x3ffu, 0, idx);
    for (int k = 0; k < 2; k++) gw_alu(c, 0x108, 0xfu, 4);
    gw_atom(c, 0x110, c->valid, 1, zero);
}

/* warp 1 of each block exits at once; warp 0 waits at a barrier */
static void prog_exit_bar(gk_warp *c)
{
    if (c->wib == 1) return;
    gw_bar(c, 0x100, c->valid);
    gw_alu(c, 0x108, c->valid, 4);
}

static void prog_alu(gk_warp *c)
{
    for (int i = 0; i < 100; i++) gw_alu(c, 0x100, c->valid, 20);
}

static int one(gk_warp_fn fn, uint32_t grid, uint32_t tpb, uint32_t regs, uint32_t smem, gpu **out, gk_workload *w)
{
    char err[256];
    memset(w, 0, sizeof *w);
    w->name = "unit";
    w->class_ = "-";
    w->suite = "unit";
    w->narr = 2;
    w->arr[0] = (gk_array){"a", 0x10000000, 4096, 4};
    w->arr[1] = (gk_array){"counter", 0x10004000, 1, 4};
    w->launch = calloc(1, sizeof *w->launch);
    w->nlaunch = 1;
    gk_launch *L = &w->launch[0];
    L->kernel = "unit";
    L->warp = fn;
    L->grid_x = grid;
    L->grid_y = 1;
    L->block_x = tpb;
    L->block_y = 1;
    L->regs = regs;
    L->smem = smem;
    gpu_cfg c;
    gpu_cfg_preset(&c, "base-s", err, sizeof err);
    *out = gpu_create(&c, w, 1, c_bind, NULL, err, sizeof err);
    if (!*out) UNIT_CHECK(0, err);
    return *out != NULL;
}

static uint64_t sum_sm(const gpu *g, size_t off)
{
    uint64_t t = 0;
    for (unsigned s = 0; s < g->c.sms; s++) t += *(const uint64_t *)((const char *)&g->sm[s] + off);
    return t;
}

void test_apps(void)
{
    gpu *g;
    gk_workload w;
    if (one(prog_banks, 1, 32, 0, 8192, &g, &w)) {
        UNIT_CHECK(gpu_run(g, stderr) == GPU_DONE, "banks: run completes");
        UNIT_CHECK(sum_sm(g, offsetof(gpu_sm, smem_acc)) == 5 && sum_sm(g, offsetof(gpu_sm, smem_cycles)) == 1 + 2 + 32 + 1 + 1,
                   "shared loads of stride 1, 2, 32, 33 words and a broadcast take 1, 2, 32, 1, 1 bank cycles");
        gpu_destroy(g);
    }
    gk_free(&w);
    /* GPGPU-Sim's max_cta: min(threads / padded, smem / smem, regs / (padded * regs rounded to 4), 8) */
    static const struct { uint32_t tpb, regs, smem, want; const char *what; } occ[] = {
        {256, 32, 20000, 2, "shared memory limits to 2 (49152 / 20000)"},
        {256, 30, 0, 4, "registers limit to 4 (32768 / (256 x 32), 30 rounded up to 32)"},
        {100, 0, 0, 8, "threads padded to 128: 12 by threads, 8 block slots"},
        {512, 0, 0, 3, "threads limit to 3 (1536 / 512)"},
    };
    for (unsigned i = 0; i < sizeof occ / sizeof occ[0]; i++) {
        if (!one(prog_alu, 120, occ[i].tpb, occ[i].regs, occ[i].smem, &g, &w)) continue;
        UNIT_CHECK(g->max_cta == occ[i].want, occ[i].what);
        UNIT_CHECK(gpu_run(g, stderr) == GPU_DONE, "occupancy: run completes");
        int over = 0;
        for (unsigned r = 0; r < g->occ_rows; r++)
            for (unsigned s = 0; s < g->c.sms; s++) {
                uint64_t hi = g->occ_snap[((size_t)r * g->c.sms + s) * OCC_F + OCC_B];
                uint64_t lo = r ? g->occ_snap[((size_t)(r - 1) * g->c.sms + s) * OCC_F + OCC_B] : 0;
                if (hi - lo > (uint64_t)occ[i].want * g->occ_win) over = 1;
            }
        UNIT_CHECK(!over && g->occ_rows > 0, "no SM holds more blocks than max_cta in any residency window");
        gpu_destroy(g);
        gk_free(&w);
    }
    for (int k = 0; k < 2; k++) {
        char err[256];
        gpu_cfg c;
        gpu_cfg_preset(&c, "base-s", err, sizeof err);
        memset(&w, 0, sizeof w);
        w.name = "unit";
        w.launch = calloc(1, sizeof *w.launch);
        w.nlaunch = 1;
        w.launch[0] = (gk_launch){.kernel = "big", .grid_x = 1, .grid_y = 1, .block_x = k ? 1024 : 256, .block_y = 1,
                                   .warp = prog_alu, .smem = k ? 0 : 60000, .regs = k ? 40 : 0};
        g = gpu_create(&c, &w, 1, c_bind, NULL, err, sizeof err);
        UNIT_CHECK(!g && strstr(err, "does not fit an SM"),
                   k ? "a block needing more registers than an SM has is refused (1024 x 40 > 32768)"
                     : "a block needing more shared memory than an SM has is refused");
        gpu_destroy(g);
        gk_free(&w);
    }
    if (one(prog_diverge, 4, 64, 0, 0, &g, &w)) {
        UNIT_CHECK(gpu_run(g, stderr) == GPU_DONE, "divergence and atomics: run completes");
        uint64_t insts = sum_sm(g, offsetof(gpu_sm, insts)), tinsts = sum_sm(g, offsetof(gpu_sm, tinsts));
        UNIT_CHECK(insts == 8 * 4 && tinsts == 8 * (10 + 4 + 4 + 32),
                   "each warp issues 4 instructions with 10, 4, 4 and 32 lanes");
        uint64_t l2 = 0;
        for (unsigned i = 0; i < g->c.l2_slices; i++) l2 += g->sl[i].atomics;
        UNIT_CHECK(sum_sm(g, offsetof(gpu_sm, atomics)) == 8 && l2 == 8,
                   "a warp's atomics to one word are one line request, done at the L2 (8 warps)");
        gpu_totals t;
        gpu_totals_get(g, &t);
        UNIT_CHECK(t.l1_access[L1_MISS] + t.l1_access[L1_HIT] + t.l1_access[L1_HIT_PENDING] == 8,
                   "the L1 sees the 8 loads' line requests and none of the atomics");
        gpu_destroy(g);
    }
    gk_free(&w);
    if (one(prog_exit_bar, 30, 64, 0, 0, &g, &w)) {
        UNIT_CHECK(gpu_run(g, stderr) == GPU_DONE, "a barrier whose other warp exited is released (no deadlock)");
        gpu_destroy(g);
    }
    gk_free(&w);
}
