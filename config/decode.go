package config

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/shardcore/shardcore/internal/safefile"
)

// MaxFileBytes is the largest config file read (the default one is about
// 5 KB); the file must also be a regular file, both checked before it is
// read.
const MaxFileBytes = 1 << 20

// Load reads and decodes the file at path (see Decode). A missing file is a
// *Error of KindIO that also matches errors.Is(err, fs.ErrNotExist).
func Load(path string) (Config, error) {
	data, err := safefile.ReadFile(path, MaxFileBytes)
	if err != nil {
		msg := "cannot read config: " + err.Error()
		if errors.Is(err, os.ErrNotExist) {
			msg = "config file does not exist"
		}
		return Config{}, &Error{File: path, Kind: KindIO, Msg: msg, Err: fmt.Errorf("read config: %w", err)}
	}
	return Decode(data, path)
}

// LoadOptional is Load that returns Default() and found = false, with no
// error, when the file at path does not exist.
func LoadOptional(path string) (cfg Config, found bool, err error) {
	cfg, err = Load(path)
	if errors.Is(err, os.ErrNotExist) {
		return Default(), false, nil
	}
	return cfg, err == nil, err
}

// Decode parses data, the text of the file called name (used in messages),
// over Default(): keys absent from data keep their default. It is strict:
// a syntax error (with line and column), every value of the wrong type
// (with key and line), every unknown key (with key and line) and every
// out-of-range value (with key, value and allowed range) is reported as a
// *Error, or as Errors when there are several. On error the returned Config
// is the zero value.
func Decode(data []byte, name string) (Config, error) {
	src := string(data)
	var raw map[string]any
	if _, err := toml.Decode(src, &raw); err != nil {
		return Config{}, syntaxError(err, name)
	}
	cfg, md, typeErrs := decodeTyped(src, raw, name)
	// The library matches keys to fields case-insensitively and reports
	// only keys it could not place as undecoded; a key is known here only
	// if it is spelt exactly as the schema spells it.
	undecoded := collapse(unknownKeys(md))
	problems := withoutTypeErrors(cfg.problems(), typeErrs)
	if len(undecoded) == 0 && len(problems) == 0 && len(typeErrs) == 0 {
		return cfg, nil
	}
	idx := indexKeys(src)
	errs := make([]*Error, 0, len(typeErrs)+len(undecoded)+len(problems))
	errs = append(errs, typeErrs...)
	for _, k := range undecoded {
		e := &Error{
			File: name, Key: k.String(), Kind: KindUnknownKey,
			Msg: fmt.Sprintf("unknown key %q", k.String()),
		}
		if s := suggest(e.Key); s != "" {
			e.Msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		if p, ok := idx.find(k); ok {
			e.Line, e.Col = p.line, p.col
		}
		errs = append(errs, e)
	}
	for _, e := range problems {
		e.File = name
		p, ok := idx[strings.ReplaceAll(e.Key, ".", "\x00")]
		if other := crossKey(e.Key); !ok && other != "" { // checked against a key the file sets
			p, ok = idx[strings.ReplaceAll(other, ".", "\x00")]
		}
		if ok {
			e.Line, e.Col = p.line, p.col
		}
		errs = append(errs, e)
	}
	sort.SliceStable(errs, func(i, j int) bool { return lineKey(errs[i]) < lineKey(errs[j]) })
	return Config{}, asError(errs)
}

// lineKey orders errors by line, those without a line last.
func lineKey(e *Error) int {
	if e.Line == 0 {
		return int(^uint(0) >> 1)
	}
	return e.Line
}

// unknownKeys returns every key in the file that is not spelt exactly as a
// key of Config, in file order.
func unknownKeys(md toml.MetaData) []toml.Key {
	known := make(map[string]bool)
	for _, k := range knownKeys() {
		known[k] = true
	}
	seen := make(map[string]bool)
	var out []toml.Key
	add := func(k toml.Key) {
		j := strings.Join(k, "\x00")
		if !seen[j] {
			seen[j] = true
			out = append(out, k)
		}
	}
	for _, k := range md.Keys() {
		if !known[strings.Join(k, ".")] {
			add(k)
		}
	}
	for _, k := range md.Undecoded() {
		add(k)
	}
	return out
}

// collapse drops unknown keys inside an unknown table, so an unknown table
// is one error and not one per key in it.
func collapse(keys []toml.Key) []toml.Key {
	set := make(map[string]bool, len(keys))
	for _, k := range keys {
		set[strings.Join(k, "\x00")] = true
	}
	var out []toml.Key
	for _, k := range keys {
		inside := false
		for n := 1; n < len(k); n++ {
			if set[strings.Join(k[:n], "\x00")] {
				inside = true
				break
			}
		}
		if !inside {
			out = append(out, k)
		}
	}
	return out
}

func syntaxError(err error, name string) *Error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		return &Error{
			File: name, Line: pe.Position.Line, Col: pe.Position.Col, Kind: KindSyntax,
			Msg: "syntax error: " + pe.Message, Err: err,
		}
	}
	return &Error{File: name, Kind: KindSyntax, Msg: "syntax error: " + err.Error(), Err: err}
}

