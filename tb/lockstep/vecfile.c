/* vecfile.c: directed vector files (format in vecfile.h). */
#include "vecfile.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lockstep.h"
#include "num.h"

#define VEC_MAX_COLS BLK_MAX_PORTS
#define VEC_MAX_WORDS 8

typedef struct vec_line {
    int lineno;
    char *text; /* the cycle part of the line, comments removed */
} vec_line;

/* A cycle line once parsed (vec_bind): its repeat count, then the values of its input
 * columns and of its expected-output columns, each column its port's words. */
typedef struct vec_cycle {
    int lineno;
    uint32_t repeat;
} vec_cycle;

struct vec_file {
    char path[512];
    char preset[64], config[1024];
    int setup_line; /* the last preset or config line, 0 if none */
    char *in_cols, *out_cols; /* raw column lists */
    vec_line *lines;
    int nlines;
    const blk_port *ports;
    int np;
    int nin, nout;
    int in_port[VEC_MAX_COLS], out_port[VEC_MAX_COLS];
    /* parsed cycles: cyc[i] with its words at vals + i * stride (inputs, then expected
     * outputs) and its don't-care flags at care + i * nout */
    vec_cycle *cyc;
    uint64_t *vals;
    unsigned char *care;
    size_t stride;
    int cur;             /* the cycle line being played, -1 before the first */
    uint32_t repeat_left;
    uint64_t checked;
};

static unsigned port_words(const blk_port *p) { return p->words ? p->words : 1; }

static char *dup_range(const char *a, size_t len)
{
    char *d = malloc(len + 1);
    if (d) {
        memcpy(d, a, len);
        d[len] = 0;
    }
    return d;
}

/* s starts with the word kw, then white space or its end */
static int keyword(const char *s, const char *kw)
{
    size_t l = strlen(kw);
    return !strncmp(s, kw, l) && (!s[l] || isspace((unsigned char)s[l]));
}

static char *trim(char *s)
{
    char *e;
    while (isspace((unsigned char)*s)) s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = 0;
    return s;
}

vec_file *vec_open(const char *path, char *err, size_t n)
{
    FILE *f = fopen(path, "r");
    vec_file *v;
    if (!f) {
        snprintf(err, n, "%s: cannot open", path);
        return NULL;
    }
    v = vec_read(f, path, err, n);
    fclose(f);
    return v;
}

vec_file *vec_read(FILE *f, const char *path, char *err, size_t n)
{
    vec_file *v;
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int lineno = 0;
    v = calloc(1, sizeof *v);
    if (!v) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    snprintf(v->path, sizeof v->path, "%s", path);
    while ((len = getline(&line, &cap, f)) >= 0) {
        char *s, *hash;
        lineno++;
        if ((size_t)len != strlen(line)) {
            snprintf(err, n, "%s:%d: contains a NUL byte (not a text vector file?)", path, lineno);
            goto fail;
        }
        if ((hash = strchr(line, '#'))) *hash = 0;
        s = trim(line);
        if (!*s) continue;
        if (keyword(s, "preset") || keyword(s, "config")) {
            char *dst = s[0] == 'p' ? v->preset : v->config;
            size_t dn = s[0] == 'p' ? sizeof v->preset : sizeof v->config;
            if (v->in_cols) {
                snprintf(err, n, "%s:%d: '%.6s' must come before the 'in' line", path, lineno, s);
                goto fail;
            }
            if (*dst) {
                snprintf(err, n, "%s:%d: a second '%.6s' line (put every setting on one)", path,
                         lineno, s);
                goto fail;
            }
            if (strlen(trim(s + 6)) >= dn) {
                snprintf(err, n, "%s:%d: '%.6s' line too long", path, lineno, s);
                goto fail;
            }
            strcpy(dst, trim(s + 6));
            v->setup_line = lineno;
            continue;
        }
        if (keyword(s, "in") || keyword(s, "out")) {
            int is_in = s[0] == 'i';
            char **cols = is_in ? &v->in_cols : &v->out_cols;
            if (*cols || (!is_in && v->nlines)) {
                snprintf(err, n, "%s:%d: '%s' line %s", path, lineno, is_in ? "in" : "out",
                         *cols ? "given twice" : "after the first cycle line");
                goto fail;
            }
            *cols = dup_range(s + (is_in ? 2 : 3), strlen(s + (is_in ? 2 : 3)));
            if (!*cols) goto oom;
            continue;
        }
        if (!v->in_cols) {
            snprintf(err, n, "%s:%d: a cycle line before the 'in' line", path, lineno);
            goto fail;
        }
        if (v->nlines % 256 == 0) {
            vec_line *nl = realloc(v->lines, (size_t)(v->nlines + 256) * sizeof *nl);
            if (!nl) goto oom;
            v->lines = nl;
        }
        v->lines[v->nlines].lineno = lineno;
        v->lines[v->nlines].text = dup_range(s, strlen(s));
        if (!v->lines[v->nlines].text) goto oom;
        v->nlines++;
    }
    if (ferror(f) || !feof(f)) { /* getline stops on errors (out of memory) too */
        snprintf(err, n, "%s:%d: cannot read on (%s)", path, lineno + 1,
                 ferror(f) ? "read error" : "out of memory");
        goto fail;
    }
    free(line);
    if (!v->in_cols) {
        snprintf(err, n, "%s: no 'in' line naming the input columns", path);
        vec_close(v);
        return NULL;
    }
    return v;
oom:
    snprintf(err, n, "out of memory");
fail:
    free(line);
    vec_close(v);
    return NULL;
}

