import { describe, expect, it } from 'vitest';
import { apiAccess } from '@portal/shared';
import { FILE_ANSWERS, JSON_ANSWERS } from './answers.js';
import { ROUTE_REFUSALS, TOKEN_ROUTE } from './refusals.js';

const routeOf = (key: string) => [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)] as const;

describe("the document's tables", () => {
  it('name only routes of the permission table, so a renamed route cannot leave its entry behind', () => {
    const keys = [...Object.keys(ROUTE_REFUSALS), ...Object.keys(JSON_ANSWERS), ...Object.keys(FILE_ANSWERS)];
    const unknown = [...keys, TOKEN_ROUTE.key].filter((key) => !apiAccess(...routeOf(key)));
    expect(unknown).toEqual([]);
  });
});
