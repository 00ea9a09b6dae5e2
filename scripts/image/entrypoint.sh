#!/bin/sh
# The image's command: SERVICE picks which of the five processes this container runs. `exec` makes
# that process PID 1, so it receives docker's SIGTERM itself and shuts down gracefully.
set -eu
case "${SERVICE:-}" in
  gateway) exec node gateway/src/main.js ;;
  catalog | locations | stock | notifications) exec node "services/$SERVICE/src/main.js" ;;
  *)
    echo "SERVICE must be gateway, catalog, locations, stock or notifications (got \"${SERVICE:-}\")" >&2
    exit 64
    ;;
esac
