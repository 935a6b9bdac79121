import { blankMeansNone, errorSchema } from '@redaktion/shared';
import { z } from 'zod';
import type { Access, AnyEndpoint } from './endpoint.js';

type JsonSchema = Record<string, unknown>;

/** Named schemas (those with a meta id) collected as components while the document is made. */
let components: Record<string, JsonSchema> = {};

/** What a form sends for an empty input, which the fields of `blankMeansNone` take for "none". */
const BLANK = (z.toJSONSchema(z.union([z.literal(''), z.null()]), { target: 'openapi-3.0' }) as { anyOf: JsonSchema[] }).anyOf;

/** Such a field's own schema, or '' or null (zod sees only the former, since the blank never reaches it). */
function documentBlank({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  if (!blankMeansNone.has(zodSchema as z.ZodType)) return;
  const own = { ...jsonSchema };
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  jsonSchema.anyOf = [own, ...BLANK];
}

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const suffix = io === 'input' ? 'Input' : '';
  // zod names its definitions under #/definitions; OpenAPI keeps them in components, apart per direction.
  const text = JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0', override: io === 'input' ? documentBlank : undefined }))
    .replace(/"#\/definitions\/([^"]+)"/g, `"#/components/schemas/$1${suffix}"`);
  const { definitions, ...rest } = JSON.parse(text) as JsonSchema & { definitions?: Record<string, JsonSchema> };
  for (const [id, definition] of Object.entries(definitions ?? {})) components[`${id}${suffix}`] = definition;
  return rest;
}

const deref = (schema: JsonSchema): JsonSchema =>
  typeof schema.$ref === 'string' ? components[schema.$ref.replace('#/components/schemas/', '')] ?? schema : schema;

const formSchema = (form: NonNullable<AnyEndpoint['form']>): JsonSchema => ({
  type: 'object',
  required: Object.entries(form).filter(([, field]) => field.required).map(([name]) => name),
  properties: Object.fromEntries(Object.entries(form).map(([name, field]) => [name,
    { type: 'string', ...(field.file ? { format: 'binary' } : {}), description: field.description }])),
});

const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = deref(toSchema(schema, 'input'));
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name, in: where, required: where === 'path' || required.has(name), schema: property,
    ...(property.description ? { description: property.description } : {}),
  }));
}

const accessText: Record<AnyEndpoint['access'], string> = {
  public: 'Anyone',
  user: 'A signed-in user',
  admin: 'Role admin or super_admin',
  super_admin: 'Role super_admin',
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/** Several reasons for one status as one description: "Invalid input; or a body that is not valid JSON". */
const alternatives = (reasons: string[]) => reasons.map((reason, index) => (index ? reason[0]!.toLowerCase() + reason.slice(1) : reason)).join('; or ');

/** What a call is to the layers every request passes around its handler (app.ts); their answers follow from it. */
export interface CallKind {
  path: string;
  method: string;
  access: Access;
  /** It validates path parameters, a query or a body. */
  input: boolean;
  /** The JSON body parser reads its body first. */
  jsonBody: boolean;
  /** It takes files in a multipart form. */
  files?: boolean;
  cached?: boolean;
  throttled?: boolean;
}

/**
 * The answers any call of its kind may get whatever its handler does, each with why: the reference lists them all,
 * so that a client made from it expects what the server can say. A declaration's own `answers` add the rest.
 */
export function commonAnswers(call: CallKind): Record<number, string> {
  const write = WRITES.has(call.method);
  const answers: Record<number, string[]> = {};
  const add = (status: number, why: string) => { (answers[status] ??= []).push(why); };
  if (call.cached) add(304, 'Not modified: If-None-Match names the current ETag');
  if (call.input) add(400, 'Invalid input: `issues` names each field and what is wrong with it');
  if (call.jsonBody) {
    add(400, 'A body that is not valid JSON');
    add(413, 'A JSON body larger than the server reads');
    add(415, 'A body in a Content-Encoding the server does not read');
  }
  if (call.files) {
    add(413, 'A file larger than its kind may be');
    add(415, 'A file that is not of a type the call takes');
  }
  if (call.access !== 'public') add(401, 'Not signed in, or the access token is invalid or revoked');
  // A bearer token is read on every API call, so a bad one is refused even where no one need sign in (session.ts).
  else if (call.path.startsWith('/api/')) add(401, 'The access token sent is invalid or revoked');
  if (call.access === 'admin' || call.access === 'super_admin') add(403, `Signed in, but not with ${accessText[call.access].toLowerCase()}`);
  if (write) add(403, 'Sent by a browser from another site (code cross_site_request)');
  if (call.path.includes(':') || call.path.includes('{')) add(404, 'Nothing has that id');
  if (call.throttled) add(429, 'Too many attempts from this client: try again after Retry-After seconds');
  add(503, 'The database is out of reach or the server is busy (code unavailable): try again after Retry-After seconds');
  if (write) add(507, 'The server has no room left to store anything (code insufficient_storage): nothing was changed');
  return Object.fromEntries(Object.entries(answers).map(([status, why]) => [status, alternatives(why)]));
}

const errorContent = () => ({ 'application/json': { schema: { $ref: '#/components/schemas/Error' } } });
const retryAfter = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } };

