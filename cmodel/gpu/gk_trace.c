/*
 * gk_trace.c: reading Accel-Sim SASS traces as workloads (gk_trace.h). The writer is
 * gk_trace_export.c.
 */
#include "gk_trace.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* ---------------------------------------------------------------- the opcode table */

enum { F_K = 1, F_P = 2, F_V = 4, F_T = 8, F_A = 16 };

typedef struct top { const char *name; int cls; unsigned fam; } top;
static const top ops[] = {
#define TOP(name, cls, fam) {name, cls, fam},
#include "gk_trace_ops.def"
#undef TOP
};
#define NOPS (sizeof ops / sizeof ops[0])

const char *const gt_class_name[GT_NCLASS] = {"INT", "SP", "DP", "SFU", "TENSOR", "CTRL", "TEX", "UDP", "MEMBAR",
                                              "EXIT", "BAR", "LDG", "STG", "ATOMG", "LDS", "STS", "ATOMS", "LD",
                                              "ST", "ATOM"};
/* docs/traces.md "Latencies": Accel-Sim's Pascal TITAN X trace config for int, sp, dp
 * and sfu; its Volta/Ampere configs for tensor, branch unit (CTRL), texture and uniform
 * datapath; 1 for what has no unit (MEMBAR, EXIT) */
const unsigned gt_default_lat[GT_NLAT] = {4, 4, 20, 20, 32, 4, 200, 4, 1, 1};

static unsigned family(unsigned v)
{
    switch (v) {
    case 30: case 32: case 35: case 37: return F_K;
    case 60: case 61: case 62: return F_P;
    case 70: case 72: return F_V;
    case 75: return F_T;
    case 80: case 86: case 87: case 89: return F_A;
    default: return 0;
    }
}

const char *gt_binvers(void) { return "30 32 35 37 (Kepler), 60 61 62 (Pascal), 70 72 (Volta), 75 (Turing), 80 86 87 89 (Ampere, Ada)"; }

int gt_opclass(const char *opcode, unsigned binver)
{
    unsigned f = family(binver);
    if (!f) return -2;
    char base[48];
    size_t i = 0;
    while (opcode[i] && opcode[i] != '.' && i + 1 < sizeof base) { base[i] = opcode[i]; i++; }
    base[i] = '\0';
    size_t lo = 0, hi = NOPS;
    while (lo < hi) { /* the first entry >= base */
        size_t mid = (lo + hi) / 2;
        if (strcmp(ops[mid].name, base) < 0) lo = mid + 1;
        else hi = mid;
    }
    for (; lo < NOPS && !strcmp(ops[lo].name, base); lo++)
        if (ops[lo].fam & f) return ops[lo].cls;
    return -1;
}

/* ---------------------------------------------------------------- reading lines */

typedef struct gt_file {
    gzFile z;
    char *path;
    char *buf;       /* raw bytes read: [pos, end) not yet returned */
    size_t cap, pos, end;
    int eof;         /* no more data will come: the end, or a read error (bad) */
    int bad;
    char msg[160];   /* the read error, reported when a line needs the missing data */
    uint64_t line;
} gt_file;

#define GF_CHUNK (1u << 17)
#define GF_MAX_LINE (1u << 28)

static void gf_close(gt_file *f)
{
    if (f->z) gzclose(f->z);
    free(f->path);
    free(f->buf);
    memset(f, 0, sizeof *f);
}

static int file_exists(const char *p)
{
    FILE *t = fopen(p, "rb");
    if (!t) return 0;
    fclose(t);
    return 1;
}

/* path, or path.gz; gzip or plain (zlib reads both). 0 ok, else err. */
static int gf_open(gt_file *f, const char *path, char *err, size_t n)
{
    memset(f, 0, sizeof *f);
    size_t l = strlen(path);
    char *p = malloc(l + 4);
    if (!p) { snprintf(err, n, "%s: out of memory", path); return 1; }
    memcpy(p, path, l + 1);
    if (!file_exists(p)) {
        memcpy(p + l, ".gz", 4);
        if (!file_exists(p)) {
            snprintf(err, n, "%s: cannot open (nor %s.gz): %s", path, path, strerror(ENOENT));
            free(p);
            return 1;
        }
    }
    f->z = gzopen(p, "rb");
    if (!f->z) {
        snprintf(err, n, "%s: cannot open: %s", p, strerror(errno));
        free(p);
        return 1;
    }
    gzbuffer(f->z, GF_CHUNK);
    f->path = p;
    return 0;
}

/* zlib's message without the path it starts with */
static const char *gz_msg(gzFile z, int *e)
{
    const char *m = gzerror(z, e);
    const char *c = strstr(m, ": ");
    return c ? c + 2 : m;
}

/* the next line (no newline, no CR before it) in *out: 1, 0 at the end, -1 on a read
 * error or a NUL byte (err) */
