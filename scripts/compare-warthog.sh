#!/usr/bin/env bash
# Times our jump search (shard movingai --search jps --workers 1) beside
# warthog-jps (ShortestPathLab: jps2, block-based jumps, and jps2+, which
# adds jump distances precomputed offline) on Moving AI maps, one process
# at a time, and prints a Markdown table of mean µs per query, the best of
# REPEATS runs of each, with ours over jps2 and over warthog's best.
#
# Each repeat runs each program once on every CPU of CPUS in turn, pinned
# with taskset: on a shared host one core at a time can run 1.5 times
# slower than the other for half a minute or more (likely a neighbour on its
# sibling thread), and an unpinned program lands on either. Pinned so,
# both programs meet both cores at about the same moments, and the best of
# each is its run on the quicker one. Ours keeps the GOMAXPROCS it has
# unpinned (a process pinned to one CPU would take 1): only where it runs
# changes.
#
#   scripts/compare-warthog.sh [MAP...]        # MAP like dao/brc202d (default: the nine of the table in docs/performance.md)
#
# Environment:
#   WARTHOG      the warthog-jps binary; default: what ../shared/anchors/warthog/build.sh
#                (or ANCHORS/warthog/build.sh) prints (it builds warthog once; never
#                copy its code into this repository)
#   MOVINGAI     folder with maps/ and scenarios/ (default: testdata/movingai)
#   REPEATS      runs of each program per map and CPU (default 3)
#   CPUS         the CPUs to pin runs to, each in turn (default: those this
#                script may run on, when taskset is installed; "" runs unpinned)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
data=${MOVINGAI:-testdata/movingai}
repeats=${REPEATS:-3}
maps=("$@")
[ ${#maps[@]} -gt 0 ] || maps=(dao/brc202d da2/ht_chantry bg512/AR0011SR dao/arena dao/den312d dao/lak303d
	mazes/maze512-1-0 random/random512-10-0 rooms/64room_000)
bin=${WARTHOG:-}
if [ -z "$bin" ]; then
	for anchors in ${ANCHORS:-} "$root/../shared/anchors" "$root/../../shared/anchors"; do # a checkout, or a worktree beside it
		if [ -x "$anchors/warthog/build.sh" ]; then
			bin=$("$anchors/warthog/build.sh" 2>/dev/null || true)
			break
		fi
	done
fi
if [ -z "$bin" ] || [ ! -x "$bin" ]; then
	echo "no warthog-jps binary (set WARTHOG, or see ../shared/anchors/README.md); timing ours only" >&2
	bin=""
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/shard" ./cmd/shard

best() { sort -g | head -1; }

if [ -z "${CPUS+set}" ]; then
	CPUS=""
	if command -v taskset >/dev/null && command -v python3 >/dev/null; then
		CPUS=$(python3 -c 'import os; print(" ".join(map(str, sorted(os.sched_getaffinity(0)))))')
	fi
fi
read -r -a cpus <<<"${CPUS:-any}"
procs=$(nproc)
# on CPU COMMAND...: runs COMMAND pinned to CPU ("any": as it is)
on() {
	local c=$1
	shift
	if [ "$c" = any ]; then "$@"; else taskset -c "$c" "$@"; fi
}

# ours: the map's wall µs per query (its queries' wall time / count, one worker)
ours() {
	local m=$1 d="$tmp/one"
	rm -rf "$d" && mkdir -p "$d/maps" "$d/scen"
	ln -s "$root/$data/maps/$m.map" "$d/maps/"
	ln -s "$root/$data/scenarios/$m.map.scen" "$d/scen/"
	GOMAXPROCS=${GOMAXPROCS:-$procs} on "$cpu" "$tmp/shard" movingai --maps "$d/maps" --scen "$d/scen" --search jps --workers 1 |
		awk '/us_per_query/ { for (i = 1; i <= NF; i++) if ($i == "us_per_query") w = $(i+1) } END { print w }'
}

# theirs: mean of column 8 (nanoseconds per query), in µs
theirs() {
	on "$cpu" "$bin" --alg "$2" --scen "$data/scenarios/$1.map.scen" --map "$data/maps/$1.map" 2>/dev/null |
		awk -F'\t' '$1 ~ /^[0-9]+$/ { n++; t += $8 } END { if (n) printf "%.2f\n", t / n / 1000 }'
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); each run pinned to, in turn, CPU ${CPUS:-(none: unpinned)}"
echo
echo "| map | ours | warthog jps2 | warthog jps2+ | ours ÷ jps2 | ours ÷ best |"
echo "|---|---:|---:|---:|---:|---:|"
for m in "${maps[@]}"; do
	ow=() tj=() tp=()
	for _ in $(seq "$repeats"); do
		for cpu in "${cpus[@]}"; do
			ow+=("$(ours "$m")")
			if [ -n "$bin" ]; then
				tj+=("$(theirs "$m" jps2)")
				tp+=("$(theirs "$m" jps2+)")
			fi
		done
	done
	w=$(printf "%s\n" "${ow[@]}" | best)
	j=- p=- r=- rb=-
	if [ -n "$bin" ]; then
		j=$(printf "%s\n" "${tj[@]}" | best) p=$(printf "%s\n" "${tp[@]}" | best)
		r=$(awk -v o="$w" -v t="$j" 'BEGIN { printf "%.2f", o / t }')
		rb=$(awk -v o="$w" -v a="$j" -v b="$p" 'BEGIN { m = a < b ? a : b; printf "%.2f", o / m }')
	fi
	echo "| $m | $w | $j | $p | $r | $rb |"
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
