// Package config owns server.toml: the Config schema with its sections and
// keys, the defaults, strict decoding (an unknown key, a wrong type, a syntax
// error or an out-of-range value is an *Error naming file, line, key and the
// allowed range), and the commented default file that `shard config init`
// writes and that the repository's server.toml is a copy of.
//
// It does not own what the settings do: the server, step cache, pathing and
// systems packages read a Config and act on it, and server.NewLogger builds
// the logger from the Log section. It does not decide whether a missing file
// is fatal; Load reports it and the caller chooses to fall back to Default.
package config
