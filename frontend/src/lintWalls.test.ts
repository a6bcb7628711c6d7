// @vitest-environment node
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The frontend's walls (frontend/lint-walls.js, decision 0054), each shown failing on a deliberate breach
 * and passing on the allowed form, as backend/test/lint-walls.spec.ts does for the backend. The rules and
 * settings are the ones eslint.config.js gives a frontend source file; the fixtures are linted as if they
 * sat at the path named (their imports resolve to the real files), without type information.
 */
describe('frontend lint walls', () => {
  let settings: Linter.Config['settings'];
  let rules: Linter.RulesRecord;

  beforeAll(async () => {
    const full = (await new ESLint({ cwd: ROOT }).calculateConfigForFile(
      join(ROOT, 'frontend/src/orders/OrdersTable.tsx'),
    )) as Linter.Config;
    settings = full.settings;
    rules = Object.fromEntries(
      Object.entries(full.rules ?? {}).filter(
        ([name]) => name === 'import-x/no-restricted-paths' || name === 'no-restricted-syntax',
      ),
    ) as Linter.RulesRecord;
  }, 60_000);

  async function lint(path: string, code: string): Promise<string[]> {
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts', '**/*.tsx'],
          languageOptions: {
            parser: tseslint.parser,
            parserOptions: { ecmaFeatures: { jsx: true } },
          },
          plugins: { 'import-x': importX as unknown as ESLint.Plugin },
          settings,
          rules,
        },
      ],
    });
    const [result] = await eslint.lintText(code, { filePath: join(ROOT, path) });
    return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
  }

  const walled = /^import-x\/no-restricted-paths: .*foundation folder .*imports none of them/;
  const throughIndex = /^import-x\/no-restricted-paths: .*Import \w+\/ only through its index\.ts/;
  const fontSize = /^no-restricted-syntax: Use a size of the theme/;

  it('uses the rules it tests', () => {
    expect(Object.keys(rules).sort()).toEqual(['import-x/no-restricted-paths', 'no-restricted-syntax']);
  });

  it.each([
    'api',
    'auth',
    'connectors',
    'layout',
    'money',
    'shared',
    'theme',
    'notifications',
    'pages',
    'text',
  ])(
    'fails when the foundation folder %s/ imports a feature, even through its index.ts',
    async (folder) => {
      const messages = await lint(
        `frontend/src/${folder}/breach.ts`,
        "import { useFaireConnection } from '../connect';\nexport const x = useFaireConnection;\n",
      );
      expect(messages).toEqual([expect.stringMatching(walled)]);
    },
    30_000,
  );

  it('lets a foundation folder import another foundation folder', async () => {
    const messages = await lint(
      'frontend/src/layout/allowed.ts',
      "import { canAccess } from '../auth/canAccess';\nimport { formatDate } from '../shared/dates';\nexport const x = [canAccess, formatDate];\n",
    );
    expect(messages).toEqual([]);
  });

  it("fails when a feature reaches into another feature's internals, not through its index.ts", async () => {
    const inside = await lint(
      'frontend/src/orders/breach.ts',
      "import { useFaireConnection } from '../connect/api';\nexport const x = useFaireConnection;\n",
    );
    expect(inside).toEqual([expect.stringMatching(throughIndex)]);
    const entry = await lint(
      'frontend/src/orders/allowed.ts',
      "import { useFaireConnection } from '../connect';\nimport { stateLabel } from './types';\nexport const x = [useFaireConnection, stateLabel];\n",
    );
    expect(entry).toEqual([]);
  });

  it("fails when a root file reaches into a feature's internals; a screen may be loaded on its own", async () => {
    const inside = await lint(
      'frontend/src/breach.ts',
      "import { ordersProvider } from './orders/provider';\nexport const x = ordersProvider;\n",
    );
    expect(inside).toEqual([expect.stringMatching(throughIndex)]);
    const screen = await lint(
      'frontend/src/dashboard/allowed.ts',
      "export const load = () => import('../settings/SettingsTab');\n",
    );
    expect(screen).toEqual([]);
  });

  it('fails on a number as a text size, in every form; a size of the theme passes', async () => {
    const messages = await lint(
      'frontend/src/orders/Breach.tsx',
      [
        "import { Box, Typography } from '@mui/material';",
        "import WarningIcon from '@mui/icons-material/WarningAmberRounded';",
        'export const A = () => <Typography sx={{ fontSize: 13 }}>a</Typography>;',
        "export const B = () => <Box sx={{ fontSize: '0.8rem' }}>b</Box>;",
        'export const C = () => <Box sx={{ fontSize: { xs: 12, sm: 14 } }}>c</Box>;',
        'export const D = (dense: boolean) => <Box sx={{ fontSize: dense ? 12.5 : 14 }}>d</Box>;',
        "export const E = () => <Box style={{ fontSize: '13px' }}>e</Box>;",
        'export const F = () => <WarningIcon sx={{ fontSize: 18 }} />;',
        '',
      ].join('\n'),
    );
    expect(messages).toHaveLength(8);
    for (const message of messages) expect(message).toMatch(fontSize);
    const allowed = await lint(
      'frontend/src/orders/Allowed.tsx',
      [
        "import { Box, Typography } from '@mui/material';",
        "import WarningIcon from '@mui/icons-material/WarningAmberRounded';",
        "import { fontSizes, iconSizes } from '../theme/typography';",
        'export const A = () => <Typography sx={{ fontSize: fontSizes.compact }}>a</Typography>;',
        'export const B = () => <Box sx={{ fontSize: { xs: fontSizes.caption, sm: fontSizes.body } }}>b</Box>;',
        "export const C = () => <Box sx={{ fontSize: 'inherit' }}>c</Box>;",
        'export const D = () => <WarningIcon fontSize="small" sx={{ fontSize: iconSizes.medium }} />;',
        '',
      ].join('\n'),
    );
    expect(allowed).toEqual([]);
  });

  it('fails on a literal colour outside theme/', async () => {
    const messages = await lint(
      'frontend/src/orders/Colour.tsx',
      "import { Box } from '@mui/material';\nexport const A = () => <Box sx={{ color: '#1a2b3c', bgcolor: 'rgba(0, 0, 0, 0.1)' }} />;\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Use a theme token/),
      expect.stringMatching(/^no-restricted-syntax: Use a theme token/),
    ]);
  });

  it('gives every frontend source the walls and the size rule; theme/ keeps its numbers', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const ruleOf = async (path: string, rule: string) =>
      ((await eslint.calculateConfigForFile(join(ROOT, path))) as Linter.Config).rules?.[rule];
    for (const path of [
      'frontend/src/money/formatMoney.ts',
      'frontend/src/layout/Sidebar.tsx',
      'frontend/src/App.tsx',
      'frontend/src/upload/UploadTab.tsx',
    ]) {
      expect({ path, walls: await ruleOf(path, 'import-x/no-restricted-paths') }).toEqual({
        path,
        walls: [2, expect.objectContaining({ zones: expect.any(Array) })],
      });
      expect({ path, syntax: await ruleOf(path, 'no-restricted-syntax') }).toEqual({
        path,
        syntax: expect.arrayContaining([
          expect.objectContaining({ message: expect.stringMatching(/size of the theme/) }),
        ]),
      });
    }
    expect(await ruleOf('frontend/src/theme/typography.ts', 'no-restricted-syntax')).toBeUndefined();
  }, 60_000);
});
