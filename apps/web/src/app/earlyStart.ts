/**
 * Built alone into /early-start.js (vite.config.ts) and loaded by index.html before the app's script (async, kept by
 * the service worker): with a valid session, it sends the start call of the screen being opened at once, while the
 * browser is still reading the app's first script (about 0.7 s on a phone), and leaves the answer to the app.
 * Without a valid access token it does nothing: the app refreshes the session and asks itself.
 */
import { baseHeaders, validAccessToken } from '../api/callHeaders';
import { leaveEarlyStart, startCallOf } from './startCalls';

const call = startCallOf(window.location.pathname);
const token = validAccessToken();
if (call && token)
  leaveEarlyStart(
    call,
    token,
    fetch(`/api${call}`, { headers: { ...baseHeaders(), Authorization: `Bearer ${token}` } }),
  );
