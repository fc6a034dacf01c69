package main

import "context"

func cmdRun(ctx context.Context, args []string) error { return errNotYet }
