import { CONCLUSION_ROUTES } from './conclusion-routes.js';
import { EXPORT_ROUTE } from './export-route.js';
import { MESSAGE_ROUTES } from './message-routes.js';
import { PEER_ROUTES } from './peer-routes.js';
import type { PlatformRoute } from './route-definition.js';
import { SESSION_ROUTES } from './session-routes.js';
import { UPLOAD_ROUTE } from './upload-route.js';
import { WEBHOOK_ROUTES } from './webhook-routes.js';
import { WORKSPACE_ROUTES } from './workspace-routes.js';

/**
 * Every route of the platform API, in the order of the OpenAPI document; the app registers them
 * in this order too, so it is also the order in which a request's path is matched.
 */
export const PLATFORM_ROUTES: readonly PlatformRoute[] = [
  ...WORKSPACE_ROUTES,
  ...PEER_ROUTES,
  ...SESSION_ROUTES,
  ...MESSAGE_ROUTES,
  ...CONCLUSION_ROUTES,
  UPLOAD_ROUTE,
  EXPORT_ROUTE,
  ...WEBHOOK_ROUTES,
];
