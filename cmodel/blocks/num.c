/* num.c: strict number parsing (num.h). */
#include "num.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int num_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *v)
{
    uint64_t x = 0;
    int over = 0;
    if (!s || !*s) return NUM_SYNTAX;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        const char *p = s + 2;
        if (!*p) return NUM_SYNTAX;
        for (; *p; p++) {
            int d = hexval(*p);
            if (d < 0) return NUM_SYNTAX;
            if (x >> 60) over = 1;
            x = x << 4 | (uint64_t)d;
        }
    } else {
        const char *p = s;
        for (; *p; p++) {
            unsigned d;
            if (*p < '0' || *p > '9') return NUM_SYNTAX;
            d = (unsigned)(*p - '0');
            if (x > (UINT64_MAX - d) / 10) over = 1;
            x = x * 10 + d;
        }
    }
    if (over || x < lo || x > hi) return NUM_RANGE;
    *v = x;
    return NUM_OK;
}

int num_uint(const char *s, unsigned lo, unsigned hi, unsigned *v)
{
    uint64_t x;
    int rc = num_u64(s, lo, hi, &x);
    if (rc == NUM_OK) *v = (unsigned)x;
    return rc;
}

int num_real(const char *s, double lo, double hi, double *v)
{
    const char *p = s;
    int digits = 0;
    double x;
    if (!s || !*s) return NUM_SYNTAX;
    if (*p == '-') p++;
    for (; *p >= '0' && *p <= '9'; p++) digits++;
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++) digits++;
    if (!digits) return NUM_SYNTAX;
    if (*p == 'e' || *p == 'E') {
        int ed = 0;
        p++;
        if (*p == '+' || *p == '-') p++;
        for (; *p >= '0' && *p <= '9'; p++) ed++;
        if (!ed) return NUM_SYNTAX;
    }
    if (*p) return NUM_SYNTAX;
    x = strtod(s, NULL);
    if (!isfinite(x) || x < lo || x > hi) return NUM_RANGE;
    *v = x;
    return NUM_OK;
}

void num_err_u64(char *err, size_t n, const char *what, const char *s, int rc, uint64_t lo,
                 uint64_t hi)
{
    snprintf(err, n, "%s '%.64s%s': %s (an integer %llu..%llu, decimal or 0x hex)", what, s ? s : "",
             s && strlen(s) > 64 ? "..." : "", rc == NUM_RANGE ? "out of range" : "not a number",
             (unsigned long long)lo, (unsigned long long)hi);
}

void num_err_real(char *err, size_t n, const char *what, const char *s, int rc, double lo,
                  double hi)
{
    snprintf(err, n, "%s '%.64s%s': %s (a number %g..%g)", what, s ? s : "",
             s && strlen(s) > 64 ? "..." : "", rc == NUM_RANGE ? "out of range" : "not a number", lo,
             hi);
}
