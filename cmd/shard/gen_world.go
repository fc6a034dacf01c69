package main

import "context"

func cmdGenWorld(ctx context.Context, args []string) error { return errNotYet }
