import { randomUUID } from 'node:crypto';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedAgent } from '../../../test/agent-seed.js';
import { writeTextPdf } from '../../../test/document-fixtures.js';
import { postUpload } from '../../../test/files-test-kit.js';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import type { ToolOutput } from '../tools/tool-types.js';
import { countFileChunks } from './file-chunks.repo.js';

let sim: OpenAISimulator;
beforeAll(async () => {
  sim = await startOpenAISimulator({ apiKey: 'sk-embeddings' });
});
afterAll(() => sim.close());

const PDF_PAGES = [
  'Operating manual of the Kestrel test reactor. This manual describes the plant.',
  'Coolant chemistry. The zorblax coolant boils at 412 kelvin under normal pressure, so the loop must stay below that temperature.',
  'Maintenance schedule. Replace the pump seals every eighteen months.',
];

/** An agent that reads these files with file_search, stored as the agents feature stores it. */
function insertAgent(server: TestServer, author: string, fileIds: string[], isGlobal = false): Promise<string> {
  return seedAgent(server.db.kysely, author, {
    name: 'Reader',
    instructions: null,
    model: 'gpt-4o',
    tools: JSON.stringify(['file_search']),
    tool_resources: JSON.stringify({ file_search: { file_ids: fileIds } }),
    is_global: isGlobal ? 1 : 0,
  });
}

/** Runs the registry's file_search as the agent loop would. */
async function runFileSearch(
  server: TestServer,
  userId: string,
  query: string,
  scope: { agentId?: string; conversationId?: string },
): Promise<ToolOutput> {
  const tool = await server.app.tools.get(userId, 'file_search');
  if (!tool) throw new Error('file_search is not registered');
  return tool.run(
    {
      userId,
      conversationId: scope.conversationId ?? randomUUID(),
      messageId: randomUUID(),
      agentId: scope.agentId,
      toolCallId: 'call_1',
      signal: new AbortController().signal,
      log: server.app.log,
    },
    { query },
  );
}

const textOf = (output: ToolOutput) => output.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
const filesOf = (output: ToolOutput) => output.parts.flatMap((p) => (p.type === 'file' ? [p.file] : []));
/** Every text the embeddings API was sent since `from`. */
const embeddedInputs = (from: number): string[] =>
  sim.requests.slice(from).flatMap((r) => (r.path === '/v1/embeddings' ? ([] as string[]).concat(r.body.input) : []));

