package server

// The server serves whatever the catalog has registered; its tests use
// every built-in game, as the grundy command does.
import _ "github.com/grundy-go/grundy/catalog/builtin"
