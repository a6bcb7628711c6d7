import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../api/request';
import { invalidateShipmentData } from '../api/invalidate';
import { useToast } from '../notifications/toast';
import { INTEGRATIONS_QUERY_KEY, invalidateIntegrations } from './api';
import { rowCount } from './format';
import { outcomeToast } from './outcome';
import { useIntegrationsActions } from './provider';
import type { SourceKind, WaitingItem } from './types';

/** Under the connections' key, so whatever reads the connections again reads these too. */
export const WAITING_QUERY_KEY = [...INTEGRATIONS_QUERY_KEY, 'waiting'] as const;
/** History reads the waiting items this often while it is open (new ones arrive by themselves). */
export const WAITING_POLL_MS = 5_000;

/**
 * When to read the waiting items again: every WAITING_POLL_MS while none waits, and right after the next
 * one's send time otherwise, so an item leaves the list as it goes.
 */
export function nextWaitingPoll(items: WaitingItem[] | undefined, now = Date.now()): number {
  const next = (items ?? []).map((i) => Date.parse(i.sendAt)).filter((t) => Number.isFinite(t));
  if (next.length === 0) return WAITING_POLL_MS;
  return Math.min(WAITING_POLL_MS, Math.max(1_000, Math.min(...next) - now + 1_000));
}

/** `GET /api/integrations/waiting`: the items in their grace period, soonest first. */
export function useWaitingItems(enabled: boolean) {
  const dataProvider = useIntegrationsActions();
  return useQuery({
    queryKey: WAITING_QUERY_KEY,
    queryFn: async () =>
      (await dataProvider.getWaitingItems()).items
        .slice()
        .sort((a, b) => Date.parse(a.sendAt) - Date.parse(b.sendAt)),
    enabled,
    refetchInterval: (q) => nextWaitingPoll(q.state.data),
  });
}

const kindsOf = (items: WaitingItem[]): SourceKind[] => items.map((i) => i.source);

/** "Send now": the items are decided at once; one toast counts what happened to them. */
export function useSendWaitingNow() {
  const queryClient = useQueryClient();
  const dataProvider = useIntegrationsActions();
  const toast = useToast();
  return useMutation({
    mutationFn: (items: WaitingItem[]) => dataProvider.sendWaitingNow(items.map((i) => i.id)),
    onSuccess: (res, items) => toast(outcomeToast(res, kindsOf(items))),
    onError: (err) => toast({ title: 'Send failed', description: errorMessage(err), variant: 'destructive' }),
    onSettled: () => Promise.all([invalidateIntegrations(queryClient), invalidateShipmentData(queryClient)]),
  });
}

/** "Don't send": the items never reach Faire. */
export function useDontSendWaiting() {
  const queryClient = useQueryClient();
  const dataProvider = useIntegrationsActions();
  const toast = useToast();
  return useMutation({
    mutationFn: (items: WaitingItem[]) => dataProvider.dontSendWaiting(items.map((i) => i.id)),
    onSuccess: (res, items) =>
      toast({
        title: `${rowCount(res.dismissed, kindsOf(items))} not sent`,
        description: res.dismissed === 1 ? 'It will not reach Faire.' : 'They will not reach Faire.',
        variant: 'success',
      }),
    onError: (err) => toast({ title: 'Failed', description: errorMessage(err), variant: 'destructive' }),
    onSettled: () => invalidateIntegrations(queryClient),
  });
}