void vec_close(vec_file *v)
{
    int i;
    if (!v) return;
    for (i = 0; i < v->nlines; i++) free(v->lines[i].text);
    free(v->lines);
    free(v->cyc);
    free(v->vals);
    free(v->care);
    free(v->in_cols);
    free(v->out_cols);
    free(v);
}


int vec_cfg_build(const vec_file *v, const blk_kind *k, void *cfg, char *err, size_t n)
{
    char e[BLK_ERR_LEN * 2];
    if (!blk_cfg_build(k, cfg, v->preset, v->config, e, sizeof e)) return 0;
    snprintf(err, n, "%s:%d: %s", v->path, v->setup_line, e);
    return -1;
}

static int col_listed(const int *idx, int count, int port)
{
    int i;
    for (i = 0; i < count; i++)
        if (idx[i] == port) return 1;
    return 0;
}

static int bind_cols(vec_file *v, const char *cols, blk_dir dir, int *idx, int *count, char *err,
                     size_t n)
{
    char *buf, *tok, *save = NULL;
    int i, rc = 0;
    *count = 0;
    if (!cols) return 0;
    if (!(buf = dup_range(cols, strlen(cols)))) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    for (tok = strtok_r(buf, " \t", &save); tok && !rc; tok = strtok_r(NULL, " \t", &save)) {
        for (i = 0; i < v->np; i++)
            if (!strcmp(v->ports[i].name, tok)) break;
        if (i == v->np || v->ports[i].dir != dir) {
            snprintf(err, n, "%s: '%s' is not an %s port of this block", v->path, tok,
                     dir == BLK_IN ? "input" : "output");
            rc = -1;
        } else if (port_words(&v->ports[i]) > VEC_MAX_WORDS) {
            snprintf(err, n, "%s: port '%s' is wider than %d bits", v->path, tok, 64 * VEC_MAX_WORDS);
            rc = -1;
        } else if (col_listed(idx, *count, i)) {
            snprintf(err, n, "%s: column '%s' is listed twice", v->path, tok);
            rc = -1;
        } else if (*count == VEC_MAX_COLS) {
            snprintf(err, n, "%s: too many columns", v->path);
            rc = -1;
        } else {
            idx[(*count)++] = i;
        }
    }
    free(buf);
    return rc;
}

/* Parse one value for port p into words (VEC_MAX_WORDS of them); 0 ok, -1 not a
 * number, -2 too wide for the port. Decimal (one word) or 0x-hex with optional '_'. */
static int parse_value(const char *tok, const blk_port *p, uint64_t *w)
{
    unsigned nw = port_words(p), i, bits = 0;
    memset(w, 0, VEC_MAX_WORDS * sizeof *w);
    if (!strncmp(tok, "0x", 2) || !strncmp(tok, "0X", 2)) {
        const char *d = tok + strlen(tok) - 1;
        if (!strpbrk(tok + 2, "0123456789abcdefABCDEF")) return -1;
        for (; d >= tok + 2; d--) {
            int x;
            if (*d == '_') continue;
            if (!isxdigit((unsigned char)*d)) return -1;
            x = isdigit((unsigned char)*d) ? *d - '0' : (tolower((unsigned char)*d) - 'a' + 10);
            if (bits / 64 >= nw) {
                if (x) return -2;
            } else {
                w[bits / 64] |= (uint64_t)x << (bits % 64);
            }
            if (bits < 64 * VEC_MAX_WORDS) bits += 4; /* past every word: only 0 digits fit */
        }
    } else {
        int rc = num_u64(tok, 0, UINT64_MAX, &w[0]);
        if (rc) return rc == NUM_RANGE ? -2 : -1;
    }
    /* fits the width? */
    for (i = 0; i < nw; i++) {
        unsigned lo = i * 64;
        uint64_t allowed;
        if (p->width <= lo) allowed = 0;
        else allowed = p->width - lo >= 64 ? ~0ULL : ((1ULL << (p->width - lo)) - 1);
        if (w[i] & ~allowed) return -2;
    }
    return 0;
}

