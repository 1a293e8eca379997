`default_nettype none
// wrap_ctr: pointer that counts 0, 1, ..., Modulus-1, 0, ... (FIFO head/tail).
module wrap_ctr #(
    parameter integer Modulus = 8,
    parameter integer Width = (Modulus > 1) ? $clog2(Modulus) : 1
) (
    input  wire             clk_i,
    input  wire             rst_i,   // synchronous, to zero
    input  wire             inc_i,
    output wire [Width-1:0] ptr_o
);
  localparam integer LastI = Modulus - 1;
  localparam [Width-1:0] Last = LastI[Width-1:0];
  reg [Width-1:0] ptr_q, ptr_d;
  always @* begin
    ptr_d = ptr_q;
    if (inc_i) ptr_d = (ptr_q == Last) ? {Width{1'b0}} : ptr_q + 1'b1;
  end
  always @(posedge clk_i) begin
    if (rst_i) ptr_q <= {Width{1'b0}};
    else ptr_q <= ptr_d;
  end
  assign ptr_o = ptr_q;
endmodule
`default_nettype wire
