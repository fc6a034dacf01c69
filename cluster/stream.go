package cluster

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/shardcore/shardcore/world"
)

// The stream: one per shard (cluster.name), "<name>_transfers", on the
// subjects "<name>.transfer.<map>", a work queue kept in files: a transfer
// stays in it until the process running its map acknowledges it. Each map
// has a durable pull consumer of its own, "map-<id>", filtered on its
// subject, so whoever runs the map picks up where the last run left off.

// fetchBatch bounds the transfers one fetch asks for.
const fetchBatch = 256

// publishBatch bounds the transfers published before waiting for their
// acknowledgements.
const publishBatch = 256

// maxAckPending bounds the deliveries a map's consumer has out unacknowledged.
const maxAckPending = 8192

func (n *Node) streamName() string { return n.cfg.Name + "_transfers" }

func (n *Node) subject(m world.MapID) string { return fmt.Sprintf("%s.transfer.%d", n.cfg.Name, m) }

// startStream connects (in the background when NATS is not there yet) and
// starts the publisher and the fetchers, which set up the stream and their
// consumers when they can.
func (n *Node) startStream() error {
	nc, err := nats.Connect(n.cfg.NATSURL,
		nats.Name("shardcore "+n.cfg.Name+" "+n.cfg.Self),
		nats.RetryOnFailedConnect(true), nats.MaxReconnects(-1), nats.ReconnectWait(n.opts.RetryWait),
		nats.DisconnectErrHandler(func(c *nats.Conn, err error) {
			if c.IsClosed() { // Close, not a loss
				return
			}
			n.log.Warn().Err(err).Msg("NATS disconnected: transfers wait; the maps keep ticking")
		}),
		nats.ReconnectHandler(func(c *nats.Conn) {
			n.log.Info().Str("url", c.ConnectedUrl()).Msg("NATS reconnected: transfers resume")
		}),
		nats.ConnectHandler(func(c *nats.Conn) { n.log.Info().Str("url", c.ConnectedUrl()).Msg("NATS connected") }),
	)
	if err != nil {
		return fmt.Errorf("cluster: connect %s: %w", n.cfg.NATSURL, err)
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return fmt.Errorf("cluster: jetstream: %w", err)
	}
	n.js = js
	n.wg.Add(1 + len(n.local))
	go func() {
		defer n.wg.Done()
		n.publish()
	}()
	for _, m := range n.local {
		go func() {
			defer n.wg.Done()
			n.fetch(m)
		}()
	}
	return nil
}

// closeStream closes the connection (the goroutines have ended).
func (n *Node) closeStream() {
	if n.js != nil {
		n.js.Conn().Close()
	}
}

// ensureStream creates the stream or brings its config up to date.
func (n *Node) ensureStream(ctx context.Context) error {
	_, err := n.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name: n.streamName(), Subjects: []string{n.cfg.Name + ".transfer.>"},
		Retention: jetstream.WorkQueuePolicy, Storage: jetstream.FileStorage,
		Description: "shardcore transfers: parties of mobiles handed between the shard's processes",
	})
	return err
}

// wait waits the retry wait and reports whether the Node still runs.
func (n *Node) wait() bool {
	select {
	case <-n.retry():
	case <-n.ctx.Done():
	}
	return n.ctx.Err() == nil
}

// publish sends the transfers whose records are on disk, in order, each
// with its message id, and hands those the stream stored to Exchange; what
// it did not store is sent again after a pause.
func (n *Node) publish() {
	var pending []*transfer
	ready := false
	for n.ctx.Err() == nil {
		pending = n.outgoing.take(pending)
		if len(pending) == 0 {
			select {
			case <-n.outgoing.ready:
			case <-n.ctx.Done():
			}
			continue
		}
		if !ready {
			if err := n.ensureStream(n.ctx); err != nil {
				n.log.Debug().Err(err).Msg("stream not ready")
				n.wait()
				continue
			}
			ready = true
		}
		batch := pending[:min(len(pending), publishBatch)]
		left := n.publishBatch(batch)
		pending = append(left, pending[len(batch):]...)
		if len(left) > 0 {
			ready = false // the stream may be gone with its server: set it up again
			n.wait()
		}
	}
}

