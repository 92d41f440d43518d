import { useState } from 'preact/hooks';

/**
 * A button for what cannot be undone: the first press asks, naming what will go, and only the
 * second, on "Yes, …", acts. Focus moves to the question so a keyboard user hears it.
 */
export function ConfirmButton(props: {
  label: string;
  question: string;
  onConfirm: () => Promise<void> | void;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!asking)
    return (
      <button type="button" class="danger" onClick={() => setAsking(true)}>
        {props.label}
      </button>
    );
  return (
    <span class="confirm">
      <span ref={(node) => node?.focus()} tabIndex={-1}>
        {props.question}
      </span>{' '}
      <button
        type="button"
        class="danger"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await props.onConfirm();
          } finally {
            setBusy(false);
            setAsking(false);
          }
        }}
      >
        Yes, {props.label.toLowerCase()}
      </button>{' '}
      <button type="button" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
