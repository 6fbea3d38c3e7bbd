package main

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/nornsgames/norns"
	"github.com/nornsgames/norns/rng"
)

// A table is one match on the server: the true state, which never leaves the server, and the
// seats. Its mutex guards everything below it; the driver goroutine plays chance and the bots,
// and the move handler plays the humans' moves.
type table struct {
	id     string
	game   *norns.Registered
	config []byte // as given, for the record
	seed   uint64 // chance is drawn from rng.New(seed)
	srv    *server
	client string // who created it, for the per-client limits (clientKey)

	ctx    context.Context // ends when the table expires or the server stops
	cancel context.CancelFunc

	mu         sync.Mutex
	m          norns.Match   // the true state
	seq        int           // moves applied so far, chance included: the number a move must name
	moves      []string      // every move, for the record
	seats      []*seat       // one per seat of the match
	changed    chan struct{} // closed (and replaced) at every change: a broadcast
	lastActive time.Time     // the last move, or the last stream to close
	chance     *rng.Rand
	failure    string // why the driver stopped, if it failed
	gone       bool   // expired: saved no more

	// watch is the spectators' place: their events (as norns.Nobody sees them) and their open
	// streams; it has no bot, no token and no legal move. watchHash is hashToken of the match's
	// watch token, "" for a match stored before watch links existed (it has none).
	watch     *seat
	watchHash string
}

// A seat is a human's (with its token's hash) or a bot's.
type seat struct {
	kind      string // "human" or the bot's name
	tokenHash string // humans only: hashToken of the seat's secret, which the server does not keep
	bot       norns.TextBot
	events    []norns.Event // what this seat saw, in order, since eventBase
	base      int           // the index of events[0] in the seat's whole event list
	streams   int           // open event streams
	// watchSealed, humans only, is the match's watch token sealed with this seat's token
	// (sealWatch), so that the seat's page can always show the watch link while the server
	// keeps neither token in clear.
	watchSealed string

	// botBusy, touched by the driver only, is closed when a bot call the driver gave up on (it
	// ignored its deadline) returns; until then the bot is not asked again.
	botBusy chan struct{}
}

// botGrace is how long past its deadline the driver waits for a bot before playing a random
// legal move for it.
const botGrace = time.Second

// botMove asks the seat's bot for a move within think. A bot that overruns its deadline by
// botGrace is left to finish on its own (a bot is not safe for concurrent use, so it is not asked
// again until it has), and the caller plays a random move for it instead.
func (s *seat) botMove(ctx context.Context, think time.Duration, bot norns.TextBot, v norns.SeatView) (string, error) {
	if s.botBusy != nil {
		select {
		case <-s.botBusy:
			s.botBusy = nil
		default:
			return "", errors.New("the bot is still thinking about an earlier move")
		}
	}
	done := make(chan struct{})
	var move string
	var err error
	go func() {
		defer close(done)
		move, err = choose(ctx, think, bot, v)
	}()
	timer := time.NewTimer(think + botGrace)
	defer timer.Stop()
	select {
	case <-done:
		return move, err
	case <-timer.C:
	case <-ctx.Done():
	}
	s.botBusy = done
	return "", errors.New("the bot overran its deadline")
}

// maxSeatEvents bounds each seat's event log; a stream that falls further behind skips ahead.
const maxSeatEvents = 4096

// newToken returns an unguessable 128-bit token in hex.
func newToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}

func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// errStale, errTurn and errOver are the refusals of a move that is well formed but comes at the
// wrong moment.
var (
	errStale = errors.New("stale move: the match has moved on since you saw it; look again")
	errTurn  = errors.New("it is not your turn")
	errOver  = errors.New("the match is over")
)

// playHuman plays a human's move for seat p, checked against the sequence number the browser
// saw. On any error the match is unchanged.
func (t *table) playHuman(p norns.Player, seq int, move string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.m.Over():
		return errOver
	case seq != t.seq:
		return errStale
	case t.m.ToMove() != p:
		return errTurn
	}
	return t.applyLocked(move, true)
}

// errStore is the refusal of a move the server could not store: the match is as it was.
var errStore = errors.New("the server could not store the move: try again")

// applyLocked applies move, saves the match (when save is set; a restore replays without), then
// records each seat's events and wakes every stream and the driver. Nobody hears of a move
// before it is stored; on any error the match is unchanged.
func (t *table) applyLocked(move string, save bool) error {
	n := t.m.Players()
	next, watchEvs, err := t.m.ApplyEvents(move, norns.Nobody) // a spectator's events: public only
	if err != nil {
		return err
	}
	evs := make([][]norns.Event, n)
	for p := range n {
		nx, e, err := t.m.ApplyEvents(move, norns.Player(p))
		if err != nil {
			return err
		}
		next, evs[p] = nx, e
	}
	moves := append(t.moves, move)
	if save {
		if err := t.saveLocked(moves); err != nil {
			t.srv.opts.logf("web: match %s: %v", t.id, err)
			return fmt.Errorf("%w (%v)", errStore, err)
		}
	}
	t.m = next
	t.seq++
	t.moves = moves
	for p, s := range t.seats {
		s.addEvents(evs[p])
	}
	t.watch.addEvents(watchEvs)
	t.lastActive = time.Now()
	t.broadcastLocked()
	return nil
}

