#!/usr/bin/env bash
# Builds the libFuzzer targets with AddressSanitizer and runs them.
# usage: scripts/fuzz/run.sh TARGET SECONDS            build TARGET, fuzz it for SECONDS
#        scripts/fuzz/run.sh --no-build TARGET SECONDS fuzz TARGET, built before, for SECONDS
#        scripts/fuzz/run.sh --all SECONDS             build every target in one build, then
#                                                      fuzz each in turn for SECONDS
#        scripts/fuzz/run.sh --build                   build every target
#        scripts/fuzz/run.sh --list                    the targets, one a line
# Targets: every seeds/TARGET.hex (one hex input per line, spaces ignored). The corpus grows in
# scripts/fuzz/corpus-run/TARGET (not committed), seeded from there. A crash, leak or time-out
# stops the target and is written as scripts/fuzz/crash-TARGET-*; the exit status is then not 0.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usage="usage: run.sh [--no-build] TARGET SECONDS | --all SECONDS | --build | --list"
flags=(-c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address)

targets() {
    for seeds in "$here"/seeds/*.hex; do basename "$seeds" .hex; done
}

build() {
    (cd "$here" && swift build "${flags[@]}" "$@" >&2)
}

fuzz() {
    local target=$1 seconds=$2
    local binary corpus n=0 line
    binary="$(cd "$here" && swift build "${flags[@]}" --show-bin-path)/$target"
    [ -x "$binary" ] || { echo "run.sh: $target is not built ($binary)" >&2; exit 1; }
    corpus="$here/corpus-run/$target"
    mkdir -p "$corpus"
    while read -r line; do
        line=${line// /}
        [ -n "$line" ] || continue
        n=$((n + 1))
        printf '%b' "$(printf '%s' "$line" | sed 's/../\\x&/g')" >"$corpus/seed-$n"
    done <"$here/seeds/$target.hex"
    # Swift's own crash handler would race libFuzzer's: let libFuzzer report and keep the input.
    SWIFT_BACKTRACE=enable=no "$binary" -max_total_time="$seconds" -max_len=4096 -timeout=10 -print_final_stats=1 \
        -artifact_prefix="$here/crash-$target-" "$corpus"
}

case "${1:-}" in
--list)
    targets
    ;;
--build)
    build
    ;;
--all)
    seconds=${2:?$usage}
    build
    for target in $(targets); do
        echo "== fuzz $target for ${seconds}s"
        fuzz "$target" "$seconds"
    done
    ;;
--no-build)
    fuzz "${2:?$usage}" "${3:?$usage}"
    ;;
"" | -*)
    echo "$usage" >&2
    exit 64
    ;;
*)
    target=$1
    seconds=${2:?$usage}
    [ -f "$here/seeds/$target.hex" ] || { echo "run.sh: no target $target (targets: $(targets | tr '\n' ' '))" >&2; exit 64; }
    build --product "$target"
    fuzz "$target" "$seconds"
    ;;
esac
