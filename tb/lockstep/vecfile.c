/* vecfile.c: directed vector files (format in vecfile.h). */
#include "vecfile.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lockstep.h"

#define VEC_MAX_COLS BLK_MAX_PORTS
#define VEC_MAX_WORDS 8

typedef struct vec_line {
    int lineno;
    char *text; /* the cycle part of the line, comments removed */
} vec_line;

struct vec_file {
    char path[512];
    char preset[64], config[1024];
    char *in_cols, *out_cols; /* raw column lists */
    vec_line *lines;
    int nlines, cur, repeat_left;
    const blk_port *ports;
    int np;
    int nin, nout;
    int in_port[VEC_MAX_COLS], out_port[VEC_MAX_COLS];
    /* current cycle */
    uint64_t in_val[VEC_MAX_COLS][VEC_MAX_WORDS];
    uint64_t exp_val[VEC_MAX_COLS][VEC_MAX_WORDS];
    int exp_care[VEC_MAX_COLS];
    int cur_lineno;
    uint64_t checked;
};

static char *dup_range(const char *a, size_t len)
{
    char *d = malloc(len + 1);
    if (d) {
        memcpy(d, a, len);
        d[len] = 0;
    }
    return d;
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
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    int lineno = 0;
    if (!f) {
        snprintf(err, n, "%s: cannot open", path);
        return NULL;
    }
    v = calloc(1, sizeof *v);
    if (!v) {
        fclose(f);
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
        if (!strncmp(s, "preset ", 7) || !strncmp(s, "config ", 7)) {
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
            if (strlen(trim(s + 7)) >= dn) {
                snprintf(err, n, "%s:%d: '%.6s' line too long", path, lineno, s);
                goto fail;
            }
            strcpy(dst, trim(s + 7));
            continue;
        }
        if (!strncmp(s, "in ", 3) || !strcmp(s, "in") || !strncmp(s, "out ", 4) ||
            !strcmp(s, "out")) {
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
    free(line);
    fclose(f);
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
    fclose(f);
    vec_close(v);
    return NULL;
}

void vec_close(vec_file *v)
{
    int i;
    if (!v) return;
    for (i = 0; i < v->nlines; i++) free(v->lines[i].text);
    free(v->lines);
    free(v->in_cols);
    free(v->out_cols);
    free(v);
}

const char *vec_preset(const vec_file *v) { return v->preset; }
const char *vec_config(const vec_file *v) { return v->config; }

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

int vec_bind(vec_file *v, const blk_port *ports, int np, char *err, size_t n)
{
    v->ports = ports;
    v->np = np;
    if (bind_cols(v, v->in_cols, BLK_IN, v->in_port, &v->nin, err, n)) return -1;
    return bind_cols(v, v->out_cols, BLK_OUT, v->out_port, &v->nout, err, n);
}

/* Parse one value for port p into words; 0 ok. */
static int parse_value(const char *tok, const blk_port *p, uint64_t *w)
{
    unsigned nw = p->words ? p->words : 1, i, bits = 0;
    memset(w, 0, VEC_MAX_WORDS * sizeof *w);
    if (!strncmp(tok, "0x", 2) || !strncmp(tok, "0X", 2)) {
        const char *d = tok + strlen(tok) - 1;
        if (d < tok + 2 || !strpbrk(tok + 2, "0123456789abcdefABCDEF")) return -1;
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
            bits += 4;
        }
    } else {
        char *end;
        if (!isdigit((unsigned char)tok[0])) return -1;
        errno = 0;
        w[0] = strtoull(tok, &end, 10);
        if (*end) return -1;
        if (errno == ERANGE) return -2;
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

int vec_next(vec_file *v, void *in, char *err, size_t n)
{
    char buf[8192], *tok, *save = NULL, *bar;
    const vec_line *L;
    int col = 0, i, rc, side = 0;
    if (v->repeat_left > 0) {
        v->repeat_left--;
        goto fill;
    }
    if (v->cur >= v->nlines) return 0;
    L = &v->lines[v->cur++];
    v->cur_lineno = L->lineno;
    snprintf(buf, sizeof buf, "%s", L->text);
    tok = buf;
    v->repeat_left = 0;
    if (*tok == '*') {
        char *end;
        long r = strtol(tok + 1, &end, 10);
        if (end == tok + 1 || r < 1 || r > 100000000 || !isspace((unsigned char)*end)) {
            snprintf(err, n, "%s:%d: '*N' needs a repeat count 1..1e8", v->path, L->lineno);
            return -1;
        }
        v->repeat_left = (int)r - 1;
        tok = end;
    }
    bar = strchr(tok, '|');
    if (bar) *bar = 0;
    for (i = 0; i < v->nout; i++) v->exp_care[i] = 0;
    for (side = 0; side < 2; side++) {
        char *part = side == 0 ? tok : (bar ? bar + 1 : NULL);
        int want = side == 0 ? v->nin : v->nout;
        col = 0;
        if (!part) {
            if (side == 1) break;
        }
        for (save = NULL, part = strtok_r(part, " \t", &save); part;
             part = strtok_r(NULL, " \t", &save)) {
            const blk_port *p;
            if (col >= want) {
                snprintf(err, n, "%s:%d: more than %d %s values", v->path, L->lineno, want,
                         side == 0 ? "input" : "expected-output");
                return -1;
            }
            p = &v->ports[side == 0 ? v->in_port[col] : v->out_port[col]];
            if (side == 1 && !strcmp(part, "-")) {
                col++;
                continue;
            }
            rc = parse_value(part, p, side == 0 ? v->in_val[col] : v->exp_val[col]);
            if (rc) {
                snprintf(err, n, "%s:%d: '%s' for %s: %s", v->path, L->lineno, part, p->name,
                         rc == -2 ? "does not fit the port's width" : "not a number");
                return -1;
            }
            if (side == 1) v->exp_care[col] = 1;
            col++;
        }
        if (col != want && !(side == 1 && col == 0)) {
            snprintf(err, n, "%s:%d: expected %d %s values, found %d", v->path, L->lineno, want,
                     side == 0 ? "input" : "expected-output", col);
            return -1;
        }
    }
fill:
    {
        /* inputs not listed stay 0 */
        for (i = 0; i < v->np; i++)
            if (v->ports[i].dir == BLK_IN) {
                unsigned nw = v->ports[i].words ? v->ports[i].words : 1;
                memset(blk_port_ptr(&v->ports[i], in), 0, nw * sizeof(uint64_t));
            }
        for (i = 0; i < v->nin; i++) {
            const blk_port *p = &v->ports[v->in_port[i]];
            memcpy(blk_port_ptr(p, in), v->in_val[i], (p->words ? p->words : 1) * sizeof(uint64_t));
        }
    }
    return 1;
}

int vec_check(vec_file *v, const void *out, uint64_t cycle, FILE *report)
{
    int i, fails = 0;
    for (i = 0; i < v->nout; i++) {
        const blk_port *p = &v->ports[v->out_port[i]];
        unsigned nw = p->words ? p->words : 1;
        if (!v->exp_care[i]) continue;
        v->checked++;
        if (memcmp(blk_port_cptr(p, out), v->exp_val[i], nw * sizeof(uint64_t))) {
            char got[160], want[160];
            uint64_t tmp[VEC_MAX_WORDS] = {0};
            memcpy(tmp, v->exp_val[i], nw * sizeof(uint64_t));
            blk_port_format(p, out, got, sizeof got);
            {
                blk_port q = *p;
                q.offset = 0;
                blk_port_format(&q, tmp, want, sizeof want);
            }
            fprintf(report, "%s:%d: cycle %llu: %s expected %s, got %s\n", v->path, v->cur_lineno,
                    (unsigned long long)cycle, p->name, want, got);
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
        if (!v->exp_care[i]) continue;
        memcpy(blk_port_ptr(p, exp_out), v->exp_val[i], (p->words ? p->words : 1) * sizeof(uint64_t));
        *blk_port_ptr(p, care) = 1;
    }
    *line = (unsigned)v->cur_lineno;
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
