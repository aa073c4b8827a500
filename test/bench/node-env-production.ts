/**
 * The shop runs the web with NODE_ENV=production (Dockerfile), where React renders with its production
 * build, several times faster than the development one. A bench that starts the web in its own process
 * must measure that build: imported first, before anything loads React. An explicit NODE_ENV is kept.
 */
process.env.NODE_ENV ??= 'production';
/** Seeding years of history runs statements of minutes through the api's own pool. */
process.env.DB_QUERY_TIMEOUT_MS ??= '900000';
