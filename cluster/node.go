package cluster

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/rs/zerolog"

	"github.com/shardcore/shardcore/config"
	"github.com/shardcore/shardcore/server"
	"github.com/shardcore/shardcore/world"
)

// Options are how a Node talks to NATS beyond its config.
type Options struct {
	// AckWait is how long the stream waits for a delivered transfer's
	// acknowledgement before delivering it again (0: 5 s): how soon a
	// transfer delivered to a process that died goes to its restart.
	AckWait time.Duration
	// RetryWait is the pause before trying again what NATS refused or did
	// not answer (0: 250 ms).
	RetryWait time.Duration
	// PublishTimeout bounds the wait for the stream to store a transfer
	// before it is sent again (0: 5 s).
	PublishTimeout time.Duration
}

func (o Options) withDefaults() Options {
	if o.AckWait <= 0 {
		o.AckWait = 5 * time.Second
	}
	if o.RetryWait <= 0 {
		o.RetryWait = 250 * time.Millisecond
	}
	if o.PublishTimeout <= 0 {
		o.PublishTimeout = 5 * time.Second
	}
	return o
}

// Node is one process's part of a cluster: a server.Transit that hands the
// parties leaving its maps for another process's to NATS JetStream, and
// places those arriving for its maps. See the package doc.
type Node struct {
	cfg     config.Cluster
	opts    Options
	log     zerolog.Logger
	owner   map[world.MapID]string
	local   []world.MapID
	journal string // the journal's path

	// The shard's goroutine owns these (the server calls Depart, Exchange,
	// Capture and Restore there).
	book *book
	j    *journal

	// Handed between goroutines.
	inbox    queue[delivery] // fetched, for Exchange
	stored   queue[key]      // stored by the stream, for Exchange
	outgoing queue[*transfer]
	captured atomic.Uint64 // the generation of the last capture
	counts   counters

	mu      sync.Mutex // guards started, closed
	started bool
	closed  bool
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	js      jetstream.JetStream
}

// counters are the Node's figures, read from any goroutine.
type counters struct {
	in, out, outFlight, inFlight atomic.Int64
}

// delivery is a transfer the stream delivered, and its message to
// acknowledge.
type delivery struct {
	t   *transfer
	msg jetstream.Msg
}

// New makes the Node of the process cfg names (cfg.Cluster.Self): cfg must
// be valid and have [cluster] on. Give it to the server (server.Options.
// Transit), then Start it once the server is made.
func New(cfg config.Config, log zerolog.Logger, o Options) (*Node, error) {
	if !cfg.Cluster.On() {
		return nil, errors.New("cluster: no [cluster] natsURL")
	}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("cluster: config: %w", err)
	}
	n := &Node{cfg: cfg.Cluster, opts: o.withDefaults(), log: log.With().Str("cluster", cfg.Cluster.Self).Logger(),
		owner: map[world.MapID]string{}, journal: cfg.Shard.SaveFile + ".journal", book: newBook(),
		inbox: newQueue[delivery](), stored: newQueue[key](), outgoing: newQueue[*transfer]()}
	for _, p := range cfg.Cluster.Processes {
		for _, m := range p.Maps {
			n.owner[world.MapID(m)] = p.Name
			if p.Name == cfg.Cluster.Self {
				n.local = append(n.local, world.MapID(m))
			}
		}
	}
	n.ctx, n.cancel = context.WithCancel(context.Background())
	return n, nil
}

// Remote implements server.Transit: map m is another process's.
func (n *Node) Remote(m world.MapID) bool {
	p, ok := n.owner[m]
	return ok && p != n.cfg.Self
}

// Depart implements server.Transit: party p becomes the next transfer of
// its maps, in the outbox and the journal; it is published once its
// record is on disk.
func (n *Node) Depart(p server.Party) {
	pr := pair{p.From, p.To}
	seq := max(n.book.nextSeq[pr], 1)
	n.book.nextSeq[pr] = seq + 1
	t := newTransfer(p, seq)
	n.book.outbox[t.key] = t
	n.counts.out.Add(1)
	n.counts.outFlight.Add(1)
	n.j.q.push(jop{rec: record{kind: recOut, gen: n.book.gen, t: t}, after: func() { n.outgoing.push(t) }})
}

// Exchange implements server.Transit: it drops from the outbox what the
// stream has stored, and places what it delivered (a transfer applied
// before is acknowledged again, not placed twice).
func (n *Node) Exchange(x server.Seam) {
	var keys []key
	for _, k := range n.stored.take(keys) {
		if _, ok := n.book.outbox[k]; ok {
			delete(n.book.outbox, k)
			n.counts.outFlight.Add(-1)
		}
	}
	var ds []delivery
	for _, d := range n.inbox.take(ds) {
		n.receive(x, d)
	}
}

// receive places delivery d (on the shard's goroutine) and has it
// acknowledged once its record is on disk; a repeated delivery is
// acknowledged once the records before it are.
func (n *Node) receive(x server.Seam, d delivery) {
	w := n.book.window(pair{d.t.from, d.t.to})
	msg := d.msg
	ack := func() {
		if err := msg.Ack(); err != nil {
			n.log.Debug().Err(err).Msg("ack not sent (the stream delivers it again)")
		}
		n.counts.inFlight.Add(-1)
	}
	if w.has(d.t.seq) {
		n.j.q.push(jop{after: ack})
		return
	}
	if _, err := x.Arrive(d.t.party()); err != nil {
		n.log.Warn().Err(err).Str("transfer", d.t.msgID()).Msg("transfer placed in part")
	}
	w.add(d.t.seq)
	n.counts.in.Add(1)
	n.j.q.push(jop{rec: record{kind: recIn, gen: n.book.gen, t: d.t}, after: ack})
}

