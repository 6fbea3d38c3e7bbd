package gulveig

import "fmt"

// Role is one of the five rune cards of the player roles (G21), or [NoRole].
type Role uint8

// The roles, and NoRole for "no role" or a role the viewer may not see.
const (
	NoRole    Role = iota
	Sacrifice      // Tyr's Sacrifice
	Orchard        // Idun's Orchard
	Anthem         // Volcanic Anthem
	Gold           // Freya's Gold
	Song           // Valkyrie Song
	numRoles
)

// NumRoles is the number of role cards.
const NumRoles = int(numRoles) - 1

var roleNames = [numRoles]string{"none", "Tyr's Sacrifice", "Idun's Orchard", "Volcanic Anthem", "Freya's Gold", "Valkyrie Song"}
var roleShorts = [numRoles]string{"-", "sacrifice", "orchard", "anthem", "gold", "song"}

// IsValid reports whether r is one of the five roles.
func (r Role) IsValid() bool { return r > NoRole && r < numRoles }

// String returns the role's name ("Tyr's Sacrifice"), or "Role(9)" out of range.
func (r Role) String() string {
	if r < numRoles {
		return roleNames[r]
	}
	return fmt.Sprintf("Role(%d)", int(r))
}

// Short returns the role's notation ("sacrifice", "orchard", "anthem", "gold", "song").
func (r Role) Short() string {
	if r < numRoles {
		return roleShorts[r]
	}
	return r.String()
}

// Position is who holds a role when it is used (G21): the bid winner, a bid loser or the 4th
// player.
type Position uint8

// The positions.
const (
	Winner Position = iota
	Loser
	Fourth
	numPositions
)

var positionNames = [numPositions]string{"bid winner", "bid loser", "4th player"}

// String returns "bid winner", "bid loser" or "4th player".
func (p Position) String() string {
	if p < numPositions {
		return positionNames[p]
	}
	return fmt.Sprintf("Position(%d)", int(p))
}

// Effect is what a role's power does.
type Effect uint8

// The effects of the powers (G21).
const (
	EffectNone     Effect = iota
	EffectLower           // the bid winner lowers the bid by 10
	EffectExchange        // exchange 2 cards with the other bid loser
	EffectDrawRole        // 2 players: draw the top role of the pile and use its bid-loser power
	EffectGiveAway        // the 4th player's points go to the first bidder
	EffectPlus5           // the bid winner's hand points +5
	EffectMinus5          // the bid winner's hand points -5
	EffectOrchard         // every player holding cards gives one to the treasure, then draws one
	EffectWorth           // a card's worth becomes Value for this hand [everyone]
	EffectStrength        // a card's strength becomes Value for this hand [everyone]
)

// Power is one power of a role: its effect, the card it names and the value it sets (for
// EffectWorth and EffectStrength), and whether it is mandatory.
type Power struct {
	Effect    Effect
	Card      Card
	Value     int
	Mandatory bool
}

// powers is the role table of G21 as data: powers[role][position].
var powers = [numRoles][numPositions]Power{
	Sacrifice: {
		Winner: {Effect: EffectLower, Card: NoCard},
		Loser:  {Effect: EffectExchange, Card: NoCard},
		Fourth: {Effect: EffectGiveAway, Card: NoCard, Mandatory: true},
	},
	Orchard: {
		Winner: {Effect: EffectPlus5, Card: NoCard},
		Loser:  {Effect: EffectOrchard, Card: NoCard},
		Fourth: {Effect: EffectWorth, Card: Freya, Value: 4},
	},
	Anthem: {
		Winner: {Effect: EffectWorth, Card: Farbauti, Value: 6},
		Loser:  {Effect: EffectWorth, Card: Surt, Value: 5},
		Fourth: {Effect: EffectWorth, Card: Thiassi, Value: 4},
	},
	Gold: {
		Winner: {Effect: EffectStrength, Card: Freya, Value: 8},
		Loser:  {Effect: EffectWorth, Card: Freya, Value: -10, Mandatory: true},
		Fourth: {Effect: EffectMinus5, Card: NoCard},
	},
	Song: {
		Winner: {Effect: EffectWorth, Card: Baldur, Value: 6},
		Loser:  {Effect: EffectWorth, Card: Odin, Value: 5},
		Fourth: {Effect: EffectNone, Card: NoCard},
	},
}

