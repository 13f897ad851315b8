import fs from 'node:fs/promises';
import path from 'node:path';
import { loadClassification, type Classification } from '@portal/shared';
import { REPO_ROOT } from '../../config.js';

export const REFERENCE_DIR = path.join(REPO_ROOT, 'data/reference');

let loaded: Promise<Classification> | undefined;

/** The W/120, CPC Prov and CPC 2.1 data of data/reference, read and cross-checked once per process. @cache classification */
export function classification(): Promise<Classification> {
  loaded ??= (async () => {
    const read = (name: string) => fs.readFile(path.join(REFERENCE_DIR, name), 'utf8');
    const [w120, cpcProv, cpc21, concordance] = await Promise.all([
      read('w120.csv'),
      read('cpc-prov.csv'),
      read('cpc21.csv'),
      read('w120-cpc21.csv'),
    ]);
    return loadClassification({ w120, cpcProv, cpc21, concordance });
  })();
  loaded.catch(() => (loaded = undefined));
  return loaded;
}
