/*
 * fuzz_num.c: the number parser (num.h) against a reference built another way: an
 * integer is accepted iff the token is all decimal digits or 0x and hex digits and its
 * value (strtoull, base 10 or 16) fits 64 bits and the range; a real iff strtod takes
 * the whole token, the token is made of digits . e E + - only, does not start with '+',
 * and the value is finite and in range. Any disagreement aborts.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "num.h"

static int ref_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *v)
{
    int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const char *d = hex ? s + 2 : s;
    char *end;
    if (!*d || strspn(d, hex ? "0123456789abcdefABCDEF" : "0123456789") != strlen(d)) return NUM_SYNTAX;
    errno = 0;
    *v = strtoull(d, &end, hex ? 16 : 10);
    if (errno == ERANGE || *v < lo || *v > hi) return NUM_RANGE;
    return NUM_OK;
}

static int ref_real(const char *s, double lo, double hi, double *v)
{
    char *end;
    if (!*s || s[0] == '+' || strspn(s, "0123456789.eE+-") != strlen(s)) return NUM_SYNTAX;
    *v = strtod(s, &end);
    if (*end || end == s) return NUM_SYNTAX;
    if (!isfinite(*v) || *v < lo || *v > hi) return NUM_RANGE;
    return NUM_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint64_t lo = 0, hi = UINT64_MAX, a = 0, b = 0;
    double dlo = -1e300, dhi = 1e300, x = 0, y = 0;
    char *s;
    int r1, r2;
    /* the first byte picks a range: full, or a small window */
    if (size && data[0] & 1) {
        lo = data[0] >> 1;
        hi = lo + 1000;
        dlo = 0;
        dhi = (double)(data[0] >> 1);
    }
    s = fz_str(size ? data + 1 : data, size ? size - 1 : 0);
    r1 = num_u64(s, lo, hi, &a);
    r2 = ref_u64(s, lo, hi, &b);
    if (r1 != r2 || (r1 == NUM_OK && a != b)) fz_fail("num_u64 disagrees with the reference", s);
    r1 = num_real(s, dlo, dhi, &x);
    r2 = ref_real(s, dlo, dhi, &y);
    /* a token of digits can round across the range's edge the same way in both; they
     * must agree on acceptance and on the value */
    if (r1 != r2 || (r1 == NUM_OK && x != y)) fz_fail("num_real disagrees with the reference", s);
    free(s);
    return 0;
}
