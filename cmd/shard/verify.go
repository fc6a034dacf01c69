package main

import "context"

func cmdVerify(ctx context.Context, args []string) error { return errNotYet }
