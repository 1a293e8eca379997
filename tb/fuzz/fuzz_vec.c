/*
 * fuzz_vec.c: the vector reader (tb/lockstep/vecfile.h) on any bytes, then the vector
 * run on the C model of a block of the block list (the first byte picks it). Checks:
 * a rejection is exactly one line; an accepted file plays exactly as many cycles as an
 * independent count of its cycle lines and repeats says (nothing dropped or cut); no
 * sanitizer report.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blk.h"
#include "fuzz.h"
#include "lockstep.h"
#include "vecfile.h"

enum { MAX_CYCLES = 4000 };

/* cycles the text asks for, counted without the reader: lines after the `in` line that
 * are neither blank, comment, nor a header; `*N` counts N. -1 if the count passes cap. */
static long count_cycles(const char *text)
{
    long total = 0;
    int seen_in = 0;
    const char *p = text;
    while (*p) {
        size_t len = strcspn(p, "\n");
        char line[64];
        size_t i = 0, j = 0;
        while (i < len && p[i] != '#' && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\v' || p[i] == '\f'))
            i++;
        while (i + j < len && j < sizeof line - 1 && p[i + j] != '#') {
            line[j] = p[i + j];
            j++;
        }
        line[j] = 0;
        if (j && line[0] != '#') {
            if (!strncmp(line, "in", 2) && (!line[2] || line[2] == ' ' || line[2] == '\t')) seen_in = 1;
            else if (!strncmp(line, "out", 3) && (!line[3] || line[3] == ' ' || line[3] == '\t')) ;
            else if (!strncmp(line, "preset ", 7) || !strncmp(line, "config ", 7)) ;
            else if (seen_in && line[0] != '*') total++;
            else if (seen_in) /* the count is decimal or 0x hex */
                total += (line[1] == '0' && (line[2] == 'x' || line[2] == 'X')) ? strtol(line + 3, NULL, 16)
                                                                               : strtol(line + 1, NULL, 10);
        }
        if (total > MAX_CYCLES) return -1;
        p += len + (p[len] == '\n');
    }
    return total;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned nk = 0, ki;
    const blk_kind *k;
    char err[1024], *text;
    FILE *f;
    vec_file *vf;
    void *cfg, *in, *out;
    blk_port ports[BLK_MAX_PORTS];
    blk_inst bi;
    int np, r = 0, lines, rejected = 1;
    long want, cycles = 0;
    if (!size) return 0;
    while (blk_kind_at(nk)) nk++;
    ki = data[0] % nk;
    k = blk_kind_at(ki);
    data++, size--;
    if (memchr(data, 0, size)) return 0; /* the reader refuses NUL bytes: covered by a test */
    if (!size) return 0; /* fmemopen needs a byte; an empty file is a test of its own */
    text = fz_str(data, size);
    f = fmemopen((void *)data, size, "r");
    if (!f) abort();
    fz_err_begin();
    vf = vec_read(f, "fuzz.vec", err, sizeof err);
    fclose(f);
    cfg = calloc(1, k->cfg_size), in = calloc(1, k->in_size), out = calloc(1, k->out_size);
    if (!cfg || !in || !out) abort();
    if (!vf) {
        fprintf(stderr, "blkrun: %s\n", err);
        goto done;
    }
    if (blk_cfg_build(k, cfg, vec_preset(vf), vec_config(vf), err, sizeof err)) {
        fprintf(stderr, "blkrun: %s\n", err);
        goto done;
    }
    np = k->ports(cfg, ports, BLK_MAX_PORTS);
    if (vec_bind(vf, ports, np, err, sizeof err)) {
        fprintf(stderr, "blkrun: %s\n", err);
        goto done;
    }
    if (blk_bind_c(&bi, k, cfg, err, sizeof err)) abort();
    {
        FILE *null = fopen("/dev/null", "w");
        while (cycles <= MAX_CYCLES && (r = vec_next(vf, in, err, sizeof err)) == 1) {
            bi.eval(bi.self, in, out);
            vec_check(vf, out, (uint64_t)cycles, null);
            bi.tick(bi.self, in);
            cycles++;
        }
        fclose(null);
    }
    bi.destroy(bi.self);
    rejected = r < 0;
done:
    lines = fz_err_end();
    if (rejected) {
        if (lines != 1) fz_fail("a rejected vector file must give exactly one line on stderr", text);
    } else {
        if (lines != 0) fz_fail("an accepted vector file printed on stderr", text);
        want = count_cycles(text);
        if (want >= 0 && cycles != want) {
            char m[128];
            snprintf(m, sizeof m, "accepted file played %ld cycles, its lines ask for %ld", cycles, want);
            fz_fail(m, text);
        }
    }
    vec_close(vf);
    free(cfg), free(in), free(out), free(text);
    return 0;
}
