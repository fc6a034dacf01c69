package main

import (
	"reflect"
	"testing"

	"shardcore/config"
)

func TestParsePopulation(t *testing.T) {
	p := config.Population{Pets: 1, Patrols: 2, Swimmers: 3, Seed: 9}
	if err := parsePopulation("pets=5000,patrols=4000, swimmers=1000", &p); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p, config.Population{Pets: 5000, Patrols: 4000, Swimmers: 1000, Seed: 9}) {
		t.Errorf("got %+v", p)
	}
	if err := parsePopulation("patrols=7", &p); err != nil || p.Patrols != 7 || p.Pets != 5000 {
		t.Errorf("subset: %+v, %v", p, err)
	}
	for _, bad := range []string{"pets", "pets=-1", "pets=x", "dragons=3", ""} {
		if err := parsePopulation(bad, &p); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
}
