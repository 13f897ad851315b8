import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  GATS_COLUMNS,
  GATS_FILTER_LIMIT,
  findNode,
  nodeMatches,
  gatsMemberId,
  walkTree,
  type GatsFilter,
  type GatsMember,
  type GatsRow,
  type ServiceNode,
} from '@portal/shared';
import { writeXlsx } from '../../lib/xlsx/write.js';
import type { Db } from '../../db/client.js';
import { countries, gatsCommitments } from '../../db/schema/index.js';
import { getServiceTree } from '../sectors/service.js';
import { memberKey } from './keys.js';

/** The columns a row shows (not the hash, key and import bookkeeping). */
const ROW_COLUMNS = {
  id: gatsCommitments.id,
  member: gatsCommitments.member,
  sectorCode: gatsCommitments.sectorCode,
  sectorName: gatsCommitments.sectorName,
  sectorText: gatsCommitments.sectorText,
  ma1: gatsCommitments.ma1,
  ma2: gatsCommitments.ma2,
  ma3: gatsCommitments.ma3,
  ma4: gatsCommitments.ma4,
  nt1: gatsCommitments.nt1,
  nt2: gatsCommitments.nt2,
  nt3: gatsCommitments.nt3,
  nt4: gatsCommitments.nt4,
  source: gatsCommitments.source,
};
type CommitmentRow = { [K in keyof typeof ROW_COLUMNS]: (typeof gatsCommitments.$inferSelect)[K] };

/**
 * W/120 codes in classification order (shared compareW120Codes: 1.A.b < 2.C.a < 9.A < 11.A.b), in SQL so that a page
 * of rows is cut from the ordered whole: each of the first four segments padded to four characters ("11" → "0011",
 * "A" → "000A"; a digit sorts before a letter, a missing segment first), then the code itself for anything deeper.
 * Text order put 11.A.b before 2.C.a.
 */
function sectorCodeOrder(): SQL[] {
  const code = gatsCommitments.sectorCode;
  const part = (n: number) => sql`lpad(split_part(${code}, '.', ${sql.raw(String(n))}), 4, '0')`;
  return [sql`(${part(1)} || ${part(2)} || ${part(3)} || ${part(4)}) collate "C"`, sql`${code} collate "C"`];
}

/**
 * Byte-order sorting: a locale-aware sort of a few hundred rows costs PGlite (WASM) tens of milliseconds, and the
 * member key is already lower case without accents, so "C" order is the alphabetical order users expect.
 */
const ROW_ORDER = [sql`${gatsCommitments.memberKey} collate "C"`, ...sectorCodeOrder(), asc(gatsCommitments.id)];

/** The only way from a stored commitment to the wire: the spec's column names. */
export function presentGatsRow(r: CommitmentRow): GatsRow {
  return {
    id: r.id,
    Member: r.member,
    SectorCode: r.sectorCode,
    SectorName: r.sectorName,
    SectorText: r.sectorText,
    MA1: r.ma1,
    MA2: r.ma2,
    MA3: r.ma3,
    MA4: r.ma4,
    NT1: r.nt1,
    NT2: r.nt2,
    NT3: r.nt3,
    NT4: r.nt4,
    Source: r.source,
  };
}

const W120_CODE = /^\d{1,2}(\.[A-Za-z](\.[a-z](\.\d)?)?)?$/;

/**
 * Turns the services of a filter into the list of W/120 codes to look up. A W/120 code takes its whole subtree
 * (`1.A` → 1.A, 1.A.a …, including services the secretariat added); a CPC code or words take the W/120 nodes that
 * cite or name them, with their subtrees. The answer is a plain list compared with `=`, so nothing typed by a user
 * reaches SQL as a pattern. Undefined: no service filter; empty: nothing can match.
 */
async function sectorCodes(db: Db, services: string[]): Promise<string[] | undefined> {
  const wanted = services.map((s) => s.trim()).filter(Boolean);
  if (wanted.length === 0) return undefined;
  const tree = await getServiceTree({ db, scheme: 'W120', lang: 'en' });
  const codes = new Set<string>();
  const addSubtree = (n: ServiceNode) => {
    for (const x of walkTree([n])) codes.add(x.value);
  };
  for (const s of wanted) {
    if (W120_CODE.test(s)) {
      codes.add(s);
      const node = findNode(tree, s);
      if (node) addSubtree(node);
    } else for (const n of walkTree(tree)) if (nodeMatches(n, s)) addSubtree(n);
  }
  return [...codes];
}

/** Member names (or ISO codes of member states) → the keys stored beside each row. */
async function memberKeys(db: Db, names: string[]): Promise<string[]> {
  const wanted = names.map((n) => n.trim()).filter(Boolean);
  const codes = wanted.filter((n) => /^[A-Za-z]{2}$/.test(n)).map((c) => c.toUpperCase());
  const keys = new Set(wanted.map(memberKey));
  if (codes.length) {
    for (const c of await db.select({ name: countries.name }).from(countries).where(inArray(countries.code, codes)))
      keys.add(memberKey(c.name));
  }
  return [...keys];
}

/** The conditions of a filter on gats_commitments; null when nothing can match. */
async function filterCondition(db: Db, filter: GatsFilter): Promise<SQL | undefined | null> {
  const conditions: SQL[] = [];
  const sectors = await sectorCodes(db, filter.services);
  if (sectors?.length === 0) return null;
  if (sectors) conditions.push(inArray(gatsCommitments.sectorCode, sectors));
  if (filter.countries.some((c) => c.trim()))
    conditions.push(inArray(gatsCommitments.memberKey, await memberKeys(db, filter.countries)));
  return conditions.length ? and(...conditions) : undefined;
}

