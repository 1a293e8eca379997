/* ls_trace.c: waveform bookkeeping for the rtl and lockstep bindings (ls_internal.h):
 * while a waveform is written, which signals changed, where the C model and the RTL
 * differed and which outputs had expected values; at the end the GTKWave save file
 * beside the FST (written by waves.c from what was noted here). */
#include <stdlib.h>
#include <string.h>

#include "ls_internal.h"

/* Any of bits [pos, pos + w) set in the words? */
static int bits_any(const unsigned *w, unsigned pos, unsigned width)
{
    unsigned b;
    for (b = pos; b < pos + width;) {
        unsigned sh = b % 32, take = 32 - sh;
        if (take > pos + width - b) take = pos + width - b;
        if ((w[b / 32] >> sh) & (take == 32 ? 0xffffffffu : (1u << take) - 1)) return 1;
        b += take;
    }
    return 0;
}

void ls_trace_free(ls_trace *t)
{
    if (!t) return;
    free(t->fst), free(t->gtkw), free(t->in0), free(t->out0), free(t->cm0), free(t->ptog);
    free(t->cmtog), free(t->pexp), free(t->qtog), free(t->qdiff), free(t->pw0), free(t->pwtog);
    free(t->cwdiff), free(t->inb), free(t->outb), free(t->cmb), free(t->x0), free(t->xb);
    free(t);
}

ls_trace *ls_trace_new(const ls_common *c, const char *fst, uint64_t c0, int rtl_only)
{
    ls_trace *t = calloc(1, sizeof *t);
    size_t L;
    if (!t) return NULL;
    L = strlen(fst);
    t->fst = ls_dupstr(fst);
    t->gtkw = malloc(L + 8);
    t->in0 = calloc(1, c->k->in_size);
    t->out0 = calloc(1, c->k->out_size);
    t->cm0 = calloc(1, c->k->out_size);
    t->inb = calloc(1, c->k->in_size);
    t->outb = calloc(1, c->k->out_size);
    t->cmb = calloc(1, c->k->out_size);
    t->x0 = calloc(1, c->k->out_size);
    t->xb = calloc(1, c->k->out_size);
    t->ptog = calloc(BLK_MAX_PORTS, 1);
    t->cmtog = calloc(BLK_MAX_PORTS, 1);
    t->pexp = calloc(BLK_MAX_PORTS, 1);
    t->qtog = calloc((size_t)c->nq + 1, 1);
    t->qdiff = calloc((size_t)c->nq + 1, 1);
    t->pw0 = calloc((size_t)c->pw + 1, sizeof(unsigned));
    t->pwtog = calloc((size_t)c->pw + 1, sizeof(unsigned));
    t->cwdiff = calloc((size_t)c->pw + 1, sizeof(unsigned));
    if (!t->fst || !t->gtkw || !t->in0 || !t->out0 || !t->cm0 || !t->ptog || !t->cmtog || !t->pexp ||
        !t->qtog || !t->qdiff || !t->pw0 || !t->pwtog || !t->cwdiff || !t->inb || !t->outb || !t->cmb ||
        !t->x0 || !t->xb) {
        ls_trace_free(t);
        return NULL;
    }
    snprintf(t->gtkw, L + 8, "%.*s.gtkw", (int)(L > 4 && !strcmp(fst + L - 4, ".fst") ? L - 4 : L), fst);
    t->c0 = c0;
    t->fail = -1;
    t->rtl_only = rtl_only;
    return t;
}

/* bits |= a ^ b over n bytes, 8 at a time */
static void or_xor(unsigned char *bits, const unsigned char *a, const unsigned char *b, size_t n)
{
    size_t x = 0;
    for (; x + 8 <= n; x += 8) {
        uint64_t u, v, w;
        memcpy(&u, a + x, 8);
        memcpy(&v, b + x, 8);
        memcpy(&w, bits + x, 8);
        w |= u ^ v;
        memcpy(bits + x, &w, 8);
    }
    for (; x < n; x++) bits[x] |= a[x] ^ b[x];
}

/* One dumped cycle: inputs, the RTL's and the C model's outputs (c_out NULL: rtl only),
 * packed probes of both (NULL if none). Only the changed bits are gathered here (a few
 * word operations a cycle); which ports changed is read from them at the end. */
void ls_trace_note(ls_trace *t, const ls_common *c, const void *in, const void *r_out,
                       const void *c_out, const unsigned *rw, const unsigned *cw)
{
    unsigned w;
    if (!t->n) {
        memcpy(t->in0, in, c->k->in_size);
        memcpy(t->out0, r_out, c->k->out_size);
        if (c_out) memcpy(t->cm0, c_out, c->k->out_size);
        if (rw) memcpy(t->pw0, rw, c->pw * sizeof(unsigned));
    }
    t->n++;
    or_xor(t->inb, in, t->in0, c->k->in_size);
    or_xor(t->outb, r_out, t->out0, c->k->out_size);
    if (c_out) or_xor(t->cmb, c_out, t->cm0, c->k->out_size);
    if (rw)
        for (w = 0; w < c->pw; w++) {
            t->pwtog[w] |= rw[w] ^ t->pw0[w];
            if (cw) t->cwdiff[w] |= rw[w] ^ cw[w];
        }
}

