//go:build unix

package outfile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteMode wants Write's files to get the mode os.Create gives:
// 0666 less the umask for a new file (not os.CreateTemp's 0600), the old
// permissions for a file it replaces.
func TestWriteMode(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		umask int
		old   os.FileMode // the mode of a file there before; 0 for none
		want  os.FileMode
	}{
		{0o022, 0, 0o644},
		{0o002, 0, 0o664},
		{0o077, 0, 0o600},
		{0o027, 0, 0o640},
		{0o022, 0o600, 0o600},
		{0o077, 0o664, 0o664},
	} {
		old := syscall.Umask(tc.umask)
		path := filepath.Join(dir, "f")
		os.Remove(path)
		if tc.old != 0 {
			if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(path, tc.old); err != nil {
				t.Fatal(err)
			}
		}
		err := Write(path, []byte("data"))
		syscall.Umask(old)
		if err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := st.Mode().Perm(); got != tc.want {
			t.Errorf("umask %#o, old mode %v: Write made %v, want %v", tc.umask, tc.old, got, tc.want)
		}
	}
}
