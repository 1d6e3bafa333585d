package nim

// NoMisere: misere-nim is misère Nim already.
func (misereNim) NoMisere() string {
	return "misere-nim is misère play already (it is nim --misere); misère play of misère play is not a rule"
}
