import type { ComponentChildren } from 'preact';
import { hasRoute } from '../api-description.js';
import { Empty, Failure, Loading } from './feedback.js';
import { useLoad } from './use-load.js';

/**
 * What a page shows only where the server serves its route (a server may run without it): the
 * children once the API description lists `method path`, else `absent`, which says why not.
 */
export function WhenServed(props: {
  method: string;
  path: string;
  absent: string;
  children: ComponentChildren;
}) {
  const served = useLoad(() => hasRoute(props.method, props.path), [props.method, props.path]);
  return (
    <>
      <Failure error={served.error} />
      {served.data === undefined ? (
        served.error ? null : (
          <Loading />
        )
      ) : served.data ? (
        props.children
      ) : (
        <Empty>{props.absent}</Empty>
      )}
    </>
  );
}
