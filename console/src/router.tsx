import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';

// Each page is a real URL under /console: links push it onto the history, the back button
// returns, and a bookmarked or shared URL opens the same page (the server answers every page
// path with the same shell).

const listeners = new Set<() => void>();

/** Goes to a console path, as a link does. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  for (const listener of listeners) listener();
}

addEventListener('popstate', () => {
  for (const listener of listeners) listener();
});

/** The current location, re-rendering on each change. */
export function useLocation(): URL {
  const [url, setUrl] = useState(() => new URL(location.href));
  useEffect(() => {
    const listener = () => setUrl(new URL(location.href));
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, []);
  return url;
}

/** The path's segments after /console, decoded: `/console/workspaces/a%20b` is `['workspaces', 'a b']`. */
export function pageSegments(url: URL): string[] {
  return url.pathname
    .replace(/^\/console\/?/, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** A console path from ids, each encoded. */
export const consolePath = (...segments: string[]) =>
  `/console${segments.map((segment) => `/${encodeURIComponent(segment)}`).join('')}`;

/** A link to a console page: an ordinary link the router follows without reloading. */
export function Link(props: {
  href: string;
  children: ComponentChildren;
  class?: string;
  current?: boolean;
}) {
  return (
    <a
      href={props.href}
      class={props.class}
      aria-current={props.current ? 'page' : undefined}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(props.href);
      }}
    >
      {props.children}
    </a>
  );
}
