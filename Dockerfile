# syntax=docker/dockerfile:1
# One image for every app: the service's `command` names its entry, apps/<app>/src/main.ts.
# tools/ts-runtime compiles TypeScript as it loads, as `npm start` does; the image fills its cache at build.

FROM node:20-bookworm-slim AS manifests
WORKDIR /src
COPY . .
# Only what npm reads, so the install layer is rebuilt when a manifest or the lock changes, not on every edit.
RUN find . -type f ! -name package.json ! -name package-lock.json -delete && find . -depth -type d -empty -delete

FROM node:20-bookworm-slim AS dependencies
WORKDIR /app
RUN npm install --global npm@11 && npm cache clean --force
COPY --from=manifests /src ./
# Not `npm ci`: the lock comes from a registry that serves only linux-x64's optional binaries (swc, nx),
# so it lists no other platform's and `npm ci` refuses it on arm64. `npm install` keeps every locked
# version and adds this platform's binaries (what .ci/run does, without the lock check).
RUN npm install --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=dependencies /app ./
COPY . .
# The gateway serves the dashboard from dist/dashboard/<hash of its sources>: built here, found at start.
# The TypeScript cache is filled here; the label app writes its compiled worker into the same cache
# folder at start, so the folder belongs to the user the apps run as. PGlite's data template is built
# here too, so a new DATA_DIR is a copy of it and no container runs initdb.
RUN node apps/dashboard/build.mjs \
 && node tools/ts-runtime/precompile.js apps libs tools \
 && node libs/event-store/src/postgres/pglite-template/build-pglite-template.mjs \
 && mkdir -p /data node_modules/.cache && chown -R node:node /data node_modules/.cache
USER node
ENTRYPOINT ["node", "-r", "./tools/ts-runtime/register.js"]
# The embedded runtime runs with the heap limit `npm start` sets (decision 77); a compose service
# that names another app's entry as its command runs that app with V8's defaults.
CMD ["--max-old-space-size=1024", "--liftoff-only", "apps/embedded/src/main.ts"]
