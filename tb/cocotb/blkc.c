/*
 * blkc.c: the C models as a shared library (build/cocotb/libblkc.so) for Python (ctypes),
 * the reference of the cocotb tests (tb/cocotb/blkmodel.py). Generic over blocks: the
 * ports come from blk_kind->ports(), the stimulus from the lockstep engine's generators,
 * the vectors from its vector reader, the mismatch report from ls_report_text.
 *
 * Values cross as flat uint64_t arrays in port order, one word per port of up to 64
 * bits and ceil(width/64) words for a wider one (blkc_port_words gives the count).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blk.h"
#include "lockstep.h"
#include "stim.h"
#include "vecfile.h"

typedef struct blkc {
    const blk_kind *k;
    void *cfg, *state, *in, *out, *rtl_out;
    blk_port ports[BLK_MAX_PORTS];
    int np;
    const stim_ops *so;
    stim *st;
    vec_file *vf;
    FILE *print;
    char tag[256], cfgtxt[1024];
} blkc;

static unsigned nwords(const blk_port *p) { return (p->width + 63) / 64; }

void blkc_free(blkc *h);
void blkc_free(blkc *h)
{
    if (!h) return;
    if (h->st) h->so->destroy(h->st);
    vec_close(h->vf);
    if (h->print) fclose(h->print);
    free(h->cfg), free(h->state), free(h->in), free(h->out), free(h->rtl_out);
    free(h);
}

/* A block in a configuration (preset and Key=Val overrides; NULL or "" for none), or in
 * the configuration a vector file names when `vec` is given. NULL and err on error. */
blkc *blkc_new(const char *block, const char *preset, const char *config, const char *vec,
               char *err, int n);
blkc *blkc_new(const char *block, const char *preset, const char *config, const char *vec,
               char *err, int n)
{
    blkc *h;
    const blk_kind *k = blk_find(block);
    size_t en = n > 0 ? (size_t)n : 0;
    if (!k) {
        snprintf(err, en, "unknown block '%s' (known: %s)", block, blk_names());
        return NULL;
    }
    h = calloc(1, sizeof *h);
    if (!h) return NULL;
    h->k = k;
    h->cfg = calloc(1, k->cfg_size);
    h->state = calloc(1, k->state_size);
    h->in = calloc(1, k->in_size);
    h->out = calloc(1, k->out_size);
    h->rtl_out = calloc(1, k->out_size);
    if (!h->cfg || !h->state || !h->in || !h->out || !h->rtl_out) {
        snprintf(err, en, "out of memory");
        blkc_free(h);
        return NULL;
    }
    if (vec && *vec) {
        if (!(h->vf = vec_open(vec, err, en))) {
            blkc_free(h);
            return NULL;
        }
    }
    if (h->vf && (!preset || !*preset) && (!config || !*config) ? vec_cfg_build(h->vf, k, h->cfg, err, en)
                                                                 : blk_cfg_build(k, h->cfg, preset, config, err, en)) {
        blkc_free(h);
        return NULL;
    }
    h->np = k->ports(h->cfg, h->ports, BLK_MAX_PORTS);
    if (h->vf && vec_bind(h->vf, h->ports, h->np, err, en)) {
        blkc_free(h);
        return NULL;
    }
    blk_cfg_tag(k, h->cfg, h->tag, sizeof h->tag);
    blk_cfg_format(k, h->cfg, h->cfgtxt, sizeof h->cfgtxt);
    k->c_init(h->state, h->cfg);
    return h;
}

const char *blkc_tag(const blkc *h);
const char *blkc_tag(const blkc *h) { return h->tag; }
const char *blkc_config(const blkc *h);
const char *blkc_config(const blkc *h) { return h->cfgtxt; }
int blkc_nports(const blkc *h);
int blkc_nports(const blkc *h) { return h->np; }
const char *blkc_port_name(const blkc *h, int i);
const char *blkc_port_name(const blkc *h, int i) { return h->ports[i].name; }
int blkc_port_is_out(const blkc *h, int i);
int blkc_port_is_out(const blkc *h, int i) { return h->ports[i].dir == BLK_OUT; }
unsigned blkc_port_width(const blkc *h, int i);
unsigned blkc_port_width(const blkc *h, int i) { return h->ports[i].width; }
unsigned blkc_port_words(const blkc *h, int i);
unsigned blkc_port_words(const blkc *h, int i) { return nwords(&h->ports[i]); }

static void pack(const blkc *h, blk_dir d, const void *s, uint64_t *w)
{
    int i;
    unsigned j;
    for (i = 0; i < h->np; i++) {
        if (h->ports[i].dir != d) continue;
        for (j = 0; j < nwords(&h->ports[i]); j++) *w++ = blk_port_cptr(&h->ports[i], s)[j];
    }
}

static void unpack(const blkc *h, blk_dir d, void *s, const uint64_t *w)
{
    int i;
    unsigned j;
    for (i = 0; i < h->np; i++) {
        if (h->ports[i].dir != d) continue;
        if (h->ports[i].words) memset(blk_port_ptr(&h->ports[i], s), 0, h->ports[i].words * 8);
        for (j = 0; j < nwords(&h->ports[i]); j++) blk_port_ptr(&h->ports[i], s)[j] = *w++;
    }
}

