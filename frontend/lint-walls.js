// The frontend's walls, checked by import-x on resolved paths (root eslint.config.js loads this file).
// A folder under frontend/src is a feature unless it is listed in FOUNDATION; docs/architecture.md
// ("Frontend") and decision 0054 say why each wall is there.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const SRC = join(import.meta.dirname, 'src');
const REL = 'frontend/src';

/** What every screen stands on: data access, session and roles, layout, shared widgets, theme. */
export const FOUNDATION = [
  'api',
  'auth',
  'layout',
  'money',
  'notifications',
  'pages',
  'shared',
  'test',
  'text',
  'theme',
];
export const FEATURES = readdirSync(SRC, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !FOUNDATION.includes(d.name))
  .map((d) => d.name);
const FOLDERS = [...FOUNDATION, ...FEATURES];

export const apiWall = {
  target: `${REL}/api`,
  from: FEATURES.map((f) => `${REL}/${f}`),
  message: 'api/ is the data layer under every feature and imports none of them.',
};

export const frontendWalls = [
  apiWall,
  {
    target: [`${REL}/shared`, `${REL}/theme`],
    from: FEATURES.map((f) => `${REL}/${f}`),
    message: 'shared/ and theme/ are used by features and import none of them.',
  },
  // Another folder reaches a feature through its index.ts; its screens (*Page.tsx, *Tab.tsx) stay
  // reachable on their own, because the router and the portal's tabs load each one as its own chunk.
  ...FEATURES.map((name) => ({
    target: FOLDERS.filter((f) => f !== name).map((f) => `${REL}/${f}`),
    from: `${REL}/${name}/**`,
    except: [join(SRC, name, '{index.ts,*Page.tsx,*Tab.tsx}')],
    message: `Import ${name}/ only through its index.ts (or a screen, *Page.tsx / *Tab.tsx, to load it lazily).`,
  })),
];

/** Colours are theme tokens (theme/tokens.ts): no `#hex` or `rgb()` literal outside theme/. */
export const noLiteralColours = [
  'error',
  {
    selector: 'Literal[value=/^#[0-9a-fA-F]{3,8}$|rgba?\\(/]',
    message: 'Use a theme token (theme/tokens.ts: colors, tint) or the palette instead of a literal colour.',
  },
  {
    selector: 'TemplateElement[value.raw=/#[0-9a-fA-F]{3,8}\\b|rgba?\\(/]',
    message: 'Use a theme token (theme/tokens.ts: colors, tint) or the palette instead of a literal colour.',
  },
];
