package main

import "context"

func cmdConfig(ctx context.Context, args []string) error { return errNotYet }
