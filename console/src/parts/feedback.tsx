import type { ComponentChildren } from 'preact';
import { ApiError } from '../api.js';

/** A failure, in the API's words, announced to screen readers. */
export function Failure({ error }: { error: Error | undefined }) {
  if (error === undefined) return null;
  const refused = error instanceof ApiError && error.status === 403;
  return (
    <p class="failure" role="alert">
      {refused ? 'Not with this key: ' : ''}
      {error.message}
    </p>
  );
}

/** Shown while a first answer is awaited. */
export const Loading = () => (
  <p class="quiet" aria-live="polite">
    Loading…
  </p>
);

/** What an empty list says, instead of nothing. */
export const Empty = ({ children }: { children: ComponentChildren }) => <p class="empty">{children}</p>;

/** A confirmation of what an action did, announced politely. */
export const Done = ({ text }: { text: string | undefined }) =>
  text === undefined ? null : (
    <p class="done" role="status">
      {text}
    </p>
  );
