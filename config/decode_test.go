package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestUnknownKeyNamesKeyAndLine(t *testing.T) {
	src := "[world]\nseed = 3\n\n[pathfinding]\nenabled = true\nmaxResidentChunk = 10\n"
	e := one(t, src)
	wantErr(t, e, KindUnknownKey, "pathfinding.maxResidentChunk", 6,
		`server.toml:6:1: unknown key "pathfinding.maxResidentChunk" (did you mean "pathfinding.maxResidentChunks"?)`)
}

func TestUnknownKeySuggestions(t *testing.T) {
	for src, want := range map[string]string{
		"[log]\nLevel = 'info'\n":               `"log.level"`,
		"[shard]\ntickms = 8\n":                 `"shard.tickMs"`,
		"[pathfinding.recorder]\nenabled = 1\n": `"pathfinding.recorder.enable"`,
		"[world]\nsead = 1\n":                   `"world.seed"`,
		"[Log]\nlevel = 'debug'\n":              `"log"`,
		"shard.Population.pets = 1\n":           `"shard.population.pets"`,
	} {
		e := one(t, src)
		if !strings.Contains(e.Msg, "did you mean "+want) {
			t.Errorf("%q: message %q does not suggest %s", src, e.Msg, want)
		}
	}
	for _, src := range []string{"[world]\ncolour = 1\n", "[log]\nseed = 1\n", "frobnicate = 1\n"} {
		if e := one(t, src); strings.Contains(e.Msg, "did you mean") {
			t.Errorf("%q: unexpected suggestion in %q", src, e.Msg)
		}
	}
}

func TestSeveralUnknownKeysAllListedInFileOrder(t *testing.T) {
	src := `tickMs = 8
[world]
sede = 3
[pathfinding.recorder]
  enabled = true
[colour]
a = 1
b = 2
[log]
level = "info"
levle = "debug"
`
	es := mustFail(t, src)
	want := []struct {
		key  string
		line int
	}{{"tickMs", 1}, {"world.sede", 3}, {"pathfinding.recorder.enabled", 5}, {"colour", 6}, {"log.levle", 11}}
	if len(es) != len(want) {
		t.Fatalf("got %d errors, want %d:\n%v", len(es), len(want), Errors(es))
	}
	for i, w := range want {
		wantErr(t, es[i], KindUnknownKey, w.key, w.line)
	}
	if es[2].Col != 3 {
		t.Errorf("indented key: col %d, want 3", es[2].Col)
	}
	_, err := Decode([]byte(src), "server.toml")
	if n := strings.Count(err.Error(), "\n") + 1; n != len(want) {
		t.Errorf("message has %d lines, want %d:\n%v", n, len(want), err)
	}
}

func TestUnknownKeyInDottedAndInlineForms(t *testing.T) {
	e := one(t, "# c\nworld.sizee = \"64x64\"\n")
	wantErr(t, e, KindUnknownKey, "world.sizee", 2)
	e = one(t, "\n\nshard = { tickMs = 8, ticks = 5 }\n")
	wantErr(t, e, KindUnknownKey, "shard.ticks", 3)
	e = one(t, "[world]\ns = '''\nbogus = 1\n'''\n")
	wantErr(t, e, KindUnknownKey, "world.s", 2)
}

func TestWrongTypeNamesKeyAndLine(t *testing.T) {
	cases := []struct {
		src  string
		key  string
		line int
		frag string
	}{
		{"[pathfinding]\n\nmaxNodes = \"many\"\n", "pathfinding.maxNodes", 3, "want integer"},
		{"[world]\nmaps = 0\n", "world.maps", 2, "got integer"},
		{"[world]\nmaps = [0, \"one\"]\n", "world.maps", 2, "wrong type"},
		{"[pathfinding]\nenabled = 1\n", "pathfinding.enabled", 2, "want boolean"},
		{"[log]\nlevel = 3\n", "log.level", 2, "want string"},
		{"[shard]\ntickMs = 8.5\n", "shard.tickMs", 2, "got float"},
		{"world = 5\n", "world", 1, "got integer, want table"},
		{"[world]\nseed = 1979-05-27\n", "world.seed", 2, "got datetime"},
		{"[log]\nlevel = [\"info\"]\n", "log.level", 2, "got array, want string"},
	}
	for _, c := range cases {
		e := one(t, c.src)
		wantErr(t, e, KindType, c.key, c.line, c.frag, c.key)
	}
}

