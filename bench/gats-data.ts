// A synthetic GATS schedule for the benchmarks: the 55 member states × the 160 W/120 leaves × variants of the text.
import fs from 'node:fs';
import path from 'node:path';
import { GATS_COLUMNS, parseCsvRecords } from '@portal/shared';
import { REPO_ROOT } from '../apps/server/src/config.js';
import { classification } from '../apps/server/src/modules/sectors/classification.js';

const MODES = [
  'None',
  'Unbound',
  'Unbound*',
  'Unbound except as indicated in the horizontal section',
  'Commercial presence required',
];

/** A CSV of `rows` commitment rows in the import's columns, and what it was made from. */
export async function syntheticGatsCsv(rows: number) {
  const members = parseCsvRecords(fs.readFileSync(path.join(REPO_ROOT, 'data/reference/members.csv'), 'utf8')).map(
    (m) => m.name_en,
  );
  const data = await classification();
  const parents = new Set(data.w120.map((r) => r.parent));
  const leaves = data.w120.filter((r) => !parents.has(r.code));
  const lines = [GATS_COLUMNS.join(',')];
  for (let i = 0; lines.length <= rows; i++) {
    const member = members[i % members.length];
    const leaf = leaves[Math.floor(i / members.length) % leaves.length];
    const variant = Math.floor(i / (members.length * leaves.length));
    const cells = [
      member,
      leaf.code,
      leaf.title_en,
      `${leaf.title_en} (CPC ${leaf.cpc_prov || 'n.a.'}) part ${variant}`,
    ];
    for (let m = 0; m < 8; m++) cells.push(MODES[(i + m) % MODES.length]);
    cells.push('BENCH (synthetic)');
    lines.push(cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(','));
  }
  return { csv: Buffer.from(lines.join('\n')), members, leaves, data };
}
