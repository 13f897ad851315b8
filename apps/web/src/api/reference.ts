/** Calls for the data the app shell needs: settings, reference lists and the signed-in user. */
import type { ClientConfig, HomeSettings, Profile, Region } from '@portal/shared';
import { http } from './http';

export const fetchProfile = (signal?: AbortSignal) => http.get<Profile>('/profile/current', signal);
export const fetchHomeSettings = (signal?: AbortSignal) => http.get<HomeSettings>('/home', signal);
export const fetchClientConfig = (signal?: AbortSignal) => http.get<ClientConfig>('/client-config', signal);
export const fetchRegions = (signal?: AbortSignal) => http.get<Region[]>('/regions', signal);
