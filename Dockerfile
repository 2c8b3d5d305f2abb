# syntax=docker/dockerfile:1
#
# telephony-bot in a container (issue 7). Build: docker build -t telephony-bot .
# Run:   docker run --rm -e BOT_ENCRYPTION_KEY=... -e TELEGRAM_BOT_TOKEN=... -v tbot-data:/app/data telephony-bot
#
# There is no compile step: bin/telephony-bot.js runs the TypeScript sources through tsx, which is
# a runtime dependency. The only native module is sqlite3 (the single-instance store).

ARG NODE_IMAGE=node:22-bookworm-slim

# ---- build: the toolchain for sqlite3's native binding, kept out of the runtime image ------------
FROM ${NODE_IMAGE} AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# sqlite3 uses a prebuilt N-API binary when one fits this image, else compiles with the toolchain above.
RUN npm ci --omit=dev \
 && node -e "require('sqlite3')"

# ---- runtime: production dependencies only, non-root, signals to node -----------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/app/data \
    HEALTH_PORT=8081 \
    CONSOLE=false
WORKDIR /app
COPY package.json package-lock.json ./
# Install scripts are skipped here (no toolchain in this image); the one native build comes from the
# build stage. It is N-API, so it does not depend on the exact Node version, and both stages share
# one base image (same glibc).
RUN npm ci --omit=dev --ignore-scripts \
 && npm cache clean --force
COPY --from=build /app/node_modules/sqlite3/build ./node_modules/sqlite3/build
COPY tsconfig.json ./
COPY bin ./bin
COPY src ./src
# The store, the generated master key (when BOT_ENCRYPTION_KEY is unset) and exports live here.
# Created before VOLUME and owned by `node`, so a fresh named volume inherits that owner.
RUN mkdir -p /app/data && chown node:node /app/data \
 && node -e "require('sqlite3')"
VOLUME ["/app/data"]

# 8081 health (/healthz, /readyz), 8080 Telegram webhook, 3000 Slack HTTP mode: publish what you use.
EXPOSE 8081 8080 3000
USER node

# node runs as PID 1 without an init (no --init needed): PID 1 gets no default signal handlers from
# the kernel, but main.ts installs its own for SIGTERM and SIGINT, stops taking updates, finishes the
# commands in flight within SHUTDOWN_TIMEOUT_MS, closes pools and stores and exits 0. The bot starts
# no child processes, so there are no zombies to reap. Give the container a stop timeout longer than
# SHUTDOWN_TIMEOUT_MS (docker stop -t 15; compose stop_grace_period).
STOPSIGNAL SIGTERM

# Slim images have no curl: Node's own fetch probes the health server (HEALTH_PORT, set above).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.HEALTH_PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

CMD ["node", "bin/telephony-bot.js", "start"]
