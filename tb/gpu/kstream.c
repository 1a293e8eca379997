/*
 * kstream: print the warp instruction streams of an application (gk_app.h), one line
 * per instruction, for the stream checks (tb/streams/check.py compares them with an
 * independent model) and for reading what a kernel does.
 *
 *   kstream --workload W [--scale X] [--seed N] [--launches A:B] [--fault-pc PC]
 *
 * Line format (all numbers decimal except pc, mask and addresses, which are hex):
 *   L <launch> <kernel> grid <gx> <gy> block <bx> <by> regs <r> smem <s>
 *   W <launch> <bx> <by> <warp>
 *   <kind> <pc> <mask> [<lat>] [<addr> ...]
 * kinds: ALU (lat), BAR, LD ST ATOM (global byte addresses), SLD SST (shared byte
 * offsets), one address per active lane in lane order.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gk_app.h"
#include "num.h"

static const char *const kname[] = {"ALU", "LD", "ST", "BAR", "SLD", "SST", "ATOM"};

static int usage(const char *why)
{
    fprintf(stderr, "kstream: %s (usage: kstream --workload W [--scale X] [--seed N] [--launches A:B] [--fault-pc PC])\n",
            why);
    return 2;
}

/* one numeric option through the project's number rules (num.h); 0 ok, else 2 */
static int num_opt(const char *what, const char *v, uint64_t lo, uint64_t hi, uint64_t *out)
{
    int rc = num_u64(v, lo, hi, out);
    if (rc == NUM_OK) return 0;
    char err[160];
    num_err_u64(err, sizeof err, what, v, rc, lo, hi);
    fprintf(stderr, "kstream: %s\n", err);
    return 2;
}

int main(int argc, char **argv)
{
    const char *work = NULL;
    gk_opts o;
    memset(&o, 0, sizeof o);
    o.scale = 1.0;
    o.seed = 1;
    uint64_t la = 0, lb = UINT64_MAX, fault = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            printf("usage: kstream --workload W [--scale X] [--seed N] [--launches A:B] [--fault-pc PC]\n"
                   "  the warp instruction streams of an application (gpusim --list-apps), one line per\n"
                   "  instruction: L (launch), W (warp) and KIND pc mask [lat] [addresses] lines\n"
                   "  (docs/workloads.md \"Exact streams\"); --fault-pc adds one to every index of that\n"
                   "  memory instruction (the stream checks must then fail)\n");
            return 0;
        }
        if (!v) return usage("an option needs a value");
        if (!strcmp(a, "--workload")) {
            work = v;
        } else if (!strcmp(a, "--scale")) {
            int rc = num_real(v, 1e-9, 64, &o.scale);
            if (rc != NUM_OK) {
                char err[160];
                num_err_real(err, sizeof err, "--scale", v, rc, 1e-9, 64);
                fprintf(stderr, "kstream: %s\n", err);
                return 2;
            }
        } else if (!strcmp(a, "--seed")) {
            if (num_opt("--seed", v, 0, UINT64_MAX, &o.seed)) return 2;
        } else if (!strcmp(a, "--launches")) {
            char lo[32], hi[32];
            const char *colon = strchr(v, ':');
            if (!colon || colon - v >= (long)sizeof lo || strlen(colon + 1) >= sizeof hi) return usage("--launches must be A:B");
            memcpy(lo, v, (size_t)(colon - v));
            lo[colon - v] = 0;
            strcpy(hi, colon + 1);
            if (num_opt("--launches A", lo, 0, 65535, &la) || num_opt("--launches B", hi, la, 65535, &lb)) return 2;
        } else if (!strcmp(a, "--fault-pc")) {
            if (num_opt("--fault-pc", v, 1, 0xffffffffu, &fault)) return 2;
        } else {
            return usage("unknown option");
        }
        i++;
    }
    if (!work) return usage("--workload is required");
    char err[512];
    gk_workload w;
    if (gk_build(&w, work, &o, err, sizeof err)) {
        fprintf(stderr, "kstream: %s\n", err);
        return 2;
    }
    if (!w.suite) {
        fprintf(stderr, "kstream: %s is a PolyBench kernel, not a warp program\n", work);
        gk_free(&w);
        return 2;
    }
    gk_wprog p;
    memset(&p, 0, sizeof p);
    int rc = 0;
    if (lb >= (uint64_t)w.nlaunch) lb = (uint64_t)w.nlaunch - 1;
    for (long li = (long)la; li <= (long)lb && !rc; li++) {
        const gk_launch *L = &w.launch[li];
        printf("L %ld %s grid %u %u block %u %u regs %u smem %u\n", li, L->kernel, L->grid_x, L->grid_y, L->block_x,
               L->block_y, L->regs, L->smem);
        uint32_t wpb = (L->block_x * L->block_y + 31) / 32;
        for (uint32_t by = 0; by < L->grid_y && !rc; by++)
            for (uint32_t bx = 0; bx < L->grid_x && !rc; bx++)
                for (uint32_t wi = 0; wi < wpb; wi++) {
                    if (gk_warp_build(&w, (int)li, bx, by, wi, &p, (uint32_t)fault, err, sizeof err)) {
                        fprintf(stderr, "kstream: %s\n", err);
                        rc = 1;
                        break;
                    }
                    printf("W %ld %u %u %u\n", li, bx, by, wi);
                    for (uint32_t k = 0; k < p.n; k++) {
                        const gk_inst *in = &p.ins[k];
                        printf("%s %x %08x", kname[in->kind], in->pc, in->mask);
                        if (in->kind == GK_ALU) printf(" %u", in->lat);
                        unsigned na = in->kind == GK_ALU || in->kind == GK_BAR ? 0 : (unsigned)__builtin_popcount(in->mask);
                        for (unsigned j = 0; j < na; j++) printf(" %" PRIx64, p.addr[in->a + j]);
                        putchar('\n');
                    }
                }
    }
    gk_wprog_free(&p);
    gk_free(&w);
    return rc;
}
