/** A time, written for the reader's locale, with the exact value for machines and on hover. */
export function When({ iso }: { iso: string | null | undefined }) {
  if (iso == null) return <span class="quiet">never</span>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={iso}>
      {Number.isNaN(date.getTime()) ? iso : date.toLocaleString()}
    </time>
  );
}