/* Parse cycle line L into c, its words and its care flags; 0 ok, else one line in err. */
static int parse_line(vec_file *v, const vec_line *L, vec_cycle *c, uint64_t *words,
                      unsigned char *care, char *err, size_t n)
{
    char *buf, *tok, *bar, *part, *save;
    uint64_t tmp[VEC_MAX_WORDS];
    int side, rc = 0;
    size_t at = 0;
    if (!(buf = dup_range(L->text, strlen(L->text)))) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    c->lineno = L->lineno;
    c->repeat = 1;
    tok = buf;
    if (*tok == '*') {
        uint64_t r;
        size_t len = strcspn(tok + 1, " \t");
        char save_c = tok[1 + len];
        tok[1 + len] = 0;
        if (num_u64(tok + 1, 1, 100000000, &r) || !save_c) {
            snprintf(err, n, "%s:%d: '*N' needs a repeat count 1..100000000 and then the values",
                     v->path, L->lineno);
            free(buf);
            return -1;
        }
        c->repeat = (uint32_t)r;
        tok += 2 + len;
    }
    bar = strchr(tok, '|');
    if (bar) {
        *bar = 0;
        if (strchr(bar + 1, '|')) {
            snprintf(err, n, "%s:%d: more than one '|'", v->path, L->lineno);
            free(buf);
            return -1;
        }
    }
    memset(care, 0, (size_t)v->nout);
    for (side = 0; side < 2 && !rc; side++) {
        int want = side == 0 ? v->nin : v->nout, col = 0;
        part = side == 0 ? tok : (bar ? bar + 1 : NULL);
        if (!part) break;
        for (save = NULL, part = strtok_r(part, " \t", &save); part && !rc;
             part = strtok_r(NULL, " \t", &save)) {
            const blk_port *p;
            int r;
            if (col >= want) {
                snprintf(err, n, "%s:%d: more than %d %s values", v->path, L->lineno, want,
                         side == 0 ? "input" : "expected-output");
                rc = -1;
                break;
            }
            p = &v->ports[side == 0 ? v->in_port[col] : v->out_port[col]];
            if (side == 1 && !strcmp(part, "-")) {
                at += port_words(p);
                col++;
                continue;
            }
            r = parse_value(part, p, tmp);
            if (r) {
                snprintf(err, n, "%s:%d: '%.40s%s' for %s: %s", v->path, L->lineno, part,
                         strlen(part) > 40 ? "..." : "", p->name,
                         r == -2 ? "does not fit the port's width" : "not a number");
                rc = -1;
                break;
            }
            memcpy(words + at, tmp, port_words(p) * sizeof *words);
            at += port_words(p);
            if (side == 1) care[col] = 1;
            col++;
        }
        if (!rc && col != want && !(side == 1 && col == 0)) {
            snprintf(err, n, "%s:%d: expected %d %s values, found %d", v->path, L->lineno, want,
                     side == 0 ? "input" : "expected-output", col);
            rc = -1;
        }
        if (side == 0) { /* the output words start after every input's */
            int i;
            for (at = 0, i = 0; i < v->nin; i++) at += port_words(&v->ports[v->in_port[i]]);
        }
    }
    free(buf);
    return rc;
}

int vec_bind(vec_file *v, const blk_port *ports, int np, char *err, size_t n)
{
    int i;
    v->ports = ports;
    v->np = np;
    if (bind_cols(v, v->in_cols, BLK_IN, v->in_port, &v->nin, err, n)) return -1;
    if (bind_cols(v, v->out_cols, BLK_OUT, v->out_port, &v->nout, err, n)) return -1;
    if (!v->nlines) {
        snprintf(err, n, "%s: no cycle lines (nothing to run)", v->path);
        return -1;
    }
    /* every line parsed now: a bad line is reported before cycle 0 */
    v->stride = 0;
    for (i = 0; i < v->nin; i++) v->stride += port_words(&ports[v->in_port[i]]);
    for (i = 0; i < v->nout; i++) v->stride += port_words(&ports[v->out_port[i]]);
    free(v->cyc), free(v->vals), free(v->care);
    v->cyc = calloc((size_t)v->nlines, sizeof *v->cyc);
    v->vals = calloc((size_t)v->nlines * (v->stride ? v->stride : 1), sizeof *v->vals);
    v->care = calloc((size_t)v->nlines * (size_t)(v->nout ? v->nout : 1), 1);
    if (!v->cyc || !v->vals || !v->care) {
        snprintf(err, n, "out of memory");
        return -1;
    }
    for (i = 0; i < v->nlines; i++) {
        if (parse_line(v, &v->lines[i], &v->cyc[i], v->vals + (size_t)i * v->stride,
                       v->care + (size_t)i * (size_t)v->nout, err, n))
            return -1;
        free(v->lines[i].text); /* parsed: the values are kept, the text is not needed */
        v->lines[i].text = NULL;
    }
    v->cur = -1;
    v->repeat_left = 0;
    return 0;
}

