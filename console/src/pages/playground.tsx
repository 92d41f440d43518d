import { useState } from 'preact/hooks';
import { send, withQuery } from '../api.js';
import { type Operation, operations, resolve, type Schema } from '../api-description.js';
import { CopyButton } from '../parts/copy-button.js';
import { Failure, Loading } from '../parts/feedback.js';
import { Heading } from '../parts/heading.js';
import { useLoad } from '../parts/use-load.js';

type Exchange = { status: number; statusText: string; ms: number; body: string };

/**
 * /console/playground: any route of /openapi.json, its parameters filled from its schema, sent
 * with the signed-in session, and the same request as a curl line for a terminal.
 */
export function PlaygroundPage() {
  const all = useLoad(operations, []);
  const [chosen, setChosen] = useState(0);
  const operation = all.data?.[chosen];
  return (
    <>
      <Heading>API playground</Heading>
      <p class="quiet">
        Requests go out with this console's sign-in, so they reach what its key reaches. The curl line sends
        the same request with your key from <code>$PEERMEM_API_KEY</code>.
      </p>
      <Failure error={all.error} />
      {all.data === undefined ? (
        all.error ? null : (
          <Loading />
        )
      ) : (
        <>
          <div class="inline">
            <label for="operation">Route</label>
            <select
              id="operation"
              value={chosen}
              onChange={(event) => setChosen(Number(event.currentTarget.value))}
            >
              {all.data.map((item, index) => (
                <option key={`${item.method} ${item.path}`} value={index}>
                  {item.method} {item.path}
                </option>
              ))}
            </select>
          </div>
          {operation === undefined ? null : <OperationForm key={chosen} operation={operation} />}
        </>
      )}
    </>
  );
}

function OperationForm({ operation }: { operation: Operation }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(() =>
    operation.body === undefined ? '' : JSON.stringify(skeleton(operation.body), null, 2),
  );
  const [exchange, setExchange] = useState<Exchange>();
  const [failure, setFailure] = useState<Error>();
  const [busy, setBusy] = useState(false);
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(values[`path:${name}`] ?? `{${name}}`),
  );
  const query = Object.fromEntries(
    operation.parameters.filter((p) => p.in === 'query').map((p) => [p.name, values[`query:${p.name}`]]),
  );
  const url = withQuery(path, query);
  const curl = curlLine(
    operation.method,
    `${location.origin}${url}`,
    operation.body === undefined || operation.multipart ? undefined : body,
  );
  return (
    <form
      class="playground"
      onSubmit={async (event) => {
        event.preventDefault();
        setBusy(true);
        setFailure(undefined);
        const started = performance.now();
        try {
          const response = await send(
            operation.method,
            url,
            operation.body === undefined || body.trim() === '' ? undefined : body,
          );
          const text = await response.text();
          setExchange({
            status: response.status,
            statusText: response.statusText,
            ms: Math.round(performance.now() - started),
            body: pretty(text),
          });
        } catch (error) {
          setFailure(error as Error);
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2>
        {operation.method} {operation.path}
      </h2>
      <p>{operation.summary}</p>
      {operation.path.startsWith('/v3/') || operation.path.startsWith('/v2/') ? null : (
        <p class="quiet">A route of the pay-per-call gateway: it asks for a payment, not for this key.</p>
      )}
      {operation.parameters.length === 0 ? null : (
        <fieldset>
          <legend>Parameters</legend>
          {operation.parameters.map((parameter) => {
            const id = `${parameter.in}:${parameter.name}`;
            const schema = resolve(parameter.schema);
            return (
              <div key={id} class="field">
                <label for={id}>
                  {parameter.name}{' '}
                  <span class="quiet">
                    ({parameter.in}
                    {parameter.required ? ', required' : ''})
                  </span>
                </label>
                <input
                  id={id}
                  required={parameter.required}
                  placeholder={schema?.default === undefined ? '' : String(schema.default)}
                  value={values[id] ?? ''}
                  onInput={(event) => setValues({ ...values, [id]: event.currentTarget.value })}
                />
                {(parameter.description ?? schema?.description) ? (
                  <p class="hint">{parameter.description ?? schema?.description}</p>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      )}
      {operation.body === undefined ? null : operation.multipart ? (
        <p class="quiet">
          This route takes a file upload (multipart/form-data): send it with curl or an SDK.
        </p>
      ) : (
        <div class="field">
          <label for="body">Body (JSON)</label>
          <textarea
            id="body"
            class="code"
            rows={8}
            spellcheck={false}
            value={body}
            onInput={(event) => setBody(event.currentTarget.value)}
          />
        </div>
      )}
      <button type="submit" disabled={busy || operation.multipart}>
        Send
      </button>
      <h3>curl</h3>
      <pre class="curl">{curl}</pre>
      <CopyButton text={curl} label="Copy curl line" />
      <Failure error={failure} />
      {exchange === undefined ? null : (
        <div aria-live="polite">
          <h3>Answer</h3>
          <p>
            <strong class={exchange.status < 400 ? 'ok' : 'bad'}>
              {exchange.status} {exchange.statusText}
            </strong>{' '}
            in {exchange.ms} ms
          </p>
          <pre class="json">{exchange.body}</pre>
        </div>
      )}
    </form>
  );
}

/** A body with each required field of the schema, empty of its type, for the user to fill. */
function skeleton(given: Schema | undefined, depth = 0): unknown {
  const schema = resolve(given);
  if (schema === undefined || depth > 4) return null;
  if (schema.default !== undefined) return schema.default;
  const variants = schema.anyOf?.map(resolve).filter((variant) => variant?.type !== 'null');
  if (variants !== undefined && variants.length > 0) return skeleton(variants[0], depth);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (schema.enum !== undefined) return schema.enum[0];
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    for (const name of schema.required ?? []) out[name] = skeleton(schema.properties?.[name], depth + 1);
    return out;
  }
  if (type === 'array') return [];
  if (type === 'string') return '';
  if (type === 'integer' || type === 'number') return 0;
  if (type === 'boolean') return false;
  return null;
}

const pretty = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

/** Quotes a word for a POSIX shell: inside single quotes nothing is special but the quote itself. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function curlLine(method: string, url: string, body: string | undefined): string {
  const parts = [`curl -X ${method} ${shellQuote(url)}`, `-H "Authorization: Bearer $PEERMEM_API_KEY"`];
  if (body !== undefined && body.trim() !== '') {
    let compact = body;
    try {
      compact = JSON.stringify(JSON.parse(body));
    } catch {
      // Sent as typed: the server will say what is wrong with it.
    }
    parts.push(`-H 'Content-Type: application/json'`, `-d ${shellQuote(compact)}`);
  }
  return parts.join(' \\\n  ');
}
