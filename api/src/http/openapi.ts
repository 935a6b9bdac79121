import { z } from 'zod';
import type { AnyEndpoint } from './endpoint.js';

type JsonSchema = Record<string, unknown>;

/** Named schemas (those with a meta id) collected as components while the document is made. */
let components: Record<string, JsonSchema> = {};

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const suffix = io === 'input' ? 'Input' : '';
  // zod names its definitions under #/definitions; OpenAPI keeps them in components, apart per direction.
  const text = JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }))
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

/**
 * The OpenAPI 3 document, made from the same declarations and zod schemas that validate requests;
 * `protocolPaths` describes calls another protocol defines (tus), which no declaration covers.
 */
export function openApiDocument(endpoints: AnyEndpoint[], protocolPaths: Record<string, Record<string, JsonSchema>> = {}): JsonSchema {
  components = {};
  const paths: Record<string, Record<string, JsonSchema>> = { ...protocolPaths };
  for (const endpoint of endpoints) {
    const path = openApiPath(endpoint.path);
    const status = String(endpoint.status ?? 200);
    const success: JsonSchema = endpoint.response
      ? { description: 'OK', content: { 'application/json': { schema: toSchema(endpoint.response, 'output') } } }
      : endpoint.produces
        ? { description: 'OK', content: { [endpoint.produces]: {} } }
        : { description: status === '204' ? 'No content' : 'Redirect (Location)' };
    const errors: Record<string, JsonSchema> = {
      400: { description: 'Invalid input', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    };
    if (endpoint.access !== 'public') errors[401] = { description: 'Not signed in' };
    if (endpoint.access === 'admin' || endpoint.access === 'super_admin') errors[403] = { description: 'Signed in without the role' };
    if (endpoint.path.includes(':')) errors[404] = { description: 'Unknown id' };
    for (const [code, answer] of Object.entries(endpoint.answers ?? {})) {
      errors[code] = { description: answer.description, ...(answer.schema ? { content: { 'application/json': { schema: toSchema(answer.schema, 'output') } } } : {}) };
    }
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
      responses: { [status]: success, ...errors },
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
      schemas: {
        ...components,
        Error: {
          type: 'object',
          required: ['error', 'code'],
          properties: {
            error: { type: 'string' },
            code: { type: 'string' },
            issues: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
          },
        },
      },
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function fieldRows(schema: JsonSchema | undefined): string {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const type = property.enum ? (property.enum as unknown[]).join(' | ') : String(property.type ?? property.format ?? 'value');
    return `<tr><td><code>${escapeHtml(name)}</code></td><td>${escapeHtml(type)}</td><td>${required.has(name) ? 'yes' : ''}</td>`
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
