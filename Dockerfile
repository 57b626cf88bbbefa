# syntax=docker/dockerfile:1
# One image for every Daybreak process (gateway, services, dev identity provider); docker-compose.yml
# picks the entry point per service, e.g. `node services/posts/dist/main.js`.

ARG NODE_IMAGE=node:20-bookworm-slim

# --- manifests: only package.json / package-lock.json files, so `npm ci` below stays cached until
# --- a dependency changes (npm workspaces need every workspace's package.json to install).
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json ! -name .npmrc -delete \
 && find . -type d -empty -delete

# --- build: install everything, compile every workspace (nx run-many -t build), drop dev deps.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true CI=true
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime: the built tree with production dependencies only, run as the unprivileged `node` user.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app ./
RUN mkdir -p /app/.data/media && chown node:node /app/.data /app/.data/media
USER node
EXPOSE 8080
CMD ["node", "services/gateway/dist/main.js"]
