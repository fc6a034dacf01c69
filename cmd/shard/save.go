package main

import (
	"context"
	"fmt"
	"io"

	"github.com/shardcore/shardcore/server/savefile"
)

// cmdSave inspects save files: `shard save info FILE`.
func cmdSave(_ context.Context, args []string, stdout, stderr io.Writer) error {
	return subcommand("save", args, stdout, stderr, map[string]func([]string) error{
		"info": func(a []string) error {
			fs := newFlags("save info", stdout, stderr, "shard save info FILE",
				"Checks a save (shard.saveFile) whole and prints what it holds; last line:",
				"  maps N mobiles N items N tick N")
			if err := fs.parse(a); err != nil {
				return err
			}
			if fs.NArg() != 1 {
				return fs.usageErr("want one FILE")
			}
			return saveInfo(stdout, fs.Arg(0))
		},
	}, "shard save info FILE")
}

// saveInfo prints save path's header and maps, and last the summary line.
func saveInfo(w io.Writer, path string) error {
	f, err := savefile.ReadFile(path)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s: version %d, saved %s, tick %d, game time %d ms\n", path, f.Version, f.Saved.Format("2006-01-02T15:04:05Z"), f.Tick, f.GameMs)
	for _, m := range f.Maps {
		st := m.State
		fmt.Fprintf(w, "map %d fingerprint %016x mobiles %d items %d routes %d queued %d\n",
			m.ID, m.Fingerprint, len(st.Mobiles), len(st.Items), len(st.Routes)+len(st.Walks), len(st.Queue))
	}
	for _, sec := range f.Sections {
		fmt.Fprintf(w, "section %s bytes %d\n", sec.Name, len(sec.Data))
	}
	maps, mobiles, items := f.Counts()
	fmt.Fprintf(w, "maps %d mobiles %d items %d tick %d\n", maps, mobiles, items, f.Tick)
	return nil
}
