//go:build !unix

package outfile

import "os"

// writeDup writes data to the open file fd, named path, by opening path
// again and appending (descriptor links are a Unix thing).
func writeDup(fd int, path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
