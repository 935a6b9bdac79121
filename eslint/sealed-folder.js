// ESLint rule `redaktion/sealed-folder`: a file inside `folder` imports only files inside that folder, npm packages
// and the workspace packages named in `allow`. Static imports, re-exports, `import()` and `require()` are all checked,
// so no form of import crosses the boundary unseen.
import path from 'node:path';
import { importSources, moduleName } from './import-sources.js';

/** @type {import('eslint').Rule.RuleModule} */
export const sealedFolder = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep a folder a sealed module: no imports that leave it' },
    schema: [{
      type: 'object',
      properties: {
        folder: { type: 'string' },
        workspaceScope: { type: 'string' },
        allow: { type: 'array', items: { type: 'string' } },
      },
      required: ['folder', 'workspaceScope'],
      additionalProperties: false,
    }],
    messages: {
      leavesFolder: "'{{source}}' is outside {{folder}}, a sealed module: import only its own files, npm packages and {{allowed}}; ask the host through its platform interface.",
    },
  },
  create(context) {
    const { folder, workspaceScope, allow = [] } = context.options[0];
    const root = path.resolve(context.cwd, folder);
    const here = path.dirname(context.filename);
    const allowed = allow.join(', ') || 'no workspace package';

    const crosses = (source) => {
      if (source.startsWith('.') || source.startsWith('/')) {
        const target = source.startsWith('/') ? source : path.resolve(here, source);
        return target !== root && !target.startsWith(root + path.sep);
      }
      if (!source.startsWith(`${workspaceScope}/`)) return false;
      return !allow.some((name) => source === name || source.startsWith(`${name}/`));
    };
    return importSources((node) => {
      const source = moduleName(node);
      if (source !== null && crosses(source)) context.report({ node, messageId: 'leavesFolder', data: { source, folder, allowed } });
    });
  },
};

