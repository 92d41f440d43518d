import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { useLocation } from '../router.js';

/** The page's title, focused when the page changes so a screen reader starts there. */
export function Heading({ children }: { children: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const url = useLocation();
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    document.title = `${heading.current?.textContent ?? 'console'} · peermem`;
  }, [url.pathname]);
  return (
    <h1 ref={heading} tabIndex={-1}>
      {children}
    </h1>
  );
}
