package main

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nornsgames/norns"
)

// optionSet holds one flag per option of every registered game's config (-players, -lives,
// -fiveTrickBonus, …), so that every option is reachable from the command line and a game
// registered tomorrow gets its flags with no change here.
type optionSet struct {
	types map[string]string // option name -> "bool", "int" or "string"
}

// optionValue is a flag that keeps its text; the game's ConfigFromOptions checks it.
type optionValue struct {
	text   string
	isBool bool
}

func (v *optionValue) String() string     { return v.text }
func (v *optionValue) Set(s string) error { v.text = s; return nil }
func (v *optionValue) IsBoolFlag() bool   { return v.isBool }

// optionFlags defines on fs a flag for each option of each registered game.
func optionFlags(fs *flag.FlagSet) optionSet {
	set := optionSet{types: map[string]string{}}
	usage := map[string][]string{}
	var order []string
	for _, name := range norns.Games() {
		g, _ := norns.Lookup(name)
		for _, op := range g.Options() {
			if _, seen := set.types[op.Name]; !seen {
				set.types[op.Name] = op.Type
				order = append(order, op.Name)
			}
			usage[op.Name] = append(usage[op.Name], name+": "+op.Usage)
		}
	}
	for _, name := range order {
		if fs.Lookup(name) != nil {
			continue
		}
		fs.Var(&optionValue{isBool: set.types[name] == "bool"}, name, strings.Join(usage[name], "; "))
	}
	return set
}

// config turns the option flags set on the command line into g's config JSON. A flag that is
// an option of another game only is an error that says which options g has.
func (set optionSet) config(fs *flag.FlagSet, g *norns.Registered) ([]byte, error) {
	var names []string
	for _, op := range g.Options() {
		names = append(names, op.Name)
	}
	var opts []string
	var err error
	fs.Visit(func(f *flag.Flag) {
		if _, isOption := set.types[f.Name]; !isOption || err != nil {
			return
		}
		if !slices.Contains(names, f.Name) {
			err = fmt.Errorf("-%s is not an option of %s (its options: %s)", f.Name, g.Name(), strings.Join(names, ", "))
			return
		}
		v := f.Value.(*optionValue)
		if v.isBool {
			b, perr := strconv.ParseBool(v.text)
			if perr != nil {
				err = fmt.Errorf("-%s wants true or false, not %q", f.Name, v.text)
				return
			}
			v.text = strconv.FormatBool(b)
		}
		opts = append(opts, f.Name+"="+v.text)
	})
	if err != nil {
		return nil, err
	}
	cfg, err := g.ConfigFromOptions(opts...)
	if err != nil {
		return nil, fmt.Errorf("%s", plainError(err))
	}
	return cfg, nil
}
