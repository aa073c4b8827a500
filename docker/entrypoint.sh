#!/bin/sh
# Entry point of the Bancada image: `web` or `api` starts that service (exec, so SIGTERM reaches Node and
# the graceful shutdown runs); `healthcheck` asks /healthz of the service running in this container.
set -e
# APP_DIR is unset in the image; the image rehearsal (scripts/rehearse-image.ts) points it at its tree.
cd "${APP_DIR:-/app}"

case "${1:-web}" in
  web)
    [ "$#" -gt 0 ] && shift
    exec node dist/server/index.js "$@"
    ;;
  api)
    shift
    exec node dist/api/index.js "$@"
    ;;
  healthcheck)
    # No curl in slim images: Node's fetch. The container runs one service; the other port refuses at once.
    exec node -e '
      const ports = [process.env.PORT || 3000, process.env.API_PORT || 3333];
      const ok = (port) =>
        fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(4000) }).then((r) => r.ok, () => false);
      (async () => {
        for (const port of ports) if (await ok(port)) process.exit(0);
        process.exit(1);
      })();
    '
    ;;
  *)
    exec "$@"
    ;;
esac
