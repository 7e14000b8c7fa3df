//go:build unix

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestOutputFileModes runs every command that writes files under two
// umasks and wants each file it wrote (--out, --png, checkpoints, classic
// gen --out, Slurm's job.json, batch script, shard reports and
// checkpoints, island files) to have the mode os.Create gives: 0666 less
// the umask, not 0600.
func TestOutputFileModes(t *testing.T) {
	sweepProgress = nil
	maze := filepath.Join(t.TempDir(), "classic.txt")
	if code, _, errOut := runCmd(t, "classic", "gen", "--size", "5x6", "--out", maze); code != exitOK {
		t.Fatalf("classic gen: %s", errOut)
	}
	defer syscall.Umask(syscall.Umask(0o022))
	for _, umask := range []int{0o022, 0o002} {
		syscall.Umask(umask)
		want := fs.FileMode(0o666 &^ umask)
		for _, tc := range []struct {
			name string
			cmds func(dir string) [][]string
		}{
			{"evolve", func(d string) [][]string {
				return [][]string{{"evolve", "--size", "4x4", "--evals", "300", "--backend", "ref", "--out", filepath.Join(d, "best.txt"),
					"--png", filepath.Join(d, "best.png"), "--checkpoint", filepath.Join(d, "c.json")}}
			}},
			{"evolve --edges", func(d string) [][]string {
				return [][]string{{"evolve", "--edges", "--size", "3x3", "--evals", "200", "--out", filepath.Join(d, "b.txt"), "--checkpoint", filepath.Join(d, "c.json")}}
			}},
			{"evolve --island", func(d string) [][]string {
				return [][]string{{"evolve", "--size", "4x4", "--evals", "300", "--backend", "ref", "--island", "0/2", "--migrate", filepath.Join(d, "isl"),
					"--migrate-every", "1", "--out", filepath.Join(d, "best.txt")}}
			}},
			{"viennese", func(d string) [][]string {
				return [][]string{
					{"viennese", "evolve", "--canvas", "3x3", "--budget", "500", "--out", filepath.Join(d, "v.txt"), "--png", filepath.Join(d, "v.png")},
					{"viennese", "solve", "--png", filepath.Join(d, "s.png"), "testdata/viennese-lollipop.txt"},
				}
			}},
			{"classic", func(d string) [][]string {
				return [][]string{
					{"classic", "gen", "--out", filepath.Join(d, "g.txt")},
					{"classic", "interpret", "--auto", "tremaux", "--png", filepath.Join(d, "i.png"), maze},
				}
			}},
			{"sweep", func(d string) [][]string {
				return [][]string{{"sweep", "--size", "3x3", "--quiet", "--checkpoint", filepath.Join(d, "c.json")}}
			}},
			{"slurm", func(d string) [][]string {
				run := filepath.Join(d, "run")
				return [][]string{
					{"slurm", "sweep", "--size", "3x3", "--shards", "2", "--tasks", "1", "--dir", run, "--no-submit"},
					{"slurm", "task", "--task", "0/1", "--workers", "1", run},
				}
			}},
		} {
			dir := t.TempDir()
			for _, args := range tc.cmds(dir) {
				if code, _, stderr := runCmd(t, args...); code != exitOK {
					t.Fatalf("umask %#o: %v: exit %d: %s", umask, args, code, stderr)
				}
			}
			files := 0
			filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				files++
				if st, err := os.Stat(path); err != nil || st.Mode().Perm() != want {
					t.Errorf("umask %#o: %s: %s has mode %v (%v), want %v", umask, tc.name, path, st.Mode().Perm(), err, want)
				}
				return nil
			})
			if files == 0 {
				t.Errorf("%s wrote no files", tc.name)
			}
		}
	}
}
