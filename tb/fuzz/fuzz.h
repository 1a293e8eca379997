/*
 * fuzz.h: what the libFuzzer targets of tb/fuzz share: the input as a C string, and
 * stderr captured around a call so that a target can check the "one line on stderr"
 * promise of every rejection.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* the input as a NUL-terminated string (bytes after an embedded NUL are dropped); the
 * caller frees it */
char *fz_str(const uint8_t *d, size_t n);
/* stderr into a scratch file from now until fz_err_end(), which returns how many lines
 * were written and whether the last one ended in a newline */
void fz_err_begin(void);
int fz_err_end(void);
/* abort with a message: the fuzzer reports it as a crash with this input */
void fz_fail(const char *what, const char *input);

#endif
