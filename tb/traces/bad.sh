#!/usr/bin/env bash
# bad.sh CASE: a malformed copy of tb/traces/tiny (one fault per CASE) run through gpusim
# (GPUSIM, default build/bin/gpusim --quiet --trace-dir); gpusim's exit code and stderr
# pass through. The bad-input checks (tb/checks/traces.sh) expect exit 2 and one line
# naming the file and line.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cases="truncated truncated_gz count_more count_less bad_hex_pc bad_hex_addr bad_delta unknown_opcode bad_form
extra_token missing_block out_of_order warps no_binver unknown_binver raw_only no_kernel_file mask_lanes
bad_memcpy bad_reg nul_byte block_overflow lineinfo long_field src_empty src_comma"
if [ "${1:-}" = -h ] || [ "${1:-}" = --help ] || [ $# -ne 1 ]; then
  echo "usage: tb/traces/bad.sh CASE   (a malformed trace through gpusim; CASE one of:"
  echo "  $(echo $cases))"
  [ $# -eq 1 ] && exit 0 || exit 2
fi
case " $(echo $cases) " in *" $1 "*) ;; *) echo "bad.sh: unknown case '$1'" >&2; exit 2 ;; esac
d=$(mktemp -d "${TMPDIR:-/tmp}/trace-bad-$1.XXXXXX") || exit 2
trap 'rm -rf "$d"' EXIT
cp "$here/tiny/kernelslist.g" "$here/tiny/kernel-1.traceg" "$d/"
k=$d/kernel-1.traceg
case $1 in
  truncated) head -n 17 "$here/tiny/kernel-1.traceg" >"$k" ;;                 # cut inside the thread block
  truncated_gz) gzip -n -c "$here/tiny/kernel-1.traceg" | head -c 120 >"$k.gz"; rm "$k" ;;
  count_more) sed -i 's/^insts = 3/insts = 4/' "$k" ;;
  count_less) sed -i 's/^insts = 3/insts = 2/' "$k" ;;
  bad_hex_pc) sed -i 's/^0010 /00g0 /' "$k" ;;
  bad_hex_addr) sed -i 's/0x10000000/0x1000zz00/' "$k" ;;
  bad_delta) sed -i 's/ 4 1 0x10000000 4$/ 4 2 0x10000000 4 x 4/' "$k" ;;
  unknown_opcode) sed -i 's/ FADD / FROB /' "$k" ;;
  bad_form) sed -i 's/ 4 1 0x10000000 4$/ 4 3 0x10000000 4/' "$k" ;;
  extra_token) sed -i 's/^0020 ffffffff 0 EXIT 0 0$/0020 ffffffff 0 EXIT 0 0 junk/' "$k" ;;
  missing_block) sed -i 's/^-grid dim = (1,1,1)/-grid dim = (2,1,1)/' "$k" ;;
  out_of_order) sed -i 's/^-grid dim = (1,1,1)/-grid dim = (2,1,1)/; s/^thread block = 0,0,0/thread block = 1,0,0/' "$k" ;;
  warps) sed -i 's/^-block dim = (32,1,1)/-block dim = (64,1,1)/' "$k" ;;
  no_binver) sed -i '/^-binary version/d' "$k" ;;
  unknown_binver) sed -i 's/^-binary version = 70/-binary version = 52/' "$k" ;;
  raw_only) mv "$d/kernelslist.g" "$d/kernelslist" ;;
  no_kernel_file) rm "$k" ;;
  mask_lanes) sed -i 's/^-block dim = (32,1,1)/-block dim = (16,1,1)/' "$k" ;;
  bad_memcpy) sed -i 's/^MemcpyHtoD,0x0000000010000000,512/MemcpyHtoD,0x10000000/' "$d/kernelslist.g" ;;
  bad_reg) sed -i 's/ R3 FADD 2 R2 R2/ R3 FADD 2 R2 R256/' "$k" ;;
  nul_byte) sed -i 's/^0020 ffffffff 0 EXIT 0 0$/0020 ffffffff 0 EXIT 0 0\x00junk/' "$k" ;;
  block_overflow) sed -i 's/^-block dim = (32,1,1)/-block dim = (1073741824,1073741824,16)/' "$k" ;;
  lineinfo) sed -i 's/^-accelsim tracer version = 3/-accelsim tracer version = 3\n-enable lineinfo = 1/' "$k" ;;
  long_field) sed -i "s/ R3 FADD 2 R2 R2/ R3 FADD$(printf '.X%.0s' $(seq 300)) 2 R2 R2/" "$k" ;;
  src_empty) sed -i 's/^0010 ffffffff 1 R3 FADD 2 R2 R2 0$/0010 ffffffff 1 R3 FADD 2 R2 R2 0 @src=/' "$k" ;;
  src_comma) sed -i 's/^0010 ffffffff 1 R3 FADD 2 R2 R2 0$/0010 ffffffff 1 R3 FADD 2 R2 R2 0 @src=R4,/' "$k" ;;
esac
${GPUSIM:-build/bin/gpusim} --quiet --trace-dir "$d"
