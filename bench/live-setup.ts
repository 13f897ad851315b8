// What the live benchmarks (stomp, mixed-users) share: people signed in without the password hash, chat rooms made
// directly in the database, a PostgreSQL database of their own, and load generators run in a child process.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { chatMembers, chatRooms, sessions, users } from '../apps/server/src/db/schema/index.js';
import type { AppContext } from '../apps/server/src/context.js';

export interface BenchUser {
  id: string;
  token: string;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

/**
 * Users with live sessions and signed access tokens, focal points of `country(i)` when given (signing in thousands
 * of people by password and mail code would measure argon2, not what the benchmark is about). `token: false` makes
 * people who never connect (no session, no token).
 */
export async function makeUsers(
  ctx: AppContext,
  n: number,
  tag: string,
  options: { country?: (i: number) => { id: number; regionId: number | null } | null; token?: boolean } = {},
): Promise<BenchUser[]> {
  const made: BenchUser[] = [];
  for (let from = 0; from < n; from += CHUNK) {
    const rows = await ctx.db
      .insert(users)
      .values(
        Array.from({ length: Math.min(CHUNK, n - from) }, (_, k) => {
          const i = from + k;
          const country = options.country?.(i) ?? null;
          return {
            email: `bench.${tag}.${i}@example.org`,
            passwordHash: 'x',
            firstName: 'Bench',
            lastName: `User ${i}`,
            role: 'SERVICE_FOCAL_POINT' as const,
            countryId: country?.id ?? null,
            regionId: country?.regionId ?? null,
          };
        }),
      )
      .returning({ id: users.id });
    if (options.token === false) {
      made.push(...rows.map((u) => ({ id: u.id, token: '' })));
      continue;
    }
    const sess = await ctx.db
      .insert(sessions)
      .values(rows.map((u) => ({ userId: u.id, clientName: 'bench' })))
      .returning({ id: sessions.id });
    made.push(
      ...(await Promise.all(
        rows.map(async (u, i) => ({
          id: u.id,
          token: await ctx.tokens.sign({ userId: u.id, role: 'SERVICE_FOCAL_POINT', sessionId: sess[i].id }),
        })),
      )),
    );
  }
  return made;
}

/** A contact room of these members (the first is its creator). */
export async function makeRoom(ctx: AppContext, memberIds: string[]): Promise<string> {
  return (await makeRooms(ctx, [memberIds]))[0];
}

/** Contact rooms, one per list of members, in a few statements. */
export async function makeRooms(ctx: AppContext, memberLists: string[][]): Promise<string[]> {
  const ids: string[] = [];
  for (let from = 0; from < memberLists.length; from += CHUNK) {
    const lists = memberLists.slice(from, from + CHUNK);
    const rooms = await ctx.db
      .insert(chatRooms)
      .values(lists.map((m) => ({ title: 'Bench room', romeType: 'CONTACT' as const, creatorId: m[0] })))
      .returning({ id: chatRooms.id });
    const members = lists.flatMap((m, r) =>
      m.map((userId, i) => ({
        roomId: rooms[r].id,
        userId,
        kind: i === 0 ? ('CREATOR' as const) : ('MEMBER' as const),
      })),
    );
    for (let m = 0; m < members.length; m += CHUNK)
      await ctx.db.insert(chatMembers).values(members.slice(m, m + CHUNK));
    ids.push(...rooms.map((r) => r.id));
  }
  return ids;
}

/**
 * The history people of a portal in use have: `notifications` notifications each (chat messages of past days,
 * batched per room as the portal writes them; the newest `unread` of them not read yet), and `messages` messages in
 * each room from its first member. A portal measured with empty tables is one no negotiator uses: its tables, and
 * the plans made from their statistics, are those of its first minute.
 */
export async function addHistory(
  ctx: AppContext,
  {
    userIds,
    notifications,
    unread,
    roomIds,
    messages,
  }: { userIds: string[]; notifications: number; unread: number; roomIds: string[]; messages: number },
): Promise<void> {
  for (let from = 0; from < userIds.length; from += CHUNK)
    await ctx.db.execute(sql`
      insert into notifications (recipient_id, kind, subject, text, link, batch_key, count, read_at, created_at)
      select u, 'chat.message', 'New messages', 'Bench room: ' || n || ' new messages', '/chat/history/0',
        'history-' || n, n, case when n > ${unread} then now() - n * interval '1 day' end,
        now() - n * interval '1 day' - interval '1 hour'
      from unnest(${sql.raw(`'{${userIds.slice(from, from + CHUNK).join(',')}}'::uuid[]`)}) as u,
        generate_series(1, ${notifications}) as n`);
  for (let from = 0; from < roomIds.length; from += CHUNK)
    await ctx.db.execute(sql`
      insert into chat_messages (room_id, sender_id, type, message_type, conversation, created_at)
      select r.id, r.creator_id, 'NORMAL', 'MESSAGE', 'An earlier message about the schedule, number ' || n,
        now() - n * interval '1 hour'
      from chat_rooms r, generate_series(1, ${messages}) as n
      where r.id = any(${sql.raw(`'{${roomIds.slice(from, from + CHUNK).join(',')}}'::uuid[]`)})`);
}

/** Starts a bench script (bench/<file>) in a child process with an IPC channel: its own event loop and core. */
export function startChild(file: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(`./${file}`, import.meta.url))], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}