static int gf_gets(gt_file *f, char **out, char *err, size_t n)
{
    size_t scan = f->pos;
    for (;;) {
        char *nl = f->end > scan ? memchr(f->buf + scan, '\n', f->end - scan) : NULL;
        if (!nl && f->bad) { /* the data stopped inside (or before) this line */
            snprintf(err, n, "%s:%" PRIu64 ": cannot read: %s (a truncated or corrupt gzip file?)", f->path, f->line + 1,
                     f->msg);
            return -1;
        }
        if (nl || (f->eof && f->end > f->pos)) {
            size_t stop = nl ? (size_t)(nl - f->buf) : f->end, len = stop - f->pos;
            if (memchr(f->buf + f->pos, '\0', len)) {
                snprintf(err, n, "%s:%" PRIu64 ": a NUL byte in the line (not a text trace?)", f->path, f->line + 1);
                return -1;
            }
            char *line = f->buf + f->pos;
            line[len] = '\0'; /* the newline's place, or the spare byte after the data */
            while (len && line[len - 1] == '\r') line[--len] = '\0';
            f->pos = stop + (nl ? 1 : 0);
            f->line++;
            *out = line;
            return 1;
        }
        if (f->eof) return 0;
        if (f->end - f->pos >= GF_MAX_LINE) {
            snprintf(err, n, "%s:%" PRIu64 ": a line longer than 256 MiB", f->path, f->line + 1);
            return -1;
        }
        /* keep the partial line, make room for a chunk (+1 for the terminating NUL) */
        if (f->pos) {
            memmove(f->buf, f->buf + f->pos, f->end - f->pos);
            f->end -= f->pos;
            f->pos = 0;
        }
        scan = f->end;
        if (f->cap < f->end + GF_CHUNK + 1) {
            size_t c = f->cap ? f->cap : GF_CHUNK + 1;
            while (c < f->end + GF_CHUNK + 1) c *= 2;
            char *nb = realloc(f->buf, c);
            if (!nb) { snprintf(err, n, "%s: out of memory", f->path); return -1; }
            f->buf = nb;
            f->cap = c;
        }
        int got = gzread(f->z, f->buf + f->end, GF_CHUNK);
        int e;
        const char *m = gz_msg(f->z, &e);
        if (got > 0) f->end += (size_t)got;
        if (got < 0 || (e != Z_OK && e != Z_STREAM_END)) { /* the lines read so far still count */
            snprintf(f->msg, sizeof f->msg, "%s", e == Z_ERRNO ? strerror(errno) : m);
            f->bad = f->eof = 1;
        } else if (got == 0 || (got < (int)GF_CHUNK && gzeof(f->z))) {
            f->eof = 1;
        }
    }
}

static int blank(const char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    return !*s;
}

/* ---------------------------------------------------------------- tokens */

typedef struct tok { const char *p; } tok;

/* the next whitespace-separated token into t (NUL-terminated copy); 0 none. A token
 * longer than t holds is cut to an empty one, which no field accepts. */
static int next_tok(tok *s, char *t, size_t n)
{
    while (*s->p == ' ' || *s->p == '\t') s->p++;
    if (!*s->p) return 0;
    size_t i = 0;
    int cut = 0;
    while (*s->p && *s->p != ' ' && *s->p != '\t') {
        if (i + 1 < n) t[i++] = *s->p;
        else cut = 1;
        s->p++;
    }
    t[cut ? 0 : i] = '\0';
    return 1;
}

/* strict numbers: 0 ok. Not num.h's parser (the project's one for what users type): the
 * trace format writes hex without 0x (PCs, masks) and signed decimals (strides,
 * deltas), which num.h rightly refuses, and a decimal field must not take 0x hex. */
static int hex_u64(const char *t, uint64_t *v)
{
    if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) t += 2;
    if (!*t || strlen(t) > 16) return 1;
    uint64_t x = 0;
    for (; *t; t++) {
        int d = isdigit((unsigned char)*t) ? *t - '0' : (*t >= 'a' && *t <= 'f') ? *t - 'a' + 10
                                                      : (*t >= 'A' && *t <= 'F') ? *t - 'A' + 10 : -1;
        if (d < 0) return 1;
        x = x << 4 | (uint64_t)d;
    }
    *v = x;
    return 0;
}

static int dec_i64(const char *t, int64_t lo, int64_t hi, int64_t *v)
{
    int neg = *t == '-';
    if (neg || *t == '+') t++;
    if (!*t || strlen(t) > 19) return 1;
    uint64_t x = 0;
    for (; *t; t++) {
        if (!isdigit((unsigned char)*t)) return 1;
        x = x * 10 + (uint64_t)(*t - '0');
    }
    if (x > (uint64_t)INT64_MAX) return 1;
    int64_t s = neg ? -(int64_t)x : (int64_t)x;
    if (s < lo || s > hi) return 1;
    *v = s;
    return 0;
}

static int reg_num(const char *t, uint8_t *r)
{
    int64_t v;
    if (t[0] != 'R' || dec_i64(t + 1, 0, 255, &v) || t[1] == '-' || t[1] == '+') return 1;
    *r = (uint8_t)v;
    return 0;
}

/* ---------------------------------------------------------------- one instruction */

/* is byte address a (first active lane) in the shared window of kernel k */
static int in_shared(const gt_kernel *k, uint64_t a)
{
    if (!k->shmem_base || a < k->shmem_base) return 0;
    if (k->local_base > k->shmem_base) return a < k->local_base;
    return a - k->shmem_base < (1ull << 32);
}

