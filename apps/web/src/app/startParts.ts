/** A screen's start call's answer as its screen's reads take it (app/startReads.ts hands it to them). */
import { partPayload } from '../api/http';

/** A start call's answer: each part one call's answer, status and body (GET /offers/start, GET /chats/start …). */
export type StartParts = Record<string, { status: number; body: unknown }>;

/**
 * One part of a start call's answer as the payload its own call gives, or that call's refusal; `own` asks the call
 * itself when there was no start call or it failed. A part is given once: a retry after a failed part, or a later
 * refetch through the same query function, asks the call itself rather than read the same answer again.
 */
export function partsOf<S extends StartParts>(start: Promise<unknown> | undefined) {
  const parts = (start ?? Promise.reject(new Error('no start call'))) as Promise<S>;
  const given = new Set<keyof S>();
  return <T>(name: keyof S, own: () => Promise<T>): Promise<T> => {
    if (given.has(name)) return own();
    given.add(name);
    return parts.then((answer) => partPayload<T>(answer[name] as StartParts[string]), own);
  };
}
