import type { ComponentChildren } from 'preact';

/** Labelled figures side by side, as the status and usage pages show what they measured. */
export function Figures(props: { items: readonly (readonly [string, ComponentChildren])[]; wide?: boolean }) {
  return (
    <dl class={props.wide ? 'figures wide' : 'figures'}>
      {props.items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
