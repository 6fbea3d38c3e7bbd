package norns

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/nornsgames/norns/internal/protocol"
	"github.com/nornsgames/norns/rng"
)

// MaxEnvs is the most environments one [ServeEnv] connection holds at once.
const MaxEnvs = 4096

// ServeEnv serves every registered game as an environment for learners, over the engine
// protocol (PROTOCOL.md in the repository): a program in any language writes requests to in, one
// JSON object a line, and reads one reply a request from out. It starts matches ("new": a game,
// a config, a seed), plays moves ("step": a move in notation or an action id of the game's
// encoding) and answers with the state a learner needs ("state": the seat to act, its
// observation and legal-action mask, the legal moves, every seat's reward and score, the events
// of the step as a spectator sees them). Chance is drawn inside, from rng.New(seed) in order, so
// a seed and the seats' moves replay a match exactly. Several environments live side by side on
// one connection, named by the requests' "id".
//
// A request that cannot be served gets an "error" reply with a code and a message, and the
// environment it names is left as it was; ServeEnv goes on with the next line. It returns nil
// when in ends, ctx's error when ctx is done, and the error of a failed write to out.
func ServeEnv(ctx context.Context, in io.Reader, out io.Writer) error {
	s := envServer{envs: map[string]*env{}}
	r := protocol.NewReader(in)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		var reply protocol.Message
		req, err := r.Next()
		switch {
		case err == io.EOF:
			return nil
		case errors.Is(err, protocol.ErrLineTooLong), errors.Is(err, protocol.ErrBadMessage):
			reply = errorReply("", protocol.CodeBadMessage, err)
		case err != nil:
			return err
		default:
			reply = s.serve(req)
		}
		if _, err := out.Write(protocol.Encode(reply)); err != nil {
			return err
		}
	}
}

type envServer struct {
	envs map[string]*env
}

// env is one environment: a match, its chance generator and scratch space.
type env struct {
	m      Match
	enc    Encoding // nil when the game has none
	chance *rng.Rand
	events []json.RawMessage
}

func errorReply(id, code string, err error) protocol.Message {
	return protocol.Message{Type: "error", ID: id, Code: code, Error: Printable(err.Error())}
}

func (s *envServer) serve(req protocol.Message) protocol.Message {
	switch req.Type {
	case "new":
		return s.newEnv(req)
	case "step":
		e := s.envs[req.ID]
		if e == nil {
			return errorReply(req.ID, protocol.CodeNoEnv, fmt.Errorf("no environment %q: start one with new", Clip(req.ID)))
		}
		return e.step(req)
	case "observe":
		e := s.envs[req.ID]
		if e == nil {
			return errorReply(req.ID, protocol.CodeNoEnv, fmt.Errorf("no environment %q: start one with new", Clip(req.ID)))
		}
		if req.Seat == nil || *req.Seat < 0 || *req.Seat >= e.m.Players() {
			return errorReply(req.ID, protocol.CodeBadRequest, fmt.Errorf("observe needs a seat from 0 to %d", e.m.Players()-1))
		}
		return e.state(req.ID, Player(*req.Seat))
	case "close":
		if s.envs[req.ID] == nil {
			return errorReply(req.ID, protocol.CodeNoEnv, fmt.Errorf("no environment %q", Clip(req.ID)))
		}
		delete(s.envs, req.ID)
		return protocol.Message{Type: "closed", ID: req.ID}
	case "games":
		reply := protocol.Message{Type: "games"}
		for _, name := range Games() {
			reply.Legal = append(reply.Legal, protocol.Legal{Move: name})
		}
		return reply
	}
	return errorReply(req.ID, protocol.CodeBadRequest, fmt.Errorf("unknown request %q (want new, step, observe, close or games)", Clip(req.Type)))
}

