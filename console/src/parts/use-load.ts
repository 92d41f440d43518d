import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export type Loaded<T> = {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  /** Loads again, keeping what is shown until the new answer arrives. */
  reload: () => void;
  /** Shows `data` as the latest answer, as when a write returned the new state; drops loads under way. */
  replace: (data: T) => void;
};

/**
 * What `load` answers, loaded when the component appears and again when `deps` change. An answer
 * that arrives after a newer request started is dropped, so a slow page never overwrites a new one.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({ loading: true });
  const latest = useRef(0);
  const run = useCallback(() => {
    const request = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => {
        if (request === latest.current) setState({ data, loading: false });
      },
      (error: Error) => {
        if (request === latest.current) setState({ error, loading: false });
      },
    );
  }, deps);
  useEffect(run, [run]);
  const replace = useCallback((data: T) => {
    latest.current++;
    setState({ data, loading: false });
  }, []);
  return { data: state.data, error: state.error, loading: state.loading, reload: run, replace };
}
