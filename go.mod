module shardcore

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/klauspost/compress v1.20.4
	github.com/mlange-42/arche v0.15.3
	github.com/rs/zerolog v1.35.1
	github.com/zeebo/xxh3 v1.1.0
	golang.org/x/term v0.48.0
)

require (
	github.com/klauspost/cpuid/v2 v2.2.10 // indirect
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	golang.org/x/sys v0.50.0 // indirect
)
