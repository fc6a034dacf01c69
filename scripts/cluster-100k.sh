#!/usr/bin/env bash
# The tick with handovers running at scale: two shard processes on this
# machine meeting at an embedded NATS server (cluster/scale_test.go,
# TestHandoverScale): process 0 runs Britannia map 0 at its full size with
# 100,000 mobiles (pets=25000, patrols=40000, swimmers=10000), process 1 runs
# map 1; leaders with their pets cross both ways through twelve moongate
# stations of each map for DURATION_S seconds, then the run is counted (population,
# no id twice, every pet on its owner's map). Prints, per run, the
# machine's load before and after and each process's summary line (p50,
# p99, transfers).
#
#   scripts/cluster-100k.sh BRIT_DIR [SWB]
#
# BRIT_DIR is a folder from `shard gen-world --profile britannia --out DIR`
# holding maps 0 and 1; SWB is its map 0 baked (`shard bake --world DIR --map
# 0 --out CACHE`, then CACHE/map0.swb; without it process 0 starts cold).
# Process 0 ticks back to back (its ticks' own cost, as `shard run --ticks`
# measures the README's 100,000-mobile figure); process 1 is paced.
# Environment: RUNS (default 1), DURATION_S (default 60), LEADERS (leaders
# per station, each with a pet; default 6; 0: no handovers, the baseline),
# RATE (leaders each process sends per second; default: as fast as they
# arrive), UNPACED (the process that ticks back to back: default p0; empty:
# both are paced at shard.tickMs, as a shard in service runs), SPIN (the
# process that spins between paced ticks, shard.idle = "spin"; default
# none), TIMELINE (a path with %s for the process's name: each process
# writes its timeline there, as shard run --timeline does).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
brit=$(cd "${1:?usage: scripts/cluster-100k.sh BRIT_DIR [SWB]}" && pwd)
swb=${2:-}
[ -n "$swb" ] && swb=$(cd "$(dirname "$swb")" && pwd)/$(basename "$swb")
cd "$root"
for i in $(seq 1 "${RUNS:-1}"); do
	before=$(cut -d' ' -f1 /proc/loadavg)
	out=$(SHARDCORE_CLUSTERTEST_UNPACED=${UNPACED-p0} SHARDCORE_CLUSTERTEST_SPIN=${SPIN:-} SHARDCORE_CLUSTERTEST_TIMELINE=${TIMELINE:-} SHARDCORE_CLUSTERTEST_RATE=${RATE:-} SHARDCORE_CLUSTER_SCALE_LEADERS=${LEADERS:-6} SHARDCORE_CLUSTER_SCALE_BRIT=$brit SHARDCORE_CLUSTER_SCALE_SWB=$swb SHARDCORE_CLUSTER_SCALE_SECONDS=${DURATION_S:-60} \
		go test ./cluster -run '^TestHandoverScale$' -count=1 -v -timeout 60m 2>&1) || { echo "$out"; exit 1; }
	after=$(cut -d' ' -f1 /proc/loadavg)
	echo "run $i load $before..$after"
	echo "$out" | grep -E 'arrivals|p[01]: |after [0-9]+ arrivals' | sed 's/^ *scale_test.go:[0-9]*: //; s/^ *handover_test.go:[0-9]*: //'
done
