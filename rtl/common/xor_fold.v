// xor_fold: the InW-bit input cut into OutW-bit chunks from bit 0 up (the last one padded
// with zeros), XORed together; a hashed PC. C model: cmodel/include/xor_fold.h.
module xor_fold #(
    parameter integer InW  = 32,
    parameter integer OutW = 7
) (
    input  wire [ InW-1:0] in_i,
    output wire [OutW-1:0] out_o
);
  localparam integer NC = (InW + OutW - 1) / OutW;
  wire [NC*OutW-1:0] padded;
  assign padded[InW-1:0] = in_i;
  generate
    if (NC * OutW > InW) begin : g_pad
      assign padded[NC*OutW-1:InW] = {(NC * OutW - InW) {1'b0}};
    end
  endgenerate
  reg [OutW-1:0] acc;
  integer c;
  always @* begin
    acc = {OutW{1'b0}};
    for (c = 0; c < NC; c = c + 1) acc = acc ^ padded[c*OutW+:OutW];
  end
  assign out_o = acc;
endmodule
