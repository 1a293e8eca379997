`default_nettype none
// updown_ctr: counter that can go up and down by one in the same cycle (net zero).
// Wraps at its width like the hardware it models; callers keep it in range.
module updown_ctr #(
    parameter integer Width = 4
) (
    input  wire             clk_i,
    input  wire             rst_i,   // synchronous, to zero
    input  wire             inc_i,
    input  wire             dec_i,
    output wire [Width-1:0] count_o
);
  reg [Width-1:0] count_q, count_d;
  always @* begin
    count_d = count_q;
    if (inc_i & ~dec_i) count_d = count_q + 1'b1;
    if (dec_i & ~inc_i) count_d = count_q - 1'b1;
  end
  always @(posedge clk_i) begin
    if (rst_i) count_q <= {Width{1'b0}};
    else count_q <= count_d;
  end
  assign count_o = count_q;
endmodule
`default_nettype wire
