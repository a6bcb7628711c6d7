import { useMutation } from '@tanstack/react-query';
import { useActions } from '../../api/compose';
import { apiRequest } from '../../api/request';

export const shopifyActions = {
  /** Starts connecting a Shopify shop: the Shopify page where the admin approves the app. */
  connectShopify: (input: { shop: string }) =>
    apiRequest<{ authorizeUrl: string }>('POST', '/api/integrations/shopify', input),
};

/** Starts connecting a Shopify shop; the browser then goes to Shopify to approve the app. */
export function useConnectShopify() {
  const dataProvider = useActions<typeof shopifyActions>();
  return useMutation({
    mutationFn: (input: { shop: string }) => dataProvider.connectShopify(input),
    onSuccess: ({ authorizeUrl }) => {
      globalThis.location.assign(authorizeUrl);
    },
  });
}
