#!/usr/bin/env bash
# Counts the instructions our searches execute (valgrind --tool=callgrind),
# a figure that, unlike time, a busy shared machine does not change.
#
#   scripts/count-jps.sh movingai MAP...        # instructions per query, jump search,
#                                               # every scenario of each map (brc202d ht_chantry AR0011SR)
#   scripts/count-jps.sh paths SCENARIO...      # instructions per search, jump search and classic A*,
#                                               # of `shard bench paths`'s default-world scenarios ("pet 2-tile")
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
go test -c -o "$tmp/pathing.test" ./pathing
kind=${1:-}
shift || true
# valgrind and Go's preemption signals do not mix; valgrind 3.19 does not
# decode RDTSCP, which the runtime's cputicks uses where the CPU has it
export GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off GOMAXPROCS=1
# count FUNC TEST: the instructions executed inside FUNC while TEST runs,
# the least of REPEATS runs (default 3: the runtime's own goroutines now and
# then run inside the counted call and add to it, never take away)
count() {
	for _ in $(seq "${REPEATS:-3}"); do
		(cd pathing && valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" \
			--toggle-collect="$1" "$tmp/pathing.test" -test.run "$2" >/dev/null 2>&1)
		awk '/^summary:/ { print $2 }' "$tmp/cg.out"
	done | sort -n | head -1
}
case $kind in
movingai)
	[ $# -gt 0 ] || set -- brc202d ht_chantry AR0011SR
	for m in "$@"; do
		q=$(awk 'NR > 1 && NF >= 9 { n++ } END { print n }' "testdata/movingai/scenarios/"*/"$m.map.scen")
		ir=$(SHARDCORE_JPS_COUNT=$m count 'github.com/shardcore/shardcore/pathing.jpsCountLoop' TestJPSCountMovingAI)
		awk -v m="$m" -v ir="$ir" -v q="$q" 'BEGIN { printf "%-12s queries %5d  instructions/query %9.0f\n", m, q, ir / q }'
	done
	;;
paths)
	[ $# -gt 0 ] || set -- "pet 2-tile" "sewer corridor" "long traverse"
	n=${N:-100}
	for sc in "$@"; do
		j=$(SHARDCORE_JPS_COUNT_PATHS=$sc SHARDCORE_JPS_COUNT_N=$n count 'github.com/shardcore/shardcore/pathing_test.pathsCountLoop' TestJPSCountPaths)
		c=$(SHARDCORE_JPS_COUNT_PATHS=$sc SHARDCORE_JPS_COUNT_N=$n SHARDCORE_JPS_COUNT_MODE=classic count 'github.com/shardcore/shardcore/pathing_test.pathsCountLoop' TestJPSCountPaths)
		awk -v s="$sc" -v j="$j" -v c="$c" -v n="$n" 'BEGIN { printf "%-16s jps %9.0f  classic %10.0f  instructions/search  ratio %.1fx\n", s, j / n, c / n, c / j }'
	done
	;;
*)
	echo "usage: scripts/count-jps.sh movingai [MAP...] | paths [SCENARIO...]" >&2
	exit 2
	;;
esac
