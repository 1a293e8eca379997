"""blkmodel.py: a block's C model (build/cocotb/libblkc.so, from tb/cocotb/blkc.c) in Python.

The reference of the cocotb tests. Generic over blocks: the port list (names, directions,
widths) comes from the C side for the configuration, so nothing here names a port except
`rst_i`, the reset every block has.
"""
import ctypes
import os

_U64P = ctypes.POINTER(ctypes.c_uint64)


def _load(path):
    lib = ctypes.CDLL(path)
    p, i, u, u64, s = ctypes.c_void_p, ctypes.c_int, ctypes.c_uint, ctypes.c_uint64, ctypes.c_char_p
    sig = {
        "blkc_new": (p, [s, s, s, s, s, i]),
        "blkc_free": (None, [p]),
        "blkc_tag": (s, [p]),
        "blkc_config": (s, [p]),
        "blkc_nports": (i, [p]),
        "blkc_port_name": (s, [p, i]),
        "blkc_port_is_out": (i, [p, i]),
        "blkc_port_width": (u, [p, i]),
        "blkc_port_words": (u, [p, i]),
        "blkc_get_inputs": (None, [p, _U64P]),
        "blkc_set_inputs": (None, [p, _U64P]),
        "blkc_reset_inputs": (None, [p]),
        "blkc_eval": (None, [p, _U64P]),
        "blkc_tick": (None, [p]),
        "blkc_compare": (i, [p, _U64P]),
        "blkc_report": (None, [p, s, s, u64, s]),
        "blkc_stim": (i, [p, u64, s, s, i]),
        "blkc_stim_next": (None, [p]),
        "blkc_stim_observe": (None, [p]),
        "blkc_vec_next": (i, [p, s, i]),
        "blkc_vec_check": (i, [p, u64]),
        "blkc_vec_checked": (u64, [p]),
        "blkc_print_open": (i, [p, s]),
        "blkc_print_cycle": (None, [p]),
        "blkc_print_close": (None, [p]),
    }
    for name, (res, args) in sig.items():
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = args
    return lib


_LIB = None


def lib():
    global _LIB
    if _LIB is None:
        _LIB = _load(os.environ.get("BLK_LIB", "build/cocotb/libblkc.so"))
    return _LIB


class Port:
    def __init__(self, name, is_out, width, words):
        self.name, self.is_out, self.width, self.words = name, is_out, width, words
        self.mask = (1 << width) - 1


class Model:
    """One block instance of the C model, in one configuration (or a vector file's)."""

    def __init__(self, block, preset="", config="", vec=""):
        L = lib()
        err = ctypes.create_string_buffer(512)
        self.h = L.blkc_new(block.encode(), preset.encode(), config.encode(), vec.encode(), err, 512)
        if not self.h:
            raise ValueError(err.value.decode())
        self.block = block
        self.tag = L.blkc_tag(self.h).decode()
        self.config = L.blkc_config(self.h).decode()
        self.ports = [Port(L.blkc_port_name(self.h, i).decode(), bool(L.blkc_port_is_out(self.h, i)),
                           L.blkc_port_width(self.h, i), L.blkc_port_words(self.h, i))
                      for i in range(L.blkc_nports(self.h))]
        self.inputs = [q for q in self.ports if not q.is_out]
        self.outputs = [q for q in self.ports if q.is_out]
        self._in = (ctypes.c_uint64 * sum(q.words for q in self.inputs))()
        self._out = (ctypes.c_uint64 * sum(q.words for q in self.outputs))()
        self._rtl = (ctypes.c_uint64 * sum(q.words for q in self.outputs))()

    def close(self):
        if self.h:
            lib().blkc_free(self.h)
            self.h = None

    @staticmethod
    def _unpack(ports, arr):
        vals, at = [], 0
        for q in ports:
            v = 0
            for j in range(q.words):
                v |= arr[at + j] << (64 * j)
            vals.append(v)
            at += q.words
        return vals

    @staticmethod
    def _pack(ports, vals, arr):
        at = 0
        for q, v in zip(ports, vals):
            v &= q.mask
            for j in range(q.words):
                arr[at + j] = (v >> (64 * j)) & 0xFFFFFFFFFFFFFFFF
            at += q.words

    # inputs of this cycle
    def get_inputs(self):
        lib().blkc_get_inputs(self.h, self._in)
        return self._unpack(self.inputs, self._in)

    def set_inputs(self, vals):
        self._pack(self.inputs, vals, self._in)
        lib().blkc_set_inputs(self.h, self._in)

    def reset_inputs(self):
        lib().blkc_reset_inputs(self.h)
        return self.get_inputs()

    # the model
    def eval(self):
        lib().blkc_eval(self.h, self._out)
        return self._unpack(self.outputs, self._out)

    def tick(self):
        lib().blkc_tick(self.h)

    def compare(self, rtl_vals):
        """RTL outputs (port order); True if they differ from the last eval."""
        self._pack(self.outputs, rtl_vals, self._rtl)
        return bool(lib().blkc_compare(self.h, self._rtl))

    def report(self, title, instance, cycle, repro):
        lib().blkc_report(self.h, title.encode(), instance.encode(), cycle, repro.encode())

    # seeded stimulus of the lockstep engine
    def stim(self, seed, knobs=""):
        err = ctypes.create_string_buffer(512)
        if lib().blkc_stim(self.h, seed, knobs.encode(), err, 512):
            raise ValueError(err.value.decode())

    def stim_next(self):
        lib().blkc_stim_next(self.h)
        return self.get_inputs()

    def stim_observe(self):
        lib().blkc_stim_observe(self.h)

    # vector file given at construction
    def vec_next(self):
        """This cycle's inputs, or None at the end of the file."""
        err = ctypes.create_string_buffer(512)
        r = lib().blkc_vec_next(self.h, err, 512)
        if r < 0:
            raise ValueError(err.value.decode())
        return self.get_inputs() if r else None

    def vec_check(self, cycle):
        return lib().blkc_vec_check(self.h, cycle)

    def vec_checked(self):
        return lib().blkc_vec_checked(self.h)

    # --print dump
    def print_open(self, path):
        if lib().blkc_print_open(self.h, path.encode()):
            raise OSError(f"cannot write {path}")

    def print_cycle(self):
        lib().blkc_print_cycle(self.h)

    def print_close(self):
        lib().blkc_print_close(self.h)
