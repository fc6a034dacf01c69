package main

import "context"

func cmdReplay(ctx context.Context, args []string) error { return errNotYet }
