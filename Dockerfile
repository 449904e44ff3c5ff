# syntax=docker/dockerfile:1
FROM oven/bun:1.4.5-slim AS build
WORKDIR /app
COPY package.json bun.lock bunfig.toml ./
# bun install applies package.json's patchedDependencies from here.
COPY patches ./patches
RUN bun install --frozen-lockfile
COPY . .
RUN bun run build

FROM oven/bun:1.4.5-slim AS deps
WORKDIR /app
COPY package.json bun.lock bunfig.toml ./
COPY patches ./patches
# Runtime packages only. --production alone still installs the optional peers that devDependencies satisfy
# (TypeScript and @types/* for elysia and drizzle-orm, about 45 MB: oven-sh/bun#26837); --omit=peer leaves
# them out, so a peer the server imports must be listed in dependencies (bun run test:container checks that
# the server and the operator commands load in the image). @types/ws and @types/node, declarations only,
# come as a dependency of @libsql/isomorphic-ws.
RUN bun install --frozen-lockfile --production --omit=peer && rm -rf node_modules/@types

FROM oven/bun:1.4.5-slim
WORKDIR /app
# Backups in the volume whatever the database: on a libSQL server (DATABASE_URL=http…) the default folder,
# beside the working directory, is inside the read-only image.
ENV NODE_ENV=production PORT=3000 DATABASE_URL=file:/data/site.db BACKUP_DIR=/data/backups
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.json bunfig.toml ./
COPY src ./src
COPY public ./public
COPY db ./db
# The operator commands, package.json's admin:* and db:* scripts (scripts/admin-*.ts, scripts/db-*.ts) and
# what they share (scripts/operator-*.ts), run inside the container: docker exec <container> bun run admin:password
COPY scripts/admin-*.ts scripts/db-*.ts scripts/operator-*.ts ./scripts/
# 0700: the database and its backups are for the site's user alone (a new named volume takes this mode).
RUN mkdir -p /data && chown bun:bun /data && chmod 700 /data
USER bun
VOLUME /data
EXPOSE 3000
# PORT is read when the check runs, so a container started with another PORT is probed where it listens.
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["bun", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["bun", "run", "start"]
