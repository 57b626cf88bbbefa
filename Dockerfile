# syntax=docker/dockerfile:1
# Daybreak's images. The default target, `runtime`, is the production image: the gateway and the
# services, built, with the production dependencies of those workspaces only (no test, bench or e2e
# code, no dev tools, no development identity provider), run as the unprivileged `node` user;
# docker-compose.yml and deploy/k8s pick the entry point per process, e.g.
# `node services/posts/dist/main.js`. The `dev-idp` target is the development identity provider,
# for the compose demo alone (it signs anyone in without a password). deploy/dockerfile.spec.ts
# checks this file's structure.

# Node 22, the active LTS line (20 leaves maintenance in April 2026).
ARG NODE_IMAGE=node:22-bookworm-slim
# The workspaces whose code runs in production: what they need at run time is all the image holds.
ARG RUNTIME_WORKSPACES="libs/content libs/contracts libs/database libs/messaging libs/nest-common libs/observability libs/redis services/gateway services/media services/notifications services/posts services/social services/streaks"

# --- manifests: only package.json / package-lock.json files, so the installs below stay cached until
# --- a dependency changes (npm workspaces need every workspace's package.json to install).
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json ! -name .npmrc -delete \
 && find . -type d -empty -delete

# --- build: install everything, compile every workspace (nx run-many -t build), then gather what
# --- runs (each runtime workspace's dist/, the built SPA) into /out.
FROM ${NODE_IMAGE} AS build
ARG RUNTIME_WORKSPACES
WORKDIR /app
ENV NX_DAEMON=false NX_NO_CLOUD=true CI=true
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && for workspace in ${RUNTIME_WORKSPACES}; do \
      mkdir -p "/out/${workspace}" && cp -R "${workspace}/dist" "/out/${workspace}/dist"; \
    done \
 && mkdir -p /out/frontend /out/libs/contracts \
 && cp -R frontend/dist /out/frontend/dist \
 && cp libs/contracts/topics.json /out/libs/contracts/topics.json

# --- production dependencies of the runtime workspaces alone. Their devDependencies go first: the
# --- services' `@daybreak/testing` would otherwise bring testcontainers in (a workspace's own
# --- dependencies count as production ones in the lockfile). The other workspaces' manifests go too.
FROM ${NODE_IMAGE} AS production-dependencies
ARG RUNTIME_WORKSPACES
WORKDIR /app
COPY --from=manifests /app ./
RUN npm pkg delete devDependencies --workspaces \
 && npm ci --omit=dev --no-audit --no-fund $(for workspace in ${RUNTIME_WORKSPACES}; do echo "--workspace=${workspace}"; done) \
 && rm -rf bench e2e frontend scripts/dev-idp libs/testing \
 && npm cache clean --force

# --- dev-idp: the development OpenID provider, for docker compose's demo only (never deployed;
# --- it refuses NODE_ENV=production unless DAYBREAK_DEMO=true on addresses of this machine).
FROM ${NODE_IMAGE} AS dev-idp
WORKDIR /app
COPY --from=manifests /app ./
RUN npm pkg delete devDependencies --workspaces \
 && npm ci --omit=dev --no-audit --no-fund --workspace=scripts/dev-idp \
 && npm cache clean --force
COPY scripts/dev-idp scripts/dev-idp
ENV NODE_ENV=production HOST=0.0.0.0
USER node
EXPOSE 8090
CMD ["node", "scripts/dev-idp/server.mjs"]

# --- runtime (default): the built code of the runtime workspaces with their production
# --- dependencies, the built SPA, and the scripts of the compose one-shot jobs (secrets, topics).
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY --from=production-dependencies --chown=node:node /app ./
COPY --from=build --chown=node:node /out ./
COPY --chown=node:node scripts/compose scripts/compose
COPY --chown=node:node scripts/infra scripts/infra
COPY --chown=node:node scripts/stack scripts/stack
RUN mkdir -p /app/.data/media && chown node:node /app/.data /app/.data/media
USER node
EXPOSE 8080
CMD ["node", "services/gateway/dist/main.js"]
