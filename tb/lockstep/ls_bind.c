/* ls_bind.c: the rtl binding of any block (lockstep.h), what the rtl and lockstep
 * bindings share when they are set up (the port and probe lists, the build check, the
 * reset cycle), and blk_trace_open / blk_trace_expect for both. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ls_internal.h"

void blk_port_format(const blk_port *p, const void *s, char *buf, size_t n)
{
    const uint64_t *v = blk_port_cptr(p, s);
    if (!p->words) {
        if (p->width == 1) snprintf(buf, n, "%llu", (unsigned long long)v[0]);
        else snprintf(buf, n, "0x%llx", (unsigned long long)v[0]);
        return;
    }
    {
        int w = (int)((p->width + 63) / 64) - 1, started = 0;
        size_t at = 0;
        at += (size_t)snprintf(buf, n, "0x");
        for (; w >= 0 && at < n; w--) {
            if (!started && v[w] == 0 && w > 0) continue;
            at += (size_t)snprintf(buf + at, n - at, started ? "%016llx" : "%llx",
                                   (unsigned long long)v[w]);
            started = 1;
        }
    }
}

char *ls_dupstr(const char *x)
{
    char *d;
    if (!x) return NULL;
    d = malloc(strlen(x) + 1);
    if (d) strcpy(d, x);
    return d;
}

/* The first output port whose values differ: 1 + its index, or 0. */
unsigned ls_first_out_diff(const blk_port *p, int np, const void *a, const void *b)
{
    int i;
    for (i = 0; i < np; i++)
        if (p[i].dir == BLK_OUT &&
            memcmp((const char *)a + p[i].offset, (const char *)b + p[i].offset, port_bytes(&p[i])))
            return (unsigned)i + 1;
    return 0;
}

/* Where each probe element sits in the packed words (tb/verilator/portgen.c: each
 * register in turn, ceil(bits/32) words, element i at i*width); returns the words. */
static unsigned probe_bits(const blk_port *q, int nq, unsigned *pos)
{
    unsigned base = 0;
    int i = 0, j, e;
    while (i < nq) {
        for (j = i + 1; j < nq && !strcmp(q[j].name, q[i].name); j++) {}
        for (e = i; e < j; e++) pos[e] = 32 * base + (q[e].index < 0 ? 0 : (unsigned)q[e].index) * q[e].width;
        base += (q[i].width * (unsigned)(j - i) + 31) / 32;
        i = j;
    }
    return base;
}

int ls_common_init(ls_common *c, const blk_kind *k, const void *cfg, const rtl_ops *ops,
                       int probes)
{
    memset(c, 0, sizeof *c);
    c->k = k;
    c->ops = ops;
    c->cfg = malloc(k->cfg_size);
    if (!c->cfg) return -1;
    memcpy(c->cfg, cfg, k->cfg_size);
    c->np = k->ports(cfg, c->ports, BLK_MAX_PORTS);
    if (probes && k->probes) {
        c->probes = malloc(sizeof(blk_port) * BLK_MAX_PROBES);
        if (!c->probes) return -1;
        c->nq = k->probes(cfg, c->probes, BLK_MAX_PROBES);
        c->pbit = malloc(sizeof(unsigned) * ((size_t)c->nq + 1));
        if (!c->pbit) return -1;
        c->pw = probe_bits(c->probes, c->nq, c->pbit);
    }
    return 0;
}

void ls_common_free(ls_common *c)
{
    free(c->cfg);
    free(c->probes);
    free(c->pbit);
}

int ls_check_build(const blk_kind *k, const void *cfg, const rtl_ops *ops, char *err,
                       size_t n)
{
    char tag[256];
    if (!ops) {
        snprintf(err, n, "%s: this program was built without RTL (c mode only)", k->name);
        return -1;
    }
    if (blk_cfg_validate(k, cfg, err, n)) return -1;
    if (waves_check(k, cfg, err, n)) return -1; /* the port list's waveform format tags */
    blk_cfg_tag(k, cfg, tag, sizeof tag);
    if (strcmp(ops->block, k->name) || strcmp(ops->cfg_tag, tag)) {
        snprintf(err, n, "%s: the RTL in this program is %s %s, not the requested %s "
                         "(use tb/bin/run, which builds the right one)",
                 k->name, ops->block, ops->cfg_tag, tag);
        return -1;
    }
    return 0;
}

/* One reset cycle, so that X-initialised RTL registers and the C model agree. */
void ls_reset_input(const blk_kind *k, const void *cfg, void *in)
{
    blk_port ports[BLK_MAX_PORTS];
    int i, np = k->ports(cfg, ports, BLK_MAX_PORTS);
    memset(in, 0, k->in_size);
    for (i = 0; i < np; i++)
        if (ports[i].dir == BLK_IN && !strcmp(ports[i].name, "rst_i"))
            *blk_port_ptr(&ports[i], in) = 1;
}

/* ------------------------------------------------------------------ rtl binding */

