// The server's own description (/openapi.json, public): the playground's routes, and what tells a
// page whether this server has a route before it offers the control that needs it.

export type Operation = {
  method: string;
  path: string;
  summary: string;
  parameters: {
    name: string;
    in: 'path' | 'query';
    required: boolean;
    schema: Schema;
    description?: string;
  }[];
  body: Schema | undefined;
  multipart: boolean;
};

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  minItems?: number;
  default?: unknown;
  description?: string;
  anyOf?: Schema[];
  $ref?: string;
};

type Document = {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, Schema> };
};
type RawOperation = {
  summary?: string;
  parameters?: Operation['parameters'];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

let loading: Promise<Operation[]> | undefined;
let components: Record<string, Schema> = {};

/** A schema with its `$ref` followed (once per level, so a recursive schema stays finite). */
export function resolve(schema: Schema | undefined): Schema | undefined {
  if (schema?.$ref === undefined) return schema;
  return components[schema.$ref.replace('#/components/schemas/', '')];
}

/** Every operation of /openapi.json, in its order; loaded once per page load. */
export function operations(): Promise<Operation[]> {
  loading ??= fetch('/openapi.json', { headers: { Accept: 'application/json' } })
    .then((response) => {
      if (!response.ok) throw new Error(`/openapi.json answered ${response.status}`);
      return response.json() as Promise<Document>;
    })
    .then((document) => {
      components = document.components?.schemas ?? {};
      return Object.entries(document.paths).flatMap(([path, item]) =>
        METHODS.filter((method) => item[method] !== undefined).map((method) => {
          const raw = item[method] as RawOperation;
          const content = raw.requestBody?.content ?? {};
          const multipart = content['multipart/form-data'] !== undefined;
          return {
            method: method.toUpperCase(),
            path,
            summary: raw.summary ?? '',
            parameters: (raw.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query'),
            body: (content['application/json'] ?? content['multipart/form-data'])?.schema,
            multipart,
          };
        }),
      );
    });
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The JSON body schema of `method path` on this server, if it has the route. */
export async function bodySchema(method: string, path: string): Promise<Schema | undefined> {
  const found = (await operations()).find(
    (operation) => operation.method === method && operation.path === path,
  );
  return resolve(found?.body);
}

/** Whether this server answers `method path` (an OpenAPI path template). */
export async function hasRoute(method: string, path: string): Promise<boolean> {
  return (await operations()).some((operation) => operation.method === method && operation.path === path);
}
