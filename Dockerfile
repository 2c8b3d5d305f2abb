# syntax=docker/dockerfile:1
#
# telephony-bot in a container (docs/operations.md §6; docs/docker.md has the lines to run it).
# Build: docker build -t telephony-bot .
# Try:   docker run --rm -it -e SANDBOX=1 -e CONSOLE=1 telephony-bot
# Run:   docker run -d -e BOT_ENCRYPTION_KEY -e TELEPHONY_BASE_URL=https://api.example.com \
#          -e TELEGRAM_BOT_TOKEN -v tbot-data:/app/data -p 127.0.0.1:8081:8081 telephony-bot
#
# The build stage compiles the TypeScript into dist/ (npm run build: one esbuild bundle with source
# maps) and copies out the few packages dist/ does not bundle (the native sqlite3 and
# @resvg/resvg-js, scripts/runtime-modules.js); the runtime stage gets dist/, those packages and the
# one launcher, nothing else: no sources, no tsx, no esbuild, no compiler toolchain, and none of the
# ~180 MB of packages dist/ already holds (docs/docker.md §2).

# Pinned: a rebuild gets the same Node and the same Debian. Override with --build-arg NODE_IMAGE=…
# (a digest, node:22.14.0-bookworm-slim@sha256:…, pins it further). Both stages use it, so the
# native sqlite3 binding is built against the same glibc it runs on.
ARG NODE_IMAGE=node:22.14.0-bookworm-slim

# ---- build: compile, and the toolchain for sqlite3's native binding ------------------------------
FROM ${NODE_IMAGE} AS build
# Debian's compiler for sqlite3's binding: only the npm registry and Debian's mirrors need be
# reachable to build this image.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# sqlite3's install script is `prebuild-install -r napi || node-gyp rebuild`: the first downloads a
# binary from GitHub, and node-gyp downloads Node's headers from nodejs.org. Neither is needed:
# `npm ci --ignore-scripts` skips that script (and `prepare`, which needs the sources), and npm's
# own node-gyp compiles the binding against the headers the official image ships in
# /usr/local/include/node (--nodedir). No npm configuration in the environment: npm 10 warns about each key it does
# not know ("Unknown env config build-from-source"). sqlite3 comes with its SQLite source (deps/),
# so nothing else is fetched.
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && cd node_modules/sqlite3 \
 && node /usr/local/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js rebuild --nodedir=/usr/local \
 && cd /app \
 && node -e "require('sqlite3')"
COPY tsconfig.json ./
COPY scripts ./scripts
COPY src ./src
# runtime-modules.js loads each external and copies exactly the packages it loaded (sqlite3 with
# its binding and `bindings`, @resvg/resvg-js with its platform package) into /app/runtime.
RUN npm run build \
 && node scripts/runtime-modules.js /app/runtime

# ---- runtime: dist + assets + production dependencies, non-root, signals to node -----------------
FROM ${NODE_IMAGE} AS runtime
# NODE_ENV=production makes a start without TELEPHONY_BASE_URL or without a channel an error that
# names the variables (SANDBOX=1 runs the demo on purpose). NODE_OPTIONS bounds V8's old space: the
# bot's live heap stays near 50 MB under a burst, but on a host with much memory V8 lets garbage
# grow to several times that before collecting it (docs/operations.md §7.5); raise it with -e.
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-old-space-size=256 \
    DATA_DIR=/app/data \
    HEALTH_PORT=8081 \
    CONSOLE=false
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/runtime/node_modules ./node_modules
# dist/ holds the chunks, their source maps and the sandbox's demo-data.yaml.
COPY --from=build /app/dist ./dist
COPY bin/telephony-bot.js ./bin/
# The store, the generated master key (when BOT_ENCRYPTION_KEY is unset) and exports live here.
# Created before VOLUME and owned by `node` (uid 1000, gid 1000), so a fresh named volume inherits
# that owner. A bind mount keeps its host owner: give it to 1000:1000 (`chown -R 1000:1000 ./data`)
# or run with `--user` of its owner; otherwise the start is refused, naming the uid and gid it needs.
RUN mkdir -p /app/data && chown node:node /app/data \
 && chmod 0700 /app/data \
 && node -e "require('sqlite3')" \
 && node bin/telephony-bot.js --version
VOLUME ["/app/data"]

# One HTTP server on HEALTH_PORT: /healthz, /readyz, /metrics, and the Telegram webhook or the Slack
# HTTP receiver when configured (TELEGRAM_WEBHOOK_PORT and SLACK_PORT apply only without HEALTH_PORT).
EXPOSE 8081
USER node

# node runs as PID 1 without an init: PID 1 gets no default signal handlers from the kernel, but
# main.ts installs its own for SIGTERM and SIGINT: /readyz turns 503, updates stop, commands in flight
# finish within SHUTDOWN_TIMEOUT_MS, pools and stores close, exit 0 (exit 1, naming what was
# abandoned, if that bound passes). The bot starts no child processes, so there are no zombies to
# reap. Give the container a stop timeout longer than SHUTDOWN_TIMEOUT_MS + 2 s (docker stop -t 15;
# compose stop_grace_period).
STOPSIGNAL SIGTERM

# Liveness: the process answers. (Readiness, /readyz, is for a load balancer or orchestrator: it is
# 503 until every channel receives and while draining, and restarting on it would fight a shutdown.)
# Slim images have no curl: Node's own fetch probes.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.HEALTH_PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

CMD ["node", "bin/telephony-bot.js", "start"]
