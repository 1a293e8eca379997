// rtl_shim.cpp: one Verilated block build behind rtl_ops (tb/verilator/rtl_model.h).
//
// Compiled once per block configuration with -DVTOP=V<block>_top, -DVTOP_H="V<block>_top.h",
// -DGLUE_H="<glue from portgen>", -DRTL_BLOCK/-DRTL_TAG/-DRTL_SCOPE strings and
// -DRTL_SYM=rtl_ops_<block> (the table's name; several blocks can share a program).
// Cycle: eval() settles outputs with clk low; tick() dumps the low phase, raises the
// clock (posedge), dumps the high phase. 10 time units per cycle, posedge at 10*c+5.
#include <cstdlib>
#include <cstring>
#include <vector>

#include "verilated.h"
#include "verilated_fst_c.h"
#include "verilated_save.h"

#include VTOP_H
#include "rtl_model.h"
#include GLUE_H

namespace {

// this build's model (rtl_model is opaque to C; each build has its own layout)
struct shim_model {
    VerilatedContext *ctx;
    VTOP *top;
    VerilatedFstC *tfp;
    uint64_t cycle;
    glue_in last_in;  // inputs of the last eval(), already settled in the model
    bool settled;     // the model holds last_in with the clock low
};

inline shim_model *M(rtl_model *m) { return reinterpret_cast<shim_model *>(m); }

// Verilator's serializer, writing to memory instead of a file.
class MemSave final : public VerilatedSerialize {
public:
    std::vector<uint8_t> data;
    void flush() override {
        data.insert(data.end(), m_bufp, m_cp);
        m_cp = m_bufp;
    }
    ~MemSave() override { flush(); }
};

class MemRestore final : public VerilatedDeserialize {
    const uint8_t *m_src;
    size_t m_len, m_pos = 0;
public:
    MemRestore(const void *src, size_t len) : m_src(static_cast<const uint8_t *>(src)), m_len(len) {
        m_endp = m_bufp;
        m_cp = m_bufp;
    }
    void fill() override {
        size_t keep = static_cast<size_t>(m_endp - m_cp);
        std::memmove(m_bufp, m_cp, keep);
        m_cp = m_bufp;
        m_endp = m_bufp + keep;
        size_t room = bufferSize() - keep, take = m_len - m_pos;
        if (take > room) take = room;
        std::memcpy(m_endp, m_src + m_pos, take);
        m_pos += take;
        m_endp += take;
    }
};

shim_model *create_model() {
    shim_model *m = new shim_model;
    m->ctx = new VerilatedContext;
    m->ctx->traceEverOn(true);
    m->top = new VTOP(m->ctx, "");
    m->tfp = nullptr;
    m->cycle = 0;
    m->settled = false;
    m->top->clk_i = 0;
    return m;
}

void close_trace(shim_model *m) {
    if (m->tfp) {
        m->tfp->close();
        delete m->tfp;
        m->tfp = nullptr;
    }
}

// Settle the clock-low phase with `in` (the usual cycle is eval(in) then tick(in): then it
// is settled already) and dump it.
void low_phase(shim_model *m, const void *in) {
    if (!m->settled || std::memcmp(&m->last_in, in, sizeof m->last_in)) {
        glue_set_inputs(m->top, static_cast<const glue_in *>(in));
        m->top->clk_i = 0;
        m->top->eval();
    }
    m->settled = false;
    if (m->tfp) m->tfp->dump(static_cast<uint64_t>(10 * m->cycle));
}

rtl_model *create() { return reinterpret_cast<rtl_model *>(create_model()); }

void trace_close(rtl_model *rm) { close_trace(M(rm)); }

void destroy(rtl_model *rm) {
    shim_model *m = M(rm);
    close_trace(m);
    m->top->final();
    delete m->top;
    delete m->ctx;
    delete m;
}

void eval(rtl_model *rm, const void *in, void *out) {
    shim_model *m = M(rm);
    glue_set_inputs(m->top, static_cast<const glue_in *>(in));
    m->top->clk_i = 0;
    m->top->eval();
    glue_get_outputs(m->top, static_cast<glue_out *>(out));
    std::memcpy(&m->last_in, in, sizeof m->last_in);
    m->settled = true;
}

void tick(rtl_model *rm, const void *in) {
    shim_model *m = M(rm);
    low_phase(m, in);
    m->top->clk_i = 1;
    m->top->eval();
    if (m->tfp) m->tfp->dump(static_cast<uint64_t>(10 * m->cycle + 5));
    m->top->clk_i = 0;
    m->cycle++;
}

void tick_post(rtl_model *rm, const void *in, const void *c_post_out) {
    shim_model *m = M(rm);
    low_phase(m, in);
    m->top->clk_i = 1;
    m->top->eval();
    // keep the cycle's mismatch flag; only the C values move to their post-edge values
    glue_annotate(m->top, static_cast<const glue_out *>(c_post_out), m->top->mismatch_i);
    m->top->eval();
    if (m->tfp) m->tfp->dump(static_cast<uint64_t>(10 * m->cycle + 5));
    m->top->clk_i = 0;
    m->cycle++;
}

int trace_open(rtl_model *rm, const char *path) {
    shim_model *m = M(rm);
    close_trace(m);
    m->tfp = new VerilatedFstC;
    m->top->trace(m->tfp, 99);
    m->tfp->open(path);
    if (!m->tfp->isOpen()) {
        delete m->tfp;
        m->tfp = nullptr;
        return -1;
    }
    return 0;
}

void annotate(rtl_model *rm, const void *c_out, int mismatch) {
    shim_model *m = M(rm);
    glue_annotate(m->top, static_cast<const glue_out *>(c_out), mismatch);
    m->settled = false;  // the cm_* inputs changed: settle again before dumping
}

int save(rtl_model *rm, void **buf, size_t *len) {
    shim_model *m = M(rm);
    MemSave s;
    s << *m->top;
    s.flush();
    *len = s.data.size() + sizeof(uint64_t);
    *buf = std::malloc(*len);
    if (!*buf) return -1;
    std::memcpy(*buf, &m->cycle, sizeof(uint64_t));
    std::memcpy(static_cast<uint8_t *>(*buf) + sizeof(uint64_t), s.data.data(), s.data.size());
    return 0;
}

int restore(rtl_model *rm, const void *buf, size_t len) {
    shim_model *m = M(rm);
    if (len < sizeof(uint64_t)) return -1;
    std::memcpy(&m->cycle, buf, sizeof(uint64_t));
    MemRestore r(static_cast<const uint8_t *>(buf) + sizeof(uint64_t), len - sizeof(uint64_t));
    r >> *m->top;
    m->settled = false;
    return 0;
}

void set_cycle(rtl_model *rm, unsigned long long cycle) { M(rm)->cycle = cycle; }

// the probes read the registers after the last edge: settle combinational paths first
// is not needed (pr_* are plain wires of registers), so read them as they are
void probe(rtl_model *rm, void *p) { glue_get_probes(M(rm)->top, p); }

}  // namespace

extern "C" const rtl_ops RTL_SYM;
extern "C" const rtl_ops RTL_SYM = {RTL_BLOCK, RTL_TAG,   RTL_SCOPE, create,    destroy,
                                    eval,      tick,      trace_open, trace_close, annotate,
                                    tick_post, save,      restore,   set_cycle, probe,
                                    GLUE_PROBES};
