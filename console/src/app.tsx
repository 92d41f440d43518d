import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, useCsrfToken, whenSignedOut } from './api.js';
import { KeysPage } from './pages/keys.js';
import { McpGrantsPage } from './pages/mcp-grants.js';
import { OrganizationsPage } from './pages/organizations.js';
import { PeerPage } from './pages/peer.js';
import { PlaygroundPage } from './pages/playground.js';
import { SessionPage } from './pages/session.js';
import { SignInPage } from './pages/sign-in.js';
import { StatusPage } from './pages/status.js';
import { UsagePage } from './pages/usage.js';
import { WebhooksPage } from './pages/webhooks.js';
import { WorkspacePage } from './pages/workspace.js';
import { WorkspacesPage } from './pages/workspaces.js';
import { Heading } from './parts/heading.js';
import { Link, navigate, pageSegments, useLocation } from './router.js';
import { type ConsoleSession, describeKey, SessionContext } from './session.js';

const SECTIONS = [
  { path: '/console/workspaces', label: 'Workspaces', first: 'workspaces' },
  { path: '/console/playground', label: 'Playground', first: 'playground' },
  { path: '/console/keys', label: 'Keys', first: 'keys' },
  { path: '/console/organizations', label: 'Organizations', first: 'organizations' },
  { path: '/console/usage', label: 'Usage', first: 'usage' },
  { path: '/console/status', label: 'Status', first: 'status' },
];

/** The console: asks who is signed in, then shows the page the URL names, or sign-in. */
export function App() {
  const [session, setSession] = useState<ConsoleSession | null | undefined>(undefined);
  const url = useLocation();
  useEffect(() => {
    whenSignedOut(() => setSession(null));
    api<ConsoleSession | { signed_in: false }>('GET', '/console/api/session').then(
      (found) => {
        if (!found.signed_in) return setSession(null);
        useCsrfToken(found.csrf_token);
        setSession(found);
      },
      () => setSession(null),
    );
  }, []);
  if (session === undefined) return null;
  const segments = pageSegments(url);
  if (session === null || segments.length === 0)
    return (
      <SignInPage
        signedIn={session !== null}
        onSignedIn={(opened) => {
          useCsrfToken(opened.csrf_token);
          setSession(opened);
          navigate(segments.length === 0 ? '/console/workspaces' : url.pathname + url.search, {
            replace: true,
          });
        }}
      />
    );
  return (
    <SessionContext.Provider value={session}>
      <Layout
        session={session}
        section={segments[0] ?? ''}
        onSignedOut={() => {
          setSession(null);
          navigate('/console', { replace: true });
        }}
      >
        <Page segments={segments} />
      </Layout>
    </SessionContext.Provider>
  );
}

function Page({ segments }: { segments: string[] }) {
  const [first, workspace, kind, id, ...rest] = segments;
  if (rest.length === 0) {
    if (first === 'workspaces' && workspace === undefined) return <WorkspacesPage />;
    if (first === 'workspaces' && workspace !== undefined && kind === undefined)
      return <WorkspacePage workspace={workspace} />;
    if (first === 'workspaces' && workspace !== undefined && kind === 'webhooks' && id === undefined)
      return <WebhooksPage workspace={workspace} />;
    if (first === 'workspaces' && workspace !== undefined && kind === 'mcp' && id === undefined)
      return <McpGrantsPage workspace={workspace} />;
    if (first === 'workspaces' && workspace !== undefined && kind === 'peers' && id !== undefined)
      return <PeerPage workspace={workspace} peer={id} />;
    if (first === 'workspaces' && workspace !== undefined && kind === 'sessions' && id !== undefined)
      return <SessionPage workspace={workspace} session={id} />;
    if (segments.length === 1) {
      if (first === 'playground') return <PlaygroundPage />;
      if (first === 'keys') return <KeysPage />;
      if (first === 'organizations') return <OrganizationsPage />;
      if (first === 'mcp') return <McpGrantsPage />;
      if (first === 'usage') return <UsagePage />;
      if (first === 'status') return <StatusPage />;
    }
  }
  return (
    <>
      <Heading>Page not found</Heading>
      <p>
        The console has no page here. <Link href="/console/workspaces">Go to the workspaces.</Link>
      </p>
    </>
  );
}

function Layout(props: {
  session: ConsoleSession;
  section: string;
  onSignedOut: () => void;
  children: ComponentChildren;
}) {
  const [failure, setFailure] = useState<string>();
  return (
    <>
      <a class="skip" href="#main">
        Skip to the page
      </a>
      <header class="top">
        <span class="brand">peermem</span>
        <nav aria-label="Console">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.path}>
                <Link href={section.path} current={props.section === section.first}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div class="signed-in">
          <span class="quiet">Signed in with {describeKey(props.session.key)}</span>
          <button
            type="button"
            onClick={() =>
              api('DELETE', '/console/api/session').then(props.onSignedOut, (error: Error) =>
                setFailure(error.message),
              )
            }
          >
            Sign out
          </button>
          {failure === undefined ? null : (
            <span role="alert" class="failure">
              {failure}
            </span>
          )}
        </div>
      </header>
      <main id="main">{props.children}</main>
    </>
  );
}
