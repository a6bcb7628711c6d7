import type { ToastInput } from '../notifications/toast';
import { clockTime, rowCount, undoneWords } from './format';
import type { ReceivedToday, SendOutcome, SourceKind } from './types';

type Kinds = ReadonlyArray<SourceKind | null | undefined>;

/**
 * What sending items did, as one toast: each outcome counted once, the first with the items' word
 * ("3 labels sent to Faire · 1 already on Faire · 1 still needs you"). A repeat of a shipment already
 * on the order is "already on Faire", never "sent".
 */
export function outcomeToast(res: Partial<SendOutcome>, kinds: Kinds = []): ToastInput {
  const stillHeld = res.stillHeld ?? [];
  const still = Math.max(stillHeld.length, res.held ?? 0);
  const sent = res.sent ?? 0;
  const already = res.alreadyOnFaire ?? 0;
  const counted: Array<[number, string]> = [
    [sent, 'sent to Faire'],
    [already, 'already on Faire'],
    [still, still === 1 ? 'still needs you' : 'still need you'],
    [res.voided ?? 0, `${undoneWords(kinds)} before sending`],
    [res.dropped ?? 0, 'not sent: the order is closed'],
  ];
  const parts = counted
    .filter(([n]) => n > 0)
    .map(([n, words], i) => `${i === 0 ? rowCount(n, kinds) : n.toLocaleString('en-US')} ${words}`);
  if (parts.length === 0) {
    return { title: 'Nothing sent yet', description: 'Each one shows where it is now.' };
  }
  const description =
    still === 0
      ? undefined
      : still === 1 && stillHeld[0]?.reasonText
        ? stillHeld[0].reasonText
        : 'Each one says why in Needs attention.';
  const variant = still > 0 ? (sent + already > 0 ? 'default' : 'destructive') : 'success';
  return { title: parts.join(' · '), ...(description ? { description } : {}), variant };
}

/** One part of a connection's day in words; `to` is where it is looked at. */
export interface ReceivedPart {
  text: string;
  to?: 'attention' | 'history';
}

/**
 * A connection's items of today by state, for its card: "8 labels received today · sending at 11:53 PM",
 * "4 labels received today · 3 sent · 1 waits for you". Nothing when none came today.
 */
export function receivedParts(received: ReceivedToday | undefined, kind: SourceKind): ReceivedPart[] {
  if (!received || received.total === 0) return [];
  const { total, waiting, sent, alreadyOnFaire, held, voided, nextSendAt } = received;
  const parts: ReceivedPart[] = [{ text: `${rowCount(total, [kind])} received today` }];
  if (sent > 0) parts.push({ text: `${sent.toLocaleString('en-US')} sent` });
  if (alreadyOnFaire > 0) parts.push({ text: `${alreadyOnFaire.toLocaleString('en-US')} already on Faire` });
  if (held > 0) {
    parts.push({
      text: `${held.toLocaleString('en-US')} ${held === 1 ? 'waits' : 'wait'} for you`,
      to: 'attention',
    });
  }
  if (voided > 0) parts.push({ text: `${voided.toLocaleString('en-US')} ${undoneWords([kind])}` });
  if (waiting > 0) {
    const at = nextSendAt ? clockTime(nextSendAt) : null;
    const text =
      waiting === total
        ? at
          ? `sending at ${at}`
          : 'waiting to be sent'
        : `${waiting.toLocaleString('en-US')} waiting${at ? `, next at ${at}` : ''}`;
    parts.push({ text, to: 'history' });
  }
  return parts;
}
