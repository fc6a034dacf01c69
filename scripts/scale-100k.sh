#!/usr/bin/env bash
# The 100,000-mobile run on Britannia map 0 (docs/performance.md), as a user runs it:
# `shard run --ticks 1500 --population pets=25000,patrols=40000,swimmers=10000`
# with world.maps = [0], RUNS times baked (the map's .swb in the cache dir)
# and RUNS times cold (an empty cache dir), one process at a time. Prints,
# per run, the machine's load, the summary's last line and the process's
# peak RSS (/usr/bin/time -v).
#
#   scripts/scale-100k.sh BRIT_DIR [SWB]
#
# BRIT_DIR is a folder from `shard gen-world --profile britannia --out DIR`;
# SWB is its map 0 baked (`shard bake --world DIR --map 0 --out CACHE`, then
# CACHE/map0.swb); without it the script bakes one first.
# Environment: RUNS (default 3), TICKS (default 1500), POP (default
# pets=25000,patrols=40000,swimmers=10000), SHARD (a shard binary; default:
# built from this checkout), MODES (default "baked cold"), EXTRA (lines
# appended to the server.toml, e.g. EXTRA=$'[shard]\nmoveWorkers = 1').
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
brit=$(cd "${1:?usage: scripts/scale-100k.sh BRIT_DIR [SWB]}" && pwd)
swb=${2:-}
runs=${RUNS:-3}
ticks=${TICKS:-1500}
pop=${POP:-pets=25000,patrols=40000,swimmers=10000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=${SHARD:-}
if [ -z "$bin" ]; then
	bin=$tmp/shard
	(cd "$root" && go build -o "$bin" ./cmd/shard)
fi
if [ -z "$swb" ]; then
	"$bin" bake --world "$brit" --map 0 --out "$tmp/bake" >/dev/null
	swb=$tmp/bake/map0.swb
fi
for mode in ${MODES:-baked cold}; do
	for i in $(seq 1 "$runs"); do
		rm -rf "$tmp/cache" && mkdir -p "$tmp/cache"
		[ "$mode" = baked ] && cp "$swb" "$tmp/cache/map0.swb"
		# pathfinding.maxResidentChunks keeps its default, 0: the cache may
		# hold the whole map (100,000 mobiles touch about half of its 114,688
		# chunks; see docs/operations.md, Budgets).
		cat >"$tmp/server.toml" <<TOML
[world]
dataDir = "$brit"
profile = "britannia"
maps = [0]
[pathfinding]
cacheDir = "$tmp/cache"
${EXTRA:-}
TOML
		load=$(cut -d' ' -f1 /proc/loadavg)
		/usr/bin/time -v "$bin" run --config "$tmp/server.toml" --ticks "$ticks" --population "$pop" --progress 0 \
			>"$tmp/out" 2>"$tmp/err" </dev/null
		rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$tmp/err")
		echo "$mode run $i load $load rss_kb $rss: $(tail -1 "$tmp/out")"
	done
done
