# syntax=docker/dockerfile:1
# One image for the five processes; SERVICE (gateway, catalog, locations, stock, notifications)
# picks which one a container runs. Node 26 is the Active LTS line (supported until April 2029). CI
# proves this recipe without a Docker engine: `npm run image:smoke` runs the same build script on a
# clean copy of the build context with this Node version and starts the result the way the runtime
# stage does.
ARG NODE_VERSION=26

# Build: install from the lock, compile TypeScript to JavaScript, prune to production dependencies,
# and lay out the runtime tree in /app/image.
FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
COPY . .
RUN --mount=type=cache,target=/root/.npm sh scripts/image/build.sh

# Runtime: compiled JavaScript and production dependencies only, owned by root and read-only to
# the unprivileged user that runs them; only DATA_DIR (the gateway's generated certificate) is writable.
FROM node:${NODE_VERSION}-slim AS runtime
ENV NODE_ENV=production \
    SERVICE=gateway \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/image/ ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8443
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --start-interval=2s --retries=3 \
  CMD ["node", "scripts/image/healthcheck.js"]
CMD ["sh", "scripts/image/entrypoint.sh"]
