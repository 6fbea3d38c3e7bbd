#!/bin/sh
# A bot for the norns engine protocol in POSIX sh with sed, to show the protocol is not tied to
# any language: it answers hello with ready and every decide with the first legal move.
#   go run ./examples/arena -game gnav -bots random,"exec:sh examples/engine/sh/first_legal.sh" -seeds 10
while IFS= read -r line; do
  case $line in
    *'"type":"hello"'*) printf '{"type":"ready","name":"first-legal.sh"}\n' ;;
    *'"type":"decide"'*)
      # The legal moves come as "legal":[{"move":"…"…},…]: take the first move's text.
      move=$(printf '%s\n' "$line" | sed -n 's/.*"legal":\[{"move":"\([^"\\]*\)".*/\1/p')
      printf '{"type":"move","move":"%s"}\n' "$move" ;;
    *'"type":"bye"'*) exit 0 ;;
  esac
done
