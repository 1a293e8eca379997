/*
 * tracedump: decode an Accel-Sim trace directory the way gpusim reads it (gk_trace.h),
 * one line per instruction, for the instruction-by-instruction checks (tb/traces/) and
 * for looking at what a trace holds.
 *
 *   tracedump DIR [--set trace.lat_CLASS=N]...
 *
 * Line format:
 *   <launch> <tbx>,<tby>,<tbz> <warp> pc=<hex> mask=<hex> op=<opcode> class=<CLASS>
 *   kind=<ALU|LD|ST|BAR|SLD|SST|ATOM> [lat=<cycles>] [dst=R<n>] [src=R<a>,R<b>,...]
 *   [width=<bytes> form=<0|1|2> addr=<hex>,<hex>,...]
 * lat for the ALU kind; dst and src as the scoreboard sees them (the zero register R255
 * and a predicated-off instruction's destination left out); addr one per active lane in
 * lane order (shared kinds: byte offsets in the block's shared memory).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gk_trace.h"
#include "num.h"

static const char *const kname[] = {"ALU", "LD", "ST", "BAR", "SLD", "SST", "ATOM"};
static const char *const latkey[GT_NLAT] = {"int", "sp", "dp", "sfu", "tensor", "ctrl", "tex", "udp", "membar", "exit"};

static int show(void *ctx, const gt_kernel *k, int launch, const unsigned tb[3], unsigned warp, const gt_inst *in)
{
    (void)ctx;
    (void)k;
    printf("%d %u,%u,%u %u pc=%x mask=%08x op=%s class=%s kind=%s", launch, tb[0], tb[1], tb[2], warp, in->pc, in->mask,
           in->op, gt_class_name[in->cls], kname[in->kind]);
    if (in->kind == GK_ALU) printf(" lat=%u", in->lat);
    if (in->ndst && in->dst != GT_RZ && in->mask) printf(" dst=R%u", in->dst);
    int first = 1;
    for (int i = 0; i < in->nsrc; i++)
        if (in->src[i] != GT_RZ) {
            printf("%sR%u", first ? " src=" : ",", in->src[i]);
            first = 0;
        }
    if (in->width && in->mask) {
        printf(" width=%u form=%d addr=", in->width, in->amode);
        first = 1;
        for (unsigned l = 0; l < 32; l++)
            if (in->mask >> l & 1) {
                printf("%s%" PRIx64, first ? "" : ",", in->addr[l]);
                first = 0;
            }
    }
    putchar('\n');
    return 0;
}

int main(int argc, char **argv)
{
    const char *dir = NULL;
    unsigned lat[GT_NLAT];
    memcpy(lat, gt_default_lat, sizeof lat);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            printf("usage: tracedump DIR [--set trace.lat_CLASS=N]...\n"
                   "  decode an Accel-Sim trace directory as gpusim reads it, one line per instruction\n"
                   "  (docs/traces.md); CLASS: int sp dp sfu tensor ctrl tex udp membar exit\n");
            return 0;
        }
        if (!strcmp(argv[i], "--set") && i + 1 < argc) {
            const char *v = argv[++i];
            int ok = 0;
            for (int c = 0; c < GT_NLAT && !ok; c++) {
                char key[40];
                snprintf(key, sizeof key, "trace.lat_%s=", latkey[c]);
                if (!strncmp(v, key, strlen(key))) {
                    uint64_t x;
                    if (num_u64(v + strlen(key), 1, 255, &x) != NUM_OK) {
                        fprintf(stderr, "tracedump: --set %s: the latency must be 1..255\n", v);
                        return 2;
                    }
                    lat[c] = (unsigned)x;
                    ok = 1;
                }
            }
            if (!ok) { fprintf(stderr, "tracedump: --set %s: expected trace.lat_CLASS=N\n", v); return 2; }
            continue;
        }
        if (argv[i][0] == '-' || dir) { fprintf(stderr, "tracedump: unexpected '%s' (usage: tracedump DIR [--set trace.lat_CLASS=N]...)\n", argv[i]); return 2; }
        dir = argv[i];
    }
    if (!dir) { fprintf(stderr, "tracedump: needs a trace directory (usage: tracedump DIR)\n"); return 2; }
    char err[512];
    if (gt_walk(dir, lat, show, NULL, err, sizeof err)) {
        fflush(stdout);
        fprintf(stderr, "tracedump: %s\n", err);
        return 2;
    }
    return 0;
}
