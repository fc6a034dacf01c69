package main

import "context"

func cmdRender(ctx context.Context, args []string) error { return errNotYet }