// addEvents appends evs to the seat's events, keeping the last maxSeatEvents.
func (s *seat) addEvents(evs []norns.Event) {
	s.events = append(s.events, evs...)
	if over := len(s.events) - maxSeatEvents; over > 0 {
		s.events = append(s.events[:0:0], s.events[over:]...)
		s.base += over
	}
}

// saveLocked stores the match's record with moves as its moves.
func (t *table) saveLocked(moves []string) error {
	if t.gone {
		return nil
	}
	chance, err := t.chance.MarshalBinary()
	if err != nil {
		return err
	}
	rec := matchRecord{
		Version: recordVersion, ID: t.id, Game: t.game.Name(), Config: t.config, Seed: t.seed,
		Moves: moves, Chance: chance, Client: t.client, Failure: t.failure, WatchHash: t.watchHash,
	}
	if rec.Moves == nil {
		rec.Moves = []string{}
	}
	for _, st := range t.seats {
		rec.Seats = append(rec.Seats, storedSeat{Kind: st.kind, TokenHash: st.tokenHash, Watch: st.watchSealed})
	}
	return t.srv.opts.store.Save(rec)
}

func (t *table) broadcastLocked() {
	close(t.changed)
	t.changed = make(chan struct{})
}

// drive plays chance and the bots until the match ends or the table expires. A bot thinks
// with the server's deadline; one that fails or answers with an illegal move plays a random
// legal move instead, and the match goes on.
func (t *table) drive() {
	defer t.srv.wg.Done()
	defer t.closePrograms()
	for {
		t.mu.Lock()
		if t.m.Over() || t.ctx.Err() != nil {
			t.mu.Unlock()
			return
		}
		p := t.m.ToMove()
		if p == norns.Chance {
			if err := t.applyLocked(t.m.SampleChance(t.chance), true); err != nil {
				if errors.Is(err, errStore) { // the disk may recover: try again in a moment
					t.mu.Unlock()
					if !t.pause(time.Second) {
						return
					}
					continue
				}
				t.failLocked(fmt.Sprintf("chance: %v", err))
				t.mu.Unlock()
				return
			}
			t.mu.Unlock()
			continue
		}
		if t.seats[p].kind == "human" {
			wait := t.changed
			t.mu.Unlock()
			select {
			case <-wait:
			case <-t.ctx.Done():
				return
			}
			continue
		}
		m, seq, bot := t.m, t.seq, t.seats[p].bot
		t.mu.Unlock()

		if d := t.srv.opts.botDelay; d > 0 {
			select {
			case <-time.After(d):
			case <-t.ctx.Done():
				return
			}
		}
		move, err := t.seats[p].botMove(t.ctx, t.srv.opts.think, bot, m.View(p))
		if t.ctx.Err() != nil {
			return
		}

		t.mu.Lock()
		if t.seq != seq { // nothing else moves at a bot's turn; be safe anyway
			t.mu.Unlock()
			continue
		}
		if err == nil {
			err = t.applyLocked(move, true)
		}
		if err != nil && !errors.Is(err, errStore) {
			legal := t.m.Legal()
			err = errors.New("no legal move")
			if len(legal) > 0 {
				err = t.applyLocked(legal[t.chance.IntN(len(legal))], true)
			}
		}
		if errors.Is(err, errStore) {
			t.mu.Unlock()
			if !t.pause(time.Second) {
				return
			}
			continue
		}
		if err != nil {
			t.failLocked(fmt.Sprintf("%v's bot could not move", p))
			t.mu.Unlock()
			return
		}
		t.mu.Unlock()
	}
}

// closePrograms stops the seats' program bots, when their match is over or gone.
func (t *table) closePrograms() {
	for _, st := range t.seats {
		if pb, ok := st.bot.(*norns.ProgramBot); ok {
			pb.Close()
		}
	}
}

// choose asks bot for a move within the deadline; a bot that panics counts as one that failed.
func choose(parent context.Context, think time.Duration, bot norns.TextBot, v norns.SeatView) (move string, err error) {
	ctx, cancel := context.WithTimeout(parent, think)
	defer cancel()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the bot panicked: %v", r)
		}
	}()
	return bot.Choose(ctx, v)
}

// failLocked stops a match whose game broke its contract, and tells the browsers.
func (t *table) failLocked(why string) {
	t.failure = why
	if err := t.saveLocked(t.moves); err != nil {
		t.srv.opts.logf("web: match %s: %v", t.id, err)
	}
	t.broadcastLocked()
}

// pause waits d, and reports false if the table ends meanwhile.
func (t *table) pause(d time.Duration) bool {
	select {
	case <-time.After(d):
		return true
	case <-t.ctx.Done():
		return false
	}
}

