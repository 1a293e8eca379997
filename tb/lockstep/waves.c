/* waves.c: GTKWave save files (.gtkw) with any block's signals grouped by meaning, all
 * from the block's port list: ports (each output with the C model's value under it, and
 * a vector run's expected value), state probes (the registers lockstep compares) and
 * waveform-only wires, in the groups and order the port list names.
 *
 * For a reader: the configuration as label rows at the top, a decimal cycle counter
 * (cycle_i; with mk/rtl.mk's 100 ps precision GTKWave's time reads "c ns" at cycle c),
 * enumerated values by name (translate filter files made from the port list's
 * descriptions, "0 policy, 1 greedy hold, ..."), one radix per signal and packed vectors
 * of equal fields one row per field (a description's format tag, "[hex fields=K] ...":
 * parse_fmt below, docs/waveforms.md), the signal that differs named by
 * mismatch_port_i (a filter from index to name) and shown first, signals that never
 * change in the file folded into a closed group at the end, and the view opened around
 * the failing cycle (or the first cycles), the marker on it.
 *
 * A waveform shows every value of cycle c from time 10c (where the shown clock rises) to
 * 10c + 10: inputs, outputs, the C model's outputs and the registers during the cycle
 * (rtl_shim.cpp); a register's new value appears with the next cycle.
 *
 * GTKWave save-file lines used (3.3): "[timestart] t" (used only if a page from t stays
 * within the file), "*zoom marker A B ..." (zoom z: 2^-z = 200 x time units a pixel;
 * times in GTKWave's units, the file's x its timescale factor), "[markername] Atext",
 * "@flags" (hex: 0x4 decimal, 0x8 binary, 0x2 hex, 0x20 right-justified, 0x2000
 * translated by the current filter file, 0x200 label row, 0x800000 group begin,
 * 0x1000000 group end, 0x400000 closed), "-text" (a label row), "+{alias} signal",
 * "#{alias} bit bit ..." (a vector of bits, most significant first; bit b of a W-bit
 * vector is "(W-1-b)name[W-1:0]"), "^N file" (the translate filter file for the next
 * translated traces). Filter files: "value text" a line, the value as GTKWave prints it
 * in the trace's format (always decimal here: @2024; the text carries the signal's radix,
 * hex as GTKWave prints it, upper case with every digit); "# values: N" tells
 * tb/lint/check_gtkw.py how many values one maps. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lockstep.h"

#define F_BIN "@28"
#define F_HEX "@22"
#define F_DEC "@24"
#define F_XLAT "@2024" /* decimal, translated by the current filter file */
#define F_LABEL "@200"

#define WIN_W 1600
#define WIN_H 1000
#define SIGNALS_W 400
#define PX_CYCLE 24 /* pixels a cycle when the file opens (3-4 hex digits fit) */
#define WAVE_W 1100 /* about the wave area of a [size] WIN_W window (signals pane
                     * SIGNALS_W, the tree folded); the failing cycle is placed at 70% of
                     * it. GTKWave 3.3 uses [timestart] only if a page from there stays
                     * within the file: a mismatch file goes on for a while (waves_info.pad) */

typedef struct wctx {
    FILE *f;
    const char *scope;
    char fdir[1024];     /* filter files' folder */
    int nfilt;
    const blk_port *p, *q;
    int np, nq;
    const waves_info *wi;
    const blk_kind *k;
    const void *cfg;
    char *constant;      /* rows of signals that never change, emitted at the end */
    size_t clen, ccap;
    int nconst;
} wctx;

