import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useIntegrationsActions } from './provider';
import { errorMessage } from '../api/request';
import { useToast } from '../notifications/toast';
import { invalidateShipmentData } from '../api/invalidate';
import { rowCount, sourceName } from './format';
import type { ConnectionPatch, CostRuleInput, SendHeldInput, SourceConnection, SourceKind } from './types';

export const INTEGRATIONS_QUERY_KEY = ['integrations'] as const;
/** Prefix of the held labels' list queries (react-admin keys its queries by resource). */
export const ATTENTION_QUERY_KEY = ['attention'] as const;
/** The card and the dashboard count read the connections again this often (a sync runs by itself). */
export const INTEGRATIONS_POLL_MS = 30_000;

/** `GET /api/integrations`: the company's source connections and the kinds it can connect. */
export function useIntegrations(enabled = true) {
  const dataProvider = useIntegrationsActions();
  return useQuery({
    queryKey: INTEGRATIONS_QUERY_KEY,
    queryFn: () => dataProvider.getIntegrations(),
    enabled,
    refetchInterval: INTEGRATIONS_POLL_MS,
  });
}

function invalidateIntegrations(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: INTEGRATIONS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ATTENTION_QUERY_KEY }),
  ]);
}

/**
 * Connects ShipStation with a pasted key pair. A wrong pair is not a toast: the form shows the
 * server's message where the pair was typed (the mutation's `error`).
 */
export function useConnectShipStation() {
  const queryClient = useQueryClient();
  const dataProvider = useIntegrationsActions();
  const toast = useToast();
  return useMutation({
    mutationFn: (input: { apiKey: string; apiSecret: string }) => dataProvider.connectShipStation(input),
    // The key pair is not kept in the mutation cache once the call is over.
    gcTime: 0,
    onSuccess: async () => {
      toast({ title: 'ShipStation connected', variant: 'success' });
      await invalidateIntegrations(queryClient);
    },
  });
}

/** Starts connecting a Shopify shop; the browser then goes to Shopify to approve the app. */
export function useConnectShopify() {
  const dataProvider = useIntegrationsActions();
  return useMutation({
    mutationFn: (input: { shop: string }) => dataProvider.connectShopify(input),
    onSuccess: ({ authorizeUrl }) => {
      globalThis.location.assign(authorizeUrl);
    },
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
 * Sends held labels to Faire (one with its order and cost picked, or several as they are); `kinds`, the
 * sources of the rows, name them in the toasts (a Shopify row is a fulfilment).
 */
export function useSendHeld(kinds: ReadonlyArray<SourceKind> = []) {
  const labels = (n: number) => rowCount(n, kinds);
  const queryClient = useQueryClient();
  const dataProvider = useIntegrationsActions();
  const toast = useToast();
  return useMutation({
    mutationFn: (input: SendHeldInput) => dataProvider.sendHeldLabels(input),
    onSuccess: (res) => {
      const still = res.stillHeld ?? [];
      if (res.sent > 0) toast({ title: `${labels(res.sent)} sent to Faire`, variant: 'success' });
      // A label still lacking something stays in the list, and the toast says why.
      if (still.length > 0) {
        toast({
          title: `${labels(still.length)} still held`,
          description: still.length === 1 ? still[0]?.reasonText : 'Each one says why in the list.',
          variant: 'destructive',
        });
      }
    },
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
