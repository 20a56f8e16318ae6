#!/usr/bin/env bash
# Runs the benchmarks in release mode and prints their tables.
# usage: scripts/bench/run.sh [--quick]
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release >&2
bin=$(swift build -c release --show-bin-path)
"$bin/NDEFBench" "$@"
