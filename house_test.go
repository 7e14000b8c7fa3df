package mousemaze_test

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The limits TestHouseRules holds the tree to: what a newcomer can read.
const (
	maxFuncLines    = 100 // lines of a function or method, outside tests and generated files
	maxRootExports  = 110 // exported names declared in the root package
	maxCmdLines     = 2500
	maxReadmeLines  = 250
	generatedMarker = "// Code generated "
)

// TestHouseRules checks the tree's size limits: no function longer than
// maxFuncLines outside tests and generated files, at most maxRootExports
// exported top-level names in the root package (types, functions,
// variables and constants; methods are their types'), at most maxCmdLines
// non-test lines in cmd, and a README of at most maxReadmeLines lines.
func TestHouseRules(t *testing.T) {
	fset := token.NewFileSet()
	var rootExports []string
	cmdLines := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata" || d.Name() == "bin") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.HasPrefix(path, "cmd"+string(filepath.Separator)) {
			cmdLines += bytes.Count(src, []byte("\n"))
		}
		if regexp.MustCompile(`(?m)^` + generatedMarker + `.* DO NOT EDIT\.$`).Match(src) {
			return nil
		}
		f, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Body != nil {
				if n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1; n > maxFuncLines {
					t.Errorf("%s: %s is %d lines long (at most %d)", fset.Position(fn.Pos()), fn.Name.Name, n, maxFuncLines)
				}
			}
		}
		if filepath.Dir(path) == "." {
			rootExports = append(rootExports, exported(f)...)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rootExports) < 20 || cmdLines < 1000 {
		t.Fatalf("found %d root exports and %d cmd lines: not the module's root?", len(rootExports), cmdLines)
	}
	if len(rootExports) > maxRootExports {
		t.Errorf("the root package exports %d names (at most %d): %s", len(rootExports), maxRootExports, strings.Join(rootExports, " "))
	}
	if cmdLines > maxCmdLines {
		t.Errorf("cmd has %d lines outside tests (at most %d): the engine, bench or evolve packages are where the rest belongs", cmdLines, maxCmdLines)
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(readme, []byte("\n")); n > maxReadmeLines {
		t.Errorf("README.md is %d lines (at most %d): details belong in docs/", n, maxReadmeLines)
	}
}

// exported returns the exported top-level names f declares, methods left
// out.
func exported(f *ast.File) []string {
	var names []string
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.IsExported() {
				names = append(names, d.Name.Name)
			}
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					if s.Name.IsExported() {
						names = append(names, s.Name.Name)
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.IsExported() {
							names = append(names, n.Name)
						}
					}
				}
			}
		}
	}
	return names
}
