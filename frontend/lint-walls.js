// The frontend's walls, checked by import-x on resolved paths (root eslint.config.js loads this file).
// A folder under frontend/src is a feature unless it is listed in FOUNDATION; docs/architecture.md
// ("Frontend") and decision 0054 say why each wall is there. frontend/src/lintWalls.test.ts shows each
// rule failing on a deliberate breach.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const SRC = join(import.meta.dirname, 'src');
const REL = 'frontend/src';

/**
 * What every screen stands on: data access, session and roles, layout, shared widgets, theme, and the
 * source connectors' registry (a source's name, words and forms, read by History as by Settings).
 */
export const FOUNDATION = [
  'api',
  'auth',
  'connectors',
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

/**
 * The foundation folders that import no feature. `test/` is foundation too, but its helpers build the
 * features' fixtures and it is linted as tests are (tests may reach into what they test).
 */
export const WALLED_FOUNDATION = FOUNDATION.filter((f) => f !== 'test');

export const foundationWall = {
  target: WALLED_FOUNDATION.map((f) => `${REL}/${f}`),
  from: FEATURES.map((f) => `${REL}/${f}`),
  message:
    'A foundation folder (api, auth, connectors, layout, money, shared, theme, ...) is used by features and imports none of them.',
};

export const frontendWalls = [
  foundationWall,
  // Another folder (or a root file: App.tsx, dataProvider.ts) reaches a feature through its index.ts;
  // its screens (*Page.tsx, *Tab.tsx) stay reachable on their own, because the router and the portal's
  // tabs load each one as its own chunk.
  ...FEATURES.map((name) => ({
    target: [...FOLDERS.filter((f) => f !== name).map((f) => `${REL}/${f}`), `${REL}/*.{ts,tsx}`],
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

/**
 * Text sizes come from the theme (theme/typography.ts: fontSizes, and iconSizes for icons): no number
 * (`fontSize: 13`, `'13px'`, `'0.8rem'`, in a breakpoint object or a condition too) outside theme/.
 */
const FONT_SIZE_MESSAGE =
  'Use a size of the theme (theme/typography.ts: fontSizes, iconSizes) instead of a number.';
export const noInlineFontSizes = [
  {
    selector:
      "Property[key.name='fontSize'] Literal[raw=/^(?:\\d|\\.\\d|['\"][\\d.]+(?:px|rem|em|pt)?['\"]$)/]",
    message: FONT_SIZE_MESSAGE,
  },
  {
    selector: "JSXAttribute[name.name='fontSize'] > JSXExpressionContainer Literal[raw=/^(?:\\d|\\.\\d)/]",
    message: FONT_SIZE_MESSAGE,
  },
];

/** One `no-restricted-syntax` setting for frontend sources: a later one would replace an earlier one. */
export const frontendRestrictedSyntax = ['error', ...noLiteralColours.slice(1), ...noInlineFontSizes];
