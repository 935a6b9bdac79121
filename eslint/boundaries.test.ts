import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries are rules of the repository's own ESLint config: these tests lint probe files through that
 * config (at the paths they would have), so the rules cannot be dropped or loosened without a test failing.
 */
const root = new URL('..', import.meta.url).pathname;
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

const BOUNDARY_RULES = ['redaktion/sealed-folder', 'redaktion/layers', 'no-restricted-imports', 'no-restricted-syntax'];

/** The boundary errors ESLint reports for `code` as if it were the file at `path`. */
async function boundaryErrors(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages
    .filter((message) => message.severity === 2 && BOUNDARY_RULES.includes(message.ruleId ?? ''))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the sealed admin module', () => {
  it('refuses an admin file that imports reader code, statically, by re-export or lazily', async () => {
    const errors = await boundaryErrors('pwa/src/admin/tabs/Probe.tsx', [
      "import { useServices } from '../../services/context';",
      "export { toast } from '../../state/toasts';",
      "export const page = () => import('../../pages/Home');",
      'export const services = useServices;',
    ].join('\n'));
    expect(errors).toEqual([
      expect.stringMatching(/^redaktion\/sealed-folder: '\.\.\/\.\.\/services\/context' is outside pwa\/src\/admin/),
      expect.stringMatching(/^redaktion\/sealed-folder: '\.\.\/\.\.\/state\/toasts' is outside/),
      expect.stringMatching(/^redaktion\/sealed-folder: '\.\.\/\.\.\/pages\/Home' is outside/),
    ]);
  });

  it('refuses the reader stylesheet, a root-relative path and other workspaces, from the module root too', async () => {
    const errors = await boundaryErrors('pwa/src/admin/Probe.ts', [
      "import '../styles/main.css';",
      "import '/src/app/context';",
      "import '@redaktion/api/src/app';",
      "import '@redaktion/pwa/admin';",
    ].join('\n'));
    expect(errors).toHaveLength(4);
    expect(errors.every((error) => error.startsWith('redaktion/sealed-folder:'))).toBe(true);
  });

  it('allows its own files, npm packages and @redaktion/shared', async () => {
    expect(await boundaryErrors('pwa/src/admin/tabs/Probe.tsx', [
      "import { useState } from 'react';",
      "import { ApiError } from '@redaktion/shared/client';",
      "import { isStaff } from '@redaktion/shared/constants';",
      "import { usePlatform } from '../platform';",
      "import '../admin.css';",
      'export const probe = [useState, ApiError, isStaff, usePlatform];',
    ].join('\n'))).toEqual([]);
  });

  it('holds for every file of the module as it is', async () => {
    const results = await eslint.lintFiles(['pwa/src/admin']);
    expect(results.length).toBeGreaterThan(50);
    expect(results.flatMap((result) => result.messages.filter((message) => message.severity === 2))).toEqual([]);
  }, 120_000);
});

describe("the reader app's floors", () => {
  it('refuses an import up a floor, across one floor, or of an entry point, in every form', async () => {
    const errors = await boundaryErrors('pwa/src/components/Probe.tsx', [
      "import { Home } from '../pages/Home';",
      "export { routes } from '../app/routes';",
      "export const start = () => import('../entry-client');",
      'export const probe = Home;',
    ].join('\n'));
    expect(errors).toEqual([
      expect.stringMatching(/^redaktion\/layers: '\.\.\/pages\/Home' is in pages\/, which is not below components\//),
      expect.stringMatching(/^redaktion\/layers: '\.\.\/app\/routes' is in app\/, which is not below components\//),
      expect.stringMatching(/^redaktion\/layers: '\.\.\/entry-client' is in the entry points of pwa\/src/),
    ]);
    expect(await boundaryErrors('pwa/src/offline/probe.ts', "export { srcSetOf } from '../components/Image';")).toHaveLength(1);
    expect(await boundaryErrors('pwa/src/state/probe.ts', "export { ApiCache } from '../data/api-cache';")).toHaveLength(1);
  });

  it('allows its own folder, the floors below, folders named whole and npm packages', async () => {
    expect(await boundaryErrors('pwa/src/pages/dashboard/Probe.tsx', [
      "import { useState } from 'react';",
      "import { Card } from '../../components/cards';",
      "import { useServices } from '../../services/context';",
      "import { useI18n } from '../../i18n';",
      "import { DashboardLayout } from './layout';",
      "import { Home } from '../Home';",
      'export const probe = [useState, Card, useServices, useI18n, DashboardLayout, Home];',
    ].join('\n'))).toEqual([]);
  });

  it('holds for every file of the reader app as it is', async () => {
    const results = await eslint.lintFiles(['pwa/src']);
    expect(results.flatMap((result) => result.messages.filter((message) => message.ruleId === 'redaktion/layers'))).toEqual([]);
  }, 120_000);
});

describe('Electron', () => {
  const load = [
    "import { app } from 'electron';",
    "export const later = () => import('electron');",
    "export const old = () => require('electron');",
    'export const probe = app;',
  ].join('\n');

  it('is refused outside the desktop main process, in every form of import', async () => {
    for (const path of ['desktop-admin/src/renderer/probe.ts', 'desktop-admin/src/preload/probe.ts', 'pwa/src/app/probe.ts']) {
      const errors = await boundaryErrors(path, load);
      expect(errors.filter((error) => error.includes('Only desktop-admin/src/main imports electron'))).toHaveLength(3);
    }
  });

  it('is allowed in desktop-admin/src/main', async () => {
    expect(await boundaryErrors('desktop-admin/src/main/probe.ts', load)).toEqual([]);
  });
});

describe('the API services', () => {
  it('refuse an import of the HTTP layer, and take errors from api/src/errors.ts', async () => {
    expect(await boundaryErrors('api/src/services/content/probe.ts', "import { errorHandler } from '../../http/errors.js';\nexport const probe = errorHandler;"))
      .toEqual(['no-restricted-imports: \'../../http/errors.js\' import is restricted from being used by a pattern. A service does not import the HTTP layer (api/src/http); errors come from api/src/errors.ts.']);
    expect(await boundaryErrors('api/src/services/content/probe.ts', "import { notFound } from '../../errors.js';\nexport const probe = notFound;")).toEqual([]);
  });
});
