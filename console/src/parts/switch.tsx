import { useEffect, useState } from 'preact/hooks';

/**
 * An on/off switch whose change `save` writes to the server. It shows the new position at once and
 * keeps it until the reloaded `on` arrives (so it neither lags the click nor flickers back while the
 * page reloads), is disabled while the write is under way, and returns to `on` when `save` answers
 * false (the write failed; the caller shows why).
 */
export function Switch(props: {
  label: string;
  on: boolean;
  disabled?: boolean;
  save: (on: boolean) => Promise<boolean>;
}) {
  const [asked, setAsked] = useState<boolean>();
  const [saving, setSaving] = useState(false);
  // A new `on` from the server is the answer to what was asked: show it from now on.
  useEffect(() => setAsked(undefined), [props.on]);
  const shown = asked ?? props.on;
  return (
    <input
      type="checkbox"
      role="switch"
      aria-label={props.label}
      aria-checked={shown}
      checked={shown}
      disabled={props.disabled || saving}
      onChange={async (event) => {
        const next = event.currentTarget.checked;
        setAsked(next);
        setSaving(true);
        if (!(await props.save(next))) setAsked(undefined);
        setSaving(false);
      }}
    />
  );
}