int gt_parse_inst(const char *line, const gt_kernel *k, const unsigned *lat, gt_inst *o, char *err, size_t n)
{
    tok s = {line};
    char t[512];
    memset(o, 0, sizeof *o);
    o->amode = -1;
    for (const char *p = line, *b = line;; p++) { /* no field is longer than t holds */
        if (*p == ' ' || *p == '\t' || !*p) {
            if (p - b >= (long)sizeof t) { snprintf(err, n, "a field of %ld characters (at most %d)", (long)(p - b), (int)sizeof t - 1); return 1; }
            if (!*p) break;
            b = p + 1;
        }
    }
    if (k->tver < 3) /* older tracers: thread block x y z and warp first */
        for (int i = 0; i < 4; i++) {
            int64_t v;
            if (!next_tok(&s, t, sizeof t)) { snprintf(err, n, "truncated instruction: no thread block/warp field"); return 1; }
            if (dec_i64(t, 0, INT32_MAX, &v)) { snprintf(err, n, "bad thread block/warp number '%s'", t); return 1; }
        }
    uint64_t v;
    if (!next_tok(&s, t, sizeof t)) { snprintf(err, n, "empty instruction line"); return 1; }
    if (hex_u64(t, &v) || v > UINT32_MAX) { snprintf(err, n, "bad hex PC '%s'", t); return 1; }
    o->pc = (uint32_t)v;
    if (!next_tok(&s, t, sizeof t)) { snprintf(err, n, "truncated instruction: no active mask"); return 1; }
    if (hex_u64(t, &v) || v > UINT32_MAX) { snprintf(err, n, "bad hex active mask '%s'", t); return 1; }
    o->mask = (uint32_t)v;
    int64_t c;
    if (!next_tok(&s, t, sizeof t)) { snprintf(err, n, "truncated instruction: no destination count"); return 1; }
    if (dec_i64(t, 0, 1, &c)) { snprintf(err, n, "bad destination count '%s' (0 or 1)", t); return 1; }
    o->ndst = (int)c;
    if (o->ndst) {
        if (!next_tok(&s, t, sizeof t)) { snprintf(err, n, "truncated instruction: no destination register"); return 1; }
        if (reg_num(t, &o->dst)) { snprintf(err, n, "bad destination register '%s' (R0..R255)", t); return 1; }
    }
    if (!next_tok(&s, o->op, sizeof o->op)) { snprintf(err, n, "truncated instruction: no opcode"); return 1; }
    if (!o->op[0]) { snprintf(err, n, "an opcode longer than %d characters", (int)sizeof o->op - 1); return 1; }
    o->cls = gt_opclass(o->op, k->binver);
    if (o->cls == -1) { snprintf(err, n, "unknown opcode '%s' for binary version %u", o->op, k->binver); return 1; }
    if (!next_tok(&s, t, sizeof t)) { snprintf(err, n, "truncated instruction: no source count"); return 1; }
    if (dec_i64(t, 0, 4, &c)) { snprintf(err, n, "bad source count '%s' (0..4)", t); return 1; }
    o->nsrc = (int)c;
    for (int i = 0; i < o->nsrc; i++) {
        if (!next_tok(&s, t, sizeof t)) { snprintf(err, n, "truncated instruction: %d of %d source registers", i, o->nsrc); return 1; }
        if (reg_num(t, &o->src[i])) { snprintf(err, n, "bad source register '%s' (R0..R255)", t); return 1; }
    }
    if (!next_tok(&s, t, sizeof t)) { snprintf(err, n, "truncated instruction: no memory width"); return 1; }
    if (dec_i64(t, 0, 256, &c)) { snprintf(err, n, "bad memory width '%s' (0..256 bytes)", t); return 1; }
    o->width = (unsigned)c;
    unsigned act = (unsigned)__builtin_popcount(o->mask);
    if (o->width) {
        if (!next_tok(&s, t, sizeof t)) { snprintf(err, n, "truncated instruction: no address form"); return 1; }
        if (dec_i64(t, 0, 2, &c)) { snprintf(err, n, "bad address form '%s' (0 list, 1 base+stride, 2 base+deltas)", t); return 1; }
        o->amode = (int)c;
        if (act && o->amode == 0) {
            for (unsigned l = 0; l < 32; l++) {
                if (!(o->mask >> l & 1)) continue;
                if (!next_tok(&s, t, sizeof t)) { snprintf(err, n, "truncated instruction: %u of %u addresses", (unsigned)__builtin_popcount(o->mask & ((1u << l) - 1)), act); return 1; }
                if (hex_u64(t, &o->addr[l])) { snprintf(err, n, "bad hex address '%s'", t); return 1; }
            }
        } else if (!act && o->amode) { /* no lane active: the tracer may still write a base (and stride) */
            for (int i = 0; i < (o->amode == 1 ? 2 : 1); i++) {
                const char *back = s.p;
                if (!next_tok(&s, t, sizeof t)) break;
                if (i == 0 ? hex_u64(t, &v) : dec_i64(t, INT32_MIN, INT32_MAX, &c)) { s.p = back; break; }
            }
        } else if (act) {
            uint64_t base;
            if (!next_tok(&s, t, sizeof t)) { snprintf(err, n, "truncated instruction: no base address"); return 1; }
            if (hex_u64(t, &base)) { snprintf(err, n, "bad hex base address '%s'", t); return 1; }
            unsigned first = (unsigned)__builtin_ctz(o->mask);
            o->addr[first] = base;
            if (o->amode == 1) {
                if (!next_tok(&s, t, sizeof t)) { snprintf(err, n, "truncated instruction: no stride"); return 1; }
                if (dec_i64(t, INT32_MIN, INT32_MAX, &c)) { snprintf(err, n, "bad stride '%s'", t); return 1; }
                uint32_t run = o->mask >> first;
                if (run & (run + 1)) { snprintf(err, n, "address form 1 (base+stride) with gaps in the active mask 0x%08x", o->mask); return 1; }
                for (unsigned l = first + 1; l < 32 && (o->mask >> l & 1); l++) o->addr[l] = o->addr[l - 1] + (uint64_t)c;
            } else {
                unsigned last = first;
                for (unsigned l = first + 1; l < 32; l++) {
                    if (!(o->mask >> l & 1)) continue;
                    if (!next_tok(&s, t, sizeof t)) { snprintf(err, n, "truncated instruction: %u of %u address deltas", (unsigned)__builtin_popcount(o->mask & ((1u << l) - 1)) - 1, act - 1); return 1; }
                    if (dec_i64(t, INT64_MIN + 1, INT64_MAX, &c)) { snprintf(err, n, "bad address delta '%s'", t); return 1; }
                    o->addr[l] = o->addr[last] + (uint64_t)c;
                    last = l;
                }
            }
        }
    }
    /* gpusim's extension tokens, then nothing */
    while (next_tok(&s, t, sizeof t)) {
        if (!strncmp(t, "@lat=", 5)) {
            if (dec_i64(t + 5, 1, 255, &c)) { snprintf(err, n, "bad latency '%s' (@lat=1..255)", t); return 1; }
            o->has_lat = 1;
            o->lat = (unsigned)c;
        } else if (!strncmp(t, "@src=", 5)) {
            const char *p = t + 5;
            if (!*p) { snprintf(err, n, "an empty @src="); return 1; }
            while (*p) {
                char r[8];
                size_t i = 0;
                while (*p && *p != ',' && i + 1 < sizeof r) r[i++] = *p++;
                r[i] = '\0';
                if (*p == ',' && !*++p) { snprintf(err, n, "@src= ends with a comma"); return 1; }
                if (o->nsrc >= GT_MAX_SRC) { snprintf(err, n, "more than %d source registers", GT_MAX_SRC); return 1; }
                if (reg_num(r, &o->src[o->nsrc])) { snprintf(err, n, "bad source register '%s' in @src", r); return 1; }
                o->nsrc++;
            }
        } else {
            snprintf(err, n, "unexpected '%s' after the instruction's fields", t);
            return 1;
        }
    }
    /* what the model runs it as */
    int cls = o->cls;
    o->kind = GK_ALU;
    if (cls < GT_NLAT) {
        o->lat = o->has_lat ? o->lat : lat[cls];
        return 0;
    }
    if (o->has_lat) { snprintf(err, n, "@lat on %s, which is not an ALU-class instruction", o->op); return 1; }
    if (cls == GT_BAR) {
        if (o->mask) o->kind = GK_BAR;
        else o->lat = lat[GT_INT];
        return 0;
    }
    if (!o->width || !o->mask) { /* no access: an address computation, or predicated off */
        o->lat = lat[GT_INT];
        return 0;
    }
    if (cls == GT_LD || cls == GT_ST || cls == GT_ATOM) {
        int sh = in_shared(k, o->addr[__builtin_ctz(o->mask)]);
        cls = cls == GT_LD ? (sh ? GT_LDS : GT_LDG) : cls == GT_ST ? (sh ? GT_STS : GT_STG) : (sh ? GT_ATOMS : GT_ATOMG);
    }
    switch (cls) {
    case GT_LDG: o->kind = GK_LOAD; break;
    case GT_STG: o->kind = GK_STORE; break;
    case GT_ATOMG: o->kind = GK_ATOM; break;
    case GT_LDS: case GT_ATOMS: o->kind = GK_SLOAD; break;
    default: o->kind = GK_SSTORE; break;
    }
    if (o->kind == GK_SLOAD || o->kind == GK_SSTORE)
        for (unsigned l = 0; l < 32; l++)
            if ((o->mask >> l & 1) && k->shmem_base && o->addr[l] >= k->shmem_base) o->addr[l] -= k->shmem_base;
    return 0;
}

