import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ServiceNode } from '@portal/shared';
import { stubAntdBrowserApis } from '../profile/testing';
import { AddServiceForm } from './AddServiceForm';

configure({ asyncUtilTimeout: 8000 });

const node = (value: string, title: string, children: ServiceNode[] = []): ServiceNode => ({
  title,
  value,
  key: `W120:${value}`,
  children,
  cpcCodes: [],
  provisionalCodes: [],
  level: value.split('.').length,
});
const tree = [
  node('1', 'BUSINESS SERVICES', [node('1.A', 'Professional Services', [node('1.A.a', 'Legal Services')])]),
];

let posts: unknown[];
let answer: () => Response;

beforeEach(() => {
  stubAntdBrowserApis();
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      posts.push(JSON.parse(String(init.body)));
      return answer();
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <AddServiceForm open onClose={() => undefined} scheme="W120" tree={tree} />
      </App>
    </QueryClientProvider>,
  );
  const parent = screen.getByRole('combobox');
  fireEvent.mouseDown(parent);
  fireEvent.change(parent, { target: { value: 'Professional' } });
  fireEvent.click(screen.getByTitle('1.A Professional Services'));
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Notarial services' } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add' }));

describe('AddServiceForm', () => {
  it('refuses, before sending, a code that does not begin with its parent\u2019s', async () => {
    answer = () => new Response(JSON.stringify({ payload: null }), { status: 200 });
    renderForm();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '2.B.x' } });
    submit();
    expect(await screen.findByText(/must begin with its parent's code/)).toBeTruthy();
    expect(posts).toHaveLength(0);
  });

  it('says why the server refused: a code that already exists', async () => {
    answer = () => new Response(JSON.stringify({ message: 'DUPLICATE_CODE', code: 'DUPLICATE_CODE' }), { status: 409 });
    renderForm();
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '1.A.z' } });
    submit();
    await waitFor(() =>
      expect(posts).toEqual([
        { servicesParent: '1.A', title: 'Notarial services', value: '1.A.z', sectorType: 'W120' },
      ]),
    );
    expect(await screen.findByText('A service with this code already exists.')).toBeTruthy();
  });
});
