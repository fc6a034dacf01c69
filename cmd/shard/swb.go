package main

import "context"

func cmdSWB(ctx context.Context, args []string) error { return errNotYet }
