MemcpyHtoD,0x00007f1234000000,4096
kernel-1.traceg
MemcpyHtoD,0x00007f1234001000,128

kernel-2.traceg
