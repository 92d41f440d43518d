// The memory view: what peermem keeps about one peer, in the host's chat. It draws what the tool
// call that opened it returned (get_peer_card), then reads and changes memory only by calling the
// server's tools through the host. Every text from memory is set as text, never parsed as markup.
import type { McpUiToolResultNotification } from '@modelcontextprotocol/ext-apps';
import { connectToHost, type HostConnection, textOf } from './host-connection.js';

type Observation = {
  id: string;
  content: string;
  observer_id: string;
  session_id: string;
  times_derived: number;
  created_at: string;
};
type SessionItem = { id: string; created_at: string; is_active: boolean };
type Message = { content: string; peer_id: string; session_id: string; created_at: string };

/** Whose memory is shown: the peer, and the other peer its card is about when the call named one. */
type Subject = { peer: string; target?: string };

const LEARNED_SHOWN = 20;
const SESSIONS_SHOWN = 10;
const MATCHES_SHOWN = 10;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** An element holding only text (and children made the same way). */
function element(tag: string, className: string, text = '', ...children: HTMLElement[]): HTMLElement {
  const made = document.createElement(tag);
  if (className) made.className = className;
  made.textContent = text;
  made.append(...children);
  return made;
}

function button(label: string, onClick: () => void): HTMLButtonElement {
  const made = element('button', '', label) as HTMLButtonElement;
  made.type = 'button';
  made.addEventListener('click', onClick);
  return made;
}

const day = (timestamp: string) => timestamp.slice(0, 10);

/** Says in the status line what an action did or why it failed, for a screen reader too. */
function tell(text: string, failed = false): void {
  const status = byId('status');
  status.textContent = text;
  status.classList.toggle('failed', failed);
}

let subject: Subject | undefined;
let card: string[] = [];

async function call(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  return (await host).callTool(name, args);
}

const withTarget = (args: Record<string, unknown>) =>
  subject?.target === undefined ? args : { ...args, target: subject.target };

function drawCard(entries: string[] | null): void {
  card = entries ?? [];
  const list = byId('card-entries');
  list.replaceChildren();
  byId('card-empty').hidden = card.length > 0;
  card.forEach((entry, index) => {
    const input = document.createElement('input');
    input.value = entry;
    input.setAttribute('aria-label', `Card entry ${index + 1}`);
    const save = button(
      'Save',
      () =>
        void writeCard(
          card.map((old, at) => (at === index ? input.value.trim() : old)),
          'Entry saved',
        ),
    );
    const remove = button(
      'Remove',
      () =>
        void writeCard(
          card.filter((_, at) => at !== index),
          'Entry removed',
        ),
    );
    list.append(element('li', 'entry', '', input, save, remove));
  });
}

async function writeCard(entries: string[], done: string): Promise<void> {
  if (!subject) return;
  try {
    const written = await call(
      'set_peer_card',
      withTarget({ peer: subject.peer, card: entries.filter((entry) => entry !== '') }),
    );
    drawCard(written.peer_card as string[] | null);
    tell(done);
  } catch (error) {
    tell(`Could not save the card: ${(error as Error).message}`, true);
  }
}

/** An error as the user can act on it: a tool this server does not list is named as such. */
function explain(message: string): string {
  const unlisted = /Tool (\S+) not found/.exec(message)?.[1];
  return unlisted === undefined
    ? message
    : `This server does not list ${unlisted} (it was started with a shorter --tools list), so this part is not shown.`;
}

/** Fills a section's list, or says in its note why it could not. */
async function fill(section: string, read: () => Promise<HTMLElement[]>, empty: string): Promise<void> {
  const list = byId(`${section}-list`);
  const note = byId(`${section}-note`);
  try {
    const items = await read();
    list.replaceChildren(...items);
    note.textContent = items.length === 0 ? empty : '';
    note.classList.remove('failed');
  } catch (error) {
    list.replaceChildren();
    note.textContent = explain((error as Error).message);
    note.classList.add('failed');
  }
}