// publishBatch publishes ts at once and returns those the stream did not
// store (acknowledge) in time.
func (n *Node) publishBatch(ts []*transfer) []*transfer {
	futs := make([]jetstream.PubAckFuture, len(ts))
	var left []*transfer
	for i, t := range ts {
		msg := nats.NewMsg(n.subject(t.to))
		msg.Data = encodeTransfer(t)
		f, err := n.js.PublishMsgAsync(msg, jetstream.WithMsgID(t.msgID()))
		if err != nil {
			left = append(left, ts[i:]...)
			futs = futs[:i]
			break
		}
		futs[i] = f
	}
	timeout := time.NewTimer(n.opts.PublishTimeout)
	defer timeout.Stop()
	var stored []key
	for i, f := range futs {
		select {
		case <-f.Ok():
			stored = append(stored, ts[i].key)
		case err := <-f.Err():
			n.log.Debug().Err(err).Str("transfer", ts[i].msgID()).Msg("not stored; sent again")
			left = append(left, ts[i])
		case <-timeout.C:
			left = append(left, ts[i:len(futs)]...)
			n.stored.push(stored...)
			return sortTransfers(left)
		case <-n.ctx.Done():
			n.stored.push(stored...)
			return nil
		}
	}
	n.stored.push(stored...)
	return sortTransfers(left)
}

// sortTransfers orders ts as they were sent.
func sortTransfers(ts []*transfer) []*transfer {
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0 && compareKeys(ts[j].key, ts[j-1].key) < 0; j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
	return ts
}

// fetch delivers map m's transfers to Exchange until the Node stops,
// setting up its consumer (and the stream) when it can.
func (n *Node) fetch(m world.MapID) {
	var cons jetstream.Consumer
	for n.ctx.Err() == nil {
		if cons == nil {
			c, err := n.consumer(m)
			if err != nil {
				n.log.Debug().Err(err).Int("map", int(m)).Msg("consumer not ready")
				n.wait()
				continue
			}
			cons = c
		}
		batch, err := cons.Fetch(fetchBatch, jetstream.FetchMaxWait(time.Second))
		if err != nil {
			cons = nil
			n.wait()
			continue
		}
		got := 0
		for msg := range batch.Messages() {
			got++
			n.deliver(msg)
		}
		if err := batch.Error(); err != nil && !errors.Is(err, nats.ErrTimeout) && !errors.Is(err, jetstream.ErrNoMessages) {
			n.log.Debug().Err(err).Int("map", int(m)).Msg("fetch ended")
			if got == 0 {
				cons = nil
				n.wait()
			}
		}
	}
}

// consumer sets up the stream and map m's consumer.
func (n *Node) consumer(m world.MapID) (jetstream.Consumer, error) {
	ctx, cancel := context.WithTimeout(n.ctx, 5*time.Second)
	defer cancel()
	if err := n.ensureStream(ctx); err != nil {
		return nil, err
	}
	return n.js.CreateOrUpdateConsumer(ctx, n.streamName(), jetstream.ConsumerConfig{
		Durable: fmt.Sprintf("map-%d", m), FilterSubject: n.subject(m),
		AckPolicy: jetstream.AckExplicitPolicy, AckWait: n.opts.AckWait, MaxDeliver: -1, MaxAckPending: maxAckPending,
		DeliverPolicy: jetstream.DeliverAllPolicy,
		Description:   fmt.Sprintf("map %d's arrivals", m),
	})
}

// deliver hands a fetched message to Exchange; one that is not a transfer
// of this process's maps is terminated (never delivered again) and logged.
func (n *Node) deliver(msg jetstream.Msg) {
	t, err := decodeTransfer(msg.Data())
	if err == nil && n.owner[t.to] != n.cfg.Self {
		err = fmt.Errorf("cluster: a transfer to map %d, which this process does not run", t.to)
	}
	if err != nil {
		n.log.Error().Err(err).Str("subject", msg.Subject()).Msg("not a transfer for this process: dropped from the stream")
		_ = msg.TermWithReason(err.Error())
		return
	}
	n.counts.inFlight.Add(1)
	n.inbox.push(delivery{t: t, msg: msg})
}
