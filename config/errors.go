package config

import (
	"strconv"
	"strings"
)

// Kind classifies an Error.
type Kind int

// The kinds of configuration error.
const (
	// KindIO is a file that cannot be read; a missing file also matches
	// errors.Is(err, fs.ErrNotExist).
	KindIO Kind = iota + 1
	// KindSyntax is text that is not valid TOML.
	KindSyntax
	// KindUnknownKey is a key or table the schema does not have.
	KindUnknownKey
	// KindType is a value of the wrong TOML type for its key.
	KindType
	// KindRange is a well-typed value outside the key's allowed range.
	KindRange
)

// String returns the kind's name as used in messages.
func (k Kind) String() string {
	switch k {
	case KindIO:
		return "io"
	case KindSyntax:
		return "syntax"
	case KindUnknownKey:
		return "unknown key"
	case KindType:
		return "wrong type"
	case KindRange:
		return "out of range"
	default:
		return "kind(" + strconv.Itoa(int(k)) + ")"
	}
}

// Error is one problem with a configuration file. Line and Col are 1-based
// and 0 when unknown; Key is the dotted TOML key ("pathfinding.maxNodes") or
// "" when the problem is not tied to one key.
type Error struct {
	File string
	Line int
	Col  int
	Key  string
	Kind Kind
	Msg  string
	// Err is the underlying error, if any (an fs error, a toml error).
	Err error
}

// Error formats the problem as "file:line:col: msg".
func (e *Error) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
	} else {
		b.WriteString("config")
	}
	if e.Line > 0 {
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(e.Line))
		if e.Col > 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(e.Col))
		}
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Errors is several problems found in one file, in file order where known.
// errors.As(err, &e) with e a *Error finds the first.
type Errors []*Error

// Error formats every problem, one per line.
func (es Errors) Error() string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Unwrap returns the problems as errors, for errors.Is and errors.As.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// asError returns nil for no problems, the single *Error for one, and
// Errors for several.
func asError(es []*Error) error {
	switch len(es) {
	case 0:
		return nil
	case 1:
		return es[0]
	default:
		return Errors(es)
	}
}