/** POST /gats/filter: the commitments of the given members in the given services; empty lists mean all. */
export async function filterGats({
  db,
  filter,
  limit = GATS_FILTER_LIMIT,
}: {
  db: Db;
  filter: GatsFilter;
  limit?: number;
}) {
  const where = await filterCondition(db, filter);
  if (where === null) return { excelData: [], total: 0, truncated: false };
  const rows = await db
    .select(ROW_COLUMNS)
    .from(gatsCommitments)
    .where(where)
    .orderBy(...ROW_ORDER)
    .limit(limit + 1);
  const truncated = rows.length > limit;
  let total = rows.length;
  if (truncated) {
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(gatsCommitments)
      .where(where);
    total = c?.n ?? total;
  }
  return { excelData: rows.slice(0, limit).map(presentGatsRow), total, truncated };
}

/**
 * The same answer as filterGats, as the JSON text of the response envelope, joined in the database from each
 * row's stored JSON: the View GATS hot path, which then costs one short result instead of hundreds of decoded rows.
 */
export async function filterGatsJson({
  db,
  filter,
  limit = GATS_FILTER_LIMIT,
}: {
  db: Db;
  filter: GatsFilter;
  limit?: number;
}): Promise<string> {
  const where = await filterCondition(db, filter);
  if (where === null) return JSON.stringify({ payload: { excelData: [], total: 0, truncated: false } });
  const rowOrder = sql.join(ROW_ORDER, sql`, `);
  const result = await db.execute(sql`
    select count(*)::int as n, string_agg(row_json, ',' order by rn) filter (where rn <= ${limit}) as json
    from (
      select row_json, row_number() over (order by ${rowOrder}) as rn
      from ${gatsCommitments}
      where ${where ?? sql`true`}
      order by ${rowOrder}
      limit ${limit + 1}
    ) as page`);
  const agg = (result as unknown as { rows: { n: number; json: string | null }[] }).rows[0];
  const count = agg?.n ?? 0;
  const truncated = count > limit;
  let total = count;
  if (truncated) {
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(gatsCommitments)
      .where(where);
    total = c?.n ?? total;
  }
  return `{"payload":{"excelData":[${agg?.json ?? ''}],"total":${total},"truncated":${truncated}}}`;
}

/** GET /gats: browse by member, sector (W/120 code, with its subtree) and words, a page at a time. */
export async function listGats({
  db,
  member,
  sector,
  q,
  page,
  size,
}: {
  db: Db;
  member?: string;
  sector?: string;
  q?: string;
  page: number;
  size: number;
}) {
  const conditions: SQL[] = [];
  if (member) conditions.push(eq(gatsCommitments.memberKey, memberKey(member)));
  if (sector) {
    const sectors = await sectorCodes(db, [sector]);
    if (sectors?.length === 0) return { items: [], total: 0, page, size };
    if (sectors) conditions.push(inArray(gatsCommitments.sectorCode, sectors));
  }
  if (q) {
    const needle = q.toLowerCase();
    conditions.push(
      sql`(position(${needle} in lower(${gatsCommitments.sectorText})) > 0 or position(${needle} in lower(${gatsCommitments.sectorName})) > 0 or position(${needle} in lower(${gatsCommitments.member})) > 0)`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(gatsCommitments)
    .where(where);
  const rows = await db
    .select(ROW_COLUMNS)
    .from(gatsCommitments)
    .where(where)
    .orderBy(...ROW_ORDER)
    .limit(size)
    .offset((page - 1) * size);
  return { items: rows.map(presentGatsRow), total: count?.n ?? 0, page, size };
}

/** GET /gats/members: every member with commitments, its page id, row count and the sector groups it covers. */
export async function listGatsMembers(db: Db): Promise<GatsMember[]> {
  const rows = await db
    .select({
      member: gatsCommitments.member,
      count: sql<number>`count(*)::int`,
      sectors: sql<string[]>`array_agg(distinct split_part(${gatsCommitments.sectorCode}, '.', 1))`,
    })
    .from(gatsCommitments)
    .groupBy(gatsCommitments.member)
    .orderBy(asc(gatsCommitments.member));
  return rows.map((r) => ({
    id: gatsMemberId(r.member),
    member: r.member,
    count: r.count,
    sectors: [...r.sectors].sort((a, b) => Number(a) - Number(b)),
  }));
}

/** GET /gats/{id}: one member's commitments, by its page id; null when there is no such member. */
export async function getGatsMember(db: Db, id: string) {
  const member = (await listGatsMembers(db)).find((m) => m.id === id);
  if (!member) return null;
  const rows = await db
    .select(ROW_COLUMNS)
    .from(gatsCommitments)
    .where(eq(gatsCommitments.memberKey, memberKey(member.member)))
    .orderBy(...sectorCodeOrder(), asc(gatsCommitments.id));
  return { ...member, rows: rows.map(presentGatsRow) };
}

/** An .xlsx workbook of commitment rows, in the import layout (so an export can be imported again). */
export async function gatsWorkbook(rows: GatsRow[]): Promise<Buffer> {
  return writeXlsx({
    creator: 'Services negotiation portal',
    sheets: [
      {
        name: 'GATS commitments',
        widths: GATS_COLUMNS.map((c) => (c.startsWith('M') || c.startsWith('N') ? 30 : c === 'SectorText' ? 50 : 18)),
        rows: [{ cells: [...GATS_COLUMNS], style: { bold: true } }, ...rows.map((r) => GATS_COLUMNS.map((c) => r[c]))],
      },
    ],
  });
}
