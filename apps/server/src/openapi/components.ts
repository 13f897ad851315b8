import { z } from 'zod';
import * as shared from '@portal/shared';

/** `offerListItemSchema` → `OfferListItem`: the component name of a shared schema. */
function componentName(exportName: string): string {
  const base = exportName.replace(/Schema$/, '');
  return base.charAt(0).toUpperCase() + base.slice(1);
}

let registered = false;

/**
 * Names every zod schema packages/shared exports (`fooBarSchema` → component `FooBar`, and `FooBarInput` where a
 * request reads it) in zod's global registry, so the document refers to one component wherever a route uses the same
 * schema instead of repeating it inline. Components no operation reaches are dropped from the document afterwards
 * (document.ts). Only ids are added: validation and serialization do not read the registry.
 */
export function registerSharedSchemas(): void {
  if (registered) return;
  registered = true;
  const names = new Set<string>();
  for (const [exportName, value] of Object.entries(shared).sort(([a], [b]) => a.localeCompare(b))) {
    if (!exportName.endsWith('Schema') || !(value instanceof z.ZodType)) continue;
    const id = componentName(exportName);
    // The same schema exported under two names keeps its first; a name taken twice is not reused.
    if (z.globalRegistry.get(value)?.id || names.has(id) || names.has(id.replace(/Input$/, ''))) continue;
    if (id.endsWith('Input')) continue; // the registry's own suffix for the request side of a schema
    names.add(id);
    z.globalRegistry.add(value, { ...z.globalRegistry.get(value), id });
  }
}
