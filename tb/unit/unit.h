/* unit.h: a minimal self-checking test helper (counts, prints failures). */
#ifndef UNIT_H
#define UNIT_H

#include <stdio.h>

extern int unit_pass, unit_fail;
#define UNIT_CHECK(cond, what)                                                          \
    do {                                                                                \
        if (cond) unit_pass++;                                                          \
        else {                                                                          \
            unit_fail++;                                                                \
            fprintf(stderr, "FAIL %s:%d: %s (%s)\n", __FILE__, __LINE__, what, #cond);  \
        }                                                                               \
    } while (0)

int unit_summary(const char *suite);
/* the command line of a unit-test program, which takes no arguments: -1 to run the
 * tests, else the status to exit with at once: 0 after the usage on stdout (--help or -h
 * anywhere), 2 after one line on stderr (any other argument) */
int unit_args(int argc, char **argv, const char *prog, const char *what);

#endif