var (
	// reTypeErr matches the library's type errors, which carry the line
	// only in their text: `toml: line 3 (last key "a.b"): msg`.
	reTypeErr = regexp.MustCompile(`^toml: (?:line (\d+) )?\(last key "((?:[^"\\]|\\.)*)"\): (.*)$`)
	// reTypes picks the two type names out of an incompatible-types message.
	reTypes = regexp.MustCompile(`TOML value has type (\S+); destination has type (.+)$`)
	// reTable picks the type out of a value given where a table belongs.
	reTable = regexp.MustCompile(`expected table but found (\S+)$`)
)

// tomlTypeName turns the Go type names in the library's messages into TOML's.
func tomlTypeName(s string) string {
	switch {
	case s == "int64":
		return "integer"
	case s == "float64":
		return "float"
	case s == "bool":
		return "boolean"
	case s == "slice" || strings.HasPrefix(s, "[]"):
		return "array"
	case s == "map" || strings.HasPrefix(s, "map["):
		return "table"
	case strings.HasPrefix(s, "time.") || strings.HasPrefix(s, "toml.Local"):
		return "datetime"
	default:
		return s
	}
}

// typeError is the *Error of the library's type error err, found decoding
// a text whose keys are src's; lineOK says the line in err is src's (the
// text was src itself), else the key's line is looked up in src.
func typeError(err error, name, src string, lineOK bool) *Error {
	e := &Error{File: name, Kind: KindType, Err: err}
	msg := err.Error()
	var pe toml.ParseError
	if errors.As(err, &pe) {
		e.Line, e.Key, msg = pe.Position.Line, pe.LastKey, pe.Message
	} else if m := reTypeErr.FindStringSubmatch(msg); m != nil {
		e.Line, _ = strconv.Atoi(m[1])
		e.Key, msg = m[2], m[3]
	}
	if !lineOK {
		e.Line = 0
	}
	if m := reTypes.FindStringSubmatch(msg); m != nil {
		msg = fmt.Sprintf("wrong type: got %s, want %s", tomlTypeName(m[1]), tomlTypeName(m[2]))
	} else if m := reTable.FindStringSubmatch(msg); m != nil {
		msg = fmt.Sprintf("wrong type: got %s, want table", tomlTypeName(m[1]))
	}
	if e.Key == "" {
		e.Msg = msg
		return e
	}
	if p, ok := indexKeys(src).find(strings.Split(e.Key, ".")); ok {
		if e.Line == 0 || e.Line == p.line {
			e.Line, e.Col = p.line, p.col
		}
	}
	e.Msg = fmt.Sprintf("%s: %s", e.Key, msg)
	return e
}
