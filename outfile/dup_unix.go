//go:build unix

package outfile

import (
	"os"
	"syscall"
)

// writeDup writes data to the open file fd (named path) through a
// duplicate of the descriptor, which shares its offset; the duplicate is
// closed, fd stays open.
func writeDup(fd int, path string, data []byte) error {
	d, err := syscall.Dup(fd)
	if err != nil {
		return err
	}
	f := os.NewFile(uintptr(d), path)
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
