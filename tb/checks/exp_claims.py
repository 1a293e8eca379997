"""tb/checks/exp_claims.py: seed 000's claims quoted at their seed lines (a moved one is caught) and
verdicts that follow their thresholds (exp_claims_quoted)."""
import copy, os, sys
sys.path.insert(0, "experiments/lib")
import gexp, greport
claims, tol = greport.load_claims(["experiments/claims/seed000.json"])
missing = [c["id"] for c in claims if not greport.quote_found(c)]
print(f"{len(claims)} claims of seed 000; quotes not found at their line: {missing or 'none'}")
moved = copy.deepcopy(claims[0]); moved["line"] += 40
assert not greport.quote_found(moved), "a claim moved 40 lines was still found"
# verdicts follow the thresholds (tolerance 10%)
c = {"holds_if": ["~", 2.0], "direction_if": [">", 1.0]}
assert gexp.verdict(c, 2.15, 0.1) == "holds" and gexp.verdict(c, 1.5, 0.1) == "direction holds"
assert gexp.verdict(c, 0.9, 0.1) == "does not hold" and gexp.verdict(c, 2.3, 0.1) == "direction holds"
assert gexp.verdict({"holds_if": ["<=", 1.05]}, 1.2, 0.1) == "does not hold"
assert gexp.verdict({"holds_if": ["~", 0.3]}, -0.1, 0.1) == "does not hold"
sys.exit(1 if missing else 0)
