/**
 * The shop runs the web with NODE_ENV=production (Dockerfile), where React renders with its production
 * build, several times faster than the development one. A bench that starts the web in its own process
 * must measure that build: imported first, before anything loads React. An explicit NODE_ENV is kept.
 */
process.env.NODE_ENV ??= 'production';
