import { asc, sql } from 'drizzle-orm';
import {
  SECTOR_RULE_MESSAGES,
  SECTOR_TYPE_CODES,
  SECTORS_MESSAGES,
  buildServiceTree,
  extendsParentCode,
  filterServiceTree,
  parseSectorScheme,
  sectorGroups,
  serviceCodesIndex,
  walkTree,
  type AddedService,
  type AddServiceBody,
  type SectorGroup,
  type SectorLanguage,
  type SectorScheme,
  type ServiceCodesLookup,
  type ServiceNode,
} from '@portal/shared';
import type { Actor, RequestMeta } from '../../context.js';
import type { Db } from '../../db/client.js';
import { addedServices } from '../../db/schema/index.js';
import { writeAudit } from '../logs/service.js';
import { classification } from './classification.js';
import { sectorsError } from './errors.js';

interface CacheEntry {
  version: string;
  tree: ServiceNode[];
}
/** Per database (tests run several in one process), per scheme and language. @cache sector-trees */
const caches = new WeakMap<Db, Map<string, CacheEntry>>();

const VERSION_TTL_MS = 1000;
const versions = new WeakMap<Db, { at: number; version: string }>();

/**
 * A cheap fingerprint of the added services, so every instance rebuilds its trees when one was added anywhere.
 * Read at most once a second per instance (another instance's addition shows within a second; this one's at once).
 */
async function addedVersion(db: Db): Promise<string> {
  const seen = versions.get(db);
  if (seen && Date.now() - seen.at < VERSION_TTL_MS) return seen.version;
  const version = await readAddedVersion(db);
  versions.set(db, { at: Date.now(), version });
  return version;
}

async function readAddedVersion(db: Db): Promise<string> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, max: sql<number>`coalesce(max(${addedServices.id}), 0)::int` })
    .from(addedServices);
  return `${row?.n ?? 0}:${row?.max ?? 0}`;
}

async function listAdded(db: Db): Promise<AddedService[]> {
  const rows = await db.select().from(addedServices).orderBy(asc(addedServices.id));
  return rows.map((r) => ({ scheme: r.scheme as SectorScheme, parent: r.parent, value: r.value, title: r.title }));
}

/** The tree of a scheme in a language, with the services the secretariat added. Cached per instance. */
export async function getServiceTree({
  db,
  scheme,
  lang,
}: {
  db: Db;
  scheme: SectorScheme;
  lang: SectorLanguage;
}): Promise<ServiceNode[]> {
  const version = await addedVersion(db);
  const key = `${scheme}:${lang}`;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.tree;
  const tree = buildServiceTree(await classification(), scheme, lang, await listAdded(db));
  cache.set(key, { version, tree });
  return tree;
}

/**
 * A chosen service's codes in any scheme, from the three trees (with the services the secretariat added): what the
 * split on save reads to give each sector the services its code belongs to (normalizeSectors).
 */
export async function serviceCodesLookup(db: Db): Promise<ServiceCodesLookup> {
  const [W120, CPC_PROV, CPC21] = await Promise.all(
    (['W120', 'CPC_PROV', 'CPC21'] as const).map((scheme) => getServiceTree({ db, scheme, lang: 'en' })),
  );
  return serviceCodesIndex({ W120, CPC_PROV, CPC21 });
}

/** The nodes matching a service, by code or words, with their ancestors. */
export async function filterServices({
  db,
  scheme,
  lang,
  service,
}: {
  db: Db;
  scheme: SectorScheme;
  lang: SectorLanguage;
  service: string;
}) {
  return filterServiceTree(await getServiceTree({ db, scheme, lang }), service);
}

/** The editor's sector groups (1 Business … 11 Transport, 12 Other), from the W/120 data. */
export async function listSectorGroups(): Promise<SectorGroup[]> {
  return sectorGroups((await classification()).w120);
}

const CODE_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}.\-*+]*$/u;

/**
 * Adds a service under a parent of a scheme's tree. Refused: unknown scheme, unknown parent, a code that is
 * not a code, a code that does not extend its parent's (400 with SECTOR_RULE_MESSAGES.codeUnderParent: the
 * sector-choice rule reads a service's sector from its code, the editor from the tree, and they must agree), a code
 * already in the scheme (which covers a duplicate under the same parent). Audited.
 */
export async function addService({
  db,
  actor,
  meta,
  body,
}: {
  db: Db;
  actor: Actor;
  meta: RequestMeta;
  body: AddServiceBody;
}) {
  const scheme = parseSectorScheme(body.sectorType ?? SECTOR_TYPE_CODES.W120);
  if (!scheme) throw sectorsError(400, 'UNKNOWN_SCHEME');
  if (!CODE_PATTERN.test(body.value)) throw sectorsError(400, 'INVALID_CODE');
  const tree = await getServiceTree({ db, scheme, lang: 'en' });
  const values = new Set<string>();
  for (const n of walkTree(tree)) values.add(n.value);
  if (!values.has(body.servicesParent)) throw sectorsError(404, 'UNKNOWN_PARENT');
  if (!extendsParentCode(scheme, body.servicesParent, body.value))
    throw sectorsError(400, 'CODE_OUTSIDE_PARENT', SECTOR_RULE_MESSAGES.codeUnderParent);
  if (values.has(body.value)) throw sectorsError(409, 'DUPLICATE_CODE');
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(addedServices)
      .values({ scheme, parent: body.servicesParent, value: body.value, title: body.title, createdBy: actor.id })
      .onConflictDoNothing()
      .returning({ id: addedServices.id });
    if (inserted.length === 0) throw sectorsError(409, 'DUPLICATE_CODE');
    await writeAudit(tx, {
      action: 'SERVICE_ADDED',
      logUser: actor.email,
      value: { scheme, parent: body.servicesParent, value: body.value, title: body.title },
      meta,
    });
  });
  versions.delete(db);
  return {
    message: SECTORS_MESSAGES.serviceAdded,
    payload: { scheme, value: body.value, title: body.title, parent: body.servicesParent },
  };
}