typedef struct rtl_bind {
    ls_common c;
    rtl_model *m;
    ls_trace *tr;
    unsigned *rw;
    void *r_out;
    unsigned char *xcur; /* this cycle's expected outputs, care (a vector run) */
    int any_exp;
} rtl_bind;

static int rb_eval(void *self, const void *in, void *out)
{
    rtl_bind *b = self;
    b->c.ops->eval(b->m, in, out);
    if (b->tr && b->any_exp)
        b->c.ops->mark(b->m, ls_expect_fails(&b->c, out, b->xcur, b->xcur + b->c.k->out_size));
    if (b->tr) {
        if (b->c.ops->nprobes > 0) b->c.ops->probe_packed(b->m, b->rw);
        ls_trace_note(b->tr, &b->c, in, out, NULL, b->c.ops->nprobes > 0 ? b->rw : NULL, NULL);
    }
    return 0;
}

static int rb_tick(void *self, const void *in)
{
    rtl_bind *b = self;
    b->c.ops->tick(b->m, in);
    return 0;
}

static void rb_trace_end(rtl_bind *b) { ls_live_trace_end(&b->tr, &b->c, b->m, b->any_exp); }

static void rb_destroy(void *self)
{
    rtl_bind *b = self;
    rb_trace_end(b);
    b->c.ops->destroy(b->m);
    ls_common_free(&b->c);
    free(b->rw);
    free(b->r_out);
    free(b->xcur);
    free(b);
}

int blk_bind_rtl(blk_inst *bi, const blk_kind *k, const void *cfg, const rtl_ops *ops,
                 char *err, size_t n)
{
    rtl_bind *b;
    void *rin;
    if (ls_check_build(k, cfg, ops, err, n)) return -1;
    b = calloc(1, sizeof *b);
    rin = calloc(1, k->in_size);
    if (!b || !rin || ls_common_init(&b->c, k, cfg, ops, ops->nprobes > 0) ||
        !(b->rw = calloc((size_t)b->c.pw + 1, sizeof(unsigned)))) {
        if (b) ls_common_free(&b->c);
        free(b ? b->rw : NULL);
        free(b);
        free(rin);
        snprintf(err, n, "%s: out of memory", k->name);
        return -1;
    }
    b->m = ops->create();
    ls_reset_input(k, cfg, rin);
    ops->tick(b->m, rin);
    ops->set_cycle(b->m, 0);
    free(rin);
    blk_inst_set(bi, k, BLK_MODE_RTL, b, rb_eval, rb_tick, rb_destroy);
    return 0;
}

int blk_trace_open(blk_inst *bi, const char *fst_path)
{
    if (bi->mode == BLK_MODE_RTL) {
        rtl_bind *b = bi->self;
        if (b->tr) rb_trace_end(b);
        if (!(b->tr = ls_trace_new(&b->c, fst_path, 0, 1))) return -1;
        if (b->c.ops->trace_open(b->m, fst_path)) {
            ls_trace_free(b->tr);
            b->tr = NULL;
            return -1;
        }
        return 0;
    }
    if (bi->mode == BLK_MODE_LOCKSTEP) return ls_trace_open_live(bi->self, fst_path);
    return -1;
}

void blk_trace_expect(blk_inst *bi, const void *exp_out, const void *care, unsigned line)
{
    if (bi->mode == BLK_MODE_RTL) {
        rtl_bind *b = bi->self;
        size_t os = b->c.k->out_size;
        if (!b->tr) return;
        if (!b->xcur && !(b->xcur = malloc(2 * os))) return;
        memcpy(b->xcur, exp_out, os);
        memcpy(b->xcur + os, care, os);
        b->any_exp = 1;
        b->c.ops->expect(b->m, exp_out, care, line);
        ls_trace_expect_seen(b->tr, &b->c, exp_out, care);
        return;
    }
    if (bi->mode == BLK_MODE_LOCKSTEP) ls_trace_expect_live(bi->self, exp_out, care, line);
}


int ls_mkdirs(const char *path, char *err, size_t n)
{
    char buf[1024];
    size_t len = strlen(path), i;
    struct stat st;
    if (!len || len >= sizeof buf) {
        snprintf(err, n, "cannot create directory '%.64s': %s", path, len ? "path too long" : "empty path");
        return -1;
    }
    memcpy(buf, path, len + 1);
    for (i = 1; i <= len; i++) {
        if (buf[i] != '/' && buf[i] != 0) continue;
        buf[i] = 0;
        if (mkdir(buf, 0777) && errno != EEXIST) {
            snprintf(err, n, "cannot create directory %s: %s", buf, strerror(errno));
            return -1;
        }
        buf[i] = i < len ? '/' : 0;
    }
    if (stat(path, &st) || !S_ISDIR(st.st_mode)) {
        snprintf(err, n, "cannot create directory %s: a file of that name is in the way", path);
        return -1;
    }
    return 0;
}
