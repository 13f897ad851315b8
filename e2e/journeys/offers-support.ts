/** Steps of the offer journeys, written as a negotiator works: through the screens, by their labels. */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { clickSettled } from '../support/portal';
export { api, apiToken } from '../support/api';

/** Picks an option of the antd select that is open. */
export async function chooseOption(page: Page, text: string | RegExp): Promise<void> {
  await clickSettled(
    page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).last(),
  );
  // Wait for the list to close, so the next select's list is the only one open.
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

/** Sets a mode of supply's level of commitment in the open sector ('first' market access, 'second' national treatment). */
export async function setLevel(page: Page, mode: string, column: 0 | 1, option: string | RegExp): Promise<void> {
  await page
    .getByRole('combobox', { name: `${mode}: level of commitment` })
    .nth(column)
    .click();
  await chooseOption(page, option);
}

/** Adds a sector, searches the W/120 tree and ticks one service, then goes to its commitments. */
export async function addSectorWithService(page: Page, search: string, title: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Add a sector' }).click();
  const box = page
    .getByRole('searchbox', { name: 'Search by code or words' })
    .or(page.getByLabel('Search by code or words', { exact: true }));
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
  await Promise.all(
    pages.map((p, i) =>
      p.isClosed() ? null : p.screenshot({ path: `${dir}${name}-${i}.png`, fullPage: true }).catch(() => null),
    ),
  );
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
