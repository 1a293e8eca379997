`default_nettype none
// tb_age_order: age_order against a reference that stamps each entry with the time of
// its last insert or touch (oldest = smallest stamp among valid requesters), seeded
// random inserts, removes and touches (several in one cycle, on the same entry too,
// touches of invalid entries, indices >= N), a random request mask, resets now and
// then. Checked before every clock edge: oldest/youngest index and valid, valid_o.
// +seed=N +cycles=N. Last line: "RESULT PASS ..." or "RESULT FAIL ...".
module tb_age_order #(
    parameter integer N = 8
);
  localparam integer IdxW = (N > 1) ? $clog2(N) : 1;
  localparam integer Span = 1 << IdxW;
  reg clk = 1'b0, rst = 1'b1;
  reg ins = 1'b0, rem = 1'b0, tch = 1'b0;
  reg [IdxW-1:0] ins_idx = 0, rem_idx = 0, tch_idx = 0;
  reg [N-1:0] req = 0;
  wire [IdxW-1:0] old_idx, young_idx;
  wire old_v, young_v;
  wire [N-1:0] valid;

  age_order #(.N(N)) dut (
      .clk_i(clk), .rst_i(rst), .insert_i(ins), .insert_idx_i(ins_idx), .remove_i(rem),
      .remove_idx_i(rem_idx), .touch_i(tch), .touch_idx_i(tch_idx), .req_i(req),
      .oldest_idx_o(old_idx), .oldest_valid_o(old_v), .youngest_idx_o(young_idx),
      .youngest_valid_o(young_v), .valid_o(valid)
  );
  always #5 clk = ~clk;

  reg ref_valid[0:N-1];
  integer stamp[0:N-1];
  integer seed0;
  integer now, seed, cycles, cyc, errors, k, w_old, w_young, lo, hi, p_ins, p_rem;
  integer n_three, n_same, n_touch_inv, n_multi_req, n_full;
  reg [N-1:0] want_valid;

  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    seed0 = seed;
    if (!$value$plusargs("cycles=%d", cycles)) cycles = 20000;
    errors = 0; now = 0; n_three = 0; n_same = 0; n_touch_inv = 0; n_multi_req = 0; n_full = 0;
    for (k = 0; k < N; k = k + 1) begin
      ref_valid[k] = 1'b0;
      stamp[k] = 0;
    end
    p_ins = 50; p_rem = 50;
    repeat (2) @(posedge clk);
    for (cyc = 0; cyc < cycles; cyc = cyc + 1) begin
      @(negedge clk);
      if (cyc % 80 == 0) begin  // filling, draining or balanced
        k = ($random(seed) & 32'h7fffffff) % 3;
        p_ins = (k == 0) ? 70 : (k == 1) ? 20 : 45;
        p_rem = (k == 0) ? 20 : (k == 1) ? 70 : 45;
      end
      rst = (($random(seed) & 32'h7fffffff) % 3000) == 0;
      ins = (($random(seed) & 32'h7fffffff) % 100) < p_ins;
      rem = (($random(seed) & 32'h7fffffff) % 100) < p_rem;
      tch = (($random(seed) & 32'h7fffffff) % 100) < 40;
      ins_idx = ($random(seed) & 32'h7fffffff) % Span;
      rem_idx = ($random(seed) & 32'h7fffffff) % Span;
      tch_idx = (($random(seed) & 32'h7fffffff) % 4 == 0) ? ins_idx : ($random(seed) & 32'h7fffffff) % Span;
      req = (($random(seed) & 32'h7fffffff) % 4 == 0) ? {N{1'b1}} : $random(seed);
      #1;
      w_old = -1; w_young = -1; lo = 0; hi = 0; k = 0;
      for (k = 0; k < N; k = k + 1) begin
        want_valid[k] = ref_valid[k];
        if (ref_valid[k] && req[k]) begin
          if (w_old < 0 || stamp[k] < lo) begin w_old = k; lo = stamp[k]; end
          if (w_young < 0 || stamp[k] > hi) begin w_young = k; hi = stamp[k]; end
        end
      end
      if (w_old >= 0 && w_old != w_young) n_multi_req = n_multi_req + 1;
      if (&want_valid) n_full = n_full + 1;
      if (valid !== want_valid || old_v !== (w_old >= 0) || young_v !== (w_young >= 0) ||
          (w_old >= 0 && old_idx !== w_old[IdxW-1:0]) || (w_young >= 0 && young_idx !== w_young[IdxW-1:0]) ||
          (w_old < 0 && (old_idx !== 0 || young_idx !== 0))) begin
        errors = errors + 1;
        if (errors <= 5)
          $display("tb_age_order: cycle %0d: req %b valid %b: oldest %b/%0d youngest %b/%0d, expected valid %b oldest %0d youngest %0d",
                   cyc, req, valid, old_v, old_idx, young_v, young_idx, want_valid, w_old, w_young);
      end
      @(posedge clk);
      // remove, then touch (a valid entry only), then insert
      if (ins && rem && tch) n_three = n_three + 1;
      if (ins && (rem && rem_idx == ins_idx || tch && tch_idx == ins_idx)) n_same = n_same + 1;
      if (rst) begin
        for (k = 0; k < N; k = k + 1) ref_valid[k] = 1'b0;
      end else begin
        if (rem && rem_idx < N) ref_valid[rem_idx] = 1'b0;
        if (tch && tch_idx < N) begin
          if (ref_valid[tch_idx]) begin
            now = now + 1;
            stamp[tch_idx] = now;
          end else n_touch_inv = n_touch_inv + 1;
        end
        if (ins && ins_idx < N) begin
          ref_valid[ins_idx] = 1'b1;
          now = now + 1;
          stamp[ins_idx] = now;
        end
      end
    end
    if (errors != 0)
      $display("RESULT FAIL N=%0d: %0d mismatches (seed %0d)", N, errors, seed0);
    else if (n_three == 0 || n_same == 0 || n_touch_inv == 0 || n_full == 0 || (N > 1 && n_multi_req == 0))
      $display("RESULT FAIL N=%0d: stimulus missed a corner (3 ops %0d, same entry %0d, touch of invalid %0d, all valid %0d, several requesters %0d)",
               N, n_three, n_same, n_touch_inv, n_full, n_multi_req);
    else
      $display("RESULT PASS N=%0d: %0d cycles, 3 ops in a cycle %0d, ops on one entry %0d, touches of invalid %0d, all valid %0d, several requesters %0d",
               N, cycles, n_three, n_same, n_touch_inv, n_full, n_multi_req);
    $finish;
  end
endmodule
`default_nettype wire
