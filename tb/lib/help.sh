# tb/lib/help.sh: --help and -h for the project's shell scripts. A script sources it
# with its arguments before it does anything else, e.g. from tb/<dir>/:
#   . "$(dirname "$0")/../lib/help.sh" "$@" || exit 2
# (|| exit 2: should the path ever be wrong, the script stops instead of taking --help
# for an argument and starting its work)
# When any argument before a lone -- is --help or -h, it prints the script's header
# comment (the comment lines after the #! line, up to the first other line, without
# their "# ") and exits 0: the header is the script's usage text, with a "Usage:" line
# (tb/checks/usage.sh checks every script). HELP_ALSO=PROG on the sourcing line: then
# `PROG --help` follows, when PROG is built (the program the script wraps).
for _help_arg in "$@"; do
  case $_help_arg in
    --) break ;;
    -h | --help)
      sed -n '2,${/^#/!q; s/^# \{0,1\}//; p}' "$0"
      if [ -n "${HELP_ALSO:-}" ]; then
        echo
        if [ -x "$HELP_ALSO" ]; then "$HELP_ALSO" --help
        else echo "($HELP_ALSO is not built yet: make tools builds it; its --help lists its options)"; fi
      fi
      exit 0 ;;
  esac
done
unset _help_arg
