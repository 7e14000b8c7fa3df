//go:build unix

package outfile

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
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

// TestWriteKeepsLinksAndDevices wants Write to replace the file a
// symbolic link points to and keep the link, to write into a named pipe
// and a device in place (they stay what they were), and to return a
// device's write error (/dev/full: no space left) instead of replacing
// it. The devices are reached through links in a temporary directory,
// so that a Write that replaced what it was given would replace a link,
// never a device.
func TestWriteKeepsLinksAndDevices(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.txt")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink("target.txt", link); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling.txt")
	if err := os.Symlink("new.txt", dangling); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, file string }{{link, target}, {dangling, filepath.Join(dir, "new.txt")}} {
		if err := Check(tc.path); err != nil {
			t.Fatalf("Check(%s): %v", tc.path, err)
		}
		if err := Write(tc.path, []byte("new")); err != nil {
			t.Fatal(err)
		}
		if st, err := os.Lstat(tc.path); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symbolic link (%v)", tc.path, err)
		}
		if b, err := os.ReadFile(tc.file); err != nil || string(b) != "new" {
			t.Errorf("%s holds %q (%v), want %q", tc.file, b, err, "new")
		}
	}

	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	if err := Write(fifo, []byte("piped")); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-got:
		if s != "piped" {
			t.Errorf("the pipe's reader got %q, want %q", s, "piped")
		}
	case <-time.After(10 * time.Second):
		t.Error("the pipe's reader got nothing in 10 s: Write did not write into the pipe")
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the named pipe was replaced (%v)", err)
	}

	for _, dev := range []struct {
		name    string
		wantErr bool
	}{{"/dev/null", false}, {"/dev/full", true}} {
		if st, err := os.Stat(dev.name); err != nil || st.Mode()&os.ModeDevice == 0 {
			continue // not on this system
		}
		l := filepath.Join(dir, filepath.Base(dev.name))
		if err := os.Symlink(dev.name, l); err != nil {
			t.Fatal(err)
		}
		if err := Check(l); err != nil {
			t.Errorf("Check(%s -> %s): %v", l, dev.name, err)
		}
		err := Write(l, []byte("data"))
		if (err != nil) != dev.wantErr {
			t.Errorf("Write(%s -> %s): error %v, want an error: %v", l, dev.name, err, dev.wantErr)
		}
		if err != nil && !strings.Contains(err.Error(), l) {
			t.Errorf("Write(%s): error %q does not name the path", l, err)
		}
		if st, err := os.Lstat(l); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the link to %s was replaced (%v)", dev.name, err)
		}
		if st, err := os.Stat(dev.name); err != nil || st.Mode()&os.ModeDevice == 0 {
			t.Fatalf("%s is no longer a device (%v)", dev.name, err)
		}
	}
}

// TestWriteDescriptorLinks wants Write, given a path that reaches one of
// the process's open files through a descriptor link (/proc/self/fd/N,
// /dev/fd/N), to write into that file as it stands, after what the
// process wrote to it, and not to put another file in its place (the
// process's own later writes would then go to a file no name reaches).
func TestWriteDescriptorLinks(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd on this system")
	}
	for _, dir := range []string{"/proc/self/fd", "/dev/fd"} {
		path := filepath.Join(t.TempDir(), "out.txt")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		before, _ := f.Stat()
		f.WriteString("progress\n")
		link := filepath.Join(dir, strconv.Itoa(int(f.Fd())))
		if err := Check(link); err != nil {
			t.Errorf("Check(%s): %v", link, err)
		}
		if err := Write(link, []byte("maze\n")); err != nil {
			t.Fatalf("Write(%s): %v", link, err)
		}
		f.WriteString("done\n")
		f.Close()
		after, err := os.Stat(path)
		if err != nil || !os.SameFile(before, after) {
			t.Errorf("%s: Write(%s) put another file in place of the open one (%v)", dir, link, err)
		}
		if b, _ := os.ReadFile(path); string(b) != "progress\nmaze\ndone\n" {
			t.Errorf("%s: the file holds %q, want the writes in order", dir, b)
		}
	}
	if got := descriptorOf("/proc/self/fd/7"); got != 7 {
		t.Errorf("descriptorOf(/proc/self/fd/7) = %d", got)
	}
	if got := descriptorOf("/proc/1/fdx/7"); got != -1 {
		t.Errorf("descriptorOf(/proc/1/fdx/7) = %d", got)
	}
}
