package britannia

func (g *mapGen) ilshenar() []step { return g.britannia() }
func (g *mapGen) malas() []step    { return g.britannia() }
func (g *mapGen) tokuno() []step   { return g.britannia() }
func (g *mapGen) terMur() []step   { return g.britannia() }
