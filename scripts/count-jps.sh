#!/usr/bin/env bash
# Counts the instructions our searches execute (valgrind --tool=callgrind),
# a figure that, unlike time, a busy shared machine does not change.
#
#   scripts/count-jps.sh movingai MAP...        # instructions per query, jump search,
#                                               # every scenario of each map (brc202d ht_chantry AR0011SR)
#   scripts/count-jps.sh paths SCENARIO...      # instructions per search, jump search and classic A*,
#                                               # of `shard bench paths`'s default-world scenarios ("pet 2-tile")
#   scripts/count-jps.sh twins DIR TWIN...      # the same for the Britannia twins ("forest walk") of
#                                               # map 0 of DIR, a `shard gen-world --profile britannia` folder
#
# Only warm searches are counted (the tests warm up outside the counted function).
# Environment: N, searches per paths scenario (default 100); REPEATS, runs per count (default 3);
# SHARDCORE_JPS_COUNT_COST=uniform, Moving AI queries under the uniform cost (default octile).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
command -v valgrind >/dev/null || { echo "needs valgrind" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
kind=${1:-}
shift || true
# valgrind and Go's preemption signals do not mix; valgrind 3.19 does not
# decode RDTSCP, which the runtime's cputicks uses where the CPU has it
export GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off GOMAXPROCS=1
# count FUNC TEST: the instructions executed inside FUNC while TEST runs,
# the least of REPEATS runs (default 3: the runtime's own goroutines now and
# then run inside the counted call and add to it, never take away)
count() { countIn pathing "$tmp/pathing.test" "$1" "$2"; }
# countIn DIR BINARY FUNC TEST: count with BINARY run in DIR
countIn() {
	for _ in $(seq "${REPEATS:-3}"); do
		(cd "$1" && valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" \
			--toggle-collect="$3" "$2" -test.run "$4" >/dev/null 2>&1)
		awk '/^summary:/ { print $2 }' "$tmp/cg.out"
	done | sort -n | head -1
}
case $kind in
movingai)
	go test -c -o "$tmp/pathing.test" ./pathing
	[ $# -gt 0 ] || set -- brc202d ht_chantry AR0011SR
	for m in "$@"; do
		q=$(awk 'NR > 1 && NF >= 9 { n++ } END { print n }' "testdata/movingai/scenarios/"*/"$m.map.scen")
		ir=$(SHARDCORE_JPS_COUNT=$m count 'github.com/shardcore/shardcore/pathing.jpsCountLoop' TestJPSCountMovingAI)
		awk -v m="$m" -v ir="$ir" -v q="$q" 'BEGIN { printf "%-12s queries %5d  instructions/query %9.0f\n", m, q, ir / q }'
	done
	;;
paths)
	go test -c -o "$tmp/pathing.test" ./pathing
	[ $# -gt 0 ] || set -- "pet 2-tile" "sewer corridor" "long traverse"
	n=${N:-100}
	for sc in "$@"; do
		j=$(SHARDCORE_JPS_COUNT_PATHS=$sc SHARDCORE_JPS_COUNT_N=$n count 'github.com/shardcore/shardcore/pathing/pathbench.CountLoop' TestJPSCountPaths)
		c=$(SHARDCORE_JPS_COUNT_PATHS=$sc SHARDCORE_JPS_COUNT_N=$n SHARDCORE_JPS_COUNT_MODE=classic count 'github.com/shardcore/shardcore/pathing/pathbench.CountLoop' TestJPSCountPaths)
		awk -v s="$sc" -v j="$j" -v c="$c" -v n="$n" 'BEGIN { printf "%-16s jps %9.0f  classic %10.0f  instructions/search  ratio %.1fx\n", s, j / n, c / n, c / j }'
	done
	;;
twins)
	[ $# -gt 0 ] || { echo "usage: scripts/count-jps.sh twins DIR [TWIN...]" >&2; exit 2; }
	dir=$(cd "$1" && pwd)
	shift
	[ $# -gt 0 ] || set -- "forest walk" "town street" "dungeon ramp" "shore swim" "overland traverse"
	go test -c -o "$tmp/pathbench.test" ./pathing/pathbench
	n=${N:-100}
	export SHARDCORE_BENCH_BRITANNIA=$dir
	for tw in "$@"; do
		j=$(SHARDCORE_JPS_COUNT_TWIN=$tw SHARDCORE_JPS_COUNT_N=$n countIn pathing/pathbench "$tmp/pathbench.test" 'github.com/shardcore/shardcore/pathing/pathbench.CountLoop' TestJPSCountTwins)
		c=$(SHARDCORE_JPS_COUNT_TWIN=$tw SHARDCORE_JPS_COUNT_N=$n SHARDCORE_JPS_COUNT_MODE=classic countIn pathing/pathbench "$tmp/pathbench.test" 'github.com/shardcore/shardcore/pathing/pathbench.CountLoop' TestJPSCountTwins)
		awk -v s="$tw" -v j="$j" -v c="$c" -v n="$n" 'BEGIN { printf "%-18s jps %9.0f  classic %10.0f  instructions/search  ratio %.1fx\n", s, j / n, c / n, c / j }'
	done
	;;
*)
	echo "usage: scripts/count-jps.sh movingai [MAP...] | paths [SCENARIO...] | twins DIR [TWIN...]" >&2
	exit 2
	;;
esac
