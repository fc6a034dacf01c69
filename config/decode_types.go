package config

import (
	"errors"
	"strings"

	"github.com/BurntSushi/toml"
)

// maxTypeErrors bounds the wrong-typed keys decodeTyped reports.
const maxTypeErrors = 64

// decodeTyped decodes src over Default() and reports every key of the
// wrong type, not just the first: the library stops at the first, so
// each one found is taken out of raw (src's keys and values) and the rest
// decoded again, its line taken from src. The Config returned holds the
// defaults of the keys taken out, so the other keys' ranges are still
// checked.
func decodeTyped(src string, raw map[string]any, name string) (Config, toml.MetaData, []*Error) {
	var errs []*Error
	text := src
	for {
		cfg := Default()
		md, err := toml.Decode(text, &cfg)
		if err == nil {
			return cfg, md, errs
		}
		e := typeError(err, name, src, text == src)
		errs = append(errs, e)
		key := typeErrorKey(err)
		if key == "" || len(errs) >= maxTypeErrors || !deleteKey(raw, strings.Split(key, ".")) {
			return Default(), toml.MetaData{}, errs
		}
		var b strings.Builder
		if err := toml.NewEncoder(&b).Encode(raw); err != nil {
			return Default(), toml.MetaData{}, errs
		}
		text = b.String()
	}
}

// typeErrorKey is the dotted key a type error of the library names, or "".
func typeErrorKey(err error) string {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		return pe.LastKey
	}
	if m := reTypeErr.FindStringSubmatch(err.Error()); m != nil {
		return m[2]
	}
	return ""
}

// deleteKey removes key from t, from every table of an array of tables it
// passes through; it reports whether it removed anything.
func deleteKey(t map[string]any, key []string) bool {
	if len(key) == 0 {
		return false
	}
	v, ok := t[key[0]]
	if !ok {
		return false
	}
	if len(key) == 1 {
		delete(t, key[0])
		return true
	}
	switch v := v.(type) {
	case map[string]any:
		return deleteKey(v, key[1:])
	case []map[string]any:
		done := false
		for _, el := range v {
			done = deleteKey(el, key[1:]) || done
		}
		return done
	}
	delete(t, key[0]) // a value where a table belongs: the value is the problem
	return true
}

// withoutTypeErrors drops the range problems that name a key of the wrong
// type: such a key was checked at its default, which says nothing of the
// file.
func withoutTypeErrors(problems, typeErrs []*Error) []*Error {
	if len(typeErrs) == 0 {
		return problems
	}
	out := problems[:0]
	for _, p := range problems {
		related := false
		for _, te := range typeErrs {
			if te.Key != "" && (p.Key == te.Key || strings.Contains(p.Msg, te.Key)) {
				related = true
				break
			}
		}
		if !related {
			out = append(out, p)
		}
	}
	return out
}
