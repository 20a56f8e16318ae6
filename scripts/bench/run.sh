#!/usr/bin/env bash
# Runs the benchmarks in release mode and prints their tables. PN532Bench runs the pn532ctl
# binary built here (the root package's product, in this package's own .build) against
# `pn532ctl sim` on a pseudo-terminal, and libnfc's nfc-mfultralight too when it is installed.
# The fastest-read part (H) times nfcpy 1.0.4 beside pn532ctl: a full run installs it from PyPI
# into this directory's own virtual environment (.venv); --quick uses it only when it is there.
# usage: scripts/bench/run.sh [--quick] [--fast-read]
set -euo pipefail
cd "$(dirname "$0")"
venv=.venv
if [[ " $* " != *" --quick "* ]] && ! "$venv/bin/python" -c 'import nfc' 2>/dev/null; then
    { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet nfcpy==1.0.4; } >&2 \
        || echo "run.sh: WARNING: could not install nfcpy 1.0.4 from PyPI into scripts/bench/$venv: the read is NOT compared with nfcpy" >&2
fi
if "$venv/bin/python" -c 'import nfc, sys; sys.exit(nfc.__version__ != "1.0.4")' 2>/dev/null; then
    export PN532BENCH_NFCPY="$PWD/$venv/bin/python"
fi
swift build -c release >&2
swift build -c release --product pn532ctl >&2
bin=$(swift build -c release --show-bin-path)
if [[ " $* " == *" --fast-read "* ]]; then
    exec "$bin/PN532Bench" "$@"
fi
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
"$bin/PN532Bench" --uplink "$@"
echo
"$bin/DoorBench" "$@"
echo
"$bin/ConfigBench" "$@"
echo
"$bin/ProvisioningBench" "$@"
