package norns

// Encoder is a game's learning encoding for one config, as reinforcement-learning libraries
// want it: a fixed action space whose ids are a bijection with the seats' moves, and a
// fixed-length observation of a [View]. Each game's NewEncoding(Config) returns one (its
// Encoding type), documents every slot of its observation in its package documentation, and
// pins its ids with a golden file; the registry carries it ([Game.Encoding]) for tools that
// see no types.
//
// Chance moves have no id: only seats choose actions. The observation depends on the View
// alone, so two states a seat cannot tell apart give it the same observation. Encoders
// allocate nothing once dst has room, and are safe for concurrent use.
//
// The reward that goes with an encoding is a seat's share of the win once the match is over
// (s.Winners().Share(p): 1 for a sole winner, 1/k for each of k winners, 0 for the others and
// after a drawn match), and 0 at every step before the end.
type Encoder[V any, M Move] interface {
	// Actions returns the size of the action space: ids run from 0 to Actions()-1.
	Actions() int
	// Action returns the id of a seat's move, and false for a move with none (a chance move,
	// or a move that cannot occur under the encoding's config).
	Action(m M) (int, bool)
	// Move returns the move of an id, and false for an id out of range.
	Move(id int) (M, bool)
	// ObservationLen returns the length of every observation.
	ObservationLen() int
	// Observe appends the observation of v, ObservationLen values, to dst.
	Observe(v V, dst []float32) []float32
}

// AppendMask appends to dst the legal-action mask of v's seat under e: Actions() values, true
// for the id of each move in v's legal moves. legal is scratch space for the moves (reuse it
// between calls); the mask and the scratch are returned. It allocates nothing once both have
// room.
func AppendMask[V LegalLister[M], M Move](e Encoder[V, M], v V, dst []bool, legal []M) ([]bool, []M) {
	n := len(dst)
	for range e.Actions() {
		dst = append(dst, false)
	}
	legal = v.AppendLegal(legal[:0])
	for _, m := range legal {
		if id, ok := e.Action(m); ok {
			dst[n+id] = true
		}
	}
	return dst, legal
}
