/* blk_param.c: configuration of any block kind from its parameter table (blk_param.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "blk.h"
#include "num.h"

static unsigned *field(const blk_param *p, void *cfg) { return (unsigned *)((char *)cfg + p->offset); }
static unsigned cfield(const blk_param *p, const void *cfg)
{
    return *(const unsigned *)((const char *)cfg + p->offset);
}

static const blk_param *lookup(const blk_kind *k, const char *key)
{
    int i;
    for (i = 0; i < k->nparams; i++)
        if (!strcasecmp(k->params[i].name, key)) return &k->params[i];
    return NULL;
}

/* The i-th name of "a b c" into buf; 0 when there is none. */
static int value_name(const char *names, unsigned i, char *buf, size_t n)
{
    const char *s = names;
    while (s && *s) {
        size_t len = strcspn(s, " ");
        if (i == 0) {
            if (len >= n) len = n - 1;
            memcpy(buf, s, len);
            buf[len] = 0;
            return 1;
        }
        i--;
        s += len;
        while (*s == ' ') s++;
    }
    return 0;
}

/* a name of the parameter's enumeration, or a number (num.h) in its range */
static int parse_value(const blk_param *p, const char *val, unsigned *out)
{
    char nm[64];
    unsigned i;
    if (p->names)
        for (i = 0; value_name(p->names, i, nm, sizeof nm); i++)
            if (!strcasecmp(nm, val)) {
                *out = i;
                return NUM_OK;
            }
    return num_uint(val, p->lo, p->hi, out);
}

void blk_cfg_default(const blk_kind *k, void *cfg)
{
    int i;
    memset(cfg, 0, k->cfg_size);
    for (i = 0; i < k->nparams; i++) *field(&k->params[i], cfg) = k->params[i].def;
}

int blk_cfg_set(const blk_kind *k, void *cfg, const char *key, const char *val, char *err,
                size_t n)
{
    const blk_param *p = lookup(k, key);
    unsigned v;
    int rc;
    if (!p) {
        char list[512];
        size_t at = 0;
        int i, rc = k->cfg_alias ? k->cfg_alias(cfg, key, val, err, n) : 1;
        if (rc <= 0) return rc;
        list[0] = 0;
        for (i = 0; i < k->nparams && at < sizeof list; i++)
            at += (size_t)snprintf(list + at, sizeof list - at, "%s%s", i ? " " : "",
                                   k->params[i].name);
        snprintf(err, n, "%s: unknown parameter '%s' (%s)", k->name, key, list);
        return -1;
    }
    if ((rc = parse_value(p, val, &v)) == NUM_RANGE) {
        snprintf(err, n, "%s: %s=%s out of range %u..%u", k->name, p->name, val, p->lo, p->hi);
        return -1;
    }
    if (rc) {
        if (p->names)
            snprintf(err, n, "%s: %s=%s is not a valid value (a number %u..%u or one of: %s)",
                     k->name, p->name, val, p->lo, p->hi, p->names);
        else
            snprintf(err, n, "%s: %s=%s is not a valid value (a number %u..%u, decimal or 0x hex)",
                     k->name, p->name, val, p->lo, p->hi);
        return -1;
    }
    *field(p, cfg) = v;
    return 0;
}

int blk_cfg_validate(const blk_kind *k, const void *cfg, char *err, size_t n)
{
    int i;
    for (i = 0; i < k->nparams; i++) {
        const blk_param *p = &k->params[i];
        unsigned v = cfield(p, cfg);
        if (v < p->lo || v > p->hi) {
            snprintf(err, n, "%s: %s=%u out of range %u..%u", k->name, p->name, v, p->lo, p->hi);
            return -1;
        }
    }
    return k->cfg_check ? k->cfg_check(cfg, err, n) : 0;
}

void blk_cfg_format(const blk_kind *k, const void *cfg, char *buf, size_t n)
{
    size_t at = 0;
    int i;
    if (n) buf[0] = 0;
    for (i = 0; i < k->nparams && at < n; i++) {
        const blk_param *p = &k->params[i];
        char nm[64];
        unsigned v = cfield(p, cfg);
        if (p->names && value_name(p->names, v, nm, sizeof nm))
            at += (size_t)snprintf(buf + at, n - at, "%s%s=%s", i ? "," : "", p->name, nm);
        else
            at += (size_t)snprintf(buf + at, n - at, "%s%s=%u", i ? "," : "", p->name, v);
    }
}

void blk_cfg_tag(const blk_kind *k, const void *cfg, char *buf, size_t n)
{
    size_t at = 0;
    int i;
    if (n) buf[0] = 0;
    for (i = 0; i < k->nparams && at < n; i++)
        at += (size_t)snprintf(buf + at, n - at, "%s%s%u", i ? "-" : "", k->params[i].name,
                               cfield(&k->params[i], cfg));
}

void blk_cfg_params(const blk_kind *k, const void *cfg, char *buf, size_t n)
{
    size_t at = 0;
    int i;
    if (n) buf[0] = 0;
    for (i = 0; i < k->nparams && at < n; i++)
        at += (size_t)snprintf(buf + at, n - at, "%s%s=%u", i ? " " : "", k->params[i].name,
                               cfield(&k->params[i], cfg));
}

long blk_cfg_get(const blk_kind *k, const void *cfg, const char *name)
{
    const blk_param *p = lookup(k, name);
    return p ? (long)cfield(p, cfg) : -1;
}

static int apply_sets(const blk_kind *k, void *cfg, const char *sets, char *err, size_t n)
{
    char buf[1024], *tok, *save = NULL;
    if (!sets || !*sets) return 0;
    if (strlen(sets) >= sizeof buf) {
        snprintf(err, n, "%s: configuration string too long", k->name);
        return -1;
    }
    strcpy(buf, sets);
    for (tok = strtok_r(buf, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq) {
            snprintf(err, n, "%s: '%s' is not Key=Value", k->name, tok);
            return -1;
        }
        *eq = 0;
        if (blk_cfg_set(k, cfg, tok, eq + 1, err, n)) return -1;
    }
    return 0;
}

int blk_cfg_preset(const blk_kind *k, void *cfg, const char *preset, char *err, size_t n)
{
    int i;
    blk_cfg_default(k, cfg);
    for (i = 0; k->presets && k->presets[i]; i += 2)
        if (!strcasecmp(k->presets[i], preset)) return apply_sets(k, cfg, k->presets[i + 1], err, n);
    {
        char list[256];
        size_t at = 0;
        list[0] = 0;
        for (i = 0; k->presets && k->presets[i] && at < sizeof list; i += 2)
            at += (size_t)snprintf(list + at, sizeof list - at, "%s%s", i ? " " : "", k->presets[i]);
        snprintf(err, n, "%s: unknown preset '%s' (known: %s)", k->name, preset, list);
    }
    return -1;
}

int blk_cfg_build(const blk_kind *k, void *cfg, const char *preset, const char *sets,
                  char *err, size_t n)
{
    if (preset && *preset) {
        if (blk_cfg_preset(k, cfg, preset, err, n)) return -1;
    } else {
        blk_cfg_default(k, cfg);
    }
    if (apply_sets(k, cfg, sets, err, n)) return -1;
    return blk_cfg_validate(k, cfg, err, n);
}

int blk_mode_parse(const char *s)
{
    if (!strcmp(s, "c")) return BLK_MODE_C;
    if (!strcmp(s, "rtl")) return BLK_MODE_RTL;
    if (!strcmp(s, "lockstep")) return BLK_MODE_LOCKSTEP;
    return -1;
}
