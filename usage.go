package mousemaze

import "errors"

// UsageError is an error that blames the command line (a bad or
// conflicting flag, or input that breaks a flag's rules) rather than the
// machine or a file; IsUsageError recognises it. Its text is Err's.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }

// Unwrap returns Err.
func (e UsageError) Unwrap() error { return e.Err }

// Usage wraps err, if any, in a UsageError.
func Usage(err error) error {
	if err == nil {
		return nil
	}
	return UsageError{err}
}

// isUsage reports whether err is or wraps a UsageError.
func isUsage(err error) bool {
	var u UsageError
	return errors.As(err, &u)
}
