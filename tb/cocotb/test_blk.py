"""test_blk.py: cocotb tests of any block against its C model (tb/cocotb/blkmodel.py).

The toplevel is the portgen wrapper <block>_top of one configuration. A scoreboard
compares every output port with the C model's at every cycle; the first difference
prints the lockstep engine's report (title COCOTB MISMATCH) and fails the test.

Tests (run by tb/cocotb/run.sh, which sets the BLK_* variables):
  test_vectors      directed: each vector file of BLK_VECS (made for this configuration),
                    its expected values checked too
  test_random_stim  random: the lockstep engine's seeded generator (BLK_SEED, BLK_CYCLES,
                    BLK_KNOBS), closed loop; BLK_PRINT writes the `tb/bin/run --print` dump
  test_random_py    random: Python's own generator, every input uniformly over its width,
                    rare resets (BLK_SEED, BLK_PYCYCLES cycles), open loop
Each appends one line to BLK_SUMMARY: test, cycles checked, mismatches, cycles/s.
"""
import os
import random
import sys
import time

import cocotb
from cocotb.triggers import ReadOnly, Timer

from blkmodel import Model

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import num  # noqa: E402  (tb/lib/num.py: the project's number rules, as in cmodel/include/num.h)

U64 = (1 << 64) - 1


def env_int(name, default):
    """BLK_* numbers as the C tools read them (run.sh checked their form already)"""
    return num.integer(ENV.get(name, default), 0, U64, name)

ENV = os.environ
BLOCK = ENV["BLK_BLOCK"]  # set by tb/cocotb/run.sh
PRESET = ENV.get("BLK_PRESET", "")
CONFIG = ENV.get("BLK_CONFIG", "")
SIM = ENV.get("BLK_SIM", "sim")
REPRO = ENV.get("BLK_REPRO", "(no command given)")


def summary(line):
    path = ENV.get("BLK_SUMMARY")
    if path:
        with open(path, "a") as f:
            f.write(line + "\n")


class Bench:
    """Drives the DUT's inputs, reads its outputs, and keeps the clock (period 10 steps,
    inputs and the C model's eval at the falling edge, compare in the read-only phase)."""

    def __init__(self, dut, model):
        self.dut, self.m = dut, model
        self.hin = [getattr(dut, q.name) for q in model.inputs]
        self.hout = [getattr(dut, q.name) for q in model.outputs]
        self.instance = f"{dut._name} (cocotb {cocotb.__version__}, {SIM})"

    def drive(self, vals):
        for h, v in zip(self.hin, vals):
            h.value = v

    def read(self):
        vals, bad = [], None
        for q, h in zip(self.m.outputs, self.hout):
            bv = h.value
            if bv.is_resolvable:
                vals.append(bv.integer)
            else:  # x or z bits: a mismatch whatever the C model says
                vals.append(0)
                bad = bad or q.name
        return vals, bad

    async def bind_reset(self):
        """The lockstep engine's bind-time reset: one cycle of reset, both models."""
        self.dut.clk_i.value = 0
        self.drive(self.m.reset_inputs())
        await Timer(5, units="step")
        self.dut.clk_i.value = 1
        self.m.tick()
        await Timer(5, units="step")
        self.dut.clk_i.value = 0

    async def run(self, next_inputs, after=None, name="run"):
        """Cycles until next_inputs(cycle) returns None; returns the cycles checked."""
        cycle = 0
        while True:
            ins = next_inputs(cycle)
            if ins is None:
                return cycle
            self.drive(ins)
            self.m.eval()
            await ReadOnly()
            rtl, bad = self.read()
            if self.m.compare(rtl) or bad:
                self.m.report("COCOTB MISMATCH", self.instance, cycle, REPRO)
                summary(f"{name} {self.m.tag}: {cycle} cycles checked, MISMATCH at cycle {cycle}")
                raise AssertionError(f"{BLOCK} {name}: RTL differs from the C model at cycle {cycle}"
                                     + (f" ({bad} has x/z bits)" if bad else ""))
            if after:
                after(cycle)
            await Timer(5, units="step")
            self.dut.clk_i.value = 1
            self.m.tick()
            await Timer(5, units="step")
            self.dut.clk_i.value = 0
            cycle += 1


@cocotb.test()
async def test_vectors(dut):
    """Directed: the hand-worked vector files of this configuration."""
    vecs = [v for v in ENV.get("BLK_VECS", "").split(":") if v]
    if not vecs:
        summary("test_vectors: no vector file for this configuration")
        return
    total = fails = checked = 0
    for v in vecs:
        m = Model(BLOCK, vec=v)
        tb = Bench(dut, m)
        await tb.bind_reset()
        f = []
        n = await tb.run(lambda c: m.vec_next(), after=lambda c: f.append(m.vec_check(c)),
                         name=f"test_vectors {os.path.basename(v)}")
        total += n
        fails += sum(f)
        checked += m.vec_checked()
        assert sum(f) == 0, f"{v}: {sum(f)} expected values differ (see the log)"
        m.close()
    summary(f"test_vectors {len(vecs)} files: {total} cycles checked, 0 mismatches, "
            f"{checked} expected values checked, {fails} failed")


@cocotb.test()
async def test_random_stim(dut):
    """Random: the lockstep engine's seeded generator, same seed = same traffic."""
    seed, cycles = env_int("BLK_SEED", "1"), env_int("BLK_CYCLES", "2000")
    m = Model(BLOCK, PRESET, CONFIG)
    m.stim(seed, ENV.get("BLK_KNOBS", ""))
    if ENV.get("BLK_PRINT"):
        m.print_open(ENV["BLK_PRINT"])
    tb = Bench(dut, m)
    await tb.bind_reset()

    def after(c):
        m.print_cycle()
        m.stim_observe()

    t0 = time.monotonic()
    try:
        n = await tb.run(lambda c: m.stim_next() if c < cycles else None, after, "test_random_stim")
    finally:
        m.print_close()
    dt = time.monotonic() - t0
    summary(f"test_random_stim {m.tag} seed {seed}: {n} cycles checked, 0 mismatches, "
            f"{n / dt:.0f} cycles/s")
    m.close()


@cocotb.test()
async def test_random_py(dut):
    """Random: every input uniform over its width (Python's generator), rare resets."""
    seed, cycles = env_int("BLK_SEED", "1"), env_int("BLK_PYCYCLES", "1000")
    m = Model(BLOCK, PRESET, CONFIG)
    rng = random.Random(seed)
    tb = Bench(dut, m)
    await tb.bind_reset()

    def nxt(c):
        if c >= cycles:
            return None
        vals = [rng.getrandbits(q.width) for q in m.inputs]
        for i, q in enumerate(m.inputs):
            if q.name == "rst_i":
                vals[i] = 1 if rng.random() < 0.01 else 0
        m.set_inputs(vals)
        return vals

    t0 = time.monotonic()
    n = await tb.run(nxt, name="test_random_py")
    dt = time.monotonic() - t0
    summary(f"test_random_py {m.tag} seed {seed}: {n} cycles checked, 0 mismatches, "
            f"{n / dt:.0f} cycles/s")
    m.close()
