package config

import "strings"

// position is a 1-based line and column in the source text.
type position struct{ line, col int }

// keyIndex maps dotted keys (parts joined by "\x00") to where each is first
// defined in the source: a "key = value" line or a "[table]" header. The TOML
// library does not export key positions, so this is a line scanner that
// understands just enough TOML (tables, dotted and quoted keys, comments,
// multi-line strings) to find keys in files the library accepted.
type keyIndex map[string]position

// indexKeys scans src and records the position of every key it defines.
func indexKeys(src string) keyIndex {
	idx := keyIndex{}
	var table []string
	inMulti := "" // closing delimiter of an open multi-line string
	for n, line := range strings.Split(src, "\n") {
		lineNo := n + 1
		if inMulti != "" {
			i := strings.Index(line, inMulti)
			if i < 0 {
				continue
			}
			inMulti = openMulti(line[i+len(inMulti):])
			continue
		}
		trimmed := strings.TrimLeft(line, " \t")
		col := len(line) - len(trimmed) + 1
		switch {
		case strings.HasPrefix(trimmed, "[["):
			if parts, _, ok := parseKey(trimmed[2:], ']'); ok {
				table = parts
				idx.add(parts, lineNo, col)
			}
		case strings.HasPrefix(trimmed, "["):
			if parts, _, ok := parseKey(trimmed[1:], ']'); ok {
				table = parts
				idx.add(parts, lineNo, col)
			}
		default:
			parts, rest, ok := parseKey(trimmed, '=')
			if !ok {
				continue
			}
			full := make([]string, 0, len(table)+len(parts))
			full = append(full, table...)
			full = append(full, parts...)
			idx.add(full, lineNo, col)
			inMulti = openMulti(rest)
		}
	}
	return idx
}

func (idx keyIndex) add(parts []string, line, col int) {
	k := strings.Join(parts, "\x00")
	if _, seen := idx[k]; !seen {
		idx[k] = position{line, col}
	}
}

// find returns the position of key, or of its nearest enclosing table or
// inline-table key when key itself is not on a line of its own.
func (idx keyIndex) find(key []string) (position, bool) {
	for n := len(key); n > 0; n-- {
		if p, ok := idx[strings.Join(key[:n], "\x00")]; ok {
			return p, true
		}
	}
	return position{}, false
}

// openMulti reports the closing delimiter of a multi-line string opened and
// left open in a value's text, or "" if none is open at the end of it.
func openMulti(s string) string {
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '#':
			return ""
		case strings.HasPrefix(s[i:], `"""`) || strings.HasPrefix(s[i:], `'''`):
			delim := s[i : i+3]
			j := strings.Index(s[i+3:], delim)
			if j < 0 {
				return delim
			}
			i += 3 + j + 2
		case s[i] == '"':
			i = skipBasic(s, i+1)
		case s[i] == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return ""
			}
			i += 1 + j
		}
	}
	return ""
}

// skipBasic returns the index of the quote closing a basic string whose body
// starts at i (or len(s)-1 if it is not closed).
func skipBasic(s string, i int) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return len(s) - 1
}

// parseKey parses a dotted key at the start of s that is followed by end
// ('=' for a key/value line, ']' for a table header). It returns the key's
// parts, the text after end, and whether s has that shape.
func parseKey(s string, end byte) (parts []string, rest string, ok bool) {
	i := 0
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			return nil, "", false
		}
		var part string
		switch c := s[i]; {
		case c == '"':
			var b strings.Builder
			j := i + 1
			for ; j < len(s) && s[j] != '"'; j++ {
				if s[j] == '\\' && j+1 < len(s) {
					j++
					b.WriteByte(unescape(s[j]))
					continue
				}
				b.WriteByte(s[j])
			}
			if j >= len(s) {
				return nil, "", false
			}
			part, i = b.String(), j+1
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, "", false
			}
			part, i = s[i+1:i+1+j], i+2+j
		case isBare(c):
			j := i
			for j < len(s) && isBare(s[j]) {
				j++
			}
			part, i = s[i:j], j
		default:
			return nil, "", false
		}
		parts = append(parts, part)
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if i >= len(s) {
			return nil, "", false
		}
		switch s[i] {
		case '.':
			i++
		case end:
			return parts, s[i+1:], true
		default:
			return nil, "", false
		}
	}
}

func isBare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// unescape maps the single-character escapes keys are likely to use; others
// (\uXXXX) are kept as the letter, which only costs a missed line number.
func unescape(c byte) byte {
	switch c {
	case 'n':
		return '\n'
	case 't':
		return '\t'
	default:
		return c
	}
}

// KeyPosition returns the 1-based line and column where key (its dotted
// parts) is defined in the TOML text src, or where its nearest enclosing
// table is when the key is not on a line of its own; ok is false when
// neither is found. Other strict TOML readers (scenario files) name lines
// with it as the config does.
func KeyPosition(src string, key []string) (line, col int, ok bool) {
	p, ok := indexKeys(src).find(key)
	return p.line, p.col, ok
}
