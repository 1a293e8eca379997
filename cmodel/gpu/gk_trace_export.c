/*
 * gk_trace_export.c: a built-in workload (PolyBench thread programs or application warp
 * programs) written as an Accel-Sim trace directory (gk_trace.h, docs/traces.md
 * "Exporting"), so that reading it back runs exactly what the built-in run runs.
 *
 * The built-in model's dependencies become registers for the reader's scoreboard:
 * - a GK_ALU of latency L is one FFMA writing R254 with "@lat=L", and the instruction
 *   after it reads R254 (the built-in warp waits L cycles before its next instruction);
 *   a shared load writes R254 too (the built-in warp waits its bank cycles and latency);
 * - loads and atomics write fresh registers R0, R1, ... and every other instruction
 *   (ALU, store, barrier, shared access) reads all the registers of the loads since the
 *   previous such instruction (the built-in "waits for every load of the warp"); the
 *   first four are the format's sources, the rest "@src=";
 * - opcodes: FFMA, LDG.E / STG.E (.U8 .U16 .64 .128 by the array's element size),
 *   ATOMG.E.ADD, LDS, STS, BAR.SYNC, binary version 70 (Volta), tracer version 3;
 * - addresses in the tracer's compressed forms: base+stride when the active lanes are
 *   contiguous with one stride, else base+deltas.
 * Every array is one MemcpyHtoD line of kernelslist.g.
 */
#include "gk_trace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define EXP_ALU_REG 254   /* ALU and shared-load results */
#define EXP_MAX_RUN 63    /* load registers R0..R62 between two consumers (GT_MAX_SRC with R254) */

/* a PolyBench launch's warp as the SM runs it (gpu_sm.c warp_settle/warp_step): the
 * prologue once, the body `trip` times, the epilogue once, each op with the lanes that
 * execute it; 0 ok */
static int poly_warp(const gk_workload *w, const gk_launch *L, uint32_t bx, uint32_t by, uint32_t wib, gk_wprog *out,
                     char *err, size_t n)
{
    out->n = out->na = out->nr = 0;
    uint32_t tpb = L->block_x * L->block_y, mask = 0;
    int64_t x[32], y[32];
    for (unsigned l = 0; l < 32; l++) {
        uint32_t t = wib * 32 + l;
        if (t >= tpb) continue;
        x[l] = (int64_t)bx * L->block_x + t % L->block_x;
        y[l] = (int64_t)by * L->block_y + t / L->block_x;
        if (!L->guard || L->guard(L, x[l], y[l])) mask |= 1u << l;
    }
    if (!mask) return 0;
    int p1 = L->nops, p2 = L->nops;
    for (int i = L->nops - 1; i >= 0; i--) {
        if (L->ops[i].sect >= GK_BODY) p1 = i;
        if (L->ops[i].sect >= GK_EPI) p2 = i;
    }
    if (p2 < p1) p2 = p1;
    for (int sect = 0; sect < 3; sect++) {
        int a = sect == 0 ? 0 : sect == 1 ? p1 : p2, b = sect == 0 ? p1 : sect == 1 ? p2 : L->nops;
        int64_t trips = sect == 1 ? (L->trip > 0 ? L->trip : 0) : 1;
        for (int64_t k = 0; k < trips; k++)
            for (int i = a; i < b; i++) {
                const gk_op *op = &L->ops[i];
                uint32_t m = mask;
                if (op->when) {
                    m = 0;
                    for (unsigned l = 0; l < 32; l++)
                        if ((mask >> l & 1) && op->when(L, x[l], y[l])) m |= 1u << l;
                    if (!m) continue;
                }
                unsigned na = op->kind == GK_LOAD || op->kind == GK_STORE ? (unsigned)__builtin_popcount(m) : 0;
                if (gk_wprog_reserve(out, 1, na, 0)) { snprintf(err, n, "out of memory"); return 1; }
                gk_inst *in = &out->ins[out->n++];
                memset(in, 0, sizeof *in);
                in->kind = op->kind;
                in->lat = (uint8_t)(op->lat ? op->lat : 1);
                in->pc = op->pc;
                in->mask = m;
                in->a = out->na;
                for (unsigned l = 0; na && l < 32; l++)
                    if (m >> l & 1) out->addr[out->na++] = gk_addr(w, L, op, x[l], y[l], k);
            }
    }
    return 0;
}

