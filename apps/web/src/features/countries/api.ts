/** The countries calls: the member states (for everyone) and their activation (country management). */
import type { Country } from '@portal/shared';
import { http } from '../../api/http';

export const countriesApi = {
  list: (signal?: AbortSignal) => http.get<Country[]>('/countries', signal),
  setActive: (id: number, active: boolean) => http.put<Country>(`/countries/${id}/active`, { active }),
};
