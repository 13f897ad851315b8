import { eq, inArray } from 'drizzle-orm';
import type { Role } from '@portal/shared';
import type { Db } from './client.js';
import { countries, users } from './schema/index.js';
import { hashPassword } from '../auth/passwords.js';
import { seedDemoContent } from '../modules/cms/demo-content.js';

/** Password of every demo account (README). */
export const DEMO_PASSWORD = 'Demo#2026pass';

export const DEMO_ACCOUNTS: {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  country?: string;
  titlePrefix: string;
  title: string;
}[] = [
  {
    email: 'admin@portal.test',
    role: 'ADMIN',
    firstName: 'Amina',
    lastName: 'Diallo',
    titlePrefix: 'Ms',
    title: 'Portal administrator',
  },
  {
    email: 'secretariat@portal.test',
    role: 'AFRICAN_UNION',
    firstName: 'Kwame',
    lastName: 'Mensah',
    titlePrefix: 'Mr',
    title: 'Trade in services officer',
  },
  {
    email: 'chief.ke@portal.test',
    role: 'CHIEF_NEGOTIATOR',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    country: 'KE',
    titlePrefix: 'Dr',
    title: 'Chief negotiator',
  },
  {
    email: 'focal.ke@portal.test',
    role: 'SERVICE_FOCAL_POINT',
    firstName: 'Otieno',
    lastName: 'Odhiambo',
    country: 'KE',
    titlePrefix: 'Mr',
    title: 'Services focal point',
  },
  {
    email: 'chief.sn@portal.test',
    role: 'CHIEF_NEGOTIATOR',
    firstName: 'Aïssatou',
    lastName: 'Ndiaye',
    country: 'SN',
    titlePrefix: 'Mrs',
    title: 'Négociatrice en chef',
  },
  {
    email: 'advisor@portal.test',
    role: 'REGIONAL_ADVISOR',
    firstName: 'Youssef',
    lastName: 'Benali',
    titlePrefix: 'Prof',
    title: 'Regional advisor',
  },
];

/** Adds the demo accounts (and demo page content) that are missing; never changes existing ones. */
export async function seedDemo(db: Db): Promise<number> {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const missing = DEMO_ACCOUNTS.filter((a) => !existing.some((e) => e.email === a.email));
  await seedDemoContent(db);
  if (missing.length === 0) return 0;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of missing) {
    const country = account.country
      ? (await db.select().from(countries).where(eq(countries.code, account.country)).limit(1))[0]
      : undefined;
    await db
      .insert(users)
      .values({
        email: account.email,
        passwordHash,
        firstName: account.firstName,
        lastName: account.lastName,
        titlePrefix: account.titlePrefix,
        title: account.title,
        role: account.role,
        countryId: country?.id ?? null,
        regionId: country?.regionId ?? null,
        language: account.country === 'SN' ? 'fr' : 'en',
      })
      .onConflictDoNothing();
  }
  return missing.length;
}