/* the element size of the array holding byte address a (4 if none does) */
static unsigned elem_size(const gk_workload *w, uint64_t a)
{
    for (int i = 0; i < w->narr; i++)
        if (a >= w->arr[i].base && a < w->arr[i].base + w->arr[i].elems * w->arr[i].esize) return w->arr[i].esize;
    return 4;
}

static const char *width_sfx(unsigned es)
{
    switch (es) {
    case 1: return ".U8";
    case 2: return ".U16";
    case 8: return ".64";
    case 16: return ".128";
    default: return "";
    }
}

/* the addresses of an instruction in the tracer's compressed forms */
static void put_addrs(FILE *f, uint32_t mask, const uint64_t *ad)
{
    unsigned first = (unsigned)__builtin_ctz(mask), act = (unsigned)__builtin_popcount(mask);
    uint32_t run = mask >> first;
    int stride_ok = act > 1 && !(run & (run + 1));
    int64_t stride = 0;
    if (stride_ok) {
        stride = (int64_t)(ad[1] - ad[0]);
        if (stride < INT32_MIN || stride > INT32_MAX) stride_ok = 0;
        for (unsigned i = 2; stride_ok && i < act; i++)
            if ((int64_t)(ad[i] - ad[i - 1]) != stride) stride_ok = 0;
    }
    if (stride_ok) {
        fprintf(f, " 1 0x%" PRIx64 " %" PRId64, ad[0], stride);
        return;
    }
    fprintf(f, " 2 0x%" PRIx64, ad[0]);
    for (unsigned i = 1; i < act; i++) fprintf(f, " %" PRId64, (int64_t)(ad[i] - ad[i - 1]));
}

/* one warp's instructions */
static int put_warp(FILE *f, const gk_workload *w, const gk_wprog *p, char *err, size_t n)
{
    unsigned run = 0, after_alu = 0;
    uint8_t srcs[EXP_MAX_RUN + 1];
    fprintf(f, "insts = %u\n", p->n);
    for (uint32_t i = 0; i < p->n; i++) {
        const gk_inst *in = &p->ins[i];
        unsigned ns = 0;
        if (after_alu) srcs[ns++] = EXP_ALU_REG;
        int load = in->kind == GK_LOAD || in->kind == GK_ATOM;
        int dst = -1;
        if (load) {
            if (run >= EXP_MAX_RUN) {
                snprintf(err, n, "a warp issues more than %d loads without an instruction that waits for them (pc 0x%x)",
                         EXP_MAX_RUN, in->pc);
                return 1;
            }
            dst = (int)run++;
        } else {
            for (unsigned r = 0; r < run; r++) srcs[ns++] = (uint8_t)r;
            run = 0;
        }
        if (in->kind == GK_ALU || in->kind == GK_SLOAD) dst = EXP_ALU_REG;
        after_alu = in->kind == GK_ALU || in->kind == GK_SLOAD;
        char op[32];
        unsigned width = 0;
        const uint64_t *ad = p->addr + in->a;
        switch (in->kind) {
        case GK_ALU: snprintf(op, sizeof op, "FFMA"); break;
        case GK_BAR: snprintf(op, sizeof op, "BAR.SYNC"); break;
        case GK_SLOAD: snprintf(op, sizeof op, "LDS"); width = 4; break;
        case GK_SSTORE: snprintf(op, sizeof op, "STS"); width = 4; break;
        case GK_ATOM: snprintf(op, sizeof op, "ATOMG.E.ADD"); width = 4; break;
        default:
            width = elem_size(w, ad[0]);
            snprintf(op, sizeof op, "%s.E%s", in->kind == GK_LOAD ? "LDG" : "STG", width_sfx(width));
        }
        fprintf(f, "%04x %08x", in->pc, in->mask);
        if (dst >= 0) fprintf(f, " 1 R%d", dst);
        else fprintf(f, " 0");
        fprintf(f, " %s %u", op, ns < 4 ? ns : 4);
        for (unsigned s = 0; s < ns && s < 4; s++) fprintf(f, " R%u", srcs[s]);
        if (width) {
            fprintf(f, " %u", width);
            put_addrs(f, in->mask, ad);
        } else {
            fprintf(f, " 0");
        }
        if (in->kind == GK_ALU) fprintf(f, " @lat=%u", in->lat ? in->lat : 1);
        if (ns > 4) {
            fprintf(f, " @src=");
            for (unsigned s = 4; s < ns; s++) fprintf(f, "%sR%u", s > 4 ? "," : "", srcs[s]);
        }
        fputc('\n', f);
    }
    return 0;
}

