import { useState } from 'preact/hooks';

/** Copies a text to the clipboard, saying so where a screen reader hears it. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState<string | undefined>();
  return (
    <span>
      <button
        type="button"
        onClick={() =>
          navigator.clipboard.writeText(text).then(
            () => setCopied('Copied'),
            () => setCopied('Could not copy: select the text and copy it by hand'),
          )
        }
      >
        {label}
      </button>{' '}
      <span role="status" class="quiet">
        {copied}
      </span>
    </span>
  );
}
