/*
 * fuzz_cfg.c: the configuration and knob parsers. The input is lines:
 *   line 1   a block configuration "K=V,..." for a kind of the block list (first byte)
 *   line 2   a preset name for it (may be empty)
 *   line 3   stimulus knobs "k=v,..."
 *   more     GPU settings, one `--set` assignment a line, then the GPU validation
 * Checks: a rejection has a message of one line; an accepted block configuration
 * survives its own printout (format, build again, the same bytes); accepted knobs are
 * finite, in their table's range, whole where the table says so; no sanitizer report.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blk.h"
#include "fuzz.h"
#include "gpu_cfg.h"
#include "stim.h"

static void one_line(const char *err, const char *input)
{
    if (!err[0] || strchr(err, '\n')) fz_fail("an error message must be one non-empty line", input);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned nk = 0;
    const blk_kind *k;
    const stim_ops *so;
    char err[1024], *text, *line[3] = {"", "", ""}, *rest, *save = NULL, *tok;
    void *cfg, *cfg2;
    double vals[64];
    int i;
    gpu_cfg g;
    if (!size) return 0;
    while (blk_kind_at(nk)) nk++;
    k = blk_kind_at(data[0] % nk);
    text = fz_str(data + 1, size - 1);
    rest = text;
    for (i = 0; i < 3 && rest; i++) {
        char *nl = strchr(rest, '\n');
        line[i] = rest;
        if (nl) *nl = 0;
        rest = nl ? nl + 1 : NULL;
    }
    cfg = calloc(1, k->cfg_size), cfg2 = calloc(1, k->cfg_size);
    if (!cfg || !cfg2) abort();
    /* the block configuration, and its round trip */
    err[0] = 0;
    if (blk_cfg_build(k, cfg, line[1], line[0], err, sizeof err)) {
        one_line(err, line[0]);
    } else {
        char fmt[2048];
        blk_cfg_format(k, cfg, fmt, sizeof fmt);
        if (blk_cfg_build(k, cfg2, NULL, fmt, err, sizeof err) || memcmp(cfg, cfg2, k->cfg_size))
            fz_fail("an accepted block configuration does not survive its printout", fmt);
    }
    /* knobs */
    if ((so = stim_find(k->name))) {
        err[0] = 0;
        if (stim_knobs_parse(line[2], so->knobs, vals, err, sizeof err)) {
            one_line(err, line[2]);
        } else {
            for (i = 0; so->knobs[i].name; i++) {
                const stim_knob *t = &so->knobs[i];
                if (!isfinite(vals[i]) || vals[i] < t->lo || vals[i] > t->hi ||
                    (t->integer && vals[i] != floor(vals[i])))
                    fz_fail("an accepted knob value is outside its knob's range", line[2]);
            }
            if (!blk_cfg_build(k, cfg, NULL, NULL, err, sizeof err)) {
                stim *st = so->create(cfg, 1, line[2], err, sizeof err);
                if (!st) fz_fail("knobs accepted by the parser refused by the generator", line[2]);
                so->destroy(st);
            }
        }
    }
    /* GPU settings */
    gpu_cfg_preset(&g, "base-s", err, sizeof err);
    for (tok = rest ? strtok_r(rest, "\n", &save) : NULL; tok; tok = strtok_r(NULL, "\n", &save)) {
        err[0] = 0;
        if (gpu_cfg_set(&g, tok, err, sizeof err)) {
            one_line(err, tok);
            break;
        }
    }
    err[0] = 0;
    if (gpu_cfg_validate(&g, err, sizeof err)) one_line(err, "(validation)");
    free(cfg), free(cfg2), free(text);
    return 0;
}
