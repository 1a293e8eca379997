/* stim.c: stimulus registry (one generator per block of cmodel/blocks.def, named
 * <block>_stim_ops in tb/blocks/<block>/<block>_stim.c) and knob parsing. */
#include "stim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK(name, hook) extern const stim_ops name##_stim_ops;
#include "blocks.def"
#undef BLOCK

static const stim_ops *const stim_all[] = {
#define BLOCK(name, hook) &name##_stim_ops,
#include "blocks.def"
#undef BLOCK
    NULL};

const stim_ops *stim_find(const char *block)
{
    int i;
    for (i = 0; stim_all[i]; i++)
        if (!strcmp(stim_all[i]->block, block)) return stim_all[i];
    return NULL;
}

int stim_knobs_parse(const char *knobs, const char *const *names, double *vals, char *err,
                     size_t n)
{
    char buf[1024], *tok, *save = NULL;
    if (!knobs || !*knobs) return 0;
    snprintf(buf, sizeof buf, "%s", knobs);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '='), *end;
        int i;
        double v;
        if (!eq) {
            snprintf(err, n, "knob '%s' is not name=value", tok);
            return -1;
        }
        *eq = 0;
        v = strtod(eq + 1, &end);
        if (end == eq + 1 || *end) {
            snprintf(err, n, "knob %s=%s: not a number", tok, eq + 1);
            return -1;
        }
        for (i = 0; names[i]; i++)
            if (!strcmp(names[i], tok)) break;
        if (!names[i]) {
            snprintf(err, n, "unknown knob '%s'", tok);
            return -1;
        }
        vals[i] = v;
    }
    return 0;
}