int vec_next(vec_file *v, void *in, char *err, size_t n)
{
    const uint64_t *w;
    int i;
    (void)err, (void)n;
    if (v->repeat_left > 0) {
        v->repeat_left--; /* the same line again */
    } else {
        if (v->cur + 1 >= v->nlines) return 0;
        v->cur++;
        v->repeat_left = v->cyc[v->cur].repeat - 1;
    }
    /* inputs not listed are 0 */
    for (i = 0; i < v->np; i++)
        if (v->ports[i].dir == BLK_IN)
            memset(blk_port_ptr(&v->ports[i], in), 0, port_words(&v->ports[i]) * sizeof(uint64_t));
    w = v->vals + (size_t)v->cur * v->stride;
    for (i = 0; i < v->nin; i++) {
        const blk_port *p = &v->ports[v->in_port[i]];
        memcpy(blk_port_ptr(p, in), w, port_words(p) * sizeof(uint64_t));
        w += port_words(p);
    }
    return 1;
}

/* the current cycle's expected value of output column i, or NULL (don't care) */
static const uint64_t *expected(const vec_file *v, int i)
{
    const uint64_t *w = v->vals + (size_t)v->cur * v->stride;
    int j;
    if (v->cur < 0 || !v->care[(size_t)v->cur * (size_t)v->nout + (size_t)i]) return NULL;
    for (j = 0; j < v->nin; j++) w += port_words(&v->ports[v->in_port[j]]);
    for (j = 0; j < i; j++) w += port_words(&v->ports[v->out_port[j]]);
    return w;
}

int vec_check(vec_file *v, const void *out, uint64_t cycle, FILE *report)
{
    int i, fails = 0;
    for (i = 0; i < v->nout; i++) {
        const blk_port *p = &v->ports[v->out_port[i]];
        const uint64_t *want = expected(v, i);
        if (!want) continue;
        v->checked++;
        if (memcmp(blk_port_cptr(p, out), want, port_words(p) * sizeof(uint64_t))) {
            char got[160], wtxt[160];
            blk_port q = *p;
            blk_port_format(p, out, got, sizeof got);
            q.offset = 0;
            blk_port_format(&q, want, wtxt, sizeof wtxt);
            fprintf(report, "%s:%d: cycle %llu: %s expected %s, got %s\n", v->path,
                    v->cyc[v->cur].lineno, (unsigned long long)cycle, p->name, wtxt, got);
            fails++;
        }
    }
    return fails;
}

uint64_t vec_checked(const vec_file *v) { return v->checked; }

void vec_expected(const vec_file *v, void *exp_out, void *care, size_t out_size, unsigned *line)
{
    int i;
    memset(exp_out, 0, out_size);
    memset(care, 0, out_size);
    for (i = 0; i < v->nout; i++) {
        const blk_port *p = &v->ports[v->out_port[i]];
        const uint64_t *want = expected(v, i);
        if (!want) continue;
        memcpy(blk_port_ptr(p, exp_out), want, port_words(p) * sizeof(uint64_t));
        *blk_port_ptr(p, care) = 1;
    }
    *line = v->cur >= 0 ? (unsigned)v->cyc[v->cur].lineno : 0;
}

void vec_print_header(FILE *f, const blk_kind *k, const void *cfg, const blk_port *p, int np)
{
    char c[1024];
    int i;
    blk_cfg_format(k, cfg, c, sizeof c);
    fprintf(f, "config %s\nin ", c);
    for (i = 0; i < np; i++)
        if (p[i].dir == BLK_IN) fprintf(f, " %s", p[i].name);
    fprintf(f, "\nout");
    for (i = 0; i < np; i++)
        if (p[i].dir == BLK_OUT) fprintf(f, " %s", p[i].name);
    fprintf(f, "\n");
}

void vec_print_cycle(FILE *f, const blk_port *p, int np, const void *in, const void *out)
{
    char b[160];
    int i;
    for (i = 0; i < np; i++)
        if (p[i].dir == BLK_IN) {
            blk_port_format(&p[i], in, b, sizeof b);
            fprintf(f, "%s ", b);
        }
    fprintf(f, "|");
    for (i = 0; i < np; i++)
        if (p[i].dir == BLK_OUT) {
            blk_port_format(&p[i], out, b, sizeof b);
            fprintf(f, " %s", b);
        }
    fprintf(f, "\n");
}
