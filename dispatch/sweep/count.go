package sweep

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/bits"
)

// Count is an unsigned 128-bit number of mazes. A sweep of an 8×8 grid
// covers 2^64 mazes, one more than a uint64 holds, so weighted counts are
// kept in 128 bits and written to JSON as decimal strings.
type Count struct {
	Hi, Lo uint64
}

// Pow2 returns 2^k as a Count; k must be below 128.
func Pow2(k int) Count {
	if k < 64 {
		return Count{Lo: 1 << uint(k)}
	}
	return Count{Hi: 1 << uint(k-64)}
}

// Add adds o to c. It wraps around past 2^128, which no grid of at most
// 127 cells reaches.
func (c *Count) Add(o Count) {
	var carry uint64
	c.Lo, carry = bits.Add64(c.Lo, o.Lo, 0)
	c.Hi, _ = bits.Add64(c.Hi, o.Hi, carry)
}

// addPow2 adds 2^k to c.
func (c *Count) addPow2(k int) {
	if k < 64 {
		var carry uint64
		c.Lo, carry = bits.Add64(c.Lo, 1<<uint(k), 0)
		c.Hi += carry
		return
	}
	c.Hi += 1 << uint(k-64)
}

// addPow2Small adds 2^k to c; k must be below 64.
func (c *Count) addPow2Small(k int) {
	var carry uint64
	c.Lo, carry = bits.Add64(c.Lo, 1<<uint(k&63), 0)
	c.Hi += carry
}

// IsZero reports whether c is 0.
func (c Count) IsZero() bool { return c.Hi == 0 && c.Lo == 0 }

// Big returns c as a big.Int.
func (c Count) Big() *big.Int {
	b := new(big.Int).SetUint64(c.Hi)
	b.Lsh(b, 64)
	return b.Or(b, new(big.Int).SetUint64(c.Lo))
}

// String returns c in decimal.
func (c Count) String() string {
	if c.Hi == 0 {
		return fmt.Sprint(c.Lo)
	}
	return c.Big().String()
}

// ParseCount reads a non-negative decimal number below 2^128.
func ParseCount(s string) (Count, error) {
	b, ok := new(big.Int).SetString(s, 10)
	if !ok || b.Sign() < 0 || b.BitLen() > 128 {
		return Count{}, fmt.Errorf("sweep: bad count %q", s)
	}
	lo := new(big.Int).And(b, new(big.Int).SetUint64(^uint64(0)))
	hi := new(big.Int).Rsh(b, 64)
	return Count{Hi: hi.Uint64(), Lo: lo.Uint64()}, nil
}

// MarshalJSON writes c as a quoted decimal string.
func (c Count) MarshalJSON() ([]byte, error) { return json.Marshal(c.String()) }

// UnmarshalJSON reads a quoted decimal string (or a plain JSON number).
// Anything else is a *json.UnmarshalTypeError, to which the decoder adds
// the field's name.
func (c *Count) UnmarshalJSON(data []byte) error {
	var s string
	kind := "number "
	if len(data) > 0 && data[0] == '"' {
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		kind = "string "
	} else {
		s = string(data)
	}
	v, err := ParseCount(s)
	if err != nil {
		return &json.UnmarshalTypeError{Value: kind + string(data), Type: countType}
	}
	*c = v
	return nil
}
