import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIntegrationsActions } from './provider';
import { errorMessage } from '../api/request';
import { useToast } from '../notifications/toast';
import { INTEGRATIONS_QUERY_KEY, invalidateIntegrations, invalidateShipmentData } from '../api/invalidate';
import { rowCount, sourceName } from './format';
import { outcomeToast } from './outcome';
import type {
  ConnectionPatch,
  CostRuleInput,
  IntegrationsView,
  SendHeldInput,
  SourceConnection,
  SourceKind,
} from './types';

export { ATTENTION_QUERY_KEY, INTEGRATIONS_QUERY_KEY, invalidateIntegrations } from '../api/invalidate';
/** The card and the dashboard count read the connections again this often (a sync runs by itself). */
export const INTEGRATIONS_POLL_MS = 30_000;

/**
 * When to read the connections again: every INTEGRATIONS_POLL_MS, and sooner, right after the next
 * waiting item's send time, so the card's counts move when the items go.
 */
export function nextIntegrationsPoll(view: IntegrationsView | undefined, now = Date.now()): number {
  const next = (view?.connections ?? [])
    .map((c) => (c.received?.waiting ? Date.parse(c.received.nextSendAt ?? '') : NaN))
    .filter((t) => Number.isFinite(t))
    .reduce((a, b) => Math.min(a, b), Infinity);
  if (!Number.isFinite(next)) return INTEGRATIONS_POLL_MS;
  return Math.min(INTEGRATIONS_POLL_MS, Math.max(2_000, next - now + 2_000));
}

/** `GET /api/integrations`: the company's source connections and the kinds it can connect. */
export function useIntegrations(enabled = true) {
  const dataProvider = useIntegrationsActions();
  return useQuery({
    queryKey: INTEGRATIONS_QUERY_KEY,
    queryFn: () => dataProvider.getIntegrations(),
    enabled,
    refetchInterval: (q) => nextIntegrationsPoll(q.state.data),
  });
}

/** Pause or resume, the mode, and whether a NEW order is accepted when a label is printed. */
export function useUpdateIntegration() {
  const queryClient = useQueryClient();
  const dataProvider = useIntegrationsActions();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ connection, patch }: { connection: SourceConnection; patch: ConnectionPatch }) =>
      dataProvider.updateIntegration(connection.id, patch),
    onSuccess: (_saved, { connection, patch }) => {
      const name = sourceName(connection.kind);
      const title =
        patch.paused === true
          ? `${name} paused`
          : patch.paused === false
            ? `${name} resumed`
            : `${name} settings saved`;
      toast({ title, variant: 'success' });
    },
    onError: (err) =>
      toast({ title: 'Update failed', description: errorMessage(err), variant: 'destructive' }),
    onSettled: () => invalidateIntegrations(queryClient),
  });
}

/**
 * Saves a connection's cost rule. A refused rule is not a toast: the editor shows the server's message
 * where the rule was typed (the mutation's `error`).
 */
export function useSaveCostRule() {
  const queryClient = useQueryClient();
  const dataProvider = useIntegrationsActions();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ connection, costRule }: { connection: SourceConnection; costRule: CostRuleInput }) =>
      dataProvider.updateIntegration(connection.id, { costRule }),
    onSuccess: async (_saved, { connection }) => {
      toast({ title: `${sourceName(connection.kind)} cost rule saved`, variant: 'success' });
      await invalidateIntegrations(queryClient);
    },
  });
}

export function useDisconnectIntegration() {
  const queryClient = useQueryClient();
  const dataProvider = useIntegrationsActions();
  const toast = useToast();
  return useMutation({
    mutationFn: (connection: SourceConnection) => dataProvider.disconnectIntegration(connection.id),
    onSuccess: (_r, connection) =>
      toast({ title: `${sourceName(connection.kind)} disconnected`, variant: 'success' }),
    onError: (err) =>
      toast({ title: 'Disconnect failed', description: errorMessage(err), variant: 'destructive' }),
    onSettled: () => invalidateIntegrations(queryClient),
  });
}

/**
 * Sends held labels to Faire in one call (one with its order and cost picked, or many as they are, at
 * the cost their rule gives); `kinds`, the sources of the rows, name them in the one toast that counts
 * each outcome (a Shopify row is a fulfilment).
 */
export function useSendHeld(kinds: ReadonlyArray<SourceKind> = []) {
  const queryClient = useQueryClient();
  const dataProvider = useIntegrationsActions();
  const toast = useToast();
  return useMutation({
    mutationFn: (input: SendHeldInput) => dataProvider.sendHeldLabels(input),
    // An item still lacking something stays in the list, and the toast says why.
    onSuccess: (res) => toast(outcomeToast(res, kinds)),
    onError: (err) => toast({ title: 'Send failed', description: errorMessage(err), variant: 'destructive' }),
    onSettled: () => Promise.all([invalidateIntegrations(queryClient), invalidateShipmentData(queryClient)]),
  });
}

export function useDismissHeld(kinds: ReadonlyArray<SourceKind> = []) {
  const labels = (n: number) => rowCount(n, kinds);
  const queryClient = useQueryClient();
  const dataProvider = useIntegrationsActions();
  const toast = useToast();
  return useMutation({
    mutationFn: (ids: string[]) => dataProvider.dismissHeldLabels(ids),
    onSuccess: (res, ids) =>
      toast({ title: `${labels(res?.dismissed ?? ids.length)} dismissed`, variant: 'success' }),
    onError: (err) =>
      toast({ title: 'Dismiss failed', description: errorMessage(err), variant: 'destructive' }),
    onSettled: () => invalidateIntegrations(queryClient),
  });
}
