"""Rodinia 3.1 Backprop (backprop_cuda_kernel.cu: bpnn_layerforward_CUDA,
bpnn_adjust_weights_cuda), from the CUDA source and docs/workloads/backprop.md."""
import gks

CHECK_SCALE = 0.01  # 41 blocks of 16 x 16
HID = 16
H = 16


def build(scale, seed):
    nblk = gks.scaled(4096, scale, 1)
    n_in = nblk * H
    ar = gks.Arrays()
    for name, elems in (("input_cuda", n_in + 1), ("output_hidden_cuda", HID + 1),
                        ("input_hidden_cuda", (n_in + 1) * (HID + 1)), ("hidden_partial_sum", nblk * H),
                        ("hidden_delta_cuda", HID + 1), ("input_prev_weights_cuda", (n_in + 1) * (HID + 1))):
        ar.add(name, elems, 4)

    def weight_index(by, tx, ty):
        return (HID + 1) * (H * by + ty + 1) + tx + 1

    def wm(r, c):
        return 64 + 4 * (H * r + c)

    def forward(w, bx, by, lanes):
        th = {l: lanes[l][:2] for l in range(32) if lanes[l]}
        every = sum(1 << l for l in th)
        col0 = {l: v for l, v in th.items() if v[0] == 0}
        m0 = sum(1 << l for l in col0)
        mine = {l: wm(ty, tx) for l, (tx, ty) in th.items()}
        wi = {l: weight_index(by, tx, ty) for l, (tx, ty) in th.items()}
        w.ld(0x108, m0, "input_cuda", {l: H * by + ty + 1 for l, (tx, ty) in col0.items()})
        w.sst(0x110, m0, {l: 4 * ty for l, (tx, ty) in col0.items()})
        w.bar(0x118, every)
        w.ld(0x120, every, "input_hidden_cuda", wi)
        w.sst(0x128, every, mine)
        w.bar(0x130, every)
        w.sld(0x138, every, mine)
        w.sld(0x140, every, {l: 4 * ty for l, (tx, ty) in th.items()})
        w.alu(0x148, every, 4)
        w.sst(0x150, every, mine)
        w.bar(0x158, every)
        for p in (2, 4, 8, 16):
            red = {l: v for l, v in th.items() if v[1] % p == 0}
            mr = sum(1 << l for l in red)
            w.sld(0x160, mr, mine)
            w.sld(0x168, mr, {l: wm(ty + p // 2, tx) for l, (tx, ty) in red.items()})
            w.alu(0x170, mr, 4)
            w.sst(0x178, mr, mine)
            w.bar(0x180, every)
        w.sld(0x188, every, mine)
        w.st(0x190, every, "input_hidden_cuda", wi)
        w.bar(0x198, every)
        w.sld(0x1a0, m0, {l: wm(tx, ty) for l, (tx, ty) in col0.items()})
        w.st(0x1a8, m0, "hidden_partial_sum", {l: by * HID + ty for l, (tx, ty) in col0.items()})

    def adjust(w, bx, by, lanes):
        th = {l: lanes[l][:2] for l in range(32) if lanes[l]}
        every = sum(1 << l for l in th)
        wi = {l: weight_index(by, tx, ty) for l, (tx, ty) in th.items()}
        ix = {l: tx + 1 for l, (tx, ty) in th.items()}
        iy = {l: H * by + ty + 1 for l, (tx, ty) in th.items()}
        w.ld(0x208, every, "input_hidden_cuda", wi)
        w.ld(0x210, every, "hidden_delta_cuda", ix)
        w.ld(0x218, every, "input_cuda", iy)
        w.ld(0x220, every, "input_prev_weights_cuda", wi)
        w.alu(0x228, every, 16)
        w.st(0x230, every, "input_hidden_cuda", wi)
        w.ld(0x238, every, "hidden_delta_cuda", ix)
        w.ld(0x240, every, "input_cuda", iy)
        w.ld(0x248, every, "input_prev_weights_cuda", wi)
        w.alu(0x250, every, 12)
        w.st(0x258, every, "input_prev_weights_cuda", wi)
        w.bar(0x260, every)
        top = sum(1 << l for l, (tx, ty) in th.items() if ty == 0 and by == 0)
        w.ld(0x268, top, "input_hidden_cuda", ix)
        w.ld(0x270, top, "hidden_delta_cuda", ix)
        w.ld(0x278, top, "input_prev_weights_cuda", ix)
        w.alu(0x280, top, 12)
        w.st(0x288, top, "input_hidden_cuda", ix)
        w.ld(0x290, top, "hidden_delta_cuda", ix)
        w.ld(0x298, top, "input_prev_weights_cuda", ix)
        w.alu(0x2a0, top, 8)
        w.st(0x2a8, top, "input_prev_weights_cuda", ix)

    return ar, [gks.Launch("bpnn_layerforward_CUDA", (1, nblk), (H, H), 13, 1088, forward),
                gks.Launch("bpnn_adjust_weights_cuda", (1, nblk), (H, H), 22, 0, adjust)]
