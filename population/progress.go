package population

import (
	"context"
	"fmt"
)

// progress reports how far set-up got and stops it when its context ends.
type progress struct {
	ctx    context.Context
	report func(stage string, done, total int)
	total  int // mobiles to spawn
	done   int // mobiles spawned
}

// spawned counts n more mobiles spawned in stage.
func (p *progress) spawned(stage string, n int) error {
	p.done += n
	return p.at(stage, p.done, p.total)
}

// at reports stage at done of total, and returns the context's error once
// it has ended.
func (p *progress) at(stage string, done, total int) error {
	if err := p.ctx.Err(); err != nil {
		return fmt.Errorf("population: %s: stopped at %d of %d: %w", stage, done, total, err)
	}
	if p.report != nil {
		p.report(stage, done, total)
	}
	return nil
}
