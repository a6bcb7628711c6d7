# syntax=docker/dockerfile:1
# The production image: one build, run as `WORKER_MODE=api` (the HTTP API and the web app) or
# `WORKER_MODE=worker` (queue workers, scale as needed); see docker-compose.yml and docs/deploy.md.
# Node: the maintained LTS that CI also runs the backend suite on (.ci/run LTS_NODE_VERSION).
ARG NODE_VERSION=26.10.0

# --- build: every workspace's dependencies, then the shared rules, the sandbox, the backend and the web app
FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
ENV SCARF_ANALYTICS=false DO_NOT_TRACK=1 NX_DAEMON=false CI=true
COPY package.json package-lock.json ./
COPY libs/shipment-rules/package.json libs/shipment-rules/
COPY sandbox/package.json sandbox/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx nx run-many -t build \
      --projects=@portal/shipment-rules,@portal/faire-sandbox,@portal/backend,@portal/frontend \
      --output-style=static

# --- prod-deps: only what the backend needs at run time (no dev dependencies, no frontend packages)
FROM build AS prod-deps
RUN rm -rf node_modules \
 && npm ci --omit=dev --no-audit --no-fund --include-workspace-root=false \
      -w @portal/backend -w @portal/shipment-rules -w @portal/faire-sandbox

# --- runtime: slim, non-root, production
FROM node:${NODE_VERSION}-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    LOCAL_STATE_DIR=/tmp/portal \
    SCARF_ANALYTICS=false
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/libs/shipment-rules/package.json libs/shipment-rules/
COPY --from=build /app/libs/shipment-rules/dist libs/shipment-rules/dist
COPY --from=build /app/sandbox/package.json sandbox/
COPY --from=build /app/sandbox/dist sandbox/dist
COPY --from=build /app/backend/package.json backend/
COPY --from=build /app/backend/dist backend/dist
COPY --from=build /app/frontend/dist frontend/dist
# The official image's unprivileged user; the app writes nothing under /app.
USER node
EXPOSE 3000 2525
# The API's own check (database, Redis, a queue round trip). Worker containers have no HTTP server:
# docker-compose.yml turns this off for them.
HEALTHCHECK --interval=15s --timeout=5s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node receives SIGTERM directly (exec form, PID 1): the app stops taking work and exits in time.
CMD ["node", "backend/dist/main.js"]
