# The reference server (a CKAN DataStore read API stand-in over CSV fixtures) as an image:
#   docker build -t datastore-kit .
#   docker run -p 8800:8800 datastore-kit serve --host 0.0.0.0
#   docker run -p 8800:8800 -v "$PWD/my-fixtures:/app/fixtures:ro" datastore-kit      # your own fixtures
# The image's entry point is the CLI, so `docker run datastore-kit run --target URL ...` works as well.
# BASE names the Node image (20 or newer, with npm); the default is the official one.
ARG BASE=node:20-bookworm-slim

FROM ${BASE} AS build
# why: once the image is built this stage is left as an untagged image; the label tells such leftovers apart
# (`docker image prune --filter label=org.datastore-kit.stage=build` removes them)
LABEL org.datastore-kit.stage=build
WORKDIR /build
COPY . .
# why: a context that already holds node_modules (after `npm ci`) builds offline; otherwise npm installs it.
# dist/ is taken from the context only when its stamp says it was built from exactly these sources (after `npm run
# build`: scripts/source-hash.mjs), else rebuilt from src/, so the image cannot hold a stale build and a build after
# `npm run build` skips the seconds of tsc. The image runs the CLI from tsc's output in dist/, as the npm package does.
RUN if [ ! -d node_modules ]; then npm ci --no-audit --no-fund --ignore-scripts; fi \
 && node scripts/build.mjs --if-stale \
 && npm prune --omit=dev --offline --no-audit --no-fund
# why: a smoke run over the bundled fixtures checks the build and leaves the embedded database built in the
# cache, so a container answers in seconds instead of building it at every start (mounted fixtures still work:
# the cache is keyed by their content, and a different set is built at start)
RUN DATASTORE_KIT_CACHE_DIR=/build/pglite-cache node bin/datastore-kit.js run --reference --tag smoke --report json --out /tmp/smoke

FROM ${BASE}
WORKDIR /app
ENV NODE_ENV=production \
    DATASTORE_KIT_CACHE_DIR=/app/pglite-cache
COPY --from=build /build/package.json ./
COPY --from=build /build/bin ./bin
COPY --from=build /build/dist ./dist
COPY --from=build /build/node_modules ./node_modules
COPY --from=build /build/cases ./cases
COPY --from=build /build/profiles ./profiles
COPY --from=build /build/fixtures ./fixtures
COPY --from=build --chown=1000:1000 /build/pglite-cache ./pglite-cache
# why: a non-root user (the official image's `node`, uid 1000; numeric so any base works); it writes only to the
# PGlite cache (its own) and the system's temp folder
USER 1000:1000
EXPOSE 8800
ENTRYPOINT ["node", "/app/bin/datastore-kit.js"]
CMD ["serve", "--host", "0.0.0.0"]
