//go:build race

package blosc

// raceEnabled is true when the race detector is on (sync.Pool then drops
// items on purpose, so allocation counts mean nothing).
const raceEnabled = true