// PowerOf returns the power role r gives its holder at position pos in a match of players
// seats: G21's table, with Tyr's Sacrifice for a bid loser drawing another role when there is no
// other bid loser (2 players).
func PowerOf(r Role, pos Position, players int) Power {
	if !r.IsValid() || pos >= numPositions {
		return Power{Card: NoCard}
	}
	p := powers[r][pos]
	if p.Effect == EffectExchange && players == 2 {
		p.Effect = EffectDrawRole
	}
	return p
}

// String describes the power ("Surt is worth 5", "lower the bid by 10").
func (p Power) String() string {
	s := ""
	switch p.Effect {
	case EffectNone:
		return "no power"
	case EffectLower:
		s = "lower the bid by 10"
	case EffectExchange:
		s = "exchange 2 cards with the other bid loser"
	case EffectDrawRole:
		s = "draw another role and use its bid-loser power"
	case EffectGiveAway:
		s = "give this hand's points to the first bidder"
	case EffectPlus5:
		s = "+5 points to the bid winner"
	case EffectMinus5:
		s = "-5 points to the bid winner"
	case EffectOrchard:
		s = "everyone gives a card to the treasure, then takes one at random"
	case EffectWorth:
		s = fmt.Sprintf("%v is worth %d", p.Card, p.Value)
	case EffectStrength:
		s = fmt.Sprintf("%v has strength %d", p.Card, p.Value)
	default:
		s = fmt.Sprintf("Effect(%d)", int(p.Effect))
	}
	if p.Mandatory {
		s += " (mandatory)"
	}
	return s
}

// values is the worth and strength of every card for one hand: the deck table's, changed by the
// roles' [everyone] powers (G21). It is the per-hand override of the table; nothing else in the
// package changes a card's worth or strength.
type values struct {
	worth    [NumKinds]int8
	strength [NumKinds]int8
}

// baseValues is the table's values.
var baseValues = func() (v values) {
	for c, ci := range table {
		v.worth[c], v.strength[c] = ci.worth, ci.strength
	}
	return v
}()

// valueTables holds every table of worths and strengths the roles can make from the deck table's
// (index 0): at most a few dozen, so a State names its hand's table by a byte (see [State]).
// valueNext[i][r][pos] is the index of table i after the [everyone] power of role r at position
// pos, or i for a power that sets no worth or strength.
var valueTables, valueNext = func() (ts []values, next [][numRoles][numPositions]uint8) {
	index := map[values]int{baseValues: 0}
	ts = []values{baseValues}
	for i := 0; i < len(ts); i++ {
		next = append(next, [numRoles][numPositions]uint8{})
		for r := range numRoles {
			for pos := range numPositions {
				j := i
				if p := powers[r][pos]; p.Effect == EffectWorth || p.Effect == EffectStrength {
					t := ts[i]
					t.set(p)
					k, ok := index[t]
					if !ok {
						k = len(ts)
						index[t] = k
						ts = append(ts, t)
					}
					j = k
				}
				next[i][r][pos] = uint8(j)
			}
		}
	}
	if len(ts) > 256 {
		panic("gulveig: more than 256 tables of worths and strengths")
	}
	return ts, next
}()

// set applies a worth or strength power to the card it names and to its alternate (G21: a power
// naming a card applies to its alternate too).
func (v *values) set(p Power) {
	for c := range Card(NumKinds) {
		if c != p.Card && table[c].alt != p.Card {
			continue
		}
		switch p.Effect {
		case EffectWorth:
			v.worth[c] = int8(p.Value)
		case EffectStrength:
			v.strength[c] = int8(p.Value)
		}
	}
}
