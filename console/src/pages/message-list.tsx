import { useState } from 'preact/hooks';
import { isEmptyObject, JsonText } from '../parts/json-text.js';
import { When } from '../parts/when.js';
import { consolePath, Link } from '../router.js';

export type PlatformMessage = {
  id: string;
  content: string;
  peer_id: string;
  session_id: string;
  metadata: Record<string, unknown>;
  created_at: string;
  token_count: number;
};

/**
 * Messages as a timeline: who, when, what they said (as text), and, opened, the message's id,
 * tokens and metadata.
 */
export function MessageList(props: {
  workspace: string;
  messages: PlatformMessage[];
  showSession?: boolean;
}) {
  const [open, setOpen] = useState<string>();
  return (
    <ol class="timeline">
      {props.messages.map((message) => (
        <li key={message.id}>
          <p class="meta">
            <Link href={consolePath('workspaces', props.workspace, 'peers', message.peer_id)} class="who">
              {message.peer_id}
            </Link>{' '}
            <When iso={message.created_at} />
            {props.showSession ? (
              <>
                {' '}
                in{' '}
                <Link href={consolePath('workspaces', props.workspace, 'sessions', message.session_id)}>
                  {message.session_id}
                </Link>
              </>
            ) : null}{' '}
            <button
              type="button"
              class="link"
              aria-expanded={open === message.id}
              onClick={() => setOpen(open === message.id ? undefined : message.id)}
            >
              {open === message.id ? 'Hide details' : 'Details'}
            </button>
          </p>
          <p class="content">{message.content}</p>
          {open === message.id ? (
            <dl class="details">
              <dt>Id</dt>
              <dd>{message.id}</dd>
              <dt>Tokens</dt>
              <dd>{message.token_count}</dd>
              <dt>Metadata</dt>
              <dd>
                {isEmptyObject(message.metadata) ? (
                  'none'
                ) : (
                  <JsonText value={message.metadata} label="Metadata" />
                )}
              </dd>
            </dl>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
