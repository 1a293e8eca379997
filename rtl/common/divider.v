`default_nettype none
// divider: multi-cycle unsigned integer division, restoring, one quotient bit a cycle.
//
// Handshake: start_i is taken when busy_o is low (also in the cycle done_o is high);
// the operands are sampled then. busy_o is high for the Width cycles that follow, one
// quotient bit each; in the cycle after the last, done_o is high for one cycle and
// quotient_o/remainder_o hold the result, which stays until the next start is taken.
// start_i while busy_o is ignored. Latency: start in cycle t, done_o in cycle
// t + Width + 1; a new division every Width + 1 cycles.
//   Width=4, 13 / 4: busy 4 cycles, then done_o with quotient 3, remainder 1.
// Division by zero is defined, and is what the restoring steps give without a special
// case (every trial subtraction of 0 succeeds): quotient = all ones (2**Width - 1),
// remainder = dividend. E.g. Width=4, 9 / 0 -> quotient 15, remainder 9.
// Step (rem < divisor holds before each step, so rem fits in Width bits):
//   r = {rem, next dividend bit}; if r >= divisor: rem = r - divisor, bit 1;
//   else rem = r, bit 0. The dividend shifts out of quo_q at the top as the quotient
//   bits shift in at the bottom.
// Before the first division (after reset) quotient_o and remainder_o are 0.
// Legal: Width >= 1.
module divider #(
    parameter integer Width = 32,
    parameter integer CntW = $clog2(Width + 1)
) (
    input  wire             clk_i,
    input  wire             rst_i,        // synchronous: idle, results 0
    // request
    input  wire             start_i,
    input  wire [Width-1:0] dividend_i,
    input  wire [Width-1:0] divisor_i,
    output wire             busy_o,
    // result
    output wire             done_o,
    output wire [Width-1:0] quotient_o,
    output wire [Width-1:0] remainder_o
);
  generate
    if (Width < 1 || CntW < 1 || (CntW < 31 && (1 << CntW) <= Width)) begin : g_illegal
`ifndef __ICARUS__
      $error("divider: illegal parameters (Width >= 1; leave CntW at its default)");
`endif
      divider_illegal_parameters u_stop ();  // Icarus (no elaboration-time $error) stops here
    end
  endgenerate

  localparam [CntW-1:0] Steps = Width[CntW-1:0];

  reg [Width-1:0] rem_q, rem_d, quo_q, quo_d, div_q, div_d;
  reg [CntW-1:0] cnt_q, cnt_d;  // steps left
  reg done_q, done_d;

  assign busy_o = cnt_q != {CntW{1'b0}};
  wire take = start_i & ~busy_o;

  // one restoring step
  wire [Width:0] trial = {rem_q, quo_q[Width-1]};
  wire fits = trial >= {1'b0, div_q};
  wire [Width-1:0] diff = trial[Width-1:0] - div_q;  // used when fits: < div_q, so Width bits
  wire [Width-1:0] quo_shift;  // quo_q one place up, the new quotient bit at the bottom
  generate
    if (Width == 1) begin : g_one
      assign quo_shift = fits;
    end else begin : g_many
      assign quo_shift = {quo_q[Width-2:0], fits};
    end
  endgenerate

  always @* begin
    rem_d  = rem_q;
    quo_d  = quo_q;
    div_d  = div_q;
    cnt_d  = cnt_q;
    done_d = 1'b0;
    if (take) begin
      rem_d = {Width{1'b0}};
      quo_d = dividend_i;
      div_d = divisor_i;
      cnt_d = Steps;
    end else if (busy_o) begin
      rem_d  = fits ? diff : trial[Width-1:0];
      quo_d  = quo_shift;
      cnt_d  = cnt_q - 1'b1;
      done_d = cnt_d == {CntW{1'b0}};  // that was the last step
    end
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      rem_q  <= {Width{1'b0}};
      quo_q  <= {Width{1'b0}};
      div_q  <= {Width{1'b0}};
      cnt_q  <= {CntW{1'b0}};
      done_q <= 1'b0;
    end else begin
      rem_q  <= rem_d;
      quo_q  <= quo_d;
      div_q  <= div_d;
      cnt_q  <= cnt_d;
      done_q <= done_d;
    end
  end

  assign done_o = done_q;
  assign quotient_o = quo_q;
  assign remainder_o = rem_q;

`ifdef FORMAL
  // With s = Width - cnt steps done since the start (dividend D, divisor V):
  //   quo_q = {D[cnt-1:0], the s quotient bits so far Q},
  //   D >> cnt = Q * V + rem, and rem < V unless V = 0.
  // At s = Width this is the result: D = quotient * V + remainder, remainder < V; for
  // V = 0 the quotient is all ones and the remainder is D. The invariant is inductive.
  localparam integer FW = 2 * Width + 2;
  reg f_past_valid = 1'b0;
  reg f_active = 1'b0;  // a division has been started since reset
  reg [Width-1:0] f_dividend, f_divisor;
  always @* if (!f_past_valid) assume (rst_i);  // the run starts in reset
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (rst_i) f_active <= 1'b0;
    else if (take) begin
      f_active <= 1'b1;
      f_dividend <= dividend_i;
      f_divisor <= divisor_i;
    end
  end
  wire [FW-1:0] f_cnt = {{(FW - CntW) {1'b0}}, cnt_q};
  wire [FW-1:0] f_done_steps = Width - f_cnt;
  wire [FW-1:0] f_d = {{(FW - Width) {1'b0}}, f_dividend};
  wire [FW-1:0] f_v = {{(FW - Width) {1'b0}}, f_divisor};
  wire [FW-1:0] f_quo = {{(FW - Width) {1'b0}}, quo_q};
  wire [FW-1:0] f_rem = {{(FW - Width) {1'b0}}, rem_q};
  wire [FW-1:0] f_one = {{(FW - 1) {1'b0}}, 1'b1};
  wire [FW-1:0] f_q_sofar = f_quo & ((f_one << f_done_steps) - f_one);
  wire [FW-1:0] f_d_left = f_d & ((f_one << f_cnt) - f_one);
  always @* begin
    if (f_past_valid) begin
      assert (cnt_q <= Steps);
      if (done_q) assert (cnt_q == 0);
      if (!f_active) assert (cnt_q == 0 && !done_q);
      if (f_active) begin
        assert (div_q == f_divisor);
        assert ((f_quo >> f_done_steps) == f_d_left);
        assert ((f_d >> f_cnt) == f_q_sofar * f_v + f_rem);
        if (f_divisor != 0) assert (rem_q < div_q);
        else assert (f_q_sofar == (f_one << f_done_steps) - f_one);
      end
      if (f_active && done_q) begin
        assert (f_d == f_quo * f_v + f_rem);
        if (f_divisor == 0) assert (quotient_o == {Width{1'b1}} && remainder_o == f_dividend);
      end
    end
  end
`endif
endmodule
`default_nettype wire
