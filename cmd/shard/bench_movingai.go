package main

import (
	"bytes"
	"compress/gzip"
	"embed"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/shardcore/shardcore/world/movingai"
)

// builtinMovingAI is the --movingai value that names the copy of the
// benchmark map built into the binary, so `shard bench paths` prints the
// same rows wherever it runs.
const builtinMovingAI = "builtin"

// builtinMovingAIMap is the one Moving AI map the binary carries.
const builtinMovingAIMap = "dao/brc202d"

// benchData holds dao/brc202d's map and scenarios from
// testdata/movingai, gzipped (benchdata/README.md says where they come
// from; TestBuiltinMovingAIIsTestdata holds them equal to it).
//
//go:generate sh -c "gzip -9nc ../../testdata/movingai/maps/dao/brc202d.map > benchdata/brc202d.map.gz"
//go:generate sh -c "gzip -9nc ../../testdata/movingai/scenarios/dao/brc202d.map.scen > benchdata/brc202d.map.scen.gz"
//go:embed benchdata/brc202d.map.gz benchdata/brc202d.map.scen.gz
var benchData embed.FS

// builtinFile returns the decompressed content of benchdata/name.gz.
func builtinFile(name string) ([]byte, error) {
	z, err := benchData.ReadFile("benchdata/" + name + ".gz")
	if err != nil {
		return nil, err
	}
	r, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		return nil, fmt.Errorf("built-in %s: %w", name, err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("built-in %s: %w", name, err)
	}
	return b, nil
}

// loadMovingAI reads Moving AI map name ("dao/brc202d") and its scenarios
// from root (a folder with maps/ and scenarios/), or from the copy built
// into the binary when root is builtinMovingAI.
func loadMovingAI(root, name string) (*movingai.Grid, []movingai.Scenario, error) {
	base := filepath.Base(name)
	var mapData, scenData []byte
	var err error
	if root == builtinMovingAI {
		if name != builtinMovingAIMap {
			return nil, nil, fmt.Errorf("the built-in Moving AI set holds only %s: give --movingai DIR for %s", builtinMovingAIMap, name)
		}
		if mapData, err = builtinFile(base + ".map"); err == nil {
			scenData, err = builtinFile(base + ".map.scen")
		}
	} else {
		if mapData, err = os.ReadFile(filepath.Join(root, "maps", name+".map")); err == nil {
			scenData, err = os.ReadFile(filepath.Join(root, "scenarios", name+".map.scen"))
		}
	}
	if err != nil {
		return nil, nil, err
	}
	g, err := movingai.ParseMap(bytes.NewReader(mapData), base+".map")
	if err != nil {
		return nil, nil, err
	}
	scens, err := movingai.ParseScen(bytes.NewReader(scenData), name+".map.scen")
	if err != nil {
		return nil, nil, err
	}
	if len(scens) == 0 {
		return nil, nil, fmt.Errorf("%s: no scenarios", name)
	}
	return g, scens, nil
}
