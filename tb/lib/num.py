"""num.py: the project's number rules (cmodel/include/num.h) for its Python front ends, so
that a script accepts the same spellings as the C programs and rejects the same mistakes.

Integers: decimal digits, or 0x / 0X and hex digits; nothing else (no sign, no spaces,
no underscores, "010" is ten); range-checked. Reals: [-]digits with at most one '.',
then an optional e[+-]digits; finite; range-checked.
"""
import math
import re

_INT = re.compile(r"(?:0[xX][0-9a-fA-F]+|[0-9]+)\Z")
_REAL = re.compile(r"-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\Z")


def integer(text, lo, hi, what):
    """the value of text, or ValueError with one line naming `what` and the range"""
    s = str(text)
    if not _INT.match(s):
        raise ValueError("%s '%s': not a number (an integer %d..%d, decimal or 0x hex)" % (what, s, lo, hi))
    v = int(s, 16) if s[:2] in ("0x", "0X") else int(s, 10)
    if v < lo or v > hi:
        raise ValueError("%s '%s': out of range (an integer %d..%d)" % (what, s, lo, hi))
    return v


def real(text, lo, hi, what):
    s = str(text)
    if not _REAL.match(s):
        raise ValueError("%s '%s': not a number (a number %g..%g)" % (what, s, lo, hi))
    v = float(s)
    if not math.isfinite(v) or v < lo or v > hi:
        raise ValueError("%s '%s': out of range (a number %g..%g)" % (what, s, lo, hi))
    return v


def arg_integer(lo, hi, what):
    """an argparse type: the same rules, and argparse's one-line error on a bad value"""
    import argparse

    def parse(text):
        try:
            return integer(text, lo, hi, what)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e))
    parse.__name__ = what
    return parse


def one_line_parser(**kw):
    """argparse.ArgumentParser whose errors are one line on stderr and exit 2 (no usage)"""
    import argparse
    import sys

    class OneLine(argparse.ArgumentParser):
        def error(self, message):
            sys.stderr.write("%s: %s (see --help)\n" % (self.prog, message))
            sys.exit(2)
    return OneLine(**kw)