/** The reference's entry for an answer other than the call's own: an error is in the error shape unless `content` says otherwise. */
function otherAnswer(status: number, description: string, content?: Record<string, unknown>): JsonSchema {
  const body = content ?? (status >= 400 ? errorContent() : undefined);
  return { description, ...(body ? { content: body } : {}), ...(status === 429 || status === 503 ? { headers: retryAfter } : {}) };
}

/** A call's answers by status: its own, and those every call of its kind may get, said beside its own of the same status. */
export function answersOf(call: CallKind, own: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const common = commonAnswers(call);
  const answers: Record<string, JsonSchema> = {};
  for (const [status, why] of Object.entries(common)) answers[status] = otherAnswer(Number(status), why);
  for (const [status, answer] of Object.entries(own)) {
    const why = common[Number(status)];
    answers[status] = why ? { ...answer, description: alternatives([String(answer.description), why]) } : answer;
  }
  return answers;
}

/** A declared call's answers besides its own success: those of its kind, and its declared `answers`. */
function otherAnswers(endpoint: AnyEndpoint): Record<string, JsonSchema> {
  const own: Record<string, JsonSchema> = {};
  for (const [status, answer] of Object.entries(endpoint.answers ?? {})) {
    own[status] = otherAnswer(Number(status), answer.description,
      answer.schema ? { 'application/json': { schema: toSchema(answer.schema, 'output') } } : answer.produces ? { [answer.produces]: {} } : undefined);
  }
  return answersOf({
    path: endpoint.path, method: endpoint.method, access: endpoint.access, cached: endpoint.cached, throttled: endpoint.throttled,
    input: Boolean(endpoint.params || endpoint.query || endpoint.body || endpoint.form), jsonBody: WRITES.has(endpoint.method), files: Boolean(endpoint.form),
  }, own);
}

/**
 * The OpenAPI 3 document, made from the same declarations and zod schemas that validate requests;
 * `protocolPaths` describes calls another protocol defines (tus), which no declaration covers.
 */
export function openApiDocument(endpoints: AnyEndpoint[], protocolPaths: Record<string, Record<string, JsonSchema>> = {}): JsonSchema {
  components = {};
  // The shape of every error answer, which the answers below refer to.
  toSchema(errorSchema, 'output');
  const paths: Record<string, Record<string, JsonSchema>> = { ...protocolPaths };
  for (const endpoint of endpoints) {
    const path = openApiPath(endpoint.path);
    const status = String(endpoint.status ?? 200);
    const success: JsonSchema = endpoint.response
      ? { description: 'OK', content: { 'application/json': { schema: toSchema(endpoint.response, 'output') } } }
      : endpoint.produces
        ? { description: 'OK', content: { [endpoint.produces]: {} } }
        : { description: status === '204' ? 'No content' : 'Redirect (Location)' };
    (paths[path] ??= {})[endpoint.method] = {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      description: `Who may call it: ${accessText[endpoint.access]}.`,
      parameters: [...parameters(endpoint.params, 'path'), ...parameters(endpoint.query, 'query')],
      ...(endpoint.body || endpoint.form ? {
        requestBody: {
          required: true,
          content: {
            ...(endpoint.form ? { 'multipart/form-data': { schema: formSchema(endpoint.form) } } : {}),
            ...(endpoint.body ? { 'application/json': { schema: toSchema(endpoint.body, 'input') } } : {}),
          },
        },
      } : {}),
      responses: { [status]: success, ...otherAnswers(endpoint) },
      ...(endpoint.access !== 'public' ? { security: [{ session: [] }, { accessToken: [] }] } : {}),
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Redaktion API',
      version: '1.0.0',
      description: 'JSON over HTTP, camelCase fields, ISO 8601 dates in UTC. Errors answer {"error", "code", "issues"?}. '
        + 'Sign in with POST /api/login; the session cookie authenticates later calls. Or make a personal access token '
        + '(POST /api/tokens while signed in) and send it as "Authorization: Bearer <token>" instead of the cookie.',
    },
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'redaktion.sid' },
        accessToken: { type: 'http', scheme: 'bearer', description: 'A personal access token from POST /api/tokens' },
      },
      schemas: components,
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** A field's type as the reference's table says it: "string (email)", "draft | pending", "string (date-time) or "" or null". */
const typeText = (property: JsonSchema): string => (property.anyOf
  ? (property.anyOf as JsonSchema[]).map(typeText).join(' or ')
  : property.enum
    ? (property.enum as unknown[]).map((value) => (value === '' ? '""' : String(value))).join(' | ')
    : `${String(property.type ?? 'value')}${property.format ? ` (${String(property.format)})` : ''}`);

