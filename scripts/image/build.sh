#!/bin/sh
# Builds the image's runtime tree into ./image: the compiled JavaScript, the package manifests and
# the production dependencies only, laid out as /app. The Dockerfile's build stage runs this and
# copies ./image into the runtime stage; scripts/image/smoke.ts runs it on a clean copy of the
# build context and starts the result, so CI proves exactly what the image contains.
set -eu
if [ -e .git ]; then
  echo "build.sh replaces node_modules: run it on a clean copy of the build context (the Dockerfile and npm run image:smoke do)" >&2
  exit 64
fi

npm ci --no-audit --no-fund
npm run build
npm prune --omit=dev --no-audit --no-fund

rm -rf image
mkdir image
cp package.json package-lock.json image/
for workspace in $(node -p "require('./package.json').workspaces.join(' ')"); do
  mkdir -p "image/$workspace"
  cp "$workspace/package.json" "image/$workspace/"
done
# The workspaces are symlinks in node_modules/@inv; mv keeps them pointing at image/<workspace>.
mv node_modules image/
cp -R dist/. image/
mkdir -p image/scripts/image
cp scripts/image/entrypoint.sh image/scripts/image/
