// `npm run s3:local`: an S3-compatible server on 127.0.0.1:4568 with the bucket `portal-files` (objects in
// data/s3, or S3_LOCAL_DIR; port S3_LOCAL_PORT), to try the portal's S3 file store on one machine. Point the portal at it with the settings printed below.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const S3rver = createRequire(import.meta.url)('@20minutes/s3rver');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.S3_LOCAL_PORT ?? 4568);
const server = new S3rver({
  address: '127.0.0.1',
  port,
  silent: true,
  directory: process.env.S3_LOCAL_DIR ?? path.join(root, 'data/s3'),
  configureBuckets: [{ name: 'portal-files' }],
});
await server.run();
console.log(`S3-compatible server on http://127.0.0.1:${port}, bucket portal-files (Ctrl+C to stop). Run the portal with:
  S3_BUCKET=portal-files S3_ENDPOINT=http://127.0.0.1:${port} S3_ACCESS_KEY_ID=S3RVER S3_SECRET_ACCESS_KEY=S3RVER npm start`);
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