/* ---------------------------------------------------------------- kernel headers */

static char *dupstr(const char *s)
{
    size_t l = strlen(s) + 1;
    char *d = malloc(l);
    if (d) memcpy(d, s, l);
    return d;
}

/* "(x,y,z)" after '=' */
static int dims(const char *line, unsigned d[3])
{
    const char *e = strchr(line, '=');
    if (!e) return 1;
    e++;
    while (*e == ' ') e++;
    if (*e++ != '(') return 1;
    for (int i = 0; i < 3; i++) {
        char *end;
        errno = 0;
        unsigned long v = strtoul(e, &end, 10);
        if (end == e || errno || v < 1 || v > 0x7fffffffUL || !isdigit((unsigned char)*e)) return 1;
        d[i] = (unsigned)v;
        e = end;
        if (*e++ != (i < 2 ? ',' : ')')) return 1;
    }
    while (*e == ' ') e++;
    return *e != '\0';
}

/* the number after '=': hex (0x...) or decimal */
static int value(const char *line, int hex, uint64_t *v)
{
    const char *e = strchr(line, '=');
    if (!e) return 1;
    e++;
    while (*e == ' ') e++;
    char t[40];
    size_t i = 0;
    while (*e && *e != ' ' && i + 1 < sizeof t) t[i++] = *e++;
    t[i] = '\0';
    while (*e == ' ') e++;
    if (*e) return 1;
    if (hex) return hex_u64(t, v);
    int64_t s;
    if (dec_i64(t, 0, INT64_MAX, &s)) return 1;
    *v = (uint64_t)s;
    return 0;
}

static int ferr(char *err, size_t n, const gt_file *f, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* a message of one line whatever bytes the trace held: control characters become '?' */
static void printable(char *m)
{
    for (; *m; m++)
        if ((unsigned char)*m < 0x20 || *m == 0x7f) *m = '?';
}

static int ferr(char *err, size_t n, const gt_file *f, const char *fmt, ...)
{
    int k = snprintf(err, n, "%s:%" PRIu64 ": ", f->path, f->line);
    if (k >= 0 && (size_t)k < n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + k, n - (size_t)k, fmt, ap);
        va_end(ap);
    }
    printable(err);
    return 1;
}

/* read kernel k's header from f (open at its start), up to and including the first '#'
 * line; fill k (name, path owned) */