func (s *envServer) newEnv(req protocol.Message) protocol.Message {
	g, err := Lookup(req.Game)
	if err != nil {
		return errorReply(req.ID, protocol.CodeUnknownGame, err)
	}
	if _, exists := s.envs[req.ID]; !exists && len(s.envs) >= MaxEnvs {
		return errorReply(req.ID, protocol.CodeBadRequest, fmt.Errorf("%d environments already: close one first", MaxEnvs))
	}
	m, err := g.New(req.Config)
	if err != nil {
		return errorReply(req.ID, protocol.CodeBadConfig, err)
	}
	var seed uint64
	if req.Seed != nil {
		seed = *req.Seed
	}
	e := &env{m: m, chance: rng.New(seed)}
	if enc, err := g.Encoding(m.Config()); err == nil {
		e.enc = enc
	}
	if err := e.advance(); err != nil {
		return errorReply(req.ID, protocol.CodeBadRequest, err)
	}
	s.envs[req.ID] = e
	return e.state(req.ID, e.m.ToMove())
}

// advance plays chance nodes until a seat is to act or the match is over, keeping their events.
func (e *env) advance() error {
	for steps := 0; e.m.ToMove() == Chance; steps++ {
		if steps > 1_000_000 {
			return errors.New("the game keeps drawing chance")
		}
		next, evs, err := e.m.ApplyEvents(e.m.SampleChance(e.chance), Nobody)
		if err != nil {
			return err
		}
		e.m = next
		e.keep(evs)
	}
	return nil
}

// keep adds evs to the events the next reply hands over.
func (e *env) keep(evs []Event) {
	for _, ev := range evs {
		if b, err := json.Marshal(ev); err == nil {
			e.events = append(e.events, b)
		}
	}
}

func (e *env) step(req protocol.Message) protocol.Message {
	if e.m.Over() {
		return errorReply(req.ID, protocol.CodeIllegalMove, errors.New("the match is over: start another with new"))
	}
	move := req.Move
	switch {
	case req.Action != nil && move != "":
		return errorReply(req.ID, protocol.CodeBadRequest, errors.New("send a move or an action, not both"))
	case req.Action != nil:
		if e.enc == nil {
			return errorReply(req.ID, protocol.CodeBadRequest, errors.New("this game has no learning encoding: send moves in notation"))
		}
		var err error
		if move, err = e.enc.Move(*req.Action); err != nil {
			return errorReply(req.ID, protocol.CodeBadMove, err)
		}
	case move == "":
		return errorReply(req.ID, protocol.CodeBadRequest, errors.New("step needs a move or an action"))
	}
	before, events := e.m, e.events
	next, evs, err := e.m.ApplyEvents(move, Nobody)
	if errors.Is(err, ErrBadNotation) {
		return errorReply(req.ID, protocol.CodeBadMove, err)
	}
	if err != nil {
		return errorReply(req.ID, protocol.CodeIllegalMove, err)
	}
	e.m, e.events = next, nil
	e.keep(evs)
	if err := e.advance(); err != nil {
		e.m, e.events = before, events
		return errorReply(req.ID, protocol.CodeBadRequest, err)
	}
	return e.state(req.ID, e.m.ToMove())
}

// state is the reply describing e for seat p (the seat to act, or Nobody once over); it hands
// over the events gathered since the last reply.
func (e *env) state(id string, p Player) protocol.Message {
	n := e.m.Players()
	reply := protocol.Message{Type: "state", ID: id, Over: e.m.Over(), Events: e.events}
	e.events = nil
	who := int(e.m.ToMove())
	reply.ToMove = &who
	for q := range Player(n) {
		reply.Scores = append(reply.Scores, e.m.Score(q))
		r := 0.0
		if reply.Over {
			r = e.m.Winners().Share(q)
		}
		reply.Rewards = append(reply.Rewards, r)
	}
	for q := range e.m.Winners().All() {
		reply.Winners = append(reply.Winners, int(q))
	}
	if !p.IsSeat() {
		return reply
	}
	seat := int(p)
	reply.Seat = &seat
	v := e.m.View(p)
	if view, err := json.Marshal(v); err == nil {
		reply.View = view
	}
	if e.enc != nil {
		reply.Observation = e.enc.AppendObservation(v, nil)
		reply.Mask = e.enc.AppendMask(v, nil)
	}
	for _, m := range v.Legal() {
		l := protocol.Legal{Move: m}
		if e.enc != nil {
			if a, err := e.enc.Action(m); err == nil {
				l.Action = &a
			}
		}
		reply.Legal = append(reply.Legal, l)
	}
	return reply
}