func TestSyntaxErrorHasLineAndColumn(t *testing.T) {
	e := one(t, "[world]\nseed = 1\nsize = \"64x64\n")
	wantErr(t, e, KindSyntax, "", 3, "server.toml:3:", "syntax error")
	if e.Col < 1 {
		t.Errorf("col %d, want >= 1", e.Col)
	}
	e = one(t, "[world]\n  seed == 1\n")
	wantErr(t, e, KindSyntax, "", 2)
	if e.Col != 9 { // the second '='
		t.Errorf("%v: col %d, want 9", e, e.Col)
	}
	e = one(t, "[world]\nseed = 1\n[world]\n")
	wantErr(t, e, KindSyntax, "", 3)
}

func TestOutOfRangeEachRule(t *testing.T) {
	cases := []struct {
		name, src, key string
		line           int
		frags          []string
	}{
		{"maps empty", "[world]\nmaps = []", "world.maps", 2, []string{"at least one"}},
		{"map id", "[world]\nmaps = [0, 300]", "world.maps", 2, []string{"300", "0..255"}},
		{"map twice", "[world]\nmaps = [1, 1]", "world.maps", 2, []string{"twice"}},
		{"default has map 0 only", "[world]\nmaps = [0, 1]", "world.maps", 2, []string{"[0 1]", "only map 0", "britannia"}},
		{"resident under maps", "[world]\nprofile = \"britannia\"\nmaps = [0, 1, 2]\n[pathfinding]\nmaxResidentChunks = 2", "pathfinding.maxResidentChunks", 5, []string{"= 2", "one chunk per map", "(3)"}},
		{"share high", "[world]\nprofile = \"britannia\"\nmaps = [0, 2]\n[[shard.population.map]]\nid = 2\nshare = 1.5", "shard.population.map.share", 6, []string{"map 2", "1.5", "0..1"}},
		{"share sum", "[world]\nprofile = \"britannia\"\nmaps = [0, 1, 2]\n[[shard.population.map]]\nid = 1\nshare = 0.75\n[[shard.population.map]]\nid = 2\nshare = 0.5", "shard.population.map.share", 6, []string{"sum to 1.25", "at most 1"}},
		{"shares leave a rest", "[world]\nprofile = \"britannia\"\nmaps = [0, 2]\n[[shard.population.map]]\nid = 0\nshare = 0.5\n[[shard.population.map]]\nid = 2\nshare = 0.25", "shard.population.map.share", 6, []string{"every map", "0.75", "not 1"}},
		{"share map not loaded", "[world]\nprofile = \"britannia\"\nmaps = [0, 2]\n[[shard.population.map]]\nid = 3\nshare = 0.5", "shard.population.map.id", 5, []string{"map 3", "world.maps [0 2]"}},
		{"share map twice", "[world]\nprofile = \"britannia\"\nmaps = [0, 2]\n[[shard.population.map]]\nid = 2\nshare = 0.1\n[[shard.population.map]]\nid = 2\nshare = 0.1", "shard.population.map.id", 5, []string{"map 2 listed twice"}},
		{"resident", "[pathfinding]\nmaxResidentChunks = -1", "pathfinding.maxResidentChunks", 2, []string{"= -1", "0..4194304"}},
		{"threshold", "[pathfinding]\nmissPromotionThreshold = 0", "pathfinding.missPromotionThreshold", 2, []string{"= 0", "1..255"}},
		{"window", "[pathfinding]\nmissPromotionWindowMs = -5", "pathfinding.missPromotionWindowMs", 2, []string{"= -5", "1..86400000"}},
		{"visit", "[pathfinding]\nmissVisitMs = 0", "pathfinding.missVisitMs", 2, []string{"= 0", "1..86400000"}},
		{"prefetch ticks", "[pathfinding]\nprefetch = true\nprefetchTicks = 0", "pathfinding.prefetchTicks", 3, []string{"= 0", "1..100000"}},
		{"prefetch ticks high", "[pathfinding]\nprefetchTicks = 100001", "pathfinding.prefetchTicks", 2, []string{"= 100001", "1..100000"}},
		{"sleep radius", "[shard]\nsleepRadius = 65", "shard.sleepRadius", 2, []string{"= 65", "0..64"}},
		{"move workers", "[shard]\nmoveWorkers = 3", "shard.moveWorkers", 2, []string{"= 3", "0..2"}},
		{"helper spin", "[shard]\nhelperSpinUs = -1", "shard.helperSpinUs", 2, []string{"= -1", "0..10000"}},
		{"idle", "[shard]\nidle = \"poll\"", "shard.idle", 2, []string{`"poll"`, `"sleep"`, `"spin"`}},
		{"prebake id", "[pathfinding]\nprebakeMaps = [-1]", "pathfinding.prebakeMaps", 2, []string{"-1", "0..255"}},
		{"prebake not loaded", "[pathfinding]\nprebakeMaps = [2]", "pathfinding.prebakeMaps", 2, []string{"map 2", "world.maps"}},
		{"cacheDir", "[pathfinding]\ncacheDir = ''", "pathfinding.cacheDir", 2, []string{"empty"}},
		{"budget zero", "[pathfinding]\ntickBudgetMs = 0.0", "pathfinding.tickBudgetMs", 2, []string{"= 0.0", "> 0"}},
		{"budget nan", "[pathfinding]\ntickBudgetMs = nan", "pathfinding.tickBudgetMs", 2, []string{"nan"}},
		{"budget over tick", "[pathfinding]\ntickBudgetMs = 9.5", "pathfinding.tickBudgetMs", 2, []string{"9.5", "<= shard.tickMs (8)"}},
		{"verify high", "[pathfinding]\nverifyShare = 1.5", "pathfinding.verifyShare", 2, []string{"1.5", "0..1"}},
		{"verify low", "[pathfinding]\nverifyShare = -0.1", "pathfinding.verifyShare", 2, []string{"-0.1", "0..1"}},
		{"maxNodes", "[pathfinding]\nmaxNodes = 0", "pathfinding.maxNodes", 2, []string{"= 0"}},
		{"nodesBase", "[pathfinding]\nnodesBase = 0", "pathfinding.nodesBase", 2, []string{"= 0", "1..16777216"}},
		{"mobileHorizon", "[pathfinding]\nmobileHorizon = -1", "pathfinding.mobileHorizon", 2, []string{"= -1", "0..32768"}},
		{"search", "[pathfinding]\n\nsearch = \"dijkstra\"", "pathfinding.search", 3, []string{`"dijkstra"`, `"jps"`, `"cache"`}},
		{"recorder path", "[pathfinding.recorder]\npath = \"\"", "pathfinding.recorder.path", 2, []string{"empty"}},
		{"recorder maxBytes", "[pathfinding.recorder]\nmaxBytes = 1000", "pathfinding.recorder.maxBytes", 2, []string{"= 1000", "1048576..1099511627776"}},
		{"recorder keep", "[pathfinding.recorder]\nkeep = -1", "pathfinding.recorder.keep", 2, []string{"= -1", "0..1000"}},
		{"tick big", "[shard]\ntickMs = 1001", "shard.tickMs", 2, []string{"1001", "1..1000"}},
		{"pets", "[shard.population]\npets = -1", "shard.population.pets", 2, []string{"-1", "0..1000000"}},
		{"patrols", "[shard.population]\npatrols = -1", "shard.population.patrols", 2, []string{"-1"}},
		{"swimmers", "[shard.population]\nswimmers = 2000000", "shard.population.swimmers", 2, []string{"2000000"}},
		{"level", "[log]\nlevel = \"verbose\"", "log.level", 2, []string{`"verbose"`, `"debug"`}},
		{"format", "[log]\nformat = \"xml\"", "log.format", 2, []string{`"xml"`, `"json"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := one(t, c.src+"\n")
			wantErr(t, e, KindRange, c.key, c.line, append(c.frags, c.key)...)
		})
	}
}

func TestCrossFieldBudgetAgainstDefaultTick(t *testing.T) {
	// tickMs lowered below the default budget: the budget key is not in the
	// file, so the error names the key and the rule at tickMs's line.
	e := one(t, "[shard]\ntickMs = 2\n")
	wantErr(t, e, KindRange, "pathfinding.tickBudgetMs", 2, "4.0", "shard.tickMs (2)")
	// tickMs itself out of range: that is the one error (it used to blame
	// the budget, without a line).
	e = one(t, "\n[shard]\ntickMs = 0\n")
	wantErr(t, e, KindRange, "shard.tickMs", 3, "= 0", "1..1000")
}

// TestDuplicateMapIDsAreCounted: a list of a million repeated ids is five
// errors and a count, not a million lines.
func TestDuplicateMapIDsAreCounted(t *testing.T) {
	src := "[world]\nmaps = [" + strings.Repeat("0,", 1_000_000) + "0]\n"
	_, err := Decode([]byte(src), "server.toml")
	var errs Errors
	if !errors.As(err, &errs) || len(errs) != 6 || !strings.Contains(errs[5].Msg, "999995 more map ids") {
		t.Fatalf("%d errors: %.300v", len(errs), err)
	}
}

func TestBadSizeStrings(t *testing.T) {
	for _, s := range []string{"", "1024", "1024x", "x1024", "1024*1024", "-64x64", "+64x64", " 64x64",
		"100x64", "64x100", "48x64", "64x48", "7184x4096", "7168x4112", "0x0", "99999999x64", "64x64x64",
		"64x64", "504x512", "1444x1448", "1448x1444"} {
		e := one(t, "[world]\nsize = \""+s+"\"\n")
		wantErr(t, e, KindRange, "world.size", 2, "world.size", "\""+s+"\"")
	}
	for _, s := range []string{"512x512", "7168x4096", "1024X512", "6144x4096", "1448x1448", "520x1032"} {
		if _, err := Decode([]byte("[world]\nsize = \""+s+"\"\n"), "server.toml"); err != nil {
			t.Errorf("size %q: %v", s, err)
		}
	}
	w, h, err := World{Size: "7168x4096"}.Dimensions()
	if err != nil || w != 7168 || h != 4096 {
		t.Errorf("Dimensions = %d, %d, %v", w, h, err)
	}
	if _, _, err := (World{Size: "1x1"}).Dimensions(); err == nil || !strings.Contains(err.Error(), "world.size") {
		t.Errorf("Dimensions(1x1) error = %v, want one naming world.size", err)
	}
}

func TestSeveralRangeErrorsAndUnknownKeysTogether(t *testing.T) {
	src := "[pathfinding]\nverifyShare = 2.0\nbogus = 1\n[shard]\ntickMs = 0\n"
	es := mustFail(t, src)
	// tickMs = 0 is the error; the default budget is not blamed for it.
	want := []string{"pathfinding.verifyShare", "pathfinding.bogus", "shard.tickMs"}
	if len(es) != len(want) {
		t.Fatalf("got %v, want keys %v", Errors(es), want)
	}
	for i, k := range want {
		if es[i].Key != k {
			t.Errorf("error %d: key %q, want %q (%v)", i, es[i].Key, k, es[i])
		}
	}
}

// TestEveryProblemAtOnce: a file with several keys of the wrong type (one
// in an array of tables), an unknown key and an out-of-range value reports
// every one, each with its line, in file order; a key of the wrong type
// says nothing about the range checks that read it.
func TestEveryProblemAtOnce(t *testing.T) {
	src := `[world]
maps = [0]
seed = "one"
[pathfinding]
maxNodes = 0
cacheDirr = "c"
[shard]
tickMs = "8"
[[shard.population.map]]
id = 0
share = "half"
[log]
level = 3
`
	es := mustFail(t, src)
	want := []struct {
		kind Kind
		key  string
		line int
	}{
		{KindType, "world.seed", 3},
		{KindRange, "pathfinding.maxNodes", 5},
		{KindUnknownKey, "pathfinding.cacheDirr", 6},
		{KindType, "shard.tickMs", 8},
		{KindType, "shard.population.map.share", 11},
		{KindType, "log.level", 13},
	}
	if len(es) != len(want) {
		t.Fatalf("got %d problems, want %d:\n%v", len(es), len(want), Errors(es))
	}
	for i, w := range want {
		wantErr(t, es[i], w.kind, w.key, w.line, w.key)
	}
}

func TestMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nope.toml")
	_, err := Load(path)
	if err == nil {
		t.Fatal("Load of a missing file succeeded")
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("%v does not match fs.ErrNotExist", err)
	}
	var e *Error
	if !errors.As(err, &e) || e.Kind != KindIO || e.File != path {
		t.Fatalf("error %v is not a KindIO *Error for %s", err, path)
	}
	if !strings.Contains(err.Error(), "does not exist") || !strings.Contains(err.Error(), path) {
		t.Errorf("message %q should say the file %s does not exist", err, path)
	}
	cfg, found, err := LoadOptional(path)
	if err != nil || found || !reflect.DeepEqual(cfg, Default()) {
		t.Errorf("LoadOptional(missing) = %+v, %v, %v; want defaults, false, nil", cfg, found, err)
	}
}

func TestLoadReadsFileAndReportsItsName(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.toml")
	if err := os.WriteFile(path, []byte("[shard]\ntickMs = 16\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, found, err := LoadOptional(path)
	if err != nil || !found || cfg.Shard.TickMs != 16 {
		t.Fatalf("LoadOptional = %+v, %v, %v", cfg.Shard, found, err)
	}
	if err := os.WriteFile(path, []byte("[shard]\ntick = 16\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(path)
	if err == nil || !strings.HasPrefix(err.Error(), path+":2:1: ") {
		t.Errorf("Load error = %v, want it to start with %s:2:1:", err, path)
	}
	if _, _, err := LoadOptional(dir); err == nil {
		t.Error("LoadOptional(directory) succeeded")
	}
}

func TestPartialFileKeepsOtherDefaults(t *testing.T) {
	src := `[world]
maps = [0, 1]
profile = "britannia"
[pathfinding]
maxResidentChunks = 512
tickBudgetMs = 2
prebakeMaps = [1]
[shard.population]
pets = 0
`
	got, err := Decode([]byte(src), "server.toml")
	if err != nil {
		t.Fatal(err)
	}
	want := Default()
	want.World.Maps = []int{0, 1}
	want.World.Profile = ProfileBritannia
	want.Pathfinding.MaxResidentChunks = 512
	want.Pathfinding.TickBudgetMs = 2
	want.Pathfinding.PrebakeMaps = []int{1}
	want.Shard.Population.Pets = 0
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	empty, err := Decode(nil, "empty.toml")
	if err != nil || !reflect.DeepEqual(empty, Default()) {
		t.Errorf("empty file = %+v, %v; want Default()", empty, err)
	}
}

func TestDecodeDoesNotShareDefaultSlices(t *testing.T) {
	a, err := Decode([]byte("[world]\nprofile = \"britannia\"\nmaps = [3]\n"), "a")
	if err != nil {
		t.Fatal(err)
	}
	if d := Default(); d.World.Maps[0] != 0 || a.World.Maps[0] != 3 {
		t.Errorf("Default().World.Maps = %v after decoding [3]", d.World.Maps)
	}
}

func TestErrorsFormatAndUnwrap(t *testing.T) {
	e := &Error{Line: 4, Col: 2, Kind: KindRange, Msg: "m"}
	if got := e.Error(); got != "config:4:2: m" {
		t.Errorf("Error() = %q", got)
	}
	var target *Error
	err := error(Errors{{File: "f", Msg: "a", Kind: KindType}, {File: "f", Msg: "b"}})
	if !errors.As(err, &target) || target.Msg != "a" {
		t.Errorf("errors.As(Errors) = %v", target)
	}
	if KindUnknownKey.String() != "unknown key" || Kind(99).String() != "kind(99)" {
		t.Error("Kind.String")
	}
	if err := Default().Validate(); err != nil {
		t.Errorf("Default().Validate() = %v", err)
	}
	bad := Default()
	bad.Log.Level = "loud"
	if err := bad.Validate(); err == nil || !errors.As(err, &target) || target.Key != "log.level" {
		t.Errorf("Validate(bad level) = %v", err)
	}
}

func TestWorldProfile(t *testing.T) {
	if c, err := Decode([]byte("[world]\nprofile = \"britannia\"\nmaps = [0, 1, 2, 3, 4, 5]\n"), "server.toml"); err != nil || c.World.Profile != "britannia" {
		t.Fatalf("britannia: %+v, %v", c.World, err)
	}
	e := one(t, "[world]\nprofile = \"brit\"\n")
	wantErr(t, e, KindRange, "world.profile", 2, `"brit"`, `"default", "britannia"`)
	e = one(t, "[world]\nprofile = \"britannia\"\nmaps = [0, 6]\n")
	wantErr(t, e, KindRange, "world.maps", 3, "map 6", "0..5")
	// A client folder may hold any map id.
	if _, err := Decode([]byte("[world]\nprofile = \"britannia\"\ndataDir = \"/x\"\nmaps = [7]\n"), "server.toml"); err != nil {
		t.Fatal(err)
	}
}

// TestPrefetchKeysAreStrict: a misspelled prefetch key is an unknown key
// naming its line, with the key meant; the keys decode.
func TestPrefetchKeysAreStrict(t *testing.T) {
	e := one(t, "[pathfinding]\nprefetch = true\nprefetchTick = 40\n")
	wantErr(t, e, KindUnknownKey, "pathfinding.prefetchTick", 3,
		`server.toml:3:1: unknown key "pathfinding.prefetchTick" (did you mean "pathfinding.prefetchTicks"?)`)
	cfg, err := Decode([]byte("[pathfinding]\nprefetch = true\nprefetchTicks = 40\n"), "server.toml")
	if err != nil || !cfg.Pathfinding.Prefetch || cfg.Pathfinding.PrefetchTicks != 40 {
		t.Fatalf("prefetch %v ticks %d: %v", cfg.Pathfinding.Prefetch, cfg.Pathfinding.PrefetchTicks, err)
	}
}
