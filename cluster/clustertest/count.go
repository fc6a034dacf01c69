package clustertest

import (
	"fmt"

	"github.com/shardcore/shardcore/cluster"
	"github.com/shardcore/shardcore/server"
	"github.com/shardcore/shardcore/server/savefile"
	"github.com/shardcore/shardcore/world"
)

// Count is a finished run counted from its processes' saves.
type Count struct {
	// Mobiles are the mobiles on every map of every save; PerMap each
	// map's.
	Mobiles int
	PerMap  map[world.MapID]int
	// Twice are the ids found in more than one place.
	Twice []uint64
	// Astray are the followers whose leader is not on their map.
	Astray []uint64
	// Pets are the followers counted.
	Pets int
	// Outbox is the transfers the saves still hold unsent (0 once every
	// transfer has been stored and applied), OutboxMobiles their mobiles.
	Outbox, OutboxMobiles int
}

// CountSaves reads the saves at paths and counts them.
func CountSaves(paths []string) (Count, error) {
	c := Count{PerMap: map[world.MapID]int{}}
	where := map[uint64]world.MapID{}
	type follower struct {
		id, leader uint64
		m          world.MapID
	}
	var fs []follower
	for _, path := range paths {
		f, err := savefile.ReadFile(path)
		if err != nil {
			return c, err
		}
		if b, ok := f.Section(server.TransitSection); ok {
			info, err := cluster.ReadSection(b)
			if err != nil {
				return c, fmt.Errorf("%s: %w", path, err)
			}
			c.Outbox += info.Outbox
			c.OutboxMobiles += info.Mobiles
		}
		for _, m := range f.Maps {
			for _, ms := range m.State.Mobiles {
				if _, dup := where[ms.ID]; dup {
					c.Twice = append(c.Twice, ms.ID)
				}
				where[ms.ID] = m.ID
				c.Mobiles++
				c.PerMap[m.ID]++
				if ms.Follow != nil {
					fs = append(fs, follower{ms.ID, ms.Follow.Target, m.ID})
				}
			}
		}
	}
	for _, f := range fs {
		c.Pets++
		if m, ok := where[f.leader]; !ok || m != f.m {
			c.Astray = append(c.Astray, f.id)
		}
	}
	return c, nil
}
