package config

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// leaf is one scalar or list field of Config and its dotted TOML key; in
// is set for a field of an array of tables' element (index is then within
// the element).
type leaf struct {
	key   string
	index []int
	in    string
}

// leaves lists every non-struct field of Config by reflection (the fields
// of an array of tables' elements too), failing the test for a field
// without a toml tag.
func leaves(t *testing.T) []leaf {
	t.Helper()
	var out []leaf
	var walk func(rt reflect.Type, prefix string, index []int, in string)
	walk = func(rt reflect.Type, prefix string, index []int, in string) {
		for i := 0; i < rt.NumField(); i++ {
			f := rt.Field(i)
			tag := f.Tag.Get("toml")
			if tag == "" || tag == "-" {
				t.Errorf("field %s%s has no toml tag", prefix, f.Name)
				continue
			}
			idx := append(append([]int(nil), index...), i)
			switch {
			case f.Type.Kind() == reflect.Struct:
				walk(f.Type, prefix+tag+".", idx, in)
			case f.Type.Kind() == reflect.Slice && f.Type.Elem().Kind() == reflect.Struct:
				walk(f.Type.Elem(), prefix+tag+".", nil, prefix+tag)
			default:
				out = append(out, leaf{prefix + tag, idx, in})
			}
		}
	}
	walk(reflect.TypeOf(Config{}), "", nil, "")
	return out
}

// withShares is the default config with two [[shard.population.map]]
// tables, so their keys are written.
func withShares() Config {
	c := Default()
	c.World.Profile, c.World.Maps = ProfileBritannia, []int{0, 2, 5}
	c.Shard.Population.Maps = []MapShare{{ID: 2, Share: 0.25}, {ID: 5, Share: 0}}
	c.Shard.Moongates = []Moongate{{Map: 0, X: 10, Y: 20, ToMap: 2, ToX: 30, ToY: 40, ToZ: 5}}
	c.Cluster = Cluster{NATSURL: "nats://127.0.0.1:4222", Name: "s", Self: "a", Processes: []Process{{Name: "a", Maps: []int{0, 2, 5}}, {Name: "b", Maps: []int{1}}}}
	return c
}

func writeDefault(t *testing.T) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteDefault(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestWriteDefaultDecodesToDefault(t *testing.T) {
	got, err := Decode([]byte(writeDefault(t)), "default.toml")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, Default()) {
		t.Errorf("decoded  %+v\nDefault() %+v", got, Default())
	}
}

// TestTemplateCoversEveryField proves every field of Config is written, with
// a comment line directly above its key, and that no other key is written.
func TestTemplateCoversEveryField(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, withShares()); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	var probe Config
	md, err := toml.Decode(text, &probe)
	if err != nil {
		t.Fatal(err)
	}
	if u := md.Undecoded(); len(u) > 0 {
		t.Errorf("written keys not in Config: %v", u)
	}
	idx := indexKeys(text)
	lines := strings.Split(text, "\n")
	ls := leaves(t)
	if len(ls) < 22 {
		t.Fatalf("found only %d fields by reflection", len(ls))
	}
	for _, l := range ls {
		parts := strings.Split(l.key, ".")
		if !md.IsDefined(parts...) && !(l.in != "" && slices.ContainsFunc(md.Keys(), func(k toml.Key) bool { return k.String() == l.key })) {
			t.Errorf("field %s is not written by WriteDefault", l.key)
			continue
		}
		p, ok := idx[strings.Join(parts, "\x00")]
		if !ok {
			t.Errorf("field %s: no line of its own", l.key)
			continue
		}
		if p.line < 2 || !strings.HasPrefix(strings.TrimSpace(lines[p.line-2]), "# ") {
			t.Errorf("field %s (line %d) has no comment above it", l.key, p.line)
		}
	}
}

// TestWriteEveryFieldToItsKey gives every field a distinct value and checks
// Write puts each one under its own key, escaping strings.
func TestWriteEveryFieldToItsKey(t *testing.T) {
	var want Config
	rv := reflect.ValueOf(&want).Elem()
	for i, l := range leaves(t) {
		if l.in != "" { // the one array of tables: [[shard.population.map]]
			want.Shard.Population.Maps = []MapShare{{ID: 1000 + i, Share: float64(i) + 0.25}, {ID: 2000 + i, Share: 0.5}}
			continue
		}
		f := rv.FieldByIndex(l.index)
		switch f.Kind() {
		case reflect.Int, reflect.Int64:
			f.SetInt(int64(1000 + i))
		case reflect.Float64:
			f.SetFloat(float64(i) + 0.25)
		case reflect.Bool:
			f.SetBool(i%2 == 0)
		case reflect.String:
			f.SetString("v" + l.key + " \"q\" \\ \t\n\x01é")
		case reflect.Slice:
			f.Set(reflect.ValueOf([]int{i, i + 1}))
		default:
			t.Fatalf("field %s: kind %v not handled by this test", l.key, f.Kind())
		}
	}
	var b bytes.Buffer
	if err := Write(&b, want); err != nil {
		t.Fatal(err)
	}
	var got Config
	if _, err := toml.Decode(b.String(), &got); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

func TestServerTomlIsWriteDefault(t *testing.T) {
	path := filepath.Join(repoRoot(t), "server.toml")
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (regenerate with: go run ./cmd/shard config init --force)", err)
	}
	if string(file) != writeDefault(t) {
		t.Errorf("%s differs from config.WriteDefault; regenerate with: go run ./cmd/shard config init --force", path)
	}
	if _, err := Load(path); err != nil {
		t.Errorf("Load(%s): %v", path, err)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteReportsWriterError(t *testing.T) {
	err := WriteDefault(failWriter{})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("WriteDefault(failing writer) = %v", err)
	}
}
