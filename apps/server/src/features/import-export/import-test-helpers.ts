import { readFileSync } from 'node:fs';
import { buildMessageTree, messageText, type Message, type TreeNode } from '@confab/shared';
import type { Db } from '../../db/database.js';

/** A fixture file's text, from this feature's fixtures folder. */
export const readFixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** Uploads a file to POST /api/convos/import as the browser does: multipart, field `file`. */
export async function uploadImport(baseUrl: string, token: string | undefined, file: { name: string; body: string | Blob | Uint8Array }) {
  const form = new FormData();
  const blob = file.body instanceof Blob ? file.body : new Blob([file.body], { type: 'application/json' });
  form.append('file', blob, file.name);
  const res = await fetch(`${baseUrl}/api/convos/import`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the body shape it expects
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** How many conversations and messages are stored, to show that a refused file added none. */
export async function countRows(db: Db): Promise<{ conversations: number; messages: number }> {
  const [c, m] = await Promise.all([
    db.kysely.selectFrom('conversations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.kysely.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { conversations: Number(c.n), messages: Number(m.n) };
}

export interface TreeShape {
  text: string;
  user: boolean;
  children: TreeShape[];
}

/** The tree of a conversation without ids or times: what a round trip must preserve (text wherever kept). */
export function treeShape(messages: Message[]): TreeShape[] {
  const shape = (node: TreeNode<Message>): TreeShape => ({
    text: messageText(node),
    user: node.isCreatedByUser,
    children: node.children.map(shape),
  });
  return buildMessageTree(messages).map(shape);
}
