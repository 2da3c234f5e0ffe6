# The portal as one container image (docs/deployment.md, docs/adr/0055-deployment-and-production-refusal.md).
# apps/server/src/container-image.once.test.ts checks this file against the repository and replays the
# runtime stage's steps in a temp directory: keep its instructions to COPY, ENV, RUN npm ci, USER.

# Node 24 LTS in both stages (docs/adr/0081-node-24-runtime-and-dependency-hygiene.md).
# Build: every dependency, then `npm run build` (domain, server and its bundle, web app, instruction PDFs).
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.base.json ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci
COPY packages/domain packages/domain
COPY apps/server apps/server
COPY apps/web apps/web
COPY scripts/build.mjs scripts/bundle-server.mjs scripts/
COPY scripts/lib/build-steps.mjs scripts/lib/import-meta-url.mjs scripts/lib/
RUN npm run build

# Runtime: the server's production dependencies and what `npm run build` made, run as `node`.
FROM node:24-slim AS runtime
ENV NODE_ENV=production
# glibc's malloc as npm start sets it: two arenas, freed memory given back (docs/adr/0129-server-memory-on-postgresql.md).
ENV MALLOC_ARENA_MAX=2 MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
# npm ci checks the lock file against every workspace's manifest, so all four come along.
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace=@nubes/server --ignore-scripts && npm cache clean --force
COPY --from=build /app/packages/domain/dist packages/domain/dist
COPY --from=build /app/apps/server/dist apps/server/dist
# Migrations, applied at every start (apps/server/src/db/client.ts).
COPY --from=build /app/apps/server/drizzle apps/server/drizzle
# The web app with the instruction PDFs under static/instructions/ (config.ts: WEB_DIST's default).
COPY --from=build /app/apps/web/dist apps/web/dist
# PGlite's data when DATABASE_URL is unset: a directory the unprivileged user owns (mount a volume there).
ENV PORT=8080 DATA_DIR=/home/node/data
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server's bundle (scripts/bundle-server.mjs), what `npm start` runs once the build is up to date,
# with npm start's node flags: an old generation of at most 512 MB, which V8 also keeps nearer to what
# it holds (docs/adr/0133-old-generation-size.md).
CMD ["node", "--max-old-space-size=512", "apps/server/dist/bundle/main.js"]