static int read_header(gt_file *f, gt_kernel *k, char *err, size_t n)
{
    char *line;
    int r, have_grid = 0, have_block = 0, have_bin = 0;
    while ((r = gf_gets(f, &line, err, n)) == 1) {
        if (blank(line)) continue;
        if (line[0] == '#') break;
        if (line[0] != '-') return ferr(err, n, f, "expected a header line '-key = value' or the '#' line that ends the header, got '%.40s'", line);
        uint64_t v;
        if (!strncmp(line, "-kernel name =", 14)) {
            const char *s = line + 14;
            while (*s == ' ') s++;
            free(k->name);
            k->name = dupstr(*s ? s : "(unnamed)");
            if (!k->name) return ferr(err, n, f, "out of memory");
        } else if (!strncmp(line, "-grid dim", 9)) {
            if (dims(line, k->grid)) return ferr(err, n, f, "bad grid dim (expected '-grid dim = (x,y,z)', each 1..2^31-1)");
            have_grid = 1;
        } else if (!strncmp(line, "-block dim", 10)) {
            if (dims(line, k->block) || k->block[0] > 1024 || k->block[1] > 1024 || k->block[2] > 1024)
                return ferr(err, n, f, "bad block dim (expected '-block dim = (x,y,z)', each 1..1024)");
            have_block = 1;
        } else if (!strncmp(line, "-shmem =", 8)) {
            if (value(line, 0, &v) || v > UINT32_MAX) return ferr(err, n, f, "bad shmem (expected '-shmem = BYTES')");
            k->shmem = (unsigned)v;
        } else if (!strncmp(line, "-nregs", 6)) {
            if (value(line, 0, &v) || v > 255) return ferr(err, n, f, "bad nregs (expected '-nregs = 0..255')");
            k->nregs = (unsigned)v;
        } else if (!strncmp(line, "-binary version", 15)) {
            if (value(line, 0, &v) || v > 1000) return ferr(err, n, f, "bad binary version");
            k->binver = (unsigned)v;
            if (!family(k->binver)) return ferr(err, n, f, "binary version %u has no opcode table (known: %s)", k->binver, gt_binvers());
            have_bin = 1;
        } else if (!strncmp(line, "-accelsim tracer version", 24)) {
            if (value(line, 0, &v) || v > 1000) return ferr(err, n, f, "bad accelsim tracer version");
            k->tver = (unsigned)v;
        } else if (!strncmp(line, "-shmem base_addr", 16)) {
            if (value(line, 1, &v)) return ferr(err, n, f, "bad shmem base_addr (hex)");
            k->shmem_base = v;
        } else if (!strncmp(line, "-local mem base_addr", 20)) {
            if (value(line, 1, &v)) return ferr(err, n, f, "bad local mem base_addr (hex)");
            k->local_base = v;
        } else if (!strncmp(line, "-enable lineinfo", 16)) {
            if (value(line, 0, &v) || v > 1) return ferr(err, n, f, "bad enable lineinfo (0 or 1)");
            if (v) return ferr(err, n, f, "a trace with lineinfo (source line numbers in each instruction) is not read: trace with lineinfo off");
        } /* other keys (kernel id, cuda stream id, nvbit version, ...): not needed */
    }
    if (r < 0) return 1;
    if (r == 0) return ferr(err, n, f, "the header never ends (no '#' line, no thread blocks): truncated?");
    if (!have_grid) return ferr(err, n, f, "the header has no '-grid dim'");
    if (!have_block) return ferr(err, n, f, "the header has no '-block dim'");
    if (!have_bin) return ferr(err, n, f, "the header has no '-binary version' (the opcode table depends on it)");
    if ((uint64_t)k->block[0] * k->block[1] * k->block[2] > 1024)
        return ferr(err, n, f, "block dim (%u,%u,%u) has more than 1024 threads", k->block[0], k->block[1], k->block[2]);
    if ((uint64_t)k->grid[0] * k->grid[1] * k->grid[2] > UINT32_MAX)
        return ferr(err, n, f, "grid dim (%u,%u,%u) has more than 2^32-1 blocks", k->grid[0], k->grid[1], k->grid[2]);
    if ((uint64_t)k->grid[1] * k->grid[2] > UINT32_MAX) return ferr(err, n, f, "grid dim y*z too large");
    if (!k->name) k->name = dupstr("(unnamed)");
    return k->name ? 0 : ferr(err, n, f, "out of memory");
}

/* ---------------------------------------------------------------- thread blocks */

typedef struct tb_reader {
    gt_file f;
    const gt_kernel *k;
    const unsigned *lat;
    int launch;
    uint64_t next;         /* id of the block expected next */
    uint64_t nblocks;
    unsigned wpb, tpb;
} tb_reader;

/* where instructions go: a warp-program buffer per warp, or a visitor */
typedef struct tb_sink {
    gk_wprog *prog;        /* [wpb], or NULL */
    gt_visit_fn fn;
    void *ctx;
} tb_sink;

static int append(gk_wprog *p, const gt_inst *o)
{
    int mem = o->kind != GK_ALU && o->kind != GK_BAR;
    unsigned na = mem ? (unsigned)__builtin_popcount(o->mask) : 0;
    if (gk_wprog_reserve(p, 1, na, (uint32_t)o->nsrc)) return 1;
    gk_inst *i = &p->ins[p->n++];
    i->kind = (uint8_t)o->kind;
    i->lat = (uint8_t)(o->kind == GK_ALU ? (o->lat < 1 ? 1 : o->lat > 255 ? 255 : o->lat) : 0);
    i->dst1 = (uint8_t)(o->ndst && o->dst != GT_RZ && o->mask ? o->dst + 1 : 0);
    i->pc = o->pc;
    i->mask = o->mask;
    i->a = p->na;
    i->r = p->nr;
    i->nsrc = 0;
    for (int s = 0; s < o->nsrc; s++)
        if (o->src[s] != GT_RZ) { p->reg[p->nr++] = o->src[s]; i->nsrc++; }
    if (mem)
        for (unsigned l = 0; l < 32; l++)
            if (o->mask >> l & 1) p->addr[p->na++] = o->addr[l];
    return 0;
}

/* "thread block = x,y,z" */
static int tb_coords(const char *line, unsigned c[3])
{
    const char *e = strchr(line, '=');
    if (!e) return 1;
    e++;
    for (int i = 0; i < 3; i++) {
        while (*e == ' ') e++;
        if (!isdigit((unsigned char)*e)) return 1;
        char *end;
        errno = 0;
        unsigned long v = strtoul(e, &end, 10);
        if (errno || v > 0x7fffffffUL) return 1;
        c[i] = (unsigned)v;
        e = end;
        while (*e == ' ') e++;
        if (i < 2 && *e++ != ',') return 1;
    }
    return *e != '\0';
}

