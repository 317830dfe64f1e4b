# Switchboard in one image: built in a full install, run from the built files and the production
# dependencies only, as an unprivileged user, with its data in a volume (docs/operations.md "Docker").
# The base is Debian's own (Node.js 20 from Debian's packages), so the image can be rebuilt from
# Debian alone.
ARG BASE_IMAGE=debian:trixie-slim

FROM ${BASE_IMAGE} AS build
RUN apt-get update && apt-get install -y --no-install-recommends nodejs npm ca-certificates && rm -rf /var/lib/apt/lists/*
# A build behind a TLS-inspecting proxy: its CA certificates (PEM files *.crt put in docker/ca/) are
# trusted by this stage's npm only; the image that runs never sees them.
COPY docker/ca/ /usr/local/share/ca-certificates/build/
RUN update-ca-certificates >/dev/null
ENV NPM_CONFIG_CAFILE=/etc/ssl/certs/ca-certificates.crt
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY e2e/package.json e2e/
RUN npm ci --ignore-scripts
# Only what the build reads: a change to docs or test scripts does not rebuild the web app.
COPY tsconfig.base.json ./
COPY packages/ packages/
RUN npm run build
# What runs: production dependencies only (no web build libraries, no test tools), without what
# Node.js never loads (docker/prune-modules.sh).
COPY docker/prune-modules.sh docker/
RUN rm -rf node_modules packages/*/node_modules e2e/node_modules && npm ci --omit=dev --ignore-scripts && npm cache clean --force \
  && sh docker/prune-modules.sh node_modules \
  && find packages/*/dist -type f \( -name '*.d.ts' -o -name '*.tsbuildinfo' \) -delete

# The system the app runs on: Node.js, the PostgreSQL client (pg_dump / pg_restore for backups) and
# CA certificates from Debian, with no documentation, manual pages, translations or package lists.
# It is copied whole into an empty image below, so files of the base removed here are really gone.
# Perl (50 MB) comes only with the PostgreSQL client, for its version wrapper (/usr/bin/pg_dump picks
# among installed versions): the image has one version, linked from /usr/local/bin, and no Perl.
# (A derived image that installs more Debian packages runs `apt-get install -f` first.)
FROM ${BASE_IMAGE} AS system
RUN apt-get update && apt-get install -y --no-install-recommends nodejs postgresql-client ca-certificates \
  && for tool in pg_dump pg_restore psql; do ln -s "$(ls -d /usr/lib/postgresql/*/bin | tail -n 1)/$tool" /usr/local/bin/; done \
  && dpkg --purge --force-depends perl $(dpkg-query -W -f '${Package} ' 'perl-modules-*' 'libperl5*') \
  && pg_dump --version \
  && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/cache/debconf/*-old /var/lib/dpkg/*-old /var/log/* \
     /usr/share/man /usr/share/info /usr/share/locale /usr/share/lintian /usr/share/bash-completion \
  && find /usr/share/doc -mindepth 1 ! -type d ! -name copyright -delete \
  && find /usr/share/doc -mindepth 1 -type d -empty -delete \
  && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin switchboard \
  && mkdir -p /data /app && chown switchboard /data

FROM scratch
COPY --from=system / /
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/shared/package.json packages/shared/package.json
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY --from=build /app/packages/server/package.json packages/server/package.json
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/server/drizzle packages/server/drizzle
COPY --from=build /app/packages/web/dist packages/web/dist
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data MALLOC_MMAP_THRESHOLD_=131072
USER switchboard
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "packages/server/dist/main.js"]
