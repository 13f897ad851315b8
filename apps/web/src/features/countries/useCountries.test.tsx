import { afterEach, describe, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Region } from '@portal/shared';
import { i18n } from '../../i18n';
import { testCountry } from '../../test/country';
import { useCountryNames, useRegionLabel } from './useCountries';

const WEST: Region = {
  id: 2,
  code: 'WEST',
  regionTitle: 'Western Africa',
  regionTitleFr: "Afrique de l'Ouest",
  regionTitleAr: 'غرب أفريقيا',
  logo: null,
};
const SENEGAL = testCountry(7, 'SN', 'Senegal', { nameFr: 'Sénégal', nameAr: 'السنغال', regionId: 2 });

function Names() {
  const country = useCountryNames();
  const region = useRegionLabel(2, 'Western Africa');
  return (
    <p>
      {country('SN', 'Senegal')} | {region} | {country('XX', 'Unknown land')} | {String(country(null))}
    </p>
  );
}

function renderNames() {
  const client = new QueryClient();
  client.setQueryData(['countries'], [SENEGAL]);
  client.setQueryData(['regions'], [WEST]);
  render(
    <QueryClientProvider client={client}>
      <Names />
    </QueryClientProvider>,
  );
}

describe('country and region names', () => {
  afterEach(() => act(() => void i18n.changeLanguage('en')));

  it('are in English in English', () => {
    renderNames();
    screen.getByText('Senegal | Western Africa | Unknown land | null');
  });

  it('are in French in French, and follow a switch of language', async () => {
    renderNames();
    await act(() => i18n.changeLanguage('fr'));
    screen.getByText("Sénégal | Afrique de l'Ouest | Unknown land | null");
  });

  it('are in Arabic in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    renderNames();
    screen.getByText('السنغال | غرب أفريقيا | Unknown land | null');
  });
});
