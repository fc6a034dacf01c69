package main

import "context"

func cmdBake(ctx context.Context, args []string) error { return errNotYet }
