import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ServiceNode } from '@portal/shared';
import { SectorPicker, type SectorSelection } from './SectorPicker';
import { itemAt } from '../../test/itemAt';

/** A node of the tree as read: its code is isolated in its own <bdi> (left to right in Arabic), so the title spans nodes. */
const treeTitle = (pattern: RegExp) => (_: string, el: Element | null) =>
  !!el?.classList.contains('ant-tree-title') && pattern.test(el.textContent ?? '');

const node = (scheme: string, value: string, title: string, children: ServiceNode[] = []): ServiceNode => ({
  title,
  value,
  key: `${scheme}:${value}`,
  children,
  cpcCodes: [],
  provisionalCodes: [],
  level: value.split('.').length,
});
const w120 = [
  node('W120', '1', 'BUSINESS SERVICES', [
    node('W120', '1.A', 'Professional Services', [
      node('W120', '1.A.a', 'Legal Services'),
      node('W120', '1.A.d', 'Architectural services'),
    ]),
  ]),
];
const cpc = [node('CPC_PROV', '8', 'Business services', [node('CPC_PROV', '861', 'Legal services')])];

function Harness() {
  const [value, setValue] = useState<SectorSelection>({ scheme: 'W120', keys: [] });
  return <SectorPicker value={value} onChange={setValue} height={0} />;
}

function renderPicker() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(['arrays', 'W120', 'en'], w120);
  client.setQueryData(['arrays', 'CPC_PROV', 'en'], cpc);
  client.setQueryData(['arrays', 'CPC21', 'en'], []);
  return render(
    <QueryClientProvider client={client}>
      <App>
        <Harness />
      </App>
    </QueryClientProvider>,
  );
}

const schemeOption = (label: string) => screen.getByText(label).closest('.ant-segmented-item') as HTMLElement;
describe('SectorPicker', () => {
  it('lets only one code list hold selections: the others are disabled until the selection is cleared', () => {
    renderPicker();
    expect(schemeOption('CPC provisional').className).not.toContain('disabled');
    fireEvent.click(itemAt(within(screen.getByRole('tree')).getAllByRole('checkbox'), 0));
    expect(screen.getByText('4 selected')).toBeTruthy();
    expect(schemeOption('CPC provisional').className).toContain('ant-segmented-item-disabled');
    expect(schemeOption('CPC 2.1').className).toContain('ant-segmented-item-disabled');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('0 selected')).toBeTruthy();
    expect(schemeOption('CPC provisional').className).not.toContain('disabled');
    fireEvent.click(screen.getByText('CPC provisional'));
    expect(screen.getByText(treeTitle(/^8\s+Business services$/))).toBeTruthy();
    expect(screen.queryByText(treeTitle(/BUSINESS SERVICES/))).toBeNull();
  });

  it('searches by code or words, accent and case insensitive, showing matches in place', () => {
    renderPicker();
    const search = screen.getByRole('searchbox', { name: 'Search by code or words' });
    fireEvent.change(search, { target: { value: 'ARCHITECTURAL' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(screen.getByText(treeTitle(/1\.A\.d\s+Architectural services/))).toBeTruthy();
    expect(screen.queryByText(treeTitle(/1\.A\.a\s+Legal Services/))).toBeNull();
  });

  it('ticking the one match of a search chooses that service, not the subsector or sector shown above it', () => {
    renderPicker();
    const search = screen.getByRole('searchbox', { name: 'Search by code or words' });
    fireEvent.change(search, { target: { value: 'architectural' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    const match = screen.getByText(treeTitle(/1\.A\.d\s+Architectural services/)).closest('.ant-tree-treenode')!;
    fireEvent.click(match.querySelector('.ant-tree-checkbox')!);
    expect(screen.getByText('1 selected')).toBeTruthy();
    const sector = screen.getByText(treeTitle(/^1\s+BUSINESS SERVICES/)).closest('.ant-tree-treenode')!;
    expect(sector.querySelector('.ant-tree-checkbox')!.className).toContain('ant-tree-checkbox-indeterminate');
    expect(sector.querySelector('.ant-tree-checkbox')!.className).not.toContain('ant-tree-checkbox-checked');
  });
});