describeEachDialect('file_search over an agent’s files', (dialect) => {
  const t = {} as { server: TestServer; client: TestClient };
  let ownerId: string;
  let pdf: { file_id: string; filepath: string; embedded: boolean };
  let others: { file_id: string }[];
  let agentId: string;

  beforeAll(async () => {
    // Embeddings from the simulator, found through the OpenAI endpoint's own key and proxy URL.
    t.server = await startTestServer({
      dialect,
      env: {
        OPENAI_API_KEY: 'sk-embeddings',
        OPENAI_REVERSE_PROXY: sim.url,
        CHUNK_SIZE: '400',
        FILE_UPLOAD_USER_MAX: '1000',
      },
    });
    t.client = new TestClient(t.server.baseUrl);
    ownerId = (await t.client.register()).user.id;
    const { server, client } = t;
    const fields = { endpoint: 'agents', tool_resource: 'file_search' };
    const upload = async (name: string, data: Buffer | string) => {
      const res = await postUpload(server.baseUrl, client.token, [{ name, data }], fields);
      expect(res.status, name).toBe(200);
      return res.json as { file_id: string; filepath: string; embedded: boolean };
    };
    pdf = await upload('kestrel-manual.pdf', await writeTextPdf(PDF_PAGES));
    others = [
      await upload('garden.txt', 'Tomatoes need full sun and regular watering. Prune the basil weekly.'),
      await upload('sales.md', '# Sales\nQuarterly sales of garden furniture rose by nine percent in spring.'),
    ];
    agentId = await insertAgent(server, ownerId, [pdf.file_id, ...others.map((f) => f.file_id)]);
  });
  afterAll(() => t.server.close());

  it('indexes documents uploaded for file_search, with the pages of a PDF', async () => {
    const { server } = t;
    expect(pdf.embedded).toBe(true);
    const rows = await server.db.kysely
      .selectFrom('file_chunks')
      .selectAll()
      .where('file_id', '=', pdf.file_id)
      .orderBy('chunk_index')
      .execute();
    expect(rows.map((r) => r.page)).toEqual([1, 2, 3]);
    const file = await server.db.kysely
      .selectFrom('files')
      .select(['text', 'embedded'])
      .where('file_id', '=', pdf.file_id)
      .executeTakeFirstOrThrow();
    expect(file.embedded).toBe(1);
    // Offsets point into the stored text; the vector is the model's, as float32.
    for (const row of rows) expect(file.text?.slice(row.start_offset, row.end_offset)).toBe(row.text);
    expect(rows[0]?.embedding.byteLength).toBe(256 * 4);
    expect(rows[0]?.model).toBe('text-embedding-3-small');
    for (const other of others) expect(await countFileChunks(server.db.kysely, other.file_id)).toBeGreaterThan(0);
  });

  it('finds the passage of the PDF for a question about it, citing the file, page and offsets', async () => {
    const output = await runFileSearch(t.server, ownerId, 'At what temperature does the zorblax coolant boil?', {
      agentId,
    });
    expect(output.isError).toBeUndefined();
    const text = textOf(output);
    const first = text.split('\n\n')[1] ?? '';
    expect(first).toMatch(
      new RegExp(
        `^\\[1\\] File: kestrel-manual\\.pdf \\(file_id: ${pdf.file_id}\\), page 2, characters \\d+–\\d+, relevance 0\\.\\d{4}\\n`,
      ),
    );
    expect(first).toContain('The zorblax coolant boils at 412 kelvin');
    // The PDF is cited first, as a file part the reply can show.
    expect(filesOf(output)[0]).toEqual({
      file_id: pdf.file_id,
      filename: 'kestrel-manual.pdf',
      filepath: pdf.filepath,
      type: 'application/pdf',
      bytes: expect.any(Number),
    });
  });

  it("never searches another user's files, whatever ids their agent names", async () => {
    const { server } = t;
    const intruder = new TestClient(server.baseUrl);
    const intruderId = (await intruder.register()).user.id;
    const own = await postUpload(
      server.baseUrl,
      intruder.token,
      [{ name: 'mine.txt', data: 'My own notes on zorblax coolant: nothing known.' }],
      {
        endpoint: 'agents',
        tool_resource: 'file_search',
      },
    );
    const theirAgent = await insertAgent(server, intruderId, [pdf.file_id, own.json.file_id]);
    const from = sim.requests.length;

    const output = await runFileSearch(server, intruderId, 'zorblax coolant boiling temperature', {
      agentId: theirAgent,
    });
    expect(filesOf(output).map((f) => f.file_id)).toEqual([own.json.file_id]);
    expect(textOf(output)).not.toContain('412 kelvin');
    expect(textOf(output)).not.toContain(pdf.file_id);

    // The owner's agent is not theirs to use either: nothing is searched, nothing is embedded.
    const viaOwnersAgent = await runFileSearch(server, intruderId, 'zorblax coolant boiling temperature', { agentId });
    expect(filesOf(viaOwnersAgent)).toEqual([]);
    expect(textOf(viaOwnersAgent)).toMatch(/no files to search/);
    expect(embeddedInputs(from).join(' ')).not.toContain('412 kelvin');
  });

  it("an agent shared with everyone searches its author's files for any user, and only those", async () => {
    const { server } = t;
    const visitor = new TestClient(server.baseUrl);
    const visitorId = (await visitor.register()).user.id;
    const shared = await insertAgent(server, ownerId, [pdf.file_id], true);
    const output = await runFileSearch(server, visitorId, 'At what temperature does the zorblax coolant boil?', {
      agentId: shared,
    });
    expect(filesOf(output).map((f) => f.file_id)).toEqual([pdf.file_id]);
    expect(textOf(output)).toContain('412 kelvin');
  });

  it('indexes a file attached without tool_resource when it is first searched', async () => {
    const { server, client } = t;
    const plain = (
      await postUpload(
        server.baseUrl,
        client.token,
        [{ name: 'later.txt', data: 'The spare zorblax canisters are kept in bunker seven.' }],
        { endpoint: 'openAI' },
      )
    ).json as { file_id: string; embedded: boolean };
    expect(plain.embedded).toBe(false);
    expect(await countFileChunks(server.db.kysely, plain.file_id)).toBe(0);
    const lateAgent = await insertAgent(server, ownerId, [plain.file_id]);
    const output = await runFileSearch(server, ownerId, 'where are the spare zorblax canisters kept?', {
      agentId: lateAgent,
    });
    expect(textOf(output)).toContain('bunker seven');
    expect(await countFileChunks(server.db.kysely, plain.file_id)).toBe(1);
  });

  it('searches the conversation’s file_search uploads when there is no agent', async () => {
    const { server, client } = t;
    const conversationId = randomUUID();
    await postUpload(
      server.baseUrl,
      client.token,
      [{ name: 'ephemeral.txt', data: 'The launch code phrase is violet harbour.' }],
      {
        endpoint: 'agents',
        tool_resource: 'file_search',
        conversationId,
      },
    );
    const output = await runFileSearch(server, ownerId, 'what is the launch code phrase?', { conversationId });
    expect(filesOf(output).map((f) => f.filename)).toEqual(['ephemeral.txt']);
  });

  it('deleting a file deletes its passages', async () => {
    const { server, client } = t;
    expect(await countFileChunks(server.db.kysely, pdf.file_id)).toBeGreaterThan(0);
    const res = await client.delete('/api/files', { files: [{ file_id: pdf.file_id, filepath: pdf.filepath }] });
    expect(res.status).toBe(200);
    expect(await countFileChunks(server.db.kysely, pdf.file_id)).toBe(0);
    const output = await runFileSearch(server, ownerId, 'zorblax coolant boils', { agentId });
    expect(filesOf(output).map((f) => f.file_id)).not.toContain(pdf.file_id);
  });
});

describeEachDialect('file_search without an embeddings key', (dialect) => {
  it('keeps uploads for file_search (not embedded) and the tool says it is not configured', async () => {
    const server = await startTestServer({ dialect });
    try {
      const client = new TestClient(server.baseUrl);
      const userId = (await client.register()).user.id;
      const res = await postUpload(server.baseUrl, client.token, [{ name: 'notes.txt', data: 'Some notes.' }], {
        endpoint: 'agents',
        tool_resource: 'file_search',
      });
      expect(res.status).toBe(200);
      expect(res.json.embedded).toBe(false);
      const agent = await insertAgent(server, userId, [res.json.file_id]);
      const output = await runFileSearch(server, userId, 'notes', { agentId: agent });
      expect(output).toEqual({
        parts: [{ type: 'text', text: 'File search is not configured on this server (no embeddings API key).' }],
        isError: true,
      });
    } finally {
      await server.close();
    }
  });
});
