/** Calls for the data the app shell needs: settings, reference lists and the signed-in user. */
import type { ClientConfig, FirstScreenQuery, HomeSettings, Profile, Region } from '@portal/shared';
import { http } from './http';

/** The app shell's public reads and their query keys (the server renders the first screen from the same reads). */
export const HOME_SETTINGS_READ = { key: ['home'], url: '/home' } as const satisfies FirstScreenQuery;
export const CLIENT_CONFIG_READ = { key: ['client-config'], url: '/client-config' } as const satisfies FirstScreenQuery;

export const fetchProfile = (signal?: AbortSignal) => http.get<Profile>('/profile/current', signal);
export const fetchHomeSettings = (signal?: AbortSignal) => http.get<HomeSettings>(HOME_SETTINGS_READ.url, signal);
export const fetchClientConfig = (signal?: AbortSignal) => http.get<ClientConfig>(CLIENT_CONFIG_READ.url, signal);
export const fetchRegions = (signal?: AbortSignal) => http.get<Region[]>('/regions', signal);
