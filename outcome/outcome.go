package outcome

import "fmt"

// Outcome is the outcome class of a position.
type Outcome uint8

const (
	Unknown Outcome = iota
	N               // the player to move wins
	P               // the player who just moved wins
	D               // neither player can force a win: a draw
	L               // Left wins whoever moves first (partizan games)
	R               // Right wins whoever moves first (partizan games)
)

// String returns the one-letter name used in JSON ("N", "P", "D", "L", "R").
func (o Outcome) String() string {
	switch o {
	case N:
		return "N"
	case P:
		return "P"
	case D:
		return "D"
	case L:
		return "L"
	case R:
		return "R"
	}
	return "?"
}

// Describe says in words what the outcome means for the player to move.
func (o Outcome) Describe() string {
	switch o {
	case N:
		return "the player to move wins"
	case P:
		return "the player to move loses (the previous player wins)"
	case D:
		return "a draw: neither player can force a win"
	case L:
		return "Left wins, whoever moves first"
	case R:
		return "Right wins, whoever moves first"
	}
	return "unknown"
}

// MarshalText encodes the outcome as its one-letter name.
func (o Outcome) MarshalText() ([]byte, error) {
	if o == Unknown {
		return nil, fmt.Errorf("outcome: cannot encode an unknown outcome")
	}
	return []byte(o.String()), nil
}

// UnmarshalText decodes a one-letter name.
func (o *Outcome) UnmarshalText(b []byte) error {
	switch string(b) {
	case "N":
		*o = N
	case "P":
		*o = P
	case "D":
		*o = D
	case "L":
		*o = L
	case "R":
		*o = R
	default:
		return fmt.Errorf("outcome: %q is not one of N, P, D, L, R", b)
	}
	return nil
}

// FromGrundy returns the outcome of a normal-play impartial position with
// Sprague–Grundy value g: the player to move wins exactly when g != 0.
func FromGrundy(g uint64) Outcome {
	if g == 0 {
		return P
	}
	return N
}

// FromRemoteness returns the outcome of a normal-play position whose game
// ends, under perfect play, after r moves: odd r means the player to move
// makes the last move.
func FromRemoteness(r int) Outcome {
	if r%2 == 1 {
		return N
	}
	return P
}

// FromFirstMoves returns the outcome class of a partizan position from
// who wins with each player moving first (Winning Ways ch. 1): N when the
// first player wins either way, P when the second does, L or R when one
// player wins whoever starts.
func FromFirstMoves(leftWinsMovingFirst, rightWinsMovingFirst bool) Outcome {
	switch {
	case leftWinsMovingFirst && rightWinsMovingFirst:
		return N
	case leftWinsMovingFirst:
		return L
	case rightWinsMovingFirst:
		return R
	}
	return P
}
