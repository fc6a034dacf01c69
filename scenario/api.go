package scenario

import "context"

// RunFile loads the scenario at path and runs it.
func RunFile(ctx context.Context, path string, o Options) (*Report, error) {
	sc, err := Load(path)
	if err != nil {
		return nil, err
	}
	return Run(ctx, sc, o)
}
