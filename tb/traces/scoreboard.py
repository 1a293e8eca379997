#!/usr/bin/env python3
"""scoreboard.py [GPUSIM]: the register scoreboard of trace-driven runs, checked on
one-warp traces written here: a chain of dependent instructions takes its latency per
link, independent ones one cycle each, the latency table and @lat set the link, the zero
register never waits, a load's result holds back only what reads (or rewrites) its
register. Exit 0 when every expectation holds (docs/traces.md "Dependencies")."""
import json, os, subprocess, sys, tempfile

if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
    print("usage: tb/traces/scoreboard.py [GPUSIM]\n  the trace scoreboard's timing on one-warp traces (docs/traces.md)")
    sys.exit(0)
G = sys.argv[1] if len(sys.argv) > 1 else "build/bin/gpusim"
HDR = """-kernel name = sb
-grid dim = (1,1,1)
-block dim = (32,1,1)
-shmem = 0
-nregs = 32
-binary version = 70
-accelsim tracer version = 3

#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses]

#BEGIN_TB

thread block = 0,0,0

warp = 0
"""
tmp = tempfile.mkdtemp(prefix="sb-")


def cycles(name, lines, *opts):
    d = os.path.join(tmp, name)
    os.makedirs(d)
    with open(os.path.join(d, "kernelslist.g"), "w") as f:
        f.write("kernel-1.traceg\n")
    with open(os.path.join(d, "kernel-1.traceg"), "w") as f:
        f.write(HDR + "insts = %d\n" % len(lines) + "\n".join(lines) + "\n\n#END_TB\n")
    j = os.path.join(d, "out.json")
    subprocess.run([G, "--trace-dir", d, "--quiet", "--json", j] + list(opts), check=True, stderr=subprocess.DEVNULL)
    return json.load(open(j))["counters"]["cycles"]


def ffma(i, dst, srcs, extra=""):
    return "%04x ffffffff 1 R%d FFMA %d %s 0%s" % (i * 16, dst, len(srcs), " ".join("R%d" % s for s in srcs), extra)


N = 200
fails = 0


def expect(what, ok, detail):
    global fails
    print("%s: %s (%s)" % ("ok" if ok else "FAILED", what, detail))
    fails += not ok


chain = [ffma(i, 1 + (i + 1) % 2, [1 + i % 2]) for i in range(N)]      # each reads the previous result
indep = [ffma(i, 21 + i % 100, [20]) for i in range(N)]                # R20 is never written; a register is
                                                                       # rewritten 100 instructions later
c_chain, c_indep = cycles("chain", chain), cycles("indep", indep)
expect("a dependent chain of %d FFMA takes lat_sp=4 per link" % N, c_chain - c_indep == (N - 1) * 3,
       "chain %d, independent %d cycles, difference %d, expected %d" % (c_chain, c_indep, c_chain - c_indep, (N - 1) * 3))
c10 = cycles("chain10", chain, "--set", "trace.lat_sp=10")
expect("--set trace.lat_sp=10 makes each link 10 cycles", c10 - c_indep == (N - 1) * 9,
       "chain %d cycles, difference %d, expected %d" % (c10, c10 - c_indep, (N - 1) * 9))
at7 = [ffma(i, 1 + (i + 1) % 2, [1 + i % 2], " @lat=7") for i in range(N)]
c7 = cycles("lat7", at7)
expect("@lat=7 sets the link to 7 cycles", c7 - c_indep == (N - 1) * 6, "chain %d cycles, difference %d, expected %d" % (c7, c7 - c_indep, (N - 1) * 6))
rz = [ffma(i, 255, [255]) for i in range(N)]
c_rz = cycles("rz", rz)
c_one = cycles("one", indep[:1])
expect("independent instructions issue one a cycle", c_indep - c_one == N - 1,
       "%d instructions %d cycles, one instruction %d cycles" % (N, c_indep, c_one))
expect("R255 (RZ) never waits", c_rz == c_indep, "%d against %d cycles" % (c_rz, c_indep))
waw = [ffma(i, 1, []) for i in range(N)]                                # each rewrites R1, nothing read
c_waw = cycles("waw_alu", waw)
expect("rewriting a short-latency result waits for it (WAW)", c_waw == c_chain, "%d against the chain's %d cycles" % (c_waw, c_chain))

ld = "0000 ffffffff 1 R1 LDG.E 0 4 1 0x10000000 4"
free = [ld] + ["%04x ffffffff 1 R%d IADD3 1 R20 0" % (16 + 16 * i, 2 + i % 8) for i in range(50)] + ["0400 ffffffff 1 R9 FFMA 1 R1 0"]
use = [ld] + ["%04x ffffffff 1 R%d IADD3 1 R1 0" % (16 + 16 * i, 2 + i % 8) for i in range(50)] + ["0400 ffffffff 1 R9 FFMA 1 R1 0"]
c_free, c_use = cycles("ld_free", free), cycles("ld_use", use)
lat_only = cycles("ld_alone", [ld, "0400 ffffffff 1 R9 FFMA 1 R1 0"])
expect("instructions that do not read a load's register run under its latency", c_free < c_use and c_free <= lat_only + 10,
       "independent %d, dependent %d, load and its use alone %d cycles" % (c_free, c_use, lat_only))
after = ["%04x ffffffff 1 R255 IADD3 1 R20 0" % (32 + 16 * i) for i in range(100)]
waw_ld = cycles("ld_waw", [ld, "0010 ffffffff 1 R1 IADD3 0 0"] + after)
no_waw = cycles("ld_nowaw", [ld, "0010 ffffffff 1 R2 IADD3 0 0"] + after)
expect("rewriting a load's register waits for the load (WAW)", waw_ld > no_waw + 50, "%d against %d cycles" % (waw_ld, no_waw))
print("scoreboard: %d expectations failed" % fails if fails else "scoreboard: all expectations hold")
sys.exit(1 if fails else 0)
