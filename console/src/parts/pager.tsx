/** Previous and next pages of a list, with where the list stands (`of`: its pages and total, as a page answers them). */
export function Pager(props: {
  page: number;
  of: { pages: number; total: number };
  label: string;
  onPage: (page: number) => void;
}) {
  const { pages, total } = props.of;
  if (total === 0) return null;
  return (
    <nav class="pager" aria-label={`${props.label} pages`}>
      <button type="button" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        Previous
      </button>
      <span>
        Page {props.page} of {Math.max(1, pages)} · {total} in all
      </span>
      <button type="button" disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
        Next
      </button>
    </nav>
  );
}