function fieldRows(schema: JsonSchema | undefined): string {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    return `<tr><td><code>${escapeHtml(name)}</code></td><td>${escapeHtml(typeText(property))}</td><td>${required.has(name) ? 'yes' : ''}</td>`
      + `<td>${escapeHtml(String(property.description ?? ''))}</td></tr>`;
  }).join('');
}

/** A readable reference for people using curl, rendered on the server without scripts. */
export function docsPage(document: JsonSchema): string {
  const schemas = (document.components as { schemas: Record<string, JsonSchema> }).schemas;
  const resolve = (schema: JsonSchema | undefined) =>
    schema && typeof schema.$ref === 'string' ? schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
  const paths = document.paths as Record<string, Record<string, JsonSchema>>;
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = (operation.tags as string[])[0]!;
      const params = (operation.parameters as JsonSchema[]);
      const content = (operation.requestBody as { content: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      const body = resolve(content?.['application/json']?.schema ?? content?.['multipart/form-data']?.schema);
      const multipart = Boolean(content?.['multipart/form-data']);
      const curlBody = multipart ? " \\\n  -F 'file=@photo.jpg'" : body ? ` \\\n  -H 'Content-Type: application/json' -d '{…}'` : '';
      const auth = operation.security ? ` -H "Authorization: Bearer $TOKEN"` : '';
      const curl = `curl${auth} -X ${method.toUpperCase()} http://localhost:3000${path}${curlBody}`;
      const html = `<section class="op"><h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>`
        + `<p>${escapeHtml(String(operation.summary))}</p><p class="who">${escapeHtml(String(operation.description))}</p>`
        + (params.length ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>About</th></tr></thead><tbody>${params.map((p) =>
          `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${p.required ? 'yes' : ''}</td><td>${escapeHtml(String(p.description ?? ''))}</td></tr>`).join('')}</tbody></table>` : '')
        + (body ? `<table><thead><tr><th>Body field</th><th>Type</th><th>Required</th><th>About</th></tr></thead><tbody>${fieldRows(body)}</tbody></table>` : '')
        + `<pre>${escapeHtml(curl)}</pre></section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const info = document.info as { title: string; description: string };
  const sections = [...byTag].map(([tag, ops]) => `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join('')}`).join('');
  const toc = [...byTag.keys()].map((tag) => `<a href="#${escapeHtml(tag)}">${escapeHtml(tag)}</a>`).join(' · ');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>${escapeHtml(info.title)} reference</title><style>`
    + 'body{font:16px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem 1.5rem;color:#1d1b18}'
    + 'code,pre{font-family:ui-monospace,monospace}pre{background:#f4f1ea;padding:.75rem;overflow:auto;border-radius:6px}'
    + 'table{border-collapse:collapse;width:100%;margin:.5rem 0}td,th{border-bottom:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}'
    + '.op{border-top:1px solid #ccc;padding-top:.5rem}.m{display:inline-block;min-width:4.5em;font-size:.8em;padding:.1em .4em;border-radius:4px;color:#fff;background:#555}'
    + '.m-get{background:#1f6f43}.m-post{background:#1d4ed8}.m-put,.m-patch{background:#9a5b00}.m-delete{background:#b42318}.who{color:#555;font-size:.9em}'
    + `</style></head><body><h1>${escapeHtml(info.title)}</h1><p>${escapeHtml(info.description)}</p>`
    + `<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p><nav>${toc}</nav>${sections}</body></html>`;
}
