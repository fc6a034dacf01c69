#!/usr/bin/env bash
# Re-measures benchmark figures (docs/performance.md) on several revisions
# in one go and prints, for each figure, every revision's median and the
# median of its paired ratios to the first revision (with their range): a
# pair is the same benchmark run back to back on the two revisions, so on a
# busy machine the ratio is what to read.
#
#   scripts/bench-revisions.sh [REV...]     # default: aca8b5a bd85c8d HEAD
#
# Each revision is built in a temporary git worktree (removed at the end).
# Per rep, every figure runs on every revision back to back, in alternating
# order: the go test -bench targets (CheckMovement, LookupHit, GateMiss,
# BuildChunk, ReadFullChunk, ReadChunkUniform, GenerateDefault,
# ReadMap7168x4096), `shard bake` (its user CPU time), `shard bench paths`
# and `shard run` with a baked cache and cold. Benchmarks a revision lacks
# are left out of its column; sub-benchmarks renamed between revisions do
# not pair.
#
# Environment:
#   REPS        reps (default 3)
#   BENCHTIME   -benchtime of the micro-benchmarks (default 100ms)
#   OUT         folder for the raw outputs and results.tsv (default: a temp dir, kept)
#
# Needs Linux (/proc/loadavg, GNU time at /usr/bin/time for the bake's CPU time) and column.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
revs=("$@")
[ ${#revs[@]} -gt 0 ] || revs=(aca8b5a bd85c8d HEAD)
reps=${REPS:-3}
bt=${BENCHTIME:-100ms}
work=$(mktemp -d)
out=${OUT:-$work/out}
mkdir -p "$out"
pkgs=(movement stepcache stepcache/bake stepcache/swb world/uo world/gen)

cleanup() {
	for i in "${!revs[@]}"; do
		git -C "$root" worktree remove --force "$work/wt$i" 2>/dev/null || true
	done
}
trap cleanup EXIT

for i in "${!revs[@]}"; do
	echo "building ${revs[$i]}" >&2
	git -C "$root" worktree add --detach "$work/wt$i" "${revs[$i]}" >/dev/null 2>&1
	(cd "$work/wt$i" && go build -o "$work/shard$i" ./cmd/shard &&
		for p in "${pkgs[@]}"; do [ ! -d "$p" ] || go test -c -o "$work/$i-${p//\//_}.test" "./$p"; done)
done

# order prints the revision indexes of rep r: forwards, then backwards.
order() {
	local n=${#revs[@]} k
	for ((k = 0; k < n; k++)); do
		if (($1 % 2)); then echo $((n - 1 - k)); else echo "$k"; fi
	done
}

# gobench TAG PKG REGEX BENCHTIME REP: one benchmark on every revision.
# PKG may list packages by preference (stepcache/bake|stepcache): each
# revision runs the first it has (a benchmark that moved package).
gobench() {
	local i p
	for i in $(order "$5"); do
		for p in ${2//|/ }; do [ -d "$work/wt$i/$p" ] && break; done
		(cd "$work/wt$i/$p" && "$work/$i-${p//\//_}.test" -test.run '^$' -test.bench "$3" \
			-test.benchmem -test.benchtime "$4" >"$out/$1.$i.$5.txt" 2>&1) || true
	done
}

for ((r = 1; r <= reps; r++)); do
	echo "rep $r of $reps, load $(cut -d' ' -f1 /proc/loadavg)" >&2
	gobench checkmove movement CheckMovement "$bt" "$r"
	gobench lookup stepcache LookupHit "$bt" "$r"
	gobench gate stepcache GateMiss "$bt" "$r"
	gobench buildchunk 'stepcache/bake|stepcache' BuildChunk "$bt" "$r"
	gobench swbread stepcache/swb 'ReadFullChunk$|ReadChunkUniform' "$bt" "$r"
	gobench gen world/gen GenerateDefault 5x "$r"
	gobench uoread world/uo ReadMap 3x "$r"
	for i in $(order "$r"); do
		d=$work/run$i.$r
		mkdir -p "$d/baked" "$d/cold"
		(cd "$d/baked" && { /usr/bin/time -f "user_cpu_s %U" "$work/shard$i" bake --out cache &&
			"$work/shard$i" swb info cache/map0.swb; } >"$out/bake.$i.$r.txt" 2>&1) || true
	done
	for i in $(order "$r"); do
		mai=()
		"$work/shard$i" bench paths --help 2>&1 | grep -q -- -movingai && mai=(--movingai=)
		"$work/shard$i" bench paths --iters 100 "${mai[@]}" >"$out/paths.$i.$r.txt" 2>&1 || true
	done
	for kind in baked cold; do
		for i in $(order "$r"); do
			(cd "$work/run$i.$r/$kind" && "$work/shard$i" run --ticks 2000 --progress 0 \
				--population pets=5000,patrols=4000,swimmers=1000 </dev/null >"$out/run$kind.$i.$r.txt" 2>&1) || true
		done
	done
done

# results.tsv: revision, rep, figure, value.
for f in "$out"/*.txt; do
	base=$(basename "$f" .txt)
	tag=${base%%.*}
	rest=${base#*.}
	awk -v tag="$tag" -v rev="${rest%%.*}" -v rep="${rest#*.}" '
	/^Benchmark/ {
		name = $1; sub(/-[0-9]+$/, "", name)
		for (i = 4; i <= NF; i++)
			if ($i !~ /^(B|allocs)\/op$/ && $(i-1) ~ /^[0-9.]+$/) print rev "\t" rep "\t" name " " $i "\t" $(i-1)
	}
	/^user_cpu_s / { print rev "\t" rep "\tshard bake user CPU s\t" $2 }
	/^chunks .* ratio / { for (i = 1; i < NF; i += 2) if ($i == "bytes" || $i == "ratio") print rev "\t" rep "\t.swb " $i "\t" $(i+1) }
	/^ticks / { for (i = 3; i < NF; i += 2) if ($i != "maps" && $i != "mobiles") print rev "\t" rep "\tshard run " tag " " $i "\t" $(i+1) }
	/^min warm speedup/ { print rev "\t" rep "\tbench paths min warm speedup\t" $4 + 0 }
	match($0, / (Classic|Cold|WarmNoFile|LazyFirst|LazyWarm|WarmJPS) /) {
		sc = substr($0, 1, RSTART - 1); sub(/ +$/, "", sc)
		n = split(substr($0, RSTART + 1), f, / +/)
		print rev "\t" rep "\tbench paths " sc " " f[1] " µs\t" f[4]
		print rev "\t" rep "\tbench paths " sc " " f[1] " expansions\t" f[3]
	}' "$f"
done >"$out/results.tsv"

# Per figure: each revision's median; against revision 0, the median of
# the pairs' ratios [min-max].
sort -t$'\t' -k3,3 -k1,1n -k2,2n "$out/results.tsv" | awk -F'\t' -v nrev=${#revs[@]} -v names="${revs[*]}" '
function median(s,   a, n, i, j, t) {
	n = split(s, a, " ")
	for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j-1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }
	lo = a[1]; hi = a[n]
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function flush(   i, line, rep, rs, m) {
	if (key == "") return
	line = key
	for (i = 0; i < nrev; i++) {
		if (!(i in vals)) { line = line "\t-"; continue }
		line = line "\t" sprintf("%.4g", median(vals[i]))
		if (i == 0) continue
		rs = ""
		for (rep in v) if (split(rep, p, SUBSEP) && p[1] == i && ((0, p[2]) in v) && v[0, p[2]] != 0) rs = rs " " v[i, p[2]] / v[0, p[2]]
		if (rs != "") { m = median(rs); line = line sprintf(" (%.2f [%.2f-%.2f])", m, lo, hi) }
	}
	print line
	delete vals; delete v
}
BEGIN { split(names, nm, " "); h = "figure"; for (i = 1; i <= nrev; i++) h = h "\t" nm[i] (i > 1 ? " (/" nm[1] ")" : ""); print h }
$3 != key { flush(); key = $3 }
{ vals[$1] = vals[$1] " " $4; v[$1, $2] = $4 }
END { flush() }' | tee "$out/summary.tsv" | column -t -s$'\t'
echo "raw outputs and results.tsv in $out" >&2
