package main

// Every built-in game, registered with the catalog by its own package.
import _ "github.com/grundy-go/grundy/catalog/builtin"
