// Package hugepages asks the kernel to back the process's large anonymous
// memory (the Go heap) with 2 MiB pages. A shard's heap is hundreds of MiB
// read at random (step-cache chunks, components, the spatial index); with
// 4 KiB pages nearly every such read also misses the TLB. Go does not ask
// for huge pages itself, and many kernels give them only to memory that
// asks (transparent_hugepage = madvise).
//
// It owns the madvise calls and nothing else: it does not allocate, pin or
// lock memory, and it is a no-op where the kernel does not support it.
package hugepages