function drawLearned(): Promise<void> {
  return fill(
    'learned',
    async () => {
      if (!subject) return [];
      const page = await call('list_observations', {
        observer: subject.peer,
        observed: subject.target ?? subject.peer,
        reverse: true,
        size: LEARNED_SHOWN,
      });
      return (page.items as Observation[]).map((observation) => {
        const seen = observation.times_derived > 1 ? ` · seen ${observation.times_derived}×` : '';
        const source = element(
          'span',
          'source',
          `from session ${observation.session_id} · ${day(observation.created_at)}${seen}`,
        );
        const forget = button('Forget', () => void forgetObservation(observation));
        return element('li', 'learned', '', element('span', 'content', observation.content), source, forget);
      });
    },
    'Nothing learned yet: learning runs after messages are saved.',
  );
}

async function forgetObservation(observation: Observation): Promise<void> {
  try {
    await call('delete_observation', { id: observation.id });
    tell(`Forgotten: ${observation.content}`);
    await drawLearned();
  } catch (error) {
    tell(`Could not forget it: ${(error as Error).message}`, true);
  }
}

function drawSessions(): Promise<void> {
  return fill(
    'sessions',
    async () => {
      if (!subject) return [];
      const page = await call('list_peer_sessions', {
        peer: subject.peer,
        reverse: true,
        size: SESSIONS_SHOWN,
      });
      return (page.items as SessionItem[]).map((session) =>
        element(
          'li',
          '',
          '',
          element('span', 'content', session.id),
          element('span', 'source', `${day(session.created_at)}${session.is_active ? '' : ' · left'}`),
        ),
      );
    },
    'No sessions yet.',
  );
}

function search(query: string): Promise<void> {
  return fill(
    'search',
    async () => {
      const found = await call('search', { query, limit: MATCHES_SHOWN });
      return (found.messages as Message[]).map((message) =>
        element(
          'li',
          '',
          '',
          element('span', 'content', message.content),
          element(
            'span',
            'source',
            `${message.peer_id} in ${message.session_id} · ${day(message.created_at)}`,
          ),
        ),
      );
    },
    `No message matches “${query}”.`,
  );
}

function applyTheme(context: {
  theme?: string;
  styles?: { variables?: Record<string, string | undefined> };
}): void {
  if (context.theme) document.documentElement.dataset.theme = context.theme;
  for (const [name, value] of Object.entries(context.styles?.variables ?? {}))
    if (name.startsWith('--') && value !== undefined) document.documentElement.style.setProperty(name, value);
}

function open(arguments_: Record<string, unknown>): void {
  const peer = typeof arguments_.peer === 'string' ? arguments_.peer : '';
  if (peer === '') return;
  subject = typeof arguments_.target === 'string' ? { peer, target: arguments_.target } : { peer };
  byId('peer').textContent = subject.target === undefined ? peer : `${peer}, about ${subject.target}`;
  void drawLearned();
  void drawSessions();
}

/** Runs `action` on a click of the button and on Enter in the input beside it. */
function onSubmit(buttonId: string, inputId: string, action: (text: string) => void): void {
  const input = byId<HTMLInputElement>(inputId);
  const run = () => {
    const text = input.value.trim();
    if (text !== '') action(text);
  };
  byId(buttonId).addEventListener('click', run);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') run();
  });
}

onSubmit('add', 'new-entry', (entry) => {
  byId<HTMLInputElement>('new-entry').value = '';
  void writeCard([...card, entry], 'Entry added');
});
onSubmit('search', 'query', (query) => void search(query));

/** The card a tool result holds: its structured answer, or the same JSON as its text. */
function cardOf(result: McpUiToolResultNotification['params']): string[] | null {
  type Answer = { peer_card?: string[] | null } | undefined;
  if (result.structuredContent) return (result.structuredContent as Answer)?.peer_card ?? null;
  try {
    return (JSON.parse(textOf(result)) as Answer)?.peer_card ?? null;
  } catch {
    return null;
  }
}

const host: Promise<HostConnection> = connectToHost({
  toolInput: (params) => open(params.arguments ?? {}),
  toolResult: (result) => {
    if (result.isError) tell(textOf(result), true);
    else drawCard(cardOf(result));
  },
  hostContext: applyTheme,
});
host.catch((error: Error) => tell(`Could not reach the host: ${error.message}`, true));
