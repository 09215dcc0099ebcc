import { randomUUID } from 'node:crypto';
import { DEFAULT_PROMPT_CATEGORIES, PROMPT_SYSTEM_CATEGORIES } from '@confab/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { conforms, dataService as service, failureOf, librechat, librechatAxios as axios } from './librechat-package.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * The prompts library through LibreChat's own client (`librechat-data-provider`): every prompts
 * call of its data service, with versions, production, labels, paging and search, sharing through
 * the instance project, the role's PROMPTS permissions and the slash command's uniqueness. Every
 * refusal is checked to leave the stored rows as they were.
 */
const password = 'correct horse battery';
type User = { token: string; id: string };
type Group = { _id: string; [key: string]: unknown };

describeEachDialect('the prompts calls of a LibreChat client (librechat-data-provider)', (dialect) => {
  let server: TestServer;
  let admin: User;
  let alice: User;
  let bob: User;

  const as = (user: User) => librechat.setTokenHeader(user.token);
  async function signUp(name: string): Promise<User> {
    const email = `${name.toLowerCase()}-${randomUUID()}@example.com`;
    const { token, user } = await service.register({ name, email, password, confirm_password: password });
    return { token, id: user.id ?? user._id };
  }
  const newGroup = async (name: string, extra: Record<string, string> = {}) =>
    (await service.createPrompt({ prompt: { prompt: `${name} text`, type: 'text' }, group: { name, ...extra } })) as { prompt: Group; group: Group };
  const stored = async () => ({
    groups: await server.db.kysely.selectFrom('prompt_groups').selectAll().orderBy('id').execute(),
    prompts: await server.db.kysely.selectFrom('prompts').selectAll().orderBy('id').execute(),
  });
  const statusOf = async (call: Promise<unknown>) => (await failureOf(call)).status;
  const recordUse = async (groupId: string) => (await axios.post(`/api/prompts/groups/${groupId}/use`)).data;
  const setUserPermissions = (updates: Record<string, boolean>) => {
    as(admin);
    return service.updatePromptPermissions({ roleName: 'USER', updates });
  };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    axios.defaults.baseURL = server.baseUrl;
    admin = await signUp('Admin');
    alice = await signUp('Alice');
    bob = await signUp('Bob');
  });
  afterAll(async () => {
    librechat.setTokenHeader(undefined);
    await server.close();
  });

  it('createPrompt makes a group and versions; makePromptProduction, updatePromptLabels, getPrompt(s), updatePromptGroup, deletePrompt, deletePromptGroup', async () => {
    as(alice);
    const { prompt: first, group } = await newGroup('Summary', { category: 'write', oneliner: 'Short', command: ' Sum-Up ' });
    expect(group).toMatchObject({ name: 'Summary', category: 'write', oneliner: 'Short', command: 'sum-up', author: alice.id, authorName: 'Alice' });
    expect(group).toMatchObject({ numberOfGenerations: 0, projectIds: [], productionId: first._id, productionPrompt: { prompt: 'Summary text' } });
    expect(first).toMatchObject({ groupId: group._id, author: alice.id, type: 'text', labels: [] });

    const second = await service.createPrompt({ prompt: { prompt: 'Summarise {{text}} as {{style:short|long}}', type: 'chat', groupId: group._id } });
    expect(second.prompt).toMatchObject({ groupId: group._id, type: 'chat' });
    expect(second.group.productionId).toBe(first._id);
    expect((await service.getPrompts({ groupId: group._id })).map((p: Group) => p._id)).toEqual([second.prompt._id, first._id]);

    expect(await service.makePromptProduction(second.prompt._id)).toEqual({ message: 'Prompt production made successfully' });
    expect((await service.getPromptGroup(group._id)).productionPrompt).toEqual({ prompt: 'Summarise {{text}} as {{style:short|long}}' });
    expect(await service.updatePromptLabels({ id: second.prompt._id, payload: { labels: ['final', ' final ', 'draft', ''] } })).toEqual({
      message: 'Prompt labels updated successfully',
    });
    expect((await service.getPrompt(second.prompt._id)).labels).toEqual(['final', 'draft']);

    const renamed = await service.updatePromptGroup({ id: group._id, payload: { name: 'Summary+', category: 'idea', command: '', author: bob.id, numberOfGenerations: 99 } });
    expect(renamed).toMatchObject({ name: 'Summary+', category: 'idea', author: alice.id, numberOfGenerations: 0 });
    expect(renamed).not.toHaveProperty('command');

    // A use is counted (the web calls it when a prompt is inserted).
    expect(await recordUse(group._id)).toEqual({ numberOfGenerations: 1 });
    expect((await service.getPromptGroup(group._id)).numberOfGenerations).toBe(1);

    // Deleting the production version points production at the newest left; the last takes the group.
    expect(await service.deletePrompt({ _id: second.prompt._id, groupId: group._id })).toEqual({ prompt: 'Prompt deleted successfully' });
    expect((await service.getPromptGroup(group._id)).productionId).toBe(first._id);
    expect(await service.deletePrompt({ _id: first._id, groupId: group._id })).toEqual({
      prompt: 'Prompt deleted successfully',
      promptGroup: { message: 'Prompt group deleted successfully', id: group._id },
    });
    expect(await statusOf(service.getPromptGroup(group._id))).toBe(404);

    const other = await newGroup('Other');
    expect(await service.deletePromptGroup(other.group._id)).toEqual({ message: 'Prompt group deleted successfully' });
    expect(await statusOf(service.getPrompts({ groupId: other.group._id }))).toBe(404);
    expect((await stored()).prompts.filter((p) => p.group_id === other.group._id)).toEqual([]);
  });

  it('getPromptGroups pages by 10 and filters by name and category; getAllPromptGroups; getCategories', async () => {
    const carol = await signUp('Carol');
    as(carol);
    for (let i = 1; i <= 12; i++) await newGroup(i % 3 === 0 ? `Road trip ${i}` : `Note ${i}`, i % 2 === 0 ? { category: 'travel' } : {});
    const page = (pageNumber: string, filter: Record<string, string> = {}) =>
      service.getPromptGroups({ pageNumber, pageSize: 10, category: '', ...filter });
    const first = await page('1');
    expect(first).toMatchObject({ pageNumber: '1', pageSize: '10', pages: '2' });
    expect(first.promptGroups).toHaveLength(10);
    const second = await page('2');
    expect(second.promptGroups).toHaveLength(2);
    const names = [...first.promptGroups, ...second.promptGroups].map((g: Group) => g.name);
    expect(new Set(names).size).toBe(12);

    const byName = await page('1', { name: 'ROAD' });
    expect(byName.promptGroups.map((g: Group) => g.name).sort()).toEqual(['Road trip 12', 'Road trip 3', 'Road trip 6', 'Road trip 9']);
    expect((await page('1', { name: '%' })).promptGroups).toEqual([]);
    expect((await page('1', { category: 'travel' })).promptGroups).toHaveLength(6);
    expect((await page('1', { category: 'travel', name: 'trip' })).promptGroups.map((g: Group) => g.name).sort()).toEqual(['Road trip 12', 'Road trip 6']);
    expect((await page('1', { category: PROMPT_SYSTEM_CATEGORIES.NO_CATEGORY })).promptGroups).toHaveLength(6);
    expect((await page('1', { category: PROMPT_SYSTEM_CATEGORIES.MY_PROMPTS })).pages).toBe('2');

    const all = await service.getAllPromptGroups();
    expect(all).toHaveLength(12);
    expect(all.every((g: Group) => g.author === carol.id && (g.productionPrompt as { prompt: string }).prompt.endsWith('text'))).toBe(true);
    expect(await service.getCategories()).toEqual(DEFAULT_PROMPT_CATEGORIES);
    expect(await service.getCategories()).toContainEqual({ label: 'com_ui_idea', value: 'idea' });
  });

  it('shares a group through SHARED_GLOBAL: read-only for others unless collaborative; getRandomPrompts gives shared groups only', async () => {
    as(alice);
    const { prompt: version, group } = await newGroup('Review code', { category: 'code' });
    const privateOne = await newGroup('Private plan', { category: 'finance' });
    const before = await stored();
    expect(await statusOf(service.updatePromptGroup({ id: group._id, payload: { projectIds: ['instance'] } }))).toBe(403);
    expect(await stored()).toEqual(before);

    const role = await setUserPermissions({ SHARED_GLOBAL: true });
    expect(role.PROMPTS).toEqual({ SHARED_GLOBAL: true, USE: true, CREATE: true });
    expect(conforms(librechat.roleSchema, role)).toBe('ok');
    as(alice);
    expect((await service.updatePromptGroup({ id: group._id, payload: { projectIds: ['instance', 'elsewhere'] } })).projectIds).toEqual(['instance']);

    as(bob);
    expect(await service.getPromptGroup(group._id)).toMatchObject({ name: 'Review code', projectIds: ['instance'] });
    expect((await service.getPrompts({ groupId: group._id })).map((p: Group) => p._id)).toEqual([version._id]);
    expect((await service.getAllPromptGroups()).map((g: Group) => g._id)).toContain(group._id);
    const shared = await service.getPromptGroups({ pageNumber: '1', pageSize: 10, category: PROMPT_SYSTEM_CATEGORIES.SHARED_PROMPTS });
    expect(shared.promptGroups.map((g: Group) => g._id)).toEqual([group._id]);
    const random = await service.getRandomPrompts({ limit: 10, skip: 0 });
    expect(random.prompts.map((g: Group) => g._id)).toEqual([group._id]);
    expect(await recordUse(group._id)).toEqual({ numberOfGenerations: 1 });

    const readOnly = await stored();
    for (const call of [
      () => service.updatePromptGroup({ id: group._id, payload: { name: 'Mine now' } }),
      () => service.createPrompt({ prompt: { prompt: 'sneaky', type: 'text', groupId: group._id } }),
      () => service.makePromptProduction(version._id),
      () => service.updatePromptLabels({ id: version._id, payload: { labels: ['x'] } }),
      () => service.deletePrompt({ _id: version._id, groupId: group._id }),
      () => service.deletePromptGroup(group._id),
    ]) {
      expect(await statusOf(call())).toBe(403);
    }
    expect(await stored()).toEqual(readOnly);

    // Collaborative: others add versions and choose production, but still do not manage the group.
    as(alice);
    expect((await service.updatePromptGroup({ id: group._id, payload: { isCollaborative: true } })).isCollaborative).toBe(true);
    as(bob);
    const added = await service.createPrompt({ prompt: { prompt: 'Review with care', type: 'text', groupId: group._id } });
    expect(added.prompt.author).toBe(bob.id);
    await service.makePromptProduction(added.prompt._id);
    expect(await statusOf(service.updatePromptGroup({ id: group._id, payload: { name: 'Mine now' } }))).toBe(403);

    // A collaborator who leaves takes their version; production falls back to the newest left.
    const dave = await signUp('Dave');
    as(dave);
    const daves = await service.createPrompt({ prompt: { prompt: 'Dave was here', type: 'text', groupId: group._id } });
    await service.makePromptProduction(daves.prompt._id);
    await service.deleteUser();
    as(alice);
    expect((await service.getPromptGroup(group._id)).productionId).toBe(added.prompt._id);

    // An administrator manages shared groups: unshared, it is gone for Bob.
    as(admin);
    expect((await service.updatePromptGroup({ id: group._id, payload: { removeProjectIds: ['instance'] } })).projectIds).toEqual([]);
    as(bob);
    expect(await statusOf(service.getPromptGroup(group._id))).toBe(404);
    expect((await service.getRandomPrompts({ limit: 10, skip: 0 })).prompts).toEqual([]);
    expect((await service.getAllPromptGroups()).map((g: Group) => g._id)).not.toContain(privateOne.group._id);
    await setUserPermissions({ SHARED_GLOBAL: false });
  });

  it("answers 404 on every route for another user's private group or prompt, storing nothing", async () => {
    as(alice);
    const { prompt, group } = await newGroup('Diary', { command: 'diary' });
    as(bob);
    const before = await stored();
    for (const call of [
      () => service.getPromptGroup(group._id),
      () => service.getPrompt(prompt._id),
      () => service.getPrompts({ groupId: group._id }),
      () => service.updatePromptGroup({ id: group._id, payload: { name: 'Taken' } }),
      () => service.deletePromptGroup(group._id),
      () => service.createPrompt({ prompt: { prompt: 'mine', type: 'text', groupId: group._id } }),
      () => service.updatePromptLabels({ id: prompt._id, payload: { labels: ['x'] } }),
      () => service.makePromptProduction(prompt._id),
      () => service.deletePrompt({ _id: prompt._id, groupId: group._id }),
      () => axios.post(`/api/prompts/groups/${group._id}/use`),
    ]) {
      expect(await statusOf(call())).toBe(404);
    }
    expect((await service.getAllPromptGroups()).map((g: Group) => g._id)).not.toContain(group._id);
    expect((await service.getPrompts({})).map((p: Group) => p._id)).not.toContain(prompt._id);
    expect(await stored()).toEqual(before);
  });

  it('refuses writes without PROMPTS CREATE and everything without USE or with interface.prompts off; PUT roles prompts is for admins', async () => {
    as(alice);
    const { prompt, group } = await newGroup('Kept');
    expect(await statusOf(service.updatePromptPermissions({ roleName: 'USER', updates: { CREATE: false } }))).toBe(403);

    await setUserPermissions({ CREATE: false });
    as(alice);
    const before = await stored();
    const refused = await failureOf(service.createPrompt({ prompt: { prompt: 'new', type: 'text' }, group: { name: 'New' } }));
    expect(refused).toMatchObject({ status: 403, body: { code: 'forbidden', message: 'You are not allowed to create or change prompts' } });
    for (const call of [
      () => service.createPrompt({ prompt: { prompt: 'v2', type: 'text', groupId: group._id } }),
      () => service.updatePromptGroup({ id: group._id, payload: { name: 'Renamed' } }),
      () => service.updatePromptLabels({ id: prompt._id, payload: { labels: ['x'] } }),
      () => service.makePromptProduction(prompt._id),
      () => service.deletePrompt({ _id: prompt._id, groupId: group._id }),
      () => service.deletePromptGroup(group._id),
    ]) {
      expect(await statusOf(call())).toBe(403);
    }
    expect(await stored()).toEqual(before);
    expect((await service.getAllPromptGroups()).map((g: Group) => g._id)).toContain(group._id);

    await setUserPermissions({ CREATE: true, USE: false });
    as(alice);
    expect(await statusOf(service.getAllPromptGroups())).toBe(403);
    expect(await statusOf(service.getCategories())).toBe(403);
    await setUserPermissions({ USE: true });

    server.app.appConfig.interface.prompts = false;
    try {
      as(admin);
      const off = await failureOf(service.getPromptGroups({ pageNumber: '1', pageSize: 10, category: '' }));
      expect(off).toMatchObject({ status: 403, body: { message: 'Prompts are turned off on this server' } });
      expect(await statusOf(service.createPrompt({ prompt: { prompt: 'x', type: 'text' }, group: { name: 'x' } }))).toBe(403);
    } finally {
      server.app.appConfig.interface.prompts = true;
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a slash command the author already uses, and an invalid one, with a clear message', async () => {
    as(alice);
    await newGroup('Standup', { command: 'standup' });
    const { group } = await newGroup('Retro');
    const before = await stored();
    const duplicate = await failureOf(service.createPrompt({ prompt: { prompt: 'x', type: 'text' }, group: { name: 'Again', command: ' StandUp' } }));
    expect(duplicate).toMatchObject({ status: 409, body: { code: 'conflict', field: 'command' } });
    expect((duplicate.body as { message: string }).message).toContain('The command /standup is already taken');
    expect((await failureOf(service.updatePromptGroup({ id: group._id, payload: { command: 'standup' } }))).status).toBe(409);

    const invalid = await failureOf(service.updatePromptGroup({ id: group._id, payload: { command: 'no spaces!' } }));
    expect(invalid).toMatchObject({ status: 400, body: { code: 'validation_error', message: 'command: command may contain only letters, digits and dashes' } });
    expect((await failureOf(service.updatePromptGroup({ id: group._id, payload: { command: 'a'.repeat(57) } }))).status).toBe(400);
    expect(await stored()).toEqual(before);

    // Unique per author: another user may take the same command.
    as(bob);
    expect((await newGroup('Bob standup', { command: 'standup' })).group.command).toBe('standup');
  });
});
