module tb; reg [6:0] a; wire [2:0] y; m u(.sel(2'd0),.a(a),.y(y)); integer i; reg [6:0] s[0:5];
initial begin s[0]=0;s[1]=33;s[2]=34;s[3]=0;s[4]=5;s[5]=6;
 for(i=0;i<6;i=i+1) begin a=s[i]; #1 $display("a=%0d y=%0d (expect %0d)", a, y, a==0?7:((a-1)&7)); end end endmodule
