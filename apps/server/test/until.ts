/**
 * Reads `fn` again every 50 ms until `ok` holds of its answer, and gives that answer; throws with the last answer
 * after `ms`. For what arrives a moment after the call that caused it (a notification written behind an answer, a
 * live message).
 */
export async function until<T>(fn: () => T | Promise<T>, ok: (v: T) => boolean, ms = 4000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`not reached: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
