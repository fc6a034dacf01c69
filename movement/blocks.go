package movement

// MobileBlocks reports whether the mobiles on (x, y) stop mv arriving there
// at newZ, as Enter decides once the static world and the items allowed the
// step: never with no dynamics or StaticOnly, nor on mv's goal. The step
// cache's dynamic pass composes a step with mobiles but no items around
// from its static answer and this.
func (r *Rules) MobileBlocks(mv Mover, x, y, newZ int) bool {
	if r.Dyn == nil || r.StaticOnly || (mv.HasGoal && mv.Goal.X == x && mv.Goal.Y == y) {
		return false
	}
	return r.mobileBlocks(mv, x, y, newZ)
}
