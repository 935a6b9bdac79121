// ESLint rule `redaktion/layers`: the folders under `root` are floors, listed from the top down, and a file imports
// only from its own folder or a floor below; folders on one floor do not import each other. The files at `root`
// itself (the entry points) sit above every floor, and folders not listed (the sealed admin module, the styles)
// follow rules of their own.
import { statSync } from 'node:fs';
import path from 'node:path';
import { importSources, moduleName } from './import-sources.js';

/** @type {import('eslint').Rule.RuleModule} */
export const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports pointing down the floors of an app' },
    schema: [{
      type: 'object',
      properties: {
        root: { type: 'string' },
        floors: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
      },
      required: ['root', 'floors'],
      additionalProperties: false,
    }],
    messages: {
      upward: "'{{source}}' is in {{target}}, which is not below {{folder}}: imports point down ({{order}}); move what both need down a floor.",
    },
  },
  create(context) {
    const { root: rootOption, floors } = context.options[0];
    const root = path.resolve(context.cwd, rootOption);
    const floorOf = new Map(floors.flatMap((names, floor) => names.map((name) => [name, floor])));
    const order = floors.map((names) => names.join(', ')).join(' → ');
    /** The top folder under root that a path is in: '' for root's own files, null outside root. */
    const folderOf = (file) => {
      const relative = path.relative(root, file);
      if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
      const parts = relative.split(path.sep);
      // A folder named whole ('../i18n', its index) is that folder, not a file at root.
      return parts.length > 1 || statSync(file, { throwIfNoEntry: false })?.isDirectory() ? parts[0] : '';
    };
    const folder = folderOf(context.filename);
    if (folder === null || !floorOf.has(folder)) return {};
    const floor = floorOf.get(folder);
    const here = path.dirname(context.filename);

    return importSources((node) => {
      const source = moduleName(node);
      if (source === null || !source.startsWith('.')) return;
      const target = folderOf(path.resolve(here, source));
      if (target === null || target === folder) return;
      // The entry points are above every floor; a listed folder must be on a lower floor; others have rules of their own.
      if (target !== '' && (!floorOf.has(target) || floorOf.get(target) > floor)) return;
      context.report({ node, messageId: 'upward', data: { source, target: target === '' ? `the entry points of ${rootOption}` : `${target}/`, folder: `${folder}/`, order } });
    });
  },
};
