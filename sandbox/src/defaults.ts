import { generateSeed } from './seed.js';
import type {
  FaireOrder,
  BrandFixtures,
  SandboxApplicationConfig,
  SandboxBrandConfig,
  SandboxFixtures,
} from './types.js';

export const SANDBOX_DEFAULTS = {
  brand1Token: 'sbx_brand1_token',
  brand2Token: 'sbx_brand2_token',
  brand3Token: 'sbx_brand3_token',
  brand4Token: 'sbx_brand4_token',
  applicationId: 'apa_sandbox_demo',
  applicationSecret: 'sbx_demo_secret',
} as const;

export const DEFAULT_SEED = 1;

export const DEFAULT_BRANDS: readonly SandboxBrandConfig[] = Object.freeze([
  {
    brandId: 'b_d8k3m2qz',
    name: 'Juniper & Pine Candle Co.',
    token: SANDBOX_DEFAULTS.brand1Token,
    currency: 'USD',
    locale: 'en-US',
  },
  {
    brandId: 'b_h4t9w6rn',
    name: 'Harbor & Quill Paper Goods',
    token: SANDBOX_DEFAULTS.brand2Token,
    currency: 'USD',
    locale: 'en-US',
  },
  {
    brandId: 'b_q7v2c5lx',
    name: 'Thistle & Rye Tea Merchants',
    token: SANDBOX_DEFAULTS.brand3Token,
    currency: 'GBP',
    locale: 'en-GB',
  },
  {
    brandId: 'b_w5n2k8tc',
    name: 'Larch & Loon Stationery',
    token: SANDBOX_DEFAULTS.brand4Token,
    currency: 'CAD',
    locale: 'en-CA',
  },
]);

export const DEFAULT_APPLICATION: SandboxApplicationConfig = Object.freeze({
  applicationId: SANDBOX_DEFAULTS.applicationId,
  applicationSecret: SANDBOX_DEFAULTS.applicationSecret,
  name: 'Shipment Portal',
});

/** Merges brand overrides onto the defaults by position (entry 0 = brand 1, …). */
export function resolveBrands(overrides?: ReadonlyArray<Partial<SandboxBrandConfig>>): SandboxBrandConfig[] {
  const count = Math.max(DEFAULT_BRANDS.length, overrides?.length ?? 0);
  const brands: SandboxBrandConfig[] = [];
  for (let i = 0; i < count; i++) {
    const base = DEFAULT_BRANDS[i];
    const o = overrides?.[i] ?? {};
    const merged = { ...base, ...o };
    if (!merged.brandId || !merged.name || !merged.token) {
      throw new Error(`Faire sandbox: brand ${i + 1} needs brandId, name and token`);
    }
    if (!/^b_[a-z0-9]+$/.test(merged.brandId)) {
      throw new Error(
        `Faire sandbox: brand id ${merged.brandId} must look like b_ followed by lowercase letters/digits`,
      );
    }
    brands.push({
      brandId: merged.brandId,
      name: merged.name,
      token: merged.token,
      currency: merged.currency ?? 'USD',
      locale: merged.locale ?? 'en-US',
    });
  }
  if (new Set(brands.map((b) => b.brandId)).size !== brands.length) {
    throw new Error('Faire sandbox: brand ids must be unique');
  }
  if (new Set(brands.map((b) => b.token)).size !== brands.length) {
    throw new Error('Faire sandbox: brand tokens must be unique');
  }
  return brands;
}

export function resolveApplications(
  overrides?: ReadonlyArray<Partial<SandboxApplicationConfig>>,
): SandboxApplicationConfig[] {
  if (!overrides || overrides.length === 0) return [{ ...DEFAULT_APPLICATION }];
  return overrides.map((a, i) => {
    if (!a.applicationId || !a.applicationSecret) {
      throw new Error(`Faire sandbox: application ${i + 1} needs applicationId and applicationSecret`);
    }
    const app: SandboxApplicationConfig = {
      applicationId: a.applicationId,
      applicationSecret: a.applicationSecret,
      name: a.name ?? DEFAULT_APPLICATION.name,
    };
    if (a.redirectUrls) app.redirectUrls = [...a.redirectUrls];
    return app;
  });
}

export function toSandboxFixtures(list: BrandFixtures[]): SandboxFixtures {
  const [brand1, brand2, brand3, brand4] = list;
  if (!brand1 || !brand2) throw new Error('Faire sandbox: fixtures need two brands');
  return { brand1, brand2, ...(brand3 ? { brand3 } : {}), ...(brand4 ? { brand4 } : {}) };
}

/**
 * Fixed order ids the seed generator produces for `seed` (ids do not depend on the clock).
 * Pass the same brand overrides as to `startSandbox` if you changed brand ids or tokens.
 */
export function sandboxFixtures(
  seed: number = DEFAULT_SEED,
  brands?: ReadonlyArray<Partial<SandboxBrandConfig>>,
): SandboxFixtures {
  return toSandboxFixtures(generateSeed(seed, resolveBrands(brands), 0).fixtures);
}

/** Fixtures of the default sandbox (seed 1, default brands). */
export const SANDBOX_FIXTURES: SandboxFixtures = sandboxFixtures();

/**
 * The seeded orders of one brand (id, or `brand1`..`brand4` by position) as the sandbox serves them at seed
 * time `now`: other sandboxes (ShipStation, Shopify) mirror them so their data names real Faire orders.
 */
export function seedOrders(
  brandRef: string = 'brand1',
  opts: { seed?: number; now?: number; brands?: ReadonlyArray<Partial<SandboxBrandConfig>> } = {},
): FaireOrder[] {
  const brands = resolveBrands(opts.brands);
  const byPosition = /^brand(\d+)$/.exec(brandRef);
  const brand = byPosition ? brands[Number(byPosition[1]) - 1] : brands.find((b) => b.brandId === brandRef);
  if (!brand) throw new Error(`Faire sandbox: unknown brand ${brandRef}`);
  const data = generateSeed(opts.seed ?? DEFAULT_SEED, brands, opts.now ?? Date.now());
  return data.records.filter((r) => r.brandId === brand.brandId).map((r) => structuredClone(r.order));
}
