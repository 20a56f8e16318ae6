#!/usr/bin/env bash
# Runs the benchmarks in release mode and prints their tables. PN532Bench runs the pn532ctl
# binary built here (the root package's product, in this package's own .build) against
# `pn532ctl sim` on a pseudo-terminal, and libnfc's nfc-mfultralight too when it is installed.
# usage: scripts/bench/run.sh [--quick]
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release >&2
swift build -c release --product pn532ctl >&2
bin=$(swift build -c release --show-bin-path)
"$bin/NDEFBench" "$@"
echo
"$bin/OriginalityBench" "$@"
echo
"$bin/SUNBench" "$@"
echo
"$bin/PN532Bench" "$@"
echo
if [[ " $* " == *" --quick "* ]]; then
    "$bin/PN532Bench" --door-memory "$@"
else
    "$bin/PN532Bench" --door-memory --binary "$(../release-build)" "$@"
fi
echo
"$bin/DoorBench" "$@"
echo
"$bin/ConfigBench" "$@"
echo
"$bin/ProvisioningBench" "$@"
