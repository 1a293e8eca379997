`default_nettype none
// rank_forms: the exhaustive proof that clams_rank's two forms compute the seed's rank.
// For every pair (S, L) of AW-bit accumulator values (AW = 13: 67 M pairs) the
// comparator form (Form 0, no divider) and the divider form (Form 1) must both equal
// the rank by its definition, computed here by a loop: the smallest k in 1..8 with
// 8S <= kL (S/L <= k/8), 8 when there is none or L = 0. The same loop counts the
// differences of clams_rank_calc_planted (rank_forms.sh writes it: the comparator form
// with one comparison off by one), which must be caught. Prints one line per form and
// "MISMATCH" lines for the first few differences.
// Run: tb/blocks/clams_rank/rank_forms.sh (Verilator --binary).
module rank_forms #(
    parameter integer AW = 13
);
  reg [AW-1:0] s, l;
  wire [2:0] r_cmp, r_div, r_bad;
  clams_rank_calc #(.AW(AW), .Form(0)) u_cmp (.s_i(s), .l_i(l), .rank_o(r_cmp));
  clams_rank_calc #(.AW(AW), .Form(1)) u_div (.s_i(s), .l_i(l), .rank_o(r_div));
  clams_rank_calc_planted #(.AW(AW), .Form(0)) u_bad (.s_i(s), .l_i(l), .rank_o(r_bad));

  integer si, li, k, want, bad, caught, pairs;
  initial begin
    bad = 0;
    caught = 0;
    pairs = 0;
    for (li = 0; li < (1 << AW); li = li + 1) begin
      for (si = 0; si < (1 << AW); si = si + 1) begin
        s = si[AW-1:0];
        l = li[AW-1:0];
        #1;
        want = 8;
        if (li != 0)
          for (k = 8; k >= 1; k = k - 1) if (8 * si <= k * li) want = k;
        pairs = pairs + 1;
        if ({29'd0, r_cmp} + 1 != want || {29'd0, r_div} + 1 != want) begin
          if (bad < 5) $display("MISMATCH S=%0d L=%0d: definition rank %0d, compare form %0d, divide form %0d", si, li, want, r_cmp + 1, r_div + 1);
          bad = bad + 1;
        end
        if ({29'd0, r_bad} + 1 != want) begin
          if (caught == 0) $display("planted: first caught at S=%0d L=%0d: definition rank %0d, planted copy %0d", si, li, want, r_bad + 1);
          caught = caught + 1;
        end
      end
    end
    $display("rank_forms: AW=%0d: %0d pairs, %0d mismatches", AW, pairs, bad);
    $display("planted: AW=%0d: %0d pairs, %0d mismatches", AW, pairs, caught);
    $finish;
  end
endmodule
`default_nettype wire
