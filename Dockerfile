# syntax=docker/dockerfile:1
# Kadr for production: one image for every role (ROLE=api|worker|all). Build: docker build -t kadr .
# How to run it, settings, migrations, backups and scaling: docs/operations.md.

ARG NODE_IMAGE=node:24-bookworm-slim

# 1. The workspace's manifests: what `npm ci` needs, and nothing that changes more often.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/ scripts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/catalog/package.json packages/catalog/
COPY packages/contract/package.json packages/contract/
COPY packages/emulators/package.json packages/emulators/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# 2. Every dependency, to build the web app.
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/ packages/
COPY apps/web/ apps/web/
ARG VITE_SITE_URL=https://kadr.example
ENV VITE_SITE_URL=${VITE_SITE_URL}
RUN npm run build -w @kadr/web

# 3. Only what runs in production.
FROM manifests AS runtime-deps
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 4. The image: Node 24 runs the server's TypeScript directly (type stripping), as a non-root user.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/kadr \
    WEB_DIR=/app/apps/web/build/client
WORKDIR /app
COPY --from=runtime-deps /app/node_modules node_modules/
COPY package.json ./
COPY packages/ packages/
COPY apps/server/package.json apps/server/
COPY apps/server/src/ apps/server/src/
COPY apps/server/drizzle/ apps/server/drizzle/
COPY --from=build /app/apps/web/build/client apps/web/build/client/
RUN mkdir -p /var/lib/kadr && chown node:node /var/lib/kadr
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/src/main.ts"]
