/**
 * A name or message put before a sentence's full stop, without a full stop of its own, so the sentence
 * ends with exactly one: 'Juniper & Pine Candle Co.' + '.' reads 'Juniper & Pine Candle Co.', not
 * 'Co..'.
 */
export function beforeFullStop(text: string): string {
  return text.replace(/\s*\.+\s*$/, '');
}
