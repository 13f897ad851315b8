import fs from 'node:fs/promises';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { parseCsvRecords, type Region } from '@portal/shared';
import { REPO_ROOT } from '../../config.js';
import type { Db } from '../../db/client.js';
import { countries, regions } from '../../db/schema/index.js';

const REFERENCE_DIR = path.join(REPO_ROOT, 'data/reference');

/** The records of one file of data/reference, by the columns named; a column its header lacks stops the sync, named. */
async function readReference<Column extends string>(
  file: string,
  columns: readonly Column[],
): Promise<Record<Column, string>[]> {
  const records = parseCsvRecords(await fs.readFile(path.join(REFERENCE_DIR, file), 'utf8'));
  return records.map(
    (record) =>
      Object.fromEntries(
        columns.map((column) => {
          const value = record[column];
          if (value === undefined) throw new Error(`data/reference/${file} has no column ${column}`);
          return [column, value];
        }),
      ) as Record<Column, string>,
  );
}

/**
 * Brings regions and member states in line with data/reference (members.csv, regions.csv). Idempotent:
 * run at every start; names are refreshed, ids and the active flag are kept.
 */
export async function syncReferenceData(db: Db): Promise<void> {
  const regionRows = await readReference('regions.csv', ['code', 'name_en', 'name_fr', 'name_ar', 'as_of']);
  const memberRows = await readReference('members.csv', [
    'code',
    'alpha3',
    'name_en',
    'name_fr',
    'name_ar',
    'au_region',
  ]);
  await db.transaction(async (tx) => {
    for (const r of regionRows) {
      await tx
        .insert(regions)
        .values({ code: r.code, name: r.name_en, nameFr: r.name_fr, nameAr: r.name_ar, asOf: r.as_of })
        .onConflictDoUpdate({
          target: regions.code,
          set: { name: r.name_en, nameFr: r.name_fr, nameAr: r.name_ar, asOf: r.as_of },
        });
    }
    const regionIds = new Map(
      (await tx.select({ id: regions.id, code: regions.code }).from(regions)).map((r) => [r.code, r.id]),
    );
    for (const m of memberRows) {
      const values = {
        alpha3: m.alpha3,
        name: m.name_en,
        nameFr: m.name_fr,
        nameAr: m.name_ar,
        regionId: regionIds.get(m.au_region) ?? null,
      };
      await tx
        .insert(countries)
        .values({ code: m.code, ...values })
        .onConflictDoUpdate({ target: countries.code, set: values });
    }
  });
}

export async function listRegions(db: Db): Promise<Region[]> {
  const rows = await db.select().from(regions).orderBy(asc(regions.id));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    regionTitle: r.name,
    regionTitleFr: r.nameFr,
    regionTitleAr: r.nameAr,
    logo: r.logo,
  }));
}
