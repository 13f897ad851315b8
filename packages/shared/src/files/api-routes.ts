import type { Access } from '../roles.js';

/** Who may call the file store's routes; reading a given file is further limited by the service (404 otherwise). */
export const FILE_API_ROUTES = {
  'POST /file': 'AUTHENTICATED',
  'POST /file/': 'AUTHENTICATED',
  /** The spec's other upload path (its API): the same handler as POST /file. */
  'POST /filemanager-ms/aws/': 'AUTHENTICATED',
  'GET /file/aws/download/:file': 'AUTHENTICATED',
  'DELETE /file/:fileKey': 'AUTHENTICATED',
} as const satisfies Record<string, Access>;
