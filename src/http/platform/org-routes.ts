import { z } from 'zod';
import { Id, storedText, Timestamp } from '../../schemas/common.js';
import { type KeyRoute, keyRoute } from './keys-routes.js';

const OrganizationParams = z.object({ organization_id: Id.describe('The organization id.') });
const MemberParams = OrganizationParams.extend({
  member: z.string().min(1).max(320).describe('The member: a name or an email address.'),
});
const Role = z.enum(['member', 'admin'], { error: 'must be member or admin' });

const Organization = z.object({ id: z.string(), name: z.string(), created_at: Timestamp });
const Member = z.object({
  organization_id: z.string(),
  member: z.string(),
  role: Role,
  created_at: Timestamp,
});

/** The organization named in the path: an organization key reaches its own only. */
const ownOrganization = ({ params }: { params: z.output<typeof OrganizationParams> }) =>
  ({ level: 'organization', organization: params.organization_id }) as const;

/** Organizations, their members and the workspaces they own. */
export const ORGANIZATION_ROUTES: readonly KeyRoute[] = [
  keyRoute({
    method: 'post',
    path: '/v3/organizations',
    summary: 'Get or create an organization (admin keys only)',
    params: z.object({}),
    body: z.object({
      id: Id.describe('The organization id.'),
      name: storedText(200).min(1).optional().describe('Its display name; the id when absent.'),
    }),
    response: Organization,
    scope: () => ({ level: 'server' }),
    run: (keys, { body }) => keys.getOrCreateOrganization(body.id, body.name ?? body.id),
  }),
  keyRoute({
    method: 'get',
    path: '/v3/organizations',
    summary: 'List organizations; an organization key sees its own',
    params: z.object({}),
    response: z.array(Organization),
    scope: () => ({ level: 'organization' }),
    run: (keys, _input, caller) => keys.listOrganizations(caller.organization),
  }),
  keyRoute({
    method: 'get',
    path: '/v3/organizations/{organization_id}/workspaces',
    summary: 'The workspace ids an organization owns',
    params: OrganizationParams,
    response: z.array(z.string()),
    scope: ownOrganization,
    run: (keys, { params }) => keys.organizationWorkspaces(params.organization_id),
  }),
  keyRoute({
    method: 'put',
    path: '/v3/organizations/{organization_id}/workspaces/{workspace_id}',
    summary: 'Give a workspace id to an organization (admin keys only)',
    params: OrganizationParams.extend({ workspace_id: Id.describe('The workspace id.') }),
    response: z.object({ message: z.string() }),
    scope: () => ({ level: 'server' }),
    run: async (keys, { params }) => {
      await keys.assignWorkspace(params.workspace_id, params.organization_id);
      return { message: 'workspace assigned' };
    },
  }),
  keyRoute({
    method: 'post',
    path: '/v3/organizations/{organization_id}/members',
    summary: 'Add a member (a name or an email), or change the role of one',
    params: OrganizationParams,
    body: z.object({
      member: MemberParams.shape.member,
      role: Role.default('member').describe('admin or member (default).'),
    }),
    response: Member,
    scope: ownOrganization,
    run: (keys, { params, body }) => keys.putMember(params.organization_id, body.member, body.role),
  }),
  keyRoute({
    method: 'get',
    path: '/v3/organizations/{organization_id}/members',
    summary: 'The members of an organization, admins first',
    params: OrganizationParams,
    response: z.array(Member),
    scope: ownOrganization,
    run: (keys, { params }) => keys.listMembers(params.organization_id),
  }),
  keyRoute({
    method: 'put',
    path: '/v3/organizations/{organization_id}/members/{member}',
    summary: 'Set a member’s role; a member who is no longer admin loses their organization-wide keys',
    params: MemberParams,
    body: z.object({ role: Role }),
    response: Member,
    scope: ownOrganization,
    run: (keys, { params, body }) => keys.putMember(params.organization_id, params.member, body.role, true),
  }),
  keyRoute({
    method: 'delete',
    path: '/v3/organizations/{organization_id}/members/{member}',
    summary: 'Remove a member, and the keys minted for them',
    params: MemberParams,
    response: z.object({ message: z.string() }),
    scope: ownOrganization,
    run: async (keys, { params }) => {
      await keys.removeMember(params.organization_id, params.member);
      return { message: 'member removed' };
    },
  }),
];
