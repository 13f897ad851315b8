import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ServiceNode } from '@portal/shared';
import '../../i18n';
import { SectorPicker, type SectorSelection } from './SectorPicker';

// jsdom has no ResizeObserver; antd's Segmented and Tree only need it to exist.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

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

afterEach(cleanup);

describe('SectorPicker', () => {
  it('lets only one code list hold selections: the others are disabled until the selection is cleared', () => {
    renderPicker();
    expect(schemeOption('CPC provisional').className).not.toContain('disabled');
    fireEvent.click(within(screen.getByRole('tree')).getAllByRole('checkbox')[0]);
    expect(screen.getByText('4 selected')).toBeTruthy();
    expect(schemeOption('CPC provisional').className).toContain('ant-segmented-item-disabled');
    expect(schemeOption('CPC 2.1').className).toContain('ant-segmented-item-disabled');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('0 selected')).toBeTruthy();
    expect(schemeOption('CPC provisional').className).not.toContain('disabled');
    fireEvent.click(screen.getByText('CPC provisional'));
    expect(screen.getByText(/^8\s+Business services$/)).toBeTruthy();
    expect(screen.queryByText(/BUSINESS SERVICES/)).toBeNull();
  });

  it('searches by code or words, accent and case insensitive, showing matches in place', () => {
    renderPicker();
    const search = screen.getByRole('searchbox', { name: 'Search by code or words' });
    fireEvent.change(search, { target: { value: 'ARCHITECTURAL' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(screen.getByText(/1\.A\.d\s+Architectural services/)).toBeTruthy();
    expect(screen.queryByText(/1\.A\.a\s+Legal Services/)).toBeNull();
  });
});
