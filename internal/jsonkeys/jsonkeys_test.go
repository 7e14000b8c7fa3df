package jsonkeys

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

type inner struct {
	Turns int    `json:"turns"`
	Maze  string `json:"maze,omitempty"`
}

type Embedded struct {
	Seed uint64 `json:"seed"`
}

type request struct {
	Embedded
	Size    string            `json:"size"`
	Plain   int               // no tag: the field's name
	Skip    int               `json:"-"`
	Spec    *inner            `json:"spec"`
	List    []inner           `json:"list"`
	ByName  map[string]inner  `json:"by_name"`
	When    time.Time         `json:"when"` // decodes itself
	Opaque  map[string]string `json:"opaque"`
	private int
}

// TestCheck runs Check on documents with keys in the right and the wrong
// case, at every depth, and wants the first wrong key (in key order) with
// its field's name, and nothing for keys that match no field at all,
// documents that do not parse, or types that decode themselves.
func TestCheck(t *testing.T) {
	for _, c := range []struct {
		doc, want string
	}{
		{`{"size":"3x3","seed":1,"Plain":2,"spec":{"turns":3},"list":[{"maze":"x"}],"by_name":{"a":{"turns":1}}}`, ""},
		{`{"Size":"3x3"}`, `field "Size": JSON field names are case-sensitive: the field is "size"`},
		{`{"SEED":1}`, `field "SEED": JSON field names are case-sensitive: the field is "seed"`},
		{`{"plain":2}`, `field "plain": JSON field names are case-sensitive: the field is "Plain"`},
		{`{"spec":{"Turns":3}}`, `field "spec.Turns": JSON field names are case-sensitive: the field is "turns"`},
		{`{"list":[{"turns":1},{"Maze":"x"}]}`, `field "list[1].Maze": JSON field names are case-sensitive: the field is "maze"`},
		{`{"by_name":{"k":{"TURNS":1}}}`, `field "by_name.k.TURNS": JSON field names are case-sensitive: the field is "turns"`},
		{`{"Spec":{"Turns":1},"Size":"x"}`, `field "Size": JSON field names are case-sensitive: the field is "size"`},
		{`{"unknown":1,"skip":2,"private":3}`, ""},
		{`{"opaque":{"Size":"x"},"when":"2026-01-01T00:00:00Z"}`, ""},
		{`{"size":`, ""},
		{`[1,2]`, ""},
		{`{"spec":null,"list":null}`, ""},
	} {
		err := Check([]byte(c.doc), &request{})
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.doc, err)
		case c.want != "" && (err == nil || err.Error() != c.want):
			t.Errorf("%s: error %v, want %q", c.doc, err, c.want)
		}
	}
	if err := Check([]byte(`{"Turns":1}`), new(*inner)); err == nil || !strings.Contains(err.Error(), `"turns"`) {
		t.Errorf("a pointer to a pointer: %v", err)
	}
}

// TestNames lists the JSON names of request's fields: tags, an untagged
// field's own name, the embedded struct's fields promoted, none for "-"
// or an unexported field.
func TestNames(t *testing.T) {
	got := strings.Join(Names(reflect.TypeFor[request]()), " ")
	if want := "Plain by_name list opaque seed size spec when"; got != want {
		t.Errorf("Names = %q, want %q", got, want)
	}
}
