#!/usr/bin/env bash
# Regenerates cmd/shard/default.pgo: the CPU profile the go command builds
# the shard command with (profile-guided optimization; go build, go run and
# go install use a main package's default.pgo by default). It merges
# profiles of what the binary spends its time on:
#   - the shard on the built-in default world, 75,000 mobiles, 2,000
#     ticks (the cache A*, the movement and think systems, residency);
#   - the jump search over the Moving AI maps kept in testdata
#     (BenchmarkJPSMovingAI: the game maps for 3 s each, random512 three
#     passes; the maze left out, as its minutes would drown the rest).
# Both are built without a profile (-pgo=off), so a profile never feeds on
# an earlier one. About a minute on 2 cores. A game server that embeds
# shardcore builds its own binary and gets no help from this file: it
# would profile its own program (docs/performance.md, Moving AI
# benchmarks, "Profile-guided optimization").
#
#   scripts/pgo-profile.sh            # writes cmd/shard/default.pgo
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -pgo=off -o "$tmp/shard" ./cmd/shard
echo "profiling the shard: default world, 75,000 mobiles, 2,000 ticks" >&2
(cd "$tmp" && ./shard run --ticks 2000 --population pets=25000,patrols=25000,swimmers=0 \
	--progress 0 --cpuprofile "$tmp/run.pprof" >/dev/null 2>"$tmp/run.log" </dev/null)
echo "profiling the jump search: Moving AI game maps" >&2
go test -pgo=off -run '^$' -bench 'JPSMovingAI/(brc|lak|64room|ht_|AR0011|den|arena)' -benchtime 3s \
	-cpuprofile "$tmp/jps.pprof" -o "$tmp/pathing.test" ./pathing >/dev/null
go test -pgo=off -run '^$' -bench 'JPSMovingAI/random' -benchtime 3x \
	-cpuprofile "$tmp/jps-random.pprof" -o "$tmp/pathing.test" ./pathing >/dev/null
go tool pprof -proto "$tmp/run.pprof" "$tmp/jps.pprof" "$tmp/jps-random.pprof" >cmd/shard/default.pgo 2>/dev/null
echo "wrote cmd/shard/default.pgo ($(wc -c <cmd/shard/default.pgo) bytes)" >&2
