import { DataSource } from 'typeorm';
import { dataSourceOptions, ensureDatabase, runMigrations } from '../src/common/database/database.js';
import { ENTITIES } from '../src/entities.js';
import { TEST_PG_BASE } from './helpers/env.js';
import { dropDatabase, uniqueName } from './helpers/test-app.js';

/** The table no entity describes: TypeORM's own migration log. */
const NOT_ENTITIES = new Set(['migrations']);

/**
 * The entities describe the tables the migrations make (decision 0024; `synchronize` stays off): every
 * table has exactly one entity, and every entity column exists with the same type and nullability.
 */
describe('entities and migrations', () => {
  const url = `${TEST_PG_BASE}/${uniqueName('entities')}`;
  let ds: DataSource;
  let columns: Map<string, Map<string, { type: string; nullable: boolean }>>;

  beforeAll(async () => {
    await ensureDatabase(url);
    await runMigrations(url);
    ds = new DataSource(dataSourceOptions(url, 2, ENTITIES));
    await ds.initialize();
    const rows: {
      table_name: string;
      column_name: string;
      data_type: string;
      udt_name: string;
      is_nullable: string;
    }[] = await ds.query(
      `SELECT table_name, column_name, data_type, udt_name, is_nullable FROM information_schema.columns
          WHERE table_schema = 'public'`,
    );
    columns = new Map();
    for (const r of rows) {
      const table = columns.get(r.table_name) ?? new Map();
      table.set(r.column_name, {
        type:
          r.data_type === 'USER-DEFINED'
            ? r.udt_name
            : r.data_type === 'ARRAY'
              ? `${r.udt_name.replace(/^_/, '')}[]`
              : r.data_type,
        nullable: r.is_nullable === 'YES',
      });
      columns.set(r.table_name, table);
    }
  }, 60_000);

  afterAll(async () => {
    await ds?.destroy();
    await dropDatabase(url);
  });

  it('gives every table exactly one entity', () => {
    const described = ds.entityMetadatas.map((m) => m.tableName).sort();
    expect(new Set(described).size).toBe(described.length);
    const tables = [...columns.keys()].filter((t) => !NOT_ENTITIES.has(t)).sort();
    expect(described).toEqual(tables);
  });

  it('declares only columns the table has, with its type and nullability', () => {
    const mismatches: string[] = [];
    for (const meta of ds.entityMetadatas) {
      const table = columns.get(meta.tableName);
      for (const column of meta.columns) {
        const actual = table?.get(column.databaseName);
        const where = `${meta.tableName}.${column.databaseName}`;
        if (!actual) {
          mismatches.push(`${where}: no such column`);
          continue;
        }
        const declared = ds.driver.normalizeType(column) + (column.isArray ? '[]' : '');
        if (declared !== actual.type) mismatches.push(`${where}: ${declared}, the table has ${actual.type}`);
        if (column.isNullable !== actual.nullable) {
          mismatches.push(`${where}: nullable ${column.isNullable}, the table says ${actual.nullable}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('leaves synchronize off', () => {
    expect(ds.options.synchronize).toBe(false);
  });
});
