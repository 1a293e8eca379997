"""tb/synth_smoke.py: what every block's synthesis smoke checker (tb/blocks/<b>/synth_smoke.py,
SYNTH_SMOKE_CHECK of its manifest) does after its own storage formula: the generic-cell
run must have a positive logic depth, then one summary line, and one MISMATCH line naming
every difference. Returns the exit status (0 agree, 1 a difference)."""


def finish(r, want, bad):
    st, g = r["storage"], r["generic"]
    if not (g["full"]["logic_depth"] or 0) > 0:
        bad.append("no logic depth")
    print(f"synth smoke {r['block']}/{r['config']}: storage", {k: st[k] for k in want},
          "generic", g["full"]["cells"], "cells, depth", g["full"]["logic_depth"])
    if bad:
        print("synth smoke: MISMATCH " + "; ".join(bad))
        return 1
    return 0
