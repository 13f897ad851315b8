import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { OfferListItem, Profile } from '@portal/shared';
import { PROFILE_KEY } from '../session/useSession';
import { CounterOfferAction } from './CounterOfferAction';

beforeEach(() => {
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 600_000));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderAction(status: OfferListItem['status']) {
  const client = new QueryClient();
  client.setQueryData(PROFILE_KEY, { userId: 'u1', role: 'CHIEF_NEGOTIATOR', countryCode: 'SN' } as Profile);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CounterOfferAction
          offer={{ id: 'o1', countryCode: 'KE', countryName: 'Kenya', versions: 2, countryActive: true, status }}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: 'Counter offer: Kenya' }) as HTMLButtonElement;
}

describe('Counter offer action', () => {
  it('is offered on a submitted offer', () => {
    expect(renderAction('COMMITMENT').disabled).toBe(false);
  });

  it('is disabled on a finalized offer (the server refuses it with OFFER_FINALIZED)', () => {
    expect(renderAction('FINAL_OFFER').disabled).toBe(true);
  });
});
