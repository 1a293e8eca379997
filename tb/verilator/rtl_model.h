/*
 * rtl_model.h: a Verilated block behind a C interface (one table per block build).
 *
 * Built per configuration: tb/verilator/rtl_shim.cpp + the glue that portgen derives
 * from the port list + the Verilated wrapper <block>_top. The ports are passed as the
 * block's C in/out structs, so the C model and the RTL are driven identically.
 *
 * A program may link several Verilated blocks (one configuration per block kind): each
 * build defines `rtl_ops_<block>`, and the link adds a generated table of them
 * (rtl_table.c, see mk/rtl.mk); rtl_find() looks a kind up in it.
 */
#ifndef RTL_MODEL_H
#define RTL_MODEL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rtl_model rtl_model;

typedef struct rtl_ops {
    const char *block;   /* e.g. "mrpb" */
    const char *cfg_tag; /* configuration this build is for (blk_kind.cfg_tag) */
    const char *scope;   /* waveform scope of the wrapper, e.g. "mrpb_top" */
    rtl_model *(*create)(void);
    void (*destroy)(rtl_model *m);
    void (*eval)(rtl_model *m, const void *in, void *out);
    void (*tick)(rtl_model *m, const void *in);
    int (*trace_open)(rtl_model *m, const char *path); /* 0 ok */
    void (*trace_close)(rtl_model *m);
    /* C model's outputs and the mismatch flag, shown beside the RTL in the waveform */
    void (*annotate)(rtl_model *m, const void *c_out, int mismatch);
    /* tick, and show C probe values staged with stage_probes from the next cycle on
     * (c_post_out, the C model's outputs after its tick, is no longer needed: a cycle's
     * values are all shown from its start, rtl_shim.cpp) */
    void (*tick_post)(rtl_model *m, const void *in, const void *c_post_out);
    int (*save)(rtl_model *m, void **buf, size_t *len);           /* malloc'd; 0 ok */
    int (*restore)(rtl_model *m, const void *buf, size_t len);    /* 0 ok */
    void (*set_cycle)(rtl_model *m, unsigned long long cycle);    /* waveform time base */
    /* the state probes' RTL values into the block's C probe struct */
    void (*probe)(rtl_model *m, void *probe);
    int nprobes; /* probe elements this build reads (0: the block declares none) */

    /* ---- the fast lockstep path: compact forms of the in/out structs (each port at
     * Verilator's size, in list order) and the probes as packed 32-bit words (each
     * register's bits as the wrapper's pr_<name>), so that a comparison is one memcmp;
     * see tb/verilator/portgen.c. Pure functions, callable from any thread. */
    size_t in_c_size, out_c_size;                       /* bytes of the compact forms */
    unsigned probe_words;                               /* 32-bit words of the packed probes */
    void (*pack_in)(const void *in, void *in_c);
    int (*pack_out)(const void *out, void *out_c);      /* nonzero: a value wider than its port */
    void (*unpack_out)(const void *out_c, void *out);
    int (*pack_probes)(const void *probe, unsigned *w); /* nonzero: a value wider than its register */
    /* eval, and compare the RTL's outputs with the C model's, without copying them out:
     * nonzero if they differ (compact or struct form) */
    int (*eval_cmp_c)(rtl_model *m, const void *in_c, const void *c_out_c);
    int (*eval_cmp)(rtl_model *m, const void *in, const void *c_out);
    void (*get_outputs)(rtl_model *m, void *out);       /* the outputs of the last eval */
    void (*tick_fast)(rtl_model *m);    /* posedge with the inputs of the last eval; no trace */
    void (*probe_packed)(rtl_model *m, unsigned *w);
    /* waveforms: which signal differs this cycle (0 none, else the engine's index of it;
     * bit 31: an RTL output differs from a vector's expected value), and a vector run's
     * expected outputs (checked where `care` is nonzero) and line */
    void (*mark)(rtl_model *m, unsigned which);
    void (*expect)(rtl_model *m, const void *exp_out, const void *care, unsigned line);
    /* waveforms: the C model's probes (packed words) to show as cpr_<probe> from the
     * next clock edge on (tick_post applies them after the edge) */
    void (*stage_probes)(rtl_model *m, const unsigned *c_words);
    /* waveforms: end the file `cycles` cycles later with nothing changing (GTKWave opens
     * a page at [timestart] only if the file goes on for a page) */
    void (*trace_pad)(rtl_model *m, unsigned cycles);
} rtl_ops;

/* The Verilated blocks linked into this program: NULL-terminated (empty in a C-only
 * build), and the one of block kind `block`, or NULL. */
extern const rtl_ops *const rtl_linked_all[];
const rtl_ops *rtl_find(const char *block);

#ifdef __cplusplus
}
#endif
#endif