// payload is everything a seat's browser ever receives about a match: the public facts of the
// table (game, seats' kinds, sequence number, result, spectators) and that seat's View, legal
// moves and events, and the match's watch link. A spectator's payload (Seat is norns.Nobody) is
// built the same way from the spectator's view (View(norns.Nobody)) and events, with no legal
// move and no watch link. Nothing else is sent; TestNoLeak checks every payload against the
// seat's (or the spectator's) View.
type payload struct {
	Match      string          `json:"match"`
	Game       string          `json:"game"`
	Seq        int             `json:"seq"`        // moves so far: send it with a move
	Seat       norns.Player    `json:"seat"`       // whose payload this is: norns.Nobody for a spectator
	Seats      []seatInfo      `json:"seats"`      // who sits where
	View       json.RawMessage `json:"view"`       // the seat's View, as the game encodes it
	Legal      []string        `json:"legal"`      // the seat's legal moves; empty when not its turn
	Events     []norns.Event   `json:"events"`     // the seat's events from EventIndex on
	EventIndex int             `json:"eventIndex"` // the index of Events[0] in the seat's events
	Over       bool            `json:"over"`
	Winners    []norns.Player  `json:"winners"` // once over
	Scores     []int           `json:"scores"`  // once over: every seat's score as the game counts it, public then
	Failure    string          `json:"failure,omitempty"`
	Watchers   int             `json:"watchers"`        // spectators' streams open now
	Watch      string          `json:"watch,omitempty"` // seats only: the match's watch link, when it has one
}

type seatInfo struct {
	Kind      string `json:"kind"` // "human" or a bot's name
	Connected bool   `json:"connected"`
}

// payloadLocked returns seat p's payload (the spectator's for norns.Nobody), with its events
// from index since on. It leaves the watch link to the caller, who holds the seat's token.
func (t *table) payloadLocked(p norns.Player, since int) (payload, error) {
	v := t.m.View(p)
	view, err := v.MarshalJSON()
	if err != nil {
		return payload{}, err
	}
	s := t.placeLocked(p)
	if since < s.base {
		since = s.base
	}
	if since > s.base+len(s.events) {
		since = s.base + len(s.events)
	}
	pl := payload{
		Match: t.id, Game: t.game.Name(), Seq: t.seq, Seat: p, View: view,
		Legal: v.Legal(), Events: append([]norns.Event{}, s.events[since-s.base:]...), EventIndex: since,
		Over: t.m.Over(), Winners: []norns.Player{}, Scores: []int{}, Failure: t.failure,
	}
	if pl.Legal == nil || p == norns.Nobody {
		pl.Legal = []string{}
	}
	pl.Watchers = t.watch.streams
	if pl.Over {
		for w := range t.m.Winners().All() {
			pl.Winners = append(pl.Winners, w)
		}
		for q := range t.m.Players() {
			pl.Scores = append(pl.Scores, t.m.Score(norns.Player(q)))
		}
	}
	for _, o := range t.seats {
		pl.Seats = append(pl.Seats, seatInfo{Kind: o.kind, Connected: o.kind != "human" || o.streams > 0})
	}
	return pl, nil
}

// payloadFor is payloadLocked with the watch link for a seat, which token (the seat's own)
// unseals; a spectator's payload has none.
func (t *table) payloadFor(p norns.Player, since int, token string) (payload, error) {
	pl, err := t.payloadLocked(p, since)
	if err == nil && p != norns.Nobody {
		if w := unsealWatch(t.seats[p].watchSealed, token, t.watchHash); w != "" {
			pl.Watch = watchLink(t.id, w)
		}
	}
	return pl, err
}

// placeLocked returns seat p's place at the table, or the spectators' for norns.Nobody.
func (t *table) placeLocked(p norns.Player) *seat {
	if p == norns.Nobody {
		return t.watch
	}
	return t.seats[p]
}

// watchLink returns the page that follows match id as a spectator with watch token token.
func watchLink(id, token string) string {
	return "/#m=" + id + "&w=" + token
}

// watchKey is the key that seals the watch token for the seat with token seatToken: the first 16
// bytes of the SHA-256 of a label and the seat's token. Neither the stored seal nor the seat's
// token hash tells it without the seat's token itself.
func watchKey(seatToken string) [sha256.Size]byte {
	return sha256.Sum256([]byte("norns-web watch link\x00" + seatToken))
}

// sealWatch returns the watch token (32 hex digits) sealed for the seat with token seatToken:
// their XOR with the seat's watchKey, in hex.
func sealWatch(watchToken, seatToken string) string {
	w, err := hex.DecodeString(watchToken)
	if err != nil || len(w) != 16 {
		return ""
	}
	k := watchKey(seatToken)
	for i := range w {
		w[i] ^= k[i]
	}
	return hex.EncodeToString(w)
}

// unsealWatch undoes sealWatch: it returns the watch token that sealed holds for the seat with
// token seatToken, or "" when it is not the match's (wantHash is the watch token's hashToken).
func unsealWatch(sealed, seatToken, wantHash string) string {
	if sealed == "" || wantHash == "" {
		return ""
	}
	w := sealWatch(sealed, seatToken) // XOR is its own inverse
	if w == "" || hashToken(w) != wantHash {
		return ""
	}
	return w
}
