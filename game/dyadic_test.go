package game

import (
	"fmt"
	"strings"
	"testing"
)

// A parseCase is a parser's input and either the text of the value it
// gives (want) or a part of its error (err).
type parseCase struct{ in, want, err string }

// checkParse checks parse on every case: an error that contains tt.err
// when it is set, else no error and a value that prints as tt.want.
func checkParse[T fmt.Stringer](t *testing.T, parse func(string) (T, error), tests []parseCase) {
	t.Helper()
	for _, tt := range tests {
		v, err := parse(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || v.String() != tt.want {
			t.Errorf("%q: %v, %v; want %s", tt.in, v, err, tt.want)
		}
	}
}

// parseDyadic returns the dyadic s, failing t when s is not one.
func parseDyadic(t *testing.T, s string) Dyadic {
	t.Helper()
	x, err := ParseDyadic(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestParseDyadic(t *testing.T) {
	tests := []parseCase{
		{"2", "2", ""},
		{"-3/4", "-3/4", ""},
		{"10/16", "5/8", ""},
		{"4/2", "2", ""},
		{"0/8", "0", ""},
		{" 5/8 ", "5/8", ""},
		{"1/3", "", "power of two"},
		{"1/0", "", "power of two"},
		{"x", "", "not a dyadic"},
		{"1/1099511627776", "1/1099511627776", ""}, // 2^40
		{"1/562949953421312", "", "out of range"},  // 2^49
	}
	checkParse(t, ParseDyadic, tests)
}

func TestDyadicArithmetic(t *testing.T) {
	d := func(s string) Dyadic { return parseDyadic(t, s) }
	tests := []struct {
		a, b, sum string
		cmp       int
	}{
		{"1/2", "1/4", "3/4", 1},
		{"-3/4", "3/4", "0", -1},
		{"5/8", "3/8", "1", 1},
		{"-1", "-1", "-2", 0},
		{"7/64", "-1/64", "3/32", 1},
	}
	for _, tt := range tests {
		s, err := d(tt.a).Add(d(tt.b))
		if err != nil || s.String() != tt.sum {
			t.Errorf("%s + %s = %v (%v), want %s", tt.a, tt.b, s, err, tt.sum)
		}
		if c := d(tt.a).Cmp(d(tt.b)); c != tt.cmp {
			t.Errorf("cmp(%s, %s) = %d, want %d", tt.a, tt.b, c, tt.cmp)
		}
	}
	// Floors and ceilings round toward −∞ and +∞.
	for _, tt := range []struct {
		x           string
		floor, ceil int64
	}{{"5/2", 2, 3}, {"-5/2", -3, -2}, {"-3", -3, -3}, {"1/64", 0, 1}} {
		if f, c := d(tt.x).Floor(), d(tt.x).Ceil(); f != tt.floor || c != tt.ceil {
			t.Errorf("%s: floor %d ceil %d, want %d %d", tt.x, f, c, tt.floor, tt.ceil)
		}
	}
}

func TestSimplest(t *testing.T) {
	d := func(s string) Bound {
		switch s {
		case "-inf":
			return Bound{Inf: -1}
		case "inf":
			return Bound{Inf: 1}
		}
		return Finite(parseDyadic(t, s))
	}
	tests := []struct{ lo, hi, want string }{
		{"-inf", "inf", "0"}, // { | } = 0
		{"0", "inf", "1"},    // {0 | } = 1
		{"3", "inf", "4"},    // {3 | } = 4
		{"-1/2", "inf", "0"}, // {-1/2 | } = 0
		{"-inf", "0", "-1"},  // { | 0} = -1
		{"-inf", "-1/2", "-1"},
		{"-inf", "-1", "-2"},
		{"-inf", "1/4", "0"},
		{"-1", "1", "0"},
		{"0", "1", "1/2"},
		{"1/2", "1", "3/4"},
		{"1/2", "3", "1"},    // an integer lies between: the smallest above 1/2
		{"-3", "-1/2", "-1"}, // the greatest integer below -1/2
		{"5/8", "3/4", "11/16"},
		{"1/64", "1/32", "3/128"},
		{"-7/8", "-3/4", "-13/16"},
		{"1/8", "7/8", "1/2"},
		{"1/3", "", ""},
	}
	for _, tt := range tests[:len(tests)-1] {
		x, err := Simplest(d(tt.lo), d(tt.hi))
		if err != nil || x.String() != tt.want {
			t.Errorf("{%s | %s} = %v (%v), want %s", tt.lo, tt.hi, x, err, tt.want)
		}
	}
	if _, err := Simplest(d("1"), d("1")); err == nil {
		t.Error("{1 | 1}: no error")
	}
}

func TestParseValue(t *testing.T) {
	tests := []parseCase{
		{"5/8", "5/8", ""},
		{"-3/4", "-3/4", ""},
		{"2", "2", ""},
		{"{3/4|1/2}", "{3/4|1/2}", ""},
		{"{ 1 | -1 }", "{1|-1}", ""},
		{"{1/2|1}", "3/4", ""}, // a < b: the number {1/2 | 1}
		{"{1|1}", "", "neither a number nor a switch"},
		{"{1|", "", "written {a|b}"},
		{"{1,2|0}", "", "left option"},
		{"{1|x}", "", "right option"},
		{"1/6", "", "power of two"},
	}
	checkParse(t, ParseValue, tests)
}
