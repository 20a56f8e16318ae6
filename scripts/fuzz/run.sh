#!/usr/bin/env bash
# Builds a libFuzzer target with AddressSanitizer and runs it for SECONDS.
# usage: scripts/fuzz/run.sh TARGET SECONDS      (targets: FuzzNDEFDecoder, FuzzSignedToken)
# The corpus grows in scripts/fuzz/corpus-run/TARGET (not committed), seeded from
# seeds/TARGET.hex (one hex input per line). Crashes are written as scripts/fuzz/crash-*.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
target=${1:?usage: run.sh TARGET SECONDS}
seconds=${2:?usage: run.sh TARGET SECONDS}

cd "$here"
swift build -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address --product "$target" >&2
binary="$(swift build -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address --show-bin-path)/$target"

corpus="$here/corpus-run/$target"
mkdir -p "$corpus"
n=0
while read -r line; do
    line=${line// /}
    [ -n "$line" ] || continue
    n=$((n + 1))
    printf '%b' "$(printf '%s' "$line" | sed 's/../\\x&/g')" >"$corpus/seed-$n"
done <"$here/seeds/$target.hex"

"$binary" -max_total_time="$seconds" -max_len=4096 -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$here/crash-" "$corpus"
