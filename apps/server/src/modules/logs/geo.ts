/**
 * Country-level location of a client address for the audit log, from a bundled, openly licensed IP-to-country
 * database: npm @ip-location-db/geo-whois-asn-country-mmdb (data by the NRO, CC BY 4.0; the package is CC0), read with
 * `maxmind`. Refreshed by `npm run geo:update` (a newer package from the npm registry), or replaced by any MaxMind-format
 * country database named by GEOIP_DB.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { Reader, type Response } from 'maxmind';

const require = createRequire(import.meta.url);

/** The bundled database (IPv4 and IPv6 in one file). */
export const BUNDLED_GEO_DB = require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');

/** What the audit log stores for an address of the local network (loopback, private, link-local, shared). */
export const LOCAL_NETWORK = 'local';

const local = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  local.addSubnet(net, prefix, 'ipv4');
local.addAddress('::', 'ipv6');
local.addAddress('::1', 'ipv6');
local.addSubnet('fc00::', 7, 'ipv6');
local.addSubnet('fe80::', 10, 'ipv6');

type CountryRecord = { country_code?: string; country?: { iso_code?: string } };
/** The ip-location-db files carry `country_code`; MaxMind's own country databases `country.iso_code`. */
let reader: Reader<Response> | null = null;

/** Opens the country database once (at start); a file that cannot be read stops the start with the reason. */
export function loadGeolocation(file: string = BUNDLED_GEO_DB): void {
  try {
    reader = new Reader<Response>(fs.readFileSync(file));
  } catch (err) {
    throw new Error(`The IP-to-country database ${file} cannot be read: ${(err as Error).message}`);
  }
}

/** An IPv4-mapped IPv6 address (::ffff:1.2.3.4) as the IPv4 address it carries. */
function unmapped(ip: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
}

/**
 * `local` for an address of the local network, the ISO 3166 country code (e.g. `KE`) when the database knows the
 * address, otherwise null.
 */
export function geolocate(address: string | null | undefined): string | null {
  if (!address) return null;
  const ip = unmapped(address.trim());
  const family = isIP(ip);
  if (!family) return null;
  if (local.check(ip, family === 4 ? 'ipv4' : 'ipv6')) return LOCAL_NETWORK;
  if (!reader) loadGeolocation();
  const record = reader!.get(ip) as CountryRecord | null;
  const code = record?.country_code ?? record?.country?.iso_code;
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}
