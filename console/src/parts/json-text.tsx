/** A value as indented JSON text: what memory or a user stored is shown, never interpreted. */
export function JsonText({ value, label }: { value: unknown; label?: string }) {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return (
    <pre class="json" title={label}>
      {text}
    </pre>
  );
}

/** Whether an object has no keys: `{}` says "none" instead of showing braces. */
export const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && Object.keys(value).length === 0;
