#!/usr/bin/env bash
# Counts the instructions a fast-probe chunk build executes (valgrind
# --tool=callgrind), per chunk kind, a figure that, unlike time, a busy
# shared machine does not change.
#
#   scripts/count-build.sh [DIR [MAP]]   # DIR: client files (default: the generated default world)
#
# e.g. scripts/count-build.sh /work/data/brit2 0 for Britannia map 0. The
# sample is N chunks per kind (default 128) spread evenly over the map's
# chunks of that kind; the builder is warmed first on as many other chunks
# of the same kinds, so its memo is as warm as a long-running builder's.
# Prints instructions per chunk per kind and the map-weighted mean (each
# kind by its share of the map's chunks); beside them, for comparison, the
# instructions of the same chunks' canonical maps (BuildCanon under every
# rule set, computed on first use by searches, not by the builders).
# Environment: N, chunks per kind; REPEATS, runs per count (default 3, the
# least kept: the runtime's own work now and then lands inside the counted
# call and adds to it, never takes away).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
command -v valgrind >/dev/null || { echo "needs valgrind" >&2; exit 1; }
dir=${1:-default}
case $dir in default | /*) ;; *) dir=$PWD/$dir ;; esac
export SHARDCORE_BUILD_COUNT=$dir SHARDCORE_BUILD_COUNT_MAP=${2:-0} SHARDCORE_BUILD_COUNT_N=${N:-128}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SHARDCORE_BUILD_COUNT_SAMPLE=$tmp/sample
go test -c -o "$tmp/bake.test" ./stepcache/bake
(cd stepcache/bake && "$tmp/bake.test" -test.run '^TestBuildCount$' >/dev/null) # writes the sample
export GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 # valgrind and Go's preemption signals do not mix
# count LOOP BASE: LOOP's instructions per call (one call per kind, in kind
# order), numbered from BASE+1, over REPEATS runs
count() {
	for r in $(seq "${REPEATS:-3}"); do
		(cd stepcache/bake && valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$r" \
			--toggle-collect="github.com/shardcore/shardcore/stepcache/bake.$1" --dump-after="github.com/shardcore/shardcore/stepcache/bake.$1" \
			"$tmp/bake.test" -test.run '^TestBuildCount$' >/dev/null 2>&1)
		for k in 1 2 3 4 5 6 7 8; do
			awk -v k="$((k + $2))" '/^summary:/ { print k, $2 }' "$tmp/cg.$r.$k"
		done
		rm -f "$tmp"/cg.*
	done
}
{
	count buildCountLoop 0
	count canonCountLoop 8
} >"$tmp/counts"
awk -v f="$tmp/sample" '
	BEGIN {
		while ((getline line < f) > 0) {
			split(line, w, " ")
			if (w[1] == "onmap") { kinds[++nk] = w[2]; onmap[nk] = w[3] }
			if (w[1] == "count") { n[w[2]]++ }
		}
	}
	{ if (!($1 in best) || $2 < best[$1]) best[$1] = $2 }
	END {
		printf "%-8s %7s %7s %14s %14s\n", "kind", "on map", "counted", "instr/chunk", "canon/chunk"
		for (k = 1; k <= nk; k++) {
			c = n[kinds[k]]
			if (c == 0) continue
			per = best[k] / c; cper = best[k + nk] / c
			printf "%-8s %7d %7d %14.0f %14.0f\n", kinds[k], onmap[k], c, per, cper
			sum += per * onmap[k]; csum += cper * onmap[k]; tot += onmap[k]
		}
		printf "map-weighted instructions/chunk %.0f\n", sum / tot
		printf "map-weighted canonical maps (every rule set) instructions/chunk %.0f\n", csum / tot
	}' "$tmp/counts"
