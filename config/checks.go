package config

import "fmt"

// maxListProblems is how many bad ids of one list are reported one by one;
// the rest are counted in one more.
const maxListProblems = 5

// mapList checks map ids are in range and distinct (and, if nonEmpty, that
// there is at least one); it reports whether the list was valid.
func (v *validator) mapList(key string, ids []int, nonEmpty bool) bool {
	ok := true
	if nonEmpty && len(ids) == 0 {
		v.add(key, key+" = []: want at least one map id")
		ok = false
	}
	var seen [MaxMapID + 1]bool
	bad := 0
	for _, id := range ids {
		var msg string
		switch {
		case id < 0 || id > MaxMapID:
			msg = fmt.Sprintf("%s: map id %d out of range, want 0..%d", key, id, MaxMapID)
		case seen[id]:
			msg = fmt.Sprintf("%s: map id %d listed twice", key, id)
		default:
			seen[id] = true
			continue
		}
		ok = false
		if bad++; bad <= maxListProblems {
			v.add(key, msg)
		}
	}
	if bad > maxListProblems {
		v.add(key, fmt.Sprintf("%s: %d more map ids out of range or listed twice (%d of %d ids in all)", key, bad-maxListProblems, bad, len(ids)))
	}
	return ok
}

// crossKey names, for a key checked against another, that other key ("":
// none): an error of a key absent from the file takes the other's line.
func crossKey(key string) string {
	switch key {
	case "pathfinding.tickBudgetMs":
		return "shard.tickMs"
	case "pathfinding.maxResidentChunks", "pathfinding.prebakeMaps":
		return "world.maps"
	}
	return ""
}

// recorder checks the [pathfinding.recorder] table.
func (v *validator) recorder(r Recorder) {
	v.nonEmpty("pathfinding.recorder.path", r.Path)
	if r.MaxBytes < MinRecorderBytes || r.MaxBytes > MaxRecorderBytes {
		v.add("pathfinding.recorder.maxBytes", fmt.Sprintf("pathfinding.recorder.maxBytes = %d: out of range, want %d..%d (1 MiB .. 1 TiB)",
			r.MaxBytes, MinRecorderBytes, MaxRecorderBytes))
	}
	v.intIn("pathfinding.recorder.keep", r.Keep, 0, MaxRecorderKeep)
}
