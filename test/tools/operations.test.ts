import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ConnectedClient,
  callError,
  callOk,
  connectClient,
  type DatabaseKind,
  type TransportKind,
} from '../support/mcp-targets.js';

type Message = {
  id: string;
  content: string;
  peer_id: string;
  session_id: string;
  created_at: string;
  token_count: number;
};
type Page<Item> = { items: Item[]; page: number; size: number; total: number };
type SessionItem = { id: string; metadata: Record<string, unknown>; created_at: string; is_active: boolean };
type PeerItem = { id: string; metadata: Record<string, unknown>; created_at: string };

const targets: [TransportKind, DatabaseKind][] = [
  ['in-process', 'pglite'],
  ['in-process', 'postgres'],
  ['stdio', 'pglite'],
  ['stdio', 'postgres'],
  ['http', 'pglite'],
  ['http', 'postgres'],
];

describe.each(targets)('every operation over %s on %s', (transport, database) => {
  let target: ConnectedClient;
  beforeAll(async () => {
    target = await connectClient(transport, database);
  });
  afterAll(async () => {
    await target?.close();
  });
  const call = <Output>(name: string, args: Record<string, unknown> = {}) =>
    callOk<Output>(target.client, name, args);
  const ids = (items: { id: string }[]) => items.map((item) => item.id);

  it('add_messages stores turns in order, creating the session and its authors', async () => {
    const { messages } = await call<{ messages: Message[] }>('add_messages', {
      session: 'trip',
      messages: [
        { peer: 'ada', content: 'I am planning a hiking trip to the Dolomites in July.' },
        {
          peer: 'assistant',
          content: 'Great choice. Do you prefer huts or camping?',
          metadata: { model: 'x' },
        },
      ],
    });
    expect(messages.map((m) => [m.peer_id, m.session_id])).toEqual([
      ['ada', 'trip'],
      ['assistant', 'trip'],
    ]);
    for (const message of messages) {
      expect(Object.keys(message).sort()).toEqual([
        'content',
        'created_at',
        'id',
        'peer_id',
        'session_id',
        'token_count',
      ]);
      expect(message.id).not.toBe('');
      expect(new Date(message.created_at).toISOString()).toBe(message.created_at);
    }
    // o200k_base counts, not a character estimate.
    expect(messages[0]?.token_count).toBe(14);
    const members = await call<{ peers: PeerItem[] }>('list_session_peers', { session: 'trip' });
    expect(ids(members.peers)).toEqual(['ada', 'assistant']);
  });

  it('add_messages keeps a given created_at, and list_messages orders by it', async () => {
    await call('add_messages', {
      session: 'import',
      messages: [
        { peer: 'ada', content: 'second, written later', created_at: '2023-05-08T14:00:00+02:00' },
        { peer: 'ada', content: 'first, imported from an old chat', created_at: '2023-05-08T11:00:00Z' },
      ],
    });
    const page = await call<Page<Message>>('list_messages', { session: 'import' });
    expect(page.items.map((m) => [m.content, m.created_at])).toEqual([
      ['first, imported from an old chat', '2023-05-08T11:00:00.000Z'],
      ['second, written later', '2023-05-08T12:00:00.000Z'],
    ]);
    expect(page).toMatchObject({ page: 1, size: 50, total: 2 });
  });

  it('list_messages pages and reverses', async () => {
    await call('add_messages', {
      session: 'count',
      messages: Array.from({ length: 7 }, (_, i) => ({ peer: 'ada', content: `number ${i + 1}` })),
    });
    const second = await call<Page<Message>>('list_messages', { session: 'count', page: 2, size: 3 });
    expect(second.items.map((m) => m.content)).toEqual(['number 4', 'number 5', 'number 6']);
    expect(second).toMatchObject({ page: 2, size: 3, total: 7 });
    const newest = await call<Page<Message>>('list_messages', { session: 'count', size: 2, reverse: true });
    expect(newest.items.map((m) => m.content)).toEqual(['number 7', 'number 6']);
    const beyond = await call<Page<Message>>('list_messages', { session: 'count', page: 9, size: 3 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(7);
  });

  it('list_peers lists every peer once, oldest first, page by page', async () => {
    const all = await call<{ items: PeerItem[]; total: number }>('list_peers');
    expect(ids(all.items)).toEqual(['ada', 'assistant']);
    expect(all.items[0]?.metadata).toEqual({});
    expect(all.total).toBe(2);
    const second = await call<{ items: PeerItem[]; page: number; size: number; total: number }>(
      'list_peers',
      {
        page: 2,
        size: 1,
      },
    );
    expect(second).toMatchObject({ page: 2, size: 1, total: 2 });
    expect(ids(second.items)).toEqual(['assistant']);
    expect(ids((await call<{ items: PeerItem[] }>('list_peers', { reverse: true })).items)).toEqual([
      'assistant',
      'ada',
    ]);
  });

  it('sessions: add and remove members, is_active, list_peer_sessions', async () => {
    await call('add_session_peers', { session: 'standup', peers: ['bo', 'cy', 'bo'] });
    expect(
      ids((await call<{ peers: PeerItem[] }>('list_session_peers', { session: 'standup' })).peers),
    ).toEqual(['bo', 'cy']);
    expect(await call('remove_session_peers', { session: 'standup', peers: ['bo', 'never-joined'] })).toEqual(
      {
        ok: true,
      },
    );
    expect(
      ids((await call<{ peers: PeerItem[] }>('list_session_peers', { session: 'standup' })).peers),
    ).toEqual(['cy']);
    const boSessions = await call<Page<SessionItem>>('list_peer_sessions', { peer: 'bo' });
    expect(boSessions.items.map((s) => [s.id, s.is_active])).toEqual([['standup', false]]);
    await call('remove_session_peers', { session: 'standup', peers: ['cy'] });
    const sessions = await call<Page<SessionItem>>('list_sessions', { size: 100 });
    expect(sessions.items.map((s) => [s.id, s.is_active])).toEqual([
      ['trip', true],
      ['import', true],
      ['count', true],
      ['standup', false],
    ]);
    // A removed peer that writes again is a member again.
    await call('add_messages', { session: 'standup', messages: [{ peer: 'bo', content: 'back again' }] });
    const again = await call<Page<SessionItem>>('list_peer_sessions', { peer: 'bo' });
    expect(again.items.map((s) => s.is_active)).toEqual([true]);
  });

  it('list_sessions pages, totals and reverses', async () => {
    const page = await call<Page<SessionItem>>('list_sessions', { size: 2, page: 2 });
    expect(ids(page.items)).toEqual(['count', 'standup']);
    expect(page.total).toBe(4);
    const newest = await call<Page<SessionItem>>('list_sessions', { size: 1, reverse: true });
    expect(ids(newest.items)).toEqual(['standup']);
  });

  it('peer cards: own card, card about a target, replaced on set', async () => {
    expect(await call('get_peer_card', { peer: 'ada' })).toEqual({ peer_card: null });
    expect(await call('set_peer_card', { peer: 'ada', card: ['Name: Ada', 'Likes hiking'] })).toEqual({
      peer_card: ['Name: Ada', 'Likes hiking'],
    });
    await call('set_peer_card', { peer: 'ada', card: ['Name: Ada Lovelace'] });
    expect(await call('get_peer_card', { peer: 'ada' })).toEqual({ peer_card: ['Name: Ada Lovelace'] });
    await call('set_peer_card', { peer: 'assistant', target: 'ada', card: ['Prefers huts to camping'] });
    expect(await call('get_peer_card', { peer: 'assistant', target: 'ada' })).toEqual({
      peer_card: ['Prefers huts to camping'],
    });
    expect(await call('get_peer_card', { peer: 'assistant' })).toEqual({ peer_card: null });
    // Writing a card about someone new creates that peer.
    await call('set_peer_card', { peer: 'ada', target: 'dora', card: ['Ada’s sister'] });
    expect(ids((await call<{ items: PeerItem[] }>('list_peers')).items)).toContain('dora');
  });

  it('get_context returns the newest messages that fit the budget, oldest first, with all five fields', async () => {
    await call('add_messages', {
      session: 'budget',
      messages: [
        { peer: 'ada', content: 'one two three four five six seven eight' },
        { peer: 'ada', content: 'alpha' },
        { peer: 'ada', content: 'beta' },
      ],
    });
    const all = await call<Page<Message>>('list_messages', { session: 'budget' });
    const [long, alpha, beta] = all.items;
    const fitsTwo = (alpha?.token_count ?? 0) + (beta?.token_count ?? 0);
    const context = await call<Record<string, unknown>>('get_context', {
      session: 'budget',
      tokens: fitsTwo,
    });
    expect(Object.keys(context).sort()).toEqual([
      'id',
      'messages',
      'peer_card',
      'peer_representation',
      'summary',
    ]);
    expect(context.id).toBe('budget');
    expect((context.messages as Message[]).map((m) => m.content)).toEqual(['alpha', 'beta']);
    expect(context).toMatchObject({ summary: null, peer_representation: null, peer_card: null });
    const everything = await call<{ messages: Message[] }>('get_context', { session: 'budget' });
    expect(ids(everything.messages)).toEqual([long?.id, alpha?.id, beta?.id]);
    const tooSmall = await call<{ messages: Message[] }>('get_context', { session: 'budget', tokens: 1 });
    expect(tooSmall.messages.map((m) => m.content)).toEqual(['beta']);
    const withCard = await call<{ peer_card: string[] | null }>('get_context', {
      session: 'budget',
      peer_perspective: 'assistant',
      peer_target: 'ada',
    });
    expect(withCard.peer_card).toEqual(['Prefers huts to camping']);
  });

  it('search finds messages by their words, filtered by session and peer', async () => {
    const { messages } = await call<{ messages: Message[] }>('search', {
      query: 'Where is the hiking trip?',
    });
    expect(messages[0]?.content).toBe('I am planning a hiking trip to the Dolomites in July.');
    const inImport = await call<{ messages: Message[] }>('search', {
      query: 'hiking imported',
      session: 'import',
    });
    expect(inImport.messages[0]?.content).toBe('first, imported from an old chat');
    expect(new Set(inImport.messages.map((m) => m.session_id))).toEqual(new Set(['import']));
    const byAssistant = await call<{ messages: Message[] }>('search', {
      query: 'camping',
      peer: 'assistant',
    });
    expect(byAssistant.messages.map((m) => m.peer_id)).toEqual(['assistant']);
    const limited = await call<{ messages: Message[] }>('search', { query: 'number', limit: 2 });
    expect(limited.messages).toHaveLength(2);
    expect((await call<{ messages: Message[] }>('search', { query: 'submarine' })).messages).toEqual([]);
  });

  it('get_session_summaries answers null until summaries exist', async () => {
    expect(await call('get_session_summaries', { session: 'trip' })).toEqual({ short: null, long: null });
  });

  it('delete_session removes the session and its messages for good', async () => {
    expect(await call('delete_session', { session: 'count' })).toEqual({ ok: true, deleted: true });
    expect(await callError(target.client, 'list_messages', { session: 'count' })).toContain('not_found');
    const found = await call<{ messages: Message[] }>('search', { query: 'number' });
    expect(found.messages.filter((m) => m.session_id === 'count')).toEqual([]);
    expect(ids((await call<Page<SessionItem>>('list_sessions')).items)).not.toContain('count');
    // Idempotent, as annotated: the second call succeeds and says there was nothing left to delete.
    expect(await call('delete_session', { session: 'count' })).toEqual({ ok: true, deleted: false });
    expect(ids((await call<Page<SessionItem>>('list_sessions')).items)).not.toContain('count');
  });
});