/* ---- text buffer for the folded group */
static void cadd(wctx *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void cadd(wctx *w, const char *fmt, ...)
{
    va_list ap;
    int n;
    for (;;) {
        va_start(ap, fmt);
        n = vsnprintf(w->constant ? w->constant + w->clen : NULL, w->constant ? w->ccap - w->clen : 0, fmt, ap);
        va_end(ap);
        if (n < 0) return;
        if (w->constant && w->clen + (size_t)n < w->ccap) {
            w->clen += (size_t)n;
            return;
        }
        {
            size_t cap = (w->ccap + (size_t)n + 1) * 2;
            char *x = realloc(w->constant, cap);
            if (!x) return;
            w->constant = x;
            w->ccap = cap;
        }
    }
}

/* Write a row to the file, or to the folded group when `folded`. */
#define OUT(w, folded, ...) ((folded) ? cadd((w), __VA_ARGS__) : (void)fprintf((w)->f, __VA_ARGS__))

/* ---- enumerated values: "0 name, 1 name, ..." (after the last ": " if there is one) */
typedef struct enum_map {
    int n;
    unsigned val[64];
    char name[64][48];
} enum_map;

static int parse_enum(const char *desc, enum_map *m)
{
    const char *s = desc, *c;
    m->n = 0;
    if (!desc) return 0;
    for (c = desc; (c = strstr(c, ": ")); c += 2) s = c + 2;
    while (*s && m->n < 64) {
        char *end;
        unsigned long v;
        const char *comma;
        size_t len;
        while (*s == ' ') s++;
        if (*s < '0' || *s > '9') return m->n = 0;
        v = strtoul(s, &end, 10);
        if (*end != ' ') return m->n = 0;
        s = end + 1;
        comma = strstr(s, ", ");
        len = comma ? (size_t)(comma - s) : strlen(s);
        if (!len || len >= sizeof m->name[0]) return m->n = 0;
        m->val[m->n] = (unsigned)v;
        memcpy(m->name[m->n], s, len);
        m->name[m->n][len] = 0;
        m->n++;
        s = comma ? comma + 2 : s + len;
    }
    return m->n >= 2 ? m->n : (m->n = 0);
}

static const char *enum_name(const enum_map *m, unsigned v)
{
    int i;
    for (i = 0; i < m->n; i++)
        if (m->val[i] == v) return m->name[i];
    return NULL;
}

/* ---- a signal's format: its description's tag, "[word ...] text", words
 *   dec | hex | bin     the radix of every row of the signal (RTL, C model, expected);
 *                       default decimal (a 1-bit value is always shown as 0/1)
 *   field=W             a packed vector of equal fields of W bits: field i is bits
 *                       [i*W +: W], one row each
 *   fields=N            the same as N equal fields
 * W and N a number or the name of one of the block's parameters (its value in this
 * configuration). Value names ("0 name, 1 name, ...") apply to a value (each field) of
 * at most 12 bits; their number is shown in the radix too. */
#define ENUM_MAX_W 12 /* value names for at most 4096 values (a filter line each) */
#define EXP_MAX_W 8   /* an expected value of at most 8 bits has "-" where unchecked */
#define FIELDS_MAX 1024

typedef struct sigfmt {
    char radix;       /* 'd', 'h', 'b' */
    unsigned fw, nf;  /* nf fields of fw bits (nf 1: the whole value) */
    const char *text; /* the description without its tag */
    enum_map m;       /* value names (m.n 0: none) */
} sigfmt;

/* The value of a tag's W or N: a number, or a parameter of the block by name. */
static int tag_number(const blk_kind *k, const void *cfg, const char *s, size_t len, unsigned *v)
{
    int i;
    if (len && len < 10 && strspn(s, "0123456789") >= len) {
        *v = (unsigned)strtoul(s, NULL, 10);
        return 0;
    }
    for (i = 0; i < k->nparams; i++)
        if (strlen(k->params[i].name) == len && !strncmp(k->params[i].name, s, len)) {
            *v = *(const unsigned *)((const char *)cfg + k->params[i].offset);
            return 0;
        }
    return -1;
}

/* The tag "[word ...]" that starts s (its text after it in f->text); 0, or -1 with one
 * line in err. */
static int parse_tag(const blk_kind *k, const void *cfg, const char *what, const char *s, unsigned width,
                     sigfmt *f, char *err, size_t n)
{
    const char *end = strchr(s, ']'), *wd;
    char tag[96], why[160];
    unsigned fw = 0, nf = 0;
    int have_radix = 0;
    size_t len;
    if (!end || (end[1] && end[1] != ' ')) {
        snprintf(err, n, "%s %s: description \"%.40s\": a format tag is \"[word ...] text\"", k->name, what, s);
        return -1;
    }
    snprintf(tag, sizeof tag, "%.*s", (int)(end + 1 - s), s);
    f->text = end[1] ? end + 2 : end + 1;
    for (wd = s + 1; wd < end; wd += len ? len : 1) { /* a word, or a space */
        const char *eq, *num;
        int field;
        unsigned v;
        if (!(len = strcspn(wd, " ]"))) continue;
        eq = memchr(wd, '=', len);
        num = eq ? eq + 1 : NULL;
        field = eq && eq - wd == 5 && !strncmp(wd, "field", 5);
        if (len == 3 && (!strncmp(wd, "dec", 3) || !strncmp(wd, "hex", 3) || !strncmp(wd, "bin", 3))) {
            f->radix = wd[0];
            if (!have_radix++) continue;
            snprintf(why, sizeof why, "two radixes");
        } else if (!field && !(eq && eq - wd == 6 && !strncmp(wd, "fields", 6))) {
            snprintf(why, sizeof why, "unknown word \"%.*s\" (dec, hex, bin, field=W, fields=N)", (int)len, wd);
        } else if (fw || nf) {
            snprintf(why, sizeof why, "field= or fields= twice");
        } else if (tag_number(k, cfg, num, len - (size_t)(num - wd), &v)) {
            snprintf(why, sizeof why, "\"%.*s\" is neither a number nor a parameter of %s",
                     (int)(len - (size_t)(num - wd)), num, k->name);
        } else if (!v || width % v) {
            snprintf(why, sizeof why, "its %u bits are not %s%u%s", width, field ? "fields of " : "", v,
                     field ? " bits" : " equal fields");
        } else if ((nf = field ? width / v : v) > FIELDS_MAX) {
            snprintf(why, sizeof why, "%u fields, at most %d", nf, FIELDS_MAX);
        } else {
            fw = field ? v : width / v;
            if (width) f->fw = fw, f->nf = nf; /* a 0-bit value (absent) is not split */
            continue;
        }
        snprintf(err, n, "%s %s: format tag %s: %s", k->name, what, tag, why);
        return -1;
    }
    return 0;
}

/* The format of a signal of `width` bits from its description (NULL: none); 0, or -1
 * with one line in err naming what is wrong (`what`: "port x_o", "probe len", ...). */
static int parse_fmt(const blk_kind *k, const void *cfg, const char *what, const char *desc,
                     unsigned width, sigfmt *f, char *err, size_t n)
{
    memset(f, 0, sizeof *f);
    f->radix = 'd';
    f->fw = width;
    f->nf = 1;
    f->text = desc ? desc : "";
    if (*f->text == '[' && parse_tag(k, cfg, what, f->text, width, f, err, n)) return -1;
    if (f->fw <= ENUM_MAX_W) parse_enum(f->text, &f->m);
    return 0;
}

/* A value as GTKWave prints it in the signal's radix (hex: upper case, every digit of
 * its width; binary: every bit). */
static void fmt_value(char *b, size_t n, uint64_t v, unsigned w, char radix)
{
    unsigned i, d = radix == 'h' ? (w + 3) / 4 : w; /* digits */
    if ((radix == 'h' || radix == 'b') && d <= 64 && d < n) {
        for (i = 0; i < d; i++) {
            unsigned sh = (d - 1 - i) * (radix == 'h' ? 4 : 1);
            b[i] = "0123456789ABCDEF"[sh < 64 ? (v >> sh) & (radix == 'h' ? 15 : 1) : 0];
        }
        b[d] = 0;
    } else snprintf(b, n, "%llu", (unsigned long long)v);
}

/* the flags of an untranslated row of w bits */
static const char *fmt_flags(const sigfmt *f, unsigned w)
{
    return w == 1 || f->radix == 'b' ? F_BIN : f->radix == 'h' ? F_HEX : F_DEC;
}

/* A filter file <fdir>/<name>.txt; its path in `path`. 0 ok. */
static FILE *filter_open(wctx *w, const char *name, char *path, size_t n)
{
    snprintf(path, n, "%s/%s.txt", w->fdir, name);
    return fopen(path, "w");
}

/* "^N path" before a translated trace: the filter for it */
static void use_filter(wctx *w, int folded, const char *path)
{
    w->nfilt++;
    OUT(w, folded, "^%d %s\n", w->nfilt, path);
}

/* enum_<name>: "v text" for each value of a field, text the value in the signal's radix
 * and its name where the description gives one; its path in `path`, the file written
 * unless `path_only`. 0 ok. */
static int enum_filter(wctx *w, const char *name, const sigfmt *f, int path_only, char *path, size_t n)
{
    unsigned v, top = 1u << f->fw;
    FILE *fp;
    char nm[128], t[80];
    snprintf(nm, sizeof nm, "enum_%s", name);
    if (path_only) {
        snprintf(path, n, "%s/%s.txt", w->fdir, nm);
        return 0;
    }
    if (!(fp = filter_open(w, nm, path, n))) return -1;
    fprintf(fp, "# %s: %s\n", name, f->text);
    for (v = 0; v < top; v++) {
        const char *e = enum_name(&f->m, v);
        fmt_value(t, sizeof t, v, f->fw, f->radix);
        if (e) fprintf(fp, "%u %s %s\n", v, t, e);
        else fprintf(fp, "%u %s\n", v, t);
    }
    return fclose(fp);
}

/* exp_<name>: a field's expected value as {checked, value}: "-" where unchecked, else the
 * value as the RTL's row shows it. 0 ok. */
static int exp_filter(wctx *w, const char *name, const sigfmt *f, char *path, size_t n)
{
    unsigned v, top = 1u << f->fw;
    FILE *fp;
    char nm[128], t[80];
    snprintf(nm, sizeof nm, "exp_%s", name);
    if (!(fp = filter_open(w, nm, path, n))) return -1;
    fprintf(fp, "# expected %s: {checked, value}; - where the vector has none\n", name);
    for (v = 0; v < top; v++) fprintf(fp, "%u -\n", v);
    for (v = 0; v < top; v++) {
        const char *e = enum_name(&f->m, v);
        fmt_value(t, sizeof t, v, f->fw, f->fw == 1 ? 'b' : f->radix);
        if (e) fprintf(fp, "%u %s %s\n", v | top, t, e);
        else fprintf(fp, "%u %s\n", v | top, t);
    }
    return fclose(fp);
}

static void row(wctx *w, int folded, const char *fmt, const char *alias, const char *name, unsigned width)
{
    OUT(w, folded, "%s\n", fmt ? fmt : width == 1 ? F_BIN : F_HEX);
    if (alias) OUT(w, folded, "+{%s} ", alias);
    if (width > 1) OUT(w, folded, "%s.%s[%u:0]\n", w->scope, name, width - 1);
    else OUT(w, folded, "%s.%s\n", w->scope, name);
}

/* " (i)scope.name[W-1:0]": bit b of a W-bit vector as GTKWave names it in a list of
 * bits ("#{alias} bit bit ..."): i counts from the most significant bit */
static void bit_ref(wctx *w, int folded, const char *name, unsigned W, unsigned b)
{
    if (W > 1) OUT(w, folded, " (%u)%s.%s[%u:0]", W - 1 - b, w->scope, name, W - 1);
    else OUT(w, folded, " %s.%s", w->scope, name);
}

/* One row of wrapper signal `nm` (W bits): all of it (f->nf 1), else field j of it; with
 * the current filter when `filt`, else in the signal's radix. */
static void sig_row(wctx *w, int folded, const sigfmt *f, int filt, const char *alias, const char *nm,
                    unsigned W, unsigned j)
{
    unsigned b;
    OUT(w, folded, "%s\n", filt ? F_XLAT : fmt_flags(f, f->fw));
    if (f->nf == 1) {
        if (alias) OUT(w, folded, "+{%s} ", alias);
        if (W > 1) OUT(w, folded, "%s.%s[%u:0]\n", w->scope, nm, W - 1);
        else OUT(w, folded, "%s.%s\n", w->scope, nm);
        return;
    }
    OUT(w, folded, "#{%s}", alias);
    for (b = f->fw; b-- > 0;) bit_ref(w, folded, nm, W, j * f->fw + b);
    OUT(w, folded, "\n");
}

/* "name[hi:lo]": field j's name (name alone for the whole value) */
static void field_name(char *b, size_t n, const char *name, const char *sep, const sigfmt *f, unsigned j)
{
    if (f->nf == 1) snprintf(b, n, "%s", name);
    else if (f->fw == 1) snprintf(b, n, "%s%s[%u]", name, sep, j);
    else snprintf(b, n, "%s%s[%u:%u]", name, sep, (j + 1) * f->fw - 1, j * f->fw);
}

/* Any of bits lo..lo+w-1 set in a value of uint64_t words? */
static int bits_set(const uint64_t *v, unsigned lo, unsigned w)
{
    unsigned b;
    for (b = lo; b < lo + w; b++)
        if ((v[b / 64] >> (b % 64)) & 1) return 1;
    return 0;
}

/* One port: for each field (or the whole value), the RTL's value, the C model's under
 * it, a vector run's expected value, all in the port's format. */
static void emit_port(wctx *w, int i, int folded_ok)
{
    const blk_port *p = &w->p[i];
    const waves_info *wi = w->wi;
    sigfmt f;
    char epath[1200], xpath[1200], al[200], nm[128], fn[160], err[256];
    int out = p->dir == BLK_OUT, is_enum, nout = 0, o = 0, k;
    int has_c = out && !(wi->extras && wi->port_tog && !wi->cm_tog); /* not rtl-only */
    int has_x = out && wi->port_exp && wi->port_exp[i];
    int port_changes = !wi->port_tog || wi->port_tog[i] || (has_c && wi->cm_tog && wi->cm_tog[i]) || has_x;
    const void *rbits = out ? wi->out_bits : wi->in_bits;
    unsigned j;
    if (parse_fmt(w->k, w->cfg, "port", p->desc, p->width, &f, err, sizeof err)) return; /* checked before */
    is_enum = f.m.n > 0 && !enum_filter(w, p->name, &f, 0, epath, sizeof epath);
    if (has_x && f.fw <= EXP_MAX_W && exp_filter(w, p->name, &f, xpath, sizeof xpath)) has_x = 0;
    for (k = 0; k < w->np; k++) {
        nout += w->p[k].dir == BLK_OUT;
        if (k < i) o += w->p[k].dir == BLK_OUT; /* bit o of expchk_i: this output's */
    }
    for (j = 0; j < f.nf; j++) {
        int changes = port_changes, folded;
        if (changes && f.nf > 1 && wi->port_tog && rbits && (!has_c || wi->cm_bits) && (!has_x || wi->exp_bits))
            changes = bits_set(blk_port_cptr(p, rbits), j * f.fw, f.fw) || /* this field's bits */
                      (has_c && bits_set(blk_port_cptr(p, wi->cm_bits), j * f.fw, f.fw)) ||
                      (has_x && bits_set(blk_port_cptr(p, wi->exp_bits), j * f.fw, f.fw));
        folded = folded_ok && !changes;
        if (folded) w->nconst++;
        field_name(fn, sizeof fn, p->name, "", &f, j);
        if (is_enum) use_filter(w, folded, epath);
        sig_row(w, folded, &f, is_enum, f.nf > 1 ? fn : NULL, p->name, p->width, j);
        if (has_c) {
            snprintf(al, sizeof al, "C: %s", fn);
            snprintf(nm, sizeof nm, "cm_%s", p->name);
            if (is_enum) use_filter(w, folded, epath);
            sig_row(w, folded, &f, is_enum, al, nm, p->width, j);
        }
        if (!has_x) continue;
        snprintf(nm, sizeof nm, "exp_%s", p->name);
        if (f.fw <= EXP_MAX_W) { /* {checked, value} as one vector, "-" where nothing is expected */
            unsigned b;
            snprintf(al, sizeof al, "expected: %s", fn);
            use_filter(w, folded, xpath);
            OUT(w, folded, "%s\n#{%s}", F_XLAT, al);
            bit_ref(w, folded, "expchk_i", (unsigned)nout, (unsigned)o);
            for (b = f.fw; b-- > 0;) bit_ref(w, folded, nm, p->width, j * f.fw + b);
            OUT(w, folded, "\n");
        } else {
            snprintf(al, sizeof al, "expected: %s (where checked)", fn);
            sig_row(w, folded, &f, 0, al, nm, p->width, j);
        }
    }
}

/* One probe element (RTL, or the C model's cpr_ value): the wrapper's copy of it,
 * pr_<name>_<i> for an array element, else pr_<name>; each field a row. */
static void emit_probe(wctx *w, int e, int c_side, int folded)
{
    const blk_port *q = &w->q[e];
    sigfmt f;
    char nm[96], al[96], fn[160], epath[1200], err[256];
    int is_enum;
    unsigned j;
    if (parse_fmt(w->k, w->cfg, "probe", q->desc, q->width, &f, err, sizeof err)) return;
    if (q->index < 0) {
        snprintf(nm, sizeof nm, "%spr_%s", c_side ? "c" : "", q->name);
        snprintf(al, sizeof al, "%s%s", c_side ? "C: " : "", q->name);
    } else {
        snprintf(nm, sizeof nm, "%spr_%s_%d", c_side ? "c" : "", q->name, q->index);
        snprintf(al, sizeof al, "%s%s[%d]", c_side ? "C: " : "", q->name, q->index);
    }
    snprintf(fn, sizeof fn, "pr_%s", q->name); /* one file for all elements: the first's RTL row writes it */
    is_enum = f.m.n > 0 && !enum_filter(w, fn, &f, c_side || q->index > 0, epath, sizeof epath);
    for (j = 0; j < f.nf; j++) {
        field_name(fn, sizeof fn, al, "", &f, j);
        if (folded) w->nconst += j > 0;
        if (is_enum) use_filter(w, folded, epath);
        sig_row(w, folded, &f, is_enum, fn, nm, q->width, j);
    }
}

/* A waveform-only wire: the wrapper's copy wv_<path> (tb/verilator/portgen.c), named by
 * its description; each field a row. */
static void emit_wire(wctx *w, const blk_port *v)
{
    sigfmt f;
    char nm[128], fn[200], epath[1200], err[256];
    size_t at = (size_t)snprintf(nm, sizeof nm, "wv_");
    const char *s;
    int is_enum;
    unsigned j;
    if (parse_fmt(w->k, w->cfg, "wire", v->desc, v->width, &f, err, sizeof err)) return;
    for (s = v->path; *s && at + 1 < sizeof nm; s++)
        nm[at++] = (*s == '.' || *s == '[' || *s == ']') ? '_' : *s;
    nm[at] = 0;
    is_enum = f.m.n > 0 && !enum_filter(w, nm, &f, 0, epath, sizeof epath);
    for (j = 0; j < f.nf; j++) {
        field_name(fn, sizeof fn, f.text, " ", &f, j);
        if (is_enum) use_filter(w, 0, epath);
        sig_row(w, 0, &f, is_enum, fn, nm, v->width, j);
    }
}

/* log2 without libm (the C-only programs link without -lm) */
static double log2_(double x)
{
    double r = 0, f = 1;
    int i;
    if (x <= 0) return 0;
    while (x >= 2) x /= 2, r += 1;
    while (x < 1) x *= 2, r -= 1;
    for (i = 0; i < 30; i++) { /* the fraction, bit by bit */
        x *= x;
        f /= 2;
        if (x >= 2) x /= 2, r += f;
    }
    return r;
}

static void group_begin(wctx *w, const char *name) { fprintf(w->f, "@800200\n-%s\n", name); }
static void group_end(wctx *w, const char *name) { fprintf(w->f, "@1000200\n-%s\n", name); }

/* Everything of group `g`: ports, probes (RTL registers), wave wires. */
static void emit_group(wctx *w, const char *g, const blk_port *wv, int nw)
{
    const waves_info *wi = w->wi;
    int i;
    for (i = 0; i < w->np; i++)
        if (!strcmp(w->p[i].group, g)) emit_port(w, i, 1);
    for (i = 0; i < w->nq; i++) {
        int tog, cd;
        if (strcmp(w->q[i].group, g)) continue;
        tog = !wi->probe_tog || wi->probe_tog[i];
        cd = wi->probe_cdiff && wi->probe_cdiff[i];
        if (!tog && !cd) w->nconst++;
        emit_probe(w, i, 0, !tog && !cd);
        if (cd) emit_probe(w, i, 1, 0);
    }
    for (i = 0; i < nw; i++)
        if (!strcmp(wv[i].group, g)) emit_wire(w, &wv[i]);
}

/* A titled group, left out when all its signals went to the folded group. */
static void titled_group(wctx *w, const char *title, const char *g, const blk_port *wv, int nw)
{
    FILE *real = w->f, *mem;
    char *buf = NULL;
    size_t len = 0;
    if (!(mem = open_memstream(&buf, &len))) {
        group_begin(w, title);
        emit_group(w, g, wv, nw);
        group_end(w, title);
        return;
    }
    w->f = mem;
    emit_group(w, g, wv, nw);
    fclose(mem);
    w->f = real;
    if (len) {
        group_begin(w, title);
        fwrite(buf, 1, len, real);
        group_end(w, title);
    }
    free(buf);
}

static int listed(const char *const *groups, const char *g)
{
    int i;
    for (i = 0; groups && groups[i]; i += 2)
        if (!strcmp(groups[i], g)) return 1;
    return 0;
}

/* Parameters with their value names ("Flush=on"), as label rows of at most ~70 chars. */
static void config_rows(wctx *w, const blk_kind *k, const void *cfg)
{
    char line[256];
    size_t at;
    int i;
    snprintf(line, sizeof line, "config: ");
    at = strlen(line);
    for (i = 0; i < k->nparams; i++) {
        const blk_param *pa = &k->params[i];
        unsigned v = *(const unsigned *)((const char *)cfg + pa->offset);
        char item[96], nm[48] = "";
        if (pa->names) { /* the v-th space-separated name */
            const char *s = pa->names;
            unsigned j;
            for (j = 0; j < v && s; j++) {
                s = strchr(s, ' ');
                if (s) s++;
            }
            if (s) {
                size_t len = strcspn(s, " ");
                snprintf(nm, sizeof nm, "%.*s", (int)(len < 40 ? len : 40), s);
            }
        }
        if (*nm) snprintf(item, sizeof item, "%s=%s", pa->name, nm);
        else snprintf(item, sizeof item, "%s=%u", pa->name, v);
        if (at + strlen(item) + 1 > 44 && at > 10) {
            fprintf(w->f, "-%s\n", line);
            snprintf(line, sizeof line, "        ");
            at = strlen(line);
        }
        at += (size_t)snprintf(line + at, sizeof line - at, "%s%s", at > 8 ? " " : "", item);
    }
    fprintf(w->f, "-%s\n", line);
}

void waves_code_name(const blk_port *p, int np, const blk_port *q, int nq, unsigned code,
                     char *buf, size_t n)
{
    if (!code) snprintf(buf, n, "-");
    else if (code <= (unsigned)np) snprintf(buf, n, "%s", p[code - 1].name);
    else if (code - 1 - (unsigned)np < (unsigned)nq) {
        const blk_port *e = &q[code - 1 - np];
        if (e->index >= 0) snprintf(buf, n, "%s[%d]", e->name, e->index);
        else snprintf(buf, n, "%s", e->name);
    } else snprintf(buf, n, "#%u", code);
}

int waves_check(const blk_kind *k, const void *cfg, char *err, size_t n)
{
    blk_port p[BLK_MAX_PORTS], *q = malloc(sizeof(blk_port) * BLK_MAX_PROBES);
    sigfmt f;
    int np = k->ports(cfg, p, BLK_MAX_PORTS), nq, nw, i, rc = 0;
    char what[160];
    if (!q) {
        snprintf(err, n, "%s: out of memory", k->name);
        return -1;
    }
    for (i = 0; i < np && !rc; i++) {
        snprintf(what, sizeof what, "port %s", p[i].name);
        rc = parse_fmt(k, cfg, what, p[i].desc, p[i].width, &f, err, n);
    }
    nq = rc || !k->probes ? 0 : k->probes(cfg, q, BLK_MAX_PROBES);
    for (i = 0; i < nq && !rc; i++) {
        if (i && !strcmp(q[i].name, q[i - 1].name)) continue; /* elements of one register */
        snprintf(what, sizeof what, "probe %s", q[i].name);
        rc = parse_fmt(k, cfg, what, q[i].desc, q[i].width, &f, err, n);
    }
    nw = rc || !k->waves ? 0 : k->waves(cfg, q, BLK_MAX_PROBES);
    for (i = 0; i < nw && !rc; i++) {
        snprintf(what, sizeof what, "wire %s", q[i].path);
        rc = parse_fmt(k, cfg, what, q[i].desc, q[i].width, &f, err, n);
    }
    free(q);
    return rc;
}

/* an absolute path for the save file (GTKWave then finds the files from anywhere) */
static void abs_path(const char *path, char *out, size_t n)
{
    char cwd[PATH_MAX];
    if (path[0] == '/' || !getcwd(cwd, sizeof cwd)) snprintf(out, n, "%s", path);
    else snprintf(out, n, "%s/%s", cwd, path[0] == '.' && path[1] == '/' ? path + 2 : path);
}

int waves_write(const char *gtkw_path, const char *fst_path, const blk_kind *k,
                const void *cfg, const char *scope, const waves_info *wi_in)
{
    blk_port p[BLK_MAX_PORTS], wv[BLK_MAX_PORTS], *q = malloc(sizeof(blk_port) * BLK_MAX_PROBES);
    waves_info wi = *wi_in;
    wctx w;
    char afst[PATH_MAX + 256], agtkw[PATH_MAX + 256], fpath[1200], nm[160], err[320];
    int np = k->ports(cfg, p, BLK_MAX_PORTS), nq = 0, nw = 0, i, j, rc;
    unsigned tu = wi.tunit ? wi.tunit : 1;
    uint64_t v0;
    double zoom, px;
    size_t L;

    memset(&w, 0, sizeof w);
    if (!q) return -1;
    if (waves_check(k, cfg, err, sizeof err)) { /* a port list's format tag */
        fprintf(stderr, "waves: %s\n", err);
        free(q);
        return -1;
    }
    if (wi.extras && k->probes) nq = k->probes(cfg, q, BLK_MAX_PROBES);
    if (wi.extras && k->waves) nw = k->waves(cfg, wv, BLK_MAX_PORTS);
    w.scope = scope;
    w.k = k, w.cfg = cfg;
    w.p = p, w.np = np, w.q = q, w.nq = nq, w.wi = &wi;
    abs_path(fst_path, afst, sizeof afst);
    abs_path(gtkw_path, agtkw, sizeof agtkw);
    L = strlen(agtkw);
    snprintf(w.fdir, sizeof w.fdir, "%.*s-filters", (int)(L > 5 && !strcmp(agtkw + L - 5, ".gtkw") ? L - 5 : L), agtkw);
    if (mkdir(w.fdir, 0777) && errno != EEXIST) {
        free(q);
        return -1;
    }
    if (!(w.f = fopen(gtkw_path, "w"))) {
        free(q);
        return -1;
    }

    /* the view: PX_CYCLE pixels a cycle, a page ending at the file's end when it shows a
     * failure (the cycles before it, and the few after it), else from the first cycle; a
     * short file fills the page */
    px = PX_CYCLE;
    v0 = wi.c0;
    if (wi.fail >= 0 && (uint64_t)wi.fail > wi.c0 + WAVE_W * 7 / 10 / PX_CYCLE)
        v0 = (uint64_t)wi.fail - WAVE_W * 7 / 10 / PX_CYCLE;
    else if (wi.c1 > wi.c0 && (wi.c1 + 1 - wi.c0) * PX_CYCLE < WAVE_W * 3 / 4)
        px = (double)WAVE_W * 3 / 4 / (double)(wi.c1 + 1 - wi.c0);
    if (px > 96) px = 96;
    zoom = -log2_(10.0 * tu * 200.0 / px); /* 2^-z = 200 x time units a pixel */

    fprintf(w.f, "[*] written by the %s lockstep engine (tb/lockstep/waves.c); time: 10 units a cycle%s\n",
            k->name, tu == 100 ? ", shown as 1 ns a cycle (cycle c at c ns)" : "");
    if (wi.fail >= 0 && wi.extras) {
        waves_code_name(p, np, q, nq, wi.fail_code, nm, sizeof nm);
        fprintf(w.f, "[*] mismatch at cycle %lld: %s; cycles %llu..%llu in the file, the last %u with the "
                     "failing cycle's inputs held\n",
                (long long)wi.fail, nm, (unsigned long long)wi.c0, (unsigned long long)wi.c1, wi.post);
    }
    fprintf(w.f, "[dumpfile] \"%s\"\n[savefile] \"%s\"\n", afst, agtkw);
    fprintf(w.f, "[timestart] %llu\n[size] %d %d\n[pos] -1 -1\n[sst_expanded] 0\n[sst_width] 1\n"
                 "[signals_width] %d\n",
            (unsigned long long)(v0 * 10 * tu), WIN_W, WIN_H, SIGNALS_W);
    /* zoom, primary marker (the failing cycle's start), named marker A there too */
    if (wi.fail >= 0) {
        unsigned long long t = (unsigned long long)wi.fail * 10 * tu;
        fprintf(w.f, "*%.6f %llu %llu", zoom, t, t);
        for (i = 0; i < 25; i++) fprintf(w.f, " -1");
        if (wi.extras)
            fprintf(w.f, "\n[markername] Acycle %lld: %s differs%s\n", (long long)wi.fail, nm,
                    wi.fail_code > (unsigned)np ? " after its clock edge" : "");
        else fprintf(w.f, "\n[markername] Amismatch\n");
    } else {
        fprintf(w.f, "*%.6f -1", zoom);
        for (i = 0; i < 26; i++) fprintf(w.f, " -1");
        fprintf(w.f, "\n");
    }

    /* the top: configuration, cycle, what differs */
    fprintf(w.f, "%s\n", F_LABEL);
    config_rows(&w, k, cfg);
    if (wi.fail >= 0 && wi.extras && wi.post)
        fprintf(w.f, "-after cycle %lld: its inputs held;\n-the file ends at cycle %llu\n",
                (long long)wi.fail, (unsigned long long)wi.c1);
    if (wi.extras) {
        row(&w, 0, F_DEC, "cycle", "cycle_i", 32);
        if (wi.port_exp) {
            row(&w, 0, F_DEC, "vector line", "vec_line_i", 32);
            row(&w, 0, F_BIN, "EXPECT FAIL (RTL vs vector)", "expect_fail_i", 1);
        }
    }
    if (wi.extras) row(&w, 0, F_BIN, "clock", "clk_show_i", 1);
    else row(&w, 0, F_BIN, NULL, "clk_i", 1);
    if (!(wi.extras && wi.port_tog && !wi.cm_tog)) { /* lockstep: C values exist */
        row(&w, 0, F_BIN, "MISMATCH (C vs RTL)", "mismatch_i", 1);
        if (wi.extras) {
            FILE *f = filter_open(&w, "mismatch_port", fpath, sizeof fpath);
            if (f) {
                unsigned c;
                fprintf(f, "# mismatch_port_i: which signal differs (1 + port, or 1 + ports + register element)\n"
                           "# values: %d\n", np + nq + 1);
                for (c = 0; c <= (unsigned)(np + nq); c++) {
                    waves_code_name(p, np, q, nq, c, nm, sizeof nm);
                    fprintf(f, "%u %s\n", c, nm);
                }
                fclose(f);
                use_filter(&w, 0, fpath);
                row(&w, 0, F_XLAT, "differs", "mismatch_port_i", 16);
            }
        }
    }
    /* the differing signal, first */
    if (wi.fail >= 0 && wi.extras && wi.fail_code) {
        char title[200];
        waves_code_name(p, np, q, nq, wi.fail_code, nm, sizeof nm);
        snprintf(title, sizeof title, "differs %s cycle %lld: %s",
                 wi.fail_code > (unsigned)np ? "after" : "at", (long long)wi.fail, nm);
        group_begin(&w, title);
        if (wi.fail_code <= (unsigned)np) emit_port(&w, (int)wi.fail_code - 1, 0);
        else {
            int e = (int)(wi.fail_code - 1 - np);
            emit_probe(&w, e, 0, 0);
            if (wi.probe_cdiff && wi.probe_cdiff[e]) emit_probe(&w, e, 1, 0);
        }
        group_end(&w, title);
    }
    for (i = 0; k->groups && k->groups[i]; i += 2) {
        titled_group(&w, k->groups[i + 1], k->groups[i], wv, nw);
    }
    /* a group the list does not title is shown under its own name, never dropped */
    for (j = 0; j < np + nq + nw; j++) {
        const char *g = j < np ? p[j].group : j < np + nq ? q[j - np].group : wv[j - np - nq].group;
        int seen = 0, m;
        if (listed(k->groups, g)) continue;
        for (m = 0; m < j && !seen; m++) {
            const char *h = m < np ? p[m].group : m < np + nq ? q[m - np].group : wv[m - np - nq].group;
            seen = !strcmp(g, h);
        }
        if (seen) continue;
        titled_group(&w, g, g, wv, nw);
    }
    if (w.nconst) { /* folded: signals that never change in this file */
        char title[96];
        snprintf(title, sizeof title, "unchanged in this file (%d signals)", w.nconst);
        fprintf(w.f, "@c00200\n-%s\n", title);
        if (w.constant) fputs(w.constant, w.f);
        fprintf(w.f, "@1401200\n-%s\n", title);
    }
    free(w.constant);
    free(q);
    rc = fclose(w.f);
    return rc;
}

int waves_write_gtkw(const char *gtkw_path, const char *fst_path, const blk_kind *k,
                     const void *cfg, const char *scope, uint64_t t_start, uint64_t marker)
{
    waves_info wi;
    memset(&wi, 0, sizeof wi);
    wi.c0 = t_start / 10;
    wi.fail = marker ? (int64_t)(marker / 10) : -1;
    wi.tunit = 1;
    return waves_write(gtkw_path, fst_path, k, cfg, scope, &wi);
}
