`default_nettype none
// tb_sat_ctr_bank: sat_ctr_bank (or, with Wrap=1, ctr_bank counting modulo Modulus)
// against a reference array of integers, seeded random increments and decrements
// that dwell on a few counters (so they reach 0 and Max), the same index both ways,
// indices >= Num, and resets now and then. Checked before every clock edge: every
// count on count_o and rd_o at a random index.
// +seed=N +cycles=N. Last line: "RESULT PASS ..." or "RESULT FAIL ...".
module tb_sat_ctr_bank #(
    parameter integer Num = 5,
    parameter integer Width = 3,
    parameter integer Max = 7,      // sat_ctr_bank's Max; with Wrap=1, ctr_bank's Modulus
    parameter integer Wrap = 0
);
  localparam integer IdxW = (Num > 1) ? $clog2(Num) : 1;
  localparam integer Span = 1 << IdxW;  // indices driven: 0 .. 2**IdxW - 1
  reg clk = 1'b0, rst = 1'b1;
  reg inc = 1'b0, dec = 1'b0;
  reg [IdxW-1:0] inc_idx = 0, dec_idx = 0, rd_idx = 0;
  wire [Width-1:0] rd;
  wire [Num*Width-1:0] counts;

  generate
    if (Wrap != 0) begin : g_wrap
      ctr_bank #(.Num(Num), .Width(Width), .Modulus(Max)) dut (
          .clk_i(clk), .rst_i(rst), .inc_i(inc), .inc_idx_i(inc_idx), .dec_i(dec),
          .dec_idx_i(dec_idx), .rd_idx_i(rd_idx), .rd_o(rd), .count_o(counts)
      );
    end else begin : g_sat
      sat_ctr_bank #(.Num(Num), .Width(Width), .Max(Max)) dut (
          .clk_i(clk), .rst_i(rst), .inc_i(inc), .inc_idx_i(inc_idx), .dec_i(dec),
          .dec_idx_i(dec_idx), .rd_idx_i(rd_idx), .rd_o(rd), .count_o(counts)
      );
    end
  endgenerate
  always #5 clk = ~clk;

  integer ref_c[0:Num-1];
  integer seed0;
  integer seed, cycles, cyc, errors, k, hot, p_inc, p_dec, want;
  integer n_top, n_zero, n_same, n_out, n_rd_out;
  // what Max means here, for the messages
  wire [8*16-1:0] what = (Wrap != 0) ? "ctr_bank Modulus" : "sat_ctr_bank Max";

  function integer pick(input integer dummy);  // mostly the hot counter, sometimes any index
    integer r;
    begin
      r = $random(seed) & 32'h7fffffff;
      if (r % 4 != 0) pick = hot;
      else pick = (r / 4) % Span;
    end
  endfunction

  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    seed0 = seed;
    if (!$value$plusargs("cycles=%d", cycles)) cycles = 20000;
    errors = 0; n_top = 0; n_zero = 0; n_same = 0; n_out = 0; n_rd_out = 0;
    for (k = 0; k < Num; k = k + 1) ref_c[k] = 0;
    hot = 0; p_inc = 50; p_dec = 50;
    repeat (2) @(posedge clk);
    for (cyc = 0; cyc < cycles; cyc = cyc + 1) begin
      @(negedge clk);
      if (cyc % 64 == 0) begin  // a new hot counter and a new direction
        hot = ($random(seed) & 32'h7fffffff) % Num;
        k = ($random(seed) & 32'h7fffffff) % 3;
        p_inc = (k == 0) ? 80 : (k == 1) ? 20 : 50;
        p_dec = 100 - p_inc;
      end
      rst = (($random(seed) & 32'h7fffffff) % 2000) == 0;
      inc = (($random(seed) & 32'h7fffffff) % 100) < p_inc;
      dec = (($random(seed) & 32'h7fffffff) % 100) < p_dec;
      inc_idx = pick(0);
      dec_idx = pick(0);
      rd_idx = ($random(seed) & 32'h7fffffff) % Span;
      #1;
      for (k = 0; k < Num; k = k + 1)
        if (counts[k*Width+:Width] !== ref_c[k][Width-1:0]) begin
          errors = errors + 1;
          if (errors <= 5) $display("tb_sat_ctr_bank: cycle %0d: count %0d is %0d, expected %0d", cyc, k, counts[k*Width+:Width], ref_c[k]);
        end
      want = (rd_idx < Num) ? ref_c[rd_idx] : 0;
      if (rd_idx >= Num) n_rd_out = n_rd_out + 1;
      if (rd !== want[Width-1:0]) begin
        errors = errors + 1;
        if (errors <= 5) $display("tb_sat_ctr_bank: cycle %0d: rd_o at %0d is %0d, expected %0d", cyc, rd_idx, rd, want);
      end
      @(posedge clk);
      if (rst) begin
        for (k = 0; k < Num; k = k + 1) ref_c[k] = 0;
      end else if (inc && dec && inc_idx == dec_idx) begin
        n_same = n_same + 1;
      end else begin
        if (inc && inc_idx < Num) begin
          if (Wrap != 0) begin
            if (ref_c[inc_idx] == Max - 1) n_top = n_top + 1;  // wraps to 0
            ref_c[inc_idx] = (ref_c[inc_idx] + 1) % Max;
          end else if (ref_c[inc_idx] == Max) n_top = n_top + 1;
          else ref_c[inc_idx] = ref_c[inc_idx] + 1;
        end
        if (dec && dec_idx < Num) begin
          if (Wrap != 0) begin
            if (ref_c[dec_idx] == 0) n_zero = n_zero + 1;  // wraps to Modulus - 1
            ref_c[dec_idx] = (ref_c[dec_idx] + Max - 1) % Max;
          end else if (ref_c[dec_idx] == 0) n_zero = n_zero + 1;
          else ref_c[dec_idx] = ref_c[dec_idx] - 1;
        end
        if ((inc && inc_idx >= Num) || (dec && dec_idx >= Num)) n_out = n_out + 1;
      end
    end
    if (errors != 0)
      $display("RESULT FAIL %0s=%0d Num=%0d Width=%0d: %0d mismatches (seed %0d)", what, Max, Num, Width,
               errors, seed0);
    else if (n_same == 0 || n_top == 0 || n_zero == 0 || (Span > Num && (n_out == 0 || n_rd_out == 0)))
      $display("RESULT FAIL %0s=%0d Num=%0d Width=%0d: stimulus missed a corner (inc at top %0d, dec at 0 %0d, same index %0d, index >= Num %0d)",
               what, Max, Num, Width, n_top, n_zero, n_same, n_out);
    else
      $display("RESULT PASS %0s=%0d Num=%0d Width=%0d: %0d cycles, inc at top %0d, dec at 0 %0d, same index %0d, index >= Num %0d",
               what, Max, Num, Width, cycles, n_top, n_zero, n_same, n_out);
    $finish;
  end
endmodule
`default_nettype wire