static int put_kernel(const char *path, const gk_workload *w, int li, char *err, size_t n)
{
    const gk_launch *L = &w->launch[li];
    FILE *f = fopen(path, "w");
    if (!f) { snprintf(err, n, "%s: cannot write: %s", path, strerror(errno)); return 1; }
    fprintf(f, "-kernel name = %s\n-kernel id = %d\n-grid dim = (%u,%u,1)\n-block dim = (%u,%u,1)\n", L->kernel, li + 1,
            L->grid_x, L->grid_y, L->block_x, L->block_y);
    fprintf(f, "-shmem = %u\n-nregs = %u\n-binary version = 70\n-cuda stream id = 0\n", L->smem, L->regs);
    fprintf(f, "-shmem base_addr = 0x0000000000000000\n-local mem base_addr = 0x0000000000000000\n");
    fprintf(f, "-nvbit version = none (gpusim --export-trace)\n-accelsim tracer version = 3\n\n");
    fprintf(f, "#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width [adrrescompress?] "
               "[mem_addresses]\n");
    gk_wprog p;
    memset(&p, 0, sizeof p);
    int rc = 0;
    uint32_t tpb = L->block_x * L->block_y, wpb = (tpb + 31) / 32;
    uint64_t nb = (uint64_t)L->grid_x * L->grid_y;
    for (uint64_t id = 0; !rc && id < nb; id++) {
        uint32_t bx = (uint32_t)(id % L->grid_x), by = (uint32_t)(id / L->grid_x);
        fprintf(f, "\n#BEGIN_TB\n\nthread block = %u,%u,0\n", bx, by);
        for (uint32_t wi = 0; !rc && wi < wpb; wi++) {
            rc = L->warp ? gk_warp_build(w, li, bx, by, wi, &p, 0, err, n) : poly_warp(w, L, bx, by, wi, &p, err, n);
            if (rc) break;
            fprintf(f, "\nwarp = %u\n", wi);
            rc = put_warp(f, w, &p, err, n);
        }
        if (!rc) fprintf(f, "\n#END_TB\n");
    }
    gk_wprog_free(&p);
    if ((ferror(f) | fclose(f)) && !rc) { snprintf(err, n, "%s: write failed: %s", path, strerror(errno)); rc = 1; }
    return rc;
}

int gt_export(const gk_workload *w, const char *dir, char *err, size_t n)
{
    if (w->trace) { /* its warps carry registers the writer would drop */
        snprintf(err, n, "--export-trace: %s is a trace already (copy its directory instead)", w->name);
        return 1;
    }
    if (mkdir(dir, 0777) && errno != EEXIST) { snprintf(err, n, "--export-trace %s: cannot create: %s", dir, strerror(errno)); return 1; }
    size_t dl = strlen(dir);
    char *path = malloc(dl + 64);
    if (!path) { snprintf(err, n, "out of memory"); return 1; }
    snprintf(path, dl + 64, "%s/kernelslist.g", dir);
    FILE *kl = fopen(path, "w");
    if (!kl) { snprintf(err, n, "%s: cannot write: %s", path, strerror(errno)); free(path); return 1; }
    for (int i = 0; i < w->narr; i++)
        fprintf(kl, "MemcpyHtoD,0x%016" PRIx64 ",%" PRIu64 "\n", w->arr[i].base, w->arr[i].elems * w->arr[i].esize);
    int rc = 0;
    for (int li = 0; !rc && li < w->nlaunch; li++) {
        fprintf(kl, "kernel-%d.traceg\n", li + 1);
        snprintf(path, dl + 64, "%s/kernel-%d.traceg", dir, li + 1);
        rc = put_kernel(path, w, li, err, n);
    }
    if ((ferror(kl) | fclose(kl)) && !rc) { snprintf(err, n, "%s/kernelslist.g: write failed: %s", dir, strerror(errno)); rc = 1; }
    free(path);
    return rc;
}
