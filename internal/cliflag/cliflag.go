// Package cliflag holds the typed flags of the mousemaze command on top of
// package flag: a flag value parsed once by its own function (Value),
// number flags with a lower bound (Min), string flags with a fixed set of
// values (Choice), and Parse, which takes flags wherever they stand among
// the arguments. A bad value is a usage error at parse time, as the flag
// package reports its own.
package cliflag

import (
	"errors"
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Value is a typed flag value, parsed once by its parse function when the
// flag is given; IsSet says whether it was given or has a default.
type Value[T any] struct {
	V     T
	set   bool
	parse func(string) (T, error)
}

// New registers the flag name on fs with its default def ("" for none).
func New[T any](fs *flag.FlagSet, name, def, usage string, parse func(string) (T, error)) *Value[T] {
	v := &Value[T]{parse: parse}
	if def != "" {
		v.Set(def)
	}
	fs.Var(v, name, usage)
	return v
}

// IsSet says whether the flag was given or has a default.
func (v *Value[T]) IsSet() bool { return v.set }

// Ptr returns the value, or nil when none is set.
func (v *Value[T]) Ptr() *T {
	if !v.set {
		return nil
	}
	return &v.V
}

// String returns the value as its type prints it, or "" when none is set.
func (v *Value[T]) String() string {
	if v == nil || !v.set {
		return ""
	}
	return fmt.Sprint(v.V)
}

// Set parses s.
func (v *Value[T]) Set(s string) error {
	x, err := v.parse(s)
	if err != nil {
		return err
	}
	v.V, v.set = x, true
	return nil
}

// Min registers a number flag (an int, int64 or time.Duration) whose
// value must be at least min; a smaller one is a usage error at parse time.
func Min[T int | int64 | time.Duration](fs *flag.FlagSet, name string, def, min T, usage string) *T {
	return &New(fs, name, fmt.Sprint(def), usage, func(s string) (T, error) {
		var v T
		var err error
		switch p := any(&v).(type) {
		case *int:
			*p, err = strconv.Atoi(s)
		case *int64:
			*p, err = strconv.ParseInt(s, 0, 64)
		case *time.Duration:
			*p, err = time.ParseDuration(s)
		}
		switch {
		case err != nil:
			return v, errors.New("not a number")
		case v < min && min == 1:
			return v, errors.New("must be above 0")
		case v < min:
			return v, fmt.Errorf("must be %v or more", min)
		}
		return v, nil
	}).V
}

// Choice registers a string flag whose value must be one of valid (def,
// the default, among them); another value is a usage error at parse time
// that lists the valid ones.
func Choice(fs *flag.FlagSet, name, def, usage string, valid ...string) *string {
	return &New(fs, name, def, usage, func(s string) (string, error) {
		if !slices.Contains(valid, s) {
			return "", fmt.Errorf("want %s", OrList(valid))
		}
		return s, nil
	}).V
}

// OrList writes "a, b or c".
func OrList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}

// Parse parses the flags of args wherever they stand: the flag package
// stops at the first argument, so it parses again after each argument,
// until the end of args or a "--", after which everything is an argument
// (as "-" is, standard input). fs.Args() are then the arguments in their
// order.
func Parse(fs *flag.FlagSet, args []string) error {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			pos = append(pos, rest...)
			break
		}
		if len(rest) == 0 {
			break
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
	return fs.Parse(append([]string{"--"}, pos...))
}