// Capture implements server.Transit: the book, as a save's section, with
// a new generation (the journal's records from now on carry it).
func (n *Node) Capture() ([]byte, error) {
	n.book.gen++
	n.captured.Store(n.book.gen)
	return n.book.encode(), nil
}

// Saved implements server.Transit: once the save of shard.saveFile is on
// disk, the journal drops the records it holds.
func (n *Node) Saved(path string, err error) {
	if err != nil || path+".journal" != n.journal || n.j == nil {
		return
	}
	n.j.q.push(jop{compact: n.captured.Load()})
}

// Restore implements server.Transit: the book from the save (section nil:
// a new one), then the journal's records since that save replayed: an
// outbound transfer's mobiles leave the maps again and it goes back in
// the outbox; an inbound one not yet in the book is placed. A journal with
// records but no save is refused (its records would replay onto a new
// population).
func (n *Node) Restore(section []byte, saved bool, x server.Seam) error {
	if section != nil {
		k, err := decodeBook(section)
		if err != nil {
			return err
		}
		n.book = k
	}
	records, cut, err := readJournal(n.journal)
	if err != nil {
		return err
	}
	switch {
	case !saved && len(records) > 0:
		return fmt.Errorf("cluster: the journal %s holds %d transfers but there is no save to replay them on: restore the save, or remove both to start afresh",
			n.journal, len(records))
	case section == nil && len(records) > 0:
		return fmt.Errorf("cluster: the journal %s holds %d transfers but the save has no transit section (it is not the save they follow): restore that save, or remove the journal",
			n.journal, len(records))
	}
	replayed := 0
	for _, rc := range records {
		if rc.gen < n.book.gen {
			continue
		}
		replayed++
		n.replay(rc, x)
	}
	n.counts.outFlight.Store(int64(len(n.book.outbox)))
	if n.j, err = openJournal(n.journal, records); err != nil {
		return err
	}
	n.log.Info().Int("replayed", replayed).Int("cut_bytes", cut).Int("outbox", len(n.book.outbox)).Uint64("generation", n.book.gen).
		Msg("transfers restored")
	return nil
}

// replay redoes one journal record on the restored maps.
func (n *Node) replay(rc record, x server.Seam) {
	t := rc.t
	pr := pair{t.from, t.to}
	switch rc.kind {
	case recOut:
		x.Leave(t.ids())
		n.book.nextSeq[pr] = max(n.book.nextSeq[pr], t.seq+1)
		n.book.outbox[t.key] = t
	case recIn:
		w := n.book.window(pr)
		if w.has(t.seq) {
			return
		}
		if _, err := x.Arrive(t.party()); err != nil {
			n.log.Warn().Err(err).Str("transfer", t.msgID()).Msg("replayed transfer placed in part")
		}
		w.add(t.seq)
	}
}

// Counts implements server.Transit.
func (n *Node) Counts() server.TransitCounts {
	return server.TransitCounts{In: uint64(n.counts.in.Load()), Out: uint64(n.counts.out.Load()),
		InFlight: uint64(max(n.counts.outFlight.Load(), 0) + max(n.counts.inFlight.Load(), 0))}
}

// Start connects to NATS and starts the Node's goroutines: the journal's
// writer, the publisher (the outbox first: what the save and the journal
// held) and a fetcher per map of this process. Call it once the server is
// made (it restored the Node); it does not wait for NATS, which may come
// later.
func (n *Node) Start() error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.started || n.closed {
		return errors.New("cluster: Start: already started or closed")
	}
	if n.j == nil {
		return errors.New("cluster: Start: the Node was not restored (give it to the server first)")
	}
	n.started = true
	n.outgoing.push(n.book.pending()...)
	n.wg.Add(1)
	go func() {
		defer n.wg.Done()
		n.j.run(n.ctx.Done(), n.retry)
	}()
	return n.startStream()
}

// retry returns a channel that fires after the retry wait.
func (n *Node) retry() <-chan struct{} {
	ch := make(chan struct{})
	go func() {
		t := time.NewTimer(n.opts.RetryWait)
		defer t.Stop()
		select {
		case <-t.C:
		case <-n.ctx.Done():
		}
		close(ch)
	}()
	return ch
}

// Close stops the Node: the fetchers (what they fetched and was not placed
// is delivered again later), the publisher (what the stream has not stored
// is in the save and the journal), the journal's writer (after writing
// what is queued) and the connection. Call it after the server's last
// save.
func (n *Node) Close() error {
	n.mu.Lock()
	if n.closed {
		n.mu.Unlock()
		return nil
	}
	n.closed = true
	n.mu.Unlock()
	n.cancel()
	n.wg.Wait()
	n.closeStream()
	if n.j != nil && !n.started && n.j.f != nil {
		return n.j.f.Close()
	}
	if n.j != nil {
		return n.j.Err()
	}
	return nil
}

var _ server.Transit = (*Node)(nil)
