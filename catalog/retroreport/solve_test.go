package retroreport

import (
	"errors"
	"testing"

	"github.com/grundy-go/grundy/catalog"
)

// TestRefuseLoopy: closed form and search are refused with what the
// player reads, each offering retrograde analysis (a refused closed form
// once said "drop --method closed to search", a method these games
// refuse too); auto is not refused.
func TestRefuseLoopy(t *testing.T) {
	var me *catalog.MethodError
	err := RefuseLoopy("quixo:3", "quixo", catalog.ClosedForm, "quixo repeats positions")
	if !errors.As(err, &me) || me.Game != "quixo:3" || me.Method != catalog.ClosedForm || me.Msg != "quixo has no closed form" || me.Instead != "retrograde analysis" {
		t.Errorf("closed form: %#v", err)
	}
	err = RefuseLoopy("quixo:3", "quixo", catalog.Search, "quixo repeats positions")
	if !errors.As(err, &me) || me.Method != catalog.Search || me.Instead != "retrograde analysis" ||
		me.Msg != "quixo repeats positions, and a game-tree search cannot prove outcomes through cycles" {
		t.Errorf("search: %#v", err)
	}
	if err := RefuseLoopy("quixo:3", "quixo", catalog.Auto, "quixo repeats positions"); err != nil {
		t.Errorf("auto: %v", err)
	}
}
