// Package jsonkeys makes JSON field names case-sensitive where the
// project reads JSON strictly (the web API's requests, Slurm job files).
// encoding/json matches an object's keys to a struct's fields ignoring
// case, so {"Size": ...} fills the field "size" and a typo of case passes
// unnoticed (where a request names the same field twice in two cases, the
// last one wins silently). Check finds such keys before decoding.
package jsonkeys

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
)

// Check reports the first object key of data (a JSON document; one that
// does not parse is left to the decoder) that names a field of v's type
// only when case is ignored, with the field's name, walking nested
// structs, pointers, slices, arrays and maps of them. Keys that match no
// field at all are left to the decoder (json.Decoder's
// DisallowUnknownFields), as are values of types that decode themselves
// (json.Unmarshaler, encoding.TextUnmarshaler).
func Check(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil
	}
	return check(doc, reflect.TypeOf(v), "")
}

var (
	jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()
)

func check(doc any, t reflect.Type, path string) error {
	for t != nil && t.Kind() == reflect.Pointer {
		if t.Implements(jsonUnmarshaler) || t.Implements(textUnmarshaler) {
			return nil
		}
		t = t.Elem()
	}
	if t == nil || reflect.PointerTo(t).Implements(jsonUnmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler) {
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, ok := doc.(map[string]any)
		if !ok {
			return nil
		}
		fields := fieldsOf(t)
		for _, key := range slices.Sorted(maps.Keys(obj)) {
			val := obj[key]
			f, ok := fields[key]
			if !ok {
				for name := range fields {
					if strings.EqualFold(name, key) {
						return fmt.Errorf("field %q: JSON field names are case-sensitive: the field is %q", join(path, key), name)
					}
				}
				continue
			}
			if err := check(val, f, join(path, key)); err != nil {
				return err
			}
		}
	case reflect.Slice, reflect.Array:
		arr, ok := doc.([]any)
		if !ok {
			return nil
		}
		for i, val := range arr {
			if err := check(val, t.Elem(), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case reflect.Map:
		obj, ok := doc.(map[string]any)
		if !ok {
			return nil
		}
		for _, key := range slices.Sorted(maps.Keys(obj)) {
			if err := check(obj[key], t.Elem(), join(path, key)); err != nil {
				return err
			}
		}
	}
	return nil
}

// Names returns the JSON names of the fields that encoding/json decodes
// into in struct type t (those of embedded structs without a tag
// promoted), sorted.
func Names(t reflect.Type) []string {
	return slices.Sorted(maps.Keys(fieldsOf(t)))
}

// fieldsOf returns the JSON names of the fields of struct type t that
// encoding/json decodes into, with their types: the tag's name, else the
// field's; the fields of embedded structs without a tag promoted.
func fieldsOf(t reflect.Type) map[string]reflect.Type {
	fields := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				for n, ft := range fieldsOf(et) {
					if _, ok := fields[n]; !ok {
						fields[n] = ft
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fields[name] = f.Type
	}
	return fields
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
