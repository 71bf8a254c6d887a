//go:build !race

package blosc

// raceEnabled is true when the race detector is on.
const raceEnabled = false
