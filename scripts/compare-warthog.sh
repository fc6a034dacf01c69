#!/usr/bin/env bash
# Times our jump search (shard movingai --search jps --workers 1) beside
# warthog-jps (ShortestPathLab; its jps2 and astar) on Moving AI maps, one
# process at a time, and prints a table of mean µs per query, the best of
# REPEATS runs of each.
#
#   scripts/compare-warthog.sh [MAP...]        # MAP like dao/brc202d (default: dao/brc202d, da2/ht_chantry, bg512/AR0011SR)
#
# Environment:
#   WARTHOG      the warthog-jps binary; default: what ../shared/anchors/warthog/build.sh
#                prints (it builds warthog once; never copy its code into this repository)
#   MOVINGAI     folder with maps/ and scenarios/ (default: testdata/movingai)
#   REPEATS      runs of each program per map (default 3)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
data=${MOVINGAI:-testdata/movingai}
repeats=${REPEATS:-3}
maps=("$@")
[ ${#maps[@]} -gt 0 ] || maps=(dao/brc202d da2/ht_chantry bg512/AR0011SR)
bin=${WARTHOG:-}
if [ -z "$bin" ]; then
	anchors=${ANCHORS:-$root/../shared/anchors}
	bin=$("$anchors/warthog/build.sh" 2>/dev/null || true)
fi
if [ -z "$bin" ] || [ ! -x "$bin" ]; then
	echo "no warthog-jps binary (set WARTHOG, or see ../shared/anchors/README.md); timing ours only" >&2
	bin=""
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/shard" ./cmd/shard

best() { sort -g | head -1; }

# ours: per-map us_per_query (wall time of the map's queries / count, one worker)
ours() {
	local m=$1 d="$tmp/one"
	rm -rf "$d" && mkdir -p "$d/maps" "$d/scen"
	ln -s "$root/$data/maps/$m.map" "$d/maps/"
	ln -s "$root/$data/scenarios/$m.map.scen" "$d/scen/"
	"$tmp/shard" movingai --maps "$d/maps" --scen "$d/scen" --search jps --workers 1 |
		awk '/us_per_query/ { for (i = 1; i <= NF; i++) { if ($i == "us_per_query") w = $(i+1); if ($i == "cpu_us_per_query") c = $(i+1) } } END { print w, c }'
}

# theirs: mean of column 8 (nanoseconds per query)
theirs() {
	"$bin" --alg "$2" --scen "$data/scenarios/$1.map.scen" --map "$data/maps/$1.map" |
		awk -F'\t' '$1 ~ /^[0-9]+$/ { n++; t += $8 } END { if (n) printf "%.2f\n", t / n / 1000 }'
}

printf "%-16s %12s %12s %14s %14s %10s\n" map ours_us ours_cpu_us warthog_jps2 warthog_astar ours/jps2
for m in "${maps[@]}"; do
	ow=() oc=() tj=() ta=()
	for _ in $(seq "$repeats"); do
		read -r w c < <(ours "$m")
		ow+=("$w") oc+=("$c")
		if [ -n "$bin" ]; then
			tj+=("$(theirs "$m" jps2)")
			ta+=("$(theirs "$m" astar)")
		fi
	done
	w=$(printf "%s\n" "${ow[@]}" | best) c=$(printf "%s\n" "${oc[@]}" | best)
	j=- a=- r=-
	if [ -n "$bin" ]; then
		j=$(printf "%s\n" "${tj[@]}" | best) a=$(printf "%s\n" "${ta[@]}" | best)
		r=$(awk -v o="$w" -v t="$j" 'BEGIN { printf "%.2f", o / t }')
	fi
	printf "%-16s %12s %12s %14s %14s %10s\n" "$m" "$w" "$c" "$j" "$a" "$r"
done
