import { z } from 'zod';

/**
 * The `{id}` of a path that names a row by its text id (an offer, a counter offer, a user, a CMS entry…): at most 64
 * characters, so a long path is refused before the database sees it. Paths whose id is a uuid or a serial keep their
 * own schema.
 */
export const idParamsSchema = z.object({ id: z.string().max(64) });
