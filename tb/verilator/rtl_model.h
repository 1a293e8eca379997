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
    /* tick, showing c_post_out (the C model's outputs after its own tick, same inputs)
     * from the clock edge on, so both models' traces change at the same instants */
    void (*tick_post)(rtl_model *m, const void *in, const void *c_post_out);
    int (*save)(rtl_model *m, void **buf, size_t *len);           /* malloc'd; 0 ok */
    int (*restore)(rtl_model *m, const void *buf, size_t len);    /* 0 ok */
    void (*set_cycle)(rtl_model *m, unsigned long long cycle);    /* waveform time base */
    /* the state probes' RTL values into the block's C probe struct */
    void (*probe)(rtl_model *m, void *probe);
    int nprobes; /* probe elements this build reads (0: the block declares none) */
} rtl_ops;

/* The Verilated blocks linked into this program: NULL-terminated (empty in a C-only
 * build), and the one of block kind `block`, or NULL. */
extern const rtl_ops *const rtl_linked_all[];
const rtl_ops *rtl_find(const char *block);

#ifdef __cplusplus
}
#endif
#endif
