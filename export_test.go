package norns

import (
	"maps"
	"reflect"
)

// Unregister removes the game a test registered under name, with its Playout for S, so that
// the registry's other tests, which go through every registered game, never see it.
func Unregister[S any](name string) {
	registry.Lock()
	defer registry.Unlock()
	delete(registry.games, name)
	if p := registry.playouts.Load(); p != nil {
		playouts := maps.Clone(*p)
		delete(playouts, reflect.TypeFor[S]())
		registry.playouts.Store(&playouts)
	}
}
