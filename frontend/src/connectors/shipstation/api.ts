import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActions } from '../../api/compose';
import { invalidateIntegrations } from '../../api/invalidate';
import { apiRequest } from '../../api/request';
import type { Schema } from '../../api/schema';
import { useToast } from '../../notifications/toast';

export const shipStationActions = {
  /** Checks the key pair with ShipStation before saving it; a wrong pair is a 4xx with a message. */
  connectShipStation: (input: { apiKey: string; apiSecret: string }) =>
    apiRequest<Schema<'SourceConnectionView'>>('POST', '/api/integrations/shipstation', input),
  /** Turns store mode on, or makes its credentials anew: the password is in this answer only. */
  turnOnShipStationStore: () =>
    apiRequest<Schema<'StoreCredentialsView'>>('POST', '/api/integrations/shipstation/store'),
  turnOffShipStationStore: () =>
    apiRequest<Schema<'OkView'>>('DELETE', '/api/integrations/shipstation/store'),
};

/** Store mode on or anew (`regenerate`), and off; the card reads the connection again after each. */
export function useStoreMode() {
  const queryClient = useQueryClient();
  const dataProvider = useActions<typeof shipStationActions>();
  const toast = useToast();
  const on = useMutation({
    mutationFn: () => dataProvider.turnOnShipStationStore(),
    // The password is not kept in the mutation cache once the dialog closes.
    gcTime: 0,
    onSuccess: async () => {
      await invalidateIntegrations(queryClient);
    },
  });
  const off = useMutation({
    mutationFn: () => dataProvider.turnOffShipStationStore(),
    onSuccess: async () => {
      toast({ title: 'Store mode turned off', variant: 'success' });
      await invalidateIntegrations(queryClient);
    },
  });
  return { on, off };
}

/**
 * Connects ShipStation with a pasted key pair; `again` when a disconnected connection is connected
 * again (it resumes with its settings). A wrong pair is not a toast: the form shows the server's
 * message where the pair was typed (the mutation's `error`).
 */
export function useConnectShipStation(again = false) {
  const queryClient = useQueryClient();
  const dataProvider = useActions<typeof shipStationActions>();
  const toast = useToast();
  return useMutation({
    mutationFn: (input: { apiKey: string; apiSecret: string }) => dataProvider.connectShipStation(input),
    // The key pair is not kept in the mutation cache once the call is over.
    gcTime: 0,
    onSuccess: async () => {
      toast(
        again
          ? {
              title: 'ShipStation connected again',
              description: 'It resumes with the settings it had.',
              variant: 'success',
            }
          : { title: 'ShipStation connected', variant: 'success' },
      );
      await invalidateIntegrations(queryClient);
    },
  });
}
