/*
 * apps.c: the table of applications (apps.def) for gk_build and gpusim.
 */
#include <string.h>

#include "gk_app.h"

#define GKA_APP(name, suite, classes, input, fn) int fn(gka_ctx *c);
#include "apps.def"
#undef GKA_APP

static const gka_app gka_table[] = {
#define GKA_APP(name, suite, classes, input, fn) {#name, suite, classes, input, fn},
#include "apps.def"
#undef GKA_APP
};
#define GKA_N ((int)(sizeof gka_table / sizeof gka_table[0]))

int gka_count(void) { return GKA_N; }
const gka_app *gka_at(int i) { return i >= 0 && i < GKA_N ? &gka_table[i] : NULL; }
const gka_app *gka_find(const char *name)
{
    for (int i = 0; i < GKA_N; i++)
        if (!strcmp(gka_table[i].name, name)) return &gka_table[i];
    return NULL;
}
