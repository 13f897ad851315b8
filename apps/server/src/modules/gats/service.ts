import ExcelJS from 'exceljs';
import { and, asc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import {
  GATS_COLUMNS,
  GATS_FILTER_LIMIT,
  nodeMatches,
  gatsMemberId,
  walkTree,
  type GatsFilter,
  type GatsMember,
  type GatsRow,
} from '@portal/shared';
import type { Db } from '../../db/client.js';
import { countries, gatsCommitments } from '../../db/schema/index.js';
import { getServiceTree } from '../sectors/service.js';
import { memberKey } from './keys.js';

type CommitmentRow = typeof gatsCommitments.$inferSelect;

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
 * Turns the services of a filter into a condition on sector_code. A W/120 code takes its subtree (`1.A` → 1.A,
 * 1.A.a …); a CPC code or words take the W/120 nodes that cite or name them. Nothing is put into SQL as a pattern
 * except a checked W/120 code, so metacharacters in the input are plain text. Null when nothing can match.
 */
async function sectorCondition(db: Db, services: string[]): Promise<SQL | null | undefined> {
  const wanted = services.map((s) => s.trim()).filter(Boolean);
  if (wanted.length === 0) return undefined;
  const tree = await getServiceTree({ db, scheme: 'W120', lang: 'en' });
  const prefixes = new Set<string>();
  for (const s of wanted) {
    if (W120_CODE.test(s)) prefixes.add(s);
    else for (const n of walkTree(tree)) if (nodeMatches(n, s)) prefixes.add(n.value);
  }
  if (prefixes.size === 0) return null;
  const list = [...prefixes];
  return or(inArray(gatsCommitments.sectorCode, list), ...list.map((p) => like(gatsCommitments.sectorCode, `${p}.%`)));
}

/** Member names (or ISO codes of member states) → the keys stored beside each row. */
async function memberKeys(db: Db, names: string[]): Promise<string[]> {
  const wanted = names.map((n) => n.trim()).filter(Boolean);
  const codes = wanted.filter((n) => /^[A-Za-z]{2}$/.test(n)).map((c) => c.toUpperCase());
  const keys = new Set(wanted.map(memberKey));
  if (codes.length) {
    for (const c of await db.select({ name: countries.name }).from(countries).where(inArray(countries.code, codes))) keys.add(memberKey(c.name));
  }
  return [...keys];
}

/** POST /gats/filter: the commitments of the given members in the given services; empty lists mean all. */
export async function filterGats({ db, filter, limit = GATS_FILTER_LIMIT }: { db: Db; filter: GatsFilter; limit?: number }) {
  const conditions: SQL[] = [];
  const sector = await sectorCondition(db, filter.services);
  if (sector === null) return { excelData: [], total: 0, truncated: false };
  if (sector) conditions.push(sector);
  if (filter.countries.some((c) => c.trim())) {
    const keys = await memberKeys(db, filter.countries);
    conditions.push(inArray(gatsCommitments.memberKey, keys));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(gatsCommitments)
    .where(where)
    .orderBy(asc(gatsCommitments.member), asc(gatsCommitments.sectorCode), asc(gatsCommitments.id))
    .limit(limit + 1);
  const truncated = rows.length > limit;
  let total = rows.length;
  if (truncated) {
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(gatsCommitments).where(where);
    total = c?.n ?? total;
  }
  return { excelData: rows.slice(0, limit).map(presentGatsRow), total, truncated };
}

/** GET /gats: browse by member, sector (W/120 code, with its subtree) and words, a page at a time. */
export async function listGats({ db, member, sector, q, page, size }: { db: Db; member?: string; sector?: string; q?: string; page: number; size: number }) {
  const conditions: SQL[] = [];
  if (member) conditions.push(eq(gatsCommitments.memberKey, memberKey(member)));
  if (sector) {
    const cond = await sectorCondition(db, [sector]);
    if (cond === null) return { items: [], total: 0, page, size };
    if (cond) conditions.push(cond);
  }
  if (q) {
    const needle = q.toLowerCase();
    conditions.push(
      sql`(position(${needle} in lower(${gatsCommitments.sectorText})) > 0 or position(${needle} in lower(${gatsCommitments.sectorName})) > 0 or position(${needle} in lower(${gatsCommitments.member})) > 0)`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(gatsCommitments).where(where);
  const rows = await db
    .select()
    .from(gatsCommitments)
    .where(where)
    .orderBy(asc(gatsCommitments.member), asc(gatsCommitments.sectorCode), asc(gatsCommitments.id))
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
    .select()
    .from(gatsCommitments)
    .where(eq(gatsCommitments.memberKey, memberKey(member.member)))
    .orderBy(asc(gatsCommitments.sectorCode), asc(gatsCommitments.id));
  return { ...member, rows: rows.map(presentGatsRow) };
}

/** An .xlsx workbook of commitment rows, in the import layout (so an export can be imported again). */
export async function gatsWorkbook(rows: GatsRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Services negotiation portal';
  const ws = wb.addWorksheet('GATS commitments');
  ws.columns = GATS_COLUMNS.map((c) => ({ header: c, key: c, width: c.startsWith('M') || c.startsWith('N') ? 30 : c === 'SectorText' ? 50 : 18 }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(GATS_COLUMNS.map((c) => r[c]));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
