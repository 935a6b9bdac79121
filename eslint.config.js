// The repository's one ESLint config (flat): TypeScript's recommended rules everywhere, React's hook rules in the
// PWA and the desktop renderer, and the import boundaries: the admin module sealed, the reader app's floors pointing
// down, Electron in `main`, the API services apart from the HTTP layer.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import redaktion from './eslint/plugin.js';

const electron = "Only desktop-admin/src/main imports electron; the rest of the app asks through the preload bridge.";

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'reports/**', 'data/**', 'desktop-admin/out/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { redaktion },
    rules: {
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Electron, in every form of import, belongs to the desktop app's main process alone.
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: electron }] }],
      'no-restricted-syntax': ['error',
        { selector: "ImportExpression[source.value='electron']", message: electron },
        { selector: "CallExpression[callee.name='require'][arguments.0.value='electron']", message: electron },
      ],
    },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}', 'desktop-admin/src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The admin screens are a sealed module (ADR 12): the host hands them everything else through AdminPlatform.
    files: ['pwa/src/admin/**/*.{ts,tsx,js}'],
    rules: {
      'redaktion/sealed-folder': ['error', { folder: 'pwa/src/admin', workspaceScope: '@redaktion', allow: ['@redaktion/shared'] }],
    },
  },
  {
    // The reader app's floors, from the top down (README, "The reader app's layers").
    files: ['pwa/src/**/*.{ts,tsx}'],
    rules: {
      'redaktion/layers': ['error', {
        root: 'pwa/src',
        floors: [['app'], ['pages'], ['components'], ['offline', 'insight'], ['services'], ['state', 'data'], ['i18n', 'device']],
      }],
    },
  },
  {
    // Services know no HTTP: they throw the error vocabulary of api/src/errors.ts, and the http layer answers with it.
    files: ['api/src/services/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: electron }],
        patterns: [{ group: ['**/http/*'], message: 'A service does not import the HTTP layer (api/src/http); errors come from api/src/errors.ts.' }],
      }],
    },
  },
  {
    files: ['desktop-admin/src/main/**/*.{ts,tsx,js,mjs}'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' },
  },
);
