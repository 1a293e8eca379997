`default_nettype none
// sap_ndiv: sap's stride divider in the pipelined form (sap.v, Pipe=1): the restoring
// division of rtl/common/divider.v, register for register (rem_q, quo_q, div_q, cnt_q,
// done_q; the same handshake and latency, Width + 1 cycles), for a divisor of at most
// DivW bits that is never 0. Then the remainder stays below the divisor, so it fits in
// DivW bits and each step compares and subtracts DivW + 1 bits instead of Width + 1:
// rem_q's upper Width - DivW bits stay 0 and every register holds what divider.v's would.
// (sap starts a division only on a warp difference |dw| != 0 of WW bits.)
// Legal: 1 <= DivW < Width.
module sap_ndiv #(
    parameter integer Width = 64,
    parameter integer DivW = 6,
    parameter integer CntW = $clog2(Width + 1)
) (
    input  wire             clk_i,
    input  wire             rst_i,
    input  wire             start_i,
    input  wire [Width-1:0] dividend_i,
    input  wire [ DivW-1:0] divisor_i,   // not 0
    output wire             busy_o,
    output wire             done_o,
    output wire [Width-1:0] quotient_o,
    output wire [Width-1:0] remainder_o
);
  generate
    if (DivW < 1 || DivW >= Width) begin : g_illegal
      sap_ndiv_illegal_parameters u_stop ();
    end
  endgenerate
  localparam [CntW-1:0] Steps = Width[CntW-1:0];

  reg [Width-1:0] rem_q, quo_q, div_q;
  reg [CntW-1:0] cnt_q;
  reg done_q;

  assign busy_o = cnt_q != {CntW{1'b0}};
  wire take = start_i & ~busy_o;
  wire [DivW:0] trial = {rem_q[DivW-1:0], quo_q[Width-1]};
  wire fits = trial >= {1'b0, div_q[DivW-1:0]};
  wire [DivW-1:0] rdiff = trial[DivW-1:0] - div_q[DivW-1:0];  // < divisor when fits

  always @(posedge clk_i) begin
    if (rst_i) begin
      rem_q  <= {Width{1'b0}};
      quo_q  <= {Width{1'b0}};
      div_q  <= {Width{1'b0}};
      cnt_q  <= {CntW{1'b0}};
      done_q <= 1'b0;
    end else if (take) begin
      rem_q  <= {Width{1'b0}};
      quo_q  <= dividend_i;
      div_q  <= {{(Width - DivW) {1'b0}}, divisor_i};
      cnt_q  <= Steps;
      done_q <= 1'b0;
    end else if (busy_o) begin
      rem_q  <= {{(Width - DivW) {1'b0}}, fits ? rdiff : trial[DivW-1:0]};
      quo_q  <= {quo_q[Width-2:0], fits};
      cnt_q  <= cnt_q - 1'b1;
      done_q <= cnt_q == {{(CntW - 1) {1'b0}}, 1'b1};
    end else begin
      done_q <= 1'b0;
    end
  end
  assign done_o = done_q;
  assign quotient_o = quo_q;
  assign remainder_o = rem_q;
  wire unused = &{1'b0, rem_q[Width-1:DivW], div_q[Width-1:DivW]};
`ifdef FORMAL
  // the divisor is loaded only from DivW bits, and (not 0) the remainder stays below it,
  // within DivW bits: divider.v's registers, its wide step unneeded
  reg f_reset_seen = 1'b0;  // the registers have been reset (before: any value)
  always @(posedge clk_i) if (rst_i) f_reset_seen <= 1'b1;
  always @* if (f_reset_seen) begin
    assert (div_q[Width-1:DivW] == {(Width - DivW) {1'b0}} && rem_q[Width-1:DivW] == {(Width - DivW) {1'b0}});
    if (div_q != {Width{1'b0}}) assert (rem_q < div_q);
  end
`endif
endmodule
`default_nettype wire