/* Any byte of bits[off, off + n) set? */
static int bytes_any(const unsigned char *bits, size_t off, size_t n)
{
    size_t b;
    for (b = 0; b < n; b++)
        if (bits[off + b]) return 1;
    return 0;
}

/* A cycle's expected outputs: which outputs have some, and the bits in which they differ
 * from the output's first expected value (a field of a packed vector whose expected value
 * never differs from the RTL's constant value is folded in the waveform). */
void ls_trace_expect_seen(ls_trace *t, const ls_common *c, const void *exp, const void *care)
{
    int i;
    for (i = 0; i < c->np; i++) {
        const blk_port *p = &c->ports[i];
        const unsigned char *e = (const unsigned char *)exp + p->offset;
        size_t b, nb = port_bytes(p);
        if (p->dir != BLK_OUT || !*blk_port_cptr(p, care)) continue;
        if (!t->pexp[i]) memcpy(t->x0 + p->offset, e, nb);
        for (b = 0; b < nb; b++) t->xb[p->offset + b] |= e[b] ^ t->x0[p->offset + b];
        t->pexp[i] = 1;
    }
}

/* An RTL output differs from a checked expected value? (bit 31 of a waveform mark) */
unsigned ls_expect_fails(const ls_common *c, const void *out, const void *exp, const void *care)
{
    int i;
    for (i = 0; i < c->np; i++) {
        const blk_port *p = &c->ports[i];
        if (p->dir == BLK_OUT && *blk_port_cptr(p, care) &&
            memcmp((const char *)out + p->offset, (const char *)exp + p->offset, port_bytes(p)))
            return 1u << 31;
    }
    return 0;
}

/* The save file of a finished waveform. */
int ls_trace_write_gtkw(ls_trace *t, const ls_common *c, int any_exp)
{
    waves_info wi;
    int e;
    for (e = 0; e < c->np; e++) { /* expected values against the RTL's first value */
        size_t b, o = c->ports[e].offset;
        if (t->pexp[e])
            for (b = 0; b < port_bytes(&c->ports[e]); b++) t->xb[o + b] |= t->x0[o + b] ^ t->out0[o + b];
    }
    for (e = 0; e < c->np; e++) { /* a port changed: a bit of it changed in some cycle */
        const blk_port *p = &c->ports[e];
        if (p->dir == BLK_IN) {
            t->ptog[e] = (unsigned char)bytes_any(t->inb, p->offset, port_bytes(p));
        } else {
            t->ptog[e] = (unsigned char)bytes_any(t->outb, p->offset, port_bytes(p));
            t->cmtog[e] = (unsigned char)bytes_any(t->cmb, p->offset, port_bytes(p));
        }
    }
    for (e = 0; e < c->nq; e++) {
        t->qtog[e] = (unsigned char)bits_any(t->pwtog, c->pbit[e], c->probes[e].width);
        t->qdiff[e] = (unsigned char)bits_any(t->cwdiff, c->pbit[e], c->probes[e].width);
    }
    memset(&wi, 0, sizeof wi);
    wi.c0 = t->c0;
    wi.c1 = t->n ? t->c0 + t->n - 1 : t->c0;
    wi.fail = t->fail;
    wi.fail_code = t->fail_code;
    wi.post = t->post;
    wi.pad = t->pad;
    wi.tunit = LS_TUNIT;
    wi.extras = 1;
    wi.port_tog = t->ptog;
    wi.cm_tog = t->rtl_only ? NULL : t->cmtog;
    wi.probe_tog = t->qtog;
    wi.probe_cdiff = t->rtl_only ? NULL : t->qdiff;
    wi.port_exp = any_exp ? t->pexp : NULL;
    wi.in_bits = t->inb;
    wi.out_bits = t->outb;
    wi.cm_bits = t->rtl_only ? NULL : t->cmb;
    wi.exp_bits = t->xb;
    return waves_write(t->gtkw, t->fst, c->k, c->cfg, c->ops->scope, &wi);
}

/* A live waveform ends: the file padded to the last cycle's end, closed, its save file
 * written; *tr freed and cleared. */
void ls_live_trace_end(ls_trace **tr, const ls_common *c, rtl_model *m, int any_exp)
{
    if (!*tr) return;
    c->ops->trace_pad(m, 0); /* the file ends where the last cycle does */
    c->ops->trace_close(m);
    if (ls_trace_write_gtkw(*tr, c, any_exp)) fprintf(stderr, "waveform: could not write %s\n", (*tr)->gtkw);
    ls_trace_free(*tr);
    *tr = NULL;
}
