/*
 * fuzz_trace.c: the Accel-Sim trace reader (cmodel/gpu/gk_trace.c). The input is one
 * kernel-N.traceg file (header and thread blocks), read through a one-kernel
 * kernelslist.g in a scratch directory, every instruction decoded (gt_walk). Checks: the
 * reader accepts it, or rejects it with one line (no newline) naming the kernel file;
 * every decoded instruction is consistent (its kind from its class, addresses only with
 * a width, registers in range); no sanitizer report.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "gk_trace.h"

static char dir[64];

static void cleanup(void)
{
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    if (system(cmd)) return;
}

static int visit(void *ctx, const gt_kernel *k, int launch, const unsigned tb[3], unsigned warp, const gt_inst *in)
{
    const char *input = ctx;
    (void)launch;
    if (tb[0] >= k->grid[0] || tb[1] >= k->grid[1] || tb[2] >= k->grid[2]) fz_fail("a block outside the grid", input);
    if (warp >= (k->block[0] * k->block[1] * k->block[2] + 31) / 32) fz_fail("a warp outside the block", input);
    if (in->cls < 0 || in->cls >= GT_NCLASS || in->kind < GK_ALU || in->kind > GK_ATOM) fz_fail("a class or kind out of range", input);
    if (in->kind == GK_ALU && (in->lat < 1 || in->lat > 255)) fz_fail("an ALU latency outside 1..255", input);
    if (in->kind != GK_ALU && in->kind != GK_BAR && (!in->mask || !in->width)) fz_fail("a memory kind without lanes or width", input);
    if (in->nsrc < 0 || in->nsrc > GT_MAX_SRC || in->ndst < 0 || in->ndst > 1) fz_fail("a register count out of range", input);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[96], err[512];
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/fuzz-trace-%ld", (long)getpid());
        snprintf(path, sizeof path, "mkdir -p %s", dir);
        if (system(path)) abort();
        atexit(cleanup);
        snprintf(path, sizeof path, "%s/kernelslist.g", dir);
        FILE *f = fopen(path, "w");
        if (!f) abort();
        fputs("MemcpyHtoD,0x0000000010000000,512\nkernel-1.traceg\n", f);
        fclose(f);
    }
    char *text = fz_str(data, size); /* for messages; the file gets every byte, NULs too */
    snprintf(path, sizeof path, "%s/kernel-1.traceg", dir);
    FILE *f = fopen(path, "wb");
    if (!f) abort();
    if (size && fwrite(data, 1, size, f) != size) abort();
    fclose(f);
    err[0] = '\0';
    if (gt_walk(dir, NULL, visit, text, err, sizeof err)) {
        if (!err[0]) fz_fail("a rejected trace with no message", text);
        if (strchr(err, '\n')) fz_fail("a rejection message of more than one line", text);
        if (!strstr(err, "kernel-1.traceg")) fz_fail("a rejection message that does not name the file", text);
    }
    free(text);
    return 0;
}
