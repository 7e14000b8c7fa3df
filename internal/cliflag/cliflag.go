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
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Value is a typed flag value, parsed once by its parse function when the
// flag is given; IsSet says whether it was given or has a default.
type Value[T any] struct {
	V        T
	set      bool
	parse    func(string) (T, error)
	typeName string
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

// Named sets the name of the value's type in help texts (PrintDefaults),
// such as "RxC", and returns v.
func (v *Value[T]) Named(typeName string) *Value[T] {
	v.typeName = typeName
	return v
}

// TypeName is the name of the value's type in help texts: the one Named
// set, else int, duration or string for those types, else "".
func (v *Value[T]) TypeName() string {
	if v.typeName != "" {
		return v.typeName
	}
	switch any(v.V).(type) {
	case int, int64:
		return "int"
	case time.Duration:
		return "duration"
	case string:
		return "string"
	}
	return ""
}

// number says whether the value is a number (an int, int64 or
// time.Duration), whose unset value prints as "" although it is 0.
func (v *Value[T]) number() bool {
	switch any(v.V).(type) {
	case int, int64, time.Duration:
		return true
	}
	return false
}

// PrintDefaults is fs.PrintDefaults with the flag package's "value", the
// placeholder it prints for flag types it does not know, replaced by the
// name of the value's type, where the value has a TypeName method (as
// Value has: int, duration, RxC, ...). Like the flag package for its own
// int and duration flags, it states no default of 0 (or 0s) for number
// Values (Min): the flag package prints one for them only because their
// unset value prints as "".
func PrintDefaults(fs *flag.FlagSet, w io.Writer) {
	var buf strings.Builder
	out := fs.Output()
	fs.SetOutput(&buf)
	fs.PrintDefaults()
	fs.SetOutput(out)
	text := buf.String()
	fs.VisitAll(func(f *flag.Flag) {
		if t, ok := f.Value.(interface{ TypeName() string }); ok && t.TypeName() != "" {
			text = strings.Replace(text, "  -"+f.Name+" value\n", "  -"+f.Name+" "+t.TypeName()+"\n", 1)
		}
		if n, ok := f.Value.(interface{ number() bool }); ok && n.number() && (f.DefValue == "0" || f.DefValue == "0s") {
			_, usage := flag.UnquoteUsage(f)
			usage = strings.ReplaceAll(usage, "\n", "\n    \t")
			text = strings.Replace(text, "\t"+usage+" (default "+f.DefValue+")\n", "\t"+usage+"\n", 1)
		}
	})
	io.WriteString(w, text)
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
