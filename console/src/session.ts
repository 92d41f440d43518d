import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** The key a console session acts with, as GET /console/api/session describes it (never its secret). */
export type SignedInKey = {
  id: string;
  kind: 'admin' | 'organization' | 'workspace' | 'peer' | 'session';
  organization_id: string | null;
  member: string | null;
  workspace_id: string | null;
  peer_id: string | null;
  session_id: string | null;
};

export type ConsoleSession = { signed_in: true; key: SignedInKey; csrf_token: string; expires_at: string };

export const SessionContext = createContext<ConsoleSession | undefined>(undefined);

/** The signed-in key; pages are only rendered signed in. */
export function useSignedInKey(): SignedInKey {
  const session = useContext(SessionContext);
  if (session === undefined) throw new Error('a console page was rendered without a sign-in');
  return session.key;
}

/** What the key is, in a few words: "workspace key of acme". */
export function describeKey(key: SignedInKey): string {
  switch (key.kind) {
    case 'admin':
      return key.id === 'configured' ? 'the admin key from configuration' : 'an admin key';
    case 'organization':
      return `admin key of organization ${key.organization_id}`;
    case 'workspace':
      return `workspace key of ${key.workspace_id}`;
    case 'peer':
      return `peer key of ${key.peer_id} in ${key.workspace_id}`;
    case 'session':
      return `session key of ${key.session_id} in ${key.workspace_id}`;
  }
}
