import { NO_PARENT, type Conversation, type Message } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import {
  csvField,
  exportFileNameFor,
  selectExportMessages,
  toExportCsv,
  toExportJson,
  toExportMarkdown,
  toExportText,
  type ExportOptions,
} from './export-formats';

const conversation: Conversation = {
  conversationId: 'c1',
  title: 'Trip  plans',
  endpoint: 'openAI',
  model: 'gpt-4o',
  temperature: 0.3,
  user: 'user-1',
  isArchived: false,
  tags: ['secret-tag'],
  expiredAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function message(messageId: string, parentMessageId: string, text: string, minute: number): Message {
  const isCreatedByUser = parentMessageId === NO_PARENT || messageId.startsWith('u');
  return {
    messageId,
    conversationId: 'c1',
    parentMessageId,
    sender: isCreatedByUser ? 'User' : 'GPT-4o',
    text,
    isCreatedByUser,
    model: isCreatedByUser ? null : 'gpt-4o',
    error: false,
    unfinished: false,
    createdAt: `2026-01-01T00:0${minute}:00.000Z`,
    updatedAt: `2026-01-01T00:0${minute}:00.000Z`,
  };
}

// u1 → a1 (older reply) and a2 (regenerated, newest) → u2 under a2.
const messages = [
  message('u1', NO_PARENT, 'Where to go?', 1),
  message('a1', 'u1', 'Lisbon, "sunny", cheap', 2),
  message('a2', 'u1', 'Porto\nor Faro', 3),
  message('u2', 'a2', 'Why Porto?', 4),
];
const flat: ExportOptions = { allBranches: false, includeOptions: false, isRecursive: false };

describe('selectExportMessages', () => {
  it('takes the newest sibling at each fork, or the chosen one', () => {
    expect(selectExportMessages(messages, false).map((m) => m.messageId)).toEqual(['u1', 'a2', 'u2']);
    expect(selectExportMessages(messages, false, { u1: 0 }).map((m) => m.messageId)).toEqual(['u1', 'a1']);
  });

  it('with all branches takes every message, parents first', () => {
    expect(selectExportMessages(messages, true).map((m) => m.messageId)).toEqual(['u1', 'a1', 'a2', 'u2']);
  });
});

describe('toExportJson', () => {
  it("writes LibreChat's flat shape without tree fields or account data", () => {
    const file = JSON.parse(
      toExportJson(conversation, selectExportMessages(messages, true), { ...flat, allBranches: true }),
    );
    expect(file).toMatchObject({
      conversationId: 'c1',
      endpoint: 'openAI',
      title: 'Trip  plans',
      branches: true,
      recursive: false,
    });
    expect(file.options).toBeUndefined();
    expect(file.messages.map((m: Message) => [m.messageId, m.parentMessageId])).toEqual([
      ['u1', NO_PARENT],
      ['a1', 'u1'],
      ['a2', 'u1'],
      ['u2', 'a2'],
    ]);
    expect(file.messages[0]).not.toHaveProperty('children');
    expect(file.messages[0]).not.toHaveProperty('depth');
  });

  it('includes the parameters when asked, never the owner or tags', () => {
    const file = JSON.parse(toExportJson(conversation, [], { ...flat, includeOptions: true }));
    expect(file.options).toMatchObject({ model: 'gpt-4o', temperature: 0.3, endpoint: 'openAI' });
    expect(file.options).not.toHaveProperty('user');
    expect(file.options).not.toHaveProperty('tags');
  });

  it('nests the messages under messagesTree when recursive', () => {
    const all = selectExportMessages(messages, true);
    const file = JSON.parse(toExportJson(conversation, all, { ...flat, allBranches: true, isRecursive: true }));
    expect(file.messages).toBeUndefined();
    expect(file.messagesTree).toHaveLength(1);
    const [root] = file.messagesTree;
    expect(root.messageId).toBe('u1');
    expect(root.children.map((m: Message) => m.messageId)).toEqual(['a1', 'a2']);
    expect(root.children[1].children[0].messageId).toBe('u2');
  });
});

describe('toExportMarkdown and toExportText', () => {
  const visible = selectExportMessages(messages, false);

  it('write the title and each visible message under its sender', () => {
    const md = toExportMarkdown(conversation, visible, flat);
    expect(md).toContain('# Trip plans');
    expect(md).toContain('**User**\n\nWhere to go?');
    expect(md).toContain('**GPT-4o**\n\nPorto\nor Faro');
    expect(md).not.toContain('Lisbon');
    expect(md).not.toContain('## Options');

    const txt = toExportText(conversation, visible, flat);
    expect(txt.startsWith('Trip plans\n==========\n')).toBe(true);
    expect(txt).toContain('User:\nWhy Porto?');
    expect(txt).not.toContain('**');
  });

  it("take an agent reply's text from its content parts (its `text` is \"\"), an older text-only one from text", () => {
    const agentReply: Message = {
      ...message('a3', 'u2', '', 5),
      content: [
        { type: 'think', think: 'Hmm.' },
        { type: 'text', text: 'Porto has the river.' },
      ],
    };
    const thread = selectExportMessages([...messages, agentReply], false);
    expect(toExportMarkdown(conversation, thread, flat)).toContain('**GPT-4o**\n\nPorto has the river.');
    expect(toExportText(conversation, thread, flat)).toContain('GPT-4o:\nPorto has the river.');
    expect(toExportText(conversation, thread, flat)).not.toContain('Hmm.');
    expect(toExportCsv(thread).trimEnd().split('\r\n').at(-1)).toBe(
      'GPT-4o,Porto has the river.,false,false,false,a3,u2,2026-01-01T00:05:00.000Z',
    );
    // The older reply above it (text only) reads as stored.
    expect(toExportMarkdown(conversation, thread, flat)).toContain('**GPT-4o**\n\nPorto\nor Faro');
  });

  it('list the parameters when asked', () => {
    expect(toExportMarkdown(conversation, visible, { ...flat, includeOptions: true })).toContain('## Options\n');
    expect(toExportText(conversation, visible, { ...flat, includeOptions: true })).toContain('- temperature: 0.3');
  });
});

describe('toExportCsv', () => {
  it('has a header row and one row per message, quoting as RFC 4180', () => {
    const rows = toExportCsv(selectExportMessages(messages, true)).trimEnd().split('\r\n');
    expect(rows[0]).toBe('sender,text,isCreatedByUser,error,unfinished,messageId,parentMessageId,createdAt');
    expect(rows).toHaveLength(5);
    expect(rows[2]).toBe('GPT-4o,"Lisbon, ""sunny"", cheap",false,false,false,a1,u1,2026-01-01T00:02:00.000Z');
    // The line break stays inside its quoted field.
    expect(rows[3]).toBe('GPT-4o,"Porto\nor Faro",false,false,false,a2,u1,2026-01-01T00:03:00.000Z');
  });

  it('leaves plain fields bare and empties missing ones', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(null)).toBe('');
    expect(csvField('a\rb')).toBe('"a\rb"');
    // A formula a spreadsheet would run is kept as text.
    expect(csvField('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-3)).toBe('-3');
  });
});

describe('exportFileNameFor', () => {
  it('adds the extension once and drops characters file systems refuse', () => {
    expect(exportFileNameFor('Trip plans', 'csv')).toBe('Trip plans.csv');
    expect(exportFileNameFor('Trip plans.PNG', 'png')).toBe('Trip plans.PNG');
    expect(exportFileNameFor('a/b:c?', 'json')).toBe('a b c.json');
    expect(exportFileNameFor('   ', 'md')).toBe('conversation.md');
  });
});
