# One image for all four processes; SERVICE picks which one runs.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY gateway/package.json gateway/
COPY services/catalog/package.json services/catalog/
COPY services/locations/package.json services/locations/
COPY services/stock/package.json services/stock/
# tsx (a dev dependency) runs the TypeScript sources directly, so it is kept in the image.
RUN npm ci --include=dev && npm cache clean --force
COPY tsconfig.json ./
COPY shared shared
COPY gateway gateway
COPY services services
RUN mkdir -p /data && chown node:node /data
USER node
ENV SERVICE=gateway
CMD ["sh", "-c", "case \"$SERVICE\" in gateway) exec node --import tsx gateway/src/main.ts;; *) exec node --import tsx services/$SERVICE/src/main.ts;; esac"]
