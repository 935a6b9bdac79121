// Every form of import an ESLint rule about boundaries must see: static imports, re-exports, `import()`, TypeScript's
// `import x = require()` and `require()`. `check` receives the node holding the module name.

/** @param {(node: import('estree').Node | undefined) => void} check */
export const importSources = (check) => ({
  ImportDeclaration: (node) => check(node.source),
  ExportNamedDeclaration: (node) => check(node.source),
  ExportAllDeclaration: (node) => check(node.source),
  ImportExpression: (node) => check(node.source),
  TSExternalModuleReference: (node) => check(node.expression),
  CallExpression: (node) => {
    if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
  },
});

/** The module name a node holds, when it is a plain string. */
export const moduleName = (node) => (node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null);
