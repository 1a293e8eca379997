/* fuzz.c: helpers of the fuzz targets (fuzz.h). */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int saved_fd = -1, scratch_fd = -1;
static FILE *scratch;

char *fz_str(const uint8_t *d, size_t n)
{
    char *s = malloc(n + 1);
    if (!s) abort();
    memcpy(s, d, n);
    s[n] = 0;
    return s;
}

void fz_err_begin(void)
{
    if (!scratch) {
        scratch = tmpfile();
        if (!scratch) abort();
        scratch_fd = fileno(scratch);
        saved_fd = dup(2);
    }
    fflush(stderr);
    if (ftruncate(scratch_fd, 0) || lseek(scratch_fd, 0, SEEK_SET) < 0) abort();
    dup2(scratch_fd, 2);
}

int fz_err_end(void)
{
    char buf[4096];
    ssize_t got;
    int lines = 0, last = '\n';
    fflush(stderr);
    dup2(saved_fd, 2);
    if (lseek(scratch_fd, 0, SEEK_SET) < 0) abort();
    while ((got = read(scratch_fd, buf, sizeof buf)) > 0)
        for (ssize_t i = 0; i < got; i++) {
            if (buf[i] == '\n') lines++;
            last = buf[i];
        }
    return last == '\n' ? lines : -1; /* -1: an unterminated line */
}

void fz_fail(const char *what, const char *input)
{
    fprintf(stderr, "fuzz: %s\n  input: '%.300s'\n", what, input);
    abort();
}
