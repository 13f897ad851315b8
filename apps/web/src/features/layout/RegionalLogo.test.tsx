import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { HOME_DEFAULT_COLOURS } from '@portal/shared';
import defaultLogo from '../../assets/regional-logo.svg';
import { RegionalLogo } from './RegionalLogo';

function renderWith(logo: string | null, regionTitle = 'African Union') {
  const client = new QueryClient();
  client.setQueryData(['home'], {
    logo,
    regionTitle,
    linkedinLink: '',
    facebookLink: '',
    twitterLink: '',
    ...HOME_DEFAULT_COLOURS,
  });
  client.setQueryData(['client-config'], {
    idleTimeoutMs: 1,
    idleCountdownSeconds: 1,
    regionName: 'African Union',
    machineTranslation: false,
  });
  render(
    <QueryClientProvider client={client}>
      <RegionalLogo />
    </QueryClientProvider>,
  );
  return screen.getByRole('img');
}

describe('RegionalLogo (never a broken image)', () => {
  it("shows the secretariat's logo, and the default one when it cannot be loaded", () => {
    const img = renderWith('https://cdn.example.org/logo.png') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('https://cdn.example.org/logo.png');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(defaultLogo);
  });

  it('names the region the secretariat titled in its alternative text', () => {
    const img = renderWith(null, 'ECOWAS');
    expect(img.getAttribute('alt')).toContain('ECOWAS');
  });
});
