package mousemaze

import (
	"errors"
	"fmt"
	"testing"
)

// TestUsageError wants UsageErrors, also wrapped, to blame the command
// line with their own text, and other errors not to.
func TestUsageError(t *testing.T) {
	base := errors.New("--size 0x0: bad")
	u := Usage(base)
	if u.Error() != base.Error() || !errors.Is(u, base) || !IsUsageError(u) || !IsUsageError(fmt.Errorf("ctx: %w", u)) {
		t.Errorf("Usage(%v) = %v, IsUsageError %v", base, u, IsUsageError(u))
	}
	if Usage(nil) != nil || IsUsageError(base) || IsUsageError(nil) {
		t.Error("a nil or plain error counts as usage")
	}
}
