import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { openConfiguredDatabase } from '../../db/client.js';
import { ImportFileError, MAX_IMPORT_BYTES, importGats } from './importer.js';

/**
 * `npm run gats:import -- file.xlsx|file.csv`: loads GATS commitments into the database the configuration names;
 * `npm run gats:import -- schedule.docx|schedule.xlsx --member "Kenya"`: a schedule in the WTO four-column layout.
 * Exit code 0 when imported, 1 when the file was refused (nothing written), 2 on a usage error.
 */
const args = process.argv.slice(2);
const memberAt = args.findIndex((a) => a === '--member');
const member = memberAt >= 0 ? args[memberAt + 1] : args.find((a) => a.startsWith('--member='))?.slice(9);
const file = args.find((a, i) => !a.startsWith('-') && i !== memberAt + 1);
if (!file || (memberAt >= 0 && !member)) {
  console.error(
    'Usage: npm run gats:import -- <file.xlsx|file.csv> | <schedule.docx|schedule.xlsx> --member "<member>"',
  );
  process.exit(2);
}
const full = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
if (!fs.existsSync(full)) {
  console.error(`No such file: ${full}`);
  process.exit(2);
}
if (fs.statSync(full).size > MAX_IMPORT_BYTES) {
  console.error(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Nothing was imported.`);
  process.exit(1);
}
const config = loadConfig();
const database = await openConfiguredDatabase(config);
let code = 0;
try {
  const report = await importGats({
    db: database.db,
    fileName: path.basename(full),
    data: fs.readFileSync(full),
    member,
  });
  if (report.imported) {
    console.log(
      `${report.fileName}: ${report.total} row(s) read, ${report.inserted} added, ${report.unchanged} already present.`,
    );
  } else {
    code = 1;
    console.error(
      `${report.fileName}: not imported, nothing was changed. ${report.refusedCount} of ${report.total} row(s) refused:`,
    );
    for (const r of report.refused) console.error(`  row ${r.row}: ${r.reason}`);
    if (report.refusedCount > report.refused.length)
      console.error(`  … and ${report.refusedCount - report.refused.length} more`);
  }
} catch (e) {
  if (!(e instanceof ImportFileError)) throw e;
  code = 1;
  console.error(`${path.basename(full)}: ${e.message} Nothing was imported.`);
} finally {
  await database.close();
}
process.exit(code);