/* inputs: the current ones out, or new ones in (in port order, inputs only) */
void blkc_get_inputs(const blkc *h, uint64_t *w);
void blkc_get_inputs(const blkc *h, uint64_t *w) { pack(h, BLK_IN, h->in, w); }
void blkc_set_inputs(blkc *h, const uint64_t *w);
void blkc_set_inputs(blkc *h, const uint64_t *w)
{
    memset(h->in, 0, h->k->in_size);
    unpack(h, BLK_IN, h->in, w);
}
/* the bind-time reset of the lockstep engine: inputs = reset, C model ticks once */
void blkc_reset_inputs(blkc *h);
void blkc_reset_inputs(blkc *h)
{
    int i;
    memset(h->in, 0, h->k->in_size);
    for (i = 0; i < h->np; i++)
        if (h->ports[i].dir == BLK_IN && !strcmp(h->ports[i].name, "rst_i"))
            *blk_port_ptr(&h->ports[i], h->in) = 1;
}

/* C model: outputs from (state, inputs); tick = rising edge with the current inputs */
void blkc_eval(blkc *h, uint64_t *out_w);
void blkc_eval(blkc *h, uint64_t *out_w)
{
    h->k->c_eval(h->state, h->in, h->out);
    if (out_w) pack(h, BLK_OUT, h->out, out_w);
}
void blkc_tick(blkc *h);
void blkc_tick(blkc *h) { h->k->c_tick(h->state, h->in); }

/* The RTL's outputs of this cycle (outputs only, port order); returns 1 if they differ
 * from the C model's of the last eval. */
int blkc_compare(blkc *h, const uint64_t *rtl_w);
int blkc_compare(blkc *h, const uint64_t *rtl_w)
{
    memset(h->rtl_out, 0, h->k->out_size);
    unpack(h, BLK_OUT, h->rtl_out, rtl_w);
    return memcmp(h->out, h->rtl_out, h->k->out_size) != 0;
}

/* the lockstep engine's mismatch report (stderr) for the last compare */
void blkc_report(const blkc *h, const char *title, const char *instance, uint64_t cycle,
                 const char *repro);
void blkc_report(const blkc *h, const char *title, const char *instance, uint64_t cycle,
                 const char *repro)
{
    fflush(stdout);
    ls_report_text(stderr, title, h->k, h->cfg, instance, cycle, h->ports, h->np, h->out,
                   h->rtl_out, h->in, repro);
    fflush(stderr);
}

/* seeded random stimulus (the lockstep engine's generator); 0 ok */
int blkc_stim(blkc *h, uint64_t seed, const char *knobs, char *err, int n);
int blkc_stim(blkc *h, uint64_t seed, const char *knobs, char *err, int n)
{
    char e[BLK_ERR_LEN * 4];
    if (!(h->so = stim_find(h->k->name))) {
        snprintf(err, n > 0 ? (size_t)n : 0, "no random stimulus for %s", h->k->name);
        return -1;
    }
    if (!(h->st = h->so->create(h->cfg, seed, knobs ? knobs : "", e, sizeof e))) {
        snprintf(err, n > 0 ? (size_t)n : 0, "%s", e); /* an unknown knob's message lists them */
        return -1;
    }
    return 0;
}
void blkc_stim_next(blkc *h);
void blkc_stim_next(blkc *h) { h->so->next(h->st, h->in); }
/* after the compare: the generator sees this cycle's outputs (closed loop) */
void blkc_stim_observe(blkc *h);
void blkc_stim_observe(blkc *h) { h->so->observe(h->st, h->in, h->rtl_out); }

/* vectors: next cycle's inputs (1 a cycle, 0 end, -1 error in err); the expectations
 * checked against the RTL's outputs of the last compare (failures printed to stderr) */
int blkc_vec_next(blkc *h, char *err, int n);
int blkc_vec_next(blkc *h, char *err, int n)
{
    return vec_next(h->vf, h->in, err, n > 0 ? (size_t)n : 0);
}
int blkc_vec_check(blkc *h, uint64_t cycle);
int blkc_vec_check(blkc *h, uint64_t cycle)
{
    int r = vec_check(h->vf, h->rtl_out, cycle, stderr);
    fflush(stderr);
    return r;
}
uint64_t blkc_vec_checked(const blkc *h);
uint64_t blkc_vec_checked(const blkc *h) { return h->vf ? vec_checked(h->vf) : 0; }

/* every cycle as a vector line (as `tb/bin/run --print`); 0 ok */
int blkc_print_open(blkc *h, const char *path);
int blkc_print_open(blkc *h, const char *path)
{
    if (!(h->print = fopen(path, "w"))) return -1;
    vec_print_header(h->print, h->k, h->cfg, h->ports, h->np);
    return 0;
}
void blkc_print_cycle(blkc *h);
void blkc_print_cycle(blkc *h)
{
    if (h->print) vec_print_cycle(h->print, h->ports, h->np, h->in, h->rtl_out);
}
void blkc_print_close(blkc *h);
void blkc_print_close(blkc *h)
{
    if (h->print) fclose(h->print);
    h->print = NULL;
}
