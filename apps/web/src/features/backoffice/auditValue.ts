/**
 * An audit row's value as "key: value" lines (objects inside stay JSON), without the keys named in `omit`: the ids the
 * screen already shows by name above the lines.
 */
export function detailsText(value: unknown, omit: readonly string[] = []): string {
  if (typeof value !== 'object' || value === null) return String(value);
  return Object.entries(value)
    .filter(([k]) => !omit.includes(k))
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join('\n');
}
