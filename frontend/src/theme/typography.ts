/** px as rem, the unit the theme's typography is written in (16px = 1rem, the browser's default). */
const rem = (px: number) => `${px / 16}rem`;

/**
 * The portal's text sizes, smallest first: every `fontSize` outside theme/ is one of these (the lint
 * refuses a number). The names say where each is used; the values are the ones the screens were drawn
 * with, so nothing moved when the numbers were replaced. The theme's headings (h1-h3) are in theme.ts.
 */
export const fontSizes = {
  /** 11px: section headers of the sidebar, small capitals above a value. */
  micro: rem(11),
  /** 11.5px: a source's tag, a field's label above its value in a phone card. */
  tag: rem(11.5),
  /** 12px: captions, hints under a field, small chips and badges. */
  caption: rem(12),
  /** 12.5px: secondary lines in lists and cards, table head cells. */
  small: rem(12.5),
  /** 13px: dense body text: table cells, detail lines, alerts' text. */
  compact: rem(13),
  /** 13.5px: the quieter cells of the order and shipment tables. */
  cell: rem(13.5),
  /** 14px: body text of cards and dialogs, the sidebar's entries. */
  body: rem(14),
  /** 15px: a card's or a phone row's emphasised line. */
  emphasis: rem(15),
  /** 16px: a lead line, a panel's title. */
  lead: rem(16),
  /** 17px: a card's headline. */
  subtitle: rem(17),
  /** 18px: a dialog's or a section's title. */
  title: rem(18),
  /** 20px: a big figure beside its label, a dialog's title on wide screens. */
  heading: rem(20),
  /** 24px: a headline figure (system status). */
  figure: rem(24),
  /** 25.6px: the sign-in screen's title on a phone. */
  welcomeCompact: '1.6rem',
  /** 29.6px: the sign-in screen's title. */
  welcome: '1.85rem',
  /** 34px: the sign-in screen's tagline. */
  tagline: rem(34),
  /** 36px: a dashboard tile's number. */
  stat: '2.25rem',
} as const;

/**
 * Icon sizes (an icon's `fontSize` is its size), smallest first: the ones beside text follow the text's
 * size; the large ones stand alone above an empty or a finished state.
 */
export const iconSizes = {
  /** 13px: beside a source's tag. */
  tag: rem(13),
  /** 14px: in a small chip. */
  chip: rem(14),
  /** 15px: beside a file's name in a source label. */
  small: rem(15),
  /** 16px: beside body text, in chips and links. */
  inline: rem(16),
  /** 18px: in buttons and beside titles. */
  medium: rem(18),
  /** 20px: beside a card's title. */
  large: rem(20),
  /** 30px: the invitation screen's round status mark. */
  step: rem(30),
  /** 32px: the upload drop zone. */
  drop: rem(32),
  /** 40px: the server-unavailable screen. */
  notice: rem(40),
  /** 44px: an empty list's or a finished state's icon. */
  empty: rem(44),
  /** 48px: a connection made. */
  done: rem(48),
  /** 64px: the not-found screen. */
  hero: rem(64),
} as const;
