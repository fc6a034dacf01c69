// Package cluster runs a shard over several processes: each process runs
// its own maps ([cluster] in server.toml says which), and a party of
// mobiles (a leader and those following it) that travels to another
// process's map, by a teleport or a moongate, is handed over through NATS
// JetStream exactly once. A Node is one process's part: the server's
// Transit (server.Options.Transit; package shard wires it when [cluster]
// is on).
//
// # Exactly once
//
// A party is in exactly one place's books at every moment:
//
//   - Leaving (Depart, between ticks): its mobiles are removed from the
//     source map, and it becomes transfer n of its pair of maps, in the
//     outbox and in a record of the journal (the file beside the save,
//     shard.saveFile + ".journal"). Only once that record is on disk is it
//     published, with the message id "<from>-<to>-<n>" (Nats-Msg-Id): the
//     stream stores a resend of it once.
//   - In the stream: a file-backed work-queue stream, "<name>_transfers",
//     subject "<name>.transfer.<map>"; each map has a durable pull consumer,
//     "map-<id>", that whoever runs the map resumes. Once the stream has
//     acknowledged the publish, the transfer leaves the outbox.
//   - Arriving (Exchange, between ticks): the party is placed on its map
//     and the transfer's number joins the destination's window of applied
//     numbers for that pair of maps; a record goes to the journal, and the
//     message is acknowledged only once that record is on disk. A delivery
//     whose number the window has (a redelivery, a resend) is acknowledged
//     and not placed again.
//
// A save holds the Node's book (a section of the save file, version 2):
// the outbox, each pair's next number and window, and a generation that
// every later journal record carries. A process restored from a save
// replays the journal's records of that generation and later: a departure
// removes its mobiles from the restored maps again (and keeps their ids
// from being minted again) and puts it back in the outbox, an arrival not
// in the window is placed. So a process killed at any moment restarts
// with every transfer where it was: those it had sent are sent again
// (harmless: the stream and the windows drop repeats), those it had
// received and not acknowledged are delivered again. Once a save is on
// disk, the journal drops the records before it.
//
// # Threads
//
// No NATS or disk I/O runs inside a tick. Depart, Exchange, Capture and
// Restore run on the shard's goroutine between ticks and only hand work
// over: the journal has a writer goroutine (it appends and syncs, then
// publishes or acknowledges what it synced), the publisher sends in order
// and hands back what the stream stored, and each map's fetcher hands
// back what it fetched. When NATS goes away the maps keep ticking: the
// outbox grows (in flight) and the fetchers wait; the client reconnects
// by itself, and what waited is sent and delivered.
//
// It does not own the shard's maps, saves or moongates (package server),
// the config schema (package config), or the NATS server (run
// `nats-server -js`; tests embed one: cluster/clustertest).
package cluster
