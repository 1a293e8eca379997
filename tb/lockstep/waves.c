/* waves.c: GTKWave save files (.gtkw) with any block's signals grouped by meaning, all
 * from the block's port list: ports (each output beside the C model's value), state
 * probes (the registers lockstep compares) and waveform-only wires, in the groups and
 * order the port list names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lockstep.h"

#define GTKW_BIN "@28"
#define GTKW_HEX "@22"
#define GTKW_DEC "@24"

static void sig(FILE *f, const char *scope, const char *name, unsigned w, const char *alias,
                const char *fmt)
{
    fprintf(f, "%s\n", fmt ? fmt : w == 1 ? GTKW_BIN : GTKW_HEX);
    if (alias) fprintf(f, "+{%s} ", alias);
    if (w > 1) fprintf(f, "%s.%s[%u:0]\n", scope, name, w - 1);
    else fprintf(f, "%s.%s\n", scope, name);
}

static void group_begin(FILE *f, const char *name) { fprintf(f, "@800200\n-%s\n", name); }
static void group_end(FILE *f, const char *name) { fprintf(f, "@1000200\n-%s\n", name); }

/* Everything of group `g`: ports (RTL, then C), probes (RTL registers), wave wires. */
static void emit_group(FILE *f, const char *g, const char *scope, const char *dut,
                       const blk_port *p, int np, const blk_port *q, int nq,
                       const blk_port *w, int nw)
{
    int i;
    for (i = 0; i < np; i++) {
        if (strcmp(p[i].group, g)) continue;
        sig(f, scope, p[i].name, p[i].width, NULL, NULL);
        if (p[i].dir == BLK_OUT) {
            char n2[96], al[96];
            snprintf(n2, sizeof n2, "cm_%s", p[i].name);
            snprintf(al, sizeof al, "C: %s", p[i].name);
            sig(f, scope, n2, p[i].width, al, NULL);
        }
    }
    /* probes from the wrapper's pr_<name> outputs (the same bits lockstep compares),
     * an array element as the bits of its slice */
    for (i = 0; i < nq; i++) {
        char nm[96];
        unsigned b;
        if (strcmp(q[i].group, g)) continue;
        snprintf(nm, sizeof nm, "pr_%s", q[i].name);
        if (q[i].index < 0) {
            sig(f, scope, nm, q[i].width, q[i].name, q[i].width > 1 ? GTKW_DEC : NULL);
            continue;
        }
        b = (unsigned)q[i].index * q[i].width;
        fprintf(f, "%s\n#{%s[%d]}", q[i].width > 1 ? GTKW_DEC : GTKW_BIN, q[i].name, q[i].index);
        for (unsigned x = q[i].width; x-- > 0;) fprintf(f, " %s.%s[%u]", scope, nm, b + x);
        fprintf(f, "\n");
    }
    for (i = 0; i < nw; i++)
        if (!strcmp(w[i].group, g)) sig(f, dut, w[i].path, w[i].width, w[i].desc, NULL);
}

static int listed(const char *const *groups, const char *g)
{
    int i;
    for (i = 0; groups && groups[i]; i += 2)
        if (!strcmp(groups[i], g)) return 1;
    return 0;
}

int waves_write_gtkw(const char *gtkw_path, const char *fst_path, const blk_kind *k,
                     const void *cfg, const char *scope, uint64_t t_start, uint64_t marker)
{
    blk_port p[BLK_MAX_PORTS], w[BLK_MAX_PORTS], *q = malloc(sizeof(blk_port) * BLK_MAX_PROBES);
    char dut[160];
    int np = k->ports(cfg, p, BLK_MAX_PORTS), nq = 0, nw = 0, i, j;
    FILE *f = q ? fopen(gtkw_path, "w") : NULL;
    if (!f) {
        free(q);
        return -1;
    }
    if (k->probes) nq = k->probes(cfg, q, BLK_MAX_PROBES);
    if (k->waves) nw = k->waves(cfg, w, BLK_MAX_PORTS);
    snprintf(dut, sizeof dut, "%s.u_dut", scope);
    fprintf(f, "[*] written by the %s lockstep engine\n[dumpfile] \"%s\"\n[savefile] \"%s\"\n",
            k->name, fst_path, gtkw_path);
    fprintf(f, "[timestart] %llu\n[size] 1600 900\n[sst_width] 260\n[signals_width] 300\n",
            (unsigned long long)t_start);
    fprintf(f, "*-6.000000 %llu", (unsigned long long)marker);
    for (i = 0; i < 26; i++) fprintf(f, " -1");
    fprintf(f, "\n");
    sig(f, scope, "clk_i", 1, NULL, NULL);
    sig(f, scope, "mismatch_i", 1, "MISMATCH (C vs RTL)", NULL);
    for (i = 0; k->groups && k->groups[i]; i += 2) {
        group_begin(f, k->groups[i + 1]);
        emit_group(f, k->groups[i], scope, dut, p, np, q, nq, w, nw);
        group_end(f, k->groups[i + 1]);
    }
    /* a group the list does not title is shown under its own name, never dropped */
    for (j = 0; j < np + nq + nw; j++) {
        const char *g = j < np ? p[j].group : j < np + nq ? q[j - np].group : w[j - np - nq].group;
        int seen = 0, m;
        if (listed(k->groups, g)) continue;
        for (m = 0; m < j && !seen; m++) {
            const char *h = m < np ? p[m].group : m < np + nq ? q[m - np].group : w[m - np - nq].group;
            seen = !strcmp(g, h);
        }
        if (seen) continue;
        group_begin(f, g);
        emit_group(f, g, scope, dut, p, np, q, nq, w, nw);
        group_end(f, g);
    }
    free(q);
    return fclose(f);
}
