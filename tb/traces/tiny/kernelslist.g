MemcpyHtoD,0x0000000010000000,512
kernel-1.traceg
