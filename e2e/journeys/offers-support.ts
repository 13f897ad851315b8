/** Steps of the offer journeys, written as a negotiator works: through the screens, by their labels. */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, DEMO_PASSWORD, readSignInCode } from '../support/portal';

/** Picks an option of the antd select that is open. */
export async function chooseOption(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).last().click();
  // Wait for the list to close, so the next select's list is the only one open.
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

/** Sets a mode of supply's level of commitment in the open sector ('first' market access, 'second' national treatment). */
export async function setLevel(page: Page, mode: string, column: 0 | 1, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: `${mode}: level of commitment` }).nth(column).click();
  await chooseOption(page, option);
}

/** Adds a sector, searches the W/120 tree and ticks one service, then goes to its commitments. */
export async function addSectorWithService(page: Page, search: string, title: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Add a sector' }).click();
  const box = page.getByRole('searchbox', { name: 'Search by code or words' }).or(page.getByLabel('Search by code or words', { exact: true }));
  await box.first().fill(search);
  await box.first().press('Enter');
  await page.locator('.ant-tree-treenode').filter({ hasText: title }).locator('.ant-tree-checkbox').click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

/** Types into a table cell (rich text), by its row and column label. */
export async function typeInCell(page: Page, cell: string, text: string): Promise<void> {
  await page.getByRole('button', { name: `Edit cell: ${cell}` }).click();
  await page.getByRole('textbox', { name: cell, exact: true }).click();
  await page.keyboard.type(text);
  await page.getByRole('button', { name: `Done: ${cell}` }).click();
}

/** Opens the offers list and the edit page of the only offer listed. */
export async function openOwnOffer(page: Page): Promise<void> {
  await page.goto('/offers');
  await page.getByRole('link', { name: 'Edit' }).first().click();
  await page.waitForURL(/\/edit-offer\//);
  await page.getByRole('navigation', { name: 'Parts of the offer' }).waitFor();
}

export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.ant-message').getByText(text).first().waitFor();
  expect(await page.locator('.ant-message').getByText(text).count()).toBeGreaterThan(0);
}

/** Saves a screenshot of each page under test-results/e2e/ when a journey step failed, to see what the user saw. */
export async function screenshotOnFailure(name: string, pages: Page[]): Promise<void> {
  const dir = new URL('../../test-results/e2e/', import.meta.url).pathname;
  await mkdir(dir, { recursive: true });
  await Promise.all(pages.map((p, i) => (p.isClosed() ? null : p.screenshot({ path: `${dir}${name}-${i}.png`, fullPage: true }).catch(() => null))));
}

/** An access token for a seeded user, through both sign-in steps over HTTP (for preconditions, not for journeys). */
export async function apiToken(email: string): Promise<string> {
  const basic = `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`;
  const token = (form: Record<string, string>) =>
    fetch(`${baseUrl()}/api/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    }).then((r) => r.json() as Promise<Record<string, string>>);
  const since = Date.now();
  const step1 = await token({ grant_type: 'mfa', username: email, password: DEMO_PASSWORD });
  const code = await readSignInCode(email, since);
  return (await token({ grant_type: 'mfa', mfa_token: step1.mfa_token, code })).access_token;
}

export async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, timezone: 'UTC', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { payload: T };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.payload;
}

/** The number of rows of the commitment table shown. */
export const tableRows = (page: Page) => page.locator('.commitment-table tbody tr').count();

/** Opens the country's offer for editing, creating it from the list when the country has none yet. */
export async function openOrCreateOwnOffer(page: Page): Promise<'created' | 'opened'> {
  await page.goto('/offers');
  const create = page.getByRole('link', { name: 'New offer' });
  const edit = page.getByRole('link', { name: 'Edit' }).first();
  await create.or(edit).first().waitFor();
  if (await create.isVisible()) {
    await create.click();
    await page.waitForURL(/\/add-offer$/);
    await page.getByRole('navigation', { name: 'Parts of the offer' }).waitFor();
    return 'created';
  }
  await edit.click();
  await page.waitForURL(/\/edit-offer\//);
  await page.getByRole('navigation', { name: 'Parts of the offer' }).waitFor();
  return 'opened';
}
