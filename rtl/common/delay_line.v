`default_nettype none
// delay_line: a valid bit and a payload, delayed by Stages (>= 1) registers.
// Valid bits are reset; payload registers are not (they are qualified by valid).
module delay_line #(
    parameter integer Stages = 3,
    parameter integer Width = 6
) (
    input  wire             clk_i,
    input  wire             rst_i,
    input  wire             valid_i,
    input  wire [Width-1:0] data_i,
    output wire             valid_o,
    output wire [Width-1:0] data_o
);
  reg [Stages-1:0] valid_q;
  reg [Stages*Width-1:0] data_q;
  generate
    if (Stages == 1) begin : g_one
      always @(posedge clk_i) begin
        if (rst_i) valid_q <= 1'b0;
        else valid_q <= valid_i;
        data_q <= data_i;
      end
    end else begin : g_many
      always @(posedge clk_i) begin
        if (rst_i) valid_q <= {Stages{1'b0}};
        else valid_q <= {valid_q[Stages-2:0], valid_i};
        data_q <= {data_q[(Stages-1)*Width-1:0], data_i};
      end
    end
  endgenerate
  assign valid_o = valid_q[Stages-1];
  assign data_o  = data_q[(Stages-1)*Width+:Width];
endmodule
`default_nettype wire