static int key_num(const char *line, const char *key, uint64_t *v)
{
    size_t l = strlen(key);
    if (strncmp(line, key, l)) return -1;
    return value(line, 0, v) ? 1 : 0;
}

/* read the next thread block (it must be block r->next) into the sink; 0 ok */
static int tb_read(tb_reader *r, const tb_sink *sk, char *err, size_t n)
{
    char *line;
    int rc;
    const gt_kernel *k = r->k;
    unsigned want[3] = {(unsigned)(r->next % k->grid[0]), (unsigned)(r->next / k->grid[0] % k->grid[1]),
                        (unsigned)(r->next / k->grid[0] / k->grid[1])};
    for (;;) { /* to #BEGIN_TB */
        rc = gf_gets(&r->f, &line, err, n);
        if (rc < 0) return 1;
        if (rc == 0)
            return ferr(err, n, &r->f, "the trace ends before thread block (%u,%u,%u) of the grid's %" PRIu64 " (truncated?)",
                        want[0], want[1], want[2], r->nblocks);
        if (blank(line)) continue;
        if (!strncmp(line, "#BEGIN_TB", 9) && blank(line + 9)) break;
        if (line[0] == '#') continue; /* a comment */
        return ferr(err, n, &r->f, "expected #BEGIN_TB, got '%.40s'", line);
    }
    unsigned have[3];
    int got_tb = 0;
    if (sk->prog)
        for (unsigned w = 0; w < r->wpb; w++) sk->prog[w].n = sk->prog[w].na = sk->prog[w].nr = 0;
    uint32_t seen = 0; /* warps read (they come in order, so a count) */
    int64_t cur = -1;
    uint64_t left = 0, count = 0;
    for (;;) {
        rc = gf_gets(&r->f, &line, err, n);
        if (rc < 0) return 1;
        if (rc == 0) return ferr(err, n, &r->f, "the trace ends inside thread block (%u,%u,%u) (no #END_TB: truncated?)", want[0], want[1], want[2]);
        if (blank(line)) continue;
        uint64_t v;
        int kr;
        if (left) { /* an instruction line */
            gt_inst in;
            char e2[200];
            if (line[0] == '#' || !strncmp(line, "warp", 4) || !strncmp(line, "insts", 5))
                return ferr(err, n, &r->f, "warp %" PRId64 " of thread block (%u,%u,%u) has %" PRIu64 " instruction lines, but its 'insts =' says %" PRIu64,
                            cur, want[0], want[1], want[2], count - left, count);
            if (gt_parse_inst(line, k, r->lat, &in, e2, sizeof e2)) return ferr(err, n, &r->f, "%s", e2);
            if (in.mask & ~(r->tpb - (uint64_t)cur * 32 >= 32 ? 0xffffffffu : (1u << (r->tpb - (unsigned)cur * 32)) - 1))
                return ferr(err, n, &r->f, "active mask 0x%08x has lanes beyond the block's %u threads", in.mask, r->tpb);
            if (sk->prog && append(&sk->prog[cur], &in)) return ferr(err, n, &r->f, "out of memory");
            if (sk->fn && sk->fn(sk->ctx, k, r->launch, have, (unsigned)cur, &in)) return ferr(err, n, &r->f, "stopped");
            left--;
            continue;
        }
        if (!strncmp(line, "#END_TB", 7) && blank(line + 7)) {
            if (!got_tb) return ferr(err, n, &r->f, "#END_TB before the 'thread block =' line");
            if (cur >= 0 && count == UINT64_MAX) return ferr(err, n, &r->f, "warp %" PRId64 " has no 'insts =' line", cur);
            if (seen != r->wpb)
                return ferr(err, n, &r->f, "thread block (%u,%u,%u) has %u warps; a block of %u threads has %u", have[0], have[1],
                            have[2], seen, r->tpb, r->wpb);
            break;
        }
        if (!strncmp(line, "thread block", 12)) {
            if (got_tb) return ferr(err, n, &r->f, "a second 'thread block =' line in one block");
            if (tb_coords(line, have)) return ferr(err, n, &r->f, "bad 'thread block = x,y,z' line");
            if (have[0] != want[0] || have[1] != want[1] || have[2] != want[2])
                return ferr(err, n, &r->f, "thread block (%u,%u,%u) where block (%u,%u,%u) was expected (blocks come once each, in launch order)",
                            have[0], have[1], have[2], want[0], want[1], want[2]);
            got_tb = 1;
            continue;
        }
        if (!got_tb) return ferr(err, n, &r->f, "expected 'thread block = x,y,z' after #BEGIN_TB");
        if ((kr = key_num(line, "warp", &v)) >= 0) {
            if (kr || v >= r->wpb) return ferr(err, n, &r->f, "bad warp line (expected 'warp = 0..%u')", r->wpb - 1);
            if (cur >= 0 && count == UINT64_MAX) return ferr(err, n, &r->f, "warp %" PRId64 " has no 'insts =' line", cur);
            if ((int64_t)v != (int64_t)seen)
                return ferr(err, n, &r->f, "warp %" PRIu64 " where warp %u was expected (warps in order, each once)", v, seen);
            cur = (int64_t)v;
            seen++;
            count = UINT64_MAX; /* an insts line must follow */
            continue;
        }
        if ((kr = key_num(line, "insts", &v)) >= 0) {
            if (cur < 0 || count != UINT64_MAX) return ferr(err, n, &r->f, "'insts =' without its 'warp =' line");
            if (kr || v > 0x7fffffffu) return ferr(err, n, &r->f, "bad insts line (expected 'insts = N')");
            count = left = v;
            continue;
        }
        if (cur >= 0 && count != UINT64_MAX)
            return ferr(err, n, &r->f, "warp %" PRId64 " of thread block (%u,%u,%u) has more instruction lines than its 'insts = %" PRIu64 "'",
                        cur, have[0], have[1], have[2], count);
        return ferr(err, n, &r->f, "unexpected line in a thread block: '%.40s'", line);
    }
    r->next++;
    if (r->next == r->nblocks) { /* the last block: nothing but comments may follow */
        for (;;) {
            rc = gf_gets(&r->f, &line, err, n);
            if (rc < 0) return 1;
            if (rc == 0) break;
            if (blank(line) || (line[0] == '#' && strncmp(line, "#BEGIN_TB", 9))) continue;
            return ferr(err, n, &r->f, "more thread blocks than the grid's %" PRIu64, r->nblocks);
        }
    }
    return 0;
}

