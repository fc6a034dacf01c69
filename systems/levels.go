package systems

// QueueLen is the number of path requests waiting after the last tick:
// Stats().QueueLen without the rest of Stats, which sorts the recent tick
// durations. It is O(1) and does not allocate (a metrics fold reads it
// after every tick).
func (s *Sim) QueueLen() int { return s.st.queueLen }
