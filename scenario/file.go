package scenario

import (
	"errors"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/shardcore/shardcore/config"
)

// Scenario is a scenario file: a world, how the run goes, an optional
// standard population, named mobiles with their orders, and what must
// hold.
type Scenario struct {
	Name        string   `toml:"name"`
	Description string   `toml:"description"`
	World       World    `toml:"world"`
	Run         RunSpec  `toml:"run"`
	Population  PopSpec  `toml:"population"`
	Mobiles     []Mobile `toml:"mobile"`
	Expect      []Expect `toml:"expect"`
	path        string   // the file it was read from
	src         string   // its text (for lines of later errors)
}

// World names the world: a generated profile ("default", "britannia")
// with its seed (and, for default, its size), or a folder of client files
// (DataDir); Map is the map simulated.
type World struct {
	Profile string `toml:"profile"`
	Seed    int64  `toml:"seed"`
	Size    string `toml:"size"`
	DataDir string `toml:"dataDir"`
	Map     int    `toml:"map"`
}

// RunSpec is how the run goes: at most Ticks ticks of TickMs game ms each,
// ending early once UntilMobile has taken UntilSteps steps; the searches
// budgeted per tick (MaxSearchesPerTick: deterministic), the search
// ("cache" or "jps"), the step cache's admission threshold and whether the
// cache is used at all, FollowDirect (pets step straight at their owners),
// and the simulation's seed.
type RunSpec struct {
	Ticks                  int    `toml:"ticks"`
	TickMs                 int    `toml:"tickMs"`
	UntilMobile            string `toml:"untilMobile"`
	UntilSteps             int    `toml:"untilSteps"`
	MaxSearchesPerTick     int    `toml:"maxSearchesPerTick"`
	Search                 string `toml:"search"`
	Cache                  *bool  `toml:"cache"`
	MissPromotionThreshold int    `toml:"missPromotionThreshold"`
	FollowDirect           bool   `toml:"followDirect"`
	Seed                   int64  `toml:"seed"`
}

// PopSpec is a standard population placed on the world first (as `shard
// run` places it): pets each following a player walking the pet route,
// patrols, swimmers.
type PopSpec struct {
	Pets     int   `toml:"pets"`
	Patrols  int   `toml:"patrols"`
	Swimmers int   `toml:"swimmers"`
	Seed     int64 `toml:"seed"`
}

// Mobile is a named mobile: where it spawns (At: x, y and optionally z,
// else the land's z), its capabilities ("player", "swim", "cantwalk",
// "fly", "doors", "obstacles", "staff", "dead"), its pace and its order.
type Mobile struct {
	Name    string   `toml:"name"`
	At      []int    `toml:"at"`
	Caps    []string `toml:"caps"`
	SpeedMs int      `toml:"speedMs"`
	Order   Order    `toml:"order"`
}

// Order is a mobile's order: Kind "stop" (the default), "move_to" (Goal,
// Range), "follow" (Target: a mobile's name, Range), "patrol" (Waypoints,
// Tolerance), "wander" (Home, Radius), "walk_route" (Waypoints: the
// route's legs are searched once, as a client routes, and walked by
// direction, looping) or "steps" (Dirs: "N", "NE", … "NW").
type Order struct {
	Kind      string   `toml:"kind"`
	Target    string   `toml:"target"`
	Range     int      `toml:"range"`
	Goal      []int    `toml:"goal"`
	Waypoints [][]int  `toml:"waypoints"`
	Tolerance int      `toml:"tolerance"`
	Home      []int    `toml:"home"`
	Radius    int      `toml:"radius"`
	Dirs      []string `toml:"dirs"`
}

// Expect is one thing that must hold; Kind says which (see the package
// doc for each kind and its fields).
type Expect struct {
	Kind   string `toml:"kind"`
	Mobile string `toml:"mobile"`
	Slack  int    `toml:"slack"`
	After  int    `toml:"after"`
	ByTick int    `toml:"byTick"`
	Steps  int    `toml:"steps"`
	At     []int  `toml:"at"`
	Radius int    `toml:"radius"`
	Count  int    `toml:"count"`
}

// Error is a problem with a scenario file: the file, the line (0: none
// known), the key, and what is wrong.
type Error struct {
	File string
	Line int
	Key  string
	Msg  string
}

func (e *Error) Error() string {
	where := e.File
	if e.Line > 0 {
		where = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	if e.Key != "" {
		return fmt.Sprintf("%s: %s: %s", where, e.Key, e.Msg)
	}
	return fmt.Sprintf("%s: %s", where, e.Msg)
}

// Load reads and checks a scenario file strictly: a syntax error, a value
// of the wrong type, an unknown key and every value out of range is an
// error naming the file, line and key (several are joined).
func Load(path string) (*Scenario, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	if !fi.Mode().IsRegular() || fi.Size() > 1<<20 {
		return nil, fmt.Errorf("scenario %s: not a regular file of at most 1 MiB", path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("scenario: %w", err)
	}
	return Parse(b, path)
}

// Parse reads a scenario from data, named name in errors.
func Parse(data []byte, name string) (*Scenario, error) {
	src := string(data)
	sc := &Scenario{path: name, src: src}
	md, err := toml.Decode(src, sc)
	if err != nil {
		e := &Error{File: name, Msg: err.Error()}
		var pe toml.ParseError
		if errors.As(err, &pe) {
			e.Line, e.Key, e.Msg = pe.Position.Line, pe.LastKey, pe.Message
		} else if m := reTypeErr.FindStringSubmatch(e.Msg); m != nil {
			e.Line, _ = strconv.Atoi(m[1])
			e.Key, e.Msg = m[2], m[3]
		}
		return nil, e
	}
	var errs []error
	known := knownKeys(reflect.TypeOf(Scenario{}), "", map[string]bool{})
	seen := map[string]bool{}
	for _, k := range append(md.Keys(), md.Undecoded()...) {
		ks := strings.Join(k, ".")
		if known[ks] || seen[ks] {
			continue
		}
		seen[ks] = true
		e := &Error{File: name, Key: ks, Msg: "unknown key"}
		e.Line, _, _ = config.KeyPosition(src, k)
		errs = append(errs, e)
	}
	errs = append(errs, sc.check()...)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return sc, nil
}

// problem returns an Error at key (dotted) with its line.
func (sc *Scenario) problem(key, format string, args ...any) error {
	e := &Error{File: sc.path, Key: key, Msg: fmt.Sprintf(format, args...)}
	e.Line, _, _ = config.KeyPosition(sc.src, strings.Split(key, "."))
	return e
}

// reTypeErr matches the TOML library's type errors, whose line is only in
// their text: `toml: line 3 (last key "a.b"): msg`.
var reTypeErr = regexp.MustCompile(`^toml: (?:line (\d+) )?\(last key "((?:[^"\\]|\\.)*)"\): (.*)$`)

// knownKeys adds to known every dotted key of struct type t's toml fields
// under prefix, spelt exactly (the library matches keys case-insensitively;
// a scenario spells them as documented).
func knownKeys(t reflect.Type, prefix string, known map[string]bool) map[string]bool {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("toml")
		if tag == "" || tag == "-" {
			continue
		}
		key := prefix + tag
		known[key] = true
		ft := f.Type
		for ft.Kind() == reflect.Slice || ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Struct {
			knownKeys(ft, key+".", known)
		}
	}
	return known
}
