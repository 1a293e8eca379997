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

#endif
