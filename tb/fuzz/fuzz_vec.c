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
 * are neither blank, comment, nor a header; `*N` counts N (read from the text itself).
 * Capped at MAX_CYCLES + 1, as the play loop is. */
static long count_cycles(const char *text)
{
    long total = 0;
    int seen_in = 0;
    const char *p = text;
    while (*p) {
        size_t len = strcspn(p, "\n"), i = 0, j;
        while (i < len && p[i] != '#' && strchr(" \t\r\v\f", p[i])) i++;
        for (j = i; j < len && p[j] != '#'; j++) {
        }
        if (j > i) { /* a line with something on it, at p + i */
            const char *w = p + i;
            size_t wl = strcspn(w, " \t\r\v\f#\n");
            if (wl == 2 && !strncmp(w, "in", 2)) seen_in = 1;
            else if ((wl == 3 && !strncmp(w, "out", 3)) || (wl == 6 && (!strncmp(w, "preset", 6) || !strncmp(w, "config", 6)))) ;
            else if (seen_in && w[0] != '*') total++;
            else if (seen_in) { /* the count: decimal (leading zeros allowed) or 0x hex */
                int hex = w[1] == '0' && (w[2] == 'x' || w[2] == 'X');
                const char *d = w + 1 + (hex ? 2 : 0);
                long r = 0;
                for (; *d && !strchr(" \t\r\v\f#\n", *d) && r <= MAX_CYCLES; d++)
                    r = r * (hex ? 16 : 10) + (*d <= '9' ? *d - '0' : (*d | 0x20) - 'a' + 10);
                total += r;
            }
        }
        if (total > MAX_CYCLES) return MAX_CYCLES + 1;
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
    if (vec_cfg_build(vf, k, cfg, err, sizeof err)) {
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
        if (cycles != want) {
            char m[128];
            snprintf(m, sizeof m, "accepted file played %ld cycles, its lines ask for %ld", cycles, want);
            fz_fail(m, text);
        }
    }
    vec_close(vf);
    free(cfg), free(in), free(out), free(text);
    return 0;
}
