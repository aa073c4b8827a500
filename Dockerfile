# syntax=docker/dockerfile:1
# One image, two services: `web` (default) or `api` as the command (see docker/entrypoint.sh).
#   docker build -t bancada .
#   docker run --rm -p 3000:3000 bancada web
#   docker run --rm bancada api

# 1. Build: every dependency (Vite, TypeScript), the islands into public/build and the server into dist/.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (no Vite, TypeScript, Vitest, test browsers).
FROM node:24-slim AS deps
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# 3. Runtime: the compiled server, the built islands, the static files; runs as the unprivileged `node` user.
FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    API_HOST=0.0.0.0 \
    API_PORT=3333 \
    DATA_DIR=/data
# Memory of both services (docs/decisions/012-session-refresh-and-memory-caps.md): V8 would size its heap
# for the host's memory rather than for what a service needs; glibc would keep an arena per thread and
# hold on to large blocks once freed. npm run bench starts the api and the web with these same lines
# (test/bench/production-env.ts reads them here).
ENV NODE_OPTIONS="--max-semi-space-size=4 --max-old-space-size=64"
ENV MALLOC_ARENA_MAX=1
ENV MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
COPY --from=build /app/public ./public
COPY --chmod=755 docker/entrypoint.sh /usr/local/bin/bancada
# The api's embedded database (PGlite) when no DATABASE_URL is given: mount a volume on /data
# (`-v bancada-data:/data`); a new named volume takes this folder's owner.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000 3333
# /healthz of whichever service this container runs (the web's port first, then the api's).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["bancada", "healthcheck"]
ENTRYPOINT ["bancada"]
CMD ["web"]
