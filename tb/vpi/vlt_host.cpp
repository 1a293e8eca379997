// vlt_host.cpp: the small simulation kernel that runs a Verilator --vpi model with the
// VPI checker (tb/vpi/blkvpi.c) loaded, as an event-driven simulator would.
//
// Verilator 5.006's VPI has no scheduler of its own: this host calls the startup
// routines, makes the clock (period 10, first rising edge at 5, as vpi_tb does under
// Icarus), evaluates the model, and calls the callback phases itself: value change
// (repeated until the values settle, since vpi_put_value does not evaluate), read-write
// synch, read-only synch, and start/end of simulation. Compiled once per configuration
// with -DVTOP=V<block>_top -DVTOP_H="V<block>_top.h". Exit status: the checker's.
#include <cstdint>

#include "verilated.h"
#include "verilated_vpi.h"

#include VTOP_H

extern "C" {
extern void (*vlog_startup_routines[])(void);
int blkvpi_done(void);
int blkvpi_exit_status(void);
}


int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    Verilated::fatalOnVpiError(false);  // the checker reports missing names itself
    VerilatedContext *ctx = Verilated::threadContextp();
    VTOP *top = new VTOP("");  // no TOP. prefix on the VPI names
    for (void (**r)(void) = vlog_startup_routines; *r; ++r) (*r)();
    VerilatedVpi::callCbs(cbStartOfSimulation);
    uint64_t t = 0;
    top->clk_i = 0;
    while (!ctx->gotFinish() && !blkvpi_done()) {
        ctx->time(t);
        VerilatedVpi::callTimedCbs();
        top->eval();
        for (;;) {  // inputs written from callbacks take effect after another eval
            bool again = VerilatedVpi::callValueCbs();
            again |= VerilatedVpi::callCbs(cbReadWriteSynch);
            if (!again || ctx->gotFinish() || blkvpi_done()) break;
            top->eval();
        }
        VerilatedVpi::callCbs(cbReadOnlySynch);
        t += 5;
        top->clk_i = !top->clk_i;
        VerilatedVpi::callCbs(cbNextSimTime);
    }
    VerilatedVpi::callCbs(cbEndOfSimulation);
    top->final();
    delete top;
    return blkvpi_exit_status();
}
