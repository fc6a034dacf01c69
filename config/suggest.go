package config

import (
	"reflect"
	"strings"
)

// knownKeys lists every dotted key of Config, tables included.
func knownKeys() []string {
	var out []string
	var walk func(rt reflect.Type, prefix string)
	walk = func(rt reflect.Type, prefix string) {
		for i := 0; i < rt.NumField(); i++ {
			f := rt.Field(i)
			key := prefix + f.Tag.Get("toml")
			out = append(out, key)
			switch {
			case f.Type.Kind() == reflect.Struct:
				walk(f.Type, key+".")
			case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct: // an array of tables
				walk(f.Type.Elem(), key+".")
			}
		}
	}
	walk(reflect.TypeOf(Config{}), "")
	return out
}

// suggest returns the known key an unknown dotted key was most likely meant
// to be, correcting each part that differs from a known key in the same
// table by case or by at most two edits; "" if there is no such key.
func suggest(unknown string) string {
	known := knownKeys()
	isKnown := make(map[string]bool, len(known))
	for _, k := range known {
		isKnown[k] = true
	}
	fixed := ""
	for _, part := range strings.Split(unknown, ".") {
		next := part
		if fixed != "" {
			next = fixed + "." + part
		}
		if !isKnown[next] {
			next = nearest(known, fixed, part)
			if next == "" {
				return ""
			}
		}
		fixed = next
	}
	if fixed == unknown {
		return ""
	}
	return fixed
}

// nearest returns the known key in table closest to name, or "".
func nearest(known []string, table, name string) string {
	best, bestDist := "", 3
	for _, k := range known {
		kt, kn := splitLast(k)
		if kt != table {
			continue
		}
		if d := editDistance(strings.ToLower(name), strings.ToLower(kn)); d < bestDist {
			best, bestDist = k, d
		}
	}
	return best
}

func splitLast(key string) (table, name string) {
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		return key[:i], key[i+1:]
	}
	return "", key
}

// editDistance is the Levenshtein distance between a and b (bytes), capped
// at 3 for long inputs.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 3
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
