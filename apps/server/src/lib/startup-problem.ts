/**
 * The one sentence an operator reads when the server cannot start (main.ts prints it and exits 1): the setting or
 * service at fault and what went wrong, never a stack trace. The configuration names its own settings; a service that
 * cannot be reached is named by the setting whose address it is (DATABASE_URL, REDIS_URL, S3_ENDPOINT).
 */

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH']);

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  name?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error and every cause or member under it (an AggregateError of several addresses), at most 20. */
function chain(error: unknown): ErrorLike[] {
  const seen: ErrorLike[] = [];
  const queue = [error];
  while (queue.length > 0 && seen.length < 20) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.includes(e as ErrorLike)) continue;
    const like = e as ErrorLike;
    seen.push(like);
    queue.push(like.cause, ...(Array.isArray(like.errors) ? like.errors : []));
  }
  return seen;
}

/** host:port of a URL setting, or undefined when it is not set or not a URL. */
function addressOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return `${url.hostname}:${url.port || { 'redis:': '6379', 'rediss:': '6380' }[url.protocol] || '5432'}`;
  } catch {
    return undefined;
  }
}

const firstLine = (text: string) => text.split('\n')[0]?.trim() ?? '';

export function startupProblem(error: unknown, env: Record<string, string | undefined> = process.env): string {
  const errors = chain(error);
  const messages = errors.map((e) => (typeof e.message === 'string' ? e.message : '')).filter(Boolean);
  const configuration = messages.find((m) => m.startsWith('Invalid configuration'));
  if (configuration) return `The portal cannot start: ${firstLine(configuration)}.`;

  const redisGaveUp = errors.some((e) => e.name === 'MaxRetriesPerRequestError');
  const network = errors.find((e) => typeof e.code === 'string' && NETWORK_CODES.has(e.code));
  if (redisGaveUp || network) {
    const said = `${messages.join(' ')}`;
    const services: [setting: string, what: string][] = [
      ['REDIS_URL', 'Redis'],
      ['DATABASE_URL', 'the PostgreSQL database'],
      ['S3_ENDPOINT', 'the S3 file store'],
    ];
    const named =
      (redisGaveUp && services[0]) ||
      services.find(([setting]) => {
        const address = addressOf(env[setting]);
        return address !== undefined && said.includes(address);
      });
    const why = network ? String(network.code) : 'no answer';
    if (named) {
      const [setting, what] = named;
      // Only host and port: the setting's value may hold a password.
      const at = addressOf(env[setting]);
      return `The portal cannot start: ${what} (${setting}${at ? ` at ${at}` : ''}) cannot be reached (${why}).`;
    }
    return `The portal cannot start: a service it needs cannot be reached (${why}: ${firstLine(messages[0] ?? '')}).`;
  }
  return `The portal cannot start: ${firstLine(messages[0] ?? String(error))}.`;
}
