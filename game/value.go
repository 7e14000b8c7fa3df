package game

import (
	"fmt"
	"strings"
)

// Value is a reduced canonical form of a MAZE position: a number X, or
// a switch {A | B} of numbers A > B.
type Value struct {
	Switch bool   // a switch {A | B} rather than a number
	X      Dyadic // the number, when Switch is false
	A, B   Dyadic // the switch's options, A > B, when Switch is true
}

// Number returns the value x.
func Number(x Dyadic) Value { return Value{X: x} }

// NewSwitch returns the switch {a | b}; a must exceed b.
func NewSwitch(a, b Dyadic) (Value, error) {
	if !b.Less(a) {
		return Value{}, fmt.Errorf("{%v|%v} is not a switch: want a > b", a, b)
	}
	return Value{Switch: true, A: a, B: b}, nil
}

// Equal reports whether v and w are the same value.
func (v Value) Equal(w Value) bool {
	if v.Switch != w.Switch {
		return false
	}
	if v.Switch {
		return v.A == w.A && v.B == w.B
	}
	return v.X == w.X
}

// String writes a number as "5/8" and a switch as "{3/4|1/2}".
func (v Value) String() string {
	if v.Switch {
		return "{" + v.A.String() + "|" + v.B.String() + "}"
	}
	return v.X.String()
}

// MarshalText writes v as String does.
func (v Value) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// ParseValue reads a number ("2", "-3/4") or a game {a | b} of two numbers.
// With a > b it is a switch; with a < b it is the number {a | b}, the
// simplest number between them; a = b (the game a*, not a number or a
// switch) is an error.
func ParseValue(s string) (Value, error) {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "{") {
		x, err := ParseDyadic(t)
		if err != nil {
			return Value{}, err
		}
		return Number(x), nil
	}
	if !strings.HasSuffix(t, "}") {
		return Value{}, fmt.Errorf("%q: a switch is written {a|b}", s)
	}
	left, right, ok := strings.Cut(t[1:len(t)-1], "|")
	if !ok {
		return Value{}, fmt.Errorf("%q: a switch is written {a|b}", s)
	}
	a, err := ParseDyadic(left)
	if err != nil {
		return Value{}, fmt.Errorf("%q: left option: %w", s, err)
	}
	b, err := ParseDyadic(right)
	if err != nil {
		return Value{}, fmt.Errorf("%q: right option: %w", s, err)
	}
	switch a.Cmp(b) {
	case 1:
		return NewSwitch(a, b)
	case -1:
		x, err := Simplest(Finite(a), Finite(b))
		if err != nil {
			return Value{}, fmt.Errorf("%q: %w", s, err)
		}
		return Number(x), nil
	}
	return Value{}, fmt.Errorf("%q is %v*, neither a number nor a switch", s, a)
}
