# tb/checks/declare.sh: print the table of every check (bash tb/checks/declare.sh; tb/bin/check
# reads it): one line a check, tab-separated: name, tags, needs, slots, kind, show, command.
# Each area file tb/checks/AREA.sh declares its checks in declare_AREA (lib.sh: ck); the
# areas in the order below, which is the order the runner prefers among ready checks (the
# long ones early).
set -u
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$CK_TOP" || exit 2
test_blocks >/dev/null  # (computed once)
AREAS="build block common gpu gpu_blocks apps traces exp scaffold verify gls fuzz synth vpi waves usage"
for CK_AREA in $AREAS; do
  CK_TAGS=$CK_AREA CK_NEEDS=build_c
  # shellcheck disable=SC1090
  . "tb/checks/$CK_AREA.sh" || { echo "declare: tb/checks/$CK_AREA.sh failed to load" >&2; exit 2; }
  "declare_$CK_AREA" || { echo "declare: declare_$CK_AREA failed" >&2; exit 2; }
done
