`default_nettype none
// delay_line: a valid bit and a payload, delayed by Stages (>= 1) registers.
// Valid bits are reset; payload registers are not (they are qualified by valid).
// Legal: Stages >= 1, Width >= 1.
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
  generate
    if (Stages < 1 || Width < 1) begin : g_illegal
`ifndef __ICARUS__
      $error("delay_line: illegal parameters (Stages >= 1, Width >= 1)");
`endif
      delay_line_illegal_parameters u_stop ();  // Icarus (no elaboration-time $error) stops here
    end
  endgenerate

  reg  [      Stages-1:0] valid_q;
  reg  [Stages*Width-1:0] data_q;
  wire [      Stages-1:0] valid_d;
  wire [Stages*Width-1:0] data_d;
  generate
    if (Stages == 1) begin : g_one
      assign valid_d = valid_i;
      assign data_d  = data_i;
    end else begin : g_many  // shift in at stage 0, out at stage Stages-1
      assign valid_d = {valid_q[Stages-2:0], valid_i};
      assign data_d  = {data_q[(Stages-1)*Width-1:0], data_i};
    end
  endgenerate
  always @(posedge clk_i) begin
    if (rst_i) valid_q <= {Stages{1'b0}};
    else valid_q <= valid_d;
    data_q <= data_d;
  end
  assign valid_o = valid_q[Stages-1];
  assign data_o  = data_q[(Stages-1)*Width+:Width];

`ifdef FORMAL
  // The contract, against the inputs Stages cycles back ($past), not the shift chain:
  // valid_o is valid_i of Stages cycles ago when no reset came in the last Stages
  // cycles, and 0 when one did; data_o is data_i of Stages cycles ago (reset or not);
  // a reset clears every valid bit.
  localparam integer FCW = $clog2(Stages + 1);
  localparam [FCW-1:0] FStages = Stages[FCW-1:0];
  reg f_past_valid = 1'b0;
  reg [FCW-1:0] f_clean;  // cycles since the last reset cycle, saturating at Stages
  reg [FCW-1:0] f_age = {FCW{1'b0}};  // cycles since the start, saturating at Stages
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (rst_i) f_clean <= {FCW{1'b0}};
    else if (f_clean != FStages) f_clean <= f_clean + 1'b1;
    if (f_age != FStages) f_age <= f_age + 1'b1;
  end
  always @(posedge clk_i) begin
    if (f_past_valid) begin
      assert (f_clean <= FStages && f_age <= FStages);  // the counters saturate at Stages
      if (f_clean == FStages) assert (valid_o == $past(valid_i, Stages));
      else assert (!valid_o);
      if (f_age == FStages) assert (data_o == $past(data_i, Stages));
      if ($past(rst_i)) assert (valid_q == {Stages{1'b0}});
    end
  end
`endif
endmodule
`default_nettype wire
