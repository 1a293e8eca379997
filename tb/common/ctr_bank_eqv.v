`default_nettype none
// ctr_bank_eqv: formal harness, ctr_bank (storage split into power-of-two parts) against
// ctr_bank_ref (one array, the form before the split) on the same inputs: from reset,
// with every index < Num, count_o and rd_o are equal in every cycle. count_o is the
// whole state of both, so equality is its own induction invariant.
// tb/common/check_common.sh proves it (bounded and induction) for a few Num.
module ctr_bank_eqv #(
    parameter integer Num = 12,
    parameter integer Width = 4,
    parameter integer Modulus = 9,
    parameter integer IdxW = (Num > 1) ? $clog2(Num) : 1
) (
    input wire            clk_i,
    input wire            rst_i,
    input wire            inc_i,
    input wire [IdxW-1:0] inc_idx_i,
    input wire            dec_i,
    input wire [IdxW-1:0] dec_idx_i,
    input wire [IdxW-1:0] rd_idx_i
);
  wire [Width-1:0] rd_dut, rd_ref;
  wire [Num*Width-1:0] count_dut, count_ref;
  ctr_bank #(.Num(Num), .Width(Width), .Modulus(Modulus), .IdxW(IdxW)) u_dut (
      .clk_i(clk_i), .rst_i(rst_i), .inc_i(inc_i), .inc_idx_i(inc_idx_i), .dec_i(dec_i),
      .dec_idx_i(dec_idx_i), .rd_idx_i(rd_idx_i), .rd_o(rd_dut), .count_o(count_dut)
  );
  ctr_bank_ref #(.Num(Num), .Width(Width), .Modulus(Modulus), .IdxW(IdxW)) u_ref (
      .clk_i(clk_i), .rst_i(rst_i), .inc_i(inc_i), .inc_idx_i(inc_idx_i), .dec_i(dec_i),
      .dec_idx_i(dec_idx_i), .rd_idx_i(rd_idx_i), .rd_o(rd_ref), .count_o(count_ref)
  );
`ifdef FORMAL
  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* begin
    if (!f_past_valid) assume (rst_i);  // the run starts in reset
    assume (inc_idx_i < Num && dec_idx_i < Num && rd_idx_i < Num);
    if (f_past_valid) assert (count_dut == count_ref && rd_dut == rd_ref);
  end
`endif
endmodule
`default_nettype wire
