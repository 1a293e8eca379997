`default_nettype none
// ctr_bank_ref: the reference for tb/common/ctr_bank_eqv.v: ctr_bank as it was before
// its storage was split into power-of-two parts (one array of Num counters, as in
// commit 5733fd7). Kept only as the specification the split form is proved equal to.
// ctr_bank: Num counters of Width bits kept as an array; each cycle one counter may
// count up (inc_i at inc_idx_i) and one may count down (dec_i at dec_idx_i), the same
// one both ways meaning no change. Counting wraps at Modulus (default 2**Width), so
// the bank serves as queue lengths (up/down) and as FIFO head/tail pointers (up only,
// Modulus = queue depth). One read port (rd_idx_i) and every count packed on count_o.
//   Modulus=8: 7 + 1 -> 0;  Modulus=5: 4 + 1 -> 0, 0 - 1 -> 4.
// Array form: only the indexed counters change each cycle, which keeps simulation cost
// independent of Num (48 separate counter instances were 8x slower under Verilator).
module ctr_bank_ref #(
    parameter integer Num = 48,
    parameter integer Width = 4,
    parameter integer Modulus = 1 << Width,
    parameter integer IdxW = (Num > 1) ? $clog2(Num) : 1
) (
    input  wire                 clk_i,
    input  wire                 rst_i,      // synchronous, every counter to zero
    input  wire                 inc_i,
    input  wire [     IdxW-1:0] inc_idx_i,
    input  wire                 dec_i,
    input  wire [     IdxW-1:0] dec_idx_i,
    input  wire [     IdxW-1:0] rd_idx_i,
    output wire [    Width-1:0] rd_o,
    output wire [Num*Width-1:0] count_o
);
  localparam integer LastI = Modulus - 1;
  localparam [Width-1:0] Last = LastI[Width-1:0];

  reg [Width-1:0] count_q[0:Num-1];

  function [Width-1:0] step_up(input [Width-1:0] c);
    step_up = (c == Last) ? {Width{1'b0}} : c + 1'b1;
  endfunction
  function [Width-1:0] step_down(input [Width-1:0] c);
    step_down = (c == {Width{1'b0}}) ? Last : c - 1'b1;
  endfunction

  wire same = inc_i & dec_i & (inc_idx_i == dec_idx_i);
  integer i;
  always @(posedge clk_i) begin
    if (rst_i) begin
      for (i = 0; i < Num; i = i + 1) count_q[i] <= {Width{1'b0}};
    end else begin
      if (inc_i & ~same) count_q[inc_idx_i] <= step_up(count_q[inc_idx_i]);
      if (dec_i & ~same) count_q[dec_idx_i] <= step_down(count_q[dec_idx_i]);
    end
  end

  assign rd_o = count_q[rd_idx_i];
  genvar g;
  generate
    for (g = 0; g < Num; g = g + 1) begin : g_out
      assign count_o[g*Width+:Width] = count_q[g];
    end
  endgenerate
endmodule
`default_nettype wire
