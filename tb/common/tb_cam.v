`default_nettype none
// tb_cam: cam against reference arrays (key and valid per entry, linear search),
// seeded random writes (valid and invalidating, indices >= Entries too) with keys from
// a small pool so that several entries often hold the same key, one random lookup a
// cycle, resets now and then. Checked before every clock edge: hit_vec_o, hit_o,
// hit_idx_o (the lowest match, 0 when none) and valid_o.
// +seed=N +cycles=N. Last line: "RESULT PASS ..." or "RESULT FAIL ...".
module tb_cam #(
    parameter integer Entries = 8,
    parameter integer KeyW = 8
);
  localparam integer IdxW = (Entries > 1) ? $clog2(Entries) : 1;
  localparam integer Span = 1 << IdxW;
  localparam integer Pool = (KeyW >= 3) ? 5 : (1 << KeyW);  // keys in use: few, so they repeat
  reg clk = 1'b0, rst = 1'b1;
  reg wr = 1'b0, wr_valid = 1'b0;
  reg [IdxW-1:0] wr_idx = 0;
  reg [KeyW-1:0] wr_key = 0, lookup_key = 0;
  wire hit;
  wire [IdxW-1:0] hit_idx;
  wire [Entries-1:0] hit_vec, valid;

  cam #(.Entries(Entries), .KeyW(KeyW)) dut (
      .clk_i(clk), .rst_i(rst), .wr_i(wr), .wr_idx_i(wr_idx), .wr_key_i(wr_key),
      .wr_valid_i(wr_valid), .lookup_key_i(lookup_key), .hit_o(hit), .hit_idx_o(hit_idx),
      .hit_vec_o(hit_vec), .valid_o(valid)
  );
  always #5 clk = ~clk;

  reg [KeyW-1:0] ref_key[0:Entries-1];
  reg ref_valid[0:Entries-1];
  reg [Entries-1:0] want_vec, want_valid;
  integer seed0;
  integer seed, cycles, cyc, errors, k, want_idx, nhits, key_base;
  integer n_multi, n_none, n_single, n_inval, n_out;

  function [KeyW-1:0] key_from_pool(input integer dummy);
    begin
      key_from_pool = key_base + (($random(seed) & 32'h7fffffff) % Pool);
    end
  endfunction

  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    seed0 = seed;
    if (!$value$plusargs("cycles=%d", cycles)) cycles = 20000;
    errors = 0; n_multi = 0; n_none = 0; n_single = 0; n_inval = 0; n_out = 0;
    for (k = 0; k < Entries; k = k + 1) ref_valid[k] = 1'b0;
    key_base = 0;
    repeat (2) @(posedge clk);
    for (cyc = 0; cyc < cycles; cyc = cyc + 1) begin
      @(negedge clk);
      if (cyc % 500 == 0 && KeyW >= 3) key_base = $random(seed);  // another corner of the key space
      rst = (($random(seed) & 32'h7fffffff) % 3000) == 0;
      wr = (($random(seed) & 32'h7fffffff) % 100) < 60;
      wr_valid = (($random(seed) & 32'h7fffffff) % 100) < 75;
      wr_idx = ($random(seed) & 32'h7fffffff) % Span;
      wr_key = key_from_pool(0);
      lookup_key = key_from_pool(0);
      #1;
      want_idx = 0;
      nhits = 0;
      for (k = Entries - 1; k >= 0; k = k - 1) begin
        want_vec[k] = ref_valid[k] && ref_key[k] == lookup_key;
        want_valid[k] = ref_valid[k];
        if (want_vec[k]) begin
          want_idx = k;
          nhits = nhits + 1;
        end
      end
      if (nhits == 0) n_none = n_none + 1;
      if (nhits == 1) n_single = n_single + 1;
      if (nhits > 1) n_multi = n_multi + 1;
      if (hit_vec !== want_vec || hit !== (nhits > 0) || hit_idx !== want_idx[IdxW-1:0] ||
          valid !== want_valid) begin
        errors = errors + 1;
        if (errors <= 5)
          $display("tb_cam: cycle %0d: key %h: hit_vec %b hit %b idx %0d valid %b, expected %b %b %0d %b",
                   cyc, lookup_key, hit_vec, hit, hit_idx, valid, want_vec, nhits > 0, want_idx, want_valid);
      end
      @(posedge clk);
      if (rst) begin
        for (k = 0; k < Entries; k = k + 1) ref_valid[k] = 1'b0;
      end else if (wr) begin
        if (wr_idx < Entries) begin
          ref_key[wr_idx] = wr_key;
          ref_valid[wr_idx] = wr_valid;
          if (!wr_valid) n_inval = n_inval + 1;
        end else n_out = n_out + 1;
      end
    end
    if (errors != 0)
      $display("RESULT FAIL Entries=%0d KeyW=%0d: %0d mismatches (seed %0d)", Entries, KeyW, errors, seed0);
    else if (n_none == 0 || n_single == 0 || (Entries > 1 && n_multi == 0) || n_inval == 0 ||
             (Span > Entries && n_out == 0))
      $display("RESULT FAIL Entries=%0d KeyW=%0d: stimulus missed a corner (no hit %0d, one hit %0d, several hits %0d, invalidations %0d, index >= Entries %0d)",
               Entries, KeyW, n_none, n_single, n_multi, n_inval, n_out);
    else
      $display("RESULT PASS Entries=%0d KeyW=%0d: %0d cycles, lookups with no hit %0d, one hit %0d, several hits %0d, invalidations %0d",
               Entries, KeyW, cycles, n_none, n_single, n_multi, n_inval);
    $finish;
  end
endmodule
`default_nettype wire
