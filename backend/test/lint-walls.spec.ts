import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * The lint rules that hold the walls (docs/code-style.md), each shown failing on a deliberate breach and
 * passing on the allowed form. The rules and settings are the ones eslint.config.js gives a backend
 * source file; the fixtures are linted as if they sat at the path named, without type information.
 */
describe('lint walls', () => {
  let settings: Linter.Config['settings'];
  let rules: Linter.RulesRecord;

  beforeAll(async () => {
    const full = (await new ESLint({ cwd: ROOT }).calculateConfigForFile(
      join(ROOT, 'backend/src/modules/orders/orders.service.ts'),
    )) as Linter.Config;
    settings = full.settings;
    rules = Object.fromEntries(
      Object.entries(full.rules ?? {}).filter(
        ([name]) =>
          name.startsWith('import-x/') || name === 'eqeqeq' || name === 'curly' || name === 'max-lines',
      ),
    ) as Linter.RulesRecord;
  }, 60_000);

  async function lint(path: string, code: string, cwd = ROOT): Promise<string[]> {
    const eslint = new ESLint({
      cwd,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: { 'import-x': importX as unknown as ESLint.Plugin },
          settings,
          rules,
        },
      ],
    });
    const [result] = await eslint.lintText(code, { filePath: join(cwd, path) });
    return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
  }

  it('uses the rules it tests', () => {
    expect(Object.keys(rules).sort()).toEqual(
      ['curly', 'eqeqeq', 'import-x/no-cycle', 'import-x/no-restricted-paths', 'max-lines'].sort(),
    );
  });

  it('fails when common/ imports a module', async () => {
    const messages = await lint(
      'backend/src/common/http/breach.ts',
      "import { UsersService } from '../../modules/users/index.js';\nexport const x = UsersService;\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*imports none of them/),
    ]);
  });

  it("fails when a module reaches into another module's internals, not through its index.ts", async () => {
    const inside = await lint(
      'backend/src/modules/orders/breach.ts',
      "import { FaireClient } from '../marketplace/faire.client.js';\nexport const x = FaireClient;\n",
    );
    expect(inside).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*through its index\.ts/),
    ]);
    const entry = await lint(
      'backend/src/modules/orders/allowed.ts',
      "import { FaireClient } from '../marketplace/index.js';\nimport { OrderSnapshots } from './order-snapshots.service.js';\nexport const x = [FaireClient, OrderSnapshots];\n",
    );
    expect(entry).toEqual([]);
  });

  it("injects TypeORM's repository only into a table's repository or query file", async () => {
    // The repository's real configuration, on the text below as if it were these existing files.
    const eslint = new ESLint({ cwd: ROOT });
    const code = "import { InjectRepository } from '@nestjs/typeorm';\nexport const x = InjectRepository;\n";
    const restricted = async (path: string) =>
      ((await eslint.lintText(code, { filePath: join(ROOT, path) }))[0]?.messages ?? []).map(
        (m) => `${m.ruleId ?? 'parse'}: ${m.message}`,
      );
    expect(await restricted('backend/src/modules/mail/mail.service.ts')).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*repository class \(\*\.repository\.ts\)/),
    ]);
    expect(await restricted('backend/src/modules/mail/mail-outbox.repository.ts')).toEqual([]);
    expect(await restricted('backend/src/modules/orders/late-rate.query.ts')).toEqual([]);
  }, 60_000);

  it('fails when the shipments intake or reads import the processing, and lets the processing import them', async () => {
    const breach =
      "import { ShipmentsRepository } from '../processing/shipments.repository.js';\nexport const x = ShipmentsRepository;\n";
    for (const folder of ['intake', 'reads']) {
      expect(await lint(`backend/src/modules/shipments/${folder}/breach.ts`, breach)).toEqual([
        expect.stringMatching(/^import-x\/no-restricted-paths: .*never import shipments\/processing/),
      ]);
    }
    const allowed = await lint(
      'backend/src/modules/shipments/processing/allowed.ts',
      "import { groupBy } from '../intake/order-groups.js';\nimport { HistoryQuery } from '../reads/history.query.js';\nexport const x = [groupBy, HistoryQuery];\n",
    );
    expect(allowed).toEqual([]);
  });

  it('fails when worker code imports HTTP code', async () => {
    const messages = await lint(
      'backend/src/modules/orders/breach.processor.ts',
      "import { OrdersController } from './orders.controller.js';\nimport { ORDER_SORTS } from './dto/list-orders.query.js';\nexport const x = [OrdersController, ORDER_SORTS];\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never loads HTTP code/),
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never loads HTTP code/),
    ]);
    const allowed = await lint(
      'backend/src/modules/orders/allowed.processor.ts',
      "import { OrdersSyncService } from './orders-sync.service.js';\nexport const x = OrdersSyncService;\n",
    );
    expect(allowed).toEqual([]);
  });

  it('fails on == and on a brace-less body over several lines', async () => {
    const messages = await lint(
      'backend/src/modules/orders/habits.ts',
      'export function f(a: unknown): number {\n  if (a == 1)\n    return 1;\n  if (a == null) return 2;\n  return 3;\n}\n',
    );
    expect(messages).toEqual([expect.stringMatching(/^eqeqeq: /), expect.stringMatching(/^curly: /)]);
  });

  it('fails on a file over 400 lines, counting every line as wc -l does (blank lines and comments too)', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};\n`).join('');
    const blankAndComment = '\n// a comment\n';
    expect(await lint('backend/src/modules/orders/long.ts', lines(398) + blankAndComment)).toEqual([]);
    expect(await lint('backend/src/modules/orders/long.ts', lines(398) + blankAndComment + '\n')).toEqual([
      'max-lines: File has too many lines (401). Maximum allowed is 400.',
    ]);
  });

  it('limits every workspace to 400 lines a file, sources and tests alike', async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const path of [
      'backend/src/main.ts',
      'backend/test/lint-walls.spec.ts',
      'frontend/src/App.tsx',
      'libs/shipment-rules/src/index.ts',
      'sandbox/src/seed.ts',
      'e2e/tests/admin.test.mjs',
    ]) {
      const config = (await eslint.calculateConfigForFile(join(ROOT, path))) as Linter.Config;
      expect({ path, rule: config.rules?.['max-lines'] }).toEqual({
        path,
        rule: [2, { max: 400, skipBlankLines: false, skipComments: false }],
      });
    }
  }, 60_000);

  it('fails on an import cycle', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lint-cycle-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a.js';\nexport const b = () => a;\n");
      const messages = await lint('a.ts', "import { b } from './b.js';\nexport const a = () => b;\n", dir);
      expect(messages).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('the SQL wall (scripts/module-map.mjs --check, decision 0052)', () => {
    let dir: string;
    const put = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    const map = (mode: string) => {
      const run = spawnSync(process.execPath, [join(ROOT, 'scripts/module-map.mjs'), mode], {
        env: { ...process.env, MODULE_MAP_ROOT: dir },
        encoding: 'utf8',
      });
      return { status: run.status, output: `${run.stdout}${run.stderr}` };
    };

    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'lint-sql-'));
      put(
        'backend/src/migrations/1-init.ts',
        'export const up = `CREATE TABLE users (id uuid); CREATE TABLE orders (id uuid, user_id uuid);`;\n',
      );
      put('backend/src/modules/users/user.entity.ts', "@Entity('users')\nexport class User {}\n");
      put(
        'backend/src/modules/users/users.repository.ts',
        "export const byId = 'SELECT id FROM users WHERE id = $1';\nexport const userColumnsSql = 'id';\n",
      );
      put(
        'backend/src/modules/users/index.ts',
        "export { byId, userColumnsSql } from './users.repository.js';\n",
      );
      put('backend/src/modules/orders/order.entity.ts', "@Entity('orders')\nexport class Order {}\n");
      put(
        'backend/src/modules/orders/orders.repository.ts',
        "export const open = 'SELECT id FROM orders WHERE user_id = $1';\n",
      );
      put(
        'docs/architecture.md',
        '# Fixture\n\n<!-- module-map:begin (generated by scripts/module-map.mjs --write) -->\n<!-- module-map:end -->\n',
      );
      expect(map('--write').status).toBe(0);
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('passes when SQL lives in repositories, query objects and *.sql.ts files', () => {
      expect(map('--check')).toEqual({ status: 0, output: expect.not.stringContaining('module map: SQL') });
    });

    it("passes when a comment only mentions another module's table in words", () => {
      put(
        'backend/src/modules/orders/orders.repository.ts',
        '// The orders read from users are joined elsewhere.\n/* Never written into users here. */\n' +
          "export const open = 'SELECT id FROM orders WHERE user_id = $1';\n",
      );
      expect(map('--write').status).toBe(0); // the file's line count changed
      expect(map('--check')).toEqual({ status: 0, output: expect.not.stringContaining('names users') });
    });

    it('fails on SQL outside a repository, naming the file', () => {
      put(
        'backend/src/modules/orders/orders.service.ts',
        'export const stray = `UPDATE orders SET user_id = $2 WHERE id = $1`;\n',
      );
      put('backend/src/modules/orders/orders.ts', "export const read = 'SELECT id FROM orders';\n");
      const { status, output } = map('--check');
      expect(status).toBe(1);
      expect(output).toContain("module map: SQL outside a module's *.repository.ts");
      expect(output).toContain('backend/src/modules/orders/orders.service.ts');
      expect(output).toContain('backend/src/modules/orders/orders.ts');
    });

    it("fails when a module names another module's table, or composes its SQL fragment", () => {
      put(
        'backend/src/modules/orders/orders.repository.ts',
        "import { userColumnsSql } from '../users/index.js';\n" +
          'export const open = `SELECT ${userColumnsSql} FROM orders o JOIN users u ON u.id = o.user_id`;\n',
      );
      const { status, output } = map('--check');
      expect(status).toBe(1);
      expect(output).toContain('orders/orders.repository.ts names users (users)');
      expect(output).toContain('orders/orders.repository.ts composes userColumnsSql (users)');
    });

    it("lists a call of another module's database function, and fails on a function reading two modules' tables", () => {
      put(
        'backend/src/migrations/2-functions.ts',
        'export const up = `CREATE FUNCTION user_name(p uuid) RETURNS text LANGUAGE sql AS $$ SELECT name FROM users WHERE id = p $$`;\n',
      );
      put(
        'backend/src/modules/orders/orders.query.ts',
        "export const who = 'SELECT user_name(user_id) FROM orders';\n",
      );
      expect(map('--write').status).toBe(0); // the map counts the new file
      expect(map('--check').status).toBe(0);
      expect(map('--sql').output).toContain('orders/orders.query.ts calls user_name (users)');
      put(
        'backend/src/migrations/3-functions.ts',
        'export const up = `CREATE FUNCTION mixed(p uuid) RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM orders o JOIN users u ON u.id = o.user_id $$`;\n',
      );
      const { status, output } = map('--check');
      expect(status).toBe(1);
      expect(output).toContain('database function mixed names tables of orders and users');
    });
  });
});