static int reader_open(tb_reader *r, const gt_kernel *k, int launch, const unsigned *lat, char *err, size_t n)
{
    memset(r, 0, sizeof *r);
    if (gf_open(&r->f, k->path, err, n)) return 1;
    gt_kernel tmp;
    memset(&tmp, 0, sizeof tmp);
    int rc = read_header(&r->f, &tmp, err, n);
    free(tmp.name);
    if (rc) { gf_close(&r->f); return 1; }
    r->k = k;
    r->lat = lat;
    r->launch = launch;
    r->nblocks = (uint64_t)k->grid[0] * k->grid[1] * k->grid[2];
    r->tpb = k->block[0] * k->block[1] * k->block[2];
    r->wpb = (r->tpb + 31) / 32;
    return 0;
}

/* ---------------------------------------------------------------- the directory */

typedef struct gt_state {
    char *dir, *wname;
    int nk;
    gt_kernel *k;
    unsigned lat[GT_NLAT];
    /* streaming */
    int li;            /* launch whose file is open, -1 none */
    tb_reader rd;
    uint64_t held;     /* block id in tb[] (UINT64_MAX none) */
    gk_wprog *tb;
    unsigned tbcap;
} gt_state;

static void state_free(void *p)
{
    gt_state *s = p;
    if (!s) return;
    if (s->li >= 0) gf_close(&s->rd.f);
    for (int i = 0; i < s->nk; i++) { free(s->k[i].path); free(s->k[i].name); }
    free(s->k);
    for (unsigned i = 0; i < s->tbcap; i++) gk_wprog_free(&s->tb[i]);
    free(s->tb);
    free(s->dir);
    free(s->wname);
    free(s);
}

static char *join(const char *dir, const char *name)
{
    size_t a = strlen(dir), b = strlen(name);
    char *p = malloc(a + b + 2);
    if (!p) return NULL;
    memcpy(p, dir, a);
    p[a] = '/';
    memcpy(p + a + 1, name, b + 1);
    return p;
}

/* kernelslist.g and every kernel's header into s */
static int read_dir(gt_state *s, const char *dir, char *err, size_t n)
{
    s->dir = dupstr(dir);
    if (!s->dir) { snprintf(err, n, "out of memory"); return 1; }
    char *kl = join(dir, "kernelslist.g");
    if (!kl) { snprintf(err, n, "out of memory"); return 1; }
    gt_file f;
    if (gf_open(&f, kl, err, n)) {
        char *raw = join(dir, "kernelslist");
        if (raw && file_exists(raw))
            snprintf(err, n, "%s: no kernelslist.g, only the tracer's raw kernelslist: run Accel-Sim's post-traces-processing on it first", dir);
        free(raw);
        free(kl);
        return 1;
    }
    free(kl);
    char *line;
    int r, cap = 0;
    while ((r = gf_gets(&f, &line, err, n)) == 1) {
        if (blank(line)) continue;
        if (!strncmp(line, "MemcpyHtoD,", 11) || !strncmp(line, "MemcpyDtoH,", 11)) {
            char *c2 = strchr(line + 11, ',');
            uint64_t a;
            int64_t cnt;
            if (!c2) { ferr(err, n, &f, "bad memcpy line (expected MemcpyHtoD,0xADDRESS,BYTES)"); break; }
            *c2 = '\0';
            if (hex_u64(line + 11, &a) || dec_i64(c2 + 1, 0, INT64_MAX, &cnt)) { ferr(err, n, &f, "bad memcpy line (expected MemcpyHtoD,0xADDRESS,BYTES)"); break; }
            continue;
        }
        if (!strncmp(line, "kernel", 6)) {
            for (const char *p = line; *p; p++)
                if (*p == '/' || *p == ' ') { r = -1; ferr(err, n, &f, "bad kernel line '%.60s' (a file name in the directory)", line); break; }
            if (r < 0) break;
            if (s->nk == cap) {
                cap = cap ? cap * 2 : 16;
                gt_kernel *nk = realloc(s->k, (size_t)cap * sizeof *nk);
                if (!nk) { r = -1; ferr(err, n, &f, "out of memory"); break; }
                s->k = nk;
            }
            gt_kernel *k = &s->k[s->nk];
            memset(k, 0, sizeof *k);
            k->path = join(dir, line);
            s->nk++;
            if (!k->path) { r = -1; ferr(err, n, &f, "out of memory"); break; }
            continue;
        }
        r = -1;
        ferr(err, n, &f, "expected 'MemcpyHtoD,ADDRESS,BYTES' or a 'kernel-N.traceg' line, got '%.40s'", line);
        break;
    }
    if (r == 1) r = -1; /* left the loop on a bad line */
    if (r == 0 && !s->nk) { ferr(err, n, &f, "no kernel lines"); r = -1; }
    gf_close(&f);
    if (r < 0) return 1;
    for (int i = 0; i < s->nk; i++) {
        gt_kernel *k = &s->k[i];
        gt_file kf;
        if (gf_open(&kf, k->path, err, n)) return 1;
        free(k->path);
        k->path = dupstr(kf.path); /* the file found (FILE or FILE.gz) */
        if (!k->path) snprintf(err, n, "out of memory");
        int rc = k->path ? read_header(&kf, k, err, n) : 1;
        gf_close(&kf);
        if (rc) return 1;
    }
    return 0;
}

