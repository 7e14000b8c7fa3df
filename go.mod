module github.com/mousemaze/mousemaze

go 1.26.0

require (
	github.com/fogleman/gg v1.3.0
	github.com/klauspost/cpuid/v2 v2.4.2
	github.com/schollz/progressbar/v3 v3.19.1
	golang.org/x/term v0.47.0
	gonum.org/v1/gonum v0.17.0
	gorgonia.org/cu v0.9.6
)

require (
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	github.com/google/uuid v1.1.1 // indirect
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/pkg/errors v0.9.1 // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/image v0.25.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
