package main

// The cpu backend registers itself with mousemaze.Register.
import _ "github.com/mousemaze/mousemaze/cpu"