/* a launch's warp program: block (bx, by)'s warp wib from the kernel file, read one
 * thread block at a time in launch order */
static void trace_warp(gk_warp *c)
{
    gt_state *s = c->w->trace;
    int li = (int)(c->L - c->w->launch);
    const gt_kernel *k = &s->k[li];
    uint64_t id = (uint64_t)c->by * c->L->grid_x + c->bx;
    if (c->failed) return;
    if (s->li != li) {
        if (s->li >= 0) gf_close(&s->rd.f);
        s->li = -1;
        s->held = UINT64_MAX;
        if (reader_open(&s->rd, k, li, s->lat, c->err, c->nerr)) {
            printable(c->err);
            c->failed = 1;
            return;
        }
        s->li = li;
        if (s->tbcap < s->rd.wpb) {
            gk_wprog *nt = realloc(s->tb, s->rd.wpb * sizeof *nt);
            if (!nt) { snprintf(c->err, c->nerr, "%s: out of memory", k->path); c->failed = 1; return; }
            memset(nt + s->tbcap, 0, (s->rd.wpb - s->tbcap) * sizeof *nt);
            s->tb = nt;
            s->tbcap = s->rd.wpb;
        }
    }
    if (s->held != id) {
        if (id != s->rd.next) {
            snprintf(c->err, c->nerr, "%s: block %" PRIu64 " asked for out of launch order (internal)", k->path, id);
            c->failed = 1;
            return;
        }
        tb_sink sk = {s->tb, NULL, NULL};
        if (tb_read(&s->rd, &sk, c->err, c->nerr)) { c->failed = 1; return; }
        s->held = id;
    }
    const gk_wprog *src = &s->tb[c->wib];
    gk_wprog *o = c->out;
    if (gk_wprog_reserve(o, src->n, src->na, src->nr)) { snprintf(c->err, c->nerr, "%s: out of memory", k->path); c->failed = 1; return; }
    if (src->n) memcpy(o->ins, src->ins, src->n * sizeof *o->ins);
    if (src->na) memcpy(o->addr, src->addr, src->na * sizeof *o->addr);
    if (src->nr) memcpy(o->reg, src->reg, src->nr);
    o->n = src->n;
    o->na = src->na;
    o->nr = src->nr;
    if (id + 1 == s->rd.nblocks && c->wib + 1 == s->rd.wpb) { /* the launch's last warp: done with its file */
        gf_close(&s->rd.f);
        s->li = -1;
    }
}

/* a build that failed: nothing left */
static int build_fail(gk_workload *w)
{
    state_free(w->trace);
    free(w->launch);
    memset(w, 0, sizeof *w);
    return 1;
}

int gt_build(gk_workload *w, const char *dir, const gk_opts *o, char *err, size_t n)
{
    memset(w, 0, sizeof *w);
    if (!dir || !*dir) { snprintf(err, n, "trace: needs a directory (--workload trace:DIR)"); return 1; }
    if (o && o->scale != 1.0) { snprintf(err, n, "trace:%s: a trace has no scale (--scale %g given; traces run as recorded)", dir, o->scale); return 1; }
    gt_state *s = calloc(1, sizeof *s);
    if (!s) { snprintf(err, n, "out of memory"); return 1; }
    s->li = -1;
    s->held = UINT64_MAX;
    for (int i = 0; i < GT_NLAT; i++) s->lat[i] = o && o->trace_lat ? o->trace_lat[i] : gt_default_lat[i];
    w->trace = s;
    w->trace_free = state_free;
    if (read_dir(s, dir, err, n)) {
        printable(err);
        return build_fail(w);
    }
    size_t l = strlen(dir);
    s->wname = malloc(l + 7);
    w->launch = calloc((size_t)s->nk, sizeof *w->launch);
    if (!s->wname || !w->launch) { snprintf(err, n, "out of memory"); return build_fail(w); }
    memcpy(s->wname, "trace:", 6);
    memcpy(s->wname + 6, dir, l + 1);
    w->name = s->wname;
    w->class_ = "-";
    w->suite = "trace";
    w->classes = "-";
    w->input = s->dir;
    w->nlaunch = s->nk;
    for (int i = 0; i < s->nk; i++) {
        const gt_kernel *k = &s->k[i];
        gk_launch *L = &w->launch[i];
        L->kernel = k->name;
        L->grid_x = k->grid[0];
        L->grid_y = k->grid[1] * k->grid[2];
        L->block_x = k->block[0];
        L->block_y = k->block[1] * k->block[2];
        L->regs = k->nregs;
        L->smem = k->shmem;
        L->warp = trace_warp;
        L->sb = 1;
        w->size[0] += (int64_t)k->grid[0] * k->grid[1] * k->grid[2];
    }
    return 0;
}

int gt_walk(const char *dir, const unsigned *lat, gt_visit_fn fn, void *ctx, char *err, size_t n)
{
    gt_state *s = calloc(1, sizeof *s);
    if (!s) { snprintf(err, n, "out of memory"); return 1; }
    s->li = -1;
    int rc = read_dir(s, dir, err, n);
    for (int i = 0; !rc && i < s->nk; i++) {
        tb_reader r;
        if (reader_open(&r, &s->k[i], i, lat ? lat : gt_default_lat, err, n)) { rc = 1; break; }
        tb_sink sk = {NULL, fn, ctx};
        while (!rc && r.next < r.nblocks) rc = tb_read(&r, &sk, err, n);
        gf_close(&r.f);
    }
    state_free(s);
    if (rc) printable(err);
    return rc;
}
