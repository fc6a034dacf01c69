package main

import "context"

func cmdMovingAI(ctx context.Context, args []string) error { return errNotYet }
